package scores_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPollSettlesRecordedOvertimeFinal: one poll of ESPN's recorded LAR at DET of 2024-09-08, tied 20-20
// after four quarters and won 26-20 by DET in overtime (STATUS_FINAL, period 5, "Final/OT"), completes
// our game and pays the final's winner on the score with overtime (26-20: home digit 6, away 0), not on the
// 20-20 of regulation; four prizes of 225.00, 100.00 to the house, the ledger at zero; a second poll
// changes nothing.
func TestPollSettlesRecordedOvertimeFinal(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, time.Date(2024, 9, 5, 15, 0, 0, 0, time.UTC))
		e.feed.serve(http.StatusOK, "application/json", recorded(t, "nfl-20240908-ot.json"))
		// nflverse writes LA where ESPN writes LAR.
		g, ten := e.game("Detroit Lions", "LA", time.Date(2024, 9, 8, 20, 20, 0, 0, squares.Eastern), "")
		e.fill(ten)
		e.clock.Set(time.Date(2024, 9, 9, 5, 0, 0, 0, time.UTC))
		rep, err := e.poller.RunOnce(e.ctx)
		if err != nil || rep.Fetched != 1 || rep.Matched != 1 || rep.Applied != 1 {
			t.Fatalf("poll: %+v, %v\n%s", rep, err, e.log)
		}
		if got := e.feed.paths[0]; got != "/apis/site/v2/sports/football/nfl/scoreboard?dates=20240908" {
			t.Errorf("requested %s", got)
		}
		ends := [4][2]int{{0, 3}, {10, 3}, {17, 10}, {26, 20}}
		got := e.findGame(g.ID)
		if got.Status != squares.GameCompleted || got.ESPNID != "401671792" || *got.HomeScore != 26 || *got.AwayScore != 20 ||
			got.Quarter != 5 {
			t.Errorf("game: %s %d-%d q%d event %q", got.Status, *got.HomeScore, *got.AwayScore, got.Quarter, got.ESPNID)
		}
		for q := range 4 {
			if *got.HomePeriod[q] != ends[q][0] || *got.AwayPeriod[q] != ends[q][1] {
				t.Errorf("Q%d ended %d-%d, want %v", q+1, *got.HomePeriod[q], *got.AwayPeriod[q], ends[q])
			}
		}
		if p := e.pool(ten.ID); p.Status != squares.PoolCompleted {
			t.Errorf("pool: %s", p.Status)
		}
		ws, err := e.db.ListWinners(e.ctx, ten.ID)
		if err != nil || len(ws) != 4 {
			t.Fatalf("winners: %d, %v", len(ws), err)
		}
		for q, w := range ws {
			if w.Period != q+1 || w.HomeScore != ends[q][0] || w.AwayScore != ends[q][1] ||
				w.Amount != 22_500 || w.Status != "credited" || w.UserID == 0 {
				t.Errorf("winner %d = %+v", q+1, *w)
			}
		}
		// The row is drawn for the away team's last digit, the column for the home team's: the final pays
		// the square of 26-20 (home 6, away 0), where regulation's 20-20 would have paid (0, 0).
		p := e.pool(ten.ID)
		if final := ws[3]; p.HomeNumbers[final.Column] != 6 || p.AwayNumbers[final.Row] != 0 {
			t.Errorf("final paid the square of home %d, away %d; want 6, 0",
				p.HomeNumbers[final.Column], p.AwayNumbers[final.Row])
		}
		books := e.books()
		if books[squares.AccountHouseFees] != 10_000 || books[squares.PoolEscrowAccount(ten.ID)] != 0 {
			t.Errorf("house fees %s, escrow %s", books[squares.AccountHouseFees], books[squares.PoolEscrowAccount(ten.ID)])
		}

		// The feed repeats itself: nothing changes.
		e.clock.Add(30 * time.Second)
		if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Applied != 0 {
			t.Fatalf("second poll: %+v, %v", rep, err)
		}
		if fmt.Sprint(e.books()) != fmt.Sprint(books) {
			t.Error("the second poll moved money")
		}
		if again, _ := e.db.ListWinners(e.ctx, ten.ID); winnersText(again) != winnersText(ws) {
			t.Errorf("winners changed: %v", again)
		}
	})
}
