// Package escrow moves players' money for squares through a payment provider and the ledger: it opens
// checkouts, confirms them only on the provider's word, captures a pool's authorisations when the pool is
// complete, and releases or refunds them when it is cancelled. Every provider call that moves money
// carries an idempotency key derived from what it does, every provider event is processed once, and the
// work is re-derived from the database on every pass, so a crash or a lost event is repaired by the next
// pass (RunOnce). Money given back outside Squares (a refund in the provider's dashboard, a dispute) on a
// captured payment of a live pool leaves the player the squares and the pot whole: the house covers it.
package escrow

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Escrow coordinates the store and the payment provider.
type Escrow struct {
	Store    *store.DB
	Provider squares.PaymentProvider
	Logger   *slog.Logger
	// Eligibility is the operator's configuration of paid play, applied at every checkout and confirmation.
	Eligibility squares.Eligibility
	// Interval is how often Run looks for work.
	Interval time.Duration
	// Batch is how many items of each kind of work one pass takes at most.
	Batch int

	kick chan struct{}
}

// New returns an escrow on db and provider.
func New(db *store.DB, provider squares.PaymentProvider, logger *slog.Logger) *Escrow {
	return &Escrow{Store: db, Provider: provider, Logger: logger, Interval: 30 * time.Second, Batch: 200, kick: make(chan struct{}, 1)}
}

func newPaymentID() string {
	b := make([]byte, 12)
	rand.Read(b)
	return "pay_" + hex.EncodeToString(b)
}

// Checkout holds the squares for the buyer and creates the provider payment the browser confirms with its
// card form. The store checks every rule of the sale (squares.CheckSale), who may buy included. The amount
// is the browser's; it must equal the server's price.
func (e *Escrow) Checkout(ctx context.Context, u *squares.User, poolID int64, cells []squares.Cell, amount squares.Cents) (*squares.Payment, error) {
	pay, err := e.Store.BeginCheckout(ctx, store.Checkout{ID: newPaymentID(), Provider: e.Provider.Name(), User: u,
		PoolID: poolID, Cells: cells, Amount: amount, Eligibility: e.Eligibility})
	if err != nil {
		return nil, err
	}
	if pay.ProviderPaymentID != "" {
		return pay, nil // the buyer's open checkout of these squares, resumed
	}
	pp, err := e.Provider.Create(ctx, squares.PaymentRequest{
		Amount: pay.Amount, Currency: squares.Currency, IdempotencyKey: "create:" + pay.ID,
		Description: fmt.Sprintf("Squares: %d square(s) in pool %d", len(cells), poolID),
		Metadata: map[string]string{"payment_id": pay.ID, "pool_id": strconv.FormatInt(poolID, 10),
			"user_id": strconv.FormatInt(u.ID, 10)},
	})
	if err != nil {
		reason, out := "The payment provider refused the payment.",
			squares.Errorf(squares.EUNPROCESSABLE, "The payment could not be started. Please try again.")
		if squares.ErrorCode(err) == squares.EUNAVAILABLE {
			// The provider not answering is not the buyer's fault nor a refusal: 503, try again.
			reason, out = "The payment provider did not answer.",
				squares.Errorf(squares.EUNAVAILABLE, "The payment provider is not answering. Nothing was charged: try again in a moment.")
			e.Logger.Warn("create provider payment", "payment", pay.ID, "err", err)
		} else {
			e.Logger.Error("create provider payment", "payment", pay.ID, "err", err)
		}
		if ferr := e.Store.FailCheckout(ctx, pay.ID, reason); ferr != nil {
			e.Logger.Error("fail checkout", "payment", pay.ID, "err", ferr)
		}
		return nil, out
	}
	if err := e.Store.AttachProviderPayment(ctx, pay.ID, pp); err != nil {
		return nil, err
	}
	pay.ProviderPaymentID, pay.ClientSecret, pay.ProviderStatus = pp.ID, pp.ClientSecret, pp.Status
	return pay, nil
}

// ReleaseCheckout releases a buyer's own unpaid checkout (they cancel it): the squares are freed at once
// and the provider payment released.
func (e *Escrow) ReleaseCheckout(ctx context.Context, u *squares.User, paymentID string) (*squares.Payment, error) {
	pay, err := e.Store.ReleaseCheckout(ctx, u.ID, paymentID)
	if err != nil {
		return nil, err
	}
	e.releaseAtProvider(ctx, pay)
	return pay, nil
}

// Confirm gives the buyer the squares of a checkout once the provider says the payment is paid
// (requires_capture or succeeded) for the right amount. The browser's word is never taken. Confirming
// twice gives the squares once, without asking the provider again (it may be failing). A declined or
// cancelled payment releases the squares.
func (e *Escrow) Confirm(ctx context.Context, u *squares.User, providerPaymentID string) (*store.ConfirmResult, error) {
	pay, err := e.Store.FindPaymentByProviderID(ctx, providerPaymentID)
	if err != nil || pay.UserID != u.ID {
		return nil, squares.Errorf(squares.ENOTFOUND, "Payment not found.")
	}
	if pay.Status == squares.PaymentHeld || pay.Status == squares.PaymentCaptured {
		// Confirmed already (a reload, another tab): the squares are the buyer's whatever the provider
		// answers now, so it is not asked; a hold cancelled since reaches us as an event or an escrow pass.
		return e.Store.ConfirmPayment(ctx, pay.ID, nil, e.Eligibility)
	}
	if pay.Status != squares.PaymentPending {
		// Ended already: when because its pool's game started (a decision at the start ended it), say so.
		if _, err := e.Store.ConfirmPayment(ctx, pay.ID, nil, e.Eligibility); squares.ErrorCode(err) == squares.EUNPROCESSABLE {
			return nil, err
		}
	}
	pp, err := e.Provider.Get(ctx, providerPaymentID)
	if err != nil {
		return nil, fmt.Errorf("get provider payment: %w", err)
	}
	switch {
	case squares.PaidStatus(pp.Status):
		res, err := e.confirm(ctx, pay, pp)
		if err != nil {
			return nil, err
		}
		return res, nil
	case pp.Status == squares.ProviderCanceled:
		e.release(ctx, pay, "The payment was cancelled; your squares were released.")
		return nil, squares.Errorf(squares.EUNPROCESSABLE, "The payment was cancelled; your squares were released.")
	case pp.Status == squares.ProviderRequiresPaymentMethod && pp.LastError != "":
		// A declined card: the squares stay held until the hold expires, so the player may try another card.
		return nil, squares.Errorf(squares.EUNPROCESSABLE, "%s", pp.LastError)
	default:
		return nil, squares.Errorf(squares.EUNPROCESSABLE, "The payment is not complete yet (%s).", pp.Status)
	}
}

// confirm records a paid payment; when the checkout can no longer be honoured (it ended, or its squares
// went to someone else), the payment is released, here and at the provider.
func (e *Escrow) confirm(ctx context.Context, pay *squares.Payment, pp *squares.ProviderPayment) (*store.ConfirmResult, error) {
	res, err := e.Store.ConfirmPayment(ctx, pay.ID, pp, e.Eligibility)
	if err != nil {
		if code := squares.ErrorCode(err); code == squares.ECONFLICT || code == squares.EUNPROCESSABLE {
			e.release(ctx, pay, squares.ErrorMessage(err))
			e.releaseAtProvider(ctx, pay)
		}
		return nil, err
	}
	if res.Drew {
		e.Kick()
	}
	return res, nil
}

func (e *Escrow) release(ctx context.Context, pay *squares.Payment, reason string) {
	if _, err := e.Store.ReleasePayment(ctx, pay.ID, reason); err != nil {
		e.Logger.Error("release payment", "payment", pay.ID, "err", err)
	}
}

// releaseAtProvider releases a payment's authorisation at the provider; a failure (or a payment captured
// after all) is left for RunOnce to retry.
func (e *Escrow) releaseAtProvider(ctx context.Context, pay *squares.Payment) {
	if pay.ProviderPaymentID == "" {
		return
	}
	pp, err := e.Provider.Release(ctx, pay.ProviderPaymentID, "cancel:"+pay.ID)
	if err != nil {
		e.Logger.Warn("release at provider", "payment", pay.ID, "err", err)
		return
	}
	if err := e.Store.SetProviderStatus(ctx, pay.ID, pp.Status); err != nil {
		e.Logger.Warn("provider status", "payment", pay.ID, "err", err)
	}
}

// ReleaseHolds ends the uncaptured payments of a pool without cancelling it (the developer test page's
// "release escrow"): checkouts in progress end and authorised holds are released at the provider, which
// costs the players nothing. Their squares are freed, or in a complete pool taken over by the house, as
// when a hold lapses. Captured payments are left alone: cancelling the pool refunds them. It returns the
// number of payments released; a provider failure leaves its payment held and is reported.
func (e *Escrow) ReleaseHolds(ctx context.Context, poolID int64) (int, error) {
	if _, err := e.Store.FindPool(ctx, poolID, 0); err != nil {
		return 0, err
	}
	pays, err := e.Store.ListPoolPayments(ctx, poolID)
	if err != nil {
		return 0, err
	}
	const reason = "An administrator released the hold on your card; your squares were released."
	released := 0
	var errs []error
	for _, pay := range pays {
		var err error
		switch pay.Status {
		case squares.PaymentPending:
			err = e.releaseCheckout(ctx, pay, reason)
		case squares.PaymentHeld:
			err = e.releaseHold(ctx, pay, reason)
		default:
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		released++
	}
	return released, errors.Join(errs...)
}

// CancelPool cancels a pool (an admin's refund, or the automation's decision) and returns its money at
// once: holds released, captures refunded. What the provider does not release or refund now is retried
// by Run.
func (e *Escrow) CancelPool(ctx context.Context, poolID int64) (*squares.PoolView, error) {
	p, err := e.Store.RefundPool(ctx, poolID)
	if err != nil {
		return nil, err
	}
	if err := e.RunOnce(ctx); err != nil {
		e.Logger.Warn("releasing or refunding a cancelled pool's payments", "pool", poolID, "err", err)
	}
	return p, nil
}
