package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// Tx is a transaction with the time it runs at and the events it will publish once committed; for a read
// of one statement (single), the database itself.
type Tx struct {
	querier
	db     *DB
	now    time.Time
	events []squares.Event
	// sales is the SQLite claim writer's cache of the pools it sells (saleCache), in its batches only.
	sales *saleCache
}

// querier runs statements: a *sql.Tx, or the *sql.DB for a read of one statement.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// update runs fn in a read-write transaction, committing when fn returns nil.
func (db *DB) update(ctx context.Context, fn func(tx *Tx) error) error {
	write, _ := db.conns(ctx)
	return db.run(ctx, write, false, fn)
}

// view runs fn in a read-only transaction.
func (db *DB) view(ctx context.Context, fn func(tx *Tx) error) error {
	_, read := db.conns(ctx)
	return db.run(ctx, read, true, fn)
}

// single runs fn, a read of one statement, outside a transaction: the statement is its own. On PostgreSQL
// that is one round trip where a read-only transaction takes three (BEGIN, the statement, COMMIT); SQLite
// saves beginning and committing. A read of more than one statement needs view, to see one state.
func (db *DB) single(ctx context.Context, fn func(tx *Tx) error) error {
	_, read := db.conns(ctx)
	return fn(&Tx{querier: read, db: db, now: db.Now().UTC()})
}

func (db *DB) run(ctx context.Context, conn *sql.DB, readOnly bool, fn func(tx *Tx) error) error {
	var opts *sql.TxOptions
	if readOnly && db.engine == Postgres {
		opts = &sql.TxOptions{ReadOnly: true}
	}
	sqlTx, err := conn.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	tx := &Tx{querier: sqlTx, db: db, now: db.Now().UTC()}
	if err := fn(tx); err != nil {
		sqlTx.Rollback()
		return err
	}
	published, err := db.publishInTx(ctx, sqlTx, tx.events)
	if err != nil {
		sqlTx.Rollback()
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	if db.ckpt != nil && conn == db.write {
		db.ckpt.Wrote()
	}
	db.committedEvents(ctx, tx.events, published)
	return nil
}

// forUpdate returns the clause locking the rows of one table (by its alias in the query) for a SELECT
// that precedes their update; rows of joined tables stay unlocked. SQLite needs none: its write
// transactions are serialised.
func (tx *Tx) forUpdate(alias string) string {
	if tx.db.engine == Postgres {
		return " FOR UPDATE OF " + alias
	}
	return ""
}

// forNoKeyUpdate is forUpdate for a change that leaves the rows' keys alone: it still serialises changes
// of the rows, but not the inserts elsewhere that reference them (an audit entry naming its admin takes a
// key-share lock on the admin's row), so that two such transactions cannot deadlock on each other's rows.
func (tx *Tx) forNoKeyUpdate(alias string) string {
	if tx.db.engine == Postgres {
		return " FOR NO KEY UPDATE OF " + alias
	}
	return ""
}
