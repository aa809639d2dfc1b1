package sandbox_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

func newProvider(t *testing.T, engine string) (*sandbox.Provider, *storetest.Clock) {
	t.Helper()
	db := storetest.Open(t, engine)
	clock := storetest.NewClock(time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC))
	db.Now = clock.Now
	p := sandbox.New(db)
	p.Now = clock.Now
	return p, clock
}

func create(t *testing.T, p *sandbox.Provider, key string, amount squares.Cents) *squares.ProviderPayment {
	t.Helper()
	pp, err := p.Create(context.Background(), squares.PaymentRequest{Amount: amount, Currency: "usd", IdempotencyKey: key})
	if err != nil {
		t.Fatal(err)
	}
	return pp
}

func TestSandboxLifecycle(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		p, _ := newProvider(t, engine)
		pp := create(t, p, "create:a", 1000)
		if pp.Status != squares.ProviderRequiresPaymentMethod || pp.ClientSecret == "" || pp.Amount != 1000 {
			t.Fatalf("created = %+v", pp)
		}
		// The same key gives the same payment; the same key with another amount is refused.
		if again := create(t, p, "create:a", 1000); again.ID != pp.ID {
			t.Fatalf("same key made %s, then %s", pp.ID, again.ID)
		}
		if _, err := p.Create(ctx, squares.PaymentRequest{Amount: 2000, Currency: "usd", IdempotencyKey: "create:a"}); squares.ErrorCode(err) != squares.ECONFLICT {
			t.Fatalf("reused key with another amount: %v", err)
		}
		// Nothing to capture before a card; a declined card leaves it awaiting one, with the message.
		if _, err := p.Capture(ctx, pp.ID, "capture:a"); squares.ErrorCode(err) != squares.ECONFLICT {
			t.Fatalf("capture without a card: %v", err)
		}
		declined, err := p.Confirm(ctx, pp.ID, sandbox.Card{Number: "4000 0000 0000 0002", Expiry: "12/30", CVC: "123"})
		if err != nil || declined.Status != squares.ProviderRequiresPaymentMethod || declined.LastError != "Your card was declined." {
			t.Fatalf("declined = %+v, %v", declined, err)
		}
		held, err := p.Confirm(ctx, pp.ID, sandbox.Card{Number: "4242424242424242", Expiry: "12/30", CVC: "123"})
		if err != nil || held.Status != squares.ProviderRequiresCapture || held.AmountCapturable != 1000 || held.LastError != "" {
			t.Fatalf("held = %+v, %v", held, err)
		}
		// Capture, twice: the second changes nothing. A captured payment cannot be cancelled, only refunded.
		for i := 0; i < 2; i++ {
			got, err := p.Capture(ctx, pp.ID, "capture:a")
			if err != nil || got.Status != squares.ProviderSucceeded || got.AmountReceived != 1000 {
				t.Fatalf("capture %d = %+v, %v", i, got, err)
			}
		}
		if _, err := p.Release(ctx, pp.ID, "cancel:a"); squares.ErrorCode(err) != squares.ECONFLICT {
			t.Fatalf("cancel after capture: %v", err)
		}
		for i := 0; i < 2; i++ {
			got, err := p.Refund(ctx, pp.ID, "refund:a")
			if err != nil || got.AmountRefunded != 1000 {
				t.Fatalf("refund %d = %+v, %v", i, got, err)
			}
		}
		// A payment cancelled before capture cannot be captured or refunded.
		other := create(t, p, "create:b", 500)
		if got, err := p.Release(ctx, other.ID, "cancel:b"); err != nil || got.Status != squares.ProviderCanceled {
			t.Fatalf("cancel = %+v, %v", got, err)
		}
		if _, err := p.Refund(ctx, other.ID, "refund:b"); squares.ErrorCode(err) != squares.ECONFLICT {
			t.Fatalf("refund of a cancelled payment: %v", err)
		}
		if _, err := p.Get(ctx, "pi_sbx_missing"); squares.ErrorCode(err) != squares.ENOTFOUND {
			t.Fatalf("get missing: %v", err)
		}
	})
}

func TestSandboxCards(t *testing.T) {
	p, _ := newProvider(t, "sqlite")
	ctx := context.Background()
	for _, c := range []struct {
		card  sandbox.Card
		field string
	}{
		{sandbox.Card{Number: "4242 4242 4242 4241", Expiry: "12/30", CVC: "123"}, "cardNumber"}, // fails Luhn
		{sandbox.Card{Number: "4242", Expiry: "12/30", CVC: "123"}, "cardNumber"},
		{sandbox.Card{Number: "4242424242424242", Expiry: "10/26", CVC: "123"}, "expiry"}, // before Nov 2026
		{sandbox.Card{Number: "4242424242424242", Expiry: "13/30", CVC: "123"}, "expiry"},
		{sandbox.Card{Number: "4242424242424242", Expiry: "1230", CVC: "123"}, "expiry"},
		{sandbox.Card{Number: "4242424242424242", Expiry: "12/30", CVC: "12"}, "cvc"},
		{sandbox.Card{Number: "4242424242424242", Expiry: "12/30", CVC: "12a"}, "cvc"},
	} {
		pp := create(t, p, "card:"+c.card.Number+c.card.Expiry+c.card.CVC, 100)
		_, err := p.Confirm(ctx, pp.ID, c.card)
		var e *squares.Error
		if squares.ErrorCode(err) != squares.EINVALID || !asError(err, &e) || e.Fields[c.field] == "" {
			t.Errorf("%+v: %v, want a %s error", c.card, err, c.field)
		}
	}
	// This month's expiry is still good; insufficient funds is a decline with its own message.
	pp := create(t, p, "card:nsf", 100)
	got, err := p.Confirm(ctx, pp.ID, sandbox.Card{Number: "4000000000009995", Expiry: "11/26", CVC: "1234"})
	if err != nil || got.LastError != "Your card has insufficient funds." {
		t.Fatalf("insufficient funds = %+v, %v", got, err)
	}
}

func asError(err error, target **squares.Error) bool {
	e, ok := err.(*squares.Error)
	*target = e
	return ok
}

// TestSandboxHoldsLapse: an authorisation left uncaptured for 7 days is cancelled, and its event sent.
func TestSandboxHoldsLapse(t *testing.T) {
	p, clock := newProvider(t, "sqlite")
	ctx := context.Background()
	var events []squares.ProviderEvent
	p.OnEvent = func(_ context.Context, e squares.ProviderEvent) error { events = append(events, e); return nil }
	pp := create(t, p, "create:lapse", 2500)
	if _, err := p.Confirm(ctx, pp.ID, sandbox.Card{Number: sandbox.CardApproved, Expiry: "12/30", CVC: "123"}); err != nil {
		t.Fatal(err)
	}
	clock.Add(sandbox.HoldLifetime - time.Minute)
	if err := p.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := p.Get(ctx, pp.ID); got.Status != squares.ProviderRequiresCapture {
		t.Fatalf("before 7 days: %s", got.Status)
	}
	clock.Add(2 * time.Minute)
	if err := p.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := p.Get(ctx, pp.ID); got.Status != squares.ProviderCanceled {
		t.Fatalf("after 7 days: %s", got.Status)
	}
	last := events[len(events)-1]
	if last.Type != squares.EventPaymentCanceled || last.PaymentID != pp.ID || last.ID == "" {
		t.Fatalf("events = %+v", events)
	}
}

// TestSandboxRefundOutsideAndDispute: the sandbox plays a refund made in a processor's dashboard and a
// cardholder's dispute, each sending the event Stripe sends, for captured payments only and within what
// was captured.
func TestSandboxRefundOutsideAndDispute(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		p, _ := newProvider(t, engine)
		var events []squares.ProviderEvent
		p.OnEvent = func(ctx context.Context, ev squares.ProviderEvent) error {
			events = append(events, ev)
			return nil
		}
		pp := create(t, p, "create:b", 1000)
		if _, err := p.RefundOutside(ctx, pp.ID, 100); squares.ErrorCode(err) != squares.ECONFLICT {
			t.Fatalf("refund outside before capture: %v", err)
		}
		if _, err := p.Dispute(ctx, pp.ID, 100); squares.ErrorCode(err) != squares.ECONFLICT {
			t.Fatalf("dispute before capture: %v", err)
		}
		if _, err := p.Confirm(ctx, pp.ID, sandbox.Card{Number: "4242424242424242", Expiry: "12/30", CVC: "123"}); err != nil {
			t.Fatal(err)
		}
		if _, err := p.Capture(ctx, pp.ID, "capture:b"); err != nil {
			t.Fatal(err)
		}
		events = nil
		for _, amount := range []squares.Cents{0, 1001} {
			if _, err := p.RefundOutside(ctx, pp.ID, amount); squares.ErrorCode(err) != squares.EINVALID {
				t.Fatalf("refund outside of %s: %v", amount, err)
			}
			if _, err := p.Dispute(ctx, pp.ID, amount); squares.ErrorCode(err) != squares.EINVALID {
				t.Fatalf("dispute of %s: %v", amount, err)
			}
		}
		got, err := p.RefundOutside(ctx, pp.ID, 400)
		if err != nil || got.AmountRefunded != 400 || got.Status != squares.ProviderSucceeded {
			t.Fatalf("refund outside = %+v, %v", got, err)
		}
		if _, err := p.RefundOutside(ctx, pp.ID, 601); squares.ErrorCode(err) != squares.EINVALID {
			t.Fatalf("refund outside beyond the rest: %v", err)
		}
		if got, err = p.RefundOutside(ctx, pp.ID, 600); err != nil || got.AmountRefunded != 1000 {
			t.Fatalf("refund outside of the rest = %+v, %v", got, err)
		}
		d, err := p.Dispute(ctx, pp.ID, 1000)
		if err != nil || d.Amount != 1000 || d.Status != squares.DisputeNeedsResponse || d.ID == "" {
			t.Fatalf("dispute = %+v, %v", d, err)
		}
		closed := p.CloseDispute(ctx, pp.ID, *d, true)
		if closed.ID != d.ID || closed.Status != squares.DisputeWon {
			t.Fatalf("closed = %+v", closed)
		}
		want := []string{squares.EventChargeRefunded, squares.EventChargeRefunded, squares.EventDisputeCreated, squares.EventDisputeClosed}
		if len(events) != len(want) {
			t.Fatalf("events = %+v", events)
		}
		for i, ev := range events {
			if ev.Type != want[i] || ev.PaymentID != pp.ID || ev.ID == "" || (i >= 2) != (ev.Dispute != nil) {
				t.Fatalf("event %d = %+v, want %s", i, ev, want[i])
			}
		}
		if events[3].Dispute.Status != squares.DisputeWon || events[2].Dispute.Status != squares.DisputeNeedsResponse {
			t.Fatalf("dispute events = %+v, %+v", events[2].Dispute, events[3].Dispute)
		}
	})
}
