package http

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/squaresapp/squares"
)

// Limits of one websocket connection.
const (
	wsReadLimit     = 4 << 10          // bytes per message from the browser
	wsQueueLimit    = 64               // messages waiting to be written before the client is dropped as too slow
	wsWriteTimeout  = 5 * time.Second  // a write that takes longer drops the client
	wsPingInterval  = 25 * time.Second // how often the server checks the browser is still there
	wsPongTimeout   = 10 * time.Second
	wsMaxSubs       = 50 // pools and games one connection may watch
	wsMessageRate   = 10 // messages per second from the browser, with a burst of wsMessageBurst
	wsMessageBurst  = 20
	wsCloseNormal   = websocket.StatusNormalClosure
	wsCloseShutdown = websocket.StatusGoingAway
)

// wsConn is one browser's websocket. One goroutine reads it; a writer goroutine runs only while messages
// are queued, so an idle connection costs one goroutine with a small stack, and its buffers.
type wsConn struct {
	ws      *websocket.Conn
	conn    net.Conn // the connection under ws
	user    *squares.User
	limiter *rate.Limiter
	addr    string // the client's address, counted in hub.addrs until drop

	mu      sync.Mutex // guards the write side: queue, writing, closed
	queue   [][]byte
	writing bool
	closed  bool

	// What the connection watches, so that drop can remove it from the hub's maps. The hub owns these: they
	// are read and written only under hub.mu. Allocated at the first subscription.
	pools map[int64]struct{}
	games map[int64]struct{}
}

// send queues a message; a connection too far behind is dropped so it cannot slow anyone else.
func (c *wsConn) send(h *hub, msg []byte) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	if len(c.queue) >= wsQueueLimit {
		c.mu.Unlock()
		go h.drop(c, websocket.StatusPolicyViolation, "too slow")
		return
	}
	c.queue = append(c.queue, msg)
	if c.writing {
		c.mu.Unlock()
		return
	}
	c.writing = true
	c.mu.Unlock()
	go c.flush(h)
}

// flush writes the queued messages. A write that takes longer than wsWriteTimeout is ended by a timer
// that closes the connection under it, as the websocket library does when a write's context expires; a
// timer per writer costs less than a context per write, and the writes need no other context: the hub
// closes every connection before its own context ends.
func (c *wsConn) flush(h *hub) {
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		c.mu.Lock()
		if len(c.queue) == 0 || c.closed {
			c.writing = false
			c.queue = nil
			c.mu.Unlock()
			return
		}
		msg := c.queue[0]
		c.queue[0] = nil
		c.queue = c.queue[1:]
		c.mu.Unlock()
		if timer == nil {
			timer = time.AfterFunc(wsWriteTimeout, c.closeConn)
		} else {
			timer.Reset(wsWriteTimeout)
		}
		err := c.ws.Write(context.Background(), websocket.MessageText, msg)
		timer.Stop()
		if err != nil {
			h.drop(c, websocket.StatusPolicyViolation, "write failed")
			return
		}
	}
}

// closeConn closes the connection under the websocket at once, which ends a write under way.
func (c *wsConn) closeConn() {
	if c.conn != nil {
		c.conn.Close()
	} else {
		c.ws.CloseNow()
	}
}

// wsMessage is what browsers send.
type wsMessage struct {
	Type   string  `json:"type"`
	PoolID flexInt `json:"poolId"`
	GameID flexInt `json:"gameId"`
}

// handleWebsocket upgrades to a websocket (same origin, or an allowed one) and serves the connection
// until it closes. A refusal before the upgrade is a JSON error: 403 for another origin, 429 past the
// per-address cap.
func (s *Server) handleWebsocket(w http.ResponseWriter, r *http.Request) {
	if s.hub == nil {
		s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "Live updates are not enabled."))
		return
	}
	if !s.originAllowed(r) {
		if s.metrics != nil {
			s.metrics.wsRefused.WithLabelValues("origin").Inc()
		}
		s.Error(w, r, squares.Errorf(squares.EFORBIDDEN, "Live updates are not allowed from origin %q.", r.Header.Get("Origin")))
		return
	}
	addr := s.clientIP(r)
	if !s.hub.reserveAddr(addr) {
		if s.metrics != nil {
			s.metrics.wsRefused.WithLabelValues("address_cap").Inc()
		}
		w.Header().Set("Retry-After", "30")
		s.Error(w, r, squares.Errorf(squares.ETOOMANY, "Too many live connections from your address (at most %d): close other tabs.", s.hub.perAddr))
		return
	}
	hj := &wsHijacker{ResponseWriter: w}
	// The origin was checked above, with the allowed origins and development mode's localhost.
	ws, err := websocket.Accept(hj, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled, InsecureSkipVerify: true})
	if err != nil {
		s.hub.releaseAddr(addr)
		return // Accept has answered the request
	}
	ws.SetReadLimit(wsReadLimit)
	c := &wsConn{ws: ws, conn: hj.conn, user: userFrom(r.Context()), limiter: rate.NewLimiter(wsMessageRate, wsMessageBurst), addr: addr}
	if !s.hub.add(c) {
		s.hub.releaseAddr(addr)
		ws.Close(wsCloseShutdown, "server shutting down")
		return
	}
	// The handler returns, so that net/http lets go of the request, the response and the deep stack of its
	// goroutine; a fresh goroutine reads the connection for as long as it lives.
	go s.readWebsocket(c)
}

// originAllowed reports whether a websocket may be opened from the request's Origin: none (not a
// browser), this server's host, one of Config.AllowedOrigins, or in development mode localhost on any
// port.
func (s *Server) originAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, o := range s.Config.AllowedOrigins {
		if strings.EqualFold(strings.TrimRight(o, "/"), origin) {
			return true
		}
	}
	if s.Config.Dev {
		switch u.Hostname() {
		case "localhost", "127.0.0.1", "::1":
			return true
		}
	}
	return false
}

// readWebsocket reads a browser's messages until the connection closes. The read itself takes no
// context: a context that can end costs every idle connection a registration with it, and the hub closes
// every connection before its context ends anyway.
func (s *Server) readWebsocket(c *wsConn) {
	defer s.hub.drop(c, wsCloseNormal, "")
	ctx := s.hub.ctx
	for {
		_, data, err := c.ws.Read(context.Background())
		if err != nil {
			return
		}
		if !c.limiter.Allow() {
			s.hub.drop(c, websocket.StatusPolicyViolation, "too many messages")
			return
		}
		if !s.handleWSMessageApart(ctx, c, data) {
			return
		}
	}
}

// handleWSMessageApart handles one message on a short-lived goroutine and waits for it. Decoding JSON
// and reading the database (modernc SQLite runs deep) grow a goroutine's stack to tens of KiB, and a
// grown stack would stay with the long-lived reader of an idle connection; this one is freed at once.
// A panic is logged as an internal error and ends the connection, as it did in the handler.
func (s *Server) handleWSMessageApart(ctx context.Context, c *wsConn, data []byte) (ok bool) {
	done := make(chan bool, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				s.Logger.Error("internal error", "method", http.MethodGet, "path", "/ws", "err", fmt.Errorf("panic: %v", v))
				done <- false
			}
		}()
		s.handleWSMessage(ctx, c, data)
		done <- true
	}()
	return <-done
}

func (s *Server) handleWSMessage(ctx context.Context, c *wsConn, data []byte) {
	var m wsMessage
	if err := json.Unmarshal(data, &m); err != nil {
		c.send(s.hub, wsError("Messages must be JSON objects with a type."))
		return
	}
	switch m.Type {
	case "subscribe":
		if m.PoolID <= 0 {
			c.send(s.hub, wsError("subscribe needs a poolId."))
			return
		}
		p, err := s.Store.FindPool(ctx, int64(m.PoolID), 0)
		if err == nil && !c.user.IsAdmin() && (p.Status == squares.PoolDraft || p.Status == squares.PoolInactive) {
			err = squares.Errorf(squares.ENOTFOUND, "Pool not found.")
		}
		if err == nil {
			err = s.checkPoolMember(ctx, c.user, p)
		}
		if err != nil {
			c.send(s.hub, wsError(squares.ErrorMessage(err)))
			return
		}
		if !s.hub.subscribePool(c, p.ID, p.GameID) {
			c.send(s.hub, wsError("Too many subscriptions on one connection."))
			return
		}
		c.send(s.hub, mustJSON(map[string]any{"type": "subscribed", "poolId": p.ID}))
	case "unsubscribe":
		s.hub.unsubscribePool(c, int64(m.PoolID))
		c.send(s.hub, mustJSON(map[string]any{"type": "unsubscribed", "poolId": int64(m.PoolID)}))
	case "subscribeToGame":
		if m.GameID <= 0 {
			c.send(s.hub, wsError("subscribeToGame needs a gameId."))
			return
		}
		if _, err := s.Store.FindGame(ctx, int64(m.GameID)); err != nil {
			c.send(s.hub, wsError(squares.ErrorMessage(err)))
			return
		}
		if !s.hub.subscribeGame(c, int64(m.GameID)) {
			c.send(s.hub, wsError("Too many subscriptions on one connection."))
			return
		}
		c.send(s.hub, mustJSON(map[string]any{"type": "subscribed", "gameId": int64(m.GameID)}))
	case "unsubscribeFromGame":
		s.hub.unsubscribeGame(c, int64(m.GameID))
	case "ping":
		c.send(s.hub, mustJSON(map[string]any{"type": "pong"}))
	default:
		c.send(s.hub, wsError("Unknown message type."))
	}
}

func wsError(message string) []byte {
	return mustJSON(map[string]any{"type": "error", "message": message})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
