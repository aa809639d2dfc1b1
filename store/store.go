// Package store keeps Squares' data in SQLite (embedded, the default) or PostgreSQL (production, several
// instances on one database). Both engines share the queries of this package; each has its own embedded,
// versioned migrations, applied when the store opens.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/internal/sqlite"
)

//go:embed migrations
var migrations embed.FS

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

// Migrate applies the engine's pending migrations. With PostgreSQL a session lock keeps instances that
// start together from migrating at once.
func (db *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations/"+db.engine)
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if db.engine == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, db.write, sub, opts...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
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

// Checkpoint copies what it can of the SQLite WAL into the database file without waiting for the writer or
// readers (PRAGMA wal_checkpoint(PASSIVE)). It returns the frames in the WAL and how many of them are in
// the database now. The store checkpoints in the background after commits; on PostgreSQL it does nothing.
func (db *DB) Checkpoint(ctx context.Context) (frames, copied int, err error) {
	if db.ckpt == nil {
		return 0, 0, nil
	}
	return db.ckpt.Checkpoint(ctx)
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

// OnCommit has fn called, in this process, with each event of every transaction that commits from now
// on, after the commit and before the write returns (and so before any answer to it leaves the process):
// caches drop what changed there. Events still reach other instances through Events.
func (db *DB) OnCommit(fn func(squares.Event)) {
	for {
		old := db.committed.Load()
		var fns []func(squares.Event)
		if old != nil {
			fns = append(fns, *old...)
		}
		fns = append(fns, fn)
		if db.committed.CompareAndSwap(old, &fns) {
			return
		}
	}
}

// TxPublisher is an event bus on a PostgreSQL database that sends events as part of a transaction
// (pubsub.Postgres: NOTIFY is transactional). When the store's Events is one on the store's own database,
// a transaction's events go out exactly when it commits: a server killed between its commit and a
// publish after it would lose them, and the other servers' browsers would never hear of the change.
type TxPublisher interface {
	squares.Events
	// PublishTx sends e when tx commits.
	PublishTx(ctx context.Context, tx *sql.Tx, e squares.Event) error
	// DatabaseURL is the database the events travel through.
	DatabaseURL() string
}

// Tx is a transaction with the time it runs at and the events it will publish once committed; for a read
// of one statement (single), the database itself.
type Tx struct {
	querier
	db     *DB
	now    time.Time
	events []squares.Event
}

// querier runs statements: a *sql.Tx, or the *sql.DB for a read of one statement.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// emit queues an event to publish after the transaction commits; a rolled-back change tells no one.
func (tx *Tx) emit(e squares.Event) {
	tx.events = append(tx.events, e)
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
	published := false
	if txp, ok := db.Events.(TxPublisher); ok && len(tx.events) > 0 && db.engine == Postgres && txp.DatabaseURL() == db.URL {
		for _, e := range tx.events {
			if err := txp.PublishTx(ctx, sqlTx, e); err != nil {
				sqlTx.Rollback()
				return fmt.Errorf("publish %s event: %w", e.Kind, err)
			}
		}
		published = true
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	if db.ckpt != nil && conn == db.write {
		db.ckpt.Wrote()
	}
	if fns := db.committed.Load(); fns != nil {
		for _, e := range tx.events {
			for _, fn := range *fns {
				fn(e)
			}
		}
	}
	if db.Events != nil && !published {
		for _, e := range tx.events {
			// The change is committed; a lost event only delays browsers until their next refetch.
			if err := db.Events.Publish(ctx, e); err != nil && db.Logger != nil {
				db.Logger.Warn("publish event", "kind", e.Kind, "pool", e.PoolID, "game", e.GameID, "err", err)
			}
		}
	}
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

// isUniqueViolation reports whether err is a unique-constraint failure on either engine.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	return sqlite.IsUniqueViolation(err)
}

// isForeignKeyViolation reports whether err is a foreign-key failure on either engine.
func isForeignKeyViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23503"
	}
	return sqlite.IsForeignKeyViolation(err)
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface {
	Scan(dest ...any) error
}

// queryAll runs a query and reads every row with scan.
func queryAll[T any](ctx context.Context, tx *Tx, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// notFound wraps sql.ErrNoRows into the domain's not-found error.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return squares.Errorf(squares.ENOTFOUND, "%s not found.", what)
	}
	return err
}

// nullTime converts a nullable time.
func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

func timeArg(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

func nullInt(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

func intArg(p *int) any {
	if p == nil {
		return nil
	}
	return int64(*p)
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}
