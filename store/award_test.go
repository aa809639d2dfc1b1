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

// overtimeGame is an NFL game through the manual feed that ends regulation tied 17-17 and is won 23-17 in
// overtime: seven score changes, Q4 apart from the final.
var overtimeGame = []squares.ScoreUpdate{
	{Quarter: 1, Status: "live"}, {HomeScore: 7, Quarter: 1, Status: "1q"}, {HomeScore: 7, AwayScore: 3, Quarter: 2, Status: "2q"},
	{HomeScore: 14, AwayScore: 3, Quarter: 3, Status: "3q"}, {HomeScore: 14, AwayScore: 10, Quarter: 4, Status: "4q"},
	{HomeScore: 14, AwayScore: 17, Quarter: 4, Status: "4q"}, {HomeScore: 17, AwayScore: 17, Quarter: 4, Status: "4q"},
	{HomeScore: 17, AwayScore: 17, Quarter: 5, Status: "ot"}, {HomeScore: 23, AwayScore: 17, Quarter: 5, Status: "ot"},
	{HomeScore: 23, AwayScore: 17, Status: "ft"},
}

// TestSettleByRules: a public $1 pool whose admin set its rules while it was a draft (Q1 10, Q2 20, Q3 10,
// Q4 10, Final 20, every score 30, reverse 20) fills by card and plays an overtime game through the manual
// feed: every prize its rules award is recorded once, through the ledger, adding up to the prize pool to
// the cent, replays pay nothing twice, and the winners name their kind.
func TestSettleByRules(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, auditor := openBooks(t, engine)
		g, pools := addGame(t, db, "W13", t0.Add(72*time.Hour))
		pool := pools[1]
		rules := squares.Rules{Payouts: []squares.PayoutShare{{Period: squares.PeriodQ1, Percent: 10},
			{Period: squares.PeriodQ2, Percent: 20}, {Period: squares.PeriodQ3, Percent: 10}, {Period: squares.PeriodQ4, Percent: 10},
			{Period: squares.PeriodFinal, Percent: 20}}, EveryScorePercent: 30, ReversePercent: 20}
		bad := rules
		bad.EveryScorePercent = 40
		_, err := db.SetPoolRules(ctx, pool.ID, bad)
		wantCode(t, err, squares.EINVALIDINPUT, "The payout percents and the every-score percent must add up to 100; they add up to 110.")
		set, err := db.SetPoolRules(ctx, pool.ID, rules)
		if err != nil {
			t.Fatal(err)
		}
		if set.Rules.EveryScorePercent != 30 || len(set.PayoutSchedule) != 5 || set.PayoutSchedule[3] != 10 {
			t.Fatalf("rules %+v schedule %v", set.Rules, set.PayoutSchedule)
		}
		setStatus(t, db, pool.ID, squares.PoolActive)
		for i := range squares.SquaresPerPool / 5 {
			u := addPlayer(t, db, fmt.Sprintf("Player%d", i))
			pay, err := db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_rules_%d", i), Provider: "sandbox",
				User: u, PoolID: pool.ID, Cells: cellsFrom(5*i, 5), Amount: 5 * pool.EntryFee})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.ConfirmPayment(ctx, pay.ID, paidAtProvider(pay), squares.Eligibility{}); err != nil {
				t.Fatal(err)
			}
		}
		// Once a square is taken the rules stay.
		_, err = db.SetPoolRules(ctx, pool.ID, squares.Rules{})
		wantCode(t, err, squares.EUNPROCESSABLE, "Squares of this pool are taken; its rules can no longer change.")
		full, err := db.FindPool(ctx, pool.ID, 0)
		if err != nil || !full.NumbersGenerated() {
			t.Fatalf("pool not drawn: %v", err)
		}
		for i, u := range overtimeGame {
			if i == 1 {
				// The escrow captures the holds of a pool that started (its pass, after the kickoff).
				for j := range squares.SquaresPerPool / 5 {
					if err := db.MarkCaptured(ctx, fmt.Sprintf("pay_rules_%d", j)); err != nil {
						t.Fatal(err)
					}
				}
			}
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		for round := range 1 {
			for _, u := range overtimeGame {
				_, err := db.ApplyScore(ctx, g.ID, u)
				if round == 0 && squares.ErrorCode(err) == squares.EUNPROCESSABLE {
					continue
				}
				if err != nil {
					t.Fatalf("%+v: %v", u, err)
				}
			}
		}
		ws, err := db.ListWinners(ctx, pool.ID)
		if err != nil {
			t.Fatal(err)
		}
		prizePool := full.PrizePool()
		var sum squares.Cents
		kinds := map[string]int{}
		byAward := map[string]*squares.Winner{}
		for _, w := range ws {
			sum += w.Amount
			kinds[w.Kind]++
			if byAward[w.Award] != nil {
				t.Fatalf("award %s twice", w.Award)
			}
			byAward[w.Award] = w
		}
		if sum != prizePool {
			t.Fatalf("winners share %s, want the prize pool %s", sum, prizePool)
		}
		// Seven changes: 0-7, 3-7, 3-14, 10-14, 17-14, 17-17, 17-23 (away-home).
		if kinds[squares.AwardScore] != 7 || kinds[squares.AwardPeriod] != 5 {
			t.Fatalf("kinds %v", kinds)
		}
		q4, final := byAward["period:Q4"], byAward["period:FINAL"]
		if q4 == nil || final == nil || q4.HomeScore != 17 || q4.AwayScore != 17 || final.HomeScore != 23 || q4.Label != "Q4" {
			t.Fatalf("Q4 %+v final %+v", q4, final)
		}
		every := prizePool.Percent(30) / 7
		if s7 := byAward["score:7"]; s7 == nil || s7.Amount != every || s7.Label != "Final" || s7.Name() != "Score 17-23" {
			t.Fatalf("7th score %+v, want %s", s7, every)
		}
		q1 := prizePool.Percent(10)
		if rev, ok := byAward["reverse:Q1"]; ok {
			if rev.Amount != q1.Percent(20) || byAward["period:Q1"].Amount != q1-rev.Amount {
				t.Fatalf("Q1 %s and reverse %s of %s", byAward["period:Q1"].Amount, rev.Amount, q1)
			}
		} else if byAward["period:Q1"].Amount != q1 {
			t.Fatalf("Q1 %s, want the whole %s (one square both)", byAward["period:Q1"].Amount, q1)
		}
		auditor.Snapshot(t, db).CheckBooks(t, db)
		txs, err := db.ListLedgerTransactions(ctx)
		if err != nil {
			t.Fatal(err)
		}
		prizes := 0
		for _, tx := range txs {
			if tx.Kind == squares.LedgerPrize && tx.PoolID == pool.ID {
				prizes++
			}
		}
		if prizes != len(ws) {
			t.Fatalf("%d prize transactions for %d winners", prizes, len(ws))
		}
	})
}
