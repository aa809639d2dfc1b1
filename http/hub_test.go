package http

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
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
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// hubSize counts what the hub holds: connections, and the entries of its subscription maps, including
// each connection's own set.
type hubSize struct {
	conns, pools, poolWatchers, games, gameWatchers, users, userConns, poolGame, connPools, connGames int
}

func (h *hub) size() hubSize {
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
func waitEmpty(t *testing.T, h *hub, within time.Duration) {
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

// stressEnv is a live server with the given ping timing on SQLite, two games each with two open pools
// and three draft ones, three signed-in players and a signed-in admin.
type stressEnv struct {
	srv         *Server
	events      *pubsub.Local
	wsURL       string
	pong        time.Duration
	games       []int64
	pools       []int64 // open pools
	drafts      []int64 // pools players may not watch
	gameOf      map[int64]int64
	users       []int64
	cookies     []string // a session cookie per player
	adminCookie string
}

func startStress(t *testing.T, ping, pong time.Duration) *stressEnv {
	t.Helper()
	ctx := context.Background()
	logger := slog.New(slog.DiscardHandler)
	db := storetest.Open(t, store.SQLite)
	events := pubsub.NewLocal(logger)
	db.Events = events
	srv := NewServer(Config{Addr: "127.0.0.1:0", Dev: true}, db, logger)
	srv.Events = events
	srv.wsPing, srv.wsPong = ping, pong
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
	env := &stressEnv{srv: srv, events: events, wsURL: "ws://" + srv.Addr() + "/ws", pong: pong, gameOf: map[int64]int64{}}
	for i := range 2 {
		g := &squares.Game{LeagueID: squares.LeagueNFL, HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs",
			HomeTeamColor: "#00338D", AwayTeamColor: "#E31837", GameDate: time.Now().Add(time.Duration(96+i) * time.Hour),
			Status: squares.GameScheduled}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		env.games = append(env.games, g.ID)
		pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		if err != nil {
			t.Fatal(err)
		}
		for j, p := range pools {
			env.gameOf[p.ID] = g.ID
			if j >= 2 {
				env.drafts = append(env.drafts, p.ID)
				continue
			}
			if _, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive); err != nil {
				t.Fatal(err)
			}
			env.pools = append(env.pools, p.ID)
		}
	}
	for i := range 4 {
		u := &squares.User{Email: fmt.Sprintf("stress%d@example.com", i), PasswordHash: "-", FirstName: "Pat", LastName: "Lee"}
		if i == 3 {
			u.Role = squares.RoleAdmin
		}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 32)
		rand.Read(b)
		token := base64.RawURLEncoding.EncodeToString(b)
		if err := db.CreateSession(ctx, &store.Session{TokenHash: hashToken(token), UserID: u.ID,
			ExpiresAt: time.Now().Add(time.Hour)}, ""); err != nil {
			t.Fatal(err)
		}
		if i == 3 {
			env.adminCookie = srv.cookieName() + "=" + token
			continue
		}
		env.users = append(env.users, u.ID)
		env.cookies = append(env.cookies, srv.cookieName()+"="+token)
	}
	return env
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
	h := env.srv.hub
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
	h := env.srv.hub
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
	b := make([]byte, 32)
	rand.Read(b)
	other := base64.RawURLEncoding.EncodeToString(b)
	if err := env.srv.Store.CreateSession(context.Background(), &store.Session{TokenHash: hashToken(other), UserID: env.users[0],
		ExpiresAt: time.Now().Add(time.Hour)}, ""); err != nil {
		t.Fatal(err)
	}
	mine := []*websocket.Conn{dial(env.cookies[0]), dial(env.cookies[0])}
	others := []*websocket.Conn{dial(env.cookies[1]), dial(""), dial(env.srv.cookieName() + "=" + other)}
	if n := h.size().userConns; n != 4 {
		t.Fatalf("%d signed-in connections, want 4", n)
	}

	// The first session ends (the store publishes EventAccount as it does).
	token := strings.TrimPrefix(env.cookies[0], env.srv.cookieName()+"=")
	if err := env.srv.Store.DeleteSession(context.Background(), hashToken(token)); err != nil {
		t.Fatal(err)
	}
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
	if left != 1 || h.count() != 3 {
		t.Fatalf("after the event the hub holds %d of the user's connections and %d in all, want 1 (the other session's) and 3", left, h.count())
	}

	// Disabling the user ends the other session too.
	disabled := true
	if _, err := env.srv.Store.UpdateUser(context.Background(), env.users[0], squares.UserUpdate{Disabled: &disabled}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, _, err := others[2].Read(ctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("the disabled user's other socket: %v, want a close with policy violation", err)
	}
}
