package escrow_test

import (
	"sync"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// nflGame is a whole game through the manual feed: Q1 ends 7-3, Q2 14-3, Q3 14-10, final 24-17.
var nflGame = []squares.ScoreUpdate{
	{HomeScore: 0, AwayScore: 0, Quarter: 1, Status: "live"}, {HomeScore: 7, AwayScore: 0, Quarter: 1, Status: "1q"},
	{HomeScore: 7, AwayScore: 3, Quarter: 1, Status: "1q"}, {HomeScore: 10, AwayScore: 3, Quarter: 2, Status: "2q"},
	{HomeScore: 14, AwayScore: 3, Quarter: 2, Status: "2q"}, {HomeScore: 14, AwayScore: 10, Quarter: 3, Status: "3q"},
	{HomeScore: 21, AwayScore: 10, Quarter: 4, Status: "4q"}, {HomeScore: 24, AwayScore: 17, Quarter: 4, Status: "ft"},
}

// TestSettleFullTenDollarPool plays a whole game through the manual feed for a full $10 pool: four
// winners paid 225.00 each from the 1,000.00 pot, 100.00 to the house, the books balanced; then replays
// every update, which changes nothing.
func TestSettleFullTenDollarPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		pool := e.game()[3]
		e.fill(pool)
		e.runOnce() // captures the complete pool's payments
		if got := e.balance(squares.PoolEscrowAccount(pool.ID)); got != 100000 {
			t.Fatalf("escrow %s before the game, want 1000.00", got)
		}
		for round := 0; round < 2; round++ {
			for _, u := range nflGame {
				out, err := e.db.ApplyScore(e.ctx, pool.GameID, u)
				if round == 1 {
					if err == nil && (out.Changed || len(out.Winners) > 0) {
						t.Fatalf("replay of %+v changed something: %+v", u, out)
					}
					if err != nil && squares.ErrorCode(err) != squares.EUNPROCESSABLE {
						t.Fatalf("replay of %+v: %v", u, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%+v: %v", u, err)
				}
			}
			ws, err := e.db.ListWinners(e.ctx, pool.ID)
			if err != nil || len(ws) != 4 {
				t.Fatalf("round %d: %d winners, %v", round, len(ws), err)
			}
			for _, w := range ws {
				if w.Amount != 22500 || w.Status != squares.WinnerCredited || w.UserID == 0 {
					t.Errorf("winner %+v, want 225.00 credited to a player", w)
				}
			}
			// A player may win twice; their winnings hold both prizes once.
			var credited squares.Cents
			seen := map[int64]bool{}
			for _, w := range ws {
				if !seen[w.UserID] {
					seen[w.UserID] = true
					credited += e.balance(squares.UserWinningsAccount(w.UserID))
				}
			}
			if credited != 90000 || e.balance(squares.AccountHouseFees) != 10000 ||
				e.balance(squares.PoolEscrowAccount(pool.ID)) != 0 {
				t.Fatalf("round %d: winnings %s, fees %s, escrow %s; want 900.00, 100.00, 0.00", round, credited,
					e.balance(squares.AccountHouseFees), e.balance(squares.PoolEscrowAccount(pool.ID)))
			}
			var fees, prizes int
			for _, tx := range e.ledger() {
				switch tx.Kind {
				case squares.LedgerHouseFee:
					fees++
				case squares.LedgerPrize:
					prizes++
				}
			}
			if fees != 1 || prizes != 4 {
				t.Fatalf("round %d: %d fee and %d prize transactions, want 1 and 4", round, fees, prizes)
			}
		}
		if p := e.pool(pool.ID); p.Status != squares.PoolCompleted {
			t.Fatalf("pool %s after the final, want completed", p.Status)
		}
	})
}

// TestSettleOvertimeCountsTowardTheFinal: a final reached in overtime pays the final score, overtime
// included, not the score at the end of regulation.
func TestSettleOvertimeCountsTowardTheFinal(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		pool := e.game()[3]
		e.fill(pool)
		e.runOnce()
		for _, u := range []squares.ScoreUpdate{
			{HomeScore: 3, AwayScore: 0, Quarter: 1, Status: "1q"}, {HomeScore: 10, AwayScore: 7, Quarter: 2, Status: "2q"},
			{HomeScore: 17, AwayScore: 14, Quarter: 3, Status: "3q"}, {HomeScore: 24, AwayScore: 24, Quarter: 4, Status: "4q"},
			{HomeScore: 24, AwayScore: 24, Quarter: 5, Status: "ot"}, {HomeScore: 30, AwayScore: 24, Quarter: 5, Status: "ft"},
		} {
			if _, err := e.db.ApplyScore(e.ctx, pool.GameID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		ws, _ := e.db.ListWinners(e.ctx, pool.ID)
		if len(ws) != 4 || ws[3].HomeScore != 30 || ws[3].AwayScore != 24 || ws[3].Amount != 22500 {
			t.Fatalf("final winner %+v, want 30-24 paid 225.00", ws)
		}
		p := e.pool(pool.ID)
		cell, _ := squares.WinningCell(p.Pool, squares.PeriodScore{Home: 30, Away: 24})
		if ws[3].Row != cell.Row || ws[3].Column != cell.Column {
			t.Fatalf("final square %d,%d, want %v", ws[3].Row, ws[3].Column, cell)
		}
	})
}

// TestSettleConcurrentReplays: the same updates sent at once by several callers (a feed and an admin,
// two instances) pay each period once.
func TestSettleConcurrentReplays(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		pool := e.game()[3]
		e.fill(pool)
		e.runOnce()
		var wg sync.WaitGroup
		errs := make(chan error, 8*len(nflGame))
		for range 8 {
			wg.Go(func() {
				for _, u := range nflGame {
					if _, err := e.db.ApplyScore(e.ctx, pool.GameID, u); err != nil &&
						squares.ErrorCode(err) != squares.EUNPROCESSABLE {
						errs <- err
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("concurrent update: %v", err)
		}
		fees, prizes := 0, 0
		for _, tx := range e.ledger() {
			switch tx.Kind {
			case squares.LedgerHouseFee:
				fees++
			case squares.LedgerPrize:
				prizes++
			}
		}
		ws, _ := e.db.ListWinners(e.ctx, pool.ID)
		if fees != 1 || prizes != 4 || len(ws) != 4 || e.balance(squares.PoolEscrowAccount(pool.ID)) != 0 {
			t.Fatalf("%d fees, %d prizes, %d winners, escrow %s", fees, prizes, len(ws),
				e.balance(squares.PoolEscrowAccount(pool.ID)))
		}
	})
}

// TestSettleHouseSquareKeepsItsPrize: a square the house took over (a hold the issuer cancelled in the
// complete pool) wins Q1: the winner is the house's, its prize goes to house:winnings, and the books
// still close with the escrow empty at the final.
func TestSettleHouseSquareKeepsItsPrize(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		pool := e.game()[3]
		first := e.buy(e.player("Ann"), pool, cellsFrom(0, squares.PublicSquaresPerPlayer)...)
		for i := squares.PublicSquaresPerPlayer; i < squares.SquaresPerPool; i += squares.PublicSquaresPerPlayer {
			e.buy(e.player("Filler"), pool, cellsFrom(i, squares.PublicSquaresPerPlayer)...)
		}
		if _, err := e.sb.Release(e.ctx, first.Payment.ProviderPaymentID, "issuer"); err != nil {
			t.Fatal(err)
		}
		e.runOnce()
		if sq := e.squaresOf(pool.ID)[cell(0, 0)]; !sq.IsHouse {
			t.Fatalf("square 0,0 = %+v, want the house's", sq)
		}
		p := e.pool(pool.ID)
		// Q1 ends on the digits of square (0, 0), the house's; Q2, Q3 and the final on squares (5, 5), (6, 6)
		// and (7, 7), which players own whatever the draw.
		at := func(tens, i int) (int, int) { return tens + p.HomeNumbers[i], tens + p.AwayNumbers[i] }
		h, a := at(0, 0)
		h2, a2 := at(10, 5)
		h3, a3 := at(20, 6)
		h4, a4 := at(30, 7)
		for _, u := range []squares.ScoreUpdate{
			{HomeScore: h, AwayScore: a, Quarter: 1, Status: "1q"}, {HomeScore: h2, AwayScore: a2, Quarter: 2, Status: "2q"},
			{HomeScore: h3, AwayScore: a3, Quarter: 3, Status: "3q"}, {HomeScore: h4, AwayScore: a4, Quarter: 4, Status: "ft"},
		} {
			if _, err := e.db.ApplyScore(e.ctx, pool.GameID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		ws, _ := e.db.ListWinners(e.ctx, pool.ID)
		if len(ws) != 4 || ws[0].Status != squares.WinnerHouse || ws[0].UserID != 0 || ws[0].Row != 0 || ws[0].Column != 0 {
			t.Fatalf("Q1 winner %+v, want the house's square 0,0", ws[0])
		}
		if got := e.balance(squares.AccountHouseWinnings); got != 22500 {
			t.Fatalf("house winnings %s, want 225.00", got)
		}
		if got := e.balance(squares.PoolEscrowAccount(pool.ID)); got != 0 {
			t.Fatalf("escrow %s after the final, want 0.00", got)
		}
	})
}
