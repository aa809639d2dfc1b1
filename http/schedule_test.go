package http_test

import (
	"context"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/nflverse"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// importSchedule imports the real 2025 NFL schedule (nflverse data kept with that package's tests).
func importSchedule(t *testing.T, db *store.DB) {
	t.Helper()
	f, err := os.Open("../nflverse/testdata/nfl-2025-schedule.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if created, _, _, err := nflverse.Import(context.Background(), db, "NFL", f); err != nil || created != 272 {
		t.Fatalf("import = %d games, %v", created, err)
	}
}

func TestNFLSchedule(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startAPI(t, engine)
		// The week before the 2025 season, so that the opener's pools may still open.
		clock := storetest.NewClock(time.Date(2025, 8, 28, 12, 0, 0, 0, time.UTC))
		s.Server.Now, s.db.Now = clock.Now, clock.Now
		importSchedule(t, s.db)
		s.client(t).get("/api/nfl/schedule/2025").wantError(http.StatusUnauthorized, "unauthorized", "")
		c, _ := s.register(t, "", "")

		games := c.get("/api/nfl/schedule/2025").want(http.StatusOK).list()
		if len(games) != 272 {
			t.Fatalf("2025 schedule = %d games, want 272", len(games))
		}
		opener := games[0]
		want := map[string]any{"week": "W1", "weekLabel": "Week 1", "date": "2025-09-04", "time": "20:20",
			"gameDate": "2025-09-05T00:20:00Z", "home": "Philadelphia Eagles", "away": "Dallas Cowboys",
			"homeAbbr": "PHI", "awayAbbr": "DAL", "homeColor": "#004C54", "venue": "Lincoln Financial Field",
			"status": "completed", "homeScore": 24.0, "awayScore": 20.0, "season": 2025.0, "leagueId": 1.0}
		for k, v := range want {
			if opener[k] != v {
				t.Errorf("opener %s = %v, want %v", k, opener[k], v)
			}
		}
		if _, ok := opener["awayColor"].(string); !ok {
			t.Errorf("opener awayColor = %v", opener["awayColor"])
		}
		// Draft pools are not linked; an opened one is, with its fee and status.
		if pools, ok := opener["pools"].([]any); !ok || len(pools) != 0 {
			t.Fatalf("opener pools with drafts only = %v", opener["pools"])
		}
		gameID := num(t, opener["id"])
		drafts, err := s.db.ListPools(ctx, squares.PoolFilter{GameID: gameID})
		if err != nil || len(drafts) != 5 {
			t.Fatalf("opener's pools = %d, %v", len(drafts), err)
		}
		s.activate(t, drafts[1])
		games = c.get("/api/nfl/schedule/2025").want(http.StatusOK).list()
		pools := games[0]["pools"].([]any)
		if len(pools) != 1 {
			t.Fatalf("opener pools = %v", pools)
		}
		p := pools[0].(map[string]any)
		if num(t, p["id"]) != drafts[1].ID || p["entryFee"] != drafts[1].EntryFee.String() || p["status"] != "active" ||
			p["name"] != drafts[1].Name || p["currentParticipants"] != 0.0 {
			t.Errorf("opener pool = %v", p)
		}

		// Weeks in kickoff order: the regular season's 18 weeks, W18 last.
		seen := map[string]int{}
		last := ""
		for _, g := range games {
			if w := g["week"].(string); w != last {
				if seen[w] > 0 {
					t.Fatalf("week %s comes back after %s", w, last)
				}
				last = w
			}
			seen[last]++
		}
		if len(seen) != 18 || seen["W1"] != 16 || last != "W18" || seen["W18"] != 16 {
			t.Errorf("weeks = %v, last %s", seen, last)
		}

		// Any season; one without games is empty, one that is not a year is bad input.
		if b := c.get("/api/nfl/schedule/2024").want(http.StatusOK); string(b.Body) != "[]\n" {
			t.Errorf("2024 = %s", b.Body)
		}
		for _, bad := range []string{"abc", "25", "-2025", "99999", "2025.5"} {
			c.get("/api/nfl/schedule/"+bad).wantError(http.StatusBadRequest, "invalid", "Season must be a year such as 2025.", "season", "Season must be a year such as 2025.")
		}
	})
}

// TestNFLSeasons: GET /api/nfl/schedule tells the schedule page which seasons have games and which to open
// on: none and null on a server without NFL games; the imported 2025 season, current while its games are
// to come; a later season's games, once the 2025 games are over, make it current. Signed in only.
func TestNFLSeasons(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		clock := storetest.NewClock(time.Date(2025, 8, 28, 12, 0, 0, 0, time.UTC))
		s.Server.Now, s.db.Now = clock.Now, clock.Now
		s.client(t).get("/api/nfl/schedule").wantError(http.StatusUnauthorized, "unauthorized", "")
		c, _ := s.register(t, "", "")
		if b := c.get("/api/nfl/schedule").want(http.StatusOK); string(b.Body) != `{"seasons":[],"current":null}`+"\n" {
			t.Errorf("no games: %s", b.Body)
		}
		importSchedule(t, s.db)
		if b := c.get("/api/nfl/schedule").want(http.StatusOK); string(b.Body) != `{"seasons":[2025],"current":2025}`+"\n" {
			t.Errorf("2025 imported: %s", b.Body)
		}
		clock.Add(365 * 24 * time.Hour)
		s.game(t, "W12", clock.Now().Add(72*time.Hour)) // a 2026 game
		c, _ = s.register(t, "", "")                    // a year on, the first session has ended
		if b := c.get("/api/nfl/schedule").want(http.StatusOK); string(b.Body) != `{"seasons":[2026,2025],"current":2026}`+"\n" {
			t.Errorf("a 2026 game to come: %s", b.Body)
		}
	})
}

func TestLeagueSchedule(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		importSchedule(t, s.db)
		c, _ := s.register(t, "", "")
		// By code, either case; the latest season when none is given.
		later, _ := s.game(t, "W12", time.Now().Add(72*time.Hour)) // season 2026
		if games := c.get("/api/schedule/nfl").want(http.StatusOK).list(); len(games) != 1 || num(t, games[0]["id"]) != later.ID {
			t.Errorf("nfl latest season = %v", games)
		}
		if games := c.get("/api/schedule/NFL?season=2025").want(http.StatusOK).list(); len(games) != 272 {
			t.Errorf("NFL 2025 = %d games", len(games))
		}
		if b := c.get("/api/schedule/nba").want(http.StatusOK); string(b.Body) != "[]\n" {
			t.Errorf("NBA without games = %s", b.Body)
		}
		c.get("/api/schedule/xfl").wantError(http.StatusNotFound, "not_found", "")
		c.get("/api/schedule/nfl?season=next").wantError(http.StatusBadRequest, "invalid", "", "season", "Season must be a year such as 2025.")
		if squares.WeekName("W12") != "Week 12" {
			t.Fatal("week name")
		}
	})
}
