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

func TestParseWebhookEvents(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		typ, object, paymentID string
	}{
		{squares.EventPaymentCapturable, intentJSON("pi_1"), "pi_1"},
		{squares.EventPaymentSucceeded, intentJSON("pi_2"), "pi_2"},
		{squares.EventPaymentFailed, intentJSON("pi_3"), "pi_3"},
		{squares.EventPaymentCanceled, intentJSON("pi_4"), "pi_4"},
		{squares.EventChargeRefunded, `{"id":"ch_1","object":"charge","amount_refunded":2500,"payment_intent":"pi_5"}`, "pi_5"},
		{squares.EventChargeRefunded, `{"id":"ch_2","object":"charge","payment_intent":{"id":"pi_6","object":"payment_intent"}}`, "pi_6"},
		// A charge without a PaymentIntent is not Squares': nothing to do.
		{squares.EventChargeRefunded, `{"id":"ch_3","object":"charge","payment_intent":null}`, ""},
		// Other events are valid and ignored.
		{"customer.created", `{"id":"cus_1","object":"customer"}`, ""},
		{"payment_intent.created", intentJSON("pi_7"), ""},
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
	} {
		b := []byte(body)
		if ev, err := stripe.ParseWebhook(b, sign(b, testSecret, now), testSecret, now); err == nil {
			t.Errorf("%s: accepted as %+v", name, ev)
		}
	}
}
