package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

// MarkRefunded records that a captured payment was refunded.
func (db *DB) MarkRefunded(ctx context.Context, id, reason string) error {
	return db.update(ctx, func(tx *Tx) error {
		p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
		if err != nil {
			return err
		}
		if p.Status != squares.PaymentCaptured {
			return nil
		}
		if _, err := insertLedger(ctx, tx, squares.RefundTransaction(p)); err != nil {
			return err
		}
		if err := notify(ctx, tx, p.UserID, squares.NotifyPaymentRefunded,
			fmt.Sprintf("$%s was refunded to your card. %s", p.Amount, reason), p.PoolID); err != nil {
			return err
		}
		return setPaymentStatus(ctx, tx, p, squares.PaymentRefunded, reason)
	})
}
