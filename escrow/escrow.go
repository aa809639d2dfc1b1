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
// card form. The amount is the browser's; it must equal the server's price.
func (e *Escrow) Checkout(ctx context.Context, u *squares.User, poolID int64, cells []squares.Cell, amount squares.Cents) (*squares.Payment, error) {
	if u.IsAdmin() {
		return nil, squares.Errorf(squares.EFORBIDDEN, "Admins cannot buy squares.")
	}
	if !u.CanPlayPaid() {
		return nil, squares.Errorf(squares.EFORBIDDEN, "Paid pools need an age-verified account in a state where they are allowed.")
	}
	pay, err := e.Store.BeginCheckout(ctx, store.Checkout{ID: newPaymentID(), Provider: e.Provider.Name(), User: u,
		PoolID: poolID, Cells: cells, Amount: amount})
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
		e.Logger.Error("create provider payment", "payment", pay.ID, "err", err)
		if ferr := e.Store.FailCheckout(ctx, pay.ID, "The payment provider refused the payment."); ferr != nil {
			e.Logger.Error("fail checkout", "payment", pay.ID, "err", ferr)
		}
		return nil, squares.Errorf(squares.EUNPROCESSABLE, "The payment could not be started. Please try again.")
	}
	if err := e.Store.AttachProviderPayment(ctx, pay.ID, pp); err != nil {
		return nil, err
	}
	pay.ProviderPaymentID, pay.ClientSecret, pay.ProviderStatus = pp.ID, pp.ClientSecret, pp.Status
	return pay, nil
}

// CancelCheckout ends a buyer's own unpaid checkout: the squares are freed at once and the provider
// payment cancelled.
func (e *Escrow) CancelCheckout(ctx context.Context, u *squares.User, paymentID string) (*squares.Payment, error) {
	pay, err := e.Store.CancelCheckout(ctx, u.ID, paymentID)
	if err != nil {
		return nil, err
	}
	e.cancelAtProvider(ctx, pay)
	return pay, nil
}

// Confirm gives the buyer the squares of a checkout once the provider says the payment is paid
// (requires_capture or succeeded) for the right amount. The browser's word is never taken. Confirming
// twice gives the squares once. A declined or cancelled payment releases the squares.
func (e *Escrow) Confirm(ctx context.Context, u *squares.User, providerPaymentID string) (*store.ConfirmResult, error) {
	pay, err := e.Store.FindPaymentByProviderID(ctx, providerPaymentID)
	if err != nil || pay.UserID != u.ID {
		return nil, squares.Errorf(squares.ENOTFOUND, "Payment not found.")
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
// went to someone else), the payment is released and cancelled at the provider.
func (e *Escrow) confirm(ctx context.Context, pay *squares.Payment, pp *squares.ProviderPayment) (*store.ConfirmResult, error) {
	res, err := e.Store.ConfirmPayment(ctx, pay.ID, pp)
	if err != nil {
		if code := squares.ErrorCode(err); code == squares.ECONFLICT || code == squares.EUNPROCESSABLE {
			e.release(ctx, pay, squares.ErrorMessage(err))
			e.cancelAtProvider(ctx, pay)
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

// cancelAtProvider cancels a payment's authorisation, refunding it instead if it was captured; a failure
// is left for RunOnce to retry.
func (e *Escrow) cancelAtProvider(ctx context.Context, pay *squares.Payment) {
	if pay.ProviderPaymentID == "" {
		return
	}
	pp, err := e.Provider.Cancel(ctx, pay.ProviderPaymentID, "cancel:"+pay.ID)
	if err != nil {
		e.Logger.Warn("cancel at provider", "payment", pay.ID, "err", err)
		return
	}
	if err := e.Store.SetProviderStatus(ctx, pay.ID, pp.Status); err != nil {
		e.Logger.Warn("provider status", "payment", pay.ID, "err", err)
	}
}

// HandleEvent processes a provider event once. It acts on the payment's current state at the provider,
// not on the event's word, so events arriving twice or out of order do no harm. (A dispute, which the
// payment does not show, is read from the signed event; each of its movements is recorded once, by the
// dispute's id.) The event is recorded as
// processed only after its handling succeeded: a failure, or a crash half-way, leaves it unrecorded, so
// the provider's retry is processed. (Two deliveries at once may both reconcile, which is harmless: every
// step of a reconciliation is idempotent.)
func (e *Escrow) HandleEvent(ctx context.Context, ev squares.ProviderEvent) error {
	seen, err := e.Store.ProviderEventSeen(ctx, ev.ID)
	if err != nil || seen {
		return err
	}
	if err := e.reconcileProviderPayment(ctx, ev.PaymentID); err != nil {
		return err
	}
	if ev.Dispute != nil {
		if _, err := e.Store.RecordDispute(ctx, ev.PaymentID, *ev.Dispute); err != nil {
			return err
		}
	}
	_, err = e.Store.RecordProviderEvent(ctx, e.Provider.Name(), ev)
	return err
}

func (e *Escrow) reconcileProviderPayment(ctx context.Context, providerID string) error {
	pay, err := e.Store.FindPaymentByProviderID(ctx, providerID)
	if squares.ErrorCode(err) == squares.ENOTFOUND {
		return nil // not one of ours
	} else if err != nil {
		return err
	}
	pp, err := e.Provider.Get(ctx, providerID)
	if err != nil {
		return fmt.Errorf("get provider payment: %w", err)
	}
	return e.reconcile(ctx, pay, pp)
}

// reconcile brings our record of a payment in line with the provider's.
func (e *Escrow) reconcile(ctx context.Context, pay *squares.Payment, pp *squares.ProviderPayment) error {
	switch pay.Status {
	case squares.PaymentPending:
		switch {
		case squares.PaidStatus(pp.Status):
			if _, err := e.confirm(ctx, pay, pp); err != nil && squares.ErrorCode(err) == squares.EINTERNAL {
				return err
			}
		case pp.Status == squares.ProviderCanceled:
			_, err := e.Store.ReleasePayment(ctx, pay.ID, "The payment was cancelled; your squares were released.")
			return err
		}
	case squares.PaymentHeld:
		switch {
		case pp.Status == squares.ProviderCanceled:
			_, err := e.Store.ReleasePayment(ctx, pay.ID,
				e.endedReason(ctx, pay, "The hold on your card was cancelled, so your squares were released."))
			return err
		case pp.Status == squares.ProviderSucceeded:
			if err := e.Store.MarkCaptured(ctx, pay.ID); err != nil {
				return err
			}
			return e.reconcileRefunds(ctx, pay, pp)
		}
	case squares.PaymentCaptured:
		return e.reconcileRefunds(ctx, pay, pp)
	}
	return nil
}

// reconcileRefunds records what the provider refunded of a captured payment. In a cancelled pool the
// refund is ours (the pool is cancelled before any refund is asked for), and the payment is refunded once
// in full. In a live pool it was made outside Squares (the provider's dashboard): the player keeps the
// squares and the house covers the money.
func (e *Escrow) reconcileRefunds(ctx context.Context, pay *squares.Payment, pp *squares.ProviderPayment) error {
	if pp.AmountRefunded <= 0 {
		return nil
	}
	p, err := e.Store.FindPool(ctx, pay.PoolID, 0)
	if err != nil {
		return err
	}
	if p.Status != squares.PoolCancelled {
		_, err := e.Store.RecordExternalRefund(ctx, pay.ID, pp.AmountRefunded)
		return err
	}
	if pp.AmountRefunded >= pay.Amount {
		return e.Store.MarkRefunded(ctx, pay.ID, reasonPoolCancelled)
	}
	return nil
}

// endedReason tells the player why a hold was cancelled or a payment refunded at the provider: their pool
// was cancelled (our own cancellation, whose event can arrive before we record it: the sandbox delivers
// it during the call), the house took their squares in a complete pool, or otherwise.
func (e *Escrow) endedReason(ctx context.Context, pay *squares.Payment, otherwise string) string {
	p, err := e.Store.FindPool(ctx, pay.PoolID, 0)
	switch {
	case err != nil:
	case p.Status == squares.PoolCancelled:
		return reasonPoolCancelled
	case pay.Status == squares.PaymentHeld && p.NumbersGenerated():
		return "The hold on your card was cancelled before the pool's payments were collected, so the house took your squares."
	}
	return otherwise
}

// Kick asks Run for a pass now (after a pool completes, or is cancelled).
func (e *Escrow) Kick() {
	select {
	case e.kick <- struct{}{}:
	default:
	}
}

// Run does the escrow's work every Interval, and at once when kicked, until ctx ends.
func (e *Escrow) Run(ctx context.Context) {
	t := time.NewTicker(e.Interval)
	defer t.Stop()
	for {
		if err := e.RunOnce(ctx); err != nil && ctx.Err() == nil {
			e.Logger.Warn("escrow pass", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-e.kick:
		}
	}
}

// RunOnce does what the database says is due: release expired checkouts, capture the authorisations of
// complete pools, release or refund those of cancelled pools, and cancel provider payments left live by
// ended checkouts. Each item is independent; failures are reported together. A failed item is tried again
// after squares.RetryDelay, which grows with each failure in a row, so items that keep failing (a payment
// the provider no longer knows) never hold up the others; the store's ListWorkFailures shows them to admins.
func (e *Escrow) RunOnce(ctx context.Context) error {
	work, err := e.Store.ListPaymentWork(ctx, e.Batch)
	if err != nil {
		return err
	}
	var errs []error
	for _, w := range work {
		err := e.do(ctx, w)
		switch {
		case err != nil:
			errs = append(errs, err)
			if ctx.Err() != nil {
				break // shutting down: not the item's failure
			}
			if rerr := e.Store.RecordWorkFailure(ctx, w.ID, w.Action, err.Error()); rerr != nil {
				errs = append(errs, rerr)
			}
		case w.Attempts > 0:
			if cerr := e.Store.ClearWorkFailure(ctx, w.ID); cerr != nil {
				errs = append(errs, cerr)
			}
		}
	}
	return errors.Join(errs...)
}

// do does one step of the escrow's work.
func (e *Escrow) do(ctx context.Context, w *store.WorkItem) error {
	switch w.Action {
	case store.WorkExpire:
		return e.endCheckout(ctx, w.Payment, "Your checkout expired before payment; the squares were released.")
	case store.WorkCapture:
		return e.capture(ctx, w.Payment)
	case store.WorkUnwind:
		return e.unwind(ctx, w.Payment)
	case store.WorkSettle:
		return e.settleAtProvider(ctx, w.Payment)
	}
	return fmt.Errorf("payment %s: unknown escrow step %q", w.ID, w.Action)
}

// capture takes a complete pool's authorisation into escrow.
func (e *Escrow) capture(ctx context.Context, pay *squares.Payment) error {
	pp, err := e.Provider.Get(ctx, pay.ProviderPaymentID)
	if err != nil {
		return fmt.Errorf("capture %s: %w", pay.ID, err)
	}
	switch pp.Status {
	case squares.ProviderRequiresCapture:
		if pp, err = e.Provider.Capture(ctx, pay.ProviderPaymentID, "capture:"+pay.ID); err != nil {
			return fmt.Errorf("capture %s: %w", pay.ID, err)
		}
		if pp.Status != squares.ProviderSucceeded {
			return fmt.Errorf("capture %s: provider reports %s", pay.ID, pp.Status)
		}
		return e.Store.MarkCaptured(ctx, pay.ID)
	case squares.ProviderSucceeded:
		return e.Store.MarkCaptured(ctx, pay.ID)
	case squares.ProviderCanceled:
		// The hold lapsed before capture: the house stakes the squares in the player's place.
		_, err := e.Store.ReleasePayment(ctx, pay.ID,
			"The hold on your card expired before the pool was complete, so the house took your squares.")
		return err
	}
	return fmt.Errorf("capture %s: provider reports %s", pay.ID, pp.Status)
}

// reasonPoolCancelled tells a player their money came back because the pool was cancelled.
const reasonPoolCancelled = "The pool was cancelled, so your payment was returned."

// unwind returns the money of a cancelled pool's payment: a hold is cancelled (it costs nothing), a capture
// refunded.
func (e *Escrow) unwind(ctx context.Context, pay *squares.Payment) error {
	const reason = reasonPoolCancelled
	switch pay.Status {
	case squares.PaymentPending:
		return e.endCheckout(ctx, pay, reason)
	case squares.PaymentHeld:
		if err := e.releaseHold(ctx, pay, reason); err != nil {
			// Captured after all (by another pass): refund it next time round.
			if cur, gerr := e.Provider.Get(ctx, pay.ProviderPaymentID); gerr == nil && cur.Status == squares.ProviderSucceeded {
				return e.Store.MarkCaptured(ctx, pay.ID)
			}
			return err
		}
		return nil
	case squares.PaymentCaptured:
		pp, err := e.Provider.Refund(ctx, pay.ProviderPaymentID, "refund:"+pay.ID)
		if err != nil {
			return fmt.Errorf("refund %s: %w", pay.ID, err)
		}
		if pp.AmountRefunded < pay.Amount {
			return fmt.Errorf("refund %s: provider refunded %s of %s", pay.ID, pp.AmountRefunded, pay.Amount)
		}
		return e.Store.MarkRefunded(ctx, pay.ID, reason)
	}
	return nil
}

// endCheckout ends a pending checkout, freeing its squares, and cancels its provider payment; a failure at
// the provider is left for RunOnce to retry.
func (e *Escrow) endCheckout(ctx context.Context, pay *squares.Payment, reason string) error {
	if _, err := e.Store.ReleasePayment(ctx, pay.ID, reason); err != nil {
		return err
	}
	e.cancelAtProvider(ctx, pay)
	return nil
}

// releaseHold cancels a held payment's authorisation at the provider (it costs the player nothing), then
// records the release. Until the provider confirms the cancellation the payment stays held.
func (e *Escrow) releaseHold(ctx context.Context, pay *squares.Payment, reason string) error {
	pp, err := e.Provider.Cancel(ctx, pay.ProviderPaymentID, "cancel:"+pay.ID)
	if err != nil {
		return fmt.Errorf("cancel %s: %w", pay.ID, err)
	}
	if pp.Status != squares.ProviderCanceled {
		return fmt.Errorf("cancel %s: provider reports %s", pay.ID, pp.Status)
	}
	if _, err := e.Store.ReleasePayment(ctx, pay.ID, reason); err != nil {
		return err
	}
	return e.Store.SetProviderStatus(ctx, pay.ID, pp.Status)
}

// settleAtProvider makes sure an ended checkout leaves no live authorisation, and no charge, behind.
func (e *Escrow) settleAtProvider(ctx context.Context, pay *squares.Payment) error {
	pp, err := e.Provider.Get(ctx, pay.ProviderPaymentID)
	if err != nil {
		return fmt.Errorf("settle %s: %w", pay.ID, err)
	}
	switch pp.Status {
	case squares.ProviderCanceled:
	case squares.ProviderSucceeded:
		// Money was captured for a checkout that ended: give it back.
		if pp.AmountRefunded < pp.AmountReceived {
			if pp, err = e.Provider.Refund(ctx, pay.ProviderPaymentID, "refund:"+pay.ID); err != nil {
				return fmt.Errorf("settle %s: %w", pay.ID, err)
			}
		}
		e.Logger.Warn("refunded a capture of an ended checkout", "payment", pay.ID)
	default:
		if pp, err = e.Provider.Cancel(ctx, pay.ProviderPaymentID, "cancel:"+pay.ID); err != nil {
			return fmt.Errorf("settle %s: %w", pay.ID, err)
		}
	}
	return e.Store.SetProviderStatus(ctx, pay.ID, pp.Status)
}

// ReleaseHolds ends the uncaptured payments of a pool without cancelling it (the developer test page's
// "release escrow"): checkouts in progress end and authorised holds are cancelled at the provider, which
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
			err = e.endCheckout(ctx, pay, reason)
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
// once: holds released, captures refunded. Payments the provider does not settle now are retried by Run.
func (e *Escrow) CancelPool(ctx context.Context, poolID int64) (*store.PoolView, error) {
	p, err := e.Store.SetPoolStatus(ctx, poolID, squares.PoolCancelled)
	if err != nil {
		return nil, err
	}
	if err := e.RunOnce(ctx); err != nil {
		e.Logger.Warn("unwinding cancelled pool", "pool", poolID, "err", err)
	}
	return p, nil
}
