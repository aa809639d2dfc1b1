package live

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/gobwas/ws"

	"github.com/squaresapp/squares"
)

// memSource is a Source over games, pools and sessions kept in memory, with the product's answers where
// the hub passes them on: a pool that is not open may be watched by admins only, a session stands while
// it exists and its user is as it was. The hub's own tests need no store; the answers from the store are
// tested through a real server in http.
type memSource struct {
	mu       sync.Mutex
	games    map[int64]bool
	pools    map[int64]memPool
	users    map[int64]*squares.User
	sessions map[string]int64 // session -> user
}

type memPool struct {
	game int64
	open bool
}

func newMemSource() *memSource {
	return &memSource{games: map[int64]bool{}, pools: map[int64]memPool{}, users: map[int64]*squares.User{},
		sessions: map[string]int64{}}
}

func (m *memSource) WatchPool(_ context.Context, viewer *squares.User, poolID int64) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.pools[poolID]
	if !ok || !p.open && (viewer == nil || !viewer.IsAdmin()) {
		return 0, squares.Errorf(squares.ENOTFOUND, "Pool not found.")
	}
	return p.game, nil
}

func (m *memSource) WatchGame(_ context.Context, gameID int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.games[gameID] {
		return squares.Errorf(squares.ENOTFOUND, "Game not found.")
	}
	return nil
}

func (m *memSource) PoolMessage(_ context.Context, e squares.Event) ([]byte, error) {
	return mustJSON(map[string]any{"type": "poolUpdate", "poolId": e.PoolID, "pool": map[string]any{"id": e.PoolID},
		"squares": []any{}, "released": e.Cells}), nil
}

func (m *memSource) GameUpdate(_ context.Context, gameID int64) (*GameUpdateMessage, error) {
	home, away := 7, 3
	return &GameUpdateMessage{Type: "gameUpdate", GameID: gameID, HomeScore: &home, AwayScore: &away}, nil
}

func (m *memSource) NotificationMessage(_ context.Context, userID int64) ([]byte, error) {
	return mustJSON(map[string]any{"type": "notification", "notifications": []any{}, "unreadCount": 1}), nil
}

func (m *memSource) SessionEnded(_ context.Context, v Viewer) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.sessions[v.Session]
	if !ok || v.User == nil || id != v.User.ID {
		return true
	}
	u := m.users[id]
	return u.Disabled || u.Role != v.User.Role
}

// CheckText refuses an escaped NUL, as http's text rules do with every control character.
func (m *memSource) CheckText(msg []byte) error {
	if bytes.Contains(msg, []byte(`\u0000`)) {
		return squares.Errorf(squares.EINVALIDINPUT, "Text must not hold control characters.")
	}
	return nil
}

// viewer returns who holds session token, nil for none or an unknown one.
func (m *memSource) viewer(token string) *squares.User {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.sessions[token]
	if !ok || m.users[id].Disabled {
		return nil
	}
	u := *m.users[id]
	return &u
}

// newSession starts a session for user id and returns its token.
func (m *memSource) newSession(id int64) string {
	b := make([]byte, 32)
	rand.Read(b)
	token := base64.RawURLEncoding.EncodeToString(b)
	m.mu.Lock()
	m.sessions[token] = id
	m.mu.Unlock()
	return token
}

// endSession ends a session, and disable disables a user; each publishes the account event, as the store
// does.
func (e *stressEnv) endSession(token string) {
	e.src.mu.Lock()
	id := e.src.sessions[token]
	delete(e.src.sessions, token)
	e.src.mu.Unlock()
	e.events.Publish(context.Background(), squares.Event{Kind: squares.EventAccount, UserID: id})
}

func (e *stressEnv) disable(id int64) {
	e.src.mu.Lock()
	e.src.users[id].Disabled = true
	e.src.mu.Unlock()
	e.events.Publish(context.Background(), squares.Event{Kind: squares.EventAccount, UserID: id})
}

// memBus is an in-process event bus as pubsub.Local is: each subscriber has a buffer, and an event
// to a full one is dropped rather than stall the publisher.
type memBus struct {
	mu   sync.Mutex
	subs map[chan squares.Event]struct{}
}

func (b *memBus) Publish(_ context.Context, e squares.Event) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.subs {
		select {
		case ch <- e:
		default:
		}
	}
	return nil
}

func (b *memBus) Subscribe(ctx context.Context) <-chan squares.Event {
	ch := make(chan squares.Event, 4096)
	b.mu.Lock()
	if b.subs == nil {
		b.subs = map[chan squares.Event]struct{}{}
	}
	b.subs[ch] = struct{}{}
	b.mu.Unlock()
	go func() {
		<-ctx.Done()
		b.mu.Lock()
		delete(b.subs, ch)
		close(ch)
		b.mu.Unlock()
	}()
	return ch
}

// sessionCookie names the cookie the test server reads the session from.
const sessionCookie = "session"

// serveTest serves websockets at /ws to the hub: the upgrade, the per-address cap and the session from
// the cookie, as http does (without its Origin check).
func serveTest(t *testing.T, h *Hub, src *memSource) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", func(w http.ResponseWriter, r *http.Request) {
		addr, _, _ := net.SplitHostPort(r.RemoteAddr)
		if !h.ReserveAddr(addr) {
			http.Error(w, "too many", http.StatusTooManyRequests)
			return
		}
		var v Viewer
		if ck, err := r.Cookie(sessionCookie); err == nil {
			if v.User = src.viewer(ck.Value); v.User != nil {
				v.Session = ck.Value
			}
		}
		conn, rw, _, err := ws.HTTPUpgrader{}.Upgrade(r, w)
		if err != nil {
			h.ReleaseAddr(addr)
			if conn != nil {
				conn.Close()
			}
			return
		}
		var pending []byte
		if n := rw.Reader.Buffered(); n > 0 {
			p, _ := rw.Reader.Peek(n)
			pending = append([]byte(nil), p...)
		}
		h.Serve(conn, pending, v, addr)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Log(err)
		}
		h.Close()
	})
	return "ws://" + ln.Addr().String() + "/ws"
}

// stressEnv is a hub with the given ping timing behind a small server, two games each with two open pools
// and three draft ones, three signed-in players and a signed-in admin.
type stressEnv struct {
	hub         *Hub
	src         *memSource
	events      *memBus
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
	logger := slog.New(slog.DiscardHandler)
	src := newMemSource()
	events := &memBus{}
	h := New(Config{PingInterval: ping, PongTimeout: pong}, src, logger)
	h.Open(events)
	env := &stressEnv{hub: h, src: src, events: events, pong: pong, gameOf: map[int64]int64{}}
	env.wsURL = serveTest(t, h, src)
	pool := int64(100)
	for g := int64(1); g <= 2; g++ {
		src.games[g] = true
		env.games = append(env.games, g)
		for j := range 5 {
			pool++
			src.pools[pool] = memPool{game: g, open: j < 2}
			env.gameOf[pool] = g
			if j >= 2 {
				env.drafts = append(env.drafts, pool)
			} else {
				env.pools = append(env.pools, pool)
			}
		}
	}
	for i := range 4 {
		u := &squares.User{ID: int64(i + 1), Email: fmt.Sprintf("stress%d@example.com", i), FirstName: "Pat", LastName: "Lee",
			Role: squares.RoleUser}
		if i == 3 {
			u.Role = squares.RoleAdmin
		}
		src.users[u.ID] = u
		cookie := sessionCookie + "=" + src.newSession(u.ID)
		if i == 3 {
			env.adminCookie = cookie
			continue
		}
		env.users = append(env.users, u.ID)
		env.cookies = append(env.cookies, cookie)
	}
	return env
}
