package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

// MarkRefunded records that a captured payment was refunded. What the house covered of it before (refunds
// outside Squares, disputes) went to the card already: the pool's escrow gives that back to the house.
func (db *DB) MarkRefunded(ctx context.Context, id, reason string) error {
	return db.update(ctx, func(tx *Tx) error {
		p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
		if err != nil {
			return err
		}
		if !squares.RefundRecordable(p) {
			return nil
		}
		covered, err := houseCover(ctx, tx, p.ID)
		if err != nil {
			return err
		}
		for _, t := range squares.RefundTransactions(p, covered) {
			if _, err := insertLedger(ctx, tx, t); err != nil {
				return err
			}
		}
		if err := notify(ctx, tx, p.UserID, squares.NotifyPaymentRefunded, squares.RefundNotice(p.Amount, reason), p.PoolID); err != nil {
			return err
		}
		if err := setPaymentStatus(ctx, tx, p, squares.PaymentRefunded, reason); err != nil {
			return err
		}
		// A captured payment is refunded only once its pool is cancelled: its squares stay where they were.
		return recordPayment(ctx, tx, squares.RecordRefunded, p, false, reason)
	})
}

// houseCover is what the house has covered of a payment: refunds outside Squares and disputes, less
// disputes won.
func houseCover(ctx context.Context, tx *Tx, paymentID string) (squares.Cents, error) {
	var c squares.Cents
	err := tx.QueryRowContext(ctx, `SELECT COALESCE(-SUM(e.amount_cents), 0) FROM ledger_entries e
		JOIN ledger_transactions t ON t.id = e.transaction_id
		WHERE t.payment_id = $1 AND e.account = $2 AND t.kind IN ($3, $4, $5)`,
		paymentID, squares.AccountPaymentsFailed, squares.LedgerExternalRefund, squares.LedgerDispute,
		squares.LedgerDisputeWon).Scan(&c)
	if err != nil {
		return 0, fmt.Errorf("house cover of %s: %w", paymentID, err)
	}
	return c, nil
}

// RecordExternalRefund records money of a captured payment refunded outside Squares (in the provider's
// dashboard): refunded is the provider's total refunded so far, and only what is beyond the refunds
// recorded before is new (so an event delivered again records nothing). The player keeps the squares and
// the house covers the money from house:losses; every admin is told. A payment of a cancelled pool is
// left alone: its refund is ours (MarkRefunded). It reports whether it recorded anything.
func (db *DB) RecordExternalRefund(ctx context.Context, id string, refunded squares.Cents) (bool, error) {
	recorded := false
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockPayment(ctx, tx, id)
		if err != nil {
			return err
		}
		var poolStatus string
		if err := tx.QueryRowContext(ctx, `SELECT status FROM pools WHERE id = $1`, p.PoolID).Scan(&poolStatus); err != nil {
			return fmt.Errorf("pool of %s: %w", p.ID, err)
		}
		if !squares.ExternalRefundRecordable(p, poolStatus) {
			return nil
		}
		var before squares.Cents
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_transactions
			WHERE payment_id = $1 AND kind = $2`, p.ID, squares.LedgerExternalRefund).Scan(&before); err != nil {
			return fmt.Errorf("refunds outside of %s: %w", p.ID, err)
		}
		t, ok := squares.ExternalRefundTransaction(p, before, refunded)
		if !ok {
			return nil
		}
		if recorded, err = insertLedger(ctx, tx, t); err != nil || !recorded {
			return err
		}
		return notifyAdmins(ctx, tx, squares.NotifyExternalRefund, squares.ExternalRefundNotice(p, t.Amount, before+t.Amount), p.PoolID)
	})
	return recorded, err
}

// RecordDispute records a cardholder's dispute of a captured payment (by the provider's payment id) as
// far as its status goes: the disputed amount taken back, covered by the house from house:losses, and
// given back to the house once the dispute is won. The player keeps the squares. Each movement is written
// once, however often the provider reports the dispute, and every admin is told of it. A payment that is
// not ours, or was never captured, is left alone. It reports whether it recorded anything.
func (db *DB) RecordDispute(ctx context.Context, providerPaymentID string, d squares.ProviderDispute) (bool, error) {
	recorded := false
	err := db.update(ctx, func(tx *Tx) error {
		p, err := findPaymentTx(ctx, tx, "y.provider_payment_id = $1", providerPaymentID, true)
		if squares.ErrorCode(err) == squares.ENOTFOUND {
			return nil
		} else if err != nil {
			return err
		}
		if !squares.DisputeRecordable(p) {
			return nil
		}
		for _, t := range squares.DisputeTransactions(p, d) {
			fresh, err := insertLedger(ctx, tx, t)
			if err != nil {
				return err
			}
			if !fresh {
				continue
			}
			recorded = true
			if err := notifyAdmins(ctx, tx, squares.NotifyDispute, squares.DisputeNotice(p, d, t), p.PoolID); err != nil {
				return err
			}
		}
		return nil
	})
	return recorded, err
}
