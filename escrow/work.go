package escrow

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

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

// RunOnce does what the database says is due: release lapsed checkouts, capture the authorisations of
// complete pools, release or refund those of cancelled pools, and release provider payments left live by
// ended checkouts. Each item is independent; failures are reported together. A failed item is tried again
// after squares.RetryDelay, which grows with each failure in a row, so items that keep failing (a payment
// the provider no longer knows) never hold up the others; the store's ListWorkFailures shows them to admins.
// Passes run one at a time across every server on the database (store.Exclusive): a pass waits for
// another's to end, then finds what that one did, so no two servers act on one payment at once.
func (e *Escrow) RunOnce(ctx context.Context) error {
	return e.Store.Exclusive(ctx, store.PassEscrow, func() error { return e.runOnce(ctx) })
}

func (e *Escrow) runOnce(ctx context.Context) error {
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
	case store.WorkReleaseLapsed:
		return e.releaseCheckout(ctx, w.Payment, "Your checkout expired before payment; the squares were released.")
	case store.WorkCapture:
		return e.capture(ctx, w.Payment)
	case store.WorkReleaseOrRefund:
		return e.releaseOrRefund(ctx, w.Payment)
	case store.WorkReleaseLeftover:
		return e.releaseLeftover(ctx, w.Payment)
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

// releaseOrRefund returns the money of a cancelled pool's payment: a hold is released (it costs nothing), a
// capture refunded.
func (e *Escrow) releaseOrRefund(ctx context.Context, pay *squares.Payment) error {
	const reason = reasonPoolCancelled
	switch pay.Status {
	case squares.PaymentPending:
		return e.releaseCheckout(ctx, pay, reason)
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

// releaseCheckout releases a pending checkout, freeing its squares, and its provider payment; a failure at
// the provider is left for RunOnce to retry.
func (e *Escrow) releaseCheckout(ctx context.Context, pay *squares.Payment, reason string) error {
	if _, err := e.Store.ReleasePayment(ctx, pay.ID, reason); err != nil {
		return err
	}
	e.releaseAtProvider(ctx, pay)
	return nil
}

// releaseHold releases a held payment's authorisation at the provider (it costs the player nothing), then
// records the release. Until the provider confirms the release the payment stays held.
func (e *Escrow) releaseHold(ctx context.Context, pay *squares.Payment, reason string) error {
	pp, err := e.Provider.Release(ctx, pay.ProviderPaymentID, "cancel:"+pay.ID)
	if err != nil {
		return fmt.Errorf("release %s: %w", pay.ID, err)
	}
	if pp.Status != squares.ProviderCanceled {
		return fmt.Errorf("release %s: provider reports %s", pay.ID, pp.Status)
	}
	if _, err := e.Store.ReleasePayment(ctx, pay.ID, reason); err != nil {
		return err
	}
	return e.Store.SetProviderStatus(ctx, pay.ID, pp.Status)
}

// releaseLeftover makes sure an ended checkout leaves no live authorisation, and no charge, behind: the
// authorisation is released, a capture refunded.
func (e *Escrow) releaseLeftover(ctx context.Context, pay *squares.Payment) error {
	pp, err := e.Provider.Get(ctx, pay.ProviderPaymentID)
	if err != nil {
		return fmt.Errorf("release leftover %s: %w", pay.ID, err)
	}
	switch pp.Status {
	case squares.ProviderCanceled:
	case squares.ProviderSucceeded:
		// Money was captured for a checkout that ended: give it back.
		if pp.AmountRefunded < pp.AmountReceived {
			if pp, err = e.Provider.Refund(ctx, pay.ProviderPaymentID, "refund:"+pay.ID); err != nil {
				return fmt.Errorf("release leftover %s: %w", pay.ID, err)
			}
		}
		e.Logger.Warn("refunded a capture of an ended checkout", "payment", pay.ID)
	default:
		if pp, err = e.Provider.Release(ctx, pay.ProviderPaymentID, "cancel:"+pay.ID); err != nil {
			return fmt.Errorf("release leftover %s: %w", pay.ID, err)
		}
	}
	return e.Store.SetProviderStatus(ctx, pay.ID, pp.Status)
}
