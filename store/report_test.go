package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// ledgerSums is a pool's money summed straight from the whole ledger (ListLedgerTransactions), apart from
// the report's own reading: what entered its escrow, what left it by transaction kind, and the pool's
// payouts and forfeits.
type ledgerSums struct {
	in                  squares.Cents
	out                 map[string]squares.Cents
	payouts, forfeits   squares.Cents
	credited, houseWins squares.Cents
}

func sumLedger(t *testing.T, db *store.DB, poolID int64) ledgerSums {
	t.Helper()
	txs, err := db.ListLedgerTransactions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s := ledgerSums{out: map[string]squares.Cents{}}
	for _, tx := range txs {
		if tx.PoolID != poolID {
			continue
		}
		for _, e := range tx.Entries {
			switch {
			case e.Account == squares.PoolEscrowAccount(poolID) && e.Amount > 0:
				s.in += e.Amount
			case e.Account == squares.PoolEscrowAccount(poolID):
				s.out[tx.Kind] -= e.Amount
			case tx.Kind == squares.LedgerPrize && e.Account == squares.AccountHouseWinnings:
				s.houseWins += e.Amount
			case tx.Kind == squares.LedgerPrize && e.Amount > 0:
				s.credited += e.Amount
			}
		}
		switch tx.Kind {
		case squares.LedgerPayout:
			s.payouts += tx.Amount
		case squares.LedgerForfeit:
			s.forfeits += tx.Amount
		}
	}
	return s
}

// checkTie fails the test unless the report's totals are the ledger's sums, its rows add up to them, and
// the account balances of the books agree (each test's database holds this one pool's money only).
func checkTie(t *testing.T, db *store.DB, r *store.PoolReport) ledgerSums {
	t.Helper()
	id := r.Pool.ID
	s := sumLedger(t, db, id)
	tot := r.Totals
	refunds := s.out[squares.LedgerRefund] + s.out[squares.LedgerRecover] + s.out[squares.LedgerUnstake]
	if tot.MoneyIn != s.in || tot.Fee != s.out[squares.LedgerHouseFee] || tot.Prizes != s.out[squares.LedgerPrize] ||
		tot.Refunds != refunds || tot.PaidOut != s.payouts || tot.Forfeited != s.forfeits ||
		tot.StillOwed != s.credited-s.payouts-s.forfeits {
		t.Fatalf("report totals %+v, ledger %+v", tot, s)
	}
	if tot.MoneyIn != tot.Fee+tot.Prizes+tot.Refunds+tot.InEscrow {
		t.Fatalf("money in %s is not fee + prizes + refunds + in escrow: %+v", tot.MoneyIn, tot)
	}
	books := storetest.Books(t, db)
	if books[squares.PoolEscrowAccount(id)] != tot.InEscrow || books[squares.PoolHeldAccount(id)] != tot.Held {
		t.Fatalf("escrow %s held %s in the books, %s and %s in the report", books[squares.PoolEscrowAccount(id)],
			books[squares.PoolHeldAccount(id)], tot.InEscrow, tot.Held)
	}
	if books[squares.AccountHouseFees]+books[squares.AccountNonprofitFees] != tot.Fee {
		t.Fatalf("fees %s in the books, %s in the report", books[squares.AccountHouseFees], tot.Fee)
	}
	var paid, held, refunded, won squares.Cents
	for _, pl := range r.Players {
		paid, held, refunded, won = paid+pl.Paid, held+pl.Held, refunded+pl.Refunded, won+pl.Won
	}
	if !r.Pool.HostCollects() && (paid != tot.MoneyIn || held != tot.Held || refunded != tot.Refunds) {
		t.Fatalf("players paid %s held %s refunded %s; totals %+v", paid, held, refunded, tot)
	}
	var awarded, refundRows, paidRows squares.Cents
	for _, a := range r.Awards {
		awarded += a.Amount
	}
	if won != awarded {
		t.Fatalf("players won %s of %s awarded", won, awarded)
	}
	if !r.Pool.HostCollects() && !r.Pool.IsFree() && awarded != tot.Prizes {
		t.Fatalf("awards %s, ledger prizes %s", awarded, tot.Prizes)
	}
	for _, f := range r.Refunds {
		refundRows += f.Amount
	}
	for _, p := range r.Payouts {
		if p.Kind == squares.ReportPaidOut {
			paidRows += p.Amount
		}
	}
	if refundRows != tot.Refunds || paidRows != tot.PaidOut {
		t.Fatalf("refund rows %s payout rows %s; totals %+v", refundRows, paidRows, tot)
	}
	rec, err := db.ReadPoolRecord(context.Background(), id, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Pool.Record.Seq != rec.Seq || r.Pool.Record.Head != rec.Head || r.Pool.Record.Seq == 0 {
		t.Fatalf("record %d %s, want %d %s", r.Pool.Record.Seq, r.Pool.Record.Head, rec.Seq, rec.Head)
	}
	if n := len(rec.Checkpoints); n == 0 && r.Pool.Record.Checkpoint != nil || n > 0 && (r.Pool.Record.Checkpoint == nil || *r.Pool.Record.Checkpoint != rec.Checkpoints[n-1]) {
		t.Fatalf("checkpoint %+v, record's %+v", r.Pool.Record.Checkpoint, rec.Checkpoints)
	}
	return s
}

func report(t *testing.T, db *store.DB, poolID int64) *store.PoolReport {
	t.Helper()
	r, err := db.PoolReport(context.Background(), poolID)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestReportPlayedPool: a $10 pool sold by card to 20 players (five squares each), captured, played through
// an overtime game to completed; one winner claims and is paid out at once (the sandbox). The report's
// totals are the ledger's: 1,000.00 in, the 10% fee, 900.00 of prizes, nothing left in escrow, the claimed
// prize paid out and the rest still owed; every square's owner paid 10.00 for it.
func TestReportPlayedPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openBooks(t, engine)
		g, pools := addGame(t, db, "W13", t0.Add(72*time.Hour))
		pool := pools[3]
		setStatus(t, db, pool.ID, squares.PoolActive)
		players := map[int64]*squares.User{}
		for i := range squares.SquaresPerPool / 5 {
			u := addPlayer(t, db, fmt.Sprintf("Player%d", i))
			players[u.ID] = u
			pay, err := db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_report_%d", i), Provider: "sandbox",
				User: u, PoolID: pool.ID, Cells: cellsFrom(5*i, 5), Amount: 5 * pool.EntryFee})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.ConfirmPayment(ctx, pay.ID, paidAtProvider(pay), squares.Eligibility{}); err != nil {
				t.Fatal(err)
			}
		}
		held := report(t, db, pool.ID)
		if held.Totals.Held != 100_000 || held.Totals.MoneyIn != 0 {
			t.Fatalf("before capture %+v", held.Totals)
		}
		checkTie(t, db, held)
		for i := range squares.SquaresPerPool / 5 {
			if err := db.MarkCaptured(ctx, fmt.Sprintf("pay_report_%d", i)); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range overtimeGame {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		var claimed squares.Cents
		for _, u := range players {
			zs, err := db.ListUserPrizes(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(zs) > 0 {
				if _, err := db.ClaimPrize(ctx, u.ID, zs[0].ID, true); err != nil {
					t.Fatal(err)
				}
				claimed = zs[0].Amount
				break
			}
		}
		r := report(t, db, pool.ID)
		if r.Pool.Status != squares.PoolCompleted {
			t.Fatalf("pool %s", r.Pool.Status)
		}
		s := checkTie(t, db, r)
		want := squares.ReportTotals{MoneyIn: 100_000, Fee: 10_000, Prizes: 90_000, PaidOut: claimed,
			StillOwed: s.credited - claimed}
		if r.Totals != want || claimed == 0 || s.credited+s.houseWins != 90_000 {
			t.Fatalf("totals %+v, want %+v", r.Totals, want)
		}
		if len(r.Squares) != 100 || len(r.Players) != 20 {
			t.Fatalf("%d squares, %d players", len(r.Squares), len(r.Players))
		}
		for _, pl := range r.Players {
			if pl.Squares != 5 || pl.Paid != 5_000 || pl.Name != squares.ShortName(players[mustID(t, pl.Owner)].FirstName, "Tester") {
				t.Fatalf("player %+v", pl)
			}
		}
		if len(r.Awards) == 0 || r.Awards[0].Name != "Q1" || r.Awards[0].OwnerName == "" {
			t.Fatalf("awards %+v", r.Awards)
		}
		kinds := map[string]int{}
		for _, p := range r.Payouts {
			kinds[p.Kind]++
		}
		if kinds[squares.ReportClaimed] != 1 || kinds[squares.ReportPaidOut] != 1 || len(r.Refunds) != 0 {
			t.Fatalf("payouts %+v refunds %+v", r.Payouts, r.Refunds)
		}
	})
}

func mustID(t *testing.T, owner string) int64 {
	t.Helper()
	var id int64
	if _, err := fmt.Sscan(owner, &id); err != nil {
		t.Fatalf("owner %q: %v", owner, err)
	}
	return id
}

// TestReportCancelledPool: a $5 pool with two buyers, one captured and one held, is cancelled; the escrow
// refunds the capture and releases the hold. The report shows 10.00 in, 10.00 refunded to its buyer,
// nothing held nor left in escrow, and the released buyer paid nothing.
func TestReportCancelledPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openBooks(t, engine)
		_, pools := addGame(t, db, "W13", t0.Add(72*time.Hour))
		pool := pools[2]
		setStatus(t, db, pool.ID, squares.PoolActive)
		ann, ben := addPlayer(t, db, "Ann"), addPlayer(t, db, "Ben")
		for i, u := range []*squares.User{ann, ben} {
			pay, err := db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_cancel_%d", i), Provider: "sandbox",
				User: u, PoolID: pool.ID, Cells: cellsFrom(2*i, 2), Amount: 2 * pool.EntryFee})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.ConfirmPayment(ctx, pay.ID, paidAtProvider(pay), squares.Eligibility{}); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.MarkCaptured(ctx, "pay_cancel_0"); err != nil {
			t.Fatal(err)
		}
		checkTie(t, db, report(t, db, pool.ID))
		if _, err := db.CancelPool(ctx, pool.ID, "Not enough players."); err != nil {
			t.Fatal(err)
		}
		if err := db.MarkRefunded(ctx, "pay_cancel_0", "Pool cancelled."); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ReleasePayment(ctx, "pay_cancel_1", "Pool cancelled."); err != nil {
			t.Fatal(err)
		}
		r := report(t, db, pool.ID)
		checkTie(t, db, r)
		if want := (squares.ReportTotals{MoneyIn: 1_000, Refunds: 1_000}); r.Totals != want {
			t.Fatalf("totals %+v, want %+v", r.Totals, want)
		}
		if len(r.Refunds) != 1 || r.Refunds[0].Amount != 1_000 || r.Refunds[0].Owner != fmt.Sprint(ann.ID) ||
			r.Refunds[0].OwnerName != "Ann T." {
			t.Fatalf("refunds %+v", r.Refunds)
		}
		for _, pl := range r.Players {
			switch pl.Owner {
			case fmt.Sprint(ann.ID):
				if pl.Paid != 1_000 || pl.Refunded != 1_000 {
					t.Fatalf("Ann %+v", pl)
				}
			case fmt.Sprint(ben.ID):
				if pl.Paid != 0 || pl.Held != 0 || pl.Refunded != 0 {
					t.Fatalf("Ben %+v: a released hold paid nothing", pl)
				}
			}
		}
	})
}

// TestReportHostPool: a host-collected $4 pool of 25 squares: no money goes through Squares, so every
// ledger total is zero, and the report says what the host recorded as received from whom (a correction
// cancels a payment) and which prizes the host marked paid.
func TestReportHostPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		host := addPlayer(t, db, "Host")
		rules := squares.Rules{Grid: squares.Grid25, Unfilled: squares.UnfilledPlay, Payouts: []squares.PayoutShare{
			{Period: squares.PeriodQ1, Percent: 25}, {Period: squares.PeriodQ2, Percent: 25}, {Period: squares.PeriodQ3, Percent: 25},
			{Period: squares.PeriodFinal, Percent: 25}}}
		created, err := db.CreatePrivatePool(ctx, host, squares.PrivatePoolInput{GameID: g.ID, Name: "Party", EntryFee: 400,
			MaxSquaresPerPlayer: squares.MaxPrivateSquares, Collection: squares.CollectionHost, Rules: &rules}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		p := created.Pool
		gina, err := db.AddGuest(ctx, host, p.ID, squares.GuestInput{Name: "=Gina"}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{GuestID: gina.ID},
			Random: 20}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{UserID: host.ID},
			Random: 5}); err != nil {
			t.Fatal(err)
		}
		wrong, err := db.RecordPayment(ctx, host, p.ID, squares.PaymentInput{Player: squares.Player{GuestID: gina.ID}, Amount: 9_000})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.CorrectPayment(ctx, host, p.ID, wrong.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.RecordPayment(ctx, host, p.ID, squares.PaymentInput{Player: squares.Player{GuestID: gina.ID}, Amount: 8_000,
			Note: "cash"}); err != nil {
			t.Fatal(err)
		}
		for _, u := range overtimeGame {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		r := report(t, db, p.ID)
		if _, err := db.MarkHostPrizePaid(ctx, host, p.ID, r.Awards[0].Award); err != nil {
			t.Fatal(err)
		}
		r = report(t, db, p.ID)
		checkTie(t, db, r)
		if r.Totals != (squares.ReportTotals{}) || r.HostReceived != 8_000 {
			t.Fatalf("totals %+v, host received %s", r.Totals, r.HostReceived)
		}
		if len(r.Players) != 2 || r.Players[0].Name != "=Gina" || r.Players[0].Squares != 20 || r.Players[0].Paid != 8_000 ||
			r.Players[1].Owner != fmt.Sprint(host.ID) || r.Players[1].Paid != 0 || r.Players[1].Squares != 5 {
			t.Fatalf("players %+v", r.Players)
		}
		var won squares.Cents
		for _, a := range r.Awards {
			won += a.Amount
		}
		if won != 10_000 || r.Awards[0].Status != squares.WinnerHostPaid || r.Awards[0].PaidAt == nil {
			t.Fatalf("awards %+v", r.Awards)
		}
		if len(r.Payouts) != 1 || r.Payouts[0].Kind != squares.ReportHostPaid || r.Payouts[0].Amount != r.Awards[0].Amount {
			t.Fatalf("payouts %+v", r.Payouts)
		}
	})
}

// TestReportFreePool: a free pool claimed by 20 players and played: no money, every award recorded with
// its winner and nothing to pay.
func TestReportFreePool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W13", t0.Add(72*time.Hour))
		setStatus(t, db, pools[0].ID, squares.PoolActive)
		fillPool(t, db, pools[0].ID)
		for _, u := range overtimeGame {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		r := report(t, db, pools[0].ID)
		checkTie(t, db, r)
		if r.Totals != (squares.ReportTotals{}) || r.HostReceived != 0 || len(r.Squares) != 100 || len(r.Players) != 20 {
			t.Fatalf("totals %+v, %d squares, %d players", r.Totals, len(r.Squares), len(r.Players))
		}
		if len(r.Awards) == 0 {
			t.Fatal("no awards")
		}
		for _, a := range r.Awards {
			if a.Status != squares.WinnerFree || a.Amount != 0 || a.OwnerName == "" {
				t.Fatalf("award %+v", a)
			}
		}
	})
}

// TestReportUnknownPool: a pool that does not exist is not found.
func TestReportUnknownPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, _ := openAt(t, engine)
		_, err := db.PoolReport(context.Background(), 99_999)
		wantCode(t, err, squares.ENOTFOUND, "Pool not found.")
	})
}
