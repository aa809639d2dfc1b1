package squares

import (
	"testing"
	"time"
)

// played is the ledger of pool 7 played out by card: Ann pays 30.00 (captured), Ben 20.00 held then
// captured, Cy 10.00 held then released, the house stakes 40.00; the fee is 10.00, Ann wins 50.00 (claimed
// and paid out), Ben 20.00 (still owed), the house 10.00: the escrow is empty. A transaction of pool 8 is not pool 7's.
func played() []*LedgerTransaction {
	ann := &Payment{ID: "pay_a", UserID: 1, PoolID: 7, Amount: 3000}
	ben := &Payment{ID: "pay_b", UserID: 2, PoolID: 7, Amount: 2000}
	cy := &Payment{ID: "pay_c", UserID: 3, PoolID: 7, Amount: 1000}
	other := &Payment{ID: "pay_x", UserID: 1, PoolID: 8, Amount: 99900}
	pool := &Pool{ID: 7, EntryFee: 1000, SquaresTaken: 10}
	fee, _ := SettlementFeeTransaction(pool)
	var txs []LedgerTransaction
	txs = append(txs, HoldTransaction(ann), HoldTransaction(ben), HoldTransaction(cy), HoldTransaction(other),
		CaptureTransaction(ann), CaptureTransaction(ben), CaptureTransaction(other), ReleaseTransaction(cy),
		StakeTransaction(7, 4000), fee)
	for _, w := range []Winner{{PoolID: 7, Period: 1, UserID: 1, Amount: 5000, Status: WinnerCredited},
		{PoolID: 7, Period: 2, UserID: 2, Amount: 2000, Status: WinnerCredited},
		{PoolID: 7, Period: 3, Amount: 1000, Status: WinnerHouse}} {
		t, _ := PrizeTransaction(w)
		txs = append(txs, t)
	}
	prize := &Prize{ID: 1, PoolID: 7, UserID: 1, Amount: 5000}
	txs = append(txs, ClaimTransaction(prize), PayoutTransaction(prize))
	out := make([]*LedgerTransaction, len(txs))
	for i := range txs {
		out[i] = &txs[i]
	}
	return out
}

func TestReportTotalsOf(t *testing.T) {
	got := ReportTotalsOf(7, played())
	want := ReportTotals{MoneyIn: 9000, Fee: 1000, Prizes: 8000, PaidOut: 5000, StillOwed: 2000}
	if got != want {
		t.Fatalf("totals %+v, want %+v", got, want)
	}
	if got.MoneyIn != got.Fee+got.Prizes+got.Refunds+got.InEscrow {
		t.Fatalf("money in %s is not fee + prizes + refunds + in escrow", got.MoneyIn)
	}
}

func TestReportTotalsCancelled(t *testing.T) {
	// Ann's 30.00 captured, 5.00 of it refunded outside Squares (the house covered it); the pool is
	// cancelled: 25.00 back to her card, 5.00 back to the house, the house's stake of 40.00 returned; Ben's
	// hold is released.
	ann := &Payment{ID: "pay_a", UserID: 1, PoolID: 7, Amount: 3000}
	ben := &Payment{ID: "pay_b", UserID: 2, PoolID: 7, Amount: 2000}
	outside, _ := ExternalRefundTransaction(ann, 0, 500)
	outside.PoolID = 7
	list := []LedgerTransaction{HoldTransaction(ann), CaptureTransaction(ann), HoldTransaction(ben), outside,
		StakeTransaction(7, 4000), ReleaseTransaction(ben)}
	list = append(list, RefundTransactions(ann, 500)...)
	list = append(list, UnstakeTransaction(7, 4000))
	var txs []*LedgerTransaction
	for i := range list {
		txs = append(txs, &list[i])
	}
	got := ReportTotalsOf(7, txs)
	if want := (ReportTotals{MoneyIn: 7000, Refunds: 7000}); got != want {
		t.Fatalf("totals %+v, want %+v", got, want)
	}
	money := ReportMoneyByUser(7, txs)
	if m := money[1]; m != (ReportMoney{Paid: 3000, Refunded: 3000}) {
		t.Fatalf("Ann %+v", m)
	}
	if m := money[2]; m != (ReportMoney{}) {
		t.Fatalf("Ben %+v: a released hold paid nothing", m)
	}
	if m := money[0]; m != (ReportMoney{Paid: 4000, Refunded: 4000}) {
		t.Fatalf("house %+v", m)
	}
}

func TestReportMoneyByUser(t *testing.T) {
	money := ReportMoneyByUser(7, played())
	want := map[int64]ReportMoney{1: {Paid: 3000}, 2: {Paid: 2000}, 3: {}, 0: {Paid: 4000}}
	for u, w := range want {
		if money[u] != w {
			t.Fatalf("user %d: %+v, want %+v", u, money[u], w)
		}
	}
	// A hold not yet captured is held.
	p := &Payment{ID: "pay_d", UserID: 4, PoolID: 7, Amount: 1500}
	h := HoldTransaction(p)
	if m := ReportMoneyByUser(7, []*LedgerTransaction{&h})[4]; m != (ReportMoney{Held: 1500}) {
		t.Fatalf("held %+v", m)
	}
	if tot := ReportTotalsOf(7, []*LedgerTransaction{&h}); tot.Held != 1500 || tot.MoneyIn != 0 {
		t.Fatalf("held totals %+v", tot)
	}
}

func TestReportPayoutsOf(t *testing.T) {
	at := func(h int) *time.Time { x := time.Date(2026, 11, 29, h, 0, 0, 0, time.UTC); return &x }
	awards := []ReportAward{
		{Name: "Q1", Owner: "1", OwnerName: "Ann B.", Amount: 5000, Status: WinnerCredited, Prize: PrizePaid, ClaimedAt: at(3), PaidAt: at(4)},
		{Name: "Q2", Owner: "2", OwnerName: "Ben C.", Amount: 3000, Status: WinnerCredited, Prize: PrizeForfeited, ForfeitAt: at(1)},
		{Name: "Q3", Owner: "admin", OwnerName: "House", Amount: 1000, Status: WinnerHouse},
		{Name: "Final", Owner: "guest-4", OwnerName: "Dee", Amount: 2000, Status: WinnerHostPaid, PaidAt: at(2)},
	}
	got := ReportPayoutsOf(awards)
	want := []string{"forfeit Q2 Ben C. 30.00", "host_paid Final Dee 20.00", "claim Q1 Ann B. 50.00", "payout Q1 Ann B. 50.00"}
	if len(got) != len(want) {
		t.Fatalf("payouts %+v", got)
	}
	for i, p := range got {
		if s := p.Kind + " " + p.Award + " " + p.OwnerName + " " + p.Amount.String(); s != want[i] {
			t.Fatalf("payout %d: %q, want %q", i, s, want[i])
		}
	}
}

func TestSquareOwnerName(t *testing.T) {
	for _, c := range []struct {
		sq   Square
		want string
	}{
		{Square{UserID: 3, OwnerFirst: "Avery", OwnerLast: "Brooks"}, "Avery B."},
		{Square{GuestID: 2, GuestName: "Uncle Bob"}, "Uncle Bob"},
		{Square{IsHouse: true}, "House"},
		{Square{UserID: 3, GuestID: 2, GuestName: "Bob", OwnerFirst: "Robert", OwnerLast: "Lane"}, "Robert L."},
	} {
		if got := SquareOwnerName(&c.sq); got != c.want {
			t.Fatalf("%+v: %q, want %q", c.sq, got, c.want)
		}
	}
}

func TestSortReportPlayers(t *testing.T) {
	ps := []ReportPlayer{{Name: "zed", Squares: 2}, {Name: "Amy", Squares: 2}, {Name: "House", Squares: 5}, {Name: "bo", Squares: 1}}
	SortReportPlayers(ps)
	if ps[0].Name != "House" || ps[1].Name != "Amy" || ps[2].Name != "zed" || ps[3].Name != "bo" {
		t.Fatalf("order %+v", ps)
	}
}
