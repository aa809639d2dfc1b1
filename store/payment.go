package store

import (
	"context"
	"fmt"

	"encoding/json"
	"github.com/squaresapp/squares"
)

const paymentColumns = `y.id, y.provider, COALESCE(y.provider_payment_id, ''), y.client_secret, y.user_id, y.pool_id,
	y.amount_cents, y.currency, y.cells, y.status, y.provider_status, y.failure_message, y.hold_expires_at,
	y.created_at, y.updated_at`

func scanPayment(s scanner) (*squares.Payment, error) {
	var p squares.Payment
	var cells string
	if err := s.Scan(&p.ID, &p.Provider, &p.ProviderPaymentID, &p.ClientSecret, &p.UserID, &p.PoolID, &p.Amount,
		&p.Currency, &cells, &p.Status, &p.ProviderStatus, &p.FailureMessage, &p.HoldExpiresAt, &p.CreatedAt,
		&p.UpdatedAt); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(cells), &p.Squares); err != nil {
		return nil, fmt.Errorf("payment %s cells: %w", p.ID, err)
	}
	p.HoldExpiresAt, p.CreatedAt, p.UpdatedAt = p.HoldExpiresAt.UTC(), p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	return &p, nil
}

func findPaymentTx(ctx context.Context, tx *Tx, where string, arg any, lock bool) (*squares.Payment, error) {
	q := `SELECT ` + paymentColumns + ` FROM payments y WHERE ` + where
	if lock {
		q += tx.forUpdate("y")
	}
	p, err := scanPayment(tx.QueryRowContext(ctx, q, arg))
	return p, notFound(err, "Payment")
}

// FindPayment returns a payment by our id.
func (db *DB) FindPayment(ctx context.Context, id string) (*squares.Payment, error) {
	var p *squares.Payment
	err := db.view(ctx, func(tx *Tx) (err error) {
		p, err = findPaymentTx(ctx, tx, "y.id = $1", id, false)
		return err
	})
	return p, err
}

// FindPaymentByProviderID returns a payment by the provider's payment id.
func (db *DB) FindPaymentByProviderID(ctx context.Context, providerID string) (*squares.Payment, error) {
	var p *squares.Payment
	err := db.view(ctx, func(tx *Tx) (err error) {
		p, err = findPaymentTx(ctx, tx, "y.provider_payment_id = $1", providerID, false)
		return err
	})
	return p, err
}

// queryPayments reads the payments a query selects (its columns are paymentColumns).
func queryPayments(ctx context.Context, tx *Tx, query string, args ...any) ([]*squares.Payment, error) {
	out, err := queryAll(ctx, tx, scanPayment, query, args...)
	if err != nil {
		return nil, fmt.Errorf("payments: %w", err)
	}
	return out, nil
}

// lockPaymentPool locks the row of a payment's pool (PostgreSQL), before the payment's own row: every
// transaction that locks both takes the pool first (a checkout locks its pool, then the expired checkouts
// it releases), so that two of them never wait for each other.
func lockPaymentPool(ctx context.Context, tx *Tx, id string) error {
	var poolID int64
	if err := tx.QueryRowContext(ctx, `SELECT pool_id FROM payments WHERE id = $1`, id).Scan(&poolID); err != nil {
		return notFound(err, "Payment")
	}
	if _, err := tx.ExecContext(ctx, `SELECT id FROM pools WHERE id = $1`+tx.forUpdate("pools"), poolID); err != nil {
		return fmt.Errorf("lock pool %d: %w", poolID, err)
	}
	return nil
}

// lockPayment locks a payment's pool, then the payment (lockPaymentPool), and reads it.
func lockPayment(ctx context.Context, tx *Tx, id string) (*squares.Payment, error) {
	if err := lockPaymentPool(ctx, tx, id); err != nil {
		return nil, err
	}
	return findPaymentTx(ctx, tx, "y.id = $1", id, true)
}

func paymentSquares(ctx context.Context, tx *Tx, p *squares.Payment) ([]*squares.Square, error) {
	return queryAll(ctx, tx, scanSquare, squareSelect+` WHERE s.payment_id = $1 ORDER BY s.row_idx, s.col_idx`, p.ID)
}

func setPaymentStatus(ctx context.Context, tx *Tx, p *squares.Payment, status, message string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = $1, failure_message = $2, updated_at = $3
		WHERE id = $4`, status, message, tx.now, p.ID); err != nil {
		return fmt.Errorf("payment status: %w", err)
	}
	p.Status, p.FailureMessage, p.UpdatedAt = status, message, tx.now
	return nil
}

func deleteHeldSquares(ctx context.Context, tx *Tx, p *squares.Payment) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM squares WHERE payment_id = $1 AND state = 'held'`, p.ID); err != nil {
		return fmt.Errorf("release held squares: %w", err)
	}
	tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.PoolID, Cells: p.Squares})
	return nil
}

// SetProviderStatus records the provider's latest status of a payment.
func (db *DB) SetProviderStatus(ctx context.Context, id, status string) error {
	return db.update(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE payments SET provider_status = $1, updated_at = $2 WHERE id = $3`,
			status, tx.now, id)
		return err
	})
}

// ListUserPayments returns a player's payments, newest first.
func (db *DB) ListUserPayments(ctx context.Context, userID int64) ([]*squares.Payment, error) {
	var out []*squares.Payment
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryPayments(ctx, tx, `SELECT `+paymentColumns+` FROM payments y WHERE y.user_id = $1
			ORDER BY y.created_at DESC, y.id`, userID)
		return err
	})
	return out, err
}

// ListPoolPayments returns the payments of a pool, oldest first.
func (db *DB) ListPoolPayments(ctx context.Context, poolID int64) ([]*squares.Payment, error) {
	var out []*squares.Payment
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryPayments(ctx, tx, `SELECT `+paymentColumns+` FROM payments y WHERE y.pool_id = $1
			ORDER BY y.created_at, y.id`, poolID)
		return err
	})
	return out, err
}
