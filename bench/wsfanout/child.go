package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares/bench/internal/loadenv"
)

// runChild opens n websockets to the server, subscribes each to the pool, says "ready RETRIES", then
// stamps every poolUpdate's receipt. It says "done K" once every subscriber has event K, and answers
// "report" on stdin by writing the receipts to out and saying "reported"; "quit" or the end of stdin
// closes everything.
func runChild(baseURL string, poolID int64, n, events, batch int, out string) error {
	loadenv.RaiseFileLimit()
	at := make([][]int64, events)
	for k := range at {
		at[k] = make([]int64, n)
	}
	got := make([]atomic.Int64, events)
	conns := make([]*websocket.Conn, n)
	var quitting atomic.Bool
	var dropped atomic.Int64

	// Each dial opens its own TCP connection, which the websocket then owns.
	client := &http.Client{Transport: &http.Transport{
		DialContext:       (&net.Dialer{Timeout: 10 * time.Second}).DialContext,
		DisableKeepAlives: true,
	}}
	wsURL := "ws" + strings.TrimPrefix(baseURL, "http") + "/ws"
	subscribe := []byte(fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, poolID))

	reader := func(i int, c *websocket.Conn) {
		for {
			_, data, err := c.Read(context.Background())
			now := time.Now().UnixNano()
			if err != nil {
				if !quitting.Load() {
					dropped.Add(1)
				}
				return
			}
			k := eventOf(data)
			if k < 0 || k >= events {
				continue
			}
			if atomic.CompareAndSwapInt64(&at[k][i], 0, now) && got[k].Add(1) == int64(n) {
				say("done %d", k)
			}
		}
	}

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
			var c *websocket.Conn
			var err error
			for attempt := 0; attempt < 30; attempt++ {
				if attempt > 0 {
					retries.Add(1)
					time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
				}
				if c, err = connect(client, wsURL, subscribe); err == nil {
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
			conns[i] = c
			go reader(i, c)
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	say("ready %d", retries.Load())

	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		switch sc.Text() {
		case "report":
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
			quitting.Store(true)
			for _, c := range conns {
				c.CloseNow()
			}
			return nil
		}
	}
	quitting.Store(true)
	for _, c := range conns {
		c.CloseNow()
	}
	return nil
}

// connect dials the websocket and subscribes, returning once the server has confirmed.
func connect(client *http.Client, wsURL string, subscribe []byte) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		return nil, err
	}
	if err := c.Write(ctx, websocket.MessageText, subscribe); err != nil {
		c.CloseNow()
		return nil, err
	}
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			c.CloseNow()
			return nil, err
		}
		if bytes.Contains(data, []byte(`"type":"subscribed"`)) {
			return c, nil
		}
		if bytes.Contains(data, []byte(`"type":"error"`)) {
			c.CloseNow()
			return nil, errors.New(string(data))
		}
	}
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
