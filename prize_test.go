package squares_test

import (
	"strings"
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
	if squares.PrizeDueForReminder(p, t0.Add(23*day-time.Second)) || !squares.PrizeDueForReminder(p, t0.Add(23*day)) {
		t.Error("the warning is due from day 23")
	}
	if squares.CheckClaim(p, p.ClaimBy) != nil || squares.PrizeDueForForfeit(p, p.ClaimBy) {
		t.Error("claimable up to the deadline itself")
	}
	if squares.ErrorCode(squares.CheckClaim(p, p.ClaimBy.Add(time.Second))) != squares.EUNPROCESSABLE ||
		!squares.PrizeDueForForfeit(p, p.ClaimBy.Add(time.Second)) || squares.PrizeDueForReminder(p, p.ClaimBy.Add(time.Second)) {
		t.Error("past the deadline: refused, forfeited, not warned")
	}
	warned := t0.Add(23 * day)
	p.RemindedAt = &warned
	if squares.PrizeDueForReminder(p, t0.Add(25*day)) {
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

// TestPrizeDaysLeft: an unclaimed prize counts whole days to its deadline, rounded up (30 when credited,
// 1 with an hour left); nothing is left to claim past the deadline or once claimed, paid or forfeited.
func TestPrizeDaysLeft(t *testing.T) {
	t0 := time.Date(2026, 9, 13, 20, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	p := &squares.Prize{Status: squares.PrizeUnclaimed, CreditedAt: t0, ClaimBy: squares.PrizeClaimBy(t0)}
	for _, c := range []struct {
		at   time.Time
		want int
	}{
		{t0, 30},
		{t0.Add(time.Second), 30},
		{t0.Add(day), 29},
		{t0.Add(29*day + time.Hour), 1},
		{p.ClaimBy.Add(-time.Second), 1},
		{p.ClaimBy, 0},
		{p.ClaimBy.Add(time.Second), 0},
	} {
		if got := squares.PrizeDaysLeft(p, c.at); got != c.want {
			t.Errorf("days left at %v = %d, want %d", c.at.Sub(t0), got, c.want)
		}
	}
	for _, status := range []string{squares.PrizePayoutPending, squares.PrizePaid, squares.PrizeForfeited} {
		p.Status = status
		if got := squares.PrizeDaysLeft(p, t0); got != 0 {
			t.Errorf("%s: %d days left to claim", status, got)
		}
	}
}

// TestPayoutText: the sandbox pays now whatever the operator wrote; Stripe says the operator's text, or a
// default that says the operator pays outside Squares.
func TestPayoutText(t *testing.T) {
	if got := squares.PayoutText("sandbox", "Paid by cheque"); got != squares.SandboxPayoutText || !strings.Contains(got, "paid out now") {
		t.Errorf("sandbox: %q", got)
	}
	if got := squares.PayoutText("stripe", "We send prizes by bank transfer within 5 business days."); got != "We send prizes by bank transfer within 5 business days." {
		t.Errorf("stripe with text: %q", got)
	}
	if got := squares.PayoutText("stripe", ""); got != squares.DefaultPayoutText || !strings.Contains(got, "outside Squares") {
		t.Errorf("stripe default: %q", got)
	}
}

// TestClaimedMessage: a prize paid at once says "Paid" with its amount, period and pool; one left for the
// operator says "Claimed — payout pending" and where the money goes; an unclaimed one says nothing.
func TestClaimedMessage(t *testing.T) {
	p := &squares.Prize{PoolName: "Sunday $5", Period: 1, Periods: 4, Amount: 11250, Status: squares.PrizePaid}
	if got := squares.ClaimedMessage(p, "ignored"); got != "Paid: $112.50 for Q1 of Sunday $5 has been paid out to you." {
		t.Errorf("paid: %q", got)
	}
	p.Status = squares.PrizePayoutPending
	if got := squares.ClaimedMessage(p, "By bank transfer."); got != "Claimed — payout pending. By bank transfer." {
		t.Errorf("pending: %q", got)
	}
	p.Status = squares.PrizeUnclaimed
	if got := squares.ClaimedMessage(p, "x"); got != "" {
		t.Errorf("unclaimed: %q", got)
	}
}

// TestFreeWinOf: a player's square winning a free pool's period is a free win; a paid win and a house
// square's are not.
func TestFreeWinOf(t *testing.T) {
	if !squares.FreeWinOf(squares.Winner{UserID: 7, Status: squares.WinnerFree}) ||
		squares.FreeWinOf(squares.Winner{UserID: 7, Amount: 22500, Status: squares.WinnerCredited}) ||
		squares.FreeWinOf(squares.Winner{UserID: 0, Status: squares.WinnerFree}) {
		t.Error("FreeWinOf")
	}
}
