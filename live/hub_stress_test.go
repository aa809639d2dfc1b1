//go:build linux

package live

import (
	"context"
	"fmt"
	mathrand "math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
)

// smallBuffers dials with a small socket receive buffer and segment size, so that a browser that stops
// reading makes the server's writes block after some 30 KB, as a phone on a poor network does. (On
// loopback a segment is 64 KB and the sender's buffer grows to megabytes.)
var smallBuffers = &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{
	Control: func(_, _ string, rc syscall.RawConn) error {
		var err error
		rc.Control(func(fd uintptr) {
			if err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024); err == nil {
				err = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_MAXSEG, 536)
			}
		})
		return err
	}}).DialContext}}

// churn is one of the messages that subscribe and unsubscribe, on pools and games, allowed or not.
func (e *stressEnv) churn(r *mathrand.Rand) string {
	pool := e.pools[r.IntN(len(e.pools))]
	if r.IntN(8) == 0 {
		pool = e.drafts[r.IntN(len(e.drafts))]
	}
	switch r.IntN(5) {
	case 0, 1:
		return fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, pool)
	case 2:
		return fmt.Sprintf(`{"type":"unsubscribe","poolId":%d}`, pool)
	case 3:
		return fmt.Sprintf(`{"type":"subscribeToGame","gameId":%d}`, e.gameOf[pool])
	default:
		return fmt.Sprintf(`{"type":"unsubscribeFromGame","gameId":%d}`, e.gameOf[pool])
	}
}

func write(ctx context.Context, ws *websocket.Conn, msg string) error {
	return ws.Write(ctx, websocket.MessageText, []byte(msg))
}

// TestHubStress runs many real websockets against a hub that pings every 250 ms and waits 4 s for the
// pong, all at once: browsers that subscribe, unsubscribe and leave; browsers that go silent past the ping
// deadline while still subscribing and unsubscribing; browsers that stop reading while the updates of
// everything they watch pour in (dropped as too slow); browsers that flood; browsers that vanish without a
// close. The process must not crash (a concurrent map write is fatal), the race detector must stay quiet,
// and once every browser has gone the hub must hold nothing.
func TestHubStress(t *testing.T) {
	env := startStress(t, 250*time.Millisecond, 4*time.Second)
	const workers = 20
	duration := 6 * time.Second
	if testing.Short() {
		duration = 3 * time.Second
	}
	ctx, stop := context.WithTimeout(context.Background(), duration)
	defer stop()

	// The publisher: an event every 10 ms (each costs the hub a database read), most of them for the first
	// game, whose update reaches the game's watchers and those of each of its pools.
	hotGame := env.games[0]
	var published atomic.Int64
	pubDone := make(chan struct{})
	go func() {
		defer close(pubDone)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		r := mathrand.New(mathrand.NewPCG(1, 2))
		start := time.Now()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			for range min(time.Since(start).Milliseconds()/10-published.Load(), 100) {
				ev := squares.Event{Kind: squares.EventGame, GameID: hotGame}
				switch r.IntN(10) {
				case 0:
					ev = squares.Event{Kind: squares.EventGame, GameID: env.games[1]}
				case 1, 2:
					ev = squares.Event{Kind: squares.EventPool, PoolID: env.pools[r.IntN(len(env.pools))]}
				case 3:
					ev = squares.Event{Kind: squares.EventUser, UserID: env.users[r.IntN(len(env.users))]}
				}
				env.events.Publish(context.Background(), ev)
				published.Add(1)
			}
		}
	}()

	var (
		mu      sync.Mutex
		reasons = map[string]int{}
		kinds   = map[string]int{}
	)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			r := mathrand.New(mathrand.NewPCG(uint64(w), 7))
			for ctx.Err() == nil {
				kind := [...]string{"polite", "polite", "silent", "silent", "slow", "slow", "flood", "vanish"}[r.IntN(8)]
				cookie, client := "", (*http.Client)(nil)
				if r.IntN(3) == 0 {
					cookie = env.cookies[r.IntN(len(env.cookies))]
				}
				if kind == "slow" {
					cookie, client = env.adminCookie, smallBuffers // an admin may watch the draft pools too
				}
				ws, err := env.dial(cookie, client)
				if err != nil {
					if ctx.Err() == nil {
						t.Errorf("dial: %v", err)
					}
					return
				}
				reason := env.play(kind, ws, r, hotGame)
				ws.CloseNow()
				mu.Lock()
				kinds[kind]++
				if reason != "" {
					reasons[reason]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	<-pubDone
	t.Logf("connections %v, %d events published; close reasons %v", kinds, published.Load(), reasons)
	waitEmpty(t, env.hub, 15*time.Second)
	for _, want := range []string{"no pong", "too slow"} {
		if reasons[want] == 0 {
			t.Errorf("no connection was dropped with %q: %v", want, reasons)
		}
	}

	// The hub still serves: a new browser subscribes and hears its pool.
	ws, err := env.dial("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	rctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	write(rctx, ws, fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, env.pools[1]))
	for subscribed := false; ; {
		_, data, err := ws.Read(rctx)
		if err != nil {
			t.Fatalf("after the stress, a new subscriber: %v", err)
		}
		if !subscribed && strings.Contains(string(data), `"subscribed"`) {
			subscribed = true
			env.events.Publish(context.Background(), squares.Event{Kind: squares.EventPool, PoolID: env.pools[1]})
		}
		if subscribed && strings.Contains(string(data), `"poolUpdate"`) {
			break
		}
	}
}

// play acts one browser of the given kind on ws and returns the server's close reason, if it saw one.
func (e *stressEnv) play(kind string, ws *websocket.Conn, r *mathrand.Rand, hotGame int64) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	switch kind {
	case "polite":
		// Reads all along (so it answers pings), subscribes and unsubscribes, and leaves with a close or
		// without one.
		read := make(chan struct{})
		go func() {
			defer close(read)
			closeReason(ws, 10*time.Second)
		}()
		for range 1 + r.IntN(8) {
			if write(ctx, ws, e.churn(r)) != nil {
				break
			}
			time.Sleep(time.Duration(r.IntN(150)) * time.Millisecond)
		}
		if r.IntN(2) == 0 {
			ws.Close(websocket.StatusNormalClosure, "")
		} else {
			ws.CloseNow()
		}
		<-read
		return ""
	case "silent":
		// Stops reading (so it answers no ping) but goes on subscribing and unsubscribing past the ping
		// deadline, within the message rate; then it reads again and finds the server's close.
		for range 20 {
			if write(ctx, ws, e.churn(r)) != nil {
				break
			}
			time.Sleep(e.pong / 16 * time.Duration(5+r.IntN(10)) / 10)
		}
		return closeReason(ws, 8*time.Second)
	case "slow":
		// Watches the busy game and its five pools and, once the server has confirmed, stops reading while
		// their updates pour in; it still subscribes and unsubscribes now and then. Then it reads again and
		// finds the server's close.
		write(ctx, ws, fmt.Sprintf(`{"type":"subscribeToGame","gameId":%d}`, hotGame))
		for pool, game := range e.gameOf {
			if game == hotGame {
				write(ctx, ws, fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, pool))
			}
		}
		for confirmed := 0; confirmed < 6; {
			_, data, err := ws.Read(ctx)
			if err != nil {
				return reasonOf(err)
			}
			if strings.Contains(string(data), `"subscribed"`) {
				confirmed++
			}
		}
		for range 10 {
			if write(ctx, ws, e.churn(r)) != nil {
				break
			}
			time.Sleep(e.pong / 16 * time.Duration(5+r.IntN(10)) / 10)
		}
		return closeReason(ws, 3*time.Second)
	case "flood":
		// Reads all along, but sends far more messages than the rate allows.
		reason := make(chan string, 1)
		go func() { reason <- closeReason(ws, 8*time.Second) }()
		for range 300 {
			if write(ctx, ws, `{"type":"ping"}`) != nil {
				break
			}
		}
		return <-reason
	default: // vanish: subscribes to a few pools and games and drops the connection without a word.
		for range 1 + r.IntN(6) {
			write(ctx, ws, e.churn(r))
		}
		time.Sleep(time.Duration(r.IntN(50)) * time.Millisecond)
		ws.CloseNow()
		return ""
	}
}
