package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

// PaymentWork lists the payments the escrow must act on.
type PaymentWork struct {
	// Expired are checkouts whose square hold ran out.
	Expired []*squares.Payment
	// Capture are authorisations whose pool is complete.
	Capture []*squares.Payment
	// Unwind are payments (pending, held or captured) whose pool was cancelled.
	Unwind []*squares.Payment
	// CancelAtProvider are payments that ended without a charge but may still have a live provider
	// payment to cancel.
	CancelAtProvider []*squares.Payment
}

// ListPaymentWork finds what the escrow has to do now.
func (db *DB) ListPaymentWork(ctx context.Context, limit int) (*PaymentWork, error) {
	w := &PaymentWork{}
	err := db.view(ctx, func(tx *Tx) error {
		lists := []struct {
			dst   *[]*squares.Payment
			where string
			args  []any
		}{
			{&w.Expired, `y.status = 'pending' AND y.hold_expires_at <= $1`, []any{tx.now}},
			{&w.Capture, `y.status = 'held' AND p.status IN ('full', 'started', 'completed')`, nil},
			{&w.Unwind, `y.status IN ('pending', 'held', 'captured') AND p.status = 'cancelled'`, nil},
			{&w.CancelAtProvider, `y.status IN ('released', 'failed') AND y.provider_payment_id IS NOT NULL
				AND y.provider_status NOT IN ('canceled', 'succeeded')`, nil},
		}
		for _, l := range lists {
			q := `SELECT ` + paymentColumns + ` FROM payments y JOIN pools p ON p.id = y.pool_id WHERE ` + l.where +
				fmt.Sprintf(` ORDER BY y.created_at LIMIT %d`, limit)
			var err error
			if *l.dst, err = queryPayments(ctx, tx, q, l.args...); err != nil {
				return err
			}
		}
		return nil
	})
	return w, err
}
