package store

import (
	"context"
	"fmt"
	"time"
)

// Devices are the browsers an account signed in from (OWASP's device cookies against online guessing):
// a browser's cookie holds an opaque random id, kept here only as its hash (tokenHash), with the accounts
// it signed in to. A known browser has a sign-in budget of its own (http/device.go).

// maxDevicesPerAccount bounds the browsers remembered for one account: past it, the least recently used
// are forgotten.
const maxDevicesPerAccount = 20

// KnownDevice reports whether the browser whose id hashes to tokenHash signed in to account within its
// lifetime.
func (db *DB) KnownDevice(ctx context.Context, tokenHash, account string) (bool, error) {
	var n int
	err := db.single(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM devices WHERE token_hash = $1 AND account = $2 AND expires_at > $3`,
			tokenHash, account, tx.now).Scan(&n)
	})
	if err != nil {
		return false, fmt.Errorf("known device: %w", err)
	}
	return n > 0, nil
}

// RememberDevice records a sign-in to account from a browser, for lifetime from now. The browser keeps
// the id it presented (presentedHash, "" for none) when that id is known for some account; otherwise it
// gets the fresh one. It returns the hash of the id the browser holds from now on. Expired devices, and an
// account's devices past maxDevicesPerAccount, are forgotten.
func (db *DB) RememberDevice(ctx context.Context, presentedHash, freshHash, account string, lifetime time.Duration) (string, error) {
	use := freshHash
	err := db.update(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM devices WHERE expires_at <= $1`, tx.now); err != nil {
			return fmt.Errorf("sweep devices: %w", err)
		}
		if presentedHash != "" {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM devices WHERE token_hash = $1`, presentedHash).Scan(&n); err != nil {
				return fmt.Errorf("find device: %w", err)
			}
			if n > 0 {
				use = presentedHash
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO devices (token_hash, account, created_at, last_used, expires_at)
			VALUES ($1, $2, $3, $3, $4)
			ON CONFLICT (token_hash, account) DO UPDATE SET last_used = excluded.last_used, expires_at = excluded.expires_at`,
			use, account, tx.now, tx.now.Add(lifetime)); err != nil {
			return fmt.Errorf("remember device: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM devices WHERE account = $1 AND token_hash NOT IN
			(SELECT token_hash FROM devices WHERE account = $1 ORDER BY last_used DESC, token_hash LIMIT $2)`,
			account, maxDevicesPerAccount); err != nil {
			return fmt.Errorf("trim devices: %w", err)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return use, nil
}
