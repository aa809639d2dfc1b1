package nflverse_test

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/nflverse"
)

// nflTeams are the league's teams keyed by nflverse's codes, as the store keeps them (LA is the Rams).
var nflTeams = func() map[string]*squares.Team {
	m := map[string]*squares.Team{}
	for _, t := range []struct{ code, name, color string }{
		{"ARI", "Arizona Cardinals", "#97233F"}, {"ATL", "Atlanta Falcons", "#A71930"},
		{"BAL", "Baltimore Ravens", "#241773"}, {"BUF", "Buffalo Bills", "#00338D"},
		{"CAR", "Carolina Panthers", "#0085CA"}, {"CHI", "Chicago Bears", "#0B162A"},
		{"CIN", "Cincinnati Bengals", "#FB4F14"}, {"CLE", "Cleveland Browns", "#311D00"},
		{"DAL", "Dallas Cowboys", "#003594"}, {"DEN", "Denver Broncos", "#FB4F14"},
		{"DET", "Detroit Lions", "#0076B6"}, {"GB", "Green Bay Packers", "#203731"},
		{"HOU", "Houston Texans", "#03202F"}, {"IND", "Indianapolis Colts", "#002C5F"},
		{"JAX", "Jacksonville Jaguars", "#006778"}, {"KC", "Kansas City Chiefs", "#E31837"},
		{"LV", "Las Vegas Raiders", "#000000"}, {"LAC", "Los Angeles Chargers", "#0080C6"},
		{"LA", "Los Angeles Rams", "#003594"}, {"MIA", "Miami Dolphins", "#008E97"},
		{"MIN", "Minnesota Vikings", "#4F2683"}, {"NE", "New England Patriots", "#002244"},
		{"NO", "New Orleans Saints", "#D3BC8D"}, {"NYG", "New York Giants", "#0B2265"},
		{"NYJ", "New York Jets", "#125740"}, {"PHI", "Philadelphia Eagles", "#004C54"},
		{"PIT", "Pittsburgh Steelers", "#FFB612"}, {"SF", "San Francisco 49ers", "#AA0000"},
		{"SEA", "Seattle Seahawks", "#002244"}, {"TB", "Tampa Bay Buccaneers", "#D50A0A"},
		{"TEN", "Tennessee Titans", "#0C2340"}, {"WAS", "Washington Commanders", "#5A1414"},
	} {
		m[t.code] = &squares.Team{LeagueID: squares.LeagueNFL, Name: t.name, Code: t.code, PrimaryColor: t.color}
	}
	return m
}()

func readSchedule(t *testing.T) []*squares.Game {
	t.Helper()
	f, err := os.Open("testdata/nfl-2025-schedule.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := nflverse.Read(f, squares.LeagueNFL, nflTeams)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return games
}

func TestReadSchedule(t *testing.T) {
	games := readSchedule(t)
	if len(games) != 272 {
		t.Fatalf("%d games, want 272", len(games))
	}
	perWeek := map[string]int{}
	ids := map[string]bool{}
	completed := 0
	for _, g := range games {
		perWeek[g.Week]++
		if ids[g.ExternalID] {
			t.Errorf("game %s read twice", g.ExternalID)
		}
		ids[g.ExternalID] = true
		if g.LeagueID != squares.LeagueNFL || g.Season != 2025 {
			t.Errorf("game %s: league %d season %d", g.ExternalID, g.LeagueID, g.Season)
		}
		if g.HomeTeam == "" || g.AwayTeam == "" || g.HomeTeam == g.AwayTeam || g.Venue == "" || g.ESPNID == "" {
			t.Errorf("game %s: %+v", g.ExternalID, g)
		}
		if g.GameDate.Location() != time.UTC {
			t.Errorf("game %s kicks off in %v, want UTC", g.ExternalID, g.GameDate.Location())
		}
		// Each game validates as an admin-created one would.
		c := *g
		if err := c.Validate(); err != nil {
			t.Errorf("game %s does not validate: %v", g.ExternalID, err)
		}
		switch g.Status {
		case squares.GameCompleted:
			completed++
			if g.HomeScore == nil || g.AwayScore == nil || g.HomePeriod[3] == nil || *g.HomePeriod[3] != *g.HomeScore ||
				g.AwayPeriod[3] == nil || *g.AwayPeriod[3] != *g.AwayScore || (g.Quarter != 4 && g.Quarter != 5) {
				t.Errorf("completed game %s: scores %v-%v quarter %d", g.ExternalID, g.HomeScore, g.AwayScore, g.Quarter)
			}
		case squares.GameScheduled:
			if g.HomeScore != nil || g.AwayScore != nil || g.Quarter != 0 {
				t.Errorf("unplayed game %s has a score", g.ExternalID)
			}
		default:
			t.Errorf("game %s: status %q", g.ExternalID, g.Status)
		}
	}
	if len(perWeek) != 18 {
		t.Errorf("weeks = %v, want W1 to W18", perWeek)
	}
	for w := 1; w <= 18; w++ {
		if n := perWeek["W"+strconv.Itoa(w)]; n < 13 || n > 16 {
			t.Errorf("week W%d has %d games", w, n)
		}
	}
	// The stored file has the results of the games played when it was taken.
	if completed != 207 {
		t.Errorf("%d completed games, want 207", completed)
	}

	byID := map[string]*squares.Game{}
	for _, g := range games {
		byID[g.ExternalID] = g
	}
	// The season opener: Thursday 4 September 2025, 20:20 in Philadelphia (EDT) is 00:20 UTC on the 5th.
	g := byID["2025_01_DAL_PHI"]
	if g == nil {
		t.Fatal("no 2025_01_DAL_PHI")
	}
	if want := time.Date(2025, 9, 5, 0, 20, 0, 0, time.UTC); !g.GameDate.Equal(want) {
		t.Errorf("2025_01_DAL_PHI kicks off %v, want %v", g.GameDate, want)
	}
	if g.HomeTeam != "Philadelphia Eagles" || g.AwayTeam != "Dallas Cowboys" || g.Week != "W1" ||
		g.HomeTeamColor != "#004C54" || g.AwayTeamColor != "#003594" || g.Venue != "Lincoln Financial Field" ||
		g.ESPNID != "401772510" || g.Status != squares.GameCompleted || *g.HomeScore != 24 || *g.AwayScore != 20 || g.Quarter != 4 {
		t.Errorf("2025_01_DAL_PHI = %+v", g)
	}
	// nflverse's LA is the Rams.
	if g := byID["2025_01_HOU_LA"]; g == nil || g.HomeTeam != "Los Angeles Rams" || g.AwayTeam != "Houston Texans" {
		t.Errorf("2025_01_HOU_LA = %+v", g)
	}
	if g := byID["2025_01_KC_LAC"]; g == nil || g.HomeTeam != "Los Angeles Chargers" {
		t.Errorf("2025_01_KC_LAC = %+v", g)
	}
	// Overtime counts in the final: the quarter is 5.
	if g := byID["2025_02_NYG_DAL"]; g == nil || g.Quarter != 5 || *g.HomeScore != 40 || *g.AwayScore != 37 {
		t.Errorf("2025_02_NYG_DAL (overtime) = %+v", g)
	}
	// An unplayed game: 20:15 on Monday 8 December 2025 (EST) is 01:15 UTC on the 9th.
	g = byID["2025_14_PHI_LAC"]
	if g == nil || g.Status != squares.GameScheduled || g.HomeScore != nil || g.Week != "W14" ||
		!g.GameDate.Equal(time.Date(2025, 12, 9, 1, 15, 0, 0, time.UTC)) {
		t.Errorf("2025_14_PHI_LAC = %+v", g)
	}
	if g := byID["2025_18_CAR_TB"]; g == nil || g.Week != "W18" || !g.GameDate.Equal(time.Date(2026, 1, 4, 18, 0, 0, 0, time.UTC)) {
		t.Errorf("2025_18_CAR_TB = %+v", g)
	}
}

const header = "game_id,season,game_type,week,gameday,weekday,gametime,away_team,away_score,home_team,home_score,overtime,location,stadium,espn\n"

func TestReadErrors(t *testing.T) {
	good := "2025_01_DAL_PHI,2025,REG,1,2025-09-04,Thursday,20:20,DAL,20,PHI,24,0,Home,Lincoln Financial Field,401772510\n"
	for _, tc := range []struct {
		name, csv, want string
	}{
		{"unknown home team", header + good + "2025_01_X_Y,2025,REG,1,2025-09-07,Sunday,13:00,DAL,,XYZ,,,Home,Somewhere,1\n",
			`line 3: game 2025_01_X_Y: unknown home team "XYZ"`},
		{"unknown away team", header + "2025_01_X_Y,2025,REG,1,2025-09-07,Sunday,13:00,STL,,PHI,,,Home,Somewhere,1\n",
			`line 2: game 2025_01_X_Y: unknown away team "STL"`},
		{"bad time", header + good + good + "2025_02_A_B,2025,REG,2,2025-09-14,Sunday,1pm,DAL,,PHI,,,Home,x,1\n",
			"line 4: game 2025_02_A_B: kickoff"},
		{"bad date", header + "2025_02_A_B,2025,REG,2,2025-02-30,Sunday,13:00,DAL,,PHI,,,Home,x,1\n",
			"line 2: game 2025_02_A_B: kickoff"},
		{"bad week", header + "2025_19_A_B,2025,REG,19,2025-09-14,Sunday,13:00,DAL,,PHI,,,Home,x,1\n",
			`line 2: game 2025_19_A_B: regular-season week "19" is not 1 to 18`},
		{"bad season", header + "2025_02_A_B,twenty,REG,2,2025-09-14,Sunday,13:00,DAL,,PHI,,,Home,x,1\n",
			"line 2: game 2025_02_A_B: season"},
		{"bad score", header + "2025_02_A_B,2025,REG,2,2025-09-14,Sunday,13:00,DAL,x,PHI,3,,Home,x,1\n",
			"line 2: game 2025_02_A_B: scores"},
		{"no game id", header + ",2025,REG,2,2025-09-14,Sunday,13:00,DAL,,PHI,,,Home,x,1\n",
			"line 2: empty game_id"},
		{"missing column", strings.Replace(header, "gametime,", "", 1), `schedule has no "gametime" column`},
		{"short line", header + good + "2025_02_A_B,2025,REG\n", "line 3:"},
		{"empty file", "", "read header"},
	} {
		_, err := nflverse.Read(strings.NewReader(tc.csv), squares.LeagueNFL, nflTeams)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}

	// Columns may come in any order, with a byte-order mark, and extra columns are ignored.
	reordered := "\ufeffhome_team,away_team,game_id,season,game_type,week,gameday,gametime,extra\n" +
		"LA,SF,2025_05_SF_LA,2025,REG,5,2025-10-02,20:15,x\n"
	games, err := nflverse.Read(strings.NewReader(reordered), squares.LeagueNFL, nflTeams)
	if err != nil || len(games) != 1 || games[0].HomeTeam != "Los Angeles Rams" || games[0].AwayTeam != "San Francisco 49ers" ||
		!games[0].GameDate.Equal(time.Date(2025, 10, 3, 0, 15, 0, 0, time.UTC)) || games[0].Status != squares.GameScheduled {
		t.Errorf("reordered columns: %v, %+v", err, games)
	}
}

func TestWeekCode(t *testing.T) {
	for _, tc := range []struct{ gameType, week, want string }{
		{"REG", "1", "W1"}, {"REG", "18", "W18"}, {"reg", "9", "W9"}, {"PRE", "0", "HOF"}, {"PRE", "1", "PS1"},
		{"PRE", "4", "PS4"}, {"HOF", "", "HOF"}, {"WC", "19", "WC"}, {"DIV", "20", "DIV"}, {"CON", "21", "CONF"},
		{"CONF", "21", "CONF"}, {"SB", "22", "SB"},
	} {
		if got, err := nflverse.WeekCode(tc.gameType, tc.week); err != nil || got != tc.want {
			t.Errorf("WeekCode(%q, %q) = %q, %v; want %q", tc.gameType, tc.week, got, err, tc.want)
		}
		// Every code the reader makes is a week the product accepts.
		if got, _ := nflverse.WeekCode(tc.gameType, tc.week); got != "" {
			if _, err := squares.NormalizeWeek(squares.LeagueNFL, got); err != nil {
				t.Errorf("week code %q is not an NFL week: %v", got, err)
			}
		}
	}
	for _, tc := range [][2]string{{"REG", "0"}, {"REG", "19"}, {"REG", "x"}, {"REG", ""}, {"PRE", "5"}, {"PRE", "-1"},
		{"POST", "1"}, {"", "1"}} {
		if got, err := nflverse.WeekCode(tc[0], tc[1]); err == nil {
			t.Errorf("WeekCode(%q, %q) = %q, want an error", tc[0], tc[1], got)
		}
	}
}
