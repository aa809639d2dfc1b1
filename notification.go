package squares

import (
	"fmt"
	"time"
)

// Notification kinds.
const (
	NotifyPaymentReleased = "payment_released" // a hold released: checkout expired, hold lapsed, pool cancelled
	NotifyPaymentRefunded = "payment_refunded" // a captured payment refunded
	NotifyExternalRefund  = "external_refund"  // to admins: a captured payment refunded outside Squares
	NotifyDispute         = "dispute"          // to admins: a captured payment disputed, or a dispute won
	NotifyPoolCancelled   = "pool_cancelled"   // a free pool the player was in was cancelled (paid players hear of their payment)
)

// Notification tells a player what happened to their money or squares.
type Notification struct {
	ID        int64
	UserID    int64
	Kind      string
	Message   string
	PoolID    int64
	PrizeID   int64 // the prize a prize_* notification is about; 0 for others
	CreatedAt time.Time
	ReadAt    *time.Time
}

// Notification kinds of prizes.
const (
	NotifyPrizeWon             = "prize_won"       // a period won: a prize credited, to claim within 30 days
	NotifyPrizeForfeitReminder = "prize_forfeit"   // a prize about to be forfeited: a week left to claim it
	NotifyPrizeForfeited       = "prize_forfeited" // a prize not claimed in time, kept by the house
	NotifyFreeWin              = "free_win"        // a period won in a free pool: bragging rights, no money, nothing to claim
)

// Notification kinds of host-collected pools.
const (
	NotifyPaymentReminder    = "payment_reminder"     // a member owes the host: pay by the deadline
	NotifyUnpaidReleased     = "unpaid_released"      // a member's squares not paid for by the deadline were released
	NotifyHostUnpaidReleased = "host_unpaid_released" // to the host: what the deadline released, and whose
	NotifyHostPrizeWon       = "host_prize_won"       // a period won in a host pool: the host pays it
	NotifyHostPrizePaid      = "host_prize_paid"      // the host marked a won period's prize paid
)

// The notices: what a notification tells, built from what it is about. The store writes them as it
// records what happened; e-mails and pushes carry them (MailKindOf, push.go).

// NoticeSalesClosed tells a player whose checkout was still open at a pool's final decision that it ended.
const NoticeSalesClosed = "Sales closed for this pool before your payment completed; your squares were released."

// PoolCancelledNotice tells a free pool's player that the pool was cancelled before kickoff, and why (a
// paid pool's players hear of it as their payment comes back).
func PoolCancelledNotice(poolName, reason string) string {
	return fmt.Sprintf("%s was cancelled before kickoff. %s", poolName, reason)
}

// wonWhere names the period won, the pool and, when it is known, its game: "Q1 of Bills @ Jets $5 Pool
// (Bills @ Jets)".
func wonWhere(p *Pool, w Winner) string {
	game := ""
	if p.Game != nil {
		game = " (" + GameName(p.Game.AwayTeam, p.Game.HomeTeam) + ")"
	}
	return w.NameIn(len(p.PayoutSchedule)) + " of " + p.Name + game
}

// FreeWinNotice tells the winner of a period of a free pool: bragging rights, nothing to claim.
func FreeWinNotice(p *Pool, w Winner) string {
	return fmt.Sprintf("You won %s! Free pools are played for bragging rights.", wonWhere(p, w))
}

// PrizeWonNotice tells the winner of a period of a paid pool what they won, and the day to claim it by.
func PrizeWonNotice(p *Pool, w Winner, claimBy time.Time) string {
	return fmt.Sprintf("You won %s: $%s. Claim it by %s.", wonWhere(p, w), w.Amount, claimBy.Format("Jan 2, 2006"))
}

// PrizeForfeitReminderNotice reminds a winner that their prize is about to be forfeited, and the day to claim it by.
func PrizeForfeitReminderNotice(z *Prize) string {
	return fmt.Sprintf("Your %s prize of $%s in %s (%s) is about to be forfeited: claim it by %s.",
		z.Name(), z.Amount, z.PoolName, z.Game(), z.ClaimBy.Format("Jan 2, 2006"))
}

// PrizeForfeitedNotice tells a winner that their prize, not claimed in time, was forfeited.
func PrizeForfeitedNotice(z *Prize) string {
	return fmt.Sprintf("Your %s prize of $%s in %s (%s) was not claimed by %s and was forfeited.",
		z.Name(), z.Amount, z.PoolName, z.Game(), z.ClaimBy.Format("Jan 2, 2006"))
}

// RefundNotice tells a player that a payment of theirs was refunded to their card, and why.
func RefundNotice(amount Cents, reason string) string {
	return fmt.Sprintf("$%s was refunded to your card. %s", amount, reason)
}

// ExternalRefundNotice tells the admins that amount of payment p was refunded outside Squares (total in
// all so far), which the house covers.
func ExternalRefundNotice(p *Payment, amount, total Cents) string {
	return fmt.Sprintf("$%s of payment %s (player %d, pool %d) was refunded outside Squares, $%s in all. The player keeps "+
		"the squares; the house covers it from %s.", amount, p.ID, p.UserID, p.PoolID, total, AccountPaymentsFailed)
}

// DisputeNotice tells the admins of a movement t of dispute d of payment p: the money taken back, or
// given back to the house when the dispute is won (t of kind LedgerDisputeWon).
func DisputeNotice(p *Payment, d ProviderDispute, t LedgerTransaction) string {
	if t.Kind == LedgerDisputeWon {
		return fmt.Sprintf("Dispute %s of payment %s (player %d, pool %d) was won: $%s came back to the house.",
			d.ID, p.ID, p.UserID, p.PoolID, t.Amount)
	}
	return fmt.Sprintf("The cardholder disputed $%s of payment %s (player %d, pool %d); dispute %s is %s. "+
		"The player keeps the squares; the house covers it from %s. Answer the dispute in the payment "+
		"provider's dashboard.", t.Amount, p.ID, p.UserID, p.PoolID, d.ID, d.Status, AccountPaymentsFailed)
}
