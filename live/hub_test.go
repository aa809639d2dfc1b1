package live

import (
	"context"
	"errors"
	mathrand "math/rand/v2"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gobwas/ws"

	"github.com/squaresapp/squares"
)

// hubSize counts what the hub holds: connections, and the entries of its subscription maps, including
// each connection's own set.
type hubSize struct {
	conns, pools, poolWatchers, games, gameWatchers, users, userConns, poolGame, connPools, connGames int
}

func (h *Hub) size() hubSize {
	h.mu.RLock()
	defer h.mu.RUnlock()
	n := hubSize{conns: len(h.conns), pools: len(h.pools), games: len(h.games), users: len(h.users), poolGame: len(h.poolGame)}
	for _, set := range h.pools {
		n.poolWatchers += len(set)
	}
	for _, set := range h.games {
		n.gameWatchers += len(set)
	}
	for _, set := range h.users {
		n.userConns += len(set)
	}
	for c := range h.conns {
		n.connPools += len(c.pools)
		n.connGames += len(c.games)
	}
	return n
}

// waitEmpty waits until the hub holds nothing, and fails the test with what it still holds.
func waitEmpty(t *testing.T, h *Hub, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		n := h.size()
		if n == (hubSize{}) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("leaked after every connection closed: %+v", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// dial opens a websocket, signed in with cookie when it is set, through client when it is set.
func (e *stressEnv) dial(cookie string, client *http.Client) (*websocket.Conn, error) {
	opts := &websocket.DialOptions{HTTPHeader: http.Header{}, HTTPClient: client}
	if cookie != "" {
		opts.HTTPHeader.Set("Cookie", cookie)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, e.wsURL, opts)
	if err == nil {
		ws.SetReadLimit(1 << 20)
	}
	return ws, err
}

// closeReason reads what is left on a connection until it ends, and returns the server's close reason
// ("" when it ended without one).
func closeReason(ws *websocket.Conn, within time.Duration) string {
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	for {
		if _, _, err := ws.Read(ctx); err != nil {
			return reasonOf(err)
		}
	}
}

// reasonOf returns the close reason of a read's error, or "" when the connection ended without one.
func reasonOf(err error) string {
	var ce websocket.CloseError
	if errors.As(err, &ce) {
		return ce.Reason
	}
	return ""
}

// TestHubSubscribeDropRace drives the hub's own calls on real connections: for each of 2,000
// connections, two goroutines subscribe and unsubscribe pools and games while a third drops the
// connection, as the ping, the slow-client check and a failed write do, while the browser may leave and
// the hub fans game updates out. The race detector must stay quiet, and a subscription that loses the
// race to the drop must not stay behind: after each batch the hub holds nothing.
func TestHubSubscribeDropRace(t *testing.T) {
	env := startStress(t, time.Hour, time.Hour)
	h := env.hub
	batches, batch := 40, 50
	if testing.Short() {
		batches = 10
	}
	ids := append(append([]int64{}, env.pools...), env.drafts...)
	for b := range batches {
		clients := make([]*websocket.Conn, batch)
		var wg sync.WaitGroup
		for i := range clients {
			wg.Go(func() {
				cookie := ""
				if i%5 == 0 {
					cookie = env.cookies[i%len(env.cookies)]
				}
				ws, err := env.dial(cookie, nil)
				if err != nil {
					t.Error(err)
					return
				}
				clients[i] = ws
				go closeReason(ws, time.Minute) // reads, so that the server's close handshake completes
			})
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
		var conns []*wsConn
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			h.mu.RLock()
			conns = conns[:0]
			for c := range h.conns {
				conns = append(conns, c)
			}
			h.mu.RUnlock()
			if len(conns) == batch {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("batch %d: %d connections registered, want %d", b, len(conns), batch)
			}
		}
		for i, c := range conns {
			for g := range 2 {
				wg.Go(func() {
					r := mathrand.New(mathrand.NewPCG(uint64(b), uint64(i*2+g)))
					for range 30 {
						pool := ids[r.IntN(len(ids))]
						switch r.IntN(4) {
						case 0:
							h.subscribePool(c, pool, env.gameOf[pool])
						case 1:
							h.unsubscribePool(c, pool)
						case 2:
							h.subscribeGame(c, env.gameOf[pool])
						default:
							h.unsubscribeGame(c, env.gameOf[pool])
						}
					}
				})
			}
			wg.Go(func() {
				for range i % 8 {
					runtime.Gosched()
				}
				h.drop(c, ws.StatusPolicyViolation, "test drop")
			})
			if i%5 == 0 {
				wg.Go(func() { clients[i].CloseNow() }) // the browser leaves too
			}
			if i%10 == 0 { // and the hub fans out meanwhile
				env.events.Publish(context.Background(), squares.Event{Kind: squares.EventGame, GameID: env.games[i%20/10]})
			}
		}
		wg.Wait()
		for _, ws := range clients {
			ws.CloseNow()
		}
		waitEmpty(t, h, 5*time.Second)
	}
}

// TestHubAccountEventClosesTheUsersSockets: an account event on the bus (a sign-out, a demotion, a
// disabled account) closes every socket of that user, and only theirs; the hub forgets them.
func TestHubAccountEventClosesTheUsersSockets(t *testing.T) {
	env := startStress(t, time.Hour, time.Hour)
	h := env.hub
	dial := func(cookie string) *websocket.Conn {
		t.Helper()
		c, err := env.dial(cookie, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.CloseNow() })
		// A ping answered means the server has registered the connection.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		write(ctx, c, `{"type":"ping"}`)
		if _, data, err := c.Read(ctx); err != nil || !strings.Contains(string(data), `"pong"`) {
			t.Fatalf("first answer: %s, %v", data, err)
		}
		return c
	}
	// A second session of the same user, say on another device, that stays signed in.
	other := env.src.newSession(env.users[0])
	mine := []*websocket.Conn{dial(env.cookies[0]), dial(env.cookies[0])}
	others := []*websocket.Conn{dial(env.cookies[1]), dial(""), dial(sessionCookie + "=" + other)}
	if n := h.size().userConns; n != 4 {
		t.Fatalf("%d signed-in connections, want 4", n)
	}

	// The first session ends (the store publishes EventAccount as it does).
	env.endSession(strings.TrimPrefix(env.cookies[0], sessionCookie+"="))
	for i, c := range mine {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, _, err := c.Read(ctx)
		cancel()
		if websocket.CloseStatus(err) != websocket.StatusPolicyViolation || reasonOf(err) != "session ended" {
			t.Fatalf("the user's socket %d: %v, want a close with policy violation, session ended", i, err)
		}
	}
	for i, c := range others {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		write(ctx, c, `{"type":"ping"}`)
		_, data, err := c.Read(ctx)
		cancel()
		if err != nil || !strings.Contains(string(data), `"pong"`) {
			t.Fatalf("another socket %d after the event: %s, %v", i, data, err)
		}
	}
	h.mu.RLock()
	left := len(h.users[env.users[0]])
	h.mu.RUnlock()
	if left != 1 || h.Count() != 3 {
		t.Fatalf("after the event the hub holds %d of the user's connections and %d in all, want 1 (the other session's) and 3", left, h.Count())
	}

	// Disabling the user ends the other session too.
	env.disable(env.users[0])
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, _, err := others[2].Read(ctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("the disabled user's other socket: %v, want a close with policy violation", err)
	}
}
