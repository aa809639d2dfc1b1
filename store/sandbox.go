package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

const sandboxColumns = `id, client_secret, amount_cents, currency, status, amount_capturable, amount_received,
	amount_refunded, last_error, metadata, authorized_at`

func scanSandbox(s scanner) (*squares.ProviderPayment, *time.Time, error) {
	var pp squares.ProviderPayment
	var meta string
	var authorized sql.NullTime
	if err := s.Scan(&pp.ID, &pp.ClientSecret, &pp.Amount, &pp.Currency, &pp.Status, &pp.AmountCapturable,
		&pp.AmountReceived, &pp.AmountRefunded, &pp.LastError, &meta, &authorized); err != nil {
		return nil, nil, err
	}
	if err := json.Unmarshal([]byte(meta), &pp.Metadata); err != nil {
		return nil, nil, fmt.Errorf("sandbox metadata: %w", err)
	}
	return &pp, nullTime(authorized), nil
}

// SandboxCreate stores a new sandbox payment, or returns the one created before with the same
// idempotency key (which must carry the same amount).
func (db *DB) SandboxCreate(ctx context.Context, key string, pp *squares.ProviderPayment) (*squares.ProviderPayment, error) {
	var out *squares.ProviderPayment
	err := db.update(ctx, func(tx *Tx) error {
		existing, _, err := scanSandbox(tx.QueryRowContext(ctx, `SELECT `+sandboxColumns+` FROM sandbox_payments
			WHERE idempotency_key = $1`, key))
		if err == nil {
			if existing.Amount != pp.Amount || existing.Currency != pp.Currency {
				return squares.Errorf(squares.ECONFLICT, "Idempotency key %s was used with other parameters.", key)
			}
			out = existing
			return nil
		} else if err != sql.ErrNoRows {
			return err
		}
		meta, _ := json.Marshal(pp.Metadata)
		if _, err := tx.ExecContext(ctx, `INSERT INTO sandbox_payments (id, client_secret, idempotency_key, amount_cents,
			currency, status, metadata, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
			pp.ID, pp.ClientSecret, key, int64(pp.Amount), pp.Currency, pp.Status, string(meta), tx.now); err != nil {
			return fmt.Errorf("sandbox create: %w", err)
		}
		out = pp
		return nil
	})
	return out, err
}

// SandboxGet returns a sandbox payment.
func (db *DB) SandboxGet(ctx context.Context, id string) (*squares.ProviderPayment, error) {
	var out *squares.ProviderPayment
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, _, err = scanSandbox(tx.QueryRowContext(ctx, `SELECT `+sandboxColumns+` FROM sandbox_payments WHERE id = $1`, id))
		return notFound(err, "Payment")
	})
	return out, err
}

// SandboxUpdate changes a sandbox payment under a row lock: fn edits it in place (and may set the time of
// its authorisation); an error from fn leaves it unchanged.
func (db *DB) SandboxUpdate(ctx context.Context, id string, fn func(pp *squares.ProviderPayment, now time.Time) (authorized bool, err error)) (*squares.ProviderPayment, error) {
	var out *squares.ProviderPayment
	err := db.update(ctx, func(tx *Tx) error {
		pp, authorizedAt, err := scanSandbox(tx.QueryRowContext(ctx, `SELECT `+sandboxColumns+` FROM sandbox_payments
			WHERE id = $1`+tx.forUpdate("sandbox_payments"), id))
		if err != nil {
			return notFound(err, "Payment")
		}
		authorized, err := fn(pp, tx.now)
		if err != nil {
			return err
		}
		if authorized {
			authorizedAt = &tx.now
		}
		if _, err := tx.ExecContext(ctx, `UPDATE sandbox_payments SET status = $1, amount_capturable = $2,
			amount_received = $3, amount_refunded = $4, last_error = $5, authorized_at = $6, updated_at = $7 WHERE id = $8`,
			pp.Status, int64(pp.AmountCapturable), int64(pp.AmountReceived), int64(pp.AmountRefunded), pp.LastError,
			timeArg(authorizedAt), tx.now, id); err != nil {
			return fmt.Errorf("sandbox update: %w", err)
		}
		out = pp
		return nil
	})
	return out, err
}

// SandboxLapsedHolds lists sandbox authorisations made before the given time and still uncaptured: those
// the sandbox releases, as a card network lets a hold lapse.
func (db *DB) SandboxLapsedHolds(ctx context.Context, before time.Time) ([]string, error) {
	var ids []string
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id FROM sandbox_payments WHERE status = $1 AND authorized_at < $2`,
			squares.ProviderRequiresCapture, before.UTC())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	return ids, err
}
