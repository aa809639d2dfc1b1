package escrow_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store/storetest"
)

// TestCheckoutHoldsSquaresAndConfirmGivesThem: a checkout holds its squares for the buyer (another buyer
// gets a conflict); the provider's word, not the browser's, gives them: before the card is authorised
// the confirmation is refused; the authorisation writes one hold transaction; confirming again changes
// nothing.
func TestCheckoutHoldsSquaresAndConfirmGivesThem(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		e.webhooks = false // the browser's confirmation, not the webhook, gives the squares here
		a := storetest.NewAuditor(t, e.url)
		pools := e.game()
		five := pools[2]
		alice, bob := e.player("Alice"), e.player("Bob")

		pay := e.checkout(alice, five, cell(0, 0), cell(0, 1))
		if pay.Status != squares.PaymentPending || pay.Amount != 1000 || pay.ProviderPaymentID == "" ||
			pay.ClientSecret == "" || !pay.HoldExpiresAt.Equal(t0.Add(squares.CheckoutHold)) {
			t.Fatalf("checkout = %+v", pay)
		}
		sqs := e.squaresOf(five.ID)
		if sq := sqs[cell(0, 1)]; len(sqs) != 2 || sq.State != squares.SquareHeld || sq.UserID != alice.ID {
			t.Fatalf("squares after checkout = %v", sqs)
		}
		if pp := e.provider(pay); pp.Status != squares.ProviderRequiresPaymentMethod || pp.Amount != 1000 ||
			pp.Metadata["payment_id"] != pay.ID {
			t.Fatalf("provider payment = %+v", pp)
		}
		_, err := e.esc.Checkout(e.ctx, bob, five.ID, []squares.Cell{cell(0, 1), cell(2, 2)}, 1000)
		wantCode(t, err, squares.ECONFLICT, "already owned")
		if _, err := e.esc.Confirm(e.ctx, bob, pay.ProviderPaymentID); squares.ErrorCode(err) != squares.ENOTFOUND {
			t.Fatalf("another player's confirmation: %v", err)
		}
		_, err = e.esc.Confirm(e.ctx, alice, pay.ProviderPaymentID)
		wantCode(t, err, squares.EUNPROCESSABLE, "not complete yet (requires_payment_method)")
		e.audit(a)

		if pp := e.pay(pay, goodCard); pp.Status != squares.ProviderRequiresCapture || pp.AmountCapturable != 1000 {
			t.Fatalf("authorised = %+v", pp)
		}
		res, err := e.esc.Confirm(e.ctx, alice, pay.ProviderPaymentID)
		if err != nil || res.Already || res.Payment.Status != squares.PaymentHeld || len(res.Squares) != 2 ||
			res.Pool.SquaresTaken != 2 || res.Drew {
			t.Fatalf("confirm = %+v, %v", res, err)
		}
		for _, sq := range res.Squares {
			if sq.State != squares.SquareOwned || sq.UserID != alice.ID || sq.PaymentID != pay.ID {
				t.Fatalf("square = %+v", sq)
			}
		}
		if k := e.kinds(pay.ID); !slices.Equal(k, []string{squares.LedgerHold}) {
			t.Fatalf("ledger of the payment = %v", k)
		}
		if b := e.balance(squares.PoolHeldAccount(five.ID)); b != 1000 {
			t.Fatalf("held = %s", b)
		}
		if b := e.balance(squares.AccountWorld); b != -1000 {
			t.Fatalf("world = %s", b)
		}

		// Twice is once: the same squares, no second hold.
		again, err := e.esc.Confirm(e.ctx, alice, pay.ProviderPaymentID)
		if err != nil || !again.Already || len(again.Squares) != 2 || again.Pool.SquaresTaken != 2 {
			t.Fatalf("second confirm = %+v, %v", again, err)
		}
		if k := e.kinds(pay.ID); len(k) != 1 {
			t.Fatalf("ledger after two confirmations = %v", k)
		}
		// The webhook arriving late, and twice, changes nothing either.
		ev := squares.ProviderEvent{ID: "evt_late", Type: squares.EventPaymentCapturable, PaymentID: pay.ProviderPaymentID}
		for range 2 {
			if err := e.esc.HandleEvent(e.ctx, ev); err != nil {
				t.Fatal(err)
			}
		}
		if k := e.kinds(pay.ID); len(k) != 1 {
			t.Fatalf("ledger after late webhooks = %v", k)
		}
		e.audit(a)
	})
}

// TestWebhookConfirms: with the sandbox's events delivered, the authorisation alone gives the squares;
// the browser's confirmation afterwards reports them as already confirmed.
func TestWebhookConfirms(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		pools := e.game()
		alice := e.player("Alice")
		pay := e.checkout(alice, pools[1], cell(4, 4))
		e.pay(pay, goodCard)
		if p := e.payment(pay.ID); p.Status != squares.PaymentHeld || p.ProviderStatus != squares.ProviderRequiresCapture {
			t.Fatalf("after the webhook = %+v", p)
		}
		res, err := e.esc.Confirm(e.ctx, alice, pay.ProviderPaymentID)
		if err != nil || !res.Already || len(res.Squares) != 1 {
			t.Fatalf("confirm = %+v, %v", res, err)
		}
		if k := e.kinds(pay.ID); !slices.Equal(k, []string{squares.LedgerHold}) {
			t.Fatalf("ledger = %v", k)
		}
	})
}

// TestDeclinedCardKeepsTheHold: a declined card leaves the checkout pending with its squares held, and
// the confirmation reports the decline; a good card afterwards works.
func TestDeclinedCardKeepsTheHold(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		a := storetest.NewAuditor(t, e.url)
		pools := e.game()
		alice := e.player("Alice")
		pay := e.checkout(alice, pools[3], cell(9, 9))
		pp := e.pay(pay, declinedCard)
		if pp.Status != squares.ProviderRequiresPaymentMethod || pp.LastError != "Your card was declined." {
			t.Fatalf("declined = %+v", pp)
		}
		_, err := e.esc.Confirm(e.ctx, alice, pay.ProviderPaymentID)
		wantCode(t, err, squares.EUNPROCESSABLE, "Your card was declined.")
		if p := e.payment(pay.ID); p.Status != squares.PaymentPending {
			t.Fatalf("after the decline = %+v", p)
		}
		if sq := e.squaresOf(pools[3].ID)[cell(9, 9)]; sq == nil || sq.State != squares.SquareHeld || sq.UserID != alice.ID {
			t.Fatalf("square after the decline = %+v", sq)
		}
		if k := e.kinds(pay.ID); len(k) != 0 {
			t.Fatalf("ledger after a decline = %v", k)
		}
		e.audit(a)

		e.clock.Add(5 * time.Minute) // still within the hold
		e.pay(pay, goodCard)
		res, err := e.esc.Confirm(e.ctx, alice, pay.ProviderPaymentID)
		if err != nil || res.Payment.Status != squares.PaymentHeld || len(res.Squares) != 1 {
			t.Fatalf("confirm with a good card = %+v, %v", res, err)
		}
		if pp := e.provider(pay); pp.LastError != "" || pp.AmountCapturable != 1000 {
			t.Fatalf("provider after the good card = %+v", pp)
		}
		e.audit(a)
	})
}

// TestCheckoutExpiry: an abandoned checkout's squares are released by the escrow's pass once the hold
// runs out, and its provider payment is cancelled, even when the card was authorised but we never heard.
// The squares can be bought again; the late confirmation is refused and charges nothing.
func TestCheckoutExpiry(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		e.webhooks = false
		a := storetest.NewAuditor(t, e.url)
		pools := e.game()
		ten := pools[3]
		alice, bob, carol := e.player("Alice"), e.player("Bob"), e.player("Carol")
		abandoned := e.checkout(alice, ten, cell(1, 1))
		unheard := e.checkout(bob, ten, cell(2, 2), cell(2, 3))
		e.pay(unheard, goodCard) // authorised, but the browser never comes back and no webhook arrives

		e.clock.Add(squares.CheckoutHold - time.Second)
		e.runOnce()
		if p := e.payment(abandoned.ID); p.Status != squares.PaymentPending {
			t.Fatalf("before expiry = %s", p.Status)
		}
		e.clock.Add(2 * time.Second)
		if sqs := e.squaresOf(ten.ID); len(sqs) != 0 {
			t.Fatalf("expired holds are still listed: %v", sqs)
		}
		e.runOnce()
		for _, pay := range []*squares.Payment{abandoned, unheard} {
			if p := e.payment(pay.ID); p.Status != squares.PaymentReleased || p.FailureMessage == "" {
				t.Fatalf("after expiry = %+v", p)
			}
			if pp := e.provider(pay); pp.Status != squares.ProviderCanceled || pp.AmountCapturable != 0 {
				t.Fatalf("provider after expiry = %+v", pp)
			}
			if k := e.kinds(pay.ID); len(k) != 0 {
				t.Fatalf("ledger of an expired checkout = %v", k)
			}
		}
		if p := e.pool(ten.ID); p.SquaresTaken != 0 {
			t.Fatalf("taken = %d", p.SquaresTaken)
		}
		_, err := e.esc.Confirm(e.ctx, bob, unheard.ProviderPaymentID)
		wantCode(t, err, squares.EUNPROCESSABLE, "cancelled")
		e.buy(carol, ten, cell(2, 2), cell(1, 1))
		e.audit(a)

		// A checkout that expires without a pass is released by the next checkout of the same pool.
		stale := e.checkout(alice, ten, cell(5, 5))
		e.clock.Add(squares.CheckoutHold + time.Second)
		e.checkout(bob, ten, cell(5, 5))
		if p := e.payment(stale.ID); p.Status != squares.PaymentReleased {
			t.Fatalf("stale checkout = %s", p.Status)
		}
		e.runOnce() // cancels the stale checkout's provider payment
		if pp := e.provider(stale); pp.Status != squares.ProviderCanceled {
			t.Fatalf("stale provider payment = %s", pp.Status)
		}
		e.audit(a)
	})
}

// TestPoolCompletionCapturesEveryHold: the 100th square draws the numbers once; the next pass captures
// every authorisation into the pool's escrow, once.
func TestPoolCompletionCapturesEveryHold(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		e.webhooks = false
		a := storetest.NewAuditor(t, e.url)
		one := e.game()[1]
		last := e.fill(one)
		if !last.Drew || last.Pool.Status != squares.PoolFull || !last.Pool.NumbersGenerated() {
			t.Fatalf("last purchase = drew %v, pool %+v", last.Drew, last.Pool.Pool)
		}
		drawnAt := *e.pool(one.ID).DrawnAt
		if b := e.balance(squares.PoolHeldAccount(one.ID)); b != 10000 {
			t.Fatalf("held before capture = %s", b)
		}
		e.audit(a)

		e.runOnce()
		s := e.audit(a)
		captures := 0
		for _, tx := range s.Txs {
			if tx.Kind == squares.LedgerCapture {
				captures++
			}
		}
		if captures != 20 {
			t.Fatalf("captures = %d, want 20", captures)
		}
		for _, p := range s.Payments {
			if p.Status != squares.PaymentCaptured {
				t.Fatalf("payment %s = %s", p.ID, p.Status)
			}
		}
		if held, esc := e.balance(squares.PoolHeldAccount(one.ID)), e.balance(squares.PoolEscrowAccount(one.ID)); held != 0 || esc != 10000 {
			t.Fatalf("after capture: held %s, escrow %s", held, esc)
		}
		s.CheckProvider(t, e.sb)

		// Another pass, and the provider's late events, change nothing.
		e.runOnce()
		for _, p := range s.Payments {
			ev := squares.ProviderEvent{ID: "evt_" + p.ID, Type: squares.EventPaymentSucceeded, PaymentID: p.ProviderID}
			if err := e.esc.HandleEvent(e.ctx, ev); err != nil {
				t.Fatal(err)
			}
		}
		if n := len(e.audit(a).Txs); n != 40 {
			t.Fatalf("ledger transactions after a second pass = %d, want 40", n)
		}
		if p := e.pool(one.ID); !p.DrawnAt.Equal(drawnAt) || p.Status != squares.PoolFull {
			t.Fatalf("pool after the passes = %+v", p.Pool)
		}
	})
}

// TestCancelPoolReleasesHoldsAndRefundsCaptures: cancelling an open pool releases its holds (nothing is
// charged) and ends its checkouts; cancelling a complete pool refunds its captures. Each exactly once,
// however many passes follow.
func TestCancelPoolReleasesHoldsAndRefundsCaptures(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		a := storetest.NewAuditor(t, e.url)
		pools := e.game()
		open, complete := pools[2], pools[1]
		alice, bob := e.player("Alice"), e.player("Bob")
		held := e.buy(alice, open, cell(0, 0), cell(0, 1)).Payment
		pending := e.checkout(bob, open, cell(3, 3))
		e.fill(complete)
		e.runOnce()
		if b := e.balance(squares.PoolEscrowAccount(complete.ID)); b != 10000 {
			t.Fatalf("escrow before cancel = %s", b)
		}

		p, err := e.esc.CancelPool(e.ctx, open.ID)
		if err != nil || p.Status != squares.PoolCancelled {
			t.Fatalf("cancel open pool = %+v, %v", p, err)
		}
		// The sandbox tells us of our own cancellation during the call: the player is still told why.
		const why = "The pool was cancelled, so your payment was returned."
		if got := e.payment(held.ID); got.Status != squares.PaymentReleased || got.FailureMessage != why {
			t.Fatalf("held payment after cancel = %+v", got)
		}
		if pp := e.provider(held); pp.Status != squares.ProviderCanceled || pp.AmountReceived != 0 {
			t.Fatalf("provider of the held payment = %+v", pp)
		}
		if k := e.kinds(held.ID); !slices.Equal(k, []string{squares.LedgerHold, squares.LedgerRelease}) {
			t.Fatalf("ledger of the held payment = %v", k)
		}
		if got := e.payment(pending.ID); got.Status != squares.PaymentReleased {
			t.Fatalf("pending checkout after cancel = %+v", got)
		}
		if pp := e.provider(pending); pp.Status != squares.ProviderCanceled {
			t.Fatalf("provider of the pending checkout = %+v", pp)
		}
		if b := e.balance(squares.PoolHeldAccount(open.ID)); b != 0 {
			t.Fatalf("held after cancel = %s", b)
		}
		e.audit(a)

		if _, err := e.esc.CancelPool(e.ctx, complete.ID); err != nil {
			t.Fatal(err)
		}
		s := e.audit(a)
		for _, pay := range s.Payments {
			if pay.PoolID != complete.ID {
				continue
			}
			if got := e.payment(pay.ID); got.Status != squares.PaymentRefunded || got.FailureMessage != why {
				t.Fatalf("payment after cancel = %+v", got)
			}
			if k := e.kinds(pay.ID); !slices.Equal(k, []string{squares.LedgerHold, squares.LedgerCapture, squares.LedgerRefund}) {
				t.Fatalf("ledger of %s = %v", pay.ID, k)
			}
		}
		if b := e.balance(squares.PoolEscrowAccount(complete.ID)); b != 0 {
			t.Fatalf("escrow after cancel = %s", b)
		}
		if b := e.balance(squares.AccountWorld); b != 0 {
			t.Fatalf("world after everything returned = %s", b)
		}
		s.CheckProvider(t, e.sb)

		// Again and again: nothing more moves, at the provider or in the ledger.
		n := len(s.Txs)
		e.runOnce()
		e.runOnce()
		if _, err := e.esc.CancelPool(e.ctx, complete.ID); err != nil {
			t.Fatal(err)
		}
		s = e.audit(a)
		if len(s.Txs) != n {
			t.Fatalf("ledger grew from %d to %d transactions", n, len(s.Txs))
		}
		s.CheckProvider(t, e.sb)
	})
}

// TestProviderCancelsHold: a hold the provider cancels (the issuer, or the hold's lifetime running out)
// frees the squares of an open pool; in a complete pool the house takes them over with a stake, so the
// grid and the pot stay whole.
func TestProviderCancelsHold(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		a := storetest.NewAuditor(t, e.url)
		pools := e.game()
		open := pools[2]
		alice, bob := e.player("Alice"), e.player("Bob")

		// The issuer cancels: the webhook frees the squares.
		first := e.buy(alice, open, cell(0, 0)).Payment
		if _, err := e.sb.Release(e.ctx, first.ProviderPaymentID, "issuer"); err != nil {
			t.Fatal(err)
		}
		if p := e.payment(first.ID); p.Status != squares.PaymentReleased {
			t.Fatalf("after the issuer's cancel = %+v", p)
		}
		if sqs := e.squaresOf(open.ID); len(sqs) != 0 {
			t.Fatalf("squares = %v", sqs)
		}
		if k := e.kinds(first.ID); !slices.Equal(k, []string{squares.LedgerHold, squares.LedgerRelease}) {
			t.Fatalf("ledger = %v", k)
		}
		e.audit(a)

		// The hold's lifetime runs out (7 days): the sandbox's pass cancels it.
		second := e.buy(bob, open, cell(0, 0), cell(5, 5)).Payment
		e.clock.Add(sandbox.HoldLifetime - time.Minute)
		if err := e.sb.RunOnce(e.ctx); err != nil {
			t.Fatal(err)
		}
		if p := e.payment(second.ID); p.Status != squares.PaymentHeld {
			t.Fatalf("before the hold lapses = %s", p.Status)
		}
		e.clock.Add(2 * time.Minute)
		if err := e.sb.RunOnce(e.ctx); err != nil {
			t.Fatal(err)
		}
		if p := e.payment(second.ID); p.Status != squares.PaymentReleased {
			t.Fatalf("after the hold lapsed = %+v", p)
		}
		if p := e.pool(open.ID); p.SquaresTaken != 0 {
			t.Fatalf("taken = %d", p.SquaresTaken)
		}
		e.audit(a)
	})
}

// TestHouseTakesOverLapsedHoldInCompletePool: in a complete (drawn) pool a cancelled hold's squares go to
// the house, which stakes their price: by webhook, or when the capture finds the hold gone.
func TestHouseTakesOverLapsedHoldInCompletePool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		a := storetest.NewAuditor(t, e.url)
		pools := e.game()
		one, five := pools[1], pools[2]
		e.fill(one)
		e.webhooks = false
		e.fill(five)
		e.webhooks = true

		// Pool one: the issuer cancels a hold before the capture; the webhook hands its squares to the house.
		s := e.audit(a)
		var lapsed, unheard *storetest.AuditPayment
		for _, p := range s.Payments {
			switch {
			case p.PoolID == one.ID && lapsed == nil:
				lapsed = p
			case p.PoolID == five.ID && unheard == nil:
				unheard = p
			}
		}
		if _, err := e.sb.Release(e.ctx, lapsed.ProviderID, "issuer"); err != nil {
			t.Fatal(err)
		}
		// Pool five: the hold lapses without a webhook; the capture finds it cancelled.
		e.webhooks = false
		if _, err := e.sb.Release(e.ctx, unheard.ProviderID, "issuer"); err != nil {
			t.Fatal(err)
		}
		e.runOnce()
		s = e.audit(a)
		for _, lost := range []*storetest.AuditPayment{lapsed, unheard} {
			p := e.payment(lost.ID)
			if p.Status != squares.PaymentReleased || !strings.Contains(p.FailureMessage, "the house took your squares") {
				t.Fatalf("lapsed payment = %+v", p)
			}
			sqs := e.squaresOf(lost.PoolID)
			for _, c := range lost.Cells {
				if sq := sqs[c]; sq == nil || !sq.IsHouse || sq.State != squares.SquareOwned || sq.PaymentID != "" {
					t.Fatalf("square %v = %+v, want the house's", c, sq)
				}
			}
			if len(sqs) != 100 {
				t.Fatalf("pool %d has %d squares", lost.PoolID, len(sqs))
			}
			pool := e.pool(lost.PoolID)
			if b := e.balance(squares.PoolEscrowAccount(pool.ID)); b != 100*pool.EntryFee {
				t.Fatalf("escrow of pool %d = %s, want the whole pot", pool.ID, b)
			}
			if b := e.balance(squares.PoolHeldAccount(pool.ID)); b != 0 {
				t.Fatalf("held of pool %d = %s", pool.ID, b)
			}
		}
		if b := e.balance(squares.AccountHouseStakes); b != -(5*one.EntryFee + 5*five.EntryFee) {
			t.Fatalf("house stakes = %s", b)
		}
		s.CheckProvider(t, e.sb)
		n := len(s.Txs)
		e.runOnce()
		if got := len(e.audit(a).Txs); got != n {
			t.Fatalf("a second pass wrote %d transactions", got-n)
		}

		// The pool is cancelled after all: the players are refunded and the house gets its stake back, so
		// nothing stays in the cancelled pool's escrow.
		if _, err := e.esc.CancelPool(e.ctx, one.ID); err != nil {
			t.Fatal(err)
		}
		e.runOnce()
		s = e.audit(a)
		if b := e.balance(squares.PoolEscrowAccount(one.ID)); b != 0 {
			t.Fatalf("escrow of the cancelled pool = %s", b)
		}
		if b := e.balance(squares.AccountHouseStakes); b != -5*five.EntryFee {
			t.Fatalf("house stakes after the cancel = %s", b)
		}
		unstakes := 0
		for _, tx := range s.Txs {
			if tx.Kind == squares.LedgerUnstake {
				unstakes++
				if tx.PoolID != one.ID || tx.Amount != 5*one.EntryFee {
					t.Fatalf("unstake = %+v", tx)
				}
			}
		}
		if unstakes != 1 {
			t.Fatalf("unstakes = %d", unstakes)
		}
		s.CheckProvider(t, e.sb)
	})
}

// panicOnGet is a provider whose next Get kills the server: it panics, as a process dies.
type panicOnGet struct {
	squares.PaymentProvider
	armed bool
}

func (p *panicOnGet) Get(ctx context.Context, id string) (*squares.ProviderPayment, error) {
	if p.armed {
		p.armed = false
		panic(crash{})
	}
	return p.PaymentProvider.Get(ctx, id)
}

// TestWebhookRetriedAfterCrash: the server dies while handling a webhook (after the event arrived, before
// the payment was reconciled); the provider's retry of the same event, to the restarted server, is
// processed. (The event used to be marked processed before its handling, so the retry was ignored and the
// squares stayed with a player whose hold was gone.)
func TestWebhookRetriedAfterCrash(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		a := storetest.NewAuditor(t, e.url)
		pools := e.game()
		alice := e.player("Alice")
		pay := e.buy(alice, pools[2], cell(3, 3)).Payment

		var events []squares.ProviderEvent
		e.onEvent = func(ctx context.Context, ev squares.ProviderEvent) error {
			events = append(events, ev)
			return nil
		}
		if _, err := e.sb.Release(e.ctx, pay.ProviderPaymentID, "issuer"); err != nil || len(events) != 1 {
			t.Fatalf("issuer cancel: %v, events %v", err, events)
		}
		dying := &panicOnGet{PaymentProvider: e.esc.Provider, armed: true}
		e.esc.Provider = dying
		func() {
			defer func() {
				if _, ok := recover().(crash); !ok {
					t.Fatal("the server did not die")
				}
			}()
			e.esc.HandleEvent(e.ctx, events[0])
		}()
		e.restart()
		if err := e.esc.HandleEvent(e.ctx, events[0]); err != nil {
			t.Fatal(err)
		}
		if p := e.payment(pay.ID); p.Status != squares.PaymentReleased {
			t.Fatalf("after the retried webhook = %s", p.Status)
		}
		if sqs := e.squaresOf(pools[2].ID); len(sqs) != 0 {
			t.Fatalf("squares = %v", sqs)
		}
		// Processed now: a third delivery does nothing.
		n := len(e.ledger())
		if err := e.esc.HandleEvent(e.ctx, events[0]); err != nil || len(e.ledger()) != n {
			t.Fatalf("third delivery: %v", err)
		}
		e.audit(a).CheckProvider(t, e.sb)
	})
}
