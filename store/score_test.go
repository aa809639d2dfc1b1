package store_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// score applies a manual score update, failing the test on a refusal.
func score(t *testing.T, db *store.DB, gameID int64, home, away, quarter int, status string) *store.ScoreOutcome {
	t.Helper()
	out, err := db.ApplyScore(context.Background(), gameID, squares.ScoreUpdate{HomeScore: home, AwayScore: away,
		Quarter: quarter, Status: status})
	if err != nil {
		t.Fatalf("score %d-%d q%d %s: %v", home, away, quarter, status, err)
	}
	return out
}

// fullFreePool opens a game's free pool and fills it, returning it drawn and full.
func fullFreePool(t *testing.T, db *store.DB, pool *store.PoolView) *store.PoolView {
	t.Helper()
	setStatus(t, db, pool.ID, squares.PoolActive)
	res := fillPool(t, db, pool.ID)
	if !res.Drew || res.Pool.Status != squares.PoolFull {
		t.Fatalf("free pool not full and drawn: %s drew=%v", res.Pool.Status, res.Drew)
	}
	return res.Pool
}

// game is a whole NFL game as the manual feed reports it: Q1 ends 7-3, Q2 14-3, Q3 14-10, final 24-17.
var game = []squares.ScoreUpdate{
	{HomeScore: 0, AwayScore: 0, Quarter: 1, Status: "live"}, {HomeScore: 7, AwayScore: 0, Quarter: 1, Status: "1q"},
	{HomeScore: 7, AwayScore: 3, Quarter: 1, Status: "1q"}, {HomeScore: 10, AwayScore: 3, Quarter: 2, Status: "2q"},
	{HomeScore: 14, AwayScore: 3, Quarter: 2, Status: "2q"}, {HomeScore: 14, AwayScore: 10, Quarter: 3, Status: "3q"},
	{HomeScore: 21, AwayScore: 10, Quarter: 4, Status: "4q"}, {HomeScore: 24, AwayScore: 17, Quarter: 4, Status: "ft"},
}

func TestApplyScoreFreePool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*3600e9))
		free := fullFreePool(t, db, pools[0])
		for round := 0; round < 2; round++ {
			for _, u := range game {
				out, err := db.ApplyScore(ctx, g.ID, u)
				if round == 1 && squares.ErrorCode(err) == squares.EUNPROCESSABLE {
					continue // an update from before the final, refused: the game is completed
				}
				if err != nil {
					t.Fatalf("round %d %+v: %v", round, u, err)
				}
				if round == 1 && (out.Changed || len(out.Winners) > 0) {
					// The final replayed is a no-op.
					t.Fatalf("replay changed something: %+v", out)
				}
				if round == 0 && u.Status == "live" && free.Status == squares.PoolFull {
					if p, _ := db.FindPool(ctx, free.ID, 0); p.Status != squares.PoolStarted {
						t.Fatalf("pool %s after kickoff, want started", p.Status)
					}
				}
			}
		}
		ws, err := db.ListWinners(ctx, free.ID)
		if err != nil || len(ws) != 4 {
			t.Fatalf("winners %d, %v", len(ws), err)
		}
		ends := [][2]int{{7, 3}, {14, 3}, {14, 10}, {24, 17}}
		for i, w := range ws {
			cell, _ := squares.WinningCell(free.Pool, squares.PeriodScore{Home: ends[i][0], Away: ends[i][1]})
			if w.Period != i+1 || w.HomeScore != ends[i][0] || w.AwayScore != ends[i][1] || w.Amount != 0 ||
				w.Status != squares.WinnerFree || w.Row != cell.Row || w.Column != cell.Column || w.UserID == 0 ||
				w.FirstName != "filler" {
				t.Errorf("winner %d: %+v (cell %v)", i+1, w, cell)
			}
			// A free pool's win is no prize to claim.
			if zs, err := db.ListUserPrizes(ctx, w.UserID); err != nil || len(zs) != 0 {
				t.Errorf("winner %d's prizes: %v, %v", i+1, zs, err)
			}
		}
		p, _ := db.FindPool(ctx, free.ID, 0)
		g2, _ := db.FindGame(ctx, g.ID)
		if p.Status != squares.PoolCompleted || g2.Status != squares.GameCompleted || *g2.HomePeriod[3] != 24 {
			t.Fatalf("pool %s game %s", p.Status, g2.Status)
		}
		if txs, _ := db.ListLedgerTransactions(ctx); len(txs) != 0 {
			t.Fatalf("a free pool moved money: %d transactions", len(txs))
		}
		// A pool of the game never filled stays out of it.
		if p, _ := db.FindPool(ctx, pools[1].ID, 0); p.Status != squares.PoolDraft {
			t.Fatalf("unfilled pool %s", p.Status)
		}
	})
}

func TestApplyScoreRefusals(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*3600e9))
		score(t, db, g.ID, 7, 3, 1, "1q")
		_, err := db.ApplyScore(ctx, g.ID, squares.ScoreUpdate{HomeScore: 6, AwayScore: 3, Quarter: 1, Status: "1q"})
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		if g2, _ := db.FindGame(ctx, g.ID); *g2.HomeScore != 7 {
			t.Fatalf("a refused update changed the score to %d", *g2.HomeScore)
		}
		out, err := db.ApplyScore(ctx, g.ID, squares.ScoreUpdate{HomeScore: 6, AwayScore: 3, Quarter: 1, Status: "1q",
			Correction: true})
		if err != nil || *out.Game.HomeScore != 6 {
			t.Fatalf("correction: %v", err)
		}
		_, err = db.ApplyScore(ctx, g.ID+1000, squares.ScoreUpdate{Status: "live"})
		wantCode(t, err, squares.ENOTFOUND, "Game not found.")
		_, err = db.ApplyScore(ctx, g.ID, squares.ScoreUpdate{HomeScore: 6, AwayScore: 3, Status: "halfway"})
		wantCode(t, err, squares.EINVALID, "")
	})
}

func TestApplyScoreCollegeBasketballHalves(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g := &squares.Game{LeagueID: squares.LeagueNCAAB, ExternalID: fmt.Sprintf("ncaab_%s", engine), Season: 2026,
			Week: "W3", HomeTeam: "Duke", AwayTeam: "North Carolina", GameDate: t0.Add(72 * 3600e9)}
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		pools, _ := db.ListPools(ctx, store.PoolFilter{GameID: g.ID})
		free := fullFreePool(t, db, pools[0])
		score(t, db, g.ID, 35, 31, 1, "live")
		out := score(t, db, g.ID, 38, 31, 2, "live")
		if len(out.Winners) != 1 || out.Winners[0].HomeScore != 35 {
			t.Fatalf("first half winners %+v", out.Winners)
		}
		score(t, db, g.ID, 70, 70, 3, "ot")
		out = score(t, db, g.ID, 79, 75, 3, "ft")
		if len(out.Winners) != 1 || out.Winners[0].Period != 2 || out.Winners[0].HomeScore != 79 {
			t.Fatalf("final winners %+v", out.Winners)
		}
		ws, _ := db.ListWinners(ctx, free.ID)
		if len(ws) != 2 {
			t.Fatalf("%d winners, want 2 halves", len(ws))
		}
		if p, _ := db.FindPool(ctx, free.ID, 0); p.Status != squares.PoolCompleted {
			t.Fatalf("pool %s", p.Status)
		}
	})
}

func TestApplyScoreCancelledGame(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*3600e9))
		fullFreePool(t, db, pools[0])
		setStatus(t, db, pools[1].ID, squares.PoolActive)
		out := score(t, db, g.ID, 0, 0, 0, "postponed")
		if out.Game.Status != squares.GamePostponed || len(out.CancelPools) != len(pools) {
			t.Fatalf("postponed: %s, pools to cancel %v", out.Game.Status, out.CancelPools)
		}
	})
}
