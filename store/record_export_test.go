package store

import "context"

// AppendRecordForTest appends an entry to a pool's record in its own transaction, as the store's changes do.
func (db *DB) AppendRecordForTest(ctx context.Context, poolID int64, kind string, data any) error {
	return db.update(ctx, func(tx *Tx) error { return appendRecord(ctx, tx, poolID, kind, data) })
}

// CheckpointRecordForTest signs a pool's record as it stands, as a change of the pool's state does.
func (db *DB) CheckpointRecordForTest(ctx context.Context, poolID int64, reason string) error {
	return db.update(ctx, func(tx *Tx) error { return checkpointRecord(ctx, tx, poolID, reason) })
}
