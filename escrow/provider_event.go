package escrow

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

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
				e.releaseReason(ctx, pay, "The hold on your card was cancelled, so your squares were released."))
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

// releaseReason tells the player why a hold was released at the provider: their pool was cancelled (our
// own cancellation, whose event can arrive before we record it: the sandbox delivers it during the call),
// the house took their squares in a complete pool, or otherwise.
func (e *Escrow) releaseReason(ctx context.Context, pay *squares.Payment, otherwise string) string {
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
