package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestConfirmWhileCheckoutReleasesIt: a player confirms a checkout whose hold just ran out while another
// player checks out in the same pool, which releases expired checkouts. Both transactions lock the pool
// and the payment; in opposite orders PostgreSQL found a deadlock and failed one of them (a 500 for a
// paying player, after a second's wait). Now every such transaction locks the pool first.
func TestConfirmWhileCheckoutReleasesIt(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		both := []*squares.PoolView{setStatus(t, db, pools[2].ID, squares.PoolActive), setStatus(t, db, pools[3].ID, squares.PoolActive)}
		for round := range 60 {
			pool, i := both[round%2], round/2
			a, b := addPlayer(t, db, "Ann"), addPlayer(t, db, "Bob")
			pay, err := db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_race_a%d", round), Provider: "sandbox",
				User: a, PoolID: pool.ID, Cells: cellsFrom(2*i, 1), Amount: pool.EntryFee})
			if err != nil {
				t.Fatal(err)
			}
			clock.Add(squares.CheckoutHold + time.Second)
			pp := &squares.ProviderPayment{ID: "pi_race", Status: squares.ProviderRequiresCapture, Amount: pay.Amount,
				Currency: squares.Currency}
			var wg sync.WaitGroup
			var confirmErr, checkoutErr error
			wg.Go(func() { _, confirmErr = db.ConfirmPayment(ctx, pay.ID, pp, squares.Eligibility{}) })
			wg.Go(func() {
				_, checkoutErr = db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_race_b%d", round), Provider: "sandbox",
					User: b, PoolID: pool.ID, Cells: cellsFrom(2*i+1, 1), Amount: pool.EntryFee})
			})
			wg.Wait()
			// Either order is fine: the confirmation wins (Ann owns her square), or the checkout released
			// Ann's expired checkout first (a conflict: her payment is released). Never an internal error.
			if squares.ErrorCode(confirmErr) == squares.EINTERNAL || checkoutErr != nil {
				t.Fatalf("round %d: confirm %v; checkout %v", round, confirmErr, checkoutErr)
			}
			got, err := db.FindPayment(ctx, pay.ID)
			if err != nil {
				t.Fatal(err)
			}
			if want := map[bool]string{true: squares.PaymentHeld, false: squares.PaymentReleased}[confirmErr == nil]; got.Status != want {
				t.Fatalf("round %d: payment %s after confirm %v", round, got.Status, confirmErr)
			}
		}
	})
}
