package espn_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/espn"
)

// recorded serves the recorded answer in testdata/file for the scoreboard at path, as ESPN would, and
// remembers the query of each request.
type recorded struct {
	mu      sync.Mutex
	queries []string
}

func serveRecorded(t *testing.T, path, file string) (*httptest.Server, *recorded) {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorded{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.mu.Lock()
		rec.queries = append(rec.queries, r.URL.RawQuery)
		rec.mu.Unlock()
		if r.URL.Path != path {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json;charset=UTF-8")
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv, rec
}

// scoreboard polls the recorded answer for league on date and returns its games by event id.
func scoreboard(t *testing.T, srv *httptest.Server, league string, date time.Time) map[string]squares.FeedGame {
	t.Helper()
	games, err := espn.New(srv.URL, srv.Client()).Scoreboard(context.Background(), league, date)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]squares.FeedGame{}
	for _, g := range games {
		if _, dup := byID[g.EventID]; dup {
			t.Errorf("event %s listed twice", g.EventID)
		}
		byID[g.EventID] = g
	}
	return byID
}

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

type ps = squares.PeriodScore

// pe is the cumulative score at the end of a period.
func pe(period, home, away int) ps { return ps{Period: period, Home: home, Away: away} }

// checkGame compares a parsed game with what the recorded answer says, and its period end scores.
func checkGame(t *testing.T, games map[string]squares.FeedGame, want squares.FeedGame, periods int, ends []ps) {
	t.Helper()
	got, ok := games[want.EventID]
	if !ok {
		t.Errorf("event %s missing", want.EventID)
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("event %s:\n got %+v\nwant %+v", want.EventID, got, want)
	}
	scores, err := squares.PeriodEndScores(got, periods)
	if err != nil {
		t.Errorf("event %s: PeriodEndScores: %v", want.EventID, err)
	} else if !reflect.DeepEqual(scores, ends) {
		t.Errorf("event %s: PeriodEndScores = %v, want %v", want.EventID, scores, ends)
	}
}

func side(name, abbr string, score int, periods ...int) squares.FeedSide {
	return squares.FeedSide{Name: name, Abbreviation: abbr, Score: score, Periods: periods}
}

func TestScoreboardNFLWeekInProgress(t *testing.T) {
	// 2022 week 1, recorded on the Sunday afternoon: early games in the 4th quarter, one final, the late
	// games and Monday's still to come, Thursday's final.
	srv, rec := serveRecorded(t, "/apis/site/v2/sports/football/nfl/scoreboard", "nfl-2022-week1.json")
	// 10:30 PM Eastern on the 11th is already the 12th in UTC: the date asked for is Eastern.
	games := scoreboard(t, srv, "NFL", utc("2022-09-12T02:30:00Z"))
	if len(games) != 16 {
		t.Errorf("%d games, want 16", len(games))
	}
	if len(rec.queries) != 1 || rec.queries[0] != "dates=20220911" {
		t.Errorf("queries %q, want dates=20220911", rec.queries)
	}
	checkGame(t, games, squares.FeedGame{EventID: "401437630", League: "NFL", Start: utc("2022-09-11T17:00:00Z"),
		Phase: squares.FeedPost, Completed: true, Period: 4, Detail: "Final",
		Home: side("Miami Dolphins", "MIA", 20, 3, 14, 3, 0), Away: side("New England Patriots", "NE", 7, 0, 0, 7, 0)},
		4, []ps{pe(1, 3, 0), pe(2, 17, 0), pe(3, 20, 7), pe(4, 20, 7)})
	checkGame(t, games, squares.FeedGame{EventID: "401437650", League: "NFL", Start: utc("2022-09-11T17:00:00Z"),
		Phase: squares.FeedIn, Period: 4, Detail: "0:48 - 4th",
		Home: side("Atlanta Falcons", "ATL", 26, 3, 13, 7, 3), Away: side("New Orleans Saints", "NO", 24, 7, 0, 3, 14)},
		4, []ps{pe(1, 3, 7), pe(2, 16, 7), pe(3, 23, 10)})
	// Tied late in the 4th (it went to overtime): the 4th quarter waits for the final.
	checkGame(t, games, squares.FeedGame{EventID: "401437637", League: "NFL", Start: utc("2022-09-11T17:00:00Z"),
		Phase: squares.FeedIn, Period: 4, Detail: "1:01 - 4th",
		Home: side("Houston Texans", "HOU", 20, 0, 10, 10, 0), Away: side("Indianapolis Colts", "IND", 20, 3, 0, 0, 17)},
		4, []ps{pe(1, 0, 3), pe(2, 10, 3), pe(3, 20, 3)})
	// Before kickoff ESPN already lists a 0 for period 1 and says period 1: nothing has ended.
	checkGame(t, games, squares.FeedGame{EventID: "401437640", League: "NFL", Start: utc("2022-09-11T20:25:00Z"),
		Phase: squares.FeedPre, Period: 1, Detail: "9/11 - 4:25 PM EDT",
		Home: side("Tennessee Titans", "TEN", 0, 0), Away: side("New York Giants", "NYG", 0, 0)}, 4, nil)
	checkGame(t, games, squares.FeedGame{EventID: "401437655", League: "NFL", Start: utc("2022-09-13T00:15:00Z"),
		Phase: squares.FeedPre, Detail: "9/12 - 8:15 PM EDT",
		Home: side("Seattle Seahawks", "SEA", 0), Away: side("Denver Broncos", "DEN", 0)}, 4, nil)

	// Our games, as nflverse names them, find their events: WAS and LA are WSH and LAR at ESPN.
	list := make([]squares.FeedGame, 0, len(games))
	for _, g := range games {
		list = append(list, g)
	}
	for _, tc := range []struct {
		home, away string
		kickoff    time.Time
		want       string
	}{
		{"Washington Commanders", "Jacksonville Jaguars", time.Date(2022, 9, 11, 13, 0, 0, 0, squares.Eastern), "401437646"},
		{"WAS", "JAX", time.Date(2022, 9, 11, 13, 0, 0, 0, squares.Eastern), "401437646"},
		{"LA", "BUF", time.Date(2022, 9, 8, 20, 20, 0, 0, squares.Eastern), "401437654"},
		{"Los Angeles Rams", "Buffalo Bills", time.Date(2022, 9, 8, 20, 20, 0, 0, squares.Eastern), "401437654"},
		{"Buffalo Bills", "Los Angeles Rams", time.Date(2022, 9, 8, 20, 20, 0, 0, squares.Eastern), ""},
		{"KC", "ARI", time.Date(2022, 9, 11, 16, 25, 0, 0, squares.Eastern), ""},
		{"ARI", "KC", time.Date(2022, 9, 11, 16, 25, 0, 0, squares.Eastern), "401437653"},
	} {
		got, ok := squares.MatchFeedGame("NFL", tc.home, tc.away, tc.kickoff, list)
		if ok != (tc.want != "") || got.EventID != tc.want {
			t.Errorf("MatchFeedGame(%s, %s) = %q, %v; want %q", tc.home, tc.away, got.EventID, ok, tc.want)
		}
	}
}

func TestScoreboardNFLFinals(t *testing.T) {
	// Sunday 2024-12-15, recorded after the night game: every game final.
	srv, _ := serveRecorded(t, "/apis/site/v2/sports/football/nfl/scoreboard", "nfl-20241215.json")
	games := scoreboard(t, srv, "NFL", time.Date(2024, 12, 15, 12, 0, 0, 0, squares.Eastern))
	if len(games) != 13 {
		t.Errorf("%d games, want 13", len(games))
	}
	for id, g := range games {
		scores, err := squares.PeriodEndScores(g, 4)
		if err != nil || len(scores) != 4 || scores[3] != pe(4, g.Home.Score, g.Away.Score) || g.Phase != squares.FeedPost {
			t.Errorf("event %s: %+v: %v, %v", id, g, scores, err)
		}
	}
	checkGame(t, games, squares.FeedGame{EventID: "401671681", League: "NFL", Start: utc("2024-12-15T21:25:00Z"),
		Phase: squares.FeedPost, Completed: true, Period: 4, Detail: "Final",
		Home: side("Detroit Lions", "DET", 42, 0, 14, 7, 21), Away: side("Buffalo Bills", "BUF", 48, 14, 7, 14, 13)},
		4, []ps{pe(1, 0, 14), pe(2, 14, 21), pe(3, 21, 35), pe(4, 42, 48)})
	checkGame(t, games, squares.FeedGame{EventID: "401671737", League: "NFL", Start: utc("2024-12-15T18:00:00Z"),
		Phase: squares.FeedPost, Completed: true, Period: 4, Detail: "Final",
		Home: side("New Orleans Saints", "NO", 19, 0, 0, 7, 12), Away: side("Washington Commanders", "WSH", 20, 7, 7, 3, 3)},
		4, []ps{pe(1, 0, 7), pe(2, 0, 14), pe(3, 7, 17), pe(4, 19, 20)})
	list := []squares.FeedGame{games["401671737"], games["401671681"]}
	if got, ok := squares.MatchFeedGame("NFL", "NO", "WAS", time.Date(2024, 12, 15, 13, 0, 0, 0, squares.Eastern), list); !ok || got.EventID != "401671737" {
		t.Errorf("NO-WAS matched %q, %v", got.EventID, ok)
	}
}

func TestScoreboardNFLOvertimeFinal(t *testing.T) {
	// LAR at DET, Sunday night 2024-09-08: tied 20-20 after four quarters, DET won 26-20 in overtime. The
	// event as ESPN served it in its NFL schedule answer of 2024 week 1 (see testdata/README.md).
	srv, rec := serveRecorded(t, "/apis/site/v2/sports/football/nfl/scoreboard", "nfl-20240908-ot.json")
	games := scoreboard(t, srv, "NFL", time.Date(2024, 9, 8, 20, 0, 0, 0, squares.Eastern))
	if len(games) != 1 || rec.queries[0] != "dates=20240908" {
		t.Errorf("%d games, query %q", len(games), rec.queries)
	}
	// STATUS_FINAL with period 5 and "Final/OT": completed, the five linescores read, and the 4th quarter's
	// end score is the final, overtime included (26-20, not the 20-20 of regulation).
	checkGame(t, games, squares.FeedGame{EventID: "401671792", League: "NFL", Start: utc("2024-09-09T00:20:00Z"),
		Phase: squares.FeedPost, Completed: true, Period: 5, Detail: "Final/OT",
		Home: side("Detroit Lions", "DET", 26, 0, 10, 7, 3, 6), Away: side("Los Angeles Rams", "LAR", 20, 3, 0, 7, 10, 0)},
		4, []ps{pe(1, 0, 3), pe(2, 10, 3), pe(3, 17, 10), pe(4, 26, 20)})
	if g, ok := squares.MatchFeedGame("NFL", "DET", "LA", time.Date(2024, 9, 8, 20, 20, 0, 0, squares.Eastern),
		[]squares.FeedGame{games["401671792"]}); !ok || g.EventID != "401671792" {
		t.Errorf("DET-LA matched %q, %v", g.EventID, ok)
	}
}

func TestScoreboardCollegeFootballHalftime(t *testing.T) {
	// A Saturday of 2022 week 3 at noon's halftime (five of the recorded events kept).
	srv, rec := serveRecorded(t, "/apis/site/v2/sports/football/college-football/scoreboard", "ncaaf-2022-week3.json")
	games := scoreboard(t, srv, "ncaaf", time.Date(2022, 9, 17, 12, 0, 0, 0, squares.Eastern))
	if len(games) != 5 || rec.queries[0] != "dates=20220917" {
		t.Errorf("%d games, query %q", len(games), rec.queries)
	}
	// STATUS_HALFTIME ends the 2nd quarter.
	checkGame(t, games, squares.FeedGame{EventID: "401403888", League: "NCAAF", Start: utc("2022-09-17T16:00:00Z"),
		Phase: squares.FeedIn, Halftime: true, Period: 2, Detail: "Halftime",
		Home: side("South Carolina Gamecocks", "SC", 0, 0, 0), Away: side("Georgia Bulldogs", "UGA", 24, 14, 10)},
		4, []ps{pe(1, 0, 14), pe(2, 0, 24)})
	checkGame(t, games, squares.FeedGame{EventID: "401403884", League: "NCAAF", Start: utc("2022-09-17T16:00:00Z"),
		Phase: squares.FeedIn, Period: 3, Detail: "8:36 - 3rd",
		Home: side("Kentucky Wildcats", "UK", 28, 0, 21, 7), Away: side("Youngstown State Penguins", "YSU", 0, 0, 0, 0)},
		4, []ps{pe(1, 0, 0), pe(2, 21, 0)})
	checkGame(t, games, squares.FeedGame{EventID: "401411114", League: "NCAAF", Start: utc("2022-09-17T15:00:00Z"),
		Phase: squares.FeedPost, Completed: true, Period: 4, Detail: "Final",
		Home: side("Virginia Tech Hokies", "VT", 27, 3, 17, 0, 7), Away: side("Wofford Terriers", "WOF", 7, 0, 0, 0, 7)},
		4, []ps{pe(1, 3, 0), pe(2, 20, 0), pe(3, 20, 0), pe(4, 27, 7)})
	checkGame(t, games, squares.FeedGame{EventID: "401404069", League: "NCAAF", Start: utc("2022-09-17T18:00:00Z"),
		Phase: squares.FeedPre, Detail: "9/17 - 2:00 PM EDT",
		Home: side("Iowa State Cyclones", "ISU", 0), Away: side("Ohio Bobcats", "OHIO", 0)}, 4, nil)
}

func TestScoreboardCollegeBasketballHalves(t *testing.T) {
	// ACC games of 2025-03-01, all final, one in overtime (period 3, "Final/OT").
	srv, rec := serveRecorded(t, "/apis/site/v2/sports/basketball/mens-college-basketball/scoreboard", "ncaab-20250301.json")
	games := scoreboard(t, srv, "NCAAB", time.Date(2025, 3, 1, 9, 0, 0, 0, squares.Eastern))
	if len(games) != 9 {
		t.Errorf("%d games, want 9", len(games))
	}
	// Every Division I game, not only the featured ones.
	if rec.queries[0] != "dates=20250301&groups=50&limit=500" {
		t.Errorf("query %q", rec.queries[0])
	}
	checkGame(t, games, squares.FeedGame{EventID: "401724907", League: "NCAAB", Start: utc("2025-03-01T17:00:00Z"),
		Phase: squares.FeedPost, Completed: true, Period: 3, Detail: "Final/OT",
		Home: side("Virginia Tech Hokies", "VT", 101, 38, 44, 19), Away: side("Syracuse Orange", "SYR", 95, 47, 35, 13)},
		2, []ps{pe(1, 38, 47), pe(2, 101, 95)})
	checkGame(t, games, squares.FeedGame{EventID: "401724905", League: "NCAAB", Start: utc("2025-03-02T00:00:00Z"),
		Phase: squares.FeedPost, Completed: true, Period: 2, Detail: "Final",
		Home: side("Duke Blue Devils", "DUKE", 100, 47, 53), Away: side("Florida State Seminoles", "FSU", 65, 30, 35)},
		2, []ps{pe(1, 47, 30), pe(2, 100, 65)})
	if g, ok := squares.MatchFeedGame("NCAAB", "duke blue devils", "FSU", time.Date(2025, 3, 1, 19, 0, 0, 0, squares.Eastern),
		[]squares.FeedGame{games["401724905"], games["401724907"]}); !ok || g.EventID != "401724905" {
		t.Errorf("Duke-FSU matched %q, %v", g.EventID, ok)
	}
}

func TestScoreboardPostponed(t *testing.T) {
	// ESPN's status objects are the same in every sport; the only recorded STATUS_POSTPONED found is a
	// Premier League match of 2026-03-21 (with a full-time result beside it), served here as the answer.
	srv, _ := serveRecorded(t, "/apis/site/v2/sports/football/nfl/scoreboard", "soccer-postponed.json")
	games := scoreboard(t, srv, "NFL", time.Date(2026, 3, 21, 12, 0, 0, 0, squares.Eastern))
	checkGame(t, games, squares.FeedGame{EventID: "740902", League: "NFL", Start: utc("2026-03-21T15:00:00Z"),
		Phase: squares.FeedPostponed, Detail: "Postponed",
		Home: side("Manchester City", "MNC", 0), Away: side("Crystal Palace", "CRY", 0)}, 4, nil)
	if g := games["740898"]; g.Phase != squares.FeedPost || !g.Completed || g.Home.Score != 2 || g.Away.Score != 1 {
		t.Errorf("full time: %+v", g)
	}
}

func TestScoreboardNBAFinals(t *testing.T) {
	// NBA, Sunday 2024-12-15, all final: ESPN writes GS, NY, SA, NO and WSH where NBA.com codes differ.
	srv, _ := serveRecorded(t, "/apis/site/v2/sports/basketball/nba/scoreboard", "nba-20241215.json")
	games := scoreboard(t, srv, "NBA", time.Date(2024, 12, 15, 12, 0, 0, 0, squares.Eastern))
	if len(games) != 7 {
		t.Errorf("%d games, want 7", len(games))
	}
	checkGame(t, games, squares.FeedGame{EventID: "401737912", League: "NBA", Start: utc("2024-12-16T01:30:00Z"),
		Phase: squares.FeedPost, Completed: true, Period: 4, Detail: "Final",
		Home: side("Golden State Warriors", "GS", 133, 33, 41, 33, 26), Away: side("Dallas Mavericks", "DAL", 143, 46, 35, 33, 29)},
		4, []ps{pe(1, 33, 46), pe(2, 74, 81), pe(3, 107, 114), pe(4, 133, 143)})
	list := make([]squares.FeedGame, 0, len(games))
	for _, g := range games {
		list = append(list, g)
	}
	for _, tc := range []struct{ home, away, want string }{
		{"GSW", "DAL", "401737912"},
		{"WAS", "BOS", "401736811"},
		{"ORL", "NYK", "401737902"},
		{"SAS", "MIN", "401736812"},
		{"IND", "NOP", "401736810"},
		{"Los Angeles Lakers", "Memphis Grizzlies", "401736814"},
		{"NYK", "ORL", ""},
	} {
		got, ok := squares.MatchFeedGame("NBA", tc.home, tc.away, time.Date(2024, 12, 15, 18, 0, 0, 0, squares.Eastern), list)
		if ok != (tc.want != "") || got.EventID != tc.want {
			t.Errorf("MatchFeedGame(%s, %s) = %q, %v; want %q", tc.home, tc.away, got.EventID, ok, tc.want)
		}
	}
}
