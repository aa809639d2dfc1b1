// Package pubsub carries events between the parts of Squares: within one process (Local), or between
// instances sharing a PostgreSQL database through LISTEN/NOTIFY (Postgres).
package pubsub

import (
	"context"
	"log/slog"
	"sync"

	"github.com/squaresapp/squares"
)

// subscriberBuffer is how many events a subscriber may fall behind before events to it are dropped.
const subscriberBuffer = 4096

// Local delivers events to the subscribers of this process.
type Local struct {
	Logger *slog.Logger

	mu   sync.Mutex
	subs map[chan squares.Event]struct{}
}

// NewLocal returns an in-process event bus.
func NewLocal(logger *slog.Logger) *Local {
	return &Local{Logger: logger, subs: map[chan squares.Event]struct{}{}}
}

// Publish delivers e to every subscriber without waiting: a subscriber whose buffer is full misses it
// (and the loss is logged), so one stuck reader never stalls the publisher.
func (l *Local) Publish(_ context.Context, e squares.Event) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	for ch := range l.subs {
		select {
		case ch <- e:
		default:
			l.Logger.Warn("event dropped: subscriber is behind", "kind", e.Kind, "pool", e.PoolID, "game", e.GameID)
		}
	}
	return nil
}

// Subscribe returns a channel of events that is closed when ctx ends.
func (l *Local) Subscribe(ctx context.Context) <-chan squares.Event {
	ch := make(chan squares.Event, subscriberBuffer)
	l.mu.Lock()
	l.subs[ch] = struct{}{}
	l.mu.Unlock()
	go func() {
		<-ctx.Done()
		l.mu.Lock()
		delete(l.subs, ch)
		close(ch)
		l.mu.Unlock()
	}()
	return ch
}
