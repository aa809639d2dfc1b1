// Package push sends the push notifications of the push outbox (Web Push: RFC 8030, with the payload
// encrypted as RFC 8291 aes128gcm and the sender identified by VAPID, RFC 8292, through
// github.com/SherClockHolmes/webpush-go). Pushes are written to the database in the transaction that
// causes them, one per subscribed device; the Pusher claims due pushes with a lease, so that of several
// instances on one database only one sends each push, sends them to the devices' push services, and marks
// them sent, or failed for another attempt after squares.PushRetryDelay, giving up after MaxAttempts. A
// push service that answers 404 or 410 says the subscription is gone: it is deleted with its pushes.
//
// Delivery is at least once: an instance that stops after a push service accepted a push but before it
// marked it sent leaves it to be sent again when its lease runs out. The service worker shows a push
// under its tag, so a copy replaces the notification instead of adding one.
package push

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Config is the pusher's configuration, filled in by cmd/squares.
type Config struct {
	// Keys is the VAPID key pair that signs pushes (LoadKeys).
	Keys Keys
	// Subject is the VAPID subject: a mailto: or https: URL push services can reach the operator at
	// (Subject).
	Subject string
	// Interval is how often Run looks for pushes to send.
	Interval time.Duration
	// Lease is how long a claimed push is the sender's alone: longer than sending it can take.
	Lease time.Duration
	// Batch is how many pushes one pass takes at most.
	Batch int
	// MaxAttempts is how many attempts a push gets before it is failed for good.
	MaxAttempts int
	// Timeout bounds each request to a push service.
	Timeout time.Duration
	// Parallel is how many pushes are sent at once.
	Parallel int
	// AllowPrivate lets pushes go to push services on this machine or a private network (development
	// mode and tests); otherwise a push endpoint must resolve to a public address.
	AllowPrivate bool
	// Keep is how long pushes done with (sent, failed, skipped) are kept.
	Keep time.Duration
}

// Pusher sends the push outbox. Create it with New; Run sends in the background, RunOnce makes one pass.
// Leases and due times are on the store's clock (store.DB.Now), which tests replace.
type Pusher struct {
	Store  *store.DB
	Logger *slog.Logger
	Config Config

	client *http.Client
	owner  string
	seq    atomic.Int64

	pruneMu  sync.Mutex
	prunedAt time.Time
}

// New returns a pusher on db. Bad keys or a bad subject are an error.
func New(db *store.DB, cfg Config, logger *slog.Logger) (*Pusher, error) {
	if cfg.Interval <= 0 {
		cfg.Interval = 5 * time.Second
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 2 * time.Minute
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 100
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = squares.PushMaxAttempts
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 15 * time.Second
	}
	if cfg.Parallel <= 0 {
		cfg.Parallel = 8
	}
	if cfg.Keep <= 0 {
		cfg.Keep = 30 * 24 * time.Hour
	}
	if _, err := ParseKeys(cfg.Keys.Public, cfg.Keys.Private); err != nil {
		return nil, err
	}
	if err := CheckSubject(cfg.Subject); err != nil {
		return nil, err
	}
	p := &Pusher{Store: db, Logger: logger, Config: cfg, client: newClient(cfg.Timeout, cfg.AllowPrivate)}
	host, _ := os.Hostname()
	b := make([]byte, 6)
	rand.Read(b)
	p.owner = host + ":" + hex.EncodeToString(b)
	return p, nil
}

// errPrivateAddress refuses a connection to an address that is not on the public internet.
var errPrivateAddress = errors.New("the push endpoint is not a public address")

// newClient is the HTTP client pushes go out with: no proxy, no redirects, and, unless allowPrivate,
// connections to public addresses only, checked on the address dialled (after DNS), so that a player's
// subscription cannot make the server call into its own network.
func newClient(timeout time.Duration, allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		dialer.Control = func(network, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			if ip := net.ParseIP(host); ip == nil || !squares.PublicIP(ip) {
				return fmt.Errorf("%w (%s)", errPrivateAddress, host)
			}
			return nil
		}
	}
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{DialContext: dialer.DialContext, ForceAttemptHTTP2: true, MaxIdleConnsPerHost: 8,
			IdleConnTimeout: 90 * time.Second, TLSHandshakeTimeout: timeout, ResponseHeaderTimeout: timeout},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// Run sends pushes every Interval until ctx ends; a full batch is followed at once by the next pass.
func (p *Pusher) Run(ctx context.Context) {
	for {
		pass, err := p.RunOnce(ctx)
		if err != nil && ctx.Err() == nil {
			p.Logger.Warn("push pass", "err", err)
		}
		wait := p.Config.Interval
		if err == nil && pass.Claimed >= p.Config.Batch {
			wait = 0
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// Pass is what one pass did.
type Pass struct {
	Claimed  int // pushes taken to send
	Sent     int
	Retrying int // failed, to try again later
	Failed   int // failed for good
	Gone     int // not sent: the subscription is gone (404, 410) or was made for another key; it is deleted
}

// outcome is what became of one push.
type outcome struct {
	err  error
	fail store.PushFailure
	gone bool
}

// RunOnce makes one pass: it claims the due pushes (at most Batch), sends them, Parallel at a time, and
// records each outcome. Now and then it deletes the pushes done with for longer than Keep.
func (p *Pusher) RunOnce(ctx context.Context) (Pass, error) {
	var pass Pass
	owner := fmt.Sprintf("%s:%d", p.owner, p.seq.Add(1))
	claimed, err := p.Store.ClaimPushes(ctx, owner, p.Config.Lease, p.Config.Batch)
	if err != nil {
		return pass, err
	}
	pass.Claimed = len(claimed)
	outcomes := make([]outcome, len(claimed))
	sem := make(chan struct{}, p.Config.Parallel)
	var wg sync.WaitGroup
	for i, c := range claimed {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			outcomes[i] = p.send(ctx, c)
		})
	}
	wg.Wait()
	var firstErr error
	for i, c := range claimed {
		// Outcomes are recorded even when ctx ended: a sent push must not be sent again.
		rctx := context.WithoutCancel(ctx)
		o := outcomes[i]
		switch {
		case o.gone:
			if err := p.Store.EndPushSubscription(rctx, c.SubscriptionID, c.Subscription.Endpoint); err != nil {
				firstErr = cmp(firstErr, err)
				continue
			}
			pass.Gone++
			p.Logger.Info("push subscription ended", "push", c.ID, "subscription", c.SubscriptionID, "user", c.UserID,
				"reason", o.fail.Message)
		case o.err == nil:
			ok, err := p.Store.MarkPushSent(rctx, c.ID, owner)
			if err != nil {
				firstErr = cmp(firstErr, err)
			} else if !ok {
				p.Logger.Warn("push sent after its lease ran out: it may be sent twice", "push", c.ID)
			}
			pass.Sent++
		default:
			status, err := p.Store.MarkPushFailed(rctx, c.ID, owner, o.fail, p.Config.MaxAttempts)
			if err != nil {
				firstErr = cmp(firstErr, err)
				continue
			}
			switch status {
			case squares.PushFailed:
				pass.Failed++
				p.Logger.Error("push failed for good", "push", c.ID, "kind", c.Kind, "attempts", c.Attempts, "err", o.err)
			case squares.PushQueued:
				pass.Retrying++
				p.Logger.Warn("push failed; will retry", "push", c.ID, "kind", c.Kind, "attempts", c.Attempts, "err", o.err)
			}
		}
	}
	if err := p.prune(ctx); err != nil {
		firstErr = cmp(firstErr, err)
	}
	return pass, firstErr
}

func cmp(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// prune deletes old pushes and ended subscriptions at most once an hour.
func (p *Pusher) prune(ctx context.Context) error {
	p.pruneMu.Lock()
	defer p.pruneMu.Unlock()
	now := p.Store.Now()
	if !p.prunedAt.IsZero() && now.Sub(p.prunedAt) < time.Hour {
		return nil
	}
	p.prunedAt = now
	_, err := p.Store.PrunePushes(ctx, now.Add(-p.Config.Keep))
	return err
}

// topic is a push's Topic header, under which a push service keeps only the newest of the pushes it has
// not delivered yet: the tag, when it is one (at most 32 characters of base64url).
var topicPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

// send sends one push and says what became of it.
func (p *Pusher) send(ctx context.Context, c *squares.Push) outcome {
	sub := c.Subscription
	if sub.ServerKey != p.Config.Keys.Public {
		// The browser subscribed with another key (the keys changed since): every push service refuses it.
		return outcome{gone: true, fail: store.PushFailure{Message: "subscribed with another VAPID key"}}
	}
	payload, err := json.Marshal(c.Message)
	if err != nil {
		return outcome{err: err, fail: store.PushFailure{Message: err.Error(), Permanent: true}}
	}
	opts := &webpush.Options{HTTPClient: p.client, Subscriber: subscriber(p.Config.Subject), TTL: squares.PushTTL,
		Urgency: webpush.UrgencyNormal, VAPIDPublicKey: p.Config.Keys.Public, VAPIDPrivateKey: p.Config.Keys.Private}
	if c.Kind == squares.PushWin {
		opts.Urgency = webpush.UrgencyHigh
	}
	if topicPattern.MatchString(c.Message.Tag) {
		opts.Topic = c.Message.Tag
	}
	rctx, cancel := context.WithTimeout(ctx, p.Config.Timeout)
	defer cancel()
	resp, err := webpush.SendNotificationWithContext(rctx, payload, &webpush.Subscription{Endpoint: sub.Endpoint,
		Keys: webpush.Keys{Auth: sub.Auth, P256dh: sub.P256dh}}, opts)
	if err != nil {
		// Encryption refused the payload or the keys: no attempt changes that. A network error may pass.
		permanent := errors.Is(err, webpush.ErrMaxPadExceeded)
		return outcome{err: err, fail: store.PushFailure{Message: err.Error(), Permanent: permanent}}
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return outcome{}
	}
	msg := fmt.Sprintf("push service answered %d", resp.StatusCode)
	if text := strings.TrimSpace(strings.ToValidUTF8(string(body), "")); text != "" {
		msg += ": " + text
	}
	o := outcome{err: errors.New(msg), fail: store.PushFailure{Message: msg}}
	switch resp.StatusCode {
	case http.StatusNotFound, http.StatusGone:
		o.gone = true
	case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
		o.fail.Permanent = true
	default:
		o.fail.NotBefore = retryAfter(resp.Header.Get("Retry-After"), time.Now())
	}
	return o
}

// retryAfter reads a Retry-After header: seconds, or an HTTP date; 0 when absent or unreadable.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// subscriber is the subject as webpush-go takes it: it adds "mailto:" to anything not an https: URL.
func subscriber(subject string) string {
	return strings.TrimPrefix(subject, "mailto:")
}
