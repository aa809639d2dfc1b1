package live

import "github.com/squaresapp/squares"

// The messages the websocket sends. Each names itself in its type; the web app reads them as one union
// (LiveMessage, generated with the API's shapes). The hub builds the protocol's answers (subscribed,
// unsubscribed, pong, error) and a pool's game update; the Source builds the messages of a change. What
// those hold of the API (a pool, its squares, a game, notifications) is the Source's to shape, so it is
// held here as a value to encode, and its TypeScript (the API's Pool, Square, Game, UserNotification) is
// named in the member's tstype tag.

// PoolUpdateMessage is a pool's change: the pool now, with the squares that changed hands (taken ones in
// squares, freed ones in released) when squares did; or its game's update.
//
//tygo:emit export type LiveMessage = PoolUpdateMessage | GameUpdateMessage | NotificationMessage | PoolSubscription | GameSubscription | PongMessage | ErrorMessage;
type PoolUpdateMessage struct {
	GameUpdate *GameUpdateMessage `json:"gameUpdate,omitempty" tstype:"GameUpdateMessage | undefined"`
	// Pool is the API's pool.
	Pool     any            `json:"pool,omitempty" tstype:"Pool | undefined"`
	PoolID   int64          `json:"poolId"`
	Released []squares.Cell `json:"released,omitzero" tstype:"Cell[] | undefined"`
	// Squares are the API's squares.
	Squares any    `json:"squares,omitzero" tstype:"Square[] | undefined"`
	Type    string `json:"type" tstype:"'poolUpdate'"`
}

// GameUpdateMessage is a game's score and state.
type GameUpdateMessage struct {
	AwayScore *int `json:"awayScore"`
	// Game is the API's game (null for none).
	Game      any    `json:"game" tstype:"Game | null"`
	GameID    int64  `json:"gameId"`
	HomeScore *int   `json:"homeScore"`
	Quarter   int    `json:"quarter"`
	Status    string `json:"status"`
	Type      string `json:"type" tstype:"'gameUpdate'"`
}

// NotificationMessage is a user's unread notifications, sent when they change.
type NotificationMessage struct {
	// Notifications are the API's notifications of the user.
	Notifications any    `json:"notifications" tstype:"UserNotification[]"`
	Type          string `json:"type" tstype:"'notification'"`
	UnreadCount   int    `json:"unreadCount"`
}

// PoolSubscription answers a subscription to a pool (subscribed) or its end (unsubscribed).
type PoolSubscription struct {
	PoolID int64  `json:"poolId"`
	Type   string `json:"type" tstype:"'subscribed' | 'unsubscribed'"`
}

// GameSubscription answers a subscription to a game.
type GameSubscription struct {
	GameID int64  `json:"gameId"`
	Type   string `json:"type" tstype:"'subscribed'"`
}

// PongMessage answers a ping.
type PongMessage struct {
	Type string `json:"type" tstype:"'pong'"`
}

// ErrorMessage is a request the websocket refused, and why.
type ErrorMessage struct {
	Message string `json:"message"`
	Type    string `json:"type" tstype:"'error'"`
}
