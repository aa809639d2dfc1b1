package store

import (
	"context"
	"database/sql/driver"
	"fmt"
	"hash/fnv"
	"time"
)

// Background passes that run one at a time across every instance on the database (Exclusive's names).
const (
	PassEscrow     = "escrow"
	PassAutomation = "automation"
	PassDemoGame   = "demo-game"
)

// lockClass is the first key of Squares' two-key PostgreSQL advisory locks ("SQRS"), apart from the
// one-key lock the migrations take.
const lockClass = 0x53515253

// Exclusive runs fn while it holds the lock named name, waiting for it (or for ctx to end): across every
// instance on a PostgreSQL database, and within this process, one fn of a name runs at a time. Passes that
// two servers would otherwise make together (the escrow's captures, the automation's decisions) then
// run one after the other, each seeing what the one before did. With PostgreSQL the lock is a session
// advisory lock held on a connection of its own for fn's duration: a server that dies, or loses its
// connection, loses the lock with it, and fn's own writes keep relying on the store's row locks.
// SQLite serves one process, so a lock in the process does.
func (db *DB) Exclusive(ctx context.Context, name string, fn func() error) error {
	if db.engine != Postgres {
		l := db.passLock(name)
		select {
		case l <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		defer func() { <-l }()
		return fn()
	}
	write, _ := db.conns(ctx)
	conn, err := write.Conn(ctx)
	if err != nil {
		return fmt.Errorf("lock %s: %w", name, err)
	}
	defer conn.Close()
	key := passKey(name)
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1, $2)`, lockClass, key); err != nil {
		// Cancelled or broken while waiting: the lock may have been granted anyway, so the connection goes.
		conn.Raw(func(any) error { return driver.ErrBadConn })
		return fmt.Errorf("lock %s: %w", name, err)
	}
	defer func() {
		uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		var released bool
		if err := conn.QueryRowContext(uctx, `SELECT pg_advisory_unlock($1, $2)`, lockClass, key).Scan(&released); err != nil || !released {
			// Closing the session releases whatever it still holds.
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return fn()
}

// passLock returns the in-process lock of a pass name: a channel with room for one.
func (db *DB) passLock(name string) chan struct{} {
	db.passMu.Lock()
	defer db.passMu.Unlock()
	if db.passes == nil {
		db.passes = map[string]chan struct{}{}
	}
	l, ok := db.passes[name]
	if !ok {
		l = make(chan struct{}, 1)
		db.passes[name] = l
	}
	return l
}

// passKey is the second key of a pass's advisory lock.
func passKey(name string) int32 {
	h := fnv.New32a()
	h.Write([]byte(name))
	return int32(h.Sum32())
}
