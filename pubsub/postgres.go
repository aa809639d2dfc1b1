package pubsub

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/squaresapp/squares"
)

// Channel is the PostgreSQL notification channel events travel on.
const Channel = "squares_events"

// Postgres shares events between instances through PostgreSQL LISTEN/NOTIFY: Publish (or PublishTx, within
// the transaction that made the change) sends a NOTIFY with the event's ids (far below the 8000-byte payload limit), and every instance, this one included, hears
// it on a dedicated listening connection and hands it to its local subscribers.
type Postgres struct {
	URL    string
	Logger *slog.Logger

	local  *Local
	pool   *pgxpool.Pool
	cancel context.CancelFunc
	done   chan struct{}
	ready  chan struct{}
	once   sync.Once
}

// NewPostgres returns an event bus on the PostgreSQL database at url; call Open before use.
func NewPostgres(url string, logger *slog.Logger) *Postgres {
	return &Postgres{URL: url, Logger: logger, local: NewLocal(logger), done: make(chan struct{}), ready: make(chan struct{})}
}

// Open connects and starts listening; it returns once the first LISTEN is in place.
func (p *Postgres) Open(ctx context.Context) error {
	cfg, err := pgxpool.ParseConfig(p.URL)
	if err != nil {
		return fmt.Errorf("pubsub: %w", err)
	}
	cfg.MaxConns = 4
	if p.pool, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return fmt.Errorf("pubsub: %w", err)
	}
	runCtx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	go p.listen(runCtx)
	select {
	case <-p.ready:
		return nil
	case <-ctx.Done():
		p.Close()
		return ctx.Err()
	case <-time.After(15 * time.Second):
		p.Close()
		return errors.New("pubsub: could not LISTEN within 15 s")
	}
}

// Close stops listening.
func (p *Postgres) Close() error {
	if p.cancel != nil {
		p.cancel()
		<-p.done
	}
	if p.pool != nil {
		p.pool.Close()
	}
	return nil
}

// Publish sends e to every instance.
func (p *Postgres) Publish(ctx context.Context, e squares.Event) error {
	payload, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if _, err := p.pool.Exec(ctx, notifySQL, Channel, string(payload)); err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	return nil
}

// notifySQL sends a notification of the channel ($1) with the event's JSON ($2).
const notifySQL = "SELECT pg_notify($1, $2)"

// PublishTx sends e to every instance when tx, a transaction on the same database, commits (NOTIFY is
// transactional), and not at all if it rolls back. The store publishes a transaction's events so
// (store.TxPublisher), so that a server that dies just after a commit loses none.
func (p *Postgres) PublishTx(ctx context.Context, tx *sql.Tx, e squares.Event) error {
	query, args, err := p.Notification(e)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, query, args...); err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	return nil
}

// Notification is the statement, with its arguments, that PublishTx runs to send e: for a transaction
// that sends its statements together (the store's PostgreSQL claim, in one pgx batch with its commit).
func (p *Postgres) Notification(e squares.Event) (string, []any, error) {
	payload, err := json.Marshal(e)
	if err != nil {
		return "", nil, err
	}
	return notifySQL, []any{Channel, string(payload)}, nil
}

// notifyManySQL sends a notification of the channel ($1) for each event's JSON ($2), in their order.
const notifyManySQL = "SELECT pg_notify($1, n.payload) FROM unnest($2::text[]) WITH ORDINALITY AS n(payload, i) ORDER BY n.i"

// Notifications is the statement, with its arguments, that sends every event of events (Notification's,
// one statement for them all): for the store's PostgreSQL batch of claims.
func (p *Postgres) Notifications(events []squares.Event) (string, []any, error) {
	payloads := make([]string, len(events))
	for i, e := range events {
		payload, err := json.Marshal(e)
		if err != nil {
			return "", nil, err
		}
		payloads[i] = string(payload)
	}
	return notifyManySQL, []any{Channel, payloads}, nil
}

// DatabaseURL is the database the bus listens on.
func (p *Postgres) DatabaseURL() string { return p.URL }

// Subscribe returns this instance's channel of events from every instance.
func (p *Postgres) Subscribe(ctx context.Context) <-chan squares.Event {
	return p.local.Subscribe(ctx)
}

// listen holds a connection in LISTEN and forwards notifications, reconnecting with backoff when the
// connection is lost (a PostgreSQL restart, a network fault). Events sent while it was away are missed, so
// once it listens again it delivers squares.EventResync to this instance's subscribers, which re-read what
// they show.
func (p *Postgres) listen(ctx context.Context) {
	defer close(p.done)
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		listened, err := p.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		if listened {
			backoff = 100 * time.Millisecond
		}
		p.Logger.Warn("pubsub: listener lost, reconnecting", "err", err, "in", backoff)
		select {
		case <-time.After(backoff):
		case <-ctx.Done():
			return
		}
		backoff = min(backoff*2, 2*time.Second)
	}
}

// listenOnce listens on one connection until it fails; listened reports that LISTEN was in place.
func (p *Postgres) listenOnce(ctx context.Context) (listened bool, err error) {
	pooled, err := p.pool.Acquire(ctx)
	if err != nil {
		return false, err
	}
	// A listening connection is taken out of the pool for good: it never goes back in that state.
	conn := pooled.Hijack()
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{Channel}.Sanitize()); err != nil {
		return false, err
	}
	first := false
	p.once.Do(func() { close(p.ready); first = true })
	if !first {
		p.Logger.Info("pubsub: listening again; subscribers resync")
		p.local.Publish(ctx, squares.Event{Kind: squares.EventResync})
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true, err
		}
		var e squares.Event
		if err := json.Unmarshal([]byte(n.Payload), &e); err != nil {
			p.Logger.Warn("pubsub: bad payload", "payload", n.Payload, "err", err)
			continue
		}
		p.local.Publish(ctx, e)
	}
}
