package http

import (
	"context"
	"encoding/json"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/live"
)

// liveSource answers the live updates' hub (live.Source) from the store, with the API's rules and shapes.
type liveSource struct{ s *Server }

func (l liveSource) WatchPool(ctx context.Context, viewer *squares.User, poolID int64) (int64, error) {
	p, err := l.s.Store.FindPool(ctx, poolID, 0)
	if err != nil {
		return 0, err
	}
	if err := l.s.checkVisible(ctx, viewer, p.Pool); err != nil { // who may open the pool may watch it
		return 0, err
	}
	return p.GameID, nil
}

func (l liveSource) WatchGame(ctx context.Context, gameID int64) error {
	_, err := l.s.Store.FindGame(ctx, gameID)
	return err
}

// PoolMessage describes a pool's change: its state now and the squares that changed hands.
func (l liveSource) PoolMessage(ctx context.Context, e squares.Event) ([]byte, error) {
	if len(e.Cells) == 0 {
		p, err := l.s.Store.FindPool(ctx, e.PoolID, 0)
		if err != nil {
			return nil, err
		}
		return mustJSON(live.PoolUpdateMessage{Type: "poolUpdate", PoolID: p.ID, Pool: toPoolJSON(p, nil)}), nil
	}
	// The pool and its squares in one read, so that the squares agree with the pool's counts.
	p, sqs, err := l.s.Store.FindBoard(ctx, e.PoolID)
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
	return mustJSON(live.PoolUpdateMessage{Type: "poolUpdate", PoolID: p.ID, Pool: toPoolJSON(p, nil),
		Squares: changed, Released: released}), nil
}

// GameUpdate is the message for a game's score and state.
func (l liveSource) GameUpdate(ctx context.Context, gameID int64) (*live.GameUpdateMessage, error) {
	g, err := l.s.Store.FindGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	return &live.GameUpdateMessage{Type: "gameUpdate", GameID: g.ID, HomeScore: g.HomeScore, AwayScore: g.AwayScore,
		Quarter: g.Quarter, Status: g.Status, Game: toGameJSON(g)}, nil
}

// NotificationMessage is a user's latest notifications and unread count.
func (l liveSource) NotificationMessage(ctx context.Context, userID int64) ([]byte, error) {
	ns, err := l.s.Store.ListNotifications(ctx, userID, true)
	if err != nil {
		return nil, err
	}
	unread, err := l.s.Store.CountUnreadNotifications(ctx, userID)
	if err != nil {
		return nil, err
	}
	return mustJSON(live.NotificationMessage{Type: "notification", Notifications: toNotificationsJSON(ns),
		UnreadCount: unread}), nil
}

// SessionEnded reports whether a signed-in connection's session no longer stands as it was opened: gone,
// expired, its user disabled or given another role, or an admin's powers come or gone with two-factor
// sign-in (sessionUser). A store that cannot answer counts as ended: the browser reconnects and is asked
// again.
func (l liveSource) SessionEnded(ctx context.Context, v live.Viewer) bool {
	if v.Session == "" || v.User == nil {
		return true
	}
	sess, err := l.s.Store.FindSession(ctx, v.Session)
	if err != nil {
		return true
	}
	u := sessionUser(sess, v.SecondFactor, l.s.Config.AdminTwoFactor)
	return u.Role != v.User.Role || u.IsAdmin() != v.User.IsAdmin()
}

// CheckText applies the rules of text from outside to a browser's message.
func (l liveSource) CheckText(msg []byte) error { return checkJSONText(msg, nil) }

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
