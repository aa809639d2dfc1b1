// The targets a fan-out run measures: the Squares server and its event stamper.

package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/bench/internal/loadenv"
)

// stamper wraps the event bus the store publishes to and stamps each pool event's publish time.
type stamper struct {
	squares.Events
	stamps chan time.Time
}

func (s *stamper) Publish(ctx context.Context, e squares.Event) error {
	if e.Kind == squares.EventPool {
		select {
		case s.stamps <- time.Now():
		default:
		}
	}
	return s.Events.Publish(ctx, e)
}

// memory returns HeapInuse and StackInuse after two collections, and the RSS once free memory has been
// returned to the operating system (so that garbage from setting up does not count).
func memory() (heap, stack uint64, rss int64) {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	debug.FreeOSMemory()
	return ms.HeapInuse, ms.StackInuse, loadenv.RSS()
}

// target is what the subscribers connect to: Squares, or the bare hub.
type target interface {
	url() string
	poolID() int64
	// fire sends event k's claim and returns when it was sent and when the event was published.
	fire(k int) (sent, published time.Time, err error)
	close()
}

// squaresTarget is a real Squares server with one open free pool; an event is a claim through the API.
type squaresTarget struct {
	env        *loadenv.Env
	st         *stamper
	pool       *squares.PoolView
	players    []loadenv.Player
	httpClient *http.Client
	recorder   *recorder
	// subscribeURL, when set, is a second instance on the same PostgreSQL that the subscribers connect
	// to; claims still go to the first.
	subscribeURL string
}

func newSquaresTarget(engine string, events int, second bool) (*squaresTarget, error) {
	ctx := context.Background()
	env, err := loadenv.New(ctx, engine, "")
	if err != nil {
		return nil, err
	}
	t := &squaresTarget{env: env, st: &stamper{stamps: make(chan time.Time, 1)}, httpClient: &http.Client{Timeout: 30 * time.Second}}
	if err := env.Serve(ctx, func(e squares.Events) squares.Events { t.st.Events = e; return t.st }); err != nil {
		env.Close()
		return nil, err
	}
	pools, err := env.OpenFreePools(ctx, 1)
	if err != nil {
		env.Close()
		return nil, err
	}
	t.pool = pools[0]
	if second {
		srv, err := env.ServeSecond(ctx)
		if err != nil {
			env.Close()
			return nil, err
		}
		t.subscribeURL = srv.URL()
	}
	if t.players, err = env.CreatePlayers(ctx, (events+squares.PublicSquaresPerPlayer-1)/squares.PublicSquaresPerPlayer); err != nil {
		env.Close()
		return nil, err
	}
	// One request before measuring, so that the HTTP client's and server's lazily built state exists.
	if resp, err := t.httpClient.Get(env.Server.URL() + "/healthz"); err == nil {
		resp.Body.Close()
	}
	if t.recorder, err = record(t.url(), t.pool.ID, events); err != nil {
		env.Close()
		return nil, err
	}
	return t, nil
}

func (t *squaresTarget) url() string {
	if t.subscribeURL != "" {
		return t.subscribeURL
	}
	return t.env.Server.URL()
}
func (t *squaresTarget) poolID() int64 { return t.pool.ID }
func (t *squaresTarget) close()        { t.recorder.close(); t.env.Close() }

func (t *squaresTarget) fire(k int) (sent, published time.Time, err error) {
	pl := t.players[k/squares.PublicSquaresPerPlayer]
	body := fmt.Sprintf(`{"row":%d,"column":%d}`, k/squares.GridSize, k%squares.GridSize)
	req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/api/pools/%d/squares", t.env.Server.URL(), t.pool.ID),
		strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", pl.Cookie)
	select { // forget the stamp of any earlier event (the pool's activation at set-up)
	case <-t.st.stamps:
	default:
	}
	sent = time.Now()
	resp, err := t.httpClient.Do(req)
	if err != nil {
		return sent, published, fmt.Errorf("claim %d: %w", k, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return sent, published, fmt.Errorf("claim %d: status %d", k, resp.StatusCode)
	}
	select {
	case published = <-t.st.stamps:
	case <-time.After(5 * time.Second):
		return sent, published, fmt.Errorf("claim %d published no event", k)
	}
	return sent, published, nil
}
