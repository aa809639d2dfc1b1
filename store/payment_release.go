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
	fate := squares.ReleasedSquares(poolStatus)
	switch fate {
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
	if err := setPaymentStatus(ctx, tx, p, squares.PaymentReleased, reason); err != nil {
		return err
	}
	// A checkout never held (pending) took no squares the record knows of; a held payment's are freed, kept
	// (a cancelled pool) or taken over by the house, which pays for them.
	if err := recordPayment(ctx, tx, squares.RecordReleased, p, fate == squares.ReleaseFree, reason); err != nil {
		return err
	}
	if fate != squares.ReleaseToHouse {
		return nil
	}
	return recordTaken(ctx, tx, p.PoolID, squares.RecordTakenData{Squares: p.Squares, Owner: squares.HouseUserID,
		By: squares.TakenTakeover, Amount: p.Amount.String(), From: userOwner(p.UserID)})
}

// releaseOwnCheckout releases a pending checkout at its buyer's request (or replaced by their newer one):
// the held squares are freed and nobody needs telling.
func releaseOwnCheckout(ctx context.Context, tx *Tx, p *squares.Payment, reason string) error {
	if err := deleteHeldSquares(ctx, tx, p); err != nil {
		return err
	}
	return setPaymentStatus(ctx, tx, p, squares.PaymentReleased, reason)
}

// ReleaseCheckout releases a buyer's own pending checkout (they cancel it) and frees its squares. A
// checkout already paid, or ended, is left as it is (a conflict for one already paid).
func (db *DB) ReleaseCheckout(ctx context.Context, userID int64, id string) (*squares.Payment, error) {
	var out *squares.Payment
	err := db.update(ctx, func(tx *Tx) error {
		if err := lockPaymentPool(ctx, tx, id); err != nil {
			return err
		}
		p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
		if err != nil || p.UserID != userID {
			return squares.Errorf(squares.ENOTFOUND, "Payment not found.")
		}
		out = p
		switch p.Status {
		case squares.PaymentPending:
			return releaseOwnCheckout(ctx, tx, p, "You cancelled this checkout.")
		case squares.PaymentHeld, squares.PaymentCaptured:
			return squares.Errorf(squares.ECONFLICT, "This payment is complete; its squares are yours.")
		}
		return nil
	})
	return out, err
}

// releaseExpiredCheckouts releases the pool's checkouts whose hold has run out, freeing their squares.
func releaseExpiredCheckouts(ctx context.Context, tx *Tx, poolID int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM payments WHERE pool_id = $1 AND status = 'pending'
		AND hold_expires_at <= $2`, poolID, tx.now)
	if err != nil {
		return fmt.Errorf("expired checkouts: %w", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		if err := releasePayment(ctx, tx, id, "Your checkout expired before payment; the squares were released."); err != nil {
			return err
		}
	}
	return rows.Err()
}
