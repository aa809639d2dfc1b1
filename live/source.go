package live

import (
	"context"

	"github.com/squaresapp/squares"
)

// Source is what the hub asks of the rest of the product: who may watch what, what a change looks like,
// and whether a session still stands. The hub decides none of it; it knows only connections and who
// watches what.
type Source interface {
	// WatchPool returns the game of pool id when viewer may watch the pool (a visitor is nil); an error's
	// message (squares.ErrorMessage) is sent to the browser.
	WatchPool(ctx context.Context, viewer *squares.User, poolID int64) (gameID int64, err error)
	// WatchGame returns an error when game id cannot be watched; its message is sent to the browser.
	WatchGame(ctx context.Context, gameID int64) error
	// PoolMessage is the poolUpdate message for a pool's change (e.Kind is squares.EventPool).
	PoolMessage(ctx context.Context, e squares.Event) ([]byte, error)
	// GameUpdate is the gameUpdate message for a game's score and state: it is sent to the game's watchers
	// and, within a poolUpdate, to the watchers of its pools.
	GameUpdate(ctx context.Context, gameID int64) (*GameUpdateMessage, error)
	// NotificationMessage is the notification message for a signed-in user.
	NotificationMessage(ctx context.Context, userID int64) ([]byte, error)
	// SessionEnded reports whether the session a connection was opened with no longer stands as it was.
	SessionEnded(ctx context.Context, v Viewer) bool
	// CheckText returns an error when a browser's JSON message holds text that is not text; its message
	// is sent to the browser.
	CheckText(msg []byte) error
}

// Viewer is who opened a connection: a visitor (User nil), or a signed-in user with their session.
type Viewer struct {
	User *squares.User
	// Session identifies the signed-in user's session to Source.SessionEnded, "" for a visitor.
	Session string
	// SecondFactor says the session passed the second factor, for Source.SessionEnded.
	SecondFactor bool
}
