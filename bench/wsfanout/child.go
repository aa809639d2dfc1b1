package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"runtime/pprof"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/squaresapp/squares/bench/internal/loadenv"
)

// The subscribers' process is a lean websocket client, so that as much of the machine as possible is
// left to the server under test: each connection is dialled and subscribed with blocking I/O, and then
// every socket is read by a few goroutines waiting on epoll, with no goroutine, buffer or allocation per
// connection and message beyond a small read buffer. It answers the server's pings, as a browser does.

// sub is one subscriber; only one epoll loop reads it.
type sub struct {
	fd      int
	pending []byte // the start of a frame that has not fully arrived
}

// runChild opens n websockets to the server, subscribes each to the pool, says "ready RETRIES", then
// stamps every poolUpdate's receipt. It says "done K" once every subscriber has event K, and answers
// "report" on stdin by writing the receipts to out and saying "reported"; "quit" or the end of stdin
// closes everything.
func runChild(baseURL string, poolID int64, n, events, batch int, out, cpuProfile string) error {
	loadenv.RaiseFileLimit()
	at := make([][]int64, events)
	for k := range at {
		at[k] = make([]int64, n)
	}
	got := make([]atomic.Int64, events)
	subs := make([]*sub, n)
	var dropped atomic.Int64
	u, err := url.Parse(baseURL)
	if err != nil {
		return err
	}
	tcp, err := net.ResolveTCPAddr("tcp4", u.Host)
	if err != nil {
		return err
	}
	addr := &syscall.SockaddrInet4{Port: tcp.Port}
	copy(addr.Addr[:], tcp.IP.To4())
	subscribe := []byte(fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, poolID))

	var retries atomic.Int64
	var firstErr error
	var errMu sync.Mutex
	sem := make(chan struct{}, batch)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var s *sub
			var err error
			for attempt := 0; attempt < 30; attempt++ {
				if attempt > 0 {
					retries.Add(1)
					time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
				}
				if s, err = connect(addr, u.Host, subscribe); err == nil {
					break
				}
			}
			if err != nil {
				errMu.Lock()
				if firstErr == nil {
					firstErr = fmt.Errorf("connection %d: %w", i, err)
				}
				errMu.Unlock()
				return
			}
			subs[i] = s
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}

	// Two epoll loops (one per core of the machine this was written for), each with half the sockets.
	const loops = 2
	var quitting atomic.Bool
	epfds := make([]int, loops)
	for l := range epfds {
		if epfds[l], err = syscall.EpollCreate1(syscall.EPOLL_CLOEXEC); err != nil {
			return fmt.Errorf("epoll: %w", err)
		}
	}
	for i, s := range subs {
		ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP, Fd: int32(i)}
		if err := syscall.EpollCtl(epfds[i%loops], syscall.EPOLL_CTL_ADD, s.fd, &ev); err != nil {
			return fmt.Errorf("epoll add: %w", err)
		}
	}
	onMessage := func(i int, now int64, payload []byte) {
		k := eventOf(payload)
		if k < 0 || k >= events {
			return
		}
		if atomic.CompareAndSwapInt64(&at[k][i], 0, now) && got[k].Add(1) == int64(n) {
			say("done %d", k)
		}
	}
	var loopsDone sync.WaitGroup
	for l := 0; l < loops; l++ {
		loopsDone.Add(1)
		go func() {
			defer loopsDone.Done()
			evs := make([]syscall.EpollEvent, 256)
			buf := make([]byte, 64<<10)
			for !quitting.Load() {
				m, err := syscall.EpollWait(epfds[l], evs, 100)
				if err != nil && err != syscall.EINTR {
					return
				}
				for _, ev := range evs[:max(m, 0)] {
					i := int(ev.Fd)
					if !subs[i].readable(i, buf, onMessage) {
						syscall.EpollCtl(epfds[l], syscall.EPOLL_CTL_DEL, subs[i].fd, nil)
						if !quitting.Load() {
							dropped.Add(1)
						}
					}
				}
			}
		}()
	}

	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
	}
	say("ready %d", retries.Load())

	closeAll := func() {
		quitting.Store(true)
		loopsDone.Wait()
		for _, s := range subs {
			syscall.Close(s.fd)
		}
	}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		switch sc.Text() {
		case "report":
			if cpuProfile != "" {
				pprof.StopCPUProfile()
			}
			rec := receipts{At: make([][]int64, events)}
			for k := range at {
				rec.At[k] = make([]int64, n)
				for i := range at[k] {
					rec.At[k][i] = atomic.LoadInt64(&at[k][i])
				}
			}
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode(rec); err != nil {
				return err
			}
			if err := os.WriteFile(out, buf.Bytes(), 0o600); err != nil {
				return err
			}
			if d := dropped.Load(); d > 0 {
				fmt.Fprintf(os.Stderr, "wsfanout child: %d connections were closed by the server\n", d)
			}
			say("reported")
		case "quit":
			closeAll()
			return nil
		}
	}
	closeAll()
	return nil
}

// readable reads what has arrived on the socket and hands every whole text message to onMessage with the
// time it was read. It answers pings, and reports false once the connection is closed.
func (s *sub) readable(i int, buf []byte, onMessage func(int, int64, []byte)) bool {
	for {
		n, err := syscall.Read(s.fd, buf)
		now := time.Now().UnixNano()
		if err == syscall.EAGAIN {
			return true
		}
		if err == syscall.EINTR {
			continue
		}
		if err != nil || n == 0 {
			return false
		}
		data := buf[:n]
		if len(s.pending) > 0 {
			data = append(s.pending, data...)
		}
		for {
			op, payload, size := parseFrame(data)
			if size == 0 {
				break
			}
			switch op {
			case 0x1: // text
				onMessage(i, now, payload)
			case 0x8: // close
				return false
			case 0x9: // ping: answer with a pong carrying the same data
				syscall.Write(s.fd, maskedFrame(0xA, payload))
			}
			data = data[size:]
		}
		s.pending = append(s.pending[:0], data...)
		if n < len(buf) {
			return true
		}
	}
}

// parseFrame reads one whole unmasked frame (as a server sends) at the start of data, returning its
// opcode, payload and size, or size 0 when it has not fully arrived.
func parseFrame(data []byte) (op byte, payload []byte, size int) {
	if len(data) < 2 {
		return 0, nil, 0
	}
	op = data[0] & 0x0f
	length := int(data[1] & 0x7f)
	h := 2
	switch length {
	case 126:
		if len(data) < 4 {
			return 0, nil, 0
		}
		length, h = int(binary.BigEndian.Uint16(data[2:4])), 4
	case 127:
		if len(data) < 10 {
			return 0, nil, 0
		}
		length, h = int(binary.BigEndian.Uint64(data[2:10])), 10
	}
	if len(data) < h+length {
		return 0, nil, 0
	}
	return op, data[h : h+length], h + length
}

// maskedFrame builds a final client frame (clients must mask) with a zero masking key: the payload
// goes out as it is, which is allowed.
func maskedFrame(op byte, payload []byte) []byte {
	f := []byte{0x80 | op}
	switch {
	case len(payload) > 65535:
		f = append(f, 0x80|127)
		f = binary.BigEndian.AppendUint64(f, uint64(len(payload)))
	case len(payload) > 125:
		f = append(f, 0x80|126)
		f = binary.BigEndian.AppendUint16(f, uint16(len(payload)))
	default:
		f = append(f, 0x80|byte(len(payload)))
	}
	f = append(f, 0, 0, 0, 0)
	return append(f, payload...)
}

// connect dials the server, upgrades to a websocket, subscribes and waits for the confirmation. The
// socket is a plain file descriptor, unknown to Go's network poller: only the epoll loops watch it.
func connect(addr *syscall.SockaddrInet4, host string, subscribe []byte) (*sub, error) {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*sub, error) {
		syscall.Close(fd)
		return nil, err
	}
	timeout := syscall.NsecToTimeval(int64(20 * time.Second))
	syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, syscall.SO_RCVTIMEO, &timeout)
	syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, syscall.SO_SNDTIMEO, &timeout)
	syscall.SetsockoptInt(fd, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1)
	if err := syscall.Connect(fd, addr); err != nil {
		return fail(err)
	}
	key := make([]byte, 16)
	rand.Read(key)
	req := "GET /ws HTTP/1.1\r\nHost: " + host + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: " + base64.StdEncoding.EncodeToString(key) + "\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if err := writeAll(fd, []byte(req)); err != nil {
		return fail(err)
	}
	var data []byte
	buf := make([]byte, 4096)
	readMore := func() error {
		n, err := syscall.Read(fd, buf)
		if err != nil {
			return err
		}
		if n == 0 {
			return io.EOF
		}
		data = append(data, buf[:n]...)
		return nil
	}
	end := -1
	for end < 0 {
		if err := readMore(); err != nil {
			return fail(err)
		}
		end = bytes.Index(data, []byte("\r\n\r\n"))
	}
	if !bytes.HasPrefix(data, []byte("HTTP/1.1 101")) {
		return fail(fmt.Errorf("handshake: %s", bytes.SplitN(data, []byte("\r\n"), 2)[0]))
	}
	data = data[end+4:]
	if err := writeAll(fd, maskedFrame(0x1, subscribe)); err != nil {
		return fail(err)
	}
	for {
		op, payload, size := parseFrame(data)
		if size == 0 {
			if err := readMore(); err != nil {
				return fail(err)
			}
			continue
		}
		if op != 0x1 || !bytes.Contains(payload, []byte(`"type":"subscribed"`)) {
			return fail(fmt.Errorf("subscribe: %s", payload))
		}
		data = data[size:]
		break
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		return fail(err)
	}
	return &sub{fd: fd, pending: bytes.Clone(data)}, nil
}

func writeAll(fd int, b []byte) error {
	for len(b) > 0 {
		n, err := syscall.Write(fd, b)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

// eventOf returns the event a poolUpdate is about: the grid index of its (first) changed square, which
// the parent claims in order 0, 1, 2, ... It returns -1 for any other message.
func eventOf(data []byte) int {
	i := bytes.Index(data, []byte(`"squares":[`))
	if i < 0 {
		return -1
	}
	rest := data[i:]
	row := intAfter(rest, `"row":`)
	col := intAfter(rest, `"column":`)
	if row < 0 || col < 0 {
		return -1
	}
	return row*10 + col
}

func intAfter(data []byte, key string) int {
	i := bytes.Index(data, []byte(key))
	if i < 0 {
		return -1
	}
	j := i + len(key)
	k := j
	for k < len(data) && data[k] >= '0' && data[k] <= '9' {
		k++
	}
	v, err := strconv.Atoi(string(data[j:k]))
	if err != nil {
		return -1
	}
	return v
}
