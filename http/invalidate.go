package http

import (
	"context"

	"github.com/squaresapp/squares"
)

// invalidate drops from the server's caches what an event says changed: a pool's snapshot, the
// snapshots of a game's pools (a pool shows its game's score), a user's sessions, or everything when
// events may have been missed.
func (s *Server) invalidate(e squares.Event) {
	switch e.Kind {
	case squares.EventPool:
		s.boards.drop(e.PoolID)
	case squares.EventGame:
		s.boards.dropGame(e.GameID)
	case squares.EventAccount:
		s.sessions.dropUser(e.UserID)
	case squares.EventResync:
		s.boards.flush()
		s.sessions.flush()
	}
}

// cacheEvents is the event bus as the store sees it once a server is made on it: Publish drops what the
// event changed from the server's caches, then passes it on. The store publishes after its commit and
// before the write returns, so no answer to a write leaves this process while a cache here still holds
// what it changed. Other instances drop theirs as the event reaches them (listenInvalidations).
type cacheEvents struct {
	next   squares.Events // the bus; nil when there is none
	server *Server
}

// Publish drops e's changes from the caches and passes e on.
func (c *cacheEvents) Publish(ctx context.Context, e squares.Event) error {
	c.server.invalidate(e)
	if c.next == nil {
		return nil
	}
	return c.next.Publish(ctx, e)
}

// Subscribe subscribes to the bus; without one, the channel only closes when ctx ends.
func (c *cacheEvents) Subscribe(ctx context.Context) <-chan squares.Event {
	if c.next != nil {
		return c.next.Subscribe(ctx)
	}
	ch := make(chan squares.Event)
	go func() {
		<-ctx.Done()
		close(ch)
	}()
	return ch
}

// routes reports whether the events pass through server's caches.
func (c *cacheEvents) routes(server *Server) bool {
	if c.server == server {
		return true
	}
	next, ok := c.next.(*cacheEvents)
	return ok && next.routes(server)
}

// tapStoreEvents routes the store's events through the server's caches (cacheEvents), unless they already
// are. NewServer calls it; Open calls it again for a bus set on the store after NewServer.
func (s *Server) tapStoreEvents() {
	if s.Store == nil {
		return
	}
	if c, ok := s.Store.Events.(*cacheEvents); ok && c.routes(s) {
		return
	}
	s.Store.Events = &cacheEvents{next: s.Store.Events, server: s}
}

// listenInvalidations drops from the caches what the events of every instance changed, as they arrive,
// until the channel closes. Events of this process were applied already as they were published; applying
// them again costs a rebuild at most.
func (s *Server) listenInvalidations(events <-chan squares.Event) {
	for e := range events {
		s.invalidate(e)
	}
}

// openInvalidations starts listening for the events of other instances on the server's bus (Events, or
// the one the store publishes to), stopped by Close.
func (s *Server) openInvalidations() {
	bus := s.Events
	if c, ok := s.Store.Events.(*cacheEvents); ok && bus == nil {
		bus = c.next
	}
	if bus == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.stopInvalidations = cancel
	go s.listenInvalidations(bus.Subscribe(ctx))
}
