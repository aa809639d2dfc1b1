package squares_test

import (
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

// TestPrizeOf: only a player's credited, non-zero win is a prize; a house square's and a free pool's
// wins are not.
func TestPrizeOf(t *testing.T) {
	for _, c := range []struct {
		w    squares.Winner
		want bool
	}{
		{squares.Winner{UserID: 7, Amount: 22500, Status: squares.WinnerCredited}, true},
		{squares.Winner{UserID: 0, Amount: 22500, Status: squares.WinnerHouse}, false},
		{squares.Winner{UserID: 7, Amount: 0, Status: squares.WinnerFree}, false},
		{squares.Winner{UserID: 7, Amount: 0, Status: squares.WinnerCredited}, false},
	} {
		if got := squares.PrizeOf(c.w); got != c.want {
			t.Errorf("PrizeOf(%+v) = %v", c.w, got)
		}
	}
}

// TestPrizeDeadlines: a prize credited at t0 is claimable until t0+30 days, warned from day 23 (once),
// forfeited after day 30; a forfeited prize cannot be claimed or paid; a claimed one may be claimed again.
func TestPrizeDeadlines(t *testing.T) {
	t0 := time.Date(2026, 9, 13, 20, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	p := &squares.Prize{ID: 1, UserID: 7, PoolID: 3, Amount: 22500, Status: squares.PrizeUnclaimed, CreditedAt: t0,
		ClaimBy: squares.PrizeClaimBy(t0)}
	if !p.ClaimBy.Equal(t0.Add(30 * day)) {
		t.Fatalf("claim by %v", p.ClaimBy)
	}
	if squares.PrizeDueForWarning(p, t0.Add(23*day-time.Second)) || !squares.PrizeDueForWarning(p, t0.Add(23*day)) {
		t.Error("the warning is due from day 23")
	}
	if squares.CheckClaim(p, p.ClaimBy) != nil || squares.PrizeDueForForfeit(p, p.ClaimBy) {
		t.Error("claimable up to the deadline itself")
	}
	if squares.ErrorCode(squares.CheckClaim(p, p.ClaimBy.Add(time.Second))) != squares.EUNPROCESSABLE ||
		!squares.PrizeDueForForfeit(p, p.ClaimBy.Add(time.Second)) || squares.PrizeDueForWarning(p, p.ClaimBy.Add(time.Second)) {
		t.Error("past the deadline: refused, forfeited, not warned")
	}
	warned := t0.Add(23 * day)
	p.WarnedAt = &warned
	if squares.PrizeDueForWarning(p, t0.Add(25*day)) {
		t.Error("warned twice")
	}
	if squares.ErrorCode(squares.CheckMarkPaid(p)) != squares.EUNPROCESSABLE {
		t.Error("an unclaimed prize has no payout")
	}
	p.Status = squares.PrizePayoutPending
	if squares.CheckClaim(p, t0.Add(40*day)) != nil || squares.CheckMarkPaid(p) != nil || squares.PrizeDueForForfeit(p, t0.Add(40*day)) {
		t.Error("a claimed prize: claimed again without change, paid, never forfeited")
	}
	p.Status = squares.PrizeForfeited
	if squares.ErrorCode(squares.CheckClaim(p, t0)) != squares.EUNPROCESSABLE || squares.ErrorCode(squares.CheckMarkPaid(p)) != squares.EUNPROCESSABLE {
		t.Error("a forfeited prize is neither claimed nor paid")
	}
}

// TestPrizeTransactions: a claim, a payout and a forfeit each move the prize between the right accounts,
// balanced, under a key of their own.
func TestPrizeTransactions(t *testing.T) {
	p := &squares.Prize{ID: 4, UserID: 7, PoolID: 3, Amount: 22500}
	for _, c := range []struct {
		tx       squares.LedgerTransaction
		key      string
		from, to string
	}{
		{squares.ClaimTransaction(p), "claim:4", squares.UserWinningsAccount(7), squares.AccountPayoutsPending},
		{squares.PayoutTransaction(p), "payout:4", squares.AccountPayoutsPending, squares.AccountWorld},
		{squares.ForfeitTransaction(p), "forfeit:4", squares.UserWinningsAccount(7), squares.AccountHouseForfeits},
	} {
		e := c.tx.Entries
		if !c.tx.Balanced() || c.tx.Key != c.key || c.tx.Amount != 22500 || e[0].Account != c.from || e[0].Amount != -22500 ||
			e[1].Account != c.to || c.tx.PoolID != 3 || c.tx.UserID != 7 {
			t.Errorf("%s = %+v", c.key, c.tx)
		}
	}
}
