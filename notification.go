package squares

import "time"

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
	NotifyPrizeWon       = "prize_won"       // a period won: a prize credited, to claim within 30 days
	NotifyPrizeForfeit   = "prize_forfeit"   // a prize about to be forfeited: a week left to claim it
	NotifyPrizeForfeited = "prize_forfeited" // a prize not claimed in time, kept by the house
	NotifyFreeWin        = "free_win"        // a period won in a free pool: bragging rights, no money, nothing to claim
)
