package store

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"time"
)

// Limit allows at most Max attempts under Key within Window (a sliding window).
type Limit struct {
	Key    string
	Max    int
	Window time.Duration
}

// Attempt is an attempt reserved under one or more limits. It counts as a failure until it is given back.
type Attempt struct {
	ids []int64
}

// attemptsKept is how long attempts are kept at least; no limit's window is longer.
const attemptsKept = 24 * time.Hour

// throttleLockClass is the first key of the PostgreSQL advisory locks that make reservations under one
// throttle key take turns (the two-key form: a space of its own).
const throttleLockClass = 0x5371

// ReserveAttempt checks and records an attempt as one step: unless one of the limits is already full, it
// records one attempt under every limit's key and returns it; when one is full it records nothing and
// returns a nil attempt with how long until that limit has room again. Reservations under the same key
// take turns, across every instance on the database, so no more than Max ever pass within the window,
// however many arrive at once.
func (db *DB) ReserveAttempt(ctx context.Context, limits ...Limit) (*Attempt, time.Duration, error) {
	var a *Attempt
	var wait time.Duration
	err := db.update(ctx, func(tx *Tx) error {
		if err := tx.lockThrottles(ctx, limits); err != nil {
			return err
		}
		// The time is read again once the turn is ours: a reservation that waited for the lock runs after
		// those it waited for, whose attempts carry their own later times.
		tx.now = tx.db.Now().UTC()
		if _, err := tx.ExecContext(ctx, `DELETE FROM attempts WHERE attempted_at < $1`, tx.now.Add(-attemptsKept)); err != nil {
			return fmt.Errorf("sweep attempts: %w", err)
		}
		for _, l := range limits {
			w, err := tx.throttleWait(ctx, l)
			if err != nil {
				return err
			}
			wait = max(wait, w)
		}
		if wait > 0 {
			return nil
		}
		a = &Attempt{}
		for _, l := range limits {
			var id int64
			if err := tx.QueryRowContext(ctx, `INSERT INTO attempts (throttle, attempted_at) VALUES ($1, $2) RETURNING id`,
				l.Key, tx.now).Scan(&id); err != nil {
				return fmt.Errorf("record attempt: %w", err)
			}
			a.ids = append(a.ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return a, wait, nil
}

// lockThrottles takes the advisory lock of each key, in one order for every transaction so that two
// reservations never wait on each other in a circle. SQLite needs none: its writers are serialised.
func (tx *Tx) lockThrottles(ctx context.Context, limits []Limit) error {
	if tx.db.engine != Postgres {
		return nil
	}
	var locks []int32
	for _, l := range limits {
		h := fnv.New32a()
		h.Write([]byte(l.Key))
		locks = append(locks, int32(h.Sum32()))
	}
	slices.Sort(locks)
	for _, k := range slices.Compact(locks) {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, throttleLockClass, k); err != nil {
			return fmt.Errorf("lock throttle: %w", err)
		}
	}
	return nil
}

// throttleWait returns 0 when the limit has room for one more attempt, else how long until it has: until
// enough of the attempts in the window have left it.
func (tx *Tx) throttleWait(ctx context.Context, l Limit) (time.Duration, error) {
	since := tx.now.Add(-l.Window)
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM attempts WHERE throttle = $1 AND attempted_at > $2`,
		l.Key, since).Scan(&n); err != nil {
		return 0, fmt.Errorf("count attempts: %w", err)
	}
	if n < l.Max {
		return 0, nil
	}
	// With n attempts in the window, there is room again when the (n-Max+1)th oldest leaves it.
	var at time.Time
	if err := tx.QueryRowContext(ctx, `SELECT attempted_at FROM attempts WHERE throttle = $1 AND attempted_at > $2
		ORDER BY attempted_at, id LIMIT 1 OFFSET $3`, l.Key, since, n-l.Max).Scan(&at); err != nil {
		return 0, fmt.Errorf("oldest attempt: %w", err)
	}
	return min(max(at.Add(l.Window).Sub(tx.now), time.Nanosecond), l.Window), nil
}

// GiveBackAttempt forgets a reserved attempt that did not fail, and every attempt under the keys in clear
// (a successful sign-in forgives the failures before it).
func (db *DB) GiveBackAttempt(ctx context.Context, a *Attempt, clear ...string) error {
	return db.update(ctx, func(tx *Tx) error {
		if a != nil {
			for _, id := range a.ids {
				if _, err := tx.ExecContext(ctx, `DELETE FROM attempts WHERE id = $1`, id); err != nil {
					return fmt.Errorf("give back attempt: %w", err)
				}
			}
		}
		for _, k := range clear {
			if _, err := tx.ExecContext(ctx, `DELETE FROM attempts WHERE throttle = $1`, k); err != nil {
				return fmt.Errorf("clear attempts: %w", err)
			}
		}
		return nil
	})
}

// CountAttempts counts the attempts under key since the given time.
func (db *DB) CountAttempts(ctx context.Context, key string, since time.Time) (int, error) {
	var n int
	err := db.view(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM attempts WHERE throttle = $1 AND attempted_at >= $2`,
			key, since.UTC()).Scan(&n)
	})
	return n, err
}
