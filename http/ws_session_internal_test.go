package http

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestWebsocketAccountEventClosesTheUsersSockets: an account event the store publishes (a sign-out, a
// disabled account) closes every socket of that user's ended session, and only those: the store's
// answers reach the hub through liveSource. (The hub's own side, its maps included, is tested in live.)
func TestWebsocketAccountEventClosesTheUsersSockets(t *testing.T) {
	ctx := context.Background()
	logger := slog.New(slog.DiscardHandler)
	db := storetest.Open(t, store.SQLite)
	events := pubsub.NewLocal(logger)
	db.Events = events
	srv := NewServer(Config{Addr: "127.0.0.1:0", Dev: true}, db, logger)
	srv.Events = events
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
	wsURL := "ws://" + srv.Addr() + "/ws"
	var users []int64
	session := func(id int64) string {
		b := make([]byte, 32)
		rand.Read(b)
		token := base64.RawURLEncoding.EncodeToString(b)
		if err := db.CreateSession(ctx, &store.Session{TokenHash: hashToken(token), UserID: id,
			ExpiresAt: time.Now().Add(time.Hour)}, ""); err != nil {
			t.Fatal(err)
		}
		return srv.cookieName() + "=" + token
	}
	var cookies []string
	for i := range 2 {
		u := &squares.User{Email: fmt.Sprintf("account%d@example.com", i), PasswordHash: "-", FirstName: "Pat", LastName: "Lee"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		users = append(users, u.ID)
		cookies = append(cookies, session(u.ID))
	}
	dial := func(cookie string) *websocket.Conn {
		t.Helper()
		opts := &websocket.DialOptions{HTTPHeader: map[string][]string{}}
		if cookie != "" {
			opts.HTTPHeader.Set("Cookie", cookie)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, _, err := websocket.Dial(ctx, wsURL, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.CloseNow() })
		// A ping answered means the server has registered the connection.
		c.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`))
		if _, data, err := c.Read(ctx); err != nil || !strings.Contains(string(data), `"pong"`) {
			t.Fatalf("first answer: %s, %v", data, err)
		}
		return c
	}
	// A second session of the same user, say on another device, that stays signed in.
	other := session(users[0])
	mine := []*websocket.Conn{dial(cookies[0]), dial(cookies[0])}
	others := []*websocket.Conn{dial(cookies[1]), dial(""), dial(other)}

	// The first session ends: the store publishes EventAccount.
	token := strings.TrimPrefix(cookies[0], srv.cookieName()+"=")
	if err := db.DeleteSession(ctx, hashToken(token)); err != nil {
		t.Fatal(err)
	}
	for i, c := range mine {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, _, err := c.Read(ctx)
		cancel()
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || ce.Reason != "session ended" {
			t.Fatalf("the user's socket %d: %v, want a close with policy violation, session ended", i, err)
		}
	}
	for i, c := range others {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`))
		_, data, err := c.Read(ctx)
		cancel()
		if err != nil || !strings.Contains(string(data), `"pong"`) {
			t.Fatalf("another socket %d after the event: %s, %v", i, data, err)
		}
	}
	if n := srv.live.Count(); n != 3 {
		t.Fatalf("after the event the hub holds %d connections, want 3", n)
	}

	// Disabling the user ends the other session too.
	disabled := true
	if _, err := db.UpdateUser(ctx, users[0], squares.UserUpdate{Disabled: &disabled}); err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, _, err := others[2].Read(rctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("the disabled user's other socket: %v, want a close with policy violation", err)
	}
}
