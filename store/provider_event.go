package store

import (
	"context"
	"fmt"

	"database/sql"
	"github.com/squaresapp/squares"
)

// RecordProviderEvent notes a provider event as processed; it reports false when it was seen before.
func (db *DB) RecordProviderEvent(ctx context.Context, provider string, e squares.ProviderEvent) (bool, error) {
	var fresh bool
	err := db.update(ctx, func(tx *Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `INSERT INTO provider_events (id, provider, type, received_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (id) DO NOTHING RETURNING id`, e.ID, provider, e.Type, tx.now).Scan(&id)
		if err == sql.ErrNoRows {
			return nil
		} else if err != nil {
			return fmt.Errorf("provider event: %w", err)
		}
		fresh = true
		return nil
	})
	return fresh, err
}

// ProviderEventSeen reports whether a provider event was recorded as processed.
func (db *DB) ProviderEventSeen(ctx context.Context, id string) (bool, error) {
	var n int
	err := db.view(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM provider_events WHERE id = $1`, id).Scan(&n)
	})
	if err != nil {
		return false, fmt.Errorf("provider event: %w", err)
	}
	return n > 0, nil
}
