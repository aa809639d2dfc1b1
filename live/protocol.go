package live

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strconv"

	"github.com/squaresapp/squares"
)

// wsMessage is what browsers send.
type wsMessage struct {
	Type   string  `json:"type"`
	PoolID flexInt `json:"poolId"`
	GameID flexInt `json:"gameId"`
}

// handleMessageApart handles one message on a short-lived goroutine and waits for it. Decoding JSON
// and reading the database (modernc SQLite runs deep) grow a goroutine's stack to tens of KiB, and a
// grown stack would stay with the long-lived reader of an idle connection; this one is freed at once.
// A panic is logged as an internal error and ends the connection, as it did in the handler.
func (h *Hub) handleMessageApart(ctx context.Context, c *wsConn, data []byte) (ok bool) {
	done := make(chan bool, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				h.logger.Error("internal error", "method", http.MethodGet, "path", "/ws", "err", fmt.Errorf("panic: %v", v))
				done <- false
			}
		}()
		h.handleMessage(ctx, c, data)
		done <- true
	}()
	return <-done
}

func (h *Hub) handleMessage(ctx context.Context, c *wsConn, data []byte) {
	if json.Valid(data) {
		if err := h.src.CheckText(data); err != nil {
			c.send(h, wsError("Messages must be text: "+squares.ErrorMessage(err)))
			return
		}
	}
	var m wsMessage
	if err := json.Unmarshal(data, &m); err != nil {
		c.send(h, wsError("Messages must be JSON objects with a type."))
		return
	}
	switch m.Type {
	case "subscribe":
		if m.PoolID <= 0 {
			c.send(h, wsError("subscribe needs a poolId."))
			return
		}
		gameID, err := h.src.WatchPool(ctx, c.viewer.User, int64(m.PoolID))
		if err != nil {
			c.send(h, wsError(squares.ErrorMessage(err)))
			return
		}
		if !h.subscribePool(c, int64(m.PoolID), gameID) {
			c.send(h, wsError("Too many subscriptions on one connection."))
			return
		}
		c.send(h, mustJSON(PoolSubscription{Type: "subscribed", PoolID: int64(m.PoolID)}))
	case "unsubscribe":
		h.unsubscribePool(c, int64(m.PoolID))
		c.send(h, mustJSON(PoolSubscription{Type: "unsubscribed", PoolID: int64(m.PoolID)}))
	case "subscribeToGame":
		if m.GameID <= 0 {
			c.send(h, wsError("subscribeToGame needs a gameId."))
			return
		}
		if err := h.src.WatchGame(ctx, int64(m.GameID)); err != nil {
			c.send(h, wsError(squares.ErrorMessage(err)))
			return
		}
		if !h.subscribeGame(c, int64(m.GameID)) {
			c.send(h, wsError("Too many subscriptions on one connection."))
			return
		}
		c.send(h, mustJSON(GameSubscription{Type: "subscribed", GameID: int64(m.GameID)}))
	case "unsubscribeFromGame":
		h.unsubscribeGame(c, int64(m.GameID))
	case "ping":
		c.send(h, mustJSON(PongMessage{Type: "pong"}))
	default:
		c.send(h, wsError("Unknown message type."))
	}
}

func wsError(message string) []byte {
	return mustJSON(ErrorMessage{Type: "error", Message: message})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// flexInt is a JSON integer that may also arrive as a string of digits ("7"), as older clients send ids
// (as http's flexInt).
type flexInt int64

func (n *flexInt) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		return nil
	}
	if len(s) >= 2 && s[0] == '"' {
		s = s[1 : len(s)-1]
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "string " + string(b), Type: reflect.TypeFor[int64]()}
	}
	*n = flexInt(v)
	return nil
}
