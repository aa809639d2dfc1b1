package store

import (
	"context"

	"github.com/squaresapp/squares"
)

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
		if p.Status != squares.PaymentCaptured && p.Status != squares.PaymentRefunded {
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
