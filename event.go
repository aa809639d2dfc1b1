package squares

import "context"

// Event kinds.
const (
	EventPool = "pool" // a pool changed: squares taken or released, status, numbers
	EventGame = "game" // a game changed: score, quarter, status
	EventUser = "user" // a player has a new notification
	// EventAccount: a user's sessions ended or their account changed (signed out, demoted, disabled); every
	// instance forgets the sessions it cached for them and closes their live connections.
	EventAccount = "account"
	// EventResync: events may have been missed (this instance's PostgreSQL listener reconnected). It is
	// delivered to this instance only: caches are flushed and every watched pool and game is sent afresh.
	EventResync = "resync"
)

// Event tells every instance that something changed, so each can push it to the browsers watching. It
// carries ids only; receivers read the current state from the database.
type Event struct {
	Kind   string `json:"k"`
	PoolID int64  `json:"p,omitempty"`
	GameID int64  `json:"g,omitempty"`
	UserID int64  `json:"u,omitempty"`
	// Cells are the squares of a pool event that changed hands.
	Cells []Cell `json:"c,omitempty"`
}

// Events carries events between the instances of the product: in one process, or through PostgreSQL
// LISTEN/NOTIFY between processes.
type Events interface {
	// Publish sends an event to every subscriber of every instance, this one included.
	Publish(ctx context.Context, e Event) error
	// Subscribe returns a channel of events that stays open until ctx ends.
	Subscribe(ctx context.Context) <-chan Event
}
