package stripe_test

import (
	"errors"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/stripe"
)

// webhookSeeds are events as Stripe sends them to the webhook.
var webhookSeeds = [][]byte{
	eventJSON("evt_1", squares.EventPaymentCapturable, intentJSON("pi_1")),
	eventJSON("evt_2", squares.EventPaymentSucceeded, intentJSON("pi_2")),
	eventJSON("evt_3", squares.EventChargeRefunded, `{"id":"ch_1","object":"charge","payment_intent":{"id":"pi_3","object":"payment_intent"}}`),
	eventJSON("evt_4", squares.EventDisputeCreated, disputeJSON("dp_1", 2500, `"pi_4"`, "needs_response")),
	eventJSON("evt_5", "customer.created", `{"id":"cus_1","object":"customer"}`),
	[]byte(`{"object":"event"}`), []byte(`[]`), []byte(``),
}

// FuzzParseWebhook checks a correctly signed body of any content: no panic; a body read is an event with
// an id and a type, and a dispute only with the payment it is about.
func FuzzParseWebhook(f *testing.F) {
	for _, p := range webhookSeeds {
		f.Add(p)
	}
	now := time.Unix(1_700_000_000, 0)
	f.Fuzz(func(t *testing.T, payload []byte) {
		ev, err := stripe.ParseWebhook(payload, sign(payload, testSecret, now), testSecret, now)
		if err != nil {
			if errors.Is(err, stripe.ErrNoValidSignature) || errors.Is(err, stripe.ErrInvalidHeader) {
				t.Fatalf("a correctly signed body was refused for its signature: %v", err)
			}
			return
		}
		if ev.ID == "" || ev.Type == "" || (ev.Dispute != nil && ev.PaymentID == "") {
			t.Fatalf("event read = %+v", ev)
		}
	})
}

// FuzzWebhookSignature checks signature verification against headers of any content: no panic, and no
// header but one carrying the body's real signature lets a body through.
func FuzzWebhookSignature(f *testing.F) {
	now := time.Unix(1_700_000_000, 0)
	payload := webhookSeeds[0]
	good := sign(payload, testSecret, now)
	for _, h := range []string{good, good + ",v0=00", "t=1700000000", "t=1700000000,v1=zz", "t=,v1=", "v1=00,t=1700000000",
		"t=99999999999999999999,v1=00", sign(payload, "whsec_other", now), sign(payload, testSecret, now.Add(-time.Hour)), ",", "="} {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, header string) {
		ev, err := stripe.ParseWebhook(payload, header, testSecret, now)
		if err != nil {
			return
		}
		if ev.ID != "evt_1" {
			t.Fatalf("header %q let through %+v", header, ev)
		}
		// Through means a real signature of this body at a time within the tolerance.
		if _, err := stripe.ParseWebhook(append([]byte(" "), payload...), header, testSecret, now); err == nil {
			t.Fatalf("header %q also signs another body", header)
		}
	})
}
