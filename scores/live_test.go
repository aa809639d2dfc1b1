package scores_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPollLiveGames: recorded answers of games in play. ESPN's NFL 2022 week 1 during the Sunday
// afternoon: PHI-DET in the 4th quarter is live though our kickoff is 4 hours later (the feed is
// authoritative), Q1-Q3 end on the linescores (7-0, 14-24, 21-38 home-away) and the full $10 pool pays
// those three winners, the 4th quarter not yet; NYG-TEN pre-game is matched and left alone. College
// football at halftime (UGA at SC) ends Q1 and Q2; college basketball's VT-SYR Final/OT ends its two
// halves, overtime counting toward the final.
func TestPollLiveGames(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, time.Date(2022, 9, 8, 15, 0, 0, 0, time.UTC))
		det, ten := e.game("Detroit Lions", "Philadelphia Eagles", time.Date(2022, 9, 11, 21, 0, 0, 0, time.UTC), "")
		e.fill(ten)
		tit, _ := e.game("TEN", "NYG", time.Date(2022, 9, 11, 20, 25, 0, 0, time.UTC), "")
		sc, _ := e.leagueGame(squares.LeagueNCAAF, "South Carolina Gamecocks", "Georgia Bulldogs",
			time.Date(2022, 9, 17, 16, 0, 0, 0, time.UTC), "")
		vt, _ := e.leagueGame(squares.LeagueNCAAB, "Virginia Tech Hokies", "SYR", time.Date(2025, 3, 1, 17, 0, 0, 0, time.UTC), "")

		e.clock.Set(time.Date(2022, 9, 11, 19, 30, 0, 0, time.UTC))
		e.feed.serveLeague("football/nfl", recorded(t, "nfl-2022-week1.json"))
		if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Games != 2 || rep.Matched != 2 || rep.Applied != 1 {
			t.Fatalf("NFL poll: %+v, %v\n%s", rep, err, e.log)
		}
		e.wantGame(det.ID, squares.GameLive, 4, "401437648", 28, 38, [][2]int{{7, 0}, {14, 24}, {21, 38}})
		e.wantGame(tit.ID, squares.GameScheduled, 0, "401437640", -1, -1, nil)
		if p := e.pool(ten.ID); p.Status != squares.PoolStarted {
			t.Errorf("pool %s", p.Status)
		}
		// Live 4 hours before our kickoff: the game's other pools, empty, got their final decision at once
		// (cancelled), and sales are closed.
		pools, err := e.db.ListPools(e.ctx, squares.PoolFilter{GameID: det.ID})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pools {
			if p.ID != ten.ID && p.Status != squares.PoolCancelled {
				t.Errorf("pool %d of the live game is %s, want cancelled by its decision", p.ID, p.Status)
			}
		}
		buyer := e.player()
		_, err = e.esc.Checkout(e.ctx, buyer, pools[2].ID, []squares.Cell{{Row: 1, Column: 1}}, pools[2].EntryFee)
		if squares.ErrorMessage(err) != "Sales for this pool have closed: its game has started." {
			t.Errorf("checkout of a pool of the live game: %v", err)
		}
		ws, err := e.db.ListWinners(e.ctx, ten.ID)
		if err != nil || len(ws) != 3 {
			t.Fatalf("winners %d, %v", len(ws), err)
		}
		for i, w := range ws {
			if w.Period != i+1 || w.Amount != 22_500 || w.Status != "credited" {
				t.Errorf("winner %+v", *w)
			}
		}
		e.books()
		// The feed repeats the same answer: nothing more is paid.
		if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Applied != 0 {
			t.Fatalf("repeat: %+v, %v", rep, err)
		}

		e.clock.Set(time.Date(2022, 9, 17, 17, 45, 0, 0, time.UTC))
		e.feed.serveLeague("football/college-football", recorded(t, "ncaaf-2022-week3.json"))
		// DET-PHI, still live, is polled too, whatever the date; the NFL answer is as before.
		if rep, err := e.poller.RunOnce(context.Background()); err != nil || rep.Games != 2 || rep.Fetched != 2 || rep.Applied != 1 {
			t.Fatalf("NCAAF poll: %+v, %v", rep, err)
		}
		e.wantGame(sc.ID, squares.GameLive, 2, "401403888", 0, 24, [][2]int{{0, 14}, {0, 24}})

		e.clock.Set(time.Date(2025, 3, 1, 21, 0, 0, 0, time.UTC))
		e.feed.serveLeague("basketball/mens-college-basketball", recorded(t, "ncaab-20250301.json"))
		if rep, err := e.poller.RunOnce(context.Background()); err != nil || rep.Games != 3 || rep.Applied != 1 {
			t.Fatalf("NCAAB poll: %+v, %v", rep, err)
		}
		e.wantGame(vt.ID, squares.GameCompleted, 3, "401724907", 101, 95, [][2]int{{38, 47}, {101, 95}})
	})
}

// wantGame checks a game's status, period in play, remembered event id, score (-1: none) and period end
// scores (home-away, the rest unset).
func (e *env) wantGame(id int64, status string, quarter int, event string, home, away int, ends [][2]int) {
	e.t.Helper()
	g := e.findGame(id)
	score := func(p *int) int {
		if p == nil {
			return -1
		}
		return *p
	}
	if g.Status != status || g.Quarter != quarter || g.ESPNID != event || score(g.HomeScore) != home || score(g.AwayScore) != away {
		e.t.Errorf("game %d: %s q%d event %q %d-%d; want %s q%d %q %d-%d", id, g.Status, g.Quarter, g.ESPNID,
			score(g.HomeScore), score(g.AwayScore), status, quarter, event, home, away)
	}
	for i := range 4 {
		want := [2]int{-1, -1}
		if i < len(ends) {
			want = ends[i]
		}
		if got := [2]int{score(g.HomePeriod[i]), score(g.AwayPeriod[i])}; got != want {
			e.t.Errorf("game %d period %d ended %v, want %v", id, i+1, got, want)
		}
	}
}
