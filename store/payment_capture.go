package store

import (
	"context"

	"github.com/squaresapp/squares"
)

// MarkCaptured records that a held payment was captured into its pool's escrow.
func (db *DB) MarkCaptured(ctx context.Context, id string) error {
	return db.update(ctx, func(tx *Tx) error {
		p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
		if err != nil {
			return err
		}
		if !squares.CaptureRecordable(p) {
			return nil
		}
		if _, err := insertLedger(ctx, tx, squares.CaptureTransaction(p)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE payments SET provider_status = $1 WHERE id = $2`,
			squares.ProviderSucceeded, p.ID); err != nil {
			return err
		}
		if err := setPaymentStatus(ctx, tx, p, squares.PaymentCaptured, ""); err != nil {
			return err
		}
		return recordPayment(ctx, tx, squares.RecordCaptured, p, false, "")
	})
}
