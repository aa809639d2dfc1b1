package live

import (
	"net"
	"syscall"
	"time"

	"github.com/gobwas/ws"
)

// wsPingFrame is the server's ping; frames from the server are not masked, so one copy serves everyone.
var wsPingFrame = ws.MustCompileFrame(ws.NewPingFrame(nil))

// wsTextFrame compiles a message into a text frame, header and payload in one slice, written as it is to
// every connection that gets the message.
func wsTextFrame(msg []byte) []byte {
	return ws.MustCompileFrame(ws.NewTextFrame(msg))
}

// wsCloseFrame compiles a close frame with its status code and reason.
func wsCloseFrame(code ws.StatusCode, reason string) []byte {
	return ws.MustCompileFrame(ws.NewCloseFrame(ws.NewCloseFrameBody(code, reason)))
}

// The write side of a connection. Whoever sends to an idle connection writes the frame at once, on its
// own goroutine (the hub's fan-out workers, or the reader answering the browser), with a system call that
// never waits: a socket with room takes the whole frame, which is the usual case. A frame the socket
// cannot take whole is finished, with the frames queued behind it, by a goroutine started for the
// occasion that waits, each write bounded by wsWriteTimeout; it ends when the queue is empty. So one slow
// browser never holds up a fan-out, and a connection is dropped as too slow once wsQueueLimit frames
// wait.

// sendFrame queues a compiled frame, or writes it now when nothing is being written.
func (c *wsConn) sendFrame(h *Hub, frame []byte) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	if c.writing {
		if len(c.queue) >= wsQueueLimit {
			c.mu.Unlock()
			h.drop(c, ws.StatusPolicyViolation, "too slow")
			return
		}
		c.queue = append(c.queue, frame)
		c.mu.Unlock()
		return
	}
	c.writing = true
	c.mu.Unlock()
	c.drain(h, frame)
}

// drain writes next and then the queue, by the caller that set c.writing, without waiting on the socket.
func (c *wsConn) drain(h *Hub, next []byte) {
	for {
		n, err := c.writeNow(next)
		if err != nil {
			c.fail(h)
			return
		}
		if n < len(next) {
			go c.drainSlowly(h, next[n:])
			return
		}
		if next = c.nextFrame(false); next == nil {
			return
		}
	}
}

// drainSlowly writes the rest of a frame and then the queue, waiting on the socket up to wsWriteTimeout
// for each frame.
func (c *wsConn) drainSlowly(h *Hub, next []byte) {
	for next != nil {
		c.conn.SetWriteDeadline(time.Now().Add(wsWriteTimeout))
		if _, err := c.conn.Write(next); err != nil {
			c.fail(h)
			return
		}
		next = c.nextFrame(true)
	}
}

// nextFrame takes the next queued frame, or ends the writing: then it returns nil, and ends the
// connection when the browser's close has been answered. The writer that waited (slow) clears its write
// deadline first, while it still owns the writing: writeNow must not find an expired deadline, and the
// next waiting writer's deadline must not be cleared.
func (c *wsConn) nextFrame(slow bool) []byte {
	c.mu.Lock()
	if len(c.queue) == 0 || c.broken {
		if slow {
			c.conn.SetWriteDeadline(time.Time{})
		}
		c.writing = false
		c.queue = nil
		end := c.endAfterWrite
		c.mu.Unlock()
		if end {
			c.end()
		}
		return nil
	}
	next := c.queue[0]
	c.queue[0] = nil
	c.queue = c.queue[1:]
	c.mu.Unlock()
	return next
}

// writeNow writes as much of p as the socket takes without waiting. It writes inside RawConn.Control, which
// keeps the descriptor open (and so its number unused by another socket) while it runs, rather than
// RawConn.Write, whose write lock and poller reset were 11 % of a fan-out's CPU (bench/wsfanout profile):
// whoever set c.writing is the connection's only writer, so the lock guards nothing here, and a write
// that does not wait needs nothing of the poller.
func (c *wsConn) writeNow(p []byte) (int, error) {
	if c.raw == nil {
		return 0, nil // no descriptor to write to without waiting: drainSlowly writes it all
	}
	var n int
	var werr error
	err := c.raw.Control(func(fd uintptr) {
		n, werr = writeNonblocking(fd, p)
	})
	if err == nil {
		err = werr
	}
	return n, err
}

// fail ends a connection whose write failed.
func (c *wsConn) fail(h *Hub) {
	c.mu.Lock()
	c.writing = false
	c.queue = nil
	c.mu.Unlock()
	c.end()
	h.drop(c, ws.StatusPolicyViolation, "write failed")
}

// end closes the connection under the websocket, once; a write or read under way ends with it.
func (c *wsConn) end() {
	c.mu.Lock()
	if c.broken {
		c.mu.Unlock()
		return
	}
	c.broken = true
	c.queue = nil
	c.mu.Unlock()
	c.conn.Close()
}

// endWhenWritten closes the connection once what is queued (the answer to the browser's close) has been
// written, or now when nothing is being written.
func (c *wsConn) endWhenWritten() {
	c.mu.Lock()
	if c.writing && !c.broken {
		c.endAfterWrite = true
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	c.end()
}

// rawConn returns the connection's descriptor for writes that do not wait, or nil.
func rawConn(conn net.Conn) syscall.RawConn {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return raw
}
