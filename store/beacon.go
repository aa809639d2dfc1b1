package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// BeaconConfig is the beacon the draws wait for: Chain nil is the beacon off (SQUARES_DRAND=off), every
// full pool drawn at once; Dev marks the built-in development beacon.
type BeaconConfig struct {
	Chain *squares.ChainInfo
	Dev   bool
}

// lockBeacon locks a pool whose grid is complete for its beacon round, in the transaction that completed
// it: the pool is full, its round the first due squares.BeaconDelay after now (status pending); its numbers
// are drawn by DrawWithBeacon once the round is out. The pool's event of the same transaction publishes it.
func lockBeacon(ctx context.Context, tx *Tx, poolID int64, c squares.ChainInfo, dev bool) error {
	b := squares.BeaconLock(c, tx.now, dev)
	res, err := tx.ExecContext(ctx, `UPDATE pools SET status = CASE WHEN status IN ('started', 'completed') THEN status ELSE $1 END,
		beacon_status = $2, beacon_round = $3, beacon_locked_at = $4, beacon_due_at = $5, beacon_chain_hash = $6,
		beacon_dev = $7, beacon_failures = 0, beacon_next_try_at = NULL, beacon_error = '', updated_at = $4
		WHERE id = $8 AND home_numbers = '' AND beacon_status = ''`,
		squares.PoolFull, b.Status, int64(b.Round), tx.now, *b.DueAt, b.ChainHash, b.Dev, poolID)
	if err != nil {
		return fmt.Errorf("lock beacon: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return squares.Errorf(squares.ECONFLICT, "This pool's numbers are already drawn.")
	}
	return recordLock(ctx, tx, poolID, b)
}

// PendingBeacon is a pool waiting for its beacon round, as the beacon worker reads it.
type PendingBeacon struct {
	PoolID    int64
	Round     uint64
	ChainHash string
	DueAt     time.Time
	Kickoff   time.Time
	Failures  int
	NextTry   time.Time
}

// PendingBeacons lists the pools waiting for their beacon round (full or started), the earliest due first.
func (db *DB) PendingBeacons(ctx context.Context) ([]PendingBeacon, error) {
	var out []PendingBeacon
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, func(s scanner) (PendingBeacon, error) {
			var p PendingBeacon
			var round int64
			var next sql.NullTime
			err := s.Scan(&p.PoolID, &round, &p.ChainHash, &p.DueAt, &p.Kickoff, &p.Failures, &next)
			p.Round, p.DueAt, p.Kickoff = uint64(round), p.DueAt.UTC(), p.Kickoff.UTC()
			if next.Valid {
				p.NextTry = next.Time.UTC()
			}
			return p, err
		}, `SELECT p.id, p.beacon_round, p.beacon_chain_hash, p.beacon_due_at, g.game_date, p.beacon_failures,
			p.beacon_next_try_at FROM pools p JOIN games g ON g.id = p.game_id
			WHERE p.beacon_status = 'pending' AND p.status IN ('full', 'started', 'completed')
			ORDER BY p.beacon_due_at, p.id`)
		return err
	})
	return out, err
}

// DrawWithBeacon draws a pending pool with its beacon round b, fetched and verified by the caller: in one
// transaction it checks the pool still waits for that round, stores the round's signature and randomness
// and draws the numbers from them (beacon verified). It reports false, changing nothing, for a pool no
// longer pending (drawn already: a second worker, or a retry after a crash, draws nothing twice).
func (db *DB) DrawWithBeacon(ctx context.Context, poolID int64, round uint64, signature, randomness string) (bool, error) {
	if err := squares.CheckBeaconRandomness(signature, randomness); err != nil {
		return false, err
	}
	return db.drawPending(ctx, poolID, round, squares.PoolBeacon{Status: squares.BeaconVerified,
		Signature: signature, Randomness: randomness})
}

// DrawWithoutBeacon draws a pending pool without its round (beacon unavailable): no relay served it by
// squares.BeaconGiveUp before kickoff. It reports false for a pool no longer pending.
func (db *DB) DrawWithoutBeacon(ctx context.Context, poolID int64, round uint64, reason string) (bool, error) {
	return db.drawPending(ctx, poolID, round, squares.PoolBeacon{Status: squares.BeaconUnavailable}, reason)
}

func (db *DB) drawPending(ctx context.Context, poolID int64, round uint64, b squares.PoolBeacon, reason ...string) (bool, error) {
	drew := false
	err := db.update(ctx, func(tx *Tx) error {
		var status string
		var r int64
		if err := tx.QueryRowContext(ctx, `SELECT beacon_status, beacon_round FROM pools WHERE id = $1`+tx.forNoKeyUpdate("pools"),
			poolID).Scan(&status, &r); err != nil {
			return fmt.Errorf("beacon draw: pool %d: %w", poolID, err)
		}
		if status != squares.BeaconPending || uint64(r) != round {
			return nil
		}
		entry := squares.RecordBeaconData{Status: b.Status, Round: round, Signature: b.Signature, Randomness: b.Randomness}
		if len(reason) > 0 {
			entry.Reason = reason[0]
		}
		if err := appendRecord(ctx, tx, poolID, squares.RecordBeacon, entry); err != nil {
			return err
		}
		if err := drawNumbers(ctx, tx, poolID, b); err != nil {
			return err
		}
		if len(reason) > 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE pools SET beacon_error = $1 WHERE id = $2`, reason[0], poolID); err != nil {
				return fmt.Errorf("beacon draw: %w", err)
			}
		}
		var gameID int64
		if err := tx.QueryRowContext(ctx, `SELECT game_id FROM pools WHERE id = $1`, poolID).Scan(&gameID); err != nil {
			return fmt.Errorf("beacon draw: %w", err)
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: poolID, GameID: gameID})
		drew = true
		return nil
	})
	return drew, err
}

// BeaconFailed records a failed fetch of a pending pool's round: its failures counted, the next try due
// after squares.BeaconRetryAfter.
func (db *DB) BeaconFailed(ctx context.Context, poolID int64, round uint64, reason string) error {
	return db.update(ctx, func(tx *Tx) error {
		var failures int
		err := tx.QueryRowContext(ctx, `SELECT beacon_failures FROM pools WHERE id = $1 AND beacon_status = 'pending'
			AND beacon_round = $2`+tx.forNoKeyUpdate("pools"), poolID, int64(round)).Scan(&failures)
		if err == sql.ErrNoRows {
			return nil
		} else if err != nil {
			return fmt.Errorf("beacon failed: %w", err)
		}
		failures++
		_, err = tx.ExecContext(ctx, `UPDATE pools SET beacon_failures = $1, beacon_next_try_at = $2, beacon_error = $3
			WHERE id = $4`, failures, tx.now.Add(squares.BeaconRetryAfter(failures)), reason, poolID)
		return err
	})
}
