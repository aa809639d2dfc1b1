package live

import (
	"io"
	"net"
	"testing"
	"time"
)

// writeNow writes what the socket takes at once and never waits; on a closed connection it fails and
// writes nothing (its descriptor's number may already be another socket's).
func TestWriteNow(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := l.Accept()
		accepted <- c
	}()
	client, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	server := <-accepted
	c := &wsConn{conn: server, raw: rawConn(server)}
	if c.raw == nil {
		t.Skip("no descriptor to write to without waiting here")
	}

	frame := wsTextFrame([]byte(`{"type":"pong"}`))
	if n, err := c.writeNow(frame); err != nil || n != len(frame) {
		t.Fatalf("writeNow = %d, %v; want %d", n, err, len(frame))
	}
	got := make([]byte, len(frame))
	client.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadFull(client, got); err != nil || string(got) != string(frame) {
		t.Fatalf("read %q, %v", got, err)
	}

	// A socket that is not read fills up: writeNow returns short instead of waiting.
	big := make([]byte, 1<<20)
	start, total := time.Now(), 0
	for range 64 {
		n, err := c.writeNow(big)
		if err != nil {
			t.Fatal(err)
		}
		total += n
		if n < len(big) {
			break
		}
	}
	if total >= 64<<20 || time.Since(start) > 5*time.Second {
		t.Fatalf("wrote %d bytes in %s without the socket filling", total, time.Since(start))
	}

	server.Close()
	if n, err := c.writeNow(frame); err == nil || n != 0 {
		t.Fatalf("writeNow after close = %d, %v; want an error", n, err)
	}
}
