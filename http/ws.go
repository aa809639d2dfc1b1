package http

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gobwas/ws"
	"golang.org/x/time/rate"

	"github.com/squaresapp/squares"
)

// Limits of one websocket connection.
const (
	wsReadLimit     = 4 << 10          // bytes per message from the browser
	wsQueueLimit    = 64               // messages waiting to be written before the client is dropped as too slow
	wsWriteTimeout  = 5 * time.Second  // a write that takes longer drops the client
	wsCloseTimeout  = 5 * time.Second  // how long a dropped browser has to answer the close
	wsPingInterval  = 25 * time.Second // how often the server checks the browser is still there
	wsPongTimeout   = 10 * time.Second
	wsMaxSubs       = 50 // pools and games one connection may watch
	wsMessageRate   = 10 // messages per second from the browser, with a burst of wsMessageBurst
	wsMessageBurst  = 20
	wsCloseNormal   = ws.StatusNormalClosure
	wsCloseShutdown = ws.StatusGoingAway
)

// wsConn is one browser's websocket. One goroutine reads it, straight from the socket: no buffer is kept,
// since browsers send few, short messages, and the reader's stack stays shallow while it waits. Writes
// happen on the senders' goroutines (see sendFrame), so an idle connection costs one goroutine with a
// small stack and this struct.
type wsConn struct {
	conn    net.Conn
	raw     syscall.RawConn // conn's descriptor, for writes that do not wait; nil when it has none
	pending []byte          // bytes the upgrade read past the request: the start of the first frames, rarely any
	// header holds the frame header being read: a buffer here rather than on the reader's stack, which it
	// would escape, costs no allocation per frame.
	header  [ws.MaxHeaderSize]byte
	user    *squares.User
	session string // the hash of the signed-in user's session token, "" for a visitor
	limiter *rate.Limiter
	addr    string // the client's address, counted in hub.addrs until drop
	slot    int    // the tick of the hub's ping round that pings this connection

	// secondFactor says the session passed the second factor (passedSecondFactor), for sessionEnded.
	secondFactor bool

	// pingSent is when the ping the browser has not answered yet was sent (nanoseconds since the hub
	// started, on the monotonic clock), 0 when none.
	pingSent atomic.Int64

	mu            sync.Mutex // guards the write side: the fields below, down to broken
	queue         [][]byte   // compiled frames waiting behind the one being written
	writing       bool       // a goroutine is writing (a frame, then the queue)
	closed        bool       // the close frame is queued: nothing more is sent
	endAfterWrite bool       // the browser's close is being answered: end the connection once written
	broken        bool       // conn is closed

	// What the connection watches, so that drop can remove it from the hub's maps. The hub owns these: they
	// are read and written only under hub.mu. Allocated at the first subscription.
	pools map[int64]struct{}
	games map[int64]struct{}
}

// send compiles a message into a frame and sends it; a connection too far behind is dropped so it cannot
// slow anyone else.
func (c *wsConn) send(h *hub, msg []byte) {
	c.sendFrame(h, wsTextFrame(msg))
}

// isClosed reports whether the connection has been dropped.
func (c *wsConn) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
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
	// The origin was checked above, with the allowed origins and development mode's localhost. No
	// extension is negotiated (no compression), as before.
	conn, rw, _, err := ws.HTTPUpgrader{}.Upgrade(r, w)
	if err != nil {
		s.hub.releaseAddr(addr)
		if conn != nil {
			conn.Close() // the upgrade has answered the request
		}
		return
	}
	c := &wsConn{conn: conn, raw: rawConn(conn), user: userFrom(r.Context()),
		limiter: rate.NewLimiter(wsMessageRate, wsMessageBurst), addr: addr}
	if ck, err := r.Cookie(s.cookieName()); err == nil && c.user != nil {
		c.session, c.secondFactor = hashToken(ck.Value), passedSecondFactor(ck.Value)
	}
	if n := rw.Reader.Buffered(); n > 0 {
		pending, _ := rw.Reader.Peek(n)
		c.pending = bytes.Clone(pending)
	}
	// net/http's buffers (rw) are not kept: an idle connection would hold their 8 KiB for its whole life.
	if !s.hub.add(c) {
		s.hub.releaseAddr(addr)
		c.writeCloseNow(wsCloseShutdown, "server shutting down")
		return
	}
	// The handler returns, so that net/http lets go of the request, the response and the deep stack of its
	// goroutine; a fresh goroutine reads the connection for as long as it lives.
	go s.readWebsocket(c)
}

// writeCloseNow closes a connection that never joined the hub, with a close frame.
func (c *wsConn) writeCloseNow(code ws.StatusCode, reason string) {
	c.conn.SetWriteDeadline(time.Now().Add(wsWriteTimeout))
	c.conn.Write(wsCloseFrame(code, reason))
	c.conn.Close()
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

// readWebsocket reads a browser's messages until the connection ends, and answers its pings and its
// close. Once the connection is dropped it goes on reading, up to wsCloseTimeout, only to hear the
// browser's answer to the close; then the connection ends.
func (s *Server) readWebsocket(c *wsConn) {
	h := s.hub
	defer h.readers.Done()
	ctx := h.ctx
	for {
		msg, err := c.readMessage(h)
		if err != nil {
			var closing *wsClosing
			switch {
			case errors.As(err, &closing):
				h.drop(c, closing.code, closing.reason)
				c.endWhenWritten()
			default: // the browser left, or the dropped connection's time is up
				h.drop(c, wsCloseNormal, "")
				c.end()
			}
			return
		}
		if c.isClosed() {
			continue // dropped: waiting for the browser's close
		}
		if !c.limiter.Allow() {
			h.drop(c, ws.StatusPolicyViolation, "too many messages")
			continue
		}
		if !s.handleWSMessageApart(ctx, c, msg) {
			h.drop(c, wsCloseNormal, "")
			c.end()
			return
		}
	}
}

// wsClosing ends the reading with a close frame to send: the answer to the browser's close, or the
// reason a message broke the protocol.
type wsClosing struct {
	code   ws.StatusCode
	reason string
}

func (e *wsClosing) Error() string { return fmt.Sprintf("websocket closing: %d %s", e.code, e.reason) }

// readMessage reads the next message from the browser (its fragments joined, unmasked), handling the
// control frames before it: a ping is answered, a pong clears the ping sent, a close ends the reading
// with a *wsClosing, as do a broken frame and a message over wsReadLimit.
func (c *wsConn) readMessage(h *hub) ([]byte, error) {
	var msg []byte
	state := ws.StateServerSide
	for {
		head, err := c.readHeader()
		if err != nil {
			return nil, err
		}
		if err := ws.CheckHeader(head, state); err != nil {
			return nil, &wsClosing{ws.StatusProtocolError, err.Error()}
		}
		if head.OpCode.IsControl() {
			var payload []byte // at most 125 bytes, checked above; a pong to our ping has none
			if head.Length > 0 {
				payload = make([]byte, head.Length)
				if err := c.read(payload); err != nil {
					return nil, err
				}
				ws.Cipher(payload, head.Mask, 0)
			}
			switch head.OpCode {
			case ws.OpClose:
				code, reason := ws.ParseCloseFrameData(payload)
				if code.Empty() {
					code = wsCloseNormal
				}
				return nil, &wsClosing{code, reason}
			case ws.OpPing:
				c.sendFrame(h, ws.MustCompileFrame(ws.NewPongFrame(payload)))
			case ws.OpPong:
				c.pingSent.Store(0)
			}
			continue
		}
		if int64(len(msg))+head.Length > wsReadLimit {
			return nil, &wsClosing{ws.StatusMessageTooBig, fmt.Sprintf("read limited at %d bytes", wsReadLimit)}
		}
		start := len(msg)
		msg = append(msg, make([]byte, head.Length)...)
		if err := c.read(msg[start:]); err != nil {
			return nil, err
		}
		ws.Cipher(msg[start:], head.Mask, 0)
		if head.Fin {
			return msg, nil
		}
		state = state.Set(ws.StateFragmented)
	}
}

// readHeader reads a frame header (RFC 6455 section 5.2). It is written out rather than left to
// ws.ReadHeader so that the idle reader, which waits in here, has a few frames fewer on its stack, and
// allocates nothing: a goroutine's stack, once grown past its first 2 KiB, does not shrink back while it
// waits in a read, so the reader of an idle connection calls as little as it can.
func (c *wsConn) readHeader() (ws.Header, error) {
	b := &c.header
	if err := c.read(b[:2]); err != nil {
		return ws.Header{}, err
	}
	head := ws.Header{Fin: b[0]&0x80 != 0, Rsv: (b[0] >> 4) & 0x07, OpCode: ws.OpCode(b[0] & 0x0f), Masked: b[1]&0x80 != 0}
	size := b[1] & 0x7f
	extra := 0
	switch size {
	case 126:
		extra = 2
	case 127:
		extra = 8
	default:
		head.Length = int64(size)
	}
	if head.Masked {
		extra += 4
	}
	rest := b[2 : 2+extra]
	if err := c.read(rest); err != nil {
		return ws.Header{}, err
	}
	switch size {
	case 126:
		head.Length = int64(binary.BigEndian.Uint16(rest))
		rest = rest[2:]
	case 127:
		n := binary.BigEndian.Uint64(rest)
		if n>>63 != 0 {
			return ws.Header{}, &wsClosing{ws.StatusProtocolError, ws.ErrHeaderLengthMSB.Error()}
		}
		head.Length = int64(n)
		rest = rest[8:]
	}
	copy(head.Mask[:], rest)
	return head, nil
}

// read fills p: first from the bytes the upgrade read ahead, then from the socket.
func (c *wsConn) read(p []byte) error {
	for len(p) > 0 {
		if len(c.pending) > 0 {
			n := copy(p, c.pending)
			p, c.pending = p[n:], c.pending[n:]
			if len(c.pending) == 0 {
				c.pending = nil
			}
			continue
		}
		n, err := c.conn.Read(p)
		p = p[n:]
		if err != nil && len(p) > 0 {
			return err
		}
	}
	return nil
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
	if json.Valid(data) {
		if err := checkJSONText(data, nil); err != nil {
			c.send(s.hub, wsError("Messages must be text: "+squares.ErrorMessage(err)))
			return
		}
	}
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
		if err == nil {
			err = s.checkVisible(ctx, c.user, p.Pool) // who may open the pool may watch it
		}
		if err != nil {
			c.send(s.hub, wsError(squares.ErrorMessage(err)))
			return
		}
		if !s.hub.subscribePool(c, p.ID, p.GameID) {
			c.send(s.hub, wsError("Too many subscriptions on one connection."))
			return
		}
		c.send(s.hub, mustJSON(PoolSubscription{Type: "subscribed", PoolID: p.ID}))
	case "unsubscribe":
		s.hub.unsubscribePool(c, int64(m.PoolID))
		c.send(s.hub, mustJSON(PoolSubscription{Type: "unsubscribed", PoolID: int64(m.PoolID)}))
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
		c.send(s.hub, mustJSON(GameSubscription{Type: "subscribed", GameID: int64(m.GameID)}))
	case "unsubscribeFromGame":
		s.hub.unsubscribeGame(c, int64(m.GameID))
	case "ping":
		c.send(s.hub, mustJSON(PongMessage{Type: "pong"}))
	default:
		c.send(s.hub, wsError("Unknown message type."))
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
