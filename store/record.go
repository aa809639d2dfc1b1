package store

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// recordKeySecret names the record key's seed among the database's secrets, made once when no key is given.
const recordKeySecret = "record-key"

// loadRecordKey sets the key that signs the records' checkpoints, at Open: the one given (RecordKey, from
// SQUARES_RECORD_KEY) or the database's own, made the first time and shared by every instance.
func (db *DB) loadRecordKey(ctx context.Context) error {
	if db.RecordKey != nil {
		if len(db.RecordKey) != ed25519.PrivateKeySize {
			return fmt.Errorf("record key: %d bytes, want an Ed25519 key", len(db.RecordKey))
		}
		return nil
	}
	seed, err := db.Secret(ctx, recordKeySecret, ed25519.SeedSize)
	if err != nil {
		return fmt.Errorf("record key: %w", err)
	}
	db.RecordKey = ed25519.NewKeyFromSeed(seed)
	return nil
}

// RecordPublicKey is the public half of the key that signs the records' checkpoints.
func (db *DB) RecordPublicKey() ed25519.PublicKey {
	return db.RecordKey.Public().(ed25519.PublicKey)
}

// appendRecord appends an entry of kind recording data to the pool's record, in the transaction that makes
// the change. On PostgreSQL it locks the pool's row (a no-op where the caller holds it already), so that
// appends to one pool follow each other; SQLite's one writer does that by itself. A pool made before
// records existed has none (its record would not start with its opening): nothing is appended to it.
func appendRecord(ctx context.Context, tx *Tx, poolID int64, kind string, data any) error {
	var head squares.RecordHead
	if err := tx.QueryRowContext(ctx, `SELECT p.record_seq, p.record_head FROM pools p WHERE p.id = $1`+
		tx.forNoKeyUpdate("p"), poolID).Scan(&head.Seq, &head.Head); err != nil {
		return fmt.Errorf("record of pool %d: %w", poolID, notFound(err, "Pool"))
	}
	_, err := appendRecordAfter(ctx, tx, poolID, head, kind, data)
	return err
}

// appendRecordAfter is appendRecord for a caller that read the record's head with the pool's row, locked
// by this transaction, and appended nothing since. It returns the new head.
func appendRecordAfter(ctx context.Context, tx *Tx, poolID int64, head squares.RecordHead, kind string, data any) (squares.RecordHead, error) {
	next, err := insertRecord(ctx, tx, poolID, head, kind, data)
	if err != nil || next == head {
		return head, err
	}
	return next, moveRecordHead(ctx, tx, poolID, head, next)
}

// insertRecord writes the entry of kind after the record's head and returns the head it makes, which the
// caller then writes to the pool's row (moveRecordHead, or with its own update of the row). A pool without
// a record gets no entry: its head stays.
func insertRecord(ctx context.Context, tx *Tx, poolID int64, head squares.RecordHead, kind string, data any) (squares.RecordHead, error) {
	e, ok, err := nextRecordEntry(head, tx.now, kind, data)
	if err != nil || !ok {
		if err != nil {
			err = fmt.Errorf("record of pool %d: %w", poolID, err)
		}
		return head, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO pool_records (pool_id, seq, at, kind, data, prev_hash, hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, poolID, e.Seq, e.At, e.Kind, string(e.Data), e.PrevHash, e.Hash); err != nil {
		return head, fmt.Errorf("record of pool %d: %w", poolID, err)
	}
	return squares.RecordHead{Seq: e.Seq, Head: e.Hash}, nil
}

// moveRecordHead writes the record's new head to the pool's row, if it still stands where it was read.
func moveRecordHead(ctx context.Context, tx *Tx, poolID int64, from, to squares.RecordHead) error {
	res, err := tx.ExecContext(ctx, `UPDATE pools SET record_seq = $1, record_head = $2 WHERE id = $3 AND record_seq = $4`,
		to.Seq, to.Head, poolID, from.Seq)
	if err != nil {
		return fmt.Errorf("record of pool %d: %w", poolID, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("record of pool %d: its head moved during the append", poolID)
	}
	return nil
}

// nextRecordEntry is the entry of kind that follows the record's head, or false for a pool without a record
// (made before records existed), to which only an opening entry starts one.
func nextRecordEntry(head squares.RecordHead, at time.Time, kind string, data any) (squares.RecordEntry, bool, error) {
	var prev *squares.RecordEntry
	if head.Seq > 0 {
		prev = &squares.RecordEntry{Seq: head.Seq, Hash: head.Head}
	} else if kind != squares.RecordOpened {
		return squares.RecordEntry{}, false, nil
	}
	e, err := squares.NextRecordEntry(prev, at, kind, data)
	return e, err == nil, err
}

// checkpointRecord signs the pool's record as it stands, for the change of state named by reason (full,
// drawn, Q1 settled, completed, cancelled).
func checkpointRecord(ctx context.Context, tx *Tx, poolID int64, reason string) error {
	var seq int64
	var head string
	if err := tx.QueryRowContext(ctx, `SELECT record_seq, record_head FROM pools WHERE id = $1`, poolID).Scan(&seq, &head); err != nil {
		return fmt.Errorf("checkpoint of pool %d: %w", poolID, err)
	}
	if seq == 0 {
		return nil // a pool made before records existed has none to sign
	}
	c := squares.SignCheckpoint(tx.db.RecordKey, poolID, seq, head, tx.now, reason)
	if _, err := tx.ExecContext(ctx, `INSERT INTO pool_checkpoints (pool_id, seq, head, at, reason, signature)
		VALUES ($1, $2, $3, $4, $5, $6)`, poolID, c.Seq, c.Head, c.At, c.Reason, c.Signature); err != nil {
		return fmt.Errorf("checkpoint of pool %d: %w", poolID, err)
	}
	return nil
}

// PoolRecord is a page of a pool's record: its entries after a seq, the head of the whole record, and every
// checkpoint signed on it.
type PoolRecord struct {
	Pool        int64                      `json:"pool"`
	Entries     []squares.RecordEntry      `json:"entries"`
	Seq         int64                      `json:"seq"`  // the last entry's seq
	Head        string                     `json:"head"` // the last entry's hash
	Checkpoints []squares.RecordCheckpoint `json:"checkpoints"`
	// More reports that entries past this page exist: ask again after the last one.
	More bool `json:"more"`
}

// ReadPoolRecord reads up to limit entries of the pool's record after seq after, with its head and
// checkpoints, as one consistent state.
func (db *DB) ReadPoolRecord(ctx context.Context, poolID, after int64, limit int) (*PoolRecord, error) {
	r := &PoolRecord{Pool: poolID, Entries: []squares.RecordEntry{}, Checkpoints: []squares.RecordCheckpoint{}}
	err := db.view(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT record_seq, record_head FROM pools WHERE id = $1`, poolID).
			Scan(&r.Seq, &r.Head); err != nil {
			return notFound(err, "Pool")
		}
		rows, err := tx.QueryContext(ctx, `SELECT seq, at, kind, data, prev_hash, hash FROM pool_records
			WHERE pool_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, poolID, after, limit+1)
		if err != nil {
			return fmt.Errorf("read record: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var e squares.RecordEntry
			var data string
			if err := rows.Scan(&e.Seq, &e.At, &e.Kind, &data, &e.PrevHash, &e.Hash); err != nil {
				return fmt.Errorf("read record: %w", err)
			}
			e.Data = []byte(data)
			r.Entries = append(r.Entries, e)
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read record: %w", err)
		}
		if len(r.Entries) > limit {
			r.Entries, r.More = r.Entries[:limit], true
		}
		return readCheckpoints(ctx, tx, poolID, &r.Checkpoints)
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

func readCheckpoints(ctx context.Context, tx *Tx, poolID int64, out *[]squares.RecordCheckpoint) error {
	rows, err := tx.QueryContext(ctx, `SELECT seq, head, at, reason, signature FROM pool_checkpoints
		WHERE pool_id = $1 ORDER BY seq, id`, poolID)
	if err != nil {
		return fmt.Errorf("read checkpoints: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		c := squares.RecordCheckpoint{Pool: poolID}
		if err := rows.Scan(&c.Seq, &c.Head, &c.At, &c.Reason, &c.Signature); err != nil {
			return fmt.Errorf("read checkpoints: %w", err)
		}
		*out = append(*out, c)
	}
	return rows.Err()
}

// deleteRecord removes the record of a pool being deleted: only a pool that never sold anything is
// (squares.CheckDelete), and the pool goes with it.
func deleteRecord(ctx context.Context, tx *Tx, poolID int64) error {
	for _, q := range []string{`DELETE FROM pool_checkpoints WHERE pool_id = $1`, `DELETE FROM pool_records WHERE pool_id = $1`} {
		if _, err := tx.ExecContext(ctx, q, poolID); err != nil {
			return fmt.Errorf("delete record: %w", err)
		}
	}
	return nil
}
