package squares

import (
	"context"
	"time"
)

// Payment statuses, as Squares tracks them. A checkout holds squares while the player pays (pending);
// the provider's authorisation makes the squares the player's (held); the pool's completion captures the
// funds into escrow (captured); a cancelled pool releases holds and refunds captures.
const (
	PaymentPending  = "pending"  // squares held for the buyer; card not yet authorised
	PaymentHeld     = "held"     // card authorised (funds on hold); squares owned
	PaymentCaptured = "captured" // funds captured into the pool's escrow
	PaymentReleased = "released" // hold released (or lapsed), or checkout abandoned: nothing charged
	PaymentRefunded = "refunded" // captured funds returned
	PaymentFailed   = "failed"   // the provider refused to create the payment
)

// Provider payment statuses, named as Stripe's PaymentIntents name them.
const (
	ProviderRequiresPaymentMethod = "requires_payment_method"
	ProviderRequiresConfirmation  = "requires_confirmation"
	ProviderRequiresAction        = "requires_action"
	ProviderProcessing            = "processing"
	ProviderRequiresCapture       = "requires_capture"
	ProviderSucceeded             = "succeeded"
	ProviderCanceled              = "canceled"
)

// Currency is the only currency pools are played in.
const Currency = "usd"

// CheckoutHold is how long a buyer's chosen squares stay held during checkout.
const CheckoutHold = 10 * time.Minute

// The escrow retries a step that failed (capturing, releasing or refunding a payment at the provider)
// RetryFirst after the first failure, then twice as long after each failure in a row, up to RetryMax, so
// that a payment that fails for good is tried a few times a day and does not hold up the others.
const (
	RetryFirst = 30 * time.Second
	RetryMax   = 6 * time.Hour
)

// RetryDelay is how long the escrow waits before trying again a step that has failed attempts times in a
// row.
func RetryDelay(attempts int) time.Duration {
	d := RetryFirst
	for i := 1; i < attempts && d < RetryMax; i++ {
		d *= 2
	}
	return min(d, RetryMax)
}

// Payment is one checkout: a player paying for squares of one pool.
type Payment struct {
	ID                string // ours: "pay_" + hex
	Provider          string
	ProviderPaymentID string
	ClientSecret      string
	UserID            int64
	PoolID            int64
	Amount            Cents
	Currency          string
	Squares           []Cell
	Status            string
	ProviderStatus    string
	FailureMessage    string
	HoldExpiresAt     time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// The rules of a payment's life past its hold: which acts are recorded for a payment in which status. Each
// is idempotent: an act recorded already, or one that does not apply, changes nothing (the provider
// reports the same thing more than once, and escrow passes and webhooks race).

// CaptureRecordable reports whether a capture of the payment is to be recorded: only a held payment is
// captured; one captured already, or ended, is left as it is.
func CaptureRecordable(p *Payment) bool { return p.Status == PaymentHeld }

// CheckRelease reports whether the payment is to be released: a pending checkout or a held authorisation
// is; one ended already (released, refunded, failed) is left as it is; a captured payment is a conflict,
// as it is refunded, not released.
func CheckRelease(p *Payment) (bool, error) {
	switch p.Status {
	case PaymentPending, PaymentHeld:
		return true, nil
	case PaymentCaptured:
		return false, Errorf(ECONFLICT, "A captured payment is refunded, not released.")
	}
	return false, nil
}

// RefundRecordable reports whether our refund of the payment is to be recorded: only a captured payment is
// refunded; one refunded already, or never captured, is left as it is.
func RefundRecordable(p *Payment) bool { return p.Status == PaymentCaptured }

// ExternalRefundRecordable reports whether money of the payment refunded outside Squares (in the provider's
// dashboard) is to be recorded: only of a captured payment whose pool (in poolStatus) is not cancelled. A
// cancelled pool's refund is ours (RefundRecordable).
func ExternalRefundRecordable(p *Payment, poolStatus string) bool {
	return p.Status == PaymentCaptured && poolStatus != PoolCancelled
}

// DisputeRecordable reports whether a cardholder's dispute of the payment is to be recorded: only of a
// payment that was captured (and may have been refunded since); a payment never captured took no money to
// dispute.
func DisputeRecordable(p *Payment) bool {
	return p.Status == PaymentCaptured || p.Status == PaymentRefunded
}

// PaidStatus reports whether a provider status means the player has paid: funds held or captured.
func PaidStatus(providerStatus string) bool {
	return providerStatus == ProviderRequiresCapture || providerStatus == ProviderSucceeded
}

// ProviderPayment is a payment as the provider reports it.
type ProviderPayment struct {
	ID               string
	ClientSecret     string
	Status           string
	Amount           Cents
	AmountCapturable Cents
	AmountReceived   Cents
	AmountRefunded   Cents
	Currency         string
	// LastError is the provider's message for the last failed attempt, such as a declined card.
	LastError string
	Metadata  map[string]string
}

// PaymentRequest asks a provider for a manual-capture payment.
type PaymentRequest struct {
	Amount         Cents
	Currency       string
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

// PaymentProvider is a card processor that authorises (holds), captures, releases and refunds manual-capture
// payments. Every call that moves money takes an idempotency key: the same key gives the same result.
type PaymentProvider interface {
	Name() string
	Create(ctx context.Context, req PaymentRequest) (*ProviderPayment, error)
	Get(ctx context.Context, id string) (*ProviderPayment, error)
	Capture(ctx context.Context, id, idempotencyKey string) (*ProviderPayment, error)
	Release(ctx context.Context, id, idempotencyKey string) (*ProviderPayment, error)
	Refund(ctx context.Context, id, idempotencyKey string) (*ProviderPayment, error)
}

// ProviderEvent is a notification from the provider about one payment (a webhook).
type ProviderEvent struct {
	ID        string // the provider's event id; each is processed once
	Type      string // payment_intent.amount_capturable_updated, ... charge.refunded, charge.dispute.created
	PaymentID string // the provider's payment id
	// Dispute is the dispute a charge.dispute.* event is about, as the (signed) event reports it.
	Dispute *ProviderDispute
}

// ProviderDispute is a cardholder's dispute of a captured payment with their card's issuer (a chargeback),
// as the provider reports it.
type ProviderDispute struct {
	ID     string
	Amount Cents  // the amount disputed
	Status string // one of the Dispute statuses
}

// Dispute statuses, named as Stripe names them. An inquiry (warning_*) takes no money; a dispute takes the
// disputed amount back from the platform when it opens and gives it back if it is won.
const (
	DisputeWarningNeedsResponse = "warning_needs_response"
	DisputeWarningUnderReview   = "warning_under_review"
	DisputeWarningClosed        = "warning_closed"
	DisputeNeedsResponse        = "needs_response"
	DisputeUnderReview          = "under_review"
	DisputeWon                  = "won"
	DisputeLost                 = "lost"
	DisputePrevented            = "prevented"
)

// DisputeWithdrawn reports whether a dispute in this status has taken the disputed amount from the
// platform (inquiries and prevented disputes take nothing).
func DisputeWithdrawn(status string) bool {
	switch status {
	case DisputeNeedsResponse, DisputeUnderReview, DisputeWon, DisputeLost:
		return true
	}
	return false
}

// Provider event types, named as Stripe names them.
const (
	EventPaymentCapturable = "payment_intent.amount_capturable_updated"
	EventPaymentSucceeded  = "payment_intent.succeeded"
	EventPaymentFailed     = "payment_intent.payment_failed"
	EventPaymentCanceled   = "payment_intent.canceled"
	EventChargeRefunded    = "charge.refunded"
	// A dispute opened (with its funds withdrawn, or an inquiry), an inquiry turned into a dispute, and a
	// dispute decided (won, lost, or an inquiry closed).
	EventDisputeCreated        = "charge.dispute.created"
	EventDisputeFundsWithdrawn = "charge.dispute.funds_withdrawn"
	EventDisputeClosed         = "charge.dispute.closed"
)
