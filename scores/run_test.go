package scores_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

var (
	// sold is when the squares are bought, three days before the games of the recorded answer.
	sold = time.Date(2024, 12, 12, 15, 0, 0, 0, time.UTC)
	// polled is the night after the games, when every one of them is final.
	polled = time.Date(2024, 12, 16, 5, 0, 0, 0, time.UTC)
)

// ourGame is one of our games of NFL Sunday 2024-12-15 and what ESPN's recorded answer says of it:
// cumulative score at the end of each quarter, home then away.
type ourGame struct {
	home, away string
	kickoff    time.Time
	espnID     string // known before the first poll (the schedule import's)
	event      string
	ends       [4][2]int
	pool       bool // a full $10 pool on it
}

var sunday = []ourGame{
	{"Cleveland Browns", "Kansas City Chiefs", time.Date(2024, 12, 15, 18, 0, 0, 0, time.UTC), "", "401671854",
		[4][2]int{{0, 7}, {0, 14}, {7, 21}, {7, 21}}, true},
	// Our kickoff 3 hours before ESPN's: the game moved, and still matches.
	{"DET", "BUF", time.Date(2024, 12, 15, 18, 25, 0, 0, time.UTC), "", "401671681",
		[4][2]int{{0, 14}, {14, 21}, {21, 35}, {42, 48}}, true},
	// nflverse writes WAS where ESPN writes WSH.
	{"New Orleans Saints", "WAS", time.Date(2024, 12, 15, 18, 0, 0, 0, time.UTC), "", "401671737",
		[4][2]int{{0, 7}, {0, 14}, {7, 17}, {19, 20}}, false},
	// Known by its event id.
	{"Seattle Seahawks", "Green Bay Packers", time.Date(2024, 12, 16, 1, 20, 0, 0, time.UTC), "401671796", "401671796",
		[4][2]int{{0, 14}, {3, 20}, {6, 23}, {13, 30}}, false},
}

// TestPollSettlesRecordedFinals: one poll of the recorded NFL finals of 2024-12-15 completes each of our
// games with ESPN's final and quarter scores (from the linescores), remembers each event id, and pays the
// four winners of each full $10 pool 225.00 with 100.00 to the house, the ledger at zero; a second poll
// changes nothing.
func TestPollSettlesRecordedFinals(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, sold)
		e.feed.serve(http.StatusOK, "application/json", recorded(t, "nfl-20241215.json"))
		games := make([]*squares.Game, len(sunday))
		pools := map[int]*squares.PoolView{}
		for i, s := range sunday {
			g, ten := e.game(s.home, s.away, s.kickoff, s.espnID)
			games[i] = g
			if s.pool {
				e.fill(ten)
				pools[i] = ten
			}
		}
		e.clock.Set(polled)
		rep, err := e.poller.RunOnce(e.ctx)
		if err != nil || rep.Games != 4 || rep.Fetched != 1 || rep.Matched != 4 || rep.Applied != 4 {
			t.Fatalf("poll: %+v, %v\n%s", rep, err, e.log)
		}
		if got := strings.Join(e.feed.paths, " "); got != "/apis/site/v2/sports/football/nfl/scoreboard?dates=20241215" {
			t.Errorf("requested %s", got)
		}
		for i, s := range sunday {
			g := e.findGame(games[i].ID)
			if g.Status != squares.GameCompleted || g.ESPNID != s.event || *g.HomeScore != s.ends[3][0] ||
				*g.AwayScore != s.ends[3][1] || g.Quarter != 4 {
				t.Errorf("%s: %s %d-%d q%d event %q", s.home, g.Status, *g.HomeScore, *g.AwayScore, g.Quarter, g.ESPNID)
			}
			for q := range 4 {
				if *g.HomePeriod[q] != s.ends[q][0] || *g.AwayPeriod[q] != s.ends[q][1] {
					t.Errorf("%s Q%d ended %d-%d, want %v", s.home, q+1, *g.HomePeriod[q], *g.AwayPeriod[q], s.ends[q])
				}
			}
		}
		winners := map[int64]string{}
		for i, p := range pools {
			if got := e.pool(p.ID); got.Status != squares.PoolCompleted {
				t.Errorf("pool %d: %s", p.ID, got.Status)
			}
			ws, err := e.db.ListWinners(e.ctx, p.ID)
			if err != nil || len(ws) != 4 {
				t.Fatalf("pool %d winners: %d, %v", p.ID, len(ws), err)
			}
			for q, w := range ws {
				if w.Period != q+1 || w.HomeScore != sunday[i].ends[q][0] || w.AwayScore != sunday[i].ends[q][1] ||
					w.Amount != 22_500 || w.Status != "credited" || w.UserID == 0 {
					t.Errorf("pool %d winner %d = %+v", p.ID, q+1, *w)
				}
			}
			winners[p.ID] = winnersText(ws)
		}
		books := e.books()
		if books[squares.AccountHouseFees] != 20_000 {
			t.Errorf("house fees %s, want 200.00", books[squares.AccountHouseFees])
		}
		for _, p := range pools {
			if b := books[squares.PoolEscrowAccount(p.ID)]; b != 0 {
				t.Errorf("pool %d escrow %s after the final", p.ID, b)
			}
		}
		if st := e.poller.Status(); !st.OK || st.Matched != 4 || !st.LastPoll.Equal(polled) || st.Provider != "espn" {
			t.Errorf("status %+v", st)
		}

		// The feed repeats itself: nothing changes.
		e.clock.Add(30 * time.Second)
		if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Applied != 0 {
			t.Fatalf("second poll: %+v, %v", rep, err)
		}
		if fmt.Sprint(e.books()) != fmt.Sprint(books) {
			t.Error("the second poll moved money")
		}
		for id, want := range winners {
			if ws, _ := e.db.ListWinners(e.ctx, id); winnersText(ws) != want {
				t.Errorf("pool %d winners changed: %v", id, ws)
			}
		}
	})
}

// TestPollBrokenAnswers: an HTML page, a 500 and a truncated scoreboard change nothing, are logged and
// kept in the status; the next poll of a whole answer settles the game.
func TestPollBrokenAnswers(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, sold)
		s := sunday[0]
		g, ten := e.game(s.home, s.away, s.kickoff, "")
		e.fill(ten)
		books := fmt.Sprint(e.books())
		nfl := recorded(t, "nfl-20241215.json")
		e.clock.Set(polled)
		for _, tc := range []struct {
			name, contentType string
			status            int
			body              []byte
		}{
			{"HTML page", "text/html", http.StatusOK, []byte("<!DOCTYPE html><html><body>Service Unavailable</body></html>")},
			{"server error", "application/json", http.StatusInternalServerError, nfl},
			{"truncated", "application/json", http.StatusOK, nfl[:len(nfl)/2]},
		} {
			e.feed.serve(tc.status, tc.contentType, tc.body)
			e.log.Reset()
			rep, err := e.poller.RunOnce(e.ctx)
			if err == nil || rep.Matched != 0 || rep.Applied != 0 || len(rep.Errors) != 1 {
				t.Errorf("%s: %+v, %v", tc.name, rep, err)
			}
			if got := e.findGame(g.ID); got.Status != squares.GameScheduled || got.HomeScore != nil || got.ESPNID != "" {
				t.Errorf("%s changed the game: %s", tc.name, got.Status)
			}
			if fmt.Sprint(e.books()) != books || e.pool(ten.ID).Status != squares.PoolFull {
				t.Errorf("%s changed the pool or the books", tc.name)
			}
			if st := e.poller.Status(); st.OK || st.LastError == "" || !st.LastErrorAt.Equal(e.clock.Now()) {
				t.Errorf("%s: status %+v", tc.name, st)
			}
			if !strings.Contains(e.log.String(), "score feed") {
				t.Errorf("%s not logged: %s", tc.name, e.log)
			}
			e.clock.Add(30 * time.Second)
		}
		e.feed.serve(http.StatusOK, "application/json", nfl)
		if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Applied != 1 {
			t.Fatalf("whole answer: %+v, %v", rep, err)
		}
		if got := e.findGame(g.ID); got.Status != squares.GameCompleted || e.pool(ten.ID).Status != squares.PoolCompleted {
			t.Errorf("after the whole answer: game %s, pool %s", got.Status, e.pool(ten.ID).Status)
		}
		if st := e.poller.Status(); !st.OK || st.Matched != 1 {
			t.Errorf("status %+v", st)
		}
		e.books()
	})
}

func winnersText(ws []*squares.Winner) string {
	var out []string
	for _, w := range ws {
		out = append(out, fmt.Sprintf("%+v", *w))
	}
	return strings.Join(out, "\n")
}
