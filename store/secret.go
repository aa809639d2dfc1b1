package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// Secret returns the named secret of size random bytes, made the first time it is asked for. Every
// instance on the database gets the same one, and it survives restarts.
func (db *DB) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	fresh := make([]byte, size)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("secret %s: %w", name, err)
	}
	var value string
	err := db.update(ctx, func(tx *Tx) error {
		// Instances that start together race here; the first insert wins and everyone reads it.
		if _, err := tx.ExecContext(ctx, `INSERT INTO secrets (name, value, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (name) DO NOTHING`, name, hex.EncodeToString(fresh), tx.now); err != nil {
			return fmt.Errorf("store secret %s: %w", name, err)
		}
		return tx.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&value)
	})
	if err != nil {
		return nil, err
	}
	b, err := hex.DecodeString(value)
	if err != nil || len(b) != size {
		return nil, fmt.Errorf("secret %s: stored value is not %d hex bytes", name, size)
	}
	return b, nil
}
