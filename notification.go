package squares

import "time"

// Notification kinds.
const (
	NotifyPaymentReleased = "payment_released" // a hold released: checkout expired, hold lapsed, pool cancelled
	NotifyPaymentRefunded = "payment_refunded" // a captured payment refunded
)

// Notification tells a player what happened to their money or squares.
type Notification struct {
	ID        int64
	UserID    int64
	Kind      string
	Message   string
	PoolID    int64
	CreatedAt time.Time
	ReadAt    *time.Time
}
