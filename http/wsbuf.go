package http

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
)

// Buffers of one websocket connection. net/http gives a hijacked connection its 4 KiB reader and writer,
// which an idle connection would hold for its whole life; these are what it holds instead.
const (
	wsReadBuffer  = 256 // browsers send few, short messages
	wsWriteBuffer = 64  // the websocket library's write buffer; wsFrameWriter below makes it enough
)

// wsHijacker hands the websocket library small buffers when it hijacks the connection, and keeps the
// connection. Bytes already read into net/http's buffer carry over.
type wsHijacker struct {
	http.ResponseWriter
	conn net.Conn
}

func (w *wsHijacker) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *wsHijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return conn, brw, err
	}
	w.conn = conn
	n := brw.Reader.Buffered()
	if n > wsReadBuffer || brw.Writer.Buffered() > 0 {
		return conn, brw, nil
	}
	var r *bufio.Reader
	if n == 0 {
		r = bufio.NewReaderSize(conn, wsReadBuffer)
	} else {
		pending, _ := brw.Reader.Peek(n)
		r = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(pending)), conn), wsReadBuffer)
		if _, err := r.Peek(n); err != nil {
			return conn, brw, nil
		}
	}
	return conn, bufio.NewReadWriter(r, bufio.NewWriterSize(&wsFrameWriter{conn: conn}, wsWriteBuffer)), nil
}

// wsFrameWriter sits between the websocket library's small write buffer and the connection, and sends
// every frame in one system call, as a buffer larger than the frame would. The library writes a frame's
// header and payload through its buffer and flushes at the end of the frame; with a small buffer, the
// buffer fills with the header and the start of the payload and is written out before the rest of the
// payload. wsFrameWriter follows the frame headers (RFC 6455 section 5.2) in the bytes it is given, holds
// bytes that end inside a frame, and writes them together with the rest (one writev) once the frame is
// whole. It only ever holds a frame that is being written under the library's write lock, whose end
// follows within the same call.
type wsFrameWriter struct {
	conn    net.Conn
	held    []byte
	inline  [wsWriteBuffer]byte // backs held in the usual case: one buffer's worth
	header  [14]byte            // the header being read, when it spans writes
	headerN int
	left    uint64 // payload bytes of the current frame not seen yet
}

// Write passes p on, or holds it while it ends inside a frame.
func (f *wsFrameWriter) Write(p []byte) (int, error) {
	if !f.scan(p) {
		if f.held == nil {
			f.held = f.inline[:0]
		}
		f.held = append(f.held, p...)
		return len(p), nil
	}
	if len(f.held) == 0 {
		return f.conn.Write(p)
	}
	bufs := net.Buffers{f.held, p}
	held := len(f.held)
	f.held = nil
	n, err := bufs.WriteTo(f.conn)
	if err != nil {
		return max(int(n)-held, 0), err
	}
	return len(p), nil
}

// scan follows the frames through p and reports whether p ends where a frame ends.
func (f *wsFrameWriter) scan(p []byte) bool {
	for len(p) > 0 {
		if f.left > 0 {
			n := uint64(len(p))
			if n > f.left {
				n = f.left
			}
			f.left -= n
			p = p[n:]
			continue
		}
		f.header[f.headerN] = p[0]
		f.headerN++
		p = p[1:]
		if size := frameHeaderSize(f.header[:f.headerN]); size == f.headerN {
			f.left = framePayloadLength(f.header[:size])
			f.headerN = 0
		}
	}
	return f.left == 0 && f.headerN == 0
}

// frameHeaderSize is the size of the frame header that h starts, or 0 while h is too short to tell.
func frameHeaderSize(h []byte) int {
	if len(h) < 2 {
		return 0
	}
	size := 2
	switch h[1] & 0x7f {
	case 126:
		size += 2
	case 127:
		size += 8
	}
	if h[1]&0x80 != 0 {
		size += 4 // masking key (client frames only)
	}
	return size
}

// framePayloadLength reads the payload length from a whole frame header.
func framePayloadLength(h []byte) uint64 {
	switch n := h[1] & 0x7f; n {
	case 126:
		return uint64(h[2])<<8 | uint64(h[3])
	case 127:
		var v uint64
		for _, b := range h[2:10] {
			v = v<<8 | uint64(b)
		}
		return v
	default:
		return uint64(n)
	}
}
