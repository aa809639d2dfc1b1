package drand

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	dlog "github.com/drand/drand/v2/common/log"
	dhttp "github.com/drand/go-clients/client/http"
	"github.com/drand/go-clients/drand"
	"go.uber.org/zap/zapcore"
)

// DefaultURLs are drand's public HTTP relays, tried in this order.
var DefaultURLs = []string{"https://api.drand.sh", "https://api2.drand.sh", "https://api3.drand.sh",
	"https://drand.cloudflare.com"}

// Source gives verified rounds of one chain: the relays (Client) or the development beacon (Dev).
type Source interface {
	Chain() *Chain
	// Fetch returns round, verified against the chain's key, or an error when no relay served it.
	Fetch(ctx context.Context, round uint64) (Beacon, error)
}

// Client fetches rounds from drand's HTTP relays with drand's own client ({relay}/{chainhash}/public/
// {round}) and verifies each against the chain: relays are tried in turn, and the whole list Tries times
// with a doubling wait between.
type Client struct {
	chain  *Chain
	urls   []string
	relays []drand.Client
	// Tries is how many times the list of relays is tried in one Fetch (default 2); Backoff the wait
	// before the second time (default 500 ms), doubled each time after; Timeout bounds each request
	// (default 5 s).
	Tries   int
	Backoff time.Duration
	Timeout time.Duration
	Logger  *slog.Logger
}

// NewClient returns a client of chain through the relays at urls (DefaultURLs when empty); transport nil
// is http.DefaultTransport.
func NewClient(c *Chain, urls []string, transport http.RoundTripper) (*Client, error) {
	if len(urls) == 0 {
		urls = DefaultURLs
	}
	cl := &Client{chain: c, urls: urls, Tries: 2, Backoff: 500 * time.Millisecond, Timeout: 5 * time.Second,
		Logger: slog.Default()}
	for _, u := range urls {
		u = strings.TrimSpace(u)
		if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			return nil, fmt.Errorf("drand relay %q is not an http(s) URL", u)
		}
		r, err := dhttp.NewWithInfo(quietLogger(), u, c.info, transport)
		if err != nil {
			return nil, fmt.Errorf("drand relay %s: %w", u, err)
		}
		cl.relays = append(cl.relays, r)
	}
	return cl, nil
}

// Chain is the client's chain.
func (c *Client) Chain() *Chain { return c.chain }

// Fetch returns round from the first relay that serves it with a signature that verifies. A relay that
// fails, or serves a round that does not verify, is passed over.
func (c *Client) Fetch(ctx context.Context, round uint64) (Beacon, error) {
	var errs []error
	wait := c.Backoff
	for try := 0; try < max(c.Tries, 1); try++ {
		if try > 0 {
			select {
			case <-ctx.Done():
				return Beacon{}, errors.Join(append(errs, ctx.Err())...)
			case <-time.After(wait):
			}
			wait *= 2
		}
		for i, r := range c.relays {
			b, err := c.fetchOne(ctx, r, round)
			if err == nil {
				return b, nil
			}
			c.Logger.Warn("drand relay failed", "relay", c.urls[i], "round", round, "err", err)
			errs = append(errs, fmt.Errorf("%s: %w", c.urls[i], err))
			if ctx.Err() != nil {
				return Beacon{}, errors.Join(errs...)
			}
		}
	}
	return Beacon{}, fmt.Errorf("drand round %d: no relay served it: %w", round, errors.Join(errs...))
}

func (c *Client) fetchOne(ctx context.Context, r drand.Client, round uint64) (Beacon, error) {
	ctx, cancel := context.WithTimeout(ctx, cmp(c.Timeout, 5*time.Second))
	defer cancel()
	res, err := r.Get(ctx, round)
	if err != nil {
		return Beacon{}, err
	}
	if res.GetRound() != round {
		return Beacon{}, fmt.Errorf("asked round %d, served round %d", round, res.GetRound())
	}
	return c.chain.Verify(round, fmt.Sprintf("%x", res.GetSignature()))
}

func cmp(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// quietLogger is drand's logger at error level: the client reports failures itself.
func quietLogger() dlog.Logger { return dlog.New(zapcore.AddSync(os.Stderr), dlog.ErrorLevel, false) }
