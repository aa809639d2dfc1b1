// Package nflverse reads NFL schedules in the format of the nflverse project's games.csv (one row per
// game, kickoff in US Eastern time) into games.
package nflverse

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
)

// required are the columns a schedule must have.
var required = []string{"game_id", "season", "game_type", "week", "gameday", "gametime", "away_team", "home_team"}

// Read parses a schedule into games of the given league. teams maps the file's team codes (nflverse's:
// LA for the Rams) to the league's teams, whose full names and colours the games take. An unknown code,
// a bad date or a missing column is an error naming the line.
func Read(r io.Reader, leagueID int64, teams map[string]*squares.Team) ([]*squares.Game, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = false
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("read header: %w", err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))] = i
	}
	for _, c := range required {
		if _, ok := col[c]; !ok {
			return nil, fmt.Errorf("schedule has no %q column", c)
		}
	}
	get := func(rec []string, name string) string {
		if i, ok := col[name]; ok && i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	var games []*squares.Game
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		g, err := parseGame(rec, get, leagueID, teams)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		games = append(games, g)
	}
	return games, nil
}

func parseGame(rec []string, get func([]string, string) string, leagueID int64, teams map[string]*squares.Team) (*squares.Game, error) {
	id := get(rec, "game_id")
	if id == "" {
		return nil, errors.New("empty game_id")
	}
	season, err := strconv.Atoi(get(rec, "season"))
	if err != nil {
		return nil, fmt.Errorf("game %s: season %q is not a year", id, get(rec, "season"))
	}
	week, err := WeekCode(get(rec, "game_type"), get(rec, "week"))
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	kickoff, err := time.ParseInLocation("2006-01-02 15:04", get(rec, "gameday")+" "+get(rec, "gametime"), squares.Eastern)
	if err != nil {
		return nil, fmt.Errorf("game %s: kickoff %q %q is not a date and HH:MM time", id, get(rec, "gameday"), get(rec, "gametime"))
	}
	home, ok := teams[get(rec, "home_team")]
	if !ok {
		return nil, fmt.Errorf("game %s: unknown home team %q", id, get(rec, "home_team"))
	}
	away, ok := teams[get(rec, "away_team")]
	if !ok {
		return nil, fmt.Errorf("game %s: unknown away team %q", id, get(rec, "away_team"))
	}
	g := &squares.Game{
		LeagueID: leagueID, ExternalID: id, ESPNID: get(rec, "espn"), Season: season, Week: week,
		HomeTeam: home.Name, AwayTeam: away.Name, HomeTeamColor: home.PrimaryColor, AwayTeamColor: away.PrimaryColor,
		GameDate: kickoff.UTC(), Venue: get(rec, "stadium"), Status: squares.GameScheduled,
	}
	hs, as := get(rec, "home_score"), get(rec, "away_score")
	if hs != "" && as != "" {
		h, err1 := strconv.Atoi(hs)
		a, err2 := strconv.Atoi(as)
		if err1 != nil || err2 != nil || h < 0 || a < 0 {
			return nil, fmt.Errorf("game %s: scores %q and %q are not numbers", id, hs, as)
		}
		g.HomeScore, g.AwayScore = &h, &a
		// The final score (overtime included) is the last period's cumulative score.
		g.HomePeriod[3], g.AwayPeriod[3] = &h, &a
		g.Status, g.Quarter = squares.GameCompleted, 4
		if get(rec, "overtime") == "1" {
			g.Quarter = 5
		}
	}
	return g, nil
}

// WeekCode turns nflverse's game type and week into the product's week code: W1-W18 for the regular
// season, HOF and PS1-PS4 for the preseason, WC, DIV, CONF and SB for the playoffs.
func WeekCode(gameType, week string) (string, error) {
	n, err := strconv.Atoi(week)
	switch strings.ToUpper(gameType) {
	case "REG":
		if err != nil || n < 1 || n > 18 {
			return "", fmt.Errorf("regular-season week %q is not 1 to 18", week)
		}
		return "W" + strconv.Itoa(n), nil
	case "PRE":
		if err != nil || n < 0 || n > 4 {
			return "", fmt.Errorf("preseason week %q is not 0 to 4", week)
		}
		if n == 0 {
			return "HOF", nil
		}
		return "PS" + strconv.Itoa(n), nil
	case "HOF":
		return "HOF", nil
	case "WC":
		return "WC", nil
	case "DIV":
		return "DIV", nil
	case "CON", "CONF":
		return "CONF", nil
	case "SB":
		return "SB", nil
	}
	return "", fmt.Errorf("unknown game type %q", gameType)
}
