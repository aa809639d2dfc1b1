package stripe_test

import (
	"encoding/hex"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/stripe"
)

const testSecret = "whsec_test_squares"

// eventJSON is a Stripe event as Stripe sends it (trimmed), about the object given.
func eventJSON(id, typ, object string) []byte {
	return fmt.Appendf(nil, `{"id":%q,"object":"event","api_version":"2019-02-19","created":1700000000,"livemode":false,`+
		`"pending_webhooks":1,"request":{"id":null,"idempotency_key":null},"type":%q,"data":{"object":%s}}`, id, typ, object)
}

func intentJSON(id string) string {
	return fmt.Sprintf(`{"id":%q,"object":"payment_intent","amount":2500,"currency":"usd","status":"requires_capture",`+
		`"capture_method":"manual","metadata":{"payment_id":"pay_abc"}}`, id)
}

func sign(payload []byte, secret string, at time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at}).Header
}

// disputeJSON is a Dispute as Stripe sends it in charge.dispute.* events (trimmed: no evidence).
func disputeJSON(id string, amount int, paymentIntent, status string) string {
	return fmt.Sprintf(`{"id":%q,"object":"dispute","amount":%d,"balance_transactions":[{"id":"txn_1","object":`+
		`"balance_transaction","amount":-%d,"currency":"usd","fee":1500,"net":-%d,"type":"adjustment"}],"charge":"ch_9",`+
		`"created":1700000000,"currency":"usd","is_charge_refundable":false,"livemode":false,"metadata":{},`+
		`"payment_intent":%s,"reason":"fraudulent","status":%q}`, id, amount, amount, amount+1500, paymentIntent, status)
}

func TestParseWebhookEvents(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		typ, object, paymentID string
		dispute                *squares.ProviderDispute
	}{
		{squares.EventPaymentCapturable, intentJSON("pi_1"), "pi_1", nil},
		{squares.EventPaymentSucceeded, intentJSON("pi_2"), "pi_2", nil},
		{squares.EventPaymentFailed, intentJSON("pi_3"), "pi_3", nil},
		{squares.EventPaymentCanceled, intentJSON("pi_4"), "pi_4", nil},
		{squares.EventChargeRefunded, `{"id":"ch_1","object":"charge","amount":2500,"amount_captured":2500,` +
			`"amount_refunded":1000,"captured":true,"refunded":false,"payment_intent":"pi_5","status":"succeeded"}`, "pi_5", nil},
		{squares.EventChargeRefunded, `{"id":"ch_2","object":"charge","payment_intent":{"id":"pi_6","object":"payment_intent"}}`, "pi_6", nil},
		// A charge without a PaymentIntent is not Squares': nothing to do.
		{squares.EventChargeRefunded, `{"id":"ch_3","object":"charge","payment_intent":null}`, "", nil},
		// Disputes, with the dispute as the event has it.
		{squares.EventDisputeCreated, disputeJSON("dp_1", 2500, `"pi_8"`, "needs_response"), "pi_8",
			&squares.ProviderDispute{ID: "dp_1", Amount: 2500, Status: squares.DisputeNeedsResponse}},
		{squares.EventDisputeCreated, disputeJSON("dp_2", 700, `"pi_9"`, "warning_needs_response"), "pi_9",
			&squares.ProviderDispute{ID: "dp_2", Amount: 700, Status: squares.DisputeWarningNeedsResponse}},
		{squares.EventDisputeFundsWithdrawn, disputeJSON("dp_2", 700, `"pi_9"`, "needs_response"), "pi_9",
			&squares.ProviderDispute{ID: "dp_2", Amount: 700, Status: squares.DisputeNeedsResponse}},
		{squares.EventDisputeClosed, disputeJSON("dp_1", 2500, `{"id":"pi_8","object":"payment_intent"}`, "won"), "pi_8",
			&squares.ProviderDispute{ID: "dp_1", Amount: 2500, Status: squares.DisputeWon}},
		{squares.EventDisputeClosed, disputeJSON("dp_3", 100, `"pi_10"`, "lost"), "pi_10",
			&squares.ProviderDispute{ID: "dp_3", Amount: 100, Status: squares.DisputeLost}},
		// A dispute of a charge made without a PaymentIntent is not Squares'.
		{squares.EventDisputeCreated, disputeJSON("dp_4", 100, `null`, "needs_response"), "", nil},
		// Other events are valid and ignored.
		{"customer.created", `{"id":"cus_1","object":"customer"}`, "", nil},
		{"payment_intent.created", intentJSON("pi_7"), "", nil},
		{"charge.dispute.updated", disputeJSON("dp_1", 2500, `"pi_8"`, "under_review"), "", nil},
	} {
		payload := eventJSON("evt_"+tc.typ, tc.typ, tc.object)
		header := sign(payload, testSecret, now)
		ev, err := stripe.ParseWebhook(payload, header, testSecret, now)
		if err != nil {
			t.Errorf("%s: %v", tc.typ, err)
			continue
		}
		if ev.ID != "evt_"+tc.typ || ev.Type != tc.typ || ev.PaymentID != tc.paymentID {
			t.Errorf("%s: %+v, want payment %q", tc.typ, ev, tc.paymentID)
		}
		if (ev.Dispute == nil) != (tc.dispute == nil) || (ev.Dispute != nil && *ev.Dispute != *tc.dispute) {
			t.Errorf("%s: dispute %+v, want %+v", tc.typ, ev.Dispute, tc.dispute)
		}
		// stripe-go agrees that the signature is good.
		if _, err := webhook.ConstructEventWithOptions(payload, header, testSecret,
			webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true}); err != nil {
			t.Errorf("%s: stripe-go refuses the test event: %v", tc.typ, err)
		}
	}
}

func TestParseWebhookRefusals(t *testing.T) {
	now := time.Now()
	payload := eventJSON("evt_1", squares.EventPaymentCapturable, intentJSON("pi_1"))
	good := sign(payload, testSecret, now)
	mac := webhook.ComputeSignature(now, payload, testSecret)

	for _, tc := range []struct {
		name    string
		payload []byte
		header  string
		secret  string
		now     time.Time
		want    error
	}{
		{"no header", payload, "", testSecret, now, stripe.ErrNotSigned},
		{"other secret", payload, sign(payload, "whsec_other", now), testSecret, now, stripe.ErrNoValidSignature},
		{"body changed", eventJSON("evt_1", squares.EventPaymentCapturable, intentJSON("pi_2")), good, testSecret, now, stripe.ErrNoValidSignature},
		{"timestamp changed", payload, fmt.Sprintf("t=%d,v1=%x", now.Unix()+1, mac), testSecret, now, stripe.ErrNoValidSignature},
		{"v0 only", payload, fmt.Sprintf("t=%d,v0=%x", now.Unix(), mac), testSecret, now, stripe.ErrNoValidSignature},
		{"no timestamp", payload, "v1=" + hex.EncodeToString(mac), testSecret, now, stripe.ErrInvalidHeader},
		{"garbage", payload, "garbage", testSecret, now, stripe.ErrInvalidHeader},
		{"301 s old", payload, sign(payload, testSecret, now.Add(-301*time.Second)), testSecret, now, stripe.ErrTooOld},
		{"301 s ahead", payload, sign(payload, testSecret, now.Add(301*time.Second)), testSecret, now, stripe.ErrTooOld},
	} {
		if _, err := stripe.ParseWebhook(tc.payload, tc.header, tc.secret, tc.now); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}

	// Within the tolerance, and with a rolled secret's second signature, it is accepted.
	for name, header := range map[string]string{
		"299 s old":  sign(payload, testSecret, now.Add(-299*time.Second)),
		"two v1":     fmt.Sprintf("t=%d,v1=%s,v1=%x", now.Unix(), hex.EncodeToString(webhook.ComputeSignature(now, payload, "whsec_old")), mac),
		"extra part": fmt.Sprintf("t=%d,v1=%x,v0=abc", now.Unix(), mac),
	} {
		if ev, err := stripe.ParseWebhook(payload, header, testSecret, now); err != nil || ev.PaymentID != "pi_1" {
			t.Errorf("%s: %+v, %v", name, ev, err)
		}
	}

	// Signed, but not an event Squares can read.
	for name, body := range map[string]string{
		"not JSON":            `{"id":`,
		"not an event":        `{"id":"pi_1","object":"payment_intent"}`,
		"no id":               `{"object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1","object":"payment_intent"}}}`,
		"intent event, no PI": string(eventJSON("evt_2", squares.EventPaymentSucceeded, `{"id":"ch_1","object":"charge"}`)),
		"refund, no charge":   string(eventJSON("evt_3", squares.EventChargeRefunded, `{"id":"pi_1","object":"payment_intent"}`)),
		"dispute, a charge":   string(eventJSON("evt_4", squares.EventDisputeCreated, `{"id":"ch_1","object":"charge","payment_intent":"pi_1"}`)),
		"dispute without id":  string(eventJSON("evt_5", squares.EventDisputeClosed, `{"object":"dispute","amount":100,"payment_intent":"pi_1","status":"won"}`)),
	} {
		b := []byte(body)
		if ev, err := stripe.ParseWebhook(b, sign(b, testSecret, now), testSecret, now); err == nil {
			t.Errorf("%s: accepted as %+v", name, ev)
		}
	}
}
