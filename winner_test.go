package squares_test

import (
	"slices"
	"testing"

	"github.com/squaresapp/squares"
)

func drawnPool(fee squares.Cents) *squares.Pool {
	return &squares.Pool{ID: 7, Name: "$10 Pool", EntryFee: fee, SquaresTaken: squares.SquaresPerPool,
		PayoutSchedule: squares.PayoutQuarters,
		HomeNumbers:    []int{3, 1, 4, 0, 5, 9, 2, 6, 8, 7}, AwayNumbers: []int{2, 7, 1, 8, 0, 9, 3, 4, 5, 6}}
}

func TestWinningCell(t *testing.T) {
	p := drawnPool(1000)
	for _, c := range []struct {
		home, away int
		want       squares.Cell
	}{
		{0, 0, squares.Cell{Row: 4, Column: 3}},
		{24, 17, squares.Cell{Row: 1, Column: 2}}, // away 7 is row 1, home 4 is column 2
		{31, 108, squares.Cell{Row: 3, Column: 1}},
	} {
		got, err := squares.WinningCell(p, squares.PeriodScore{Period: 1, Home: c.home, Away: c.away})
		if err != nil || got != c.want {
			t.Errorf("%d-%d: %v %v, want %v", c.home, c.away, got, err, c.want)
		}
	}
	if _, err := squares.WinningCell(&squares.Pool{Name: "x"}, squares.PeriodScore{}); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
		t.Errorf("undrawn pool: %v", err)
	}
}

// periodWinner is the winner of a pool's n-th paying period as settlement records it (squares.AwardWinner):
// the award its rules make for the period's whole prize.
func periodWinner(p *squares.Pool, n, home, away int, c squares.Cell, owner int64) squares.Winner {
	payouts := squares.Payouts(p)
	code := payouts[n-1].Code
	label := map[string]string{squares.PeriodFinal: "Final", squares.PeriodH1: "1st Half"}[code]
	if label == "" {
		label = code
	}
	return squares.AwardWinner(p, squares.Award{Kind: squares.AwardPeriod, Period: code, PeriodLabel: label, Row: c.Row,
		Column: c.Column, HomeScore: home, AwayScore: away, Amount: squares.SettlementPrizes(p)[n-1]}, owner)
}

func TestPeriodWinnerAndTransactions(t *testing.T) {
	p := drawnPool(1000)
	if got, want := squares.SettlementPrizes(p), []squares.Cents{22500, 22500, 22500, 22500}; !slices.Equal(got, want) {
		t.Fatalf("prizes %v, want %v", got, want)
	}
	fee, ok := squares.SettlementFeeTransaction(p)
	if !ok || fee.Key != "fee:7" || fee.Amount != 10000 || !fee.Balanced() || fee.Entries[1].Account != squares.AccountHouseFees {
		t.Fatalf("fee %+v", fee)
	}
	w := periodWinner(p, 2, 14, 3, squares.Cell{Row: 6, Column: 2}, 42)
	if w.Amount != 22500 || w.Status != squares.WinnerCredited || w.Award != "period:Q2" || w.Name() != "Q2" {
		t.Fatalf("winner %+v", w)
	}
	prize, ok := squares.PrizeTransaction(w)
	if !ok || prize.Key != "prize:7:2" || !prize.Balanced() || prize.Entries[1].Account != squares.UserWinningsAccount(42) {
		t.Fatalf("prize %+v", prize)
	}
	house := periodWinner(p, 4, 1, 1, squares.Cell{}, 0)
	if tx, ok := squares.PrizeTransaction(house); house.Status != squares.WinnerHouse || !ok || tx.Entries[1].Account != squares.AccountHouseWinnings {
		t.Fatalf("house winner %+v %+v", house, tx)
	}
	// A reverse or score prize has a key of its own: never a period's.
	rev := w
	rev.Kind, rev.Award = squares.AwardReverse, "reverse:Q2"
	if tx, _ := squares.PrizeTransaction(rev); tx.Key != "prize:7:reverse:Q2" || tx.Memo != "Reverse Q2: 3-14" {
		t.Fatalf("reverse prize %+v", tx)
	}
	// Non-profit: 5% to the organisation. Private: no fee. Free: the win only.
	np := drawnPool(1000)
	np.IsNonprofit = true
	if tx, _ := squares.SettlementFeeTransaction(np); tx.Amount != 5000 || tx.Entries[1].Account != squares.AccountNonprofitFees {
		t.Fatalf("non-profit fee %+v", tx)
	}
	priv := drawnPool(1000)
	priv.IsPrivate = true
	if _, ok := squares.SettlementFeeTransaction(priv); ok || squares.SettlementPrizes(priv)[0] != 25000 {
		t.Fatalf("private pool keeps a fee: %v", squares.SettlementPrizes(priv))
	}
	free := drawnPool(0)
	fw := periodWinner(free, 1, 0, 0, squares.Cell{}, 9)
	if _, ok := squares.PrizeTransaction(fw); ok || fw.Status != squares.WinnerFree || fw.Amount != 0 {
		t.Fatalf("free winner %+v", fw)
	}
	if _, ok := squares.SettlementFeeTransaction(free); ok {
		t.Fatal("free pool takes a fee")
	}
	halves := drawnPool(1000)
	halves.PayoutSchedule = squares.PayoutHalves
	if got := squares.SettlementPrizes(halves); !slices.Equal(got, []squares.Cents{45000, 45000}) {
		t.Fatalf("halves %v", got)
	}
	if squares.PeriodLabel(1, 2) != "1st Half" || squares.PeriodLabel(4, 4) != "Final" || squares.PeriodLabel(2, 4) != "Q2" {
		t.Fatal("labels")
	}
}

// TestPayouts: what a pool's JSON says each period pays is what settlement pays: before the pool is full,
// on the pot of the full pool; once full, on its own pot.
func TestPayouts(t *testing.T) {
	type row struct {
		label   string
		percent int64
		amount  string
	}
	show := func(ps []squares.Payout) []row {
		var out []row
		for i, p := range ps {
			if p.Period != i+1 {
				t.Errorf("payout %d has period %d", i, p.Period)
			}
			out = append(out, row{p.Label, p.Percent, p.Amount.String()})
		}
		return out
	}
	quarters := func(amounts ...string) []row {
		return []row{{"Q1", 25, amounts[0]}, {"Halftime", 25, amounts[1]}, {"Q3", 25, amounts[2]}, {"Final", 25, amounts[3]}}
	}
	for _, c := range []struct {
		name string
		pool squares.Pool
		want []row
	}{
		// A $2 private pool keeps no fee: the full pot of 200.00 pays 50.00 a quarter, from its first square.
		{"$2 private, 3 taken", squares.Pool{EntryFee: 200, IsPrivate: true, SquaresTaken: 3, PayoutSchedule: squares.PayoutQuarters},
			quarters("50.00", "50.00", "50.00", "50.00")},
		{"$5 public, empty", squares.Pool{EntryFee: 500, PayoutSchedule: squares.PayoutQuarters}, quarters("112.50", "112.50", "112.50", "112.50")},
		{"$1 non-profit, full", squares.Pool{EntryFee: 100, IsNonprofit: true, SquaresTaken: 100, PayoutSchedule: squares.PayoutQuarters},
			quarters("23.75", "23.75", "23.75", "23.75")},
		{"$10 public 20/30/20/30", squares.Pool{EntryFee: 1000, SquaresTaken: 40, PayoutSchedule: squares.PayoutQuartersHeavy},
			[]row{{"Q1", 20, "180.00"}, {"Halftime", 30, "270.00"}, {"Q3", 20, "180.00"}, {"Final", 30, "270.00"}}},
		{"free", squares.Pool{SquaresTaken: 60, PayoutSchedule: squares.PayoutQuarters}, quarters("0.00", "0.00", "0.00", "0.00")},
		{"college basketball 40/60", squares.Pool{EntryFee: 2500, PayoutSchedule: squares.PayoutHalvesHeavy},
			[]row{{"Halftime", 40, "900.00"}, {"Final", 60, "1350.00"}}},
		// A private pool at 1.01 a square: 101.00 split 25/25/25/25, no remainder; at 20/30/20/30 neither.
		// The remainder rule is PeriodPrizes', which TestPeriodPrizes checks.
		{"$1.01 private", squares.Pool{EntryFee: 101, IsPrivate: true, PayoutSchedule: squares.PayoutQuarters},
			quarters("25.25", "25.25", "25.25", "25.25")},
	} {
		if got := show(squares.Payouts(&c.pool)); !slices.Equal(got, c.want) {
			t.Errorf("%s: payouts %v, want %v", c.name, got, c.want)
		}
		// Once full, they are exactly what settlement credits each period.
		full := *squares.IfFull(&c.pool)
		full.HomeNumbers, full.AwayNumbers = drawnPool(0).HomeNumbers, drawnPool(0).AwayNumbers
		for _, p := range squares.Payouts(&full) {
			if w := periodWinner(&full, p.Period, 0, 0, squares.Cell{}, 42); w.Amount != p.Amount {
				t.Errorf("%s: period %d settles %v, payout says %v", c.name, p.Period, w.Amount, p.Amount)
			}
		}
	}
	// IfFull leaves the pool as it was.
	p := squares.Pool{EntryFee: 500, SquaresTaken: 7}
	if squares.IfFull(&p).SquaresTaken != 100 || p.SquaresTaken != 7 || squares.IfFull(drawnPool(5)) == nil {
		t.Error("IfFull changed the pool")
	}
	if squares.PayoutLabel(1, 2) != "Halftime" || squares.PayoutLabel(2, 4) != "Halftime" || squares.PayoutLabel(3, 4) != "Q3" {
		t.Error("payout labels")
	}
}
