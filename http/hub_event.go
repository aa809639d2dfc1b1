package http

import (
	"github.com/gobwas/ws"

	"github.com/squaresapp/squares"
)

// handle turns an event into messages: the database is read once per event, whatever the number of
// watchers, and nothing is read when no one here watches.
func (h *hub) handle(e squares.Event) {
	switch e.Kind {
	case squares.EventAccount:
		// One of the user's sessions ended or their account changed: each socket whose session is gone, or
		// whose user is no longer what it was (demoted, disabled), closes, and the browser's reconnect (any
		// close but 1000 retries) binds whatever session it has now. Sockets of the user's other sessions,
		// still valid, stay open. Checked off the hub's goroutine: the store is read.
		conns := h.watchers(h.users, e.UserID)
		if len(conns) == 0 {
			return
		}
		h.done.Add(1)
		go func() {
			defer h.done.Done()
			for _, c := range conns {
				if h.sessionEnded(c) {
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
		ns, err := h.store.ListNotifications(h.ctx, e.UserID, true)
		if err != nil {
			h.logger.Warn("live update", "user", e.UserID, "err", err)
			return
		}
		unread, err := h.store.CountUnreadNotifications(h.ctx, e.UserID)
		if err != nil {
			h.logger.Warn("live update", "user", e.UserID, "err", err)
			return
		}
		msg := mustJSON(NotificationMessage{Type: "notification", Notifications: toNotificationsJSON(ns),
			UnreadCount: unread})
		h.fanout(h.watchers(h.users, e.UserID), msg)
	case squares.EventPool:
		if !h.watched(h.pools, e.PoolID) {
			return
		}
		msg, err := h.poolMessage(e)
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
		g, err := h.store.FindGame(h.ctx, e.GameID)
		if err != nil {
			h.logger.Warn("live update", "game", e.GameID, "err", err)
			return
		}
		update := gameUpdate(g)
		h.fanout(h.watchers(h.games, e.GameID), mustJSON(update))
		for _, p := range pools {
			msg := mustJSON(PoolUpdateMessage{Type: "poolUpdate", PoolID: p, GameUpdate: &update})
			h.fanout(h.watchers(h.pools, p), msg)
		}
	}
}

// resync sends every watched game and pool afresh, as if each had changed, after events may have been
// missed: each game's update to its watchers and to those of its pools, and each pool whole, every
// square of the grid either in "squares" or in "released", so that a browser's board ends up as the
// database has it.
func (h *hub) resync() {
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

// poolMessage describes a pool's change: its state now and the squares that changed hands.
func (h *hub) poolMessage(e squares.Event) ([]byte, error) {
	if len(e.Cells) == 0 {
		p, err := h.store.FindPool(h.ctx, e.PoolID, 0)
		if err != nil {
			return nil, err
		}
		pool := toPoolJSON(p, nil)
		return mustJSON(PoolUpdateMessage{Type: "poolUpdate", PoolID: p.ID, Pool: &pool}), nil
	}
	// The pool and its squares in one read, so that the squares agree with the pool's counts.
	p, sqs, err := h.store.FindBoard(h.ctx, e.PoolID)
	if err != nil {
		return nil, err
	}
	owned := map[squares.Cell]*squares.Square{}
	for _, sq := range sqs {
		owned[squares.Cell{Row: sq.Row, Column: sq.Column}] = sq
	}
	changed := []Square{}
	released := []squares.Cell{}
	for _, c := range e.Cells {
		if sq, ok := owned[c]; ok {
			changed = append(changed, toSquareJSON(sq))
		} else {
			released = append(released, c)
		}
	}
	pool := toPoolJSON(p, nil)
	return mustJSON(PoolUpdateMessage{Type: "poolUpdate", PoolID: p.ID, Pool: &pool,
		Squares: changed, Released: released}), nil
}

// gameUpdate is the message for a game's score and state.
func gameUpdate(g *squares.Game) GameUpdateMessage {
	return GameUpdateMessage{Type: "gameUpdate", GameID: g.ID, HomeScore: g.HomeScore, AwayScore: g.AwayScore,
		Quarter: g.Quarter, Status: g.Status, Game: toGameJSON(g)}
}

// sessionEnded reports whether a signed-in connection's session no longer stands as it was opened: gone,
// expired, its user disabled or given another role, or an admin's powers come or gone with two-factor
// sign-in (sessionUser). A store that cannot answer counts as ended: the browser reconnects and is asked
// again.
func (h *hub) sessionEnded(c *wsConn) bool {
	if c.session == "" || c.user == nil {
		return true
	}
	sess, err := h.store.FindSession(h.ctx, c.session)
	if err != nil {
		return true
	}
	u := sessionUser(sess, c.secondFactor, h.requireSecondFactor)
	return u.Role != c.user.Role || u.IsAdmin() != c.user.IsAdmin()
}
