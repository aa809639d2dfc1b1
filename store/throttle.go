package store

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"time"
)

// Limit allows at most Max attempts under Key within Window (a sliding window); a Max of 0 sets no limit.
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
	err := db.update(ctx, func(tx *Tx) (err error) {
		a, wait, err = tx.reserve(ctx, 1, limits...)
		return err
	})
	if err != nil {
		return nil, 0, err
	}
	return a, wait, nil
}

// reserve is ReserveAttempt of n attempts at once, in the caller's transaction: a write that counts under
// a limit reserves its slots in its own transaction, so that the slots are taken if and only if it
// commits. It takes the keys' turns first (PostgreSQL keeps them to the transaction's end) and reads the
// time again once they are its. A limit with a Max of 0 sets none and is skipped; n must not exceed a
// limit's Max.
func (tx *Tx) reserve(ctx context.Context, n int, limits ...Limit) (*Attempt, time.Duration, error) {
	limits = slices.DeleteFunc(slices.Clone(limits), func(l Limit) bool { return l.Max <= 0 })
	if n <= 0 || len(limits) == 0 {
		return &Attempt{}, 0, nil
	}
	if err := tx.lockThrottles(ctx, limits); err != nil {
		return nil, 0, err
	}
	// The time is read again once the turn is ours: a reservation that waited for the lock runs after
	// those it waited for, whose attempts carry their own later times.
	tx.now = tx.db.Now().UTC()
	if _, err := tx.ExecContext(ctx, `DELETE FROM attempts WHERE attempted_at < $1`, tx.now.Add(-attemptsKept)); err != nil {
		return nil, 0, fmt.Errorf("sweep attempts: %w", err)
	}
	var wait time.Duration
	for _, l := range limits {
		w, err := tx.throttleWait(ctx, l, n)
		if err != nil {
			return nil, 0, err
		}
		wait = max(wait, w)
	}
	if wait > 0 {
		return nil, wait, nil
	}
	a := &Attempt{}
	for _, l := range limits {
		for range n {
			var id int64
			if err := tx.QueryRowContext(ctx, `INSERT INTO attempts (throttle, attempted_at) VALUES ($1, $2) RETURNING id`,
				l.Key, tx.now).Scan(&id); err != nil {
				return nil, 0, fmt.Errorf("record attempt: %w", err)
			}
			a.ids = append(a.ids, id)
		}
	}
	return a, 0, nil
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

// throttleWait returns 0 when the limit has room for n more attempts, else how long until it has: until
// enough of the attempts in the window have left it (the whole window when n exceeds Max).
func (tx *Tx) throttleWait(ctx context.Context, l Limit, n int) (time.Duration, error) {
	since := tx.now.Add(-l.Window)
	var c int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM attempts WHERE throttle = $1 AND attempted_at > $2`,
		l.Key, since).Scan(&c); err != nil {
		return 0, fmt.Errorf("count attempts: %w", err)
	}
	if c+n <= l.Max {
		return 0, nil
	}
	if n > l.Max {
		return l.Window, nil
	}
	// With c attempts in the window, there is room for n when the (c+n-Max)th oldest leaves it.
	var at time.Time
	if err := tx.QueryRowContext(ctx, `SELECT attempted_at FROM attempts WHERE throttle = $1 AND attempted_at > $2
		ORDER BY attempted_at, id LIMIT 1 OFFSET $3`, l.Key, since, c+n-l.Max-1).Scan(&at); err != nil {
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
