// Package store keeps Squares' data in SQLite (embedded, the default) or PostgreSQL (production, several
// instances on one database). Both engines share the queries of this package; each has its own embedded,
// versioned migrations, applied when the store opens.
package store

import (
	"crypto/ed25519"
	"database/sql"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/internal/sqlite"
)

// Engines.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// DB is the store. Every exported method runs in its own transaction.
type DB struct {
	// URL is sqlite:PATH or a postgres:// URL.
	URL string
	// Now gives the time stored on rows; tests replace it.
	Now func() time.Time
	// Events, when set, receives the events of each committed transaction.
	Events squares.Events
	// Logger reports events that could not be published.
	Logger *slog.Logger
	// CheckpointDelay is how long after a commit SQLite's WAL is copied into the database in the
	// background (checkpoint.go); 0 is 100 ms, negative leaves it to the writer past 10,000 pages.
	CheckpointDelay time.Duration
	// Beacon is the drand chain a full pool's draw waits for (store/beacon.go); nil Chain: drawn at once.
	Beacon BeaconConfig
	// RecordKey signs the checkpoints of the pools' records; nil at Open takes the database's own key, made
	// once (store/record.go).
	RecordKey ed25519.PrivateKey

	engine string
	write  *sql.DB // SQLite: one connection, transactions begin IMMEDIATE
	read   *sql.DB // SQLite: a pool of read connections; PostgreSQL: the same pool as write
	// reservedWrite and reservedRead are the connections of calls whose context is Reserved: PostgreSQL's
	// a small pool of their own for both; SQLite's the one writer and a read connection of their own.
	reservedWrite, reservedRead *sql.DB

	// committed are the functions told of every committed transaction's events in this process
	// (OnCommit), in order, before the write returns.
	committed atomic.Pointer[[]func(squares.Event)]

	claims claimBatcher         // SQLite claims committed in groups
	sales  saleCache            // the pools of the SQLite claim writer (its goroutine only)
	ckpt   *sqlite.Checkpointer // SQLite checkpoints beside the writer

	passMu sync.Mutex
	passes map[string]chan struct{} // Exclusive's locks in this process (SQLite)
}

// New returns a store for the database at url; call Open before use.
func New(url string) *DB {
	return &DB{URL: url, Now: time.Now}
}

// Engine returns SQLite or Postgres.
func (db *DB) Engine() string { return db.engine }
