package escrow_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// admins creates n admins and returns them.
func (e *env) admins(n int) []*squares.User {
	e.t.Helper()
	var out []*squares.User
	for range n {
		e.n++
		u, err := e.db.EnsureAdmin(e.ctx, fmt.Sprintf("boss%d", e.n), "not-a-hash")
		if err != nil {
			e.t.Fatalf("admin: %v", err)
		}
		out = append(out, u)
	}
	return out
}

// notices returns the messages of a user's notifications of a kind, oldest first.
func (e *env) notices(u *squares.User, kind string) []string {
	e.t.Helper()
	ns, err := e.db.ListNotifications(e.ctx, u.ID, false)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, n := range slices.Backward(ns) {
		if n.Kind == kind {
			out = append(out, n.Message)
		}
	}
	return out
}

// amounts returns the amounts of a payment's ledger transactions of a kind, in order.
func (e *env) amounts(payID, kind string) []squares.Cents {
	e.t.Helper()
	var out []squares.Cents
	for _, tx := range e.ledger() {
		if tx.PaymentID == payID && tx.Kind == kind {
			out = append(out, tx.Amount)
		}
	}
	return out
}

// recordEvents has the env keep every sandbox event it delivers to the escrow.
func (e *env) recordEvents() *[]squares.ProviderEvent {
	var events []squares.ProviderEvent
	e.onEvent = func(ctx context.Context, ev squares.ProviderEvent) error {
		events = append(events, ev)
		return e.esc.HandleEvent(ctx, ev)
	}
	return &events
}

// capturedPool fills a pool, captures its payments and returns them.
func (e *env) capturedPool(pool *squares.PoolView) []*squares.Payment {
	e.t.Helper()
	e.fill(pool)
	e.runOnce()
	pays, err := e.db.ListPoolPayments(e.ctx, pool.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, p := range pays {
		if p.Status != squares.PaymentCaptured {
			e.t.Fatalf("payment %s of the complete pool is %s", p.ID, p.Status)
		}
	}
	return pays
}

// wantOwned fails the test unless the payment's squares are its buyer's.
func (e *env) wantOwned(pay *squares.Payment) {
	e.t.Helper()
	sqs := e.squaresOf(pay.PoolID)
	for _, c := range pay.Squares {
		if sq := sqs[c]; sq == nil || sq.State != squares.SquareOwned || sq.UserID != pay.UserID || sq.IsHouse {
			e.t.Fatalf("square %v of payment %s = %+v, want the buyer's", c, pay.ID, sq)
		}
	}
	if p := e.payment(pay.ID); p.Status != squares.PaymentCaptured {
		e.t.Fatalf("payment %s is %s, want captured", pay.ID, p.Status)
	}
}

// TestRefundOutsideSquares: a captured payment of a live pool is refunded in the processor's dashboard in
// two partial refunds, each event delivered again and a stale one after: the player keeps the squares,
// the pool's escrow stays whole, the house covers from house:losses exactly what went back to the card,
// and every admin is told once per refund. Cancelling the pool afterwards refunds the rest to the card and
// gives the house back what it covered; our own refunds are not taken for refunds made outside Squares.
// (A partial refund used to be ignored, and a full one marked the payment refunded: the pot came up short.)
func TestRefundOutsideSquares(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		a := storetest.NewAuditor(t, e.url)
		admins := e.admins(2)
		events := e.recordEvents()
		five := e.game()[2]
		pays := e.capturedPool(five)
		pay := pays[0] // five squares: $25
		pot := e.balance(squares.PoolEscrowAccount(five.ID))
		if pot != 50000 || pay.Amount != 2500 {
			t.Fatalf("pot %s, payment %s", pot, pay.Amount)
		}

		refundOutside := func(amount squares.Cents) squares.ProviderEvent {
			t.Helper()
			if _, err := e.sb.RefundOutside(e.ctx, pay.ProviderPaymentID, amount); err != nil {
				t.Fatal(err)
			}
			ev := (*events)[len(*events)-1]
			if ev.Type != squares.EventChargeRefunded || ev.PaymentID != pay.ProviderPaymentID {
				t.Fatalf("event = %+v", ev)
			}
			return ev
		}
		first := refundOutside(1000)
		e.wantOwned(pay)
		if got := e.amounts(pay.ID, squares.LedgerExternalRefund); !slices.Equal(got, []squares.Cents{1000}) {
			t.Fatalf("refunds outside after the first = %v", got)
		}
		if b := e.balance(squares.AccountPaymentsFailed); b != -1000 {
			t.Fatalf("house:losses = %s", b)
		}

		second := refundOutside(500)
		// Delivered again, and a new event about the same payment: nothing more.
		for _, ev := range []squares.ProviderEvent{first, second, {ID: "evt_stale", Type: squares.EventChargeRefunded,
			PaymentID: pay.ProviderPaymentID}} {
			if err := e.esc.HandleEvent(e.ctx, ev); err != nil {
				t.Fatal(err)
			}
		}
		e.wantOwned(pay)
		if got := e.amounts(pay.ID, squares.LedgerExternalRefund); !slices.Equal(got, []squares.Cents{1000, 500}) {
			t.Fatalf("refunds outside = %v", got)
		}
		if b := e.balance(squares.AccountPaymentsFailed); b != -1500 {
			t.Fatalf("house:losses = %s, want -15.00", b)
		}
		if b := e.balance(squares.PoolEscrowAccount(five.ID)); b != pot {
			t.Fatalf("escrow = %s, want the whole pot %s", b, pot)
		}
		if b := e.balance(squares.AccountWorld); b != -pot+1500 {
			t.Fatalf("world = %s", b)
		}
		for _, admin := range admins {
			got := e.notices(admin, squares.NotifyExternalRefund)
			if len(got) != 2 || !strings.Contains(got[0], "$10.00") || !strings.Contains(got[1], "$5.00") ||
				!strings.Contains(got[1], pay.ID) || !strings.Contains(got[1], "$15.00 in all") {
				t.Fatalf("admin %d notifications = %q", admin.ID, got)
			}
		}
		e.audit(a)

		// Another payment refunded in full outside Squares: still captured, the squares still the player's.
		whole := pays[1]
		if _, err := e.sb.RefundOutside(e.ctx, whole.ProviderPaymentID, whole.Amount); err != nil {
			t.Fatal(err)
		}
		e.wantOwned(whole)
		if b := e.balance(squares.AccountPaymentsFailed); b != -1500-2500 {
			t.Fatalf("house:losses after a whole refund outside = %s", b)
		}
		e.audit(a)

		// The pool is cancelled: the card gets the $10 not refunded yet, the house its $15 back; the payment
		// refunded in full outside gives the house its $25 back.
		if _, err := e.esc.CancelPool(e.ctx, five.ID); err != nil {
			t.Fatal(err)
		}
		if p := e.payment(pay.ID); p.Status != squares.PaymentRefunded {
			t.Fatalf("after the cancellation = %s", p.Status)
		}
		if got := e.amounts(pay.ID, squares.LedgerRefund); !slices.Equal(got, []squares.Cents{1000}) {
			t.Fatalf("refund to the card = %v", got)
		}
		if got := e.amounts(pay.ID, squares.LedgerRecover); !slices.Equal(got, []squares.Cents{1500}) {
			t.Fatalf("covered money back to the house = %v", got)
		}
		if p := e.payment(whole.ID); p.Status != squares.PaymentRefunded || len(e.amounts(whole.ID, squares.LedgerRefund)) != 0 ||
			!slices.Equal(e.amounts(whole.ID, squares.LedgerRecover), []squares.Cents{2500}) {
			t.Fatalf("payment refunded in full outside, after the cancellation: %s, %v", p.Status, e.kinds(whole.ID))
		}
		n := 0
		for _, tx := range e.ledger() {
			if tx.Kind == squares.LedgerExternalRefund {
				n++
			}
		}
		if n != 3 {
			t.Fatalf("%d refunds outside after our own refunds, want the 3 made outside", n)
		}
		for account, want := range map[string]squares.Cents{squares.AccountPaymentsFailed: 0, squares.AccountWorld: 0,
			squares.PoolEscrowAccount(five.ID): 0} {
			if b := e.balance(account); b != want {
				t.Fatalf("%s = %s after the cancellation, want %s", account, b, want)
			}
		}
		e.audit(a).CheckProvider(t, e.sb)
	})
}

// TestDisputeOfCapturedPayment: cardholders dispute captured payments of a live pool: the house covers each
// disputed amount from house:losses once, however often the provider reports the dispute; the players keep
// their squares; admins are told. A dispute won gives the amount back to the house; one lost leaves the
// loss; an inquiry takes nothing.
func TestDisputeOfCapturedPayment(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		a := storetest.NewAuditor(t, e.url)
		admins := e.admins(2)
		events := e.recordEvents()
		one := e.game()[1]
		pays := e.capturedPool(one)
		won, lost, asked := pays[0], pays[1], pays[2] // $5 each

		dWon, err := e.sb.Dispute(e.ctx, won.ProviderPaymentID, 500)
		if err != nil {
			t.Fatal(err)
		}
		opened := (*events)[len(*events)-1]
		if opened.Type != squares.EventDisputeCreated || opened.Dispute == nil || opened.Dispute.ID != dWon.ID {
			t.Fatalf("event = %+v", opened)
		}
		dLost, err := e.sb.Dispute(e.ctx, lost.ProviderPaymentID, 300)
		if err != nil {
			t.Fatal(err)
		}
		// Reported again: the same event, and the funds' withdrawal.
		withdrawn := squares.ProviderEvent{ID: "evt_withdrawn", Type: squares.EventDisputeFundsWithdrawn,
			PaymentID: won.ProviderPaymentID, Dispute: dWon}
		inquiry := squares.ProviderEvent{ID: "evt_inquiry", Type: squares.EventDisputeCreated, PaymentID: asked.ProviderPaymentID,
			Dispute: &squares.ProviderDispute{ID: "dp_inquiry", Amount: 500, Status: squares.DisputeWarningNeedsResponse}}
		for _, ev := range []squares.ProviderEvent{opened, withdrawn, inquiry} {
			if err := e.esc.HandleEvent(e.ctx, ev); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range []*squares.Payment{won, lost, asked} {
			e.wantOwned(p)
		}
		if got := e.amounts(won.ID, squares.LedgerDispute); !slices.Equal(got, []squares.Cents{500}) {
			t.Fatalf("disputes of the first payment = %v", got)
		}
		if got := e.amounts(lost.ID, squares.LedgerDispute); !slices.Equal(got, []squares.Cents{300}) {
			t.Fatalf("disputes of the second payment = %v", got)
		}
		if got := e.amounts(asked.ID, squares.LedgerDispute); len(got) != 0 {
			t.Fatalf("an inquiry took %v", got)
		}
		if b := e.balance(squares.AccountPaymentsFailed); b != -800 {
			t.Fatalf("house:losses = %s, want -8.00", b)
		}
		if b := e.balance(squares.PoolEscrowAccount(one.ID)); b != 10000 {
			t.Fatalf("escrow = %s, want the whole pot", b)
		}
		e.audit(a)

		e.sb.CloseDispute(e.ctx, won.ProviderPaymentID, *dWon, true)
		e.sb.CloseDispute(e.ctx, lost.ProviderPaymentID, *dLost, false)
		if got := e.amounts(won.ID, squares.LedgerDisputeWon); !slices.Equal(got, []squares.Cents{500}) {
			t.Fatalf("won disputes = %v", got)
		}
		if b := e.balance(squares.AccountPaymentsFailed); b != -300 {
			t.Fatalf("house:losses after the outcomes = %s, want -3.00", b)
		}
		for _, p := range []*squares.Payment{won, lost} {
			e.wantOwned(p)
		}
		for _, admin := range admins {
			got := e.notices(admin, squares.NotifyDispute)
			if len(got) != 3 || !strings.Contains(got[0], won.ID) || !strings.Contains(got[0], "$5.00") ||
				!strings.Contains(got[1], "$3.00") || !strings.Contains(got[2], "won") {
				t.Fatalf("admin %d notifications = %q", admin.ID, got)
			}
		}
		e.audit(a)
	})
}
