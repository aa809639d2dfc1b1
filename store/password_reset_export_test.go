package store

import "context"

// ResetHashesForTest returns what the reset table keeps of a user's tokens.
func (db *DB) ResetHashesForTest(ctx context.Context, userID int64) ([]string, error) {
	var out []string
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, func(s scanner) (string, error) {
			var h string
			err := s.Scan(&h)
			return h, err
		}, `SELECT token_hash FROM password_resets WHERE user_id = $1 ORDER BY created_at`, userID)
		return err
	})
	return out, err
}
