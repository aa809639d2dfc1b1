package live

import (
	"github.com/gobwas/ws"

	"github.com/squaresapp/squares"
)

// handle turns an event into messages: the Source (the database) is asked once per event, whatever the
// number of watchers, and not at all when no one here watches.
func (h *Hub) handle(e squares.Event) {
	switch e.Kind {
	case squares.EventAccount:
		// One of the user's sessions ended or their account changed: each socket whose session is gone, or
		// whose user is no longer what it was (demoted, disabled), closes, and the browser's reconnect (any
		// close but 1000 retries) binds whatever session it has now. Sockets of the user's other sessions,
		// still valid, stay open. Checked off the hub's goroutine: the Source reads the store.
		conns := h.watchers(h.users, e.UserID)
		if len(conns) == 0 {
			return
		}
		h.done.Add(1)
		go func() {
			defer h.done.Done()
			for _, c := range conns {
				if h.src.SessionEnded(h.ctx, c.viewer) {
					h.drop(c, ws.StatusPolicyViolation, "session ended")
				}
			}
		}()
	case squares.EventResync:
		h.resync()
	case squares.EventUser:
		if !h.watched(h.users, e.UserID) {
			return
		}
		msg, err := h.src.NotificationMessage(h.ctx, e.UserID)
		if err != nil {
			h.logger.Warn("live update", "user", e.UserID, "err", err)
			return
		}
		h.fanout(h.watchers(h.users, e.UserID), msg)
	case squares.EventPool:
		if !h.watched(h.pools, e.PoolID) {
			return
		}
		msg, err := h.src.PoolMessage(h.ctx, e)
		if err != nil {
			h.logger.Warn("live update", "pool", e.PoolID, "err", err)
			return
		}
		h.fanout(h.watchers(h.pools, e.PoolID), msg)
	case squares.EventGame:
		h.mu.RLock()
		var pools []int64
		for p, g := range h.poolGame {
			if g == e.GameID {
				pools = append(pools, p)
			}
		}
		watched := len(h.games[e.GameID]) > 0
		h.mu.RUnlock()
		if !watched && len(pools) == 0 {
			return
		}
		update, err := h.src.GameUpdate(h.ctx, e.GameID)
		if err != nil {
			h.logger.Warn("live update", "game", e.GameID, "err", err)
			return
		}
		h.fanout(h.watchers(h.games, e.GameID), mustJSON(update))
		for _, p := range pools {
			msg := mustJSON(PoolUpdateMessage{Type: "poolUpdate", PoolID: p, GameUpdate: update})
			h.fanout(h.watchers(h.pools, p), msg)
		}
	}
}

// resync sends every watched game and pool afresh, as if each had changed, after events may have been
// missed: each game's update to its watchers and to those of its pools, and each pool whole, every
// square of the grid either in "squares" or in "released", so that a browser's board ends up as the
// database has it.
func (h *Hub) resync() {
	h.mu.RLock()
	games := map[int64]struct{}{}
	for id := range h.games {
		games[id] = struct{}{}
	}
	pools := make([]int64, 0, len(h.pools))
	for id := range h.pools {
		pools = append(pools, id)
		if g := h.poolGame[id]; g != 0 {
			games[g] = struct{}{}
		}
	}
	h.mu.RUnlock()
	for id := range games {
		h.handle(squares.Event{Kind: squares.EventGame, GameID: id})
	}
	for _, id := range pools {
		h.handle(squares.Event{Kind: squares.EventPool, PoolID: id, Cells: wsGrid})
	}
}

// wsGrid is every cell of a pool's grid.
var wsGrid = func() []squares.Cell {
	cells := make([]squares.Cell, 0, squares.SquaresPerPool)
	for r := range squares.GridSize {
		for c := range squares.GridSize {
			cells = append(cells, squares.Cell{Row: r, Column: c})
		}
	}
	return cells
}()
