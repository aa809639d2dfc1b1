package live

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gobwas/ws"
	"golang.org/x/time/rate"
)

// Limits of one websocket connection.
const (
	wsReadLimit     = 4 << 10          // bytes per message from the browser
	wsQueueLimit    = 64               // messages waiting to be written before the client is dropped as too slow
	wsWriteTimeout  = 5 * time.Second  // a write that takes longer drops the client
	wsCloseTimeout  = 5 * time.Second  // how long a dropped browser has to answer the close
	wsDrainLimit    = 64 << 10         // bytes read and thrown away, at most, while it answers a close over a fault
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
	viewer  Viewer
	limiter *rate.Limiter
	addr    string // the client's address, counted in hub.addrs until drop
	slot    int    // the tick of the hub's ping round that pings this connection

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
func (c *wsConn) send(h *Hub, msg []byte) {
	c.sendFrame(h, wsTextFrame(msg))
}

// isClosed reports whether the connection has been dropped.
func (c *wsConn) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// Serve takes a connection upgraded to a websocket, counted in addr by ReserveAddr, with pending the bytes
// the upgrade read past the request, and reads it on a goroutine of its own for as long as it lives: the
// caller returns at once.
func (h *Hub) Serve(conn net.Conn, pending []byte, v Viewer, addr string) {
	c := &wsConn{conn: conn, raw: rawConn(conn), viewer: v, pending: pending,
		limiter: rate.NewLimiter(wsMessageRate, wsMessageBurst), addr: addr}
	if !h.add(c) {
		h.ReleaseAddr(addr)
		c.writeCloseNow(wsCloseShutdown, "server shutting down")
		return
	}
	go h.read(c)
}

// writeCloseNow closes a connection that never joined the hub, with a close frame.
func (c *wsConn) writeCloseNow(code ws.StatusCode, reason string) {
	c.conn.SetWriteDeadline(time.Now().Add(wsWriteTimeout))
	c.conn.Write(wsCloseFrame(code, reason))
	c.conn.Close()
}

// read reads a browser's messages until the connection ends, and answers its pings and its
// close. Once the connection is dropped it goes on reading, up to wsCloseTimeout, only to hear the
// browser's answer to the close; then the connection ends.
func (h *Hub) read(c *wsConn) {
	defer h.readers.Done()
	ctx := h.ctx
	for {
		msg, err := c.readMessage(h)
		if err != nil {
			var closing *wsClosing
			switch {
			case errors.As(err, &closing) && closing.answer:
				h.drop(c, closing.code, closing.reason)
				c.endWhenWritten()
			case errors.As(err, &closing):
				// A close we start over a fault (a message too big, a broken frame): the rest of what the
				// browser sent is unread, and closing a socket with unread bytes resets it, which can
				// destroy our close frame before the browser reads it. Drain until the browser answers
				// and closes, or wsCloseTimeout (set by drop) passes.
				h.drop(c, closing.code, closing.reason)
				io.Copy(io.Discard, io.LimitReader(c.conn, wsDrainLimit))
				c.end()
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
		if !h.handleMessageApart(ctx, c, msg) {
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
	answer bool // the answer to the browser's own close, rather than a close we start
}

func (e *wsClosing) Error() string { return fmt.Sprintf("websocket closing: %d %s", e.code, e.reason) }

// readMessage reads the next message from the browser (its fragments joined, unmasked), handling the
// control frames before it: a ping is answered, a pong clears the ping sent, a close ends the reading
// with a *wsClosing, as do a broken frame and a message over wsReadLimit.
func (c *wsConn) readMessage(h *Hub) ([]byte, error) {
	var msg []byte
	state := ws.StateServerSide
	for {
		head, err := c.readHeader()
		if err != nil {
			return nil, err
		}
		if err := ws.CheckHeader(head, state); err != nil {
			return nil, &wsClosing{code: ws.StatusProtocolError, reason: err.Error()}
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
				return nil, &wsClosing{code: code, reason: reason, answer: true}
			case ws.OpPing:
				c.sendFrame(h, ws.MustCompileFrame(ws.NewPongFrame(payload)))
			case ws.OpPong:
				c.pingSent.Store(0)
			}
			continue
		}
		if int64(len(msg))+head.Length > wsReadLimit {
			return nil, &wsClosing{code: ws.StatusMessageTooBig, reason: fmt.Sprintf("read limited at %d bytes", wsReadLimit)}
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
			return ws.Header{}, &wsClosing{code: ws.StatusProtocolError, reason: ws.ErrHeaderLengthMSB.Error()}
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
