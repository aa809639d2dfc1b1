// Package sandbox is Squares' built-in card processor for development and demos: it needs no keys and
// no network, and its payments behave like Stripe's manual-capture PaymentIntents (requires_payment_method
// -> requires_capture -> succeeded, or canceled), including idempotency keys, declines and the release of
// uncaptured holds that lapse. Payments are kept in the database, so they survive restarts and are shared by every
// instance.
package sandbox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Test cards.
const (
	CardApproved          = "4242424242424242"
	CardDeclined          = "4000000000000002"
	CardInsufficientFunds = "4000000000009995"
)

// HoldLifetime is how long an uncaptured authorisation lasts before the sandbox releases it, as a card
// network would (about 7 days online).
const HoldLifetime = 7 * 24 * time.Hour

// Provider is the sandbox card processor.
type Provider struct {
	Store *store.DB
	// OnEvent receives the sandbox's events, as a webhook endpoint receives a processor's.
	OnEvent func(ctx context.Context, e squares.ProviderEvent) error
	// Now gives the time; tests replace it.
	Now func() time.Time
}

// New returns a sandbox provider keeping its payments in db.
func New(db *store.DB) *Provider {
	return &Provider{Store: db, Now: time.Now}
}

// Name implements squares.PaymentProvider.
func (p *Provider) Name() string { return "sandbox" }

func randomID(prefix string) string {
	b := make([]byte, 12)
	rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// Create makes a payment awaiting a card. The same idempotency key returns the same payment.
func (p *Provider) Create(ctx context.Context, req squares.PaymentRequest) (*squares.ProviderPayment, error) {
	if req.Amount <= 0 {
		return nil, squares.Errorf(squares.EINVALID, "Amount must be positive.")
	}
	if req.IdempotencyKey == "" {
		return nil, squares.Errorf(squares.EINVALID, "An idempotency key is required.")
	}
	id := randomID("pi_sbx_")
	pp := &squares.ProviderPayment{ID: id, ClientSecret: id + "_secret_" + randomID(""), Amount: req.Amount,
		Currency: strings.ToLower(req.Currency), Status: squares.ProviderRequiresPaymentMethod, Metadata: req.Metadata}
	return p.Store.SandboxCreate(ctx, req.IdempotencyKey, pp)
}

// Get returns a payment.
func (p *Provider) Get(ctx context.Context, id string) (*squares.ProviderPayment, error) {
	return p.Store.SandboxGet(ctx, id)
}

// Card is what the sandbox's card form sends.
type Card struct {
	Number string
	Expiry string // MM/YY
	CVC    string
}

// Confirm plays the card form's part: it authorises the payment with a test card, or records the
// decline. It returns the payment either way; a malformed card is an invalid-input error.
func (p *Provider) Confirm(ctx context.Context, id string, card Card) (*squares.ProviderPayment, error) {
	number, err := checkCard(card, p.Now())
	if err != nil {
		return nil, err
	}
	var event string
	pp, err := p.Store.SandboxUpdate(ctx, id, func(pp *squares.ProviderPayment, now time.Time) (bool, error) {
		switch pp.Status {
		case squares.ProviderRequiresPaymentMethod:
		case squares.ProviderRequiresCapture, squares.ProviderSucceeded:
			return false, nil // already paid: confirming again changes nothing
		default:
			return false, squares.Errorf(squares.ECONFLICT, "This payment is %s and cannot be confirmed.", pp.Status)
		}
		switch number {
		case CardApproved:
			pp.Status, pp.AmountCapturable, pp.LastError = squares.ProviderRequiresCapture, pp.Amount, ""
			event = squares.EventPaymentCapturable
			return true, nil
		case CardDeclined:
			pp.LastError = "Your card was declined."
		case CardInsufficientFunds:
			pp.LastError = "Your card has insufficient funds."
		default:
			pp.LastError = "Your card was declined. In the sandbox, pay with the test card 4242 4242 4242 4242."
		}
		event = squares.EventPaymentFailed
		return false, nil
	})
	if err != nil {
		return nil, err
	}
	p.emit(ctx, event, pp.ID)
	return pp, nil
}

// checkCard validates a card's form and returns its digits.
func checkCard(c Card, now time.Time) (string, error) {
	var v squares.Validation
	number := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, c.Number)
	if len(number) < 12 || len(number) > 19 || !luhn(number) {
		v.Add("cardNumber", "Your card number is invalid.")
	}
	mm, yy, ok := strings.Cut(strings.ReplaceAll(c.Expiry, " ", ""), "/")
	month, err1 := strconv.Atoi(mm)
	year, err2 := strconv.Atoi(yy)
	if !ok || err1 != nil || err2 != nil || month < 1 || month > 12 {
		v.Add("expiry", "Your card's expiration date is invalid.")
	} else {
		if year < 100 {
			year += 2000
		}
		if !time.Date(year, time.Month(month)+1, 1, 0, 0, 0, 0, time.UTC).After(now) {
			v.Add("expiry", "Your card has expired.")
		}
	}
	if len(c.CVC) < 3 || len(c.CVC) > 4 || strings.Trim(c.CVC, "0123456789") != "" {
		v.Add("cvc", "Your card's security code is invalid.")
	}
	return number, v.Err()
}

func luhn(number string) bool {
	sum := 0
	double := false
	for i := len(number) - 1; i >= 0; i-- {
		d := int(number[i] - '0')
		if d < 0 || d > 9 {
			return false
		}
		if double {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

// Capture takes the authorised funds. Capturing a captured payment returns it unchanged.
func (p *Provider) Capture(ctx context.Context, id, idempotencyKey string) (*squares.ProviderPayment, error) {
	changed := false
	pp, err := p.Store.SandboxUpdate(ctx, id, func(pp *squares.ProviderPayment, now time.Time) (bool, error) {
		switch pp.Status {
		case squares.ProviderRequiresCapture:
			pp.Status, pp.AmountReceived, pp.AmountCapturable = squares.ProviderSucceeded, pp.Amount, 0
			changed = true
		case squares.ProviderSucceeded:
		default:
			return false, squares.Errorf(squares.ECONFLICT, "This payment is %s and cannot be captured.", pp.Status)
		}
		return false, nil
	})
	if err == nil && changed {
		p.emit(ctx, squares.EventPaymentSucceeded, id)
	}
	return pp, err
}

// Release releases an uncaptured payment (Stripe's "cancel"). Releasing a released payment returns it
// unchanged.
func (p *Provider) Release(ctx context.Context, id, idempotencyKey string) (*squares.ProviderPayment, error) {
	changed := false
	pp, err := p.Store.SandboxUpdate(ctx, id, func(pp *squares.ProviderPayment, now time.Time) (bool, error) {
		switch pp.Status {
		case squares.ProviderCanceled:
		case squares.ProviderSucceeded:
			return false, squares.Errorf(squares.ECONFLICT, "This payment is captured: refund it instead.")
		default:
			pp.Status, pp.AmountCapturable = squares.ProviderCanceled, 0
			changed = true
		}
		return false, nil
	})
	if err == nil && changed {
		p.emit(ctx, squares.EventPaymentCanceled, id)
	}
	return pp, err
}

// Refund returns a captured payment in full. Refunding a refunded payment returns it unchanged.
func (p *Provider) Refund(ctx context.Context, id, idempotencyKey string) (*squares.ProviderPayment, error) {
	changed := false
	pp, err := p.Store.SandboxUpdate(ctx, id, func(pp *squares.ProviderPayment, now time.Time) (bool, error) {
		if pp.Status != squares.ProviderSucceeded {
			return false, squares.Errorf(squares.ECONFLICT, "Only a captured payment can be refunded; this one is %s.", pp.Status)
		}
		if pp.AmountRefunded < pp.AmountReceived {
			pp.AmountRefunded = pp.AmountReceived
			changed = true
		}
		return false, nil
	})
	if err == nil && changed {
		p.emit(ctx, squares.EventChargeRefunded, id)
	}
	return pp, err
}

// RefundOutside refunds part of a captured payment, or the rest of it, as someone would in a processor's
// dashboard without Squares asking, and sends charge.refunded.
func (p *Provider) RefundOutside(ctx context.Context, id string, amount squares.Cents) (*squares.ProviderPayment, error) {
	pp, err := p.Store.SandboxUpdate(ctx, id, func(pp *squares.ProviderPayment, now time.Time) (bool, error) {
		if pp.Status != squares.ProviderSucceeded {
			return false, squares.Errorf(squares.ECONFLICT, "Only a captured payment can be refunded; this one is %s.", pp.Status)
		}
		if left := pp.AmountReceived - pp.AmountRefunded; amount <= 0 || amount > left {
			return false, squares.Errorf(squares.EINVALID, "The refund must be between $0.01 and the $%s not refunded yet.", left)
		}
		pp.AmountRefunded += amount
		return false, nil
	})
	if err != nil {
		return nil, err
	}
	p.emit(ctx, squares.EventChargeRefunded, id)
	return pp, nil
}

// Dispute opens a cardholder's dispute (a chargeback) of amount of a captured payment, which takes the
// amount back at once, and sends charge.dispute.created. CloseDispute decides it.
func (p *Provider) Dispute(ctx context.Context, id string, amount squares.Cents) (*squares.ProviderDispute, error) {
	pp, err := p.Store.SandboxGet(ctx, id)
	if err != nil {
		return nil, err
	}
	if pp.Status != squares.ProviderSucceeded {
		return nil, squares.Errorf(squares.ECONFLICT, "Only a captured payment can be disputed; this one is %s.", pp.Status)
	}
	if amount <= 0 || amount > pp.AmountReceived {
		return nil, squares.Errorf(squares.EINVALID, "The dispute must be between $0.01 and the $%s captured.", pp.AmountReceived)
	}
	d := &squares.ProviderDispute{ID: randomID("dp_sbx_"), Amount: amount, Status: squares.DisputeNeedsResponse}
	p.send(ctx, squares.ProviderEvent{Type: squares.EventDisputeCreated, PaymentID: id, Dispute: d})
	return d, nil
}

// CloseDispute decides a dispute that Dispute opened: won (the amount comes back) or lost; it sends
// charge.dispute.closed.
func (p *Provider) CloseDispute(ctx context.Context, id string, d squares.ProviderDispute, won bool) *squares.ProviderDispute {
	d.Status = squares.DisputeLost
	if won {
		d.Status = squares.DisputeWon
	}
	p.send(ctx, squares.ProviderEvent{Type: squares.EventDisputeClosed, PaymentID: id, Dispute: &d})
	return &d
}

// RunOnce releases authorisations older than HoldLifetime, as a card network lets an uncaptured hold
// lapse.
func (p *Provider) RunOnce(ctx context.Context) error {
	ids, err := p.Store.SandboxLapsedHolds(ctx, p.Now().Add(-HoldLifetime))
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := p.Release(ctx, id, "expire:"+id); err != nil {
			return fmt.Errorf("release lapsed hold %s: %w", id, err)
		}
	}
	return nil
}

// Run releases lapsed holds every interval until ctx ends.
func (p *Provider) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			p.RunOnce(ctx)
		}
	}
}

func (p *Provider) emit(ctx context.Context, typ, paymentID string) {
	if typ != "" {
		p.send(ctx, squares.ProviderEvent{Type: typ, PaymentID: paymentID})
	}
}

// send delivers an event with a new id, after the change is stored, like a webhook; the receiver re-reads
// the payment.
func (p *Provider) send(ctx context.Context, ev squares.ProviderEvent) {
	if p.OnEvent == nil {
		return
	}
	ev.ID = randomID("evt_sbx_")
	p.OnEvent(ctx, ev)
}
