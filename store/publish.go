package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/squaresapp/squares"
)

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

// TxNotifier is a TxPublisher that also gives the statement sending an event, for a transaction that sends
// its statements together with its commit (a PostgreSQL claim: claimPostgres).
type TxNotifier interface {
	TxPublisher
	// Notification is the statement, with its arguments, that sends e when its transaction commits.
	Notification(e squares.Event) (query string, args []any, err error)
	// Notifications is the statement, with its arguments, that sends each of events, in their order, when
	// its transaction commits.
	Notifications(events []squares.Event) (query string, args []any, err error)
}

// txNotifier returns the store's Events as a TxNotifier when it sends events within the store's own
// PostgreSQL transactions (publishInTx), nil otherwise.
func (db *DB) txNotifier() TxNotifier {
	txn, ok := db.Events.(TxNotifier)
	if !ok || db.engine != Postgres || txn.DatabaseURL() != db.URL {
		return nil
	}
	return txn
}

// emit queues an event to publish after the transaction commits; a rolled-back change tells no one.
func (tx *Tx) emit(e squares.Event) {
	tx.events = append(tx.events, e)
}

// publishInTx sends a transaction's events as part of it when the store's Events is a TxPublisher on the
// store's own PostgreSQL database, and reports whether it did.
func (db *DB) publishInTx(ctx context.Context, sqlTx *sql.Tx, events []squares.Event) (bool, error) {
	txp, ok := db.Events.(TxPublisher)
	if !ok || len(events) == 0 || db.engine != Postgres || txp.DatabaseURL() != db.URL {
		return false, nil
	}
	for _, e := range events {
		if err := txp.PublishTx(ctx, sqlTx, e); err != nil {
			return false, fmt.Errorf("publish %s event: %w", e.Kind, err)
		}
	}
	return true, nil
}

// committedEvents tells the OnCommit functions of a committed transaction's events, then publishes them
// on Events unless publishInTx already sent them.
func (db *DB) committedEvents(ctx context.Context, events []squares.Event, published bool) {
	if fns := db.committed.Load(); fns != nil {
		for _, e := range events {
			for _, fn := range *fns {
				fn(e)
			}
		}
	}
	if db.Events != nil && !published {
		for _, e := range events {
			// The change is committed; a lost event only delays browsers until their next refetch.
			if err := db.Events.Publish(ctx, e); err != nil && db.Logger != nil {
				db.Logger.Warn("publish event", "kind", e.Kind, "pool", e.PoolID, "game", e.GameID, "err", err)
			}
		}
	}
}
