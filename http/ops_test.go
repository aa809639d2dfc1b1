package http_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestClaimAndCheckoutRateLimits(t *testing.T) {
	s := startAPIWith(t, store.SQLite, func(c *squareshttp.Config) {
		c.ClaimLimit = squareshttp.RateLimit{Every: time.Hour, Burst: 2}
		c.CheckoutLimit = squareshttp.RateLimit{Every: time.Hour, Burst: 1}
	})
	_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
	s.activate(t, pools[0])
	free := fmt.Sprintf("/api/pools/%d/squares", pools[0].ID)
	cell := func(row, col int) map[string]int { return map[string]int{"row": row, "column": col} }
	ann, _ := s.register(t, "1990-01-01", "NY")
	ann.post(free, cell(0, 0)).want(http.StatusCreated)
	ann.post(free, cell(0, 1)).want(http.StatusCreated)
	r := ann.post(free, cell(0, 2))
	r.wantError(http.StatusTooManyRequests, "too_many_requests", "")
	if secs, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || secs < 3000 || secs > 3600 {
		t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	if !strings.Contains(string(r.Body), "Too many claims") {
		t.Errorf("429 body %s", r.Body)
	}
	// Per player: another is not held back.
	bo, _ := s.register(t, "1990-01-01", "NY")
	bo.post(free, cell(1, 0)).want(http.StatusCreated)

	// Checkouts: one call, then 429 (the server takes no payments, so the first is refused 422 after the
	// limit let it through).
	body := map[string]any{"poolId": pools[0].ID, "amount": "1.00", "squares": []map[string]int{cell(5, 5)}}
	ann.post("/api/create-escrow-payment", body).want(http.StatusUnprocessableEntity)
	ann.post("/api/purchase-squares", map[string]any{"poolId": pools[0].ID, "paymentIntentId": "pi_1"}).
		wantError(http.StatusTooManyRequests, "too_many_requests", "")
	bo.post("/api/create-escrow-payment", body).want(http.StatusUnprocessableEntity)
}

func wsURL(base string) string { return "ws" + strings.TrimPrefix(base, "http") + "/ws" }

// dialOrigin opens a websocket with an Origin header; it returns the HTTP status of a refusal.
func dialOrigin(t *testing.T, base, origin string) (*websocket.Conn, int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h := http.Header{}
	if origin != "" {
		h.Set("Origin", origin)
	}
	c, resp, err := websocket.Dial(ctx, wsURL(base), &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		if resp == nil {
			t.Fatalf("dial: %v", err)
		}
		b, _ := io.ReadAll(resp.Body)
		return nil, resp.StatusCode, string(b)
	}
	t.Cleanup(func() { c.CloseNow() })
	return c, http.StatusSwitchingProtocols, ""
}

// startLiveWith starts a live server (websockets on) in or out of development mode.
func startLiveWith(t *testing.T, configure func(*squareshttp.Config)) *squareshttp.Server {
	t.Helper()
	db := storetest.Open(t, store.SQLite)
	s := newLiveServer(t, db, configure)
	return s
}

func TestWebsocketOrigins(t *testing.T) {
	prod := startLiveWith(t, func(c *squareshttp.Config) {
		c.Dev = false
		c.AllowedOrigins = []string{"https://app.example.com"}
	})
	host := prod.URL()
	for _, tc := range []struct {
		origin string
		want   int
	}{
		{"", http.StatusSwitchingProtocols},                        // not a browser
		{host, http.StatusSwitchingProtocols},                      // same host
		{"https://app.example.com", http.StatusSwitchingProtocols}, // allowed
		{"https://evil.example", http.StatusForbidden},
		{"http://localhost:5173", http.StatusForbidden}, // localhost only in development mode
		{"null", http.StatusForbidden},
	} {
		_, status, body := dialOrigin(t, host, tc.origin)
		if status != tc.want {
			t.Errorf("origin %q: %d %s, want %d", tc.origin, status, body, tc.want)
		}
		if status == http.StatusForbidden && !strings.Contains(body, "not allowed from origin") {
			t.Errorf("origin %q: body %s", tc.origin, body)
		}
	}
	dev := startLiveWith(t, nil)
	for _, o := range []string{"http://localhost:5173", "http://127.0.0.1:4173"} {
		if _, status, body := dialOrigin(t, dev.URL(), o); status != http.StatusSwitchingProtocols {
			t.Errorf("development mode, origin %q: %d %s", o, status, body)
		}
	}
}

func TestWebsocketConnectionsPerAddress(t *testing.T) {
	srv := startLiveWith(t, func(c *squareshttp.Config) { c.WSConnsPerAddr = 2 })
	a, _, _ := dialOrigin(t, srv.URL(), "")
	b, _, _ := dialOrigin(t, srv.URL(), "")
	if a == nil || b == nil {
		t.Fatal("first two connections refused")
	}
	_, status, body := dialOrigin(t, srv.URL(), "")
	if status != http.StatusTooManyRequests || !strings.Contains(body, "Too many live connections from your address") {
		t.Fatalf("third connection: %d %s", status, body)
	}
	// Closing one frees its place.
	a.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, status, _ := dialOrigin(t, srv.URL(), "")
		if c != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a close: still %d", status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestWebsocketSubscriptionCap(t *testing.T) {
	db := storetest.Open(t, store.SQLite)
	srv := newLiveServer(t, db, nil)
	ws := dialWS(t, srv.URL())
	var last int64
	for i := range 51 {
		p := openFreePool(t, db)
		last = p.ID
		if i >= 15 {
			time.Sleep(110 * time.Millisecond) // under the message rate limit
		}
		sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": p.ID})
		if i < 50 {
			readUntil(t, ws, "subscribed")
		}
	}
	m := readUntil(t, ws, "error")
	if m["message"] != "Too many subscriptions on one connection." {
		t.Fatalf("51st subscription (pool %d): %v", last, m)
	}
}

// scrape reads the metrics listener's text.
func scrape(t *testing.T, addr string) string {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("metrics: %d %s", resp.StatusCode, b)
	}
	return string(b)
}

func TestMetrics(t *testing.T) {
	db := storetest.Open(t, store.SQLite)
	srv := newLiveServer(t, db, func(c *squareshttp.Config) {
		c.MetricsAddr = "127.0.0.1:0"
		c.ClaimLimit = squareshttp.RateLimit{Every: time.Hour, Burst: 1}
	})
	if srv.MetricsAddr() == "" || srv.MetricsAddr() == srv.Addr() {
		t.Fatalf("metrics address %q, server %q", srv.MetricsAddr(), srv.Addr())
	}
	s := &apiServer{Server: srv, db: db}
	c := s.client(t)
	c.get("/api/config").want(http.StatusOK)
	c.get("/api/config").want(http.StatusOK)
	p := openFreePool(t, db)
	ann, _ := s.register(t, "1990-01-01", "NY")
	path := fmt.Sprintf("/api/pools/%d/squares", p.ID)
	ann.post(path, map[string]int{"row": 1, "column": 1}).want(http.StatusCreated)
	ann.post(path, map[string]int{"row": 1, "column": 2}).want(http.StatusTooManyRequests)
	dialWS(t, srv.URL())
	// The site itself does not serve the metrics.
	if r := c.get("/metrics"); strings.Contains(string(r.Body), "squares_http_requests_total") {
		t.Errorf("/metrics on the site's address: %d", r.Status)
	}

	text := scrape(t, srv.MetricsAddr())
	for _, want := range []string{
		`squares_http_requests_total{code="200",route="GET /api/config"} 2`,
		`squares_http_requests_total{code="201",route="POST /api/pools/{id}/squares"} 1`,
		`squares_http_request_duration_seconds_count{route="GET /api/config"} 2`,
		`squares_claims_total{result="claimed"} 1`,
		`squares_claims_total{result="limited"} 1`,
		`squares_rate_limited_total{what="claims"} 1`,
		`squares_websocket_connections 1`,
		`squares_escrow_backlog{action="capture"} 0`,
		`squares_escrow_failing 0`,
		`squares_database_up 1`,
		`go_goroutines`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	// Routes by pattern, never by raw path.
	if strings.Contains(text, path) {
		t.Errorf("metrics name the raw path %s", path)
	}
	if t.Failed() {
		t.Log(text)
	}
}

func TestMetricsHooksWithoutServer(t *testing.T) {
	var m *squareshttp.Metrics // off: hooks do nothing
	m.FeedPoll("espn", nil)
	m.AutomationDecision("cancel")
	m = squareshttp.NewMetrics()
	m.FeedPoll("espn", nil)
	m.FeedPoll("espn", io.ErrUnexpectedEOF)
	m.AutomationDecision("house_fill")
	db := storetest.Open(t, store.SQLite)
	srv := newLiveServer(t, db, func(c *squareshttp.Config) { c.MetricsAddr, c.Metrics = "127.0.0.1:0", m })
	text := scrape(t, srv.MetricsAddr())
	for _, want := range []string{`squares_feed_polls_total{provider="espn",result="ok"} 1`,
		`squares_feed_polls_total{provider="espn",result="error"} 1`, `squares_automation_decisions_total{action="house_fill"} 1`} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// newLiveServer starts a development-mode server with live updates on db (SQLite, in-process events),
// its configuration changed first by configure.
func newLiveServer(t *testing.T, db *store.DB, configure func(*squareshttp.Config)) *squareshttp.Server {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	events := pubsub.NewLocal(logger)
	db.Events = events
	elig, _ := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
	cfg := squareshttp.Config{Addr: "127.0.0.1:0", Dev: true, Eligibility: elig}
	if configure != nil {
		configure(&cfg)
	}
	srv := squareshttp.NewServer(cfg, db, logger)
	srv.Events = events
	wire(srv)
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
	return srv
}
