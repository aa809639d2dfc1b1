package store

import "context"

// NotifyForTest records a notification for a player in its own transaction, as the store's own changes
// do, for the outbox tests.
func (db *DB) NotifyForTest(ctx context.Context, userID int64, kind, message string, poolID int64) error {
	return db.update(ctx, func(tx *Tx) error { return notify(ctx, tx, userID, kind, message, poolID) })
}
