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

// TestSmallGridPerPeriodUnfilled: a host pool of 25 squares at $4 (rules: numbers per period, every score
// 40%, reverse 20%, played unfilled) given 20 squares by its host, drawn as it stands when its game goes
// live: four number sets, each from its own committed seed and the same ownership text with five empty
// squares; off-grid squares are refused; the game pays the whole pot of 80.00 to the cent, by the rules.
func TestSmallGridPerPeriodUnfilled(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		host := addPlayer(t, db, "Host")
		before := ledgerState(t, db)
		rules := squares.Rules{Grid: squares.Grid25, Numbers: squares.NumbersPerPeriod, EveryScorePercent: 40, ReversePercent: 20,
			Unfilled: squares.UnfilledPlay, Payouts: []squares.PayoutShare{{Period: squares.PeriodQ1, Percent: 15},
				{Period: squares.PeriodQ2, Percent: 15}, {Period: squares.PeriodQ3, Percent: 15}, {Period: squares.PeriodFinal, Percent: 15}}}
		bad := rules
		bad.Grid = 36
		_, err := db.CreatePrivatePool(ctx, host, squares.PrivatePoolInput{GameID: g.ID, Name: "Small", EntryFee: 400,
			MaxSquaresPerPlayer: squares.MaxPrivateSquares, Collection: squares.CollectionHost, Rules: &bad}, squares.PrivatePoolRules{})
		wantCode(t, err, squares.EINVALIDINPUT, "Grid must be 100, 50 or 25 squares.")
		created, err := db.CreatePrivatePool(ctx, host, squares.PrivatePoolInput{GameID: g.ID, Name: "Small", EntryFee: 400,
			MaxSquaresPerPlayer: squares.MaxPrivateSquares, Collection: squares.CollectionHost, Rules: &rules}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		p := created.Pool
		if p.GridSquares() != 25 || len(p.NumberSets) != 4 || p.NumberSets[0].SeedSHA256 != p.DrawCommitment ||
			p.NumberSets[1].SeedSHA256 == p.DrawCommitment {
			t.Fatalf("grid %d, sets %+v", p.GridSquares(), p.NumberSets)
		}
		gu, err := db.AddGuest(ctx, host, p.ID, squares.GuestInput{Name: "Gina"}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{GuestID: gu.ID},
			Cells: []squares.Cell{{Row: 5, Column: 0}}})
		wantCode(t, err, squares.EINVALID, "This pool's grid has rows 0 to 4 and columns 0 to 4.")
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{GuestID: gu.ID},
			Random: 20}); err != nil {
			t.Fatal(err)
		}
		if cur, _ := db.FindPool(ctx, p.ID, 0); cur.NumbersGenerated() || cur.SquaresTaken != 20 {
			t.Fatalf("drawn %v with %d squares", cur.NumbersGenerated(), cur.SquaresTaken)
		}
		for _, u := range overtimeGame {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		drawn, err := db.FindPool(ctx, p.ID, 0)
		if err != nil || drawn.Status != squares.PoolCompleted || len(drawn.NumberSets) != 4 {
			t.Fatalf("pool %s, %d sets, %v", drawn.Status, len(drawn.NumberSets), err)
		}
		if err := squares.VerifyNumberSets(drawn.NumberSets, p.ID, drawn.DrawInput); err != nil {
			t.Fatal(err)
		}
		if owners, err := squares.ParseGridOwnershipText(drawn.DrawInput, 25); err != nil || countEmpty(owners) != 5 {
			t.Fatalf("draw input %q: %v", drawn.DrawInput, err)
		}
		ws, err := db.ListWinners(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		var sum squares.Cents
		for _, w := range ws {
			sum += w.Amount
			if w.Status != squares.WinnerHostPays || w.Row > 4 || w.Column > 4 {
				t.Errorf("winner %+v", *w)
			}
		}
		if sum != 8_000 {
			t.Fatalf("winners share %s of 80.00: %d winners", sum, len(ws))
		}
		if after := ledgerState(t, db); after != before {
			t.Fatalf("a host pool moved money: %s", after)
		}
	})
}

func countEmpty(owners []string) int {
	n := 0
	for _, o := range owners {
		if o == "" {
			n++
		}
	}
	return n
}
