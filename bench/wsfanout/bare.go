package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// recorder is one websocket subscriber of the Squares server, in the parent, that keeps the first
// poolUpdate of each event so that the bare hub can send the very same bytes.
type recorder struct {
	conn *websocket.Conn
	mu   sync.Mutex
	msgs [][]byte
	done chan struct{}
}

func record(baseURL string, poolID int64, events int) (*recorder, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(baseURL, "http")+"/ws", nil)
	if err != nil {
		return nil, fmt.Errorf("recorder: %w", err)
	}
	c.SetReadLimit(1 << 20)
	if err := c.Write(ctx, websocket.MessageText, []byte(fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, poolID))); err != nil {
		c.CloseNow()
		return nil, err
	}
	r := &recorder{conn: c, msgs: make([][]byte, events), done: make(chan struct{})}
	go func() {
		defer close(r.done)
		for {
			_, data, err := c.Read(context.Background())
			if err != nil {
				return
			}
			if k := eventOf(data); k >= 0 && k < events {
				r.mu.Lock()
				if r.msgs[k] == nil {
					r.msgs[k] = data
				}
				r.mu.Unlock()
			}
		}
	}()
	return r, nil
}

func (r *recorder) close() {
	r.conn.CloseNow()
	<-r.done
}

// messages returns the recorded poolUpdates; it fails when one is missing.
func (r *recorder) messages() ([][]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for k, m := range r.msgs {
		if m == nil {
			return nil, fmt.Errorf("recorder: no poolUpdate for event %d", k)
		}
	}
	return r.msgs, nil
}

// bareHub is the baseline the fan-out is measured against: net/http and coder/websocket as a chat
// example would wire them, with nothing of Squares. The upgrade handler reads the subscribe message,
// answers it, starts a writer goroutine fed by a channel and stays in a read loop; POST /claim/{k} sends
// the recorded poolUpdate of event k to every subscriber's channel.
type bareHub struct {
	srv     *http.Server
	base    string
	msgs    [][]byte
	client  *http.Client
	stamps  chan time.Time
	mu      sync.Mutex
	subs    map[*bareConn]struct{}
	dropped atomic.Int64
}

type bareConn struct {
	c    *websocket.Conn
	send chan []byte
}

func newBareHub(msgs [][]byte) (*bareHub, error) {
	h := &bareHub{msgs: msgs, client: &http.Client{Timeout: 30 * time.Second}, stamps: make(chan time.Time, 1),
		subs: map[*bareConn]struct{}{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", h.serveWS)
	mux.HandleFunc("POST /claim/{k}", h.claim)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	h.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	h.base = "http://" + l.Addr().String()
	go h.srv.Serve(l)
	return h, nil
}

func (h *bareHub) serveWS(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	ctx := r.Context()
	_, data, err := c.Read(ctx)
	var m struct {
		PoolID int64 `json:"poolId"`
	}
	if err != nil || json.Unmarshal(data, &m) != nil {
		c.CloseNow()
		return
	}
	if err := c.Write(ctx, websocket.MessageText, []byte(fmt.Sprintf(`{"type":"subscribed","poolId":%d}`, m.PoolID))); err != nil {
		c.CloseNow()
		return
	}
	bc := &bareConn{c: c, send: make(chan []byte, 16)}
	h.mu.Lock()
	h.subs[bc] = struct{}{}
	h.mu.Unlock()
	go func() {
		for msg := range bc.send {
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err := c.Write(wctx, websocket.MessageText, msg)
			cancel()
			if err != nil {
				c.CloseNow()
			}
		}
	}()
	for {
		if _, _, err := c.Read(ctx); err != nil {
			break
		}
	}
	h.mu.Lock()
	delete(h.subs, bc)
	h.mu.Unlock()
	close(bc.send)
	c.CloseNow()
}

func (h *bareHub) claim(w http.ResponseWriter, r *http.Request) {
	k, err := strconv.Atoi(r.PathValue("k"))
	if err != nil || k < 0 || k >= len(h.msgs) {
		http.NotFound(w, r)
		return
	}
	select {
	case h.stamps <- time.Now():
	default:
	}
	msg := h.msgs[k]
	h.mu.Lock()
	for bc := range h.subs {
		select {
		case bc.send <- msg:
		default:
			h.dropped.Add(1)
		}
	}
	h.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
}

func (h *bareHub) url() string   { return h.base }
func (h *bareHub) poolID() int64 { return 1 }

func (h *bareHub) fire(k int) (sent, published time.Time, err error) {
	sent = time.Now()
	resp, err := h.client.Post(fmt.Sprintf("%s/claim/%d", h.base, k), "application/json", nil)
	if err != nil {
		return sent, published, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return sent, published, fmt.Errorf("bare claim %d: status %d", k, resp.StatusCode)
	}
	select {
	case published = <-h.stamps:
	case <-time.After(5 * time.Second):
		return sent, published, fmt.Errorf("bare claim %d stamped nothing", k)
	}
	return sent, published, nil
}

func (h *bareHub) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h.srv.Shutdown(ctx)
	h.mu.Lock()
	for bc := range h.subs {
		bc.c.CloseNow()
	}
	h.mu.Unlock()
}
