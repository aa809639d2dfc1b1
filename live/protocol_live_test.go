package live

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

// TestSubscribeProtocol walks the messages a browser sends and the hub's answers, with the Source's
// refusals passed on in its words, and a watched pool's and game's updates reaching the socket.
func TestSubscribeProtocol(t *testing.T) {
	env := startStress(t, time.Hour, time.Hour)
	c, err := env.dial("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ask := func(msg string) map[string]any {
		t.Helper()
		if err := write(ctx, c, msg); err != nil {
			t.Fatal(err)
		}
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("%s: %v", msg, err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: answer %s: %v", msg, data, err)
		}
		return m
	}
	open, draft, game := env.pools[0], env.drafts[0], env.gameOf[env.pools[0]]
	for _, tc := range []struct {
		send string
		want map[string]any
	}{
		{`{"type":"ping"}`, map[string]any{"type": "pong"}},
		{`not json`, map[string]any{"type": "error", "message": "Messages must be JSON objects with a type."}},
		{`{"type":"ping","note":"\u0000"}`, map[string]any{"type": "error", "message": "Messages must be text: Text must not hold control characters."}},
		{`{"type":"dance"}`, map[string]any{"type": "error", "message": "Unknown message type."}},
		{`{"type":"subscribe"}`, map[string]any{"type": "error", "message": "subscribe needs a poolId."}},
		{fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, draft), map[string]any{"type": "error", "message": "Pool not found."}},
		{`{"type":"subscribeToGame","gameId":0}`, map[string]any{"type": "error", "message": "subscribeToGame needs a gameId."}},
		{`{"type":"subscribeToGame","gameId":99}`, map[string]any{"type": "error", "message": "Game not found."}},
		{fmt.Sprintf(`{"type":"subscribe","poolId":"%d"}`, open), map[string]any{"type": "subscribed", "poolId": float64(open)}},
		{fmt.Sprintf(`{"type":"subscribeToGame","gameId":%d}`, game), map[string]any{"type": "subscribed", "gameId": float64(game)}},
		{fmt.Sprintf(`{"type":"unsubscribe","poolId":%d}`, open), map[string]any{"type": "unsubscribed", "poolId": float64(open)}},
	} {
		got := ask(tc.send)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.send, got, tc.want)
		}
	}
	if n := env.hub.size(); n.conns != 1 || n.games != 1 || n.pools != 0 || n.connGames != 1 || n.connPools != 0 {
		t.Fatalf("the hub holds %+v, want the one connection watching one game", n)
	}

	// The watched game's update reaches the socket as the Source gives it.
	env.events.Publish(ctx, squares.Event{Kind: squares.EventGame, GameID: game})
	_, data, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(data, &m)
	if m["type"] != "gameUpdate" || m["gameId"] != float64(game) || m["homeScore"] != float64(7) {
		t.Fatalf("game update: %s", data)
	}
}
