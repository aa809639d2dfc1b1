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

// tapStoreEvents has the store tell the server's caches of every change it commits in this process
// (store.DB.OnCommit), before the write returns: no answer to a write leaves this process while a cache
// here still holds what it changed. Other instances drop theirs as the event reaches them
// (listenInvalidations). NewServer calls it once.
func (s *Server) tapStoreEvents() {
	if s.Store != nil {
		s.Store.OnCommit(s.invalidate)
	}
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
	if bus == nil && s.Store != nil {
		bus = s.Store.Events
	}
	if bus == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.stopInvalidations = cancel
	go s.listenInvalidations(bus.Subscribe(ctx))
}
