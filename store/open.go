package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver

	"github.com/squaresapp/squares/store/internal/sqlite"
)

// Open connects to the database and applies pending migrations.
func (db *DB) Open(ctx context.Context) error {
	switch {
	case strings.HasPrefix(db.URL, "sqlite:"):
		if err := db.openSQLite(strings.TrimPrefix(db.URL, "sqlite:")); err != nil {
			return err
		}
	case strings.HasPrefix(db.URL, "postgres://"), strings.HasPrefix(db.URL, "postgresql://"):
		db.engine = Postgres
		conn, err := sql.Open("pgx", db.URL)
		if err != nil {
			return fmt.Errorf("open postgres: %w", err)
		}
		conn.SetMaxOpenConns(32)
		conn.SetMaxIdleConns(16)
		conn.SetConnMaxIdleTime(5 * time.Minute)
		db.write, db.read = conn, conn
		reserved, err := sql.Open("pgx", db.URL)
		if err != nil {
			conn.Close()
			return fmt.Errorf("open postgres: %w", err)
		}
		reserved.SetMaxOpenConns(reservedConns)
		reserved.SetMaxIdleConns(1)
		reserved.SetConnMaxIdleTime(5 * time.Minute)
		db.reservedWrite, db.reservedRead = reserved, reserved
	default:
		return fmt.Errorf("database url %q: want sqlite:PATH or postgres://", db.URL)
	}
	if err := db.write.PingContext(ctx); err != nil {
		db.Close()
		return fmt.Errorf("connect to %s: %w", db.engine, err)
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return err
	}
	if err := db.loadRecordKey(ctx); err != nil {
		db.Close()
		return err
	}
	return nil
}

func (db *DB) openSQLite(path string) error {
	db.engine = SQLite
	conns, err := sqlite.Open(path, db.CheckpointDelay, func(err error) {
		if db.Logger != nil {
			db.Logger.Warn("sqlite checkpoint", "err", err)
		}
	})
	if err != nil {
		return err
	}
	db.write, db.read = conns.Write, conns.Read
	db.reservedWrite, db.reservedRead = conns.Write, conns.Reserved
	db.ckpt = conns.Checkpointer
	return nil
}

// Close closes the database.
func (db *DB) Close() error {
	db.closeClaims()
	var err error
	if db.ckpt != nil {
		err = db.ckpt.Stop()
	}
	if db.write != nil {
		if e := db.write.Close(); err == nil {
			err = e
		}
	}
	if db.read != nil && db.read != db.write {
		if e := db.read.Close(); err == nil {
			err = e
		}
	}
	if db.reservedRead != nil {
		if e := db.reservedRead.Close(); err == nil {
			err = e
		}
	}
	return err
}

// reservedConns is the size of PostgreSQL's pool of reserved connections: a reserved worker runs one
// transaction at a time, and may hold an Exclusive lock on one connection while it runs them on another.
const reservedConns = 3

type reservedKey struct{}

// Reserved returns ctx marked for the store's reserved connections: every store call made with it goes
// through connections that requests never use. Requests share the store's pool, and under load most of
// them wait for a connection (on PostgreSQL a claim holds one while it waits for its pool's row lock), in
// an order database/sql picks at random; a background worker that must keep its pace whatever the load,
// the live score feed polling every few seconds, would wait among them. A reserved call waits only for
// the other reserved ones. SQLite's writes still go through its one writer, which every write shares.
// Only a worker that runs one thing at a time may use it: the reserved pool is small.
func Reserved(ctx context.Context) context.Context {
	return context.WithValue(ctx, reservedKey{}, true)
}

// conns returns the write and read connections for a call with ctx: the reserved ones when ctx is
// Reserved.
func (db *DB) conns(ctx context.Context) (write, read *sql.DB) {
	if db.reservedRead != nil && ctx.Value(reservedKey{}) != nil {
		return db.reservedWrite, db.reservedRead
	}
	return db.write, db.read
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	return db.read.PingContext(ctx)
}

// Checkpoint copies what it can of the SQLite WAL into the database file without waiting for the writer or
// readers (PRAGMA wal_checkpoint(PASSIVE)). It returns the frames in the WAL and how many of them are in
// the database now. The store checkpoints in the background after commits; on PostgreSQL it does nothing.
func (db *DB) Checkpoint(ctx context.Context) (frames, copied int, err error) {
	if db.ckpt == nil {
		return 0, 0, nil
	}
	return db.ckpt.Checkpoint(ctx)
}
