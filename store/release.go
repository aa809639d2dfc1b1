package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

// ReleasePayment releases a payment without charging: a checkout abandoned, declined or lapsed, or an
// authorisation released (by the provider, or because its pool was cancelled). Squares held for it are
// freed; squares it bought in a pool still open are freed too; in a pool already complete (drawn), the
// house takes them over so the grid stays whole. Released payments are never released twice.
func (db *DB) ReleasePayment(ctx context.Context, id, reason string) (*squares.Payment, error) {
	var out *squares.Payment
	err := db.update(ctx, func(tx *Tx) error {
		if err := releasePayment(ctx, tx, id, reason); err != nil {
			return err
		}
		var err error
		out, err = findPaymentTx(ctx, tx, "y.id = $1", id, false)
		return err
	})
	return out, err
}

func releasePayment(ctx context.Context, tx *Tx, id, reason string) error {
	p, err := lockPayment(ctx, tx, id)
	if err != nil {
		return err
	}
	if release, err := squares.CheckRelease(p); !release || err != nil {
		return err
	}
	if p.Status == squares.PaymentPending {
		if err := deleteHeldSquares(ctx, tx, p); err != nil {
			return err
		}
		if err := notify(ctx, tx, p.UserID, squares.NotifyPaymentReleased, reason, p.PoolID); err != nil {
			return err
		}
		return setPaymentStatus(ctx, tx, p, squares.PaymentReleased, reason)
	}
	var poolStatus string
	var gameID int64
	if err := tx.QueryRowContext(ctx, `SELECT status, game_id FROM pools WHERE id = $1`+tx.forUpdate("pools"), p.PoolID).
		Scan(&poolStatus, &gameID); err != nil {
		return fmt.Errorf("release: %w", err)
	}
	switch squares.ReleasedSquares(poolStatus) {
	case squares.ReleaseKeep:
	case squares.ReleaseFree:
		r, err := tx.ExecContext(ctx, `DELETE FROM squares WHERE payment_id = $1 AND state = 'owned'`, p.ID)
		if err != nil {
			return fmt.Errorf("free squares: %w", err)
		}
		n, _ := r.RowsAffected()
		if _, err := tx.ExecContext(ctx, `UPDATE pools SET squares_taken = squares_taken - $1, updated_at = $2
			WHERE id = $3`, n, tx.now, p.PoolID); err != nil {
			return fmt.Errorf("free squares: %w", err)
		}
		if err := countPlayers(ctx, tx, p.PoolID); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.PoolID, GameID: gameID, Cells: p.Squares})
	case squares.ReleaseToHouse:
		if _, err := tx.ExecContext(ctx, `UPDATE squares SET user_id = NULL, is_house = TRUE, payment_id = NULL
			WHERE payment_id = $1`, p.ID); err != nil {
			return fmt.Errorf("house takes squares: %w", err)
		}
		if err := countPlayers(ctx, tx, p.PoolID); err != nil {
			return err
		}
		stake := squares.StakeTransaction(p.PoolID, p.Amount)
		stake.Key = "stake:" + p.ID
		if _, err := insertLedger(ctx, tx, stake); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.PoolID, GameID: gameID, Cells: p.Squares})
	}
	if _, err := insertLedger(ctx, tx, squares.ReleaseTransaction(p)); err != nil {
		return err
	}
	if err := notify(ctx, tx, p.UserID, squares.NotifyPaymentReleased, reason, p.PoolID); err != nil {
		return err
	}
	return setPaymentStatus(ctx, tx, p, squares.PaymentReleased, reason)
}
