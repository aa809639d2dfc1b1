package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

// ConfirmResult is what a confirmed payment gave.
type ConfirmResult struct {
	Payment *squares.Payment
	Squares []*squares.Square
	Pool    *squares.PoolView
	// Already reports that the payment had been confirmed before: nothing changed.
	Already bool
	// Drew reports that this purchase completed the pool and its numbers were drawn.
	Drew bool
}

// ConfirmPayment gives the buyer the squares of a checkout once the provider reports the payment as paid
// (pp: status requires_capture or succeeded, the checkout's amount, in dollars), under the rules of a
// confirmation (squares.CheckConfirmation): the buyer's stored details are judged by elig, the
// configuration of paid play in force. It is idempotent: a payment confirmed twice gives its squares once.
// A checkout that has ended, or squares taken by someone else after the hold expired, are a conflict (one
// whose game has started is unprocessable, as its confirmation would be); a refused rule is unprocessable;
// the caller then releases the payment.
func (db *DB) ConfirmPayment(ctx context.Context, id string, pp *squares.ProviderPayment, elig squares.Eligibility) (*ConfirmResult, error) {
	var res *ConfirmResult
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockPayment(ctx, tx, id)
		if err != nil {
			return err
		}
		res = &ConfirmResult{Payment: p}
		switch p.Status {
		case squares.PaymentHeld, squares.PaymentCaptured:
			res.Already = true
			res.Squares, err = paymentSquares(ctx, tx, p)
			if err == nil {
				res.Pool, err = findPool(ctx, tx, p.PoolID, p.UserID)
			}
			return err
		case squares.PaymentPending:
		default:
			// Ended already; when its game has started (a pool's decision at the start ended it), say so.
			pool, err := findPool(ctx, tx, p.PoolID, 0)
			if err != nil {
				return err
			}
			if err := squares.CheckGameConfirming(pool.Game, tx.now); err != nil {
				return err
			}
			return squares.Errorf(squares.ECONFLICT, "This checkout has ended (%s). Any hold on your card is released.", p.Status)
		}
		pool, err := lockSalePool(ctx, tx, p.PoolID, p.UserID)
		if err != nil {
			return err
		}
		buyer, err := findUser(ctx, tx, "u.id = $1", p.UserID)
		if err != nil {
			return err
		}
		if err := squares.CheckConfirmation(squares.Confirmation{Payment: p, Provider: pp, Pool: pool.Pool,
			Buyer: buyer, Eligibility: elig, Now: tx.now}); err != nil {
			return err
		}
		for _, cell := range p.Squares {
			r, err := tx.ExecContext(ctx, `UPDATE squares SET state = 'owned', purchased_at = $1, hold_expires_at = NULL
				WHERE pool_id = $2 AND row_idx = $3 AND col_idx = $4 AND payment_id = $5 AND state = 'held'`,
				tx.now, p.PoolID, cell.Row, cell.Column, p.ID)
			if err != nil {
				return fmt.Errorf("own square: %w", err)
			}
			if n, _ := r.RowsAffected(); n == 1 {
				continue
			}
			// The hold was released; the square is the buyer's again only if nobody took it since.
			sq := &squares.Square{PoolID: p.PoolID, UserID: p.UserID, Row: cell.Row, Column: cell.Column,
				State: squares.SquareOwned, PurchasePrice: pool.EntryFee, PaymentID: p.ID}
			if err := insertSquare(ctx, tx, sq); err != nil {
				if squares.ErrorCode(err) == squares.ECONFLICT {
					return squares.Errorf(squares.ECONFLICT, "Your hold expired and square (%d, %d) was taken by another player. "+
						"Your payment is released.", cell.Row, cell.Column)
				}
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE payments SET provider_status = $1 WHERE id = $2`, pp.Status, p.ID); err != nil {
			return err
		}
		if err := setPaymentStatus(ctx, tx, p, squares.PaymentHeld, ""); err != nil {
			return err
		}
		if _, err := insertLedger(ctx, tx, squares.HoldTransaction(p)); err != nil {
			return err
		}
		if err := countPlayers(ctx, tx, p.PoolID); err != nil {
			return err
		}
		counts, err := addTaken(ctx, tx, p.PoolID, len(p.Squares), 0)
		if err != nil {
			return err
		}
		res.Drew = counts.Drew
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.PoolID, GameID: pool.GameID, Cells: p.Squares})
		if res.Squares, err = paymentSquares(ctx, tx, p); err != nil {
			return err
		}
		res.Pool, err = findPool(ctx, tx, p.PoolID, p.UserID)
		return err
	})
	return res, err
}
