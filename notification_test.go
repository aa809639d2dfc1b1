package squares_test

import (
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

// TestNotices: every notice's text, word for word, as players and admins read it (and e-mails and the
// web app show it).
func TestNotices(t *testing.T) {
	claimBy := time.Date(2026, 12, 29, 18, 0, 0, 0, time.UTC)
	pool := &squares.Pool{ID: 4, Name: "Bills @ Jets $5 Pool", PayoutSchedule: []int64{25, 25, 25, 25},
		Game: &squares.Game{AwayTeam: "Bills", HomeTeam: "Jets"}}
	noGame := &squares.Pool{ID: 5, Name: "Friends", PayoutSchedule: []int64{50, 50}}
	prize := &squares.Prize{Period: 2, Periods: 4, Amount: 12500, PoolName: "Bills @ Jets $5 Pool",
		AwayTeam: "Bills", HomeTeam: "Jets", ClaimBy: claimBy}
	final := &squares.Prize{Period: 2, Periods: 2, Amount: 5000, PoolName: "Duke @ UNC $1 Pool",
		AwayTeam: "Duke", HomeTeam: "UNC", ClaimBy: claimBy}
	pay := &squares.Payment{ID: "pay_ab12", UserID: 9, PoolID: 4}
	dispute := squares.ProviderDispute{ID: "dp_1", Amount: 1000, Status: "needs_response"}
	for _, tc := range []struct{ got, want string }{
		{squares.PoolCancelledNotice("Bills @ Jets Free Pool", "3 players, 5 needed for a Free Pool."),
			"Bills @ Jets Free Pool was cancelled before kickoff. 3 players, 5 needed for a Free Pool."},
		{squares.FreeWinNotice(pool, squares.Winner{Period: 1}),
			"You won Q1 of Bills @ Jets $5 Pool (Bills @ Jets)! Free pools are played for bragging rights."},
		{squares.FreeWinNotice(noGame, squares.Winner{Period: 1}),
			"You won 1st Half of Friends! Free pools are played for bragging rights."},
		{squares.PrizeWonNotice(pool, squares.Winner{Period: 4, Amount: 12500}, claimBy),
			"You won Final of Bills @ Jets $5 Pool (Bills @ Jets): $125.00. Claim it by Dec 29, 2026."},
		{squares.PrizeForfeitReminderNotice(prize),
			"Your Q2 prize of $125.00 in Bills @ Jets $5 Pool (Bills @ Jets) is about to be forfeited: claim it by Dec 29, 2026."},
		{squares.PrizeForfeitedNotice(final),
			"Your Final prize of $50.00 in Duke @ UNC $1 Pool (Duke @ UNC) was not claimed by Dec 29, 2026 and was forfeited."},
		{squares.RefundNotice(1500, "The pool was cancelled."), "$15.00 was refunded to your card. The pool was cancelled."},
		{squares.ExternalRefundNotice(pay, 500, 1500),
			"$5.00 of payment pay_ab12 (player 9, pool 4) was refunded outside Squares, $15.00 in all. The player keeps " +
				"the squares; the house covers it from house:losses."},
		{squares.DisputeNotice(pay, dispute, squares.LedgerTransaction{Kind: squares.LedgerDispute, Amount: 1000}),
			"The cardholder disputed $10.00 of payment pay_ab12 (player 9, pool 4); dispute dp_1 is needs_response. " +
				"The player keeps the squares; the house covers it from house:losses. Answer the dispute in the payment " +
				"provider's dashboard."},
		{squares.DisputeNotice(pay, squares.ProviderDispute{ID: "dp_1", Status: "won"},
			squares.LedgerTransaction{Kind: squares.LedgerDisputeWon, Amount: 1000}),
			"Dispute dp_1 of payment pay_ab12 (player 9, pool 4) was won: $10.00 came back to the house."},
	} {
		if tc.got != tc.want {
			t.Errorf("notice\n got %q\nwant %q", tc.got, tc.want)
		}
	}
}
