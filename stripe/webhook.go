package stripe

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
)

// WebhookTolerance is how far a webhook's signed timestamp may be from now, as Stripe's libraries allow.
const WebhookTolerance = 300 * time.Second

// Webhook errors. Each means the request did not come from Stripe (or not recently): refuse it.
var (
	ErrNotSigned        = errors.New("stripe webhook: no Stripe-Signature header")
	ErrInvalidHeader    = errors.New("stripe webhook: malformed Stripe-Signature header")
	ErrNoValidSignature = errors.New("stripe webhook: no valid signature")
	ErrTooOld           = errors.New("stripe webhook: timestamp outside the tolerance")
)

// EventTypes are the events Squares acts on; enable them on the webhook endpoint.
var EventTypes = []string{
	squares.EventPaymentCapturable, squares.EventPaymentSucceeded, squares.EventPaymentFailed,
	squares.EventPaymentCanceled, squares.EventChargeRefunded, squares.EventDisputeCreated,
	squares.EventDisputeFundsWithdrawn, squares.EventDisputeClosed,
}

// ParseWebhook checks the Stripe-Signature header of a webhook request against its raw body and the
// endpoint's signing secret (HMAC-SHA256 of "timestamp.body", any v1 signature matching, the timestamp
// within WebhookTolerance of now), then reads the event. Events about a PaymentIntent
// (payment_intent.amount_capturable_updated, .succeeded, .payment_failed, .canceled) give its id as
// PaymentID, and charge.refunded gives the charge's PaymentIntent (whose amount refunded the escrow reads
// from Stripe). The dispute events (charge.dispute.created, .funds_withdrawn, .closed) give the disputed
// charge's PaymentIntent and the Dispute: its id, amount and status. Any other event is valid but has no
// PaymentID: acknowledge it and do nothing.
//
// The event's API version is not checked: only the event's id and type and the object's id, amount,
// status and payment_intent are read, which every version has (Stripe added a Dispute's payment_intent in
// November 2019).
func ParseWebhook(payload []byte, header string, secret string, now time.Time) (squares.ProviderEvent, error) {
	if err := verifySignature(payload, header, secret, now); err != nil {
		return squares.ProviderEvent{}, err
	}
	var ev struct {
		ID     string `json:"id"`
		Object string `json:"object"`
		Type   string `json:"type"`
		Data   struct {
			Object json.RawMessage `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(payload, &ev); err != nil {
		return squares.ProviderEvent{}, fmt.Errorf("stripe webhook: malformed event: %w", err)
	}
	if ev.Object != "event" || ev.ID == "" || ev.Type == "" {
		return squares.ProviderEvent{}, errors.New("stripe webhook: the body is not an event")
	}
	out := squares.ProviderEvent{ID: ev.ID, Type: ev.Type}
	var obj struct {
		ID            string          `json:"id"`
		Object        string          `json:"object"`
		PaymentIntent json.RawMessage `json:"payment_intent"`
		Amount        int64           `json:"amount"`
		Status        string          `json:"status"`
	}
	switch ev.Type {
	case squares.EventPaymentCapturable, squares.EventPaymentSucceeded, squares.EventPaymentFailed, squares.EventPaymentCanceled:
		if err := json.Unmarshal(ev.Data.Object, &obj); err != nil || obj.Object != "payment_intent" || obj.ID == "" {
			return squares.ProviderEvent{}, fmt.Errorf("stripe webhook: %s event %s without a payment intent", ev.Type, ev.ID)
		}
		out.PaymentID = obj.ID
	case squares.EventChargeRefunded:
		if err := json.Unmarshal(ev.Data.Object, &obj); err != nil || obj.Object != "charge" {
			return squares.ProviderEvent{}, fmt.Errorf("stripe webhook: %s event %s without a charge", ev.Type, ev.ID)
		}
		out.PaymentID = expandableID(obj.PaymentIntent) // empty for a charge made without a PaymentIntent
	case squares.EventDisputeCreated, squares.EventDisputeFundsWithdrawn, squares.EventDisputeClosed:
		if err := json.Unmarshal(ev.Data.Object, &obj); err != nil || obj.Object != "dispute" || obj.ID == "" {
			return squares.ProviderEvent{}, fmt.Errorf("stripe webhook: %s event %s without a dispute", ev.Type, ev.ID)
		}
		if out.PaymentID = expandableID(obj.PaymentIntent); out.PaymentID != "" {
			out.Dispute = &squares.ProviderDispute{ID: obj.ID, Amount: squares.Cents(obj.Amount), Status: obj.Status}
		}
	}
	return out, nil
}

// expandableID reads a field that is an id or, expanded, an object with an id; null gives "".
func expandableID(raw json.RawMessage) string {
	var id string
	if json.Unmarshal(raw, &id) == nil {
		return id
	}
	var obj struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(raw, &obj) == nil {
		return obj.ID
	}
	return ""
}

// verifySignature checks a header of the form "t=TIMESTAMP,v1=HEX[,v1=HEX...][,v0=...]".
func verifySignature(payload []byte, header, secret string, now time.Time) error {
	if header == "" {
		return ErrNotSigned
	}
	if secret == "" {
		return errors.New("stripe webhook: no signing secret configured")
	}
	var ts string
	var sigs [][]byte
	for pair := range strings.SplitSeq(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if !ok {
			return ErrInvalidHeader
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			if sig, err := hex.DecodeString(v); err == nil {
				sigs = append(sigs, sig)
			}
		}
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrInvalidHeader
	}
	if len(sigs) == 0 {
		return ErrNoValidSignature
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(unix, 10)))
	mac.Write([]byte("."))
	mac.Write(payload)
	want := mac.Sum(nil)
	valid := false
	for _, sig := range sigs {
		if hmac.Equal(want, sig) {
			valid = true
		}
	}
	if !valid {
		return ErrNoValidSignature
	}
	if d := now.Sub(time.Unix(unix, 0)); d > WebhookTolerance || d < -WebhookTolerance {
		return ErrTooOld
	}
	return nil
}
