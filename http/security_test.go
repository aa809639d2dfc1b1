package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// cspDirective returns one directive of a Content-Security-Policy ("script-src 'self' ..."), or "".
func cspDirective(csp, name string) string {
	for d := range strings.SplitSeq(csp, ";") {
		d = strings.TrimSpace(d)
		if d == name || strings.HasPrefix(d, name+" ") {
			return d
		}
	}
	return ""
}

func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	s := startAPI(t, store.SQLite)
	c := s.client(t)
	for _, r := range []*apiResponse{
		c.get("/api/config").want(http.StatusOK),
		c.get("/").want(http.StatusOK),
		c.get("/api/no-such-call").want(http.StatusNotFound),
		c.post("/api/auth/login", "{").want(http.StatusBadRequest),
		c.do("DELETE", "/healthz", nil).want(http.StatusMethodNotAllowed),
	} {
		csp := r.Header.Get("Content-Security-Policy")
		script := cspDirective(csp, "script-src")
		if script == "" || strings.Contains(script, "unsafe-inline") || strings.Contains(script, "unsafe-eval") ||
			!strings.Contains(script, "'self'") || !strings.Contains(script, "https://js.stripe.com") {
			t.Errorf("%s: script-src %q in CSP %q", r.what, script, csp)
		}
		if d := cspDirective(csp, "frame-ancestors"); d != "frame-ancestors 'none'" {
			t.Errorf("%s: frame-ancestors %q", r.what, d)
		}
		if d := cspDirective(csp, "connect-src"); !strings.Contains(d, "'self'") || !strings.Contains(d, "https://api.stripe.com") {
			t.Errorf("%s: connect-src %q", r.what, d)
		}
		if d := cspDirective(csp, "frame-src"); !strings.Contains(d, "https://js.stripe.com") {
			t.Errorf("%s: frame-src %q", r.what, d)
		}
		if d := cspDirective(csp, "object-src"); d != "object-src 'none'" {
			t.Errorf("%s: object-src %q", r.what, d)
		}
		if r.Header.Get("X-Content-Type-Options") != "nosniff" || r.Header.Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
			t.Errorf("%s: nosniff %q, referrer policy %q", r.what, r.Header.Get("X-Content-Type-Options"), r.Header.Get("Referrer-Policy"))
		}
		if h := r.Header.Get("Strict-Transport-Security"); h != "" {
			t.Errorf("%s over plain HTTP: HSTS %q", r.what, h)
		}
	}
	// A client cannot ask for HSTS when no proxy is trusted.
	if h := c.do("GET", "/api/config", nil, "X-Forwarded-Proto", "https").Header.Get("Strict-Transport-Security"); h != "" {
		t.Errorf("untrusted X-Forwarded-Proto: HSTS %q", h)
	}
}

func TestHSTSBehindTrustedTLSProxy(t *testing.T) {
	s := startAPIWith(t, store.SQLite, func(c *squareshttp.Config) { c.TrustedProxies = 1 })
	c := s.client(t)
	r := c.do("GET", "/api/config", nil, "X-Forwarded-Proto", "https", "X-Forwarded-For", "203.0.113.9")
	if h := r.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(h, "max-age=31536000") {
		t.Errorf("behind a TLS proxy: HSTS %q", h)
	}
	if h := c.do("GET", "/api/config", nil, "X-Forwarded-Proto", "http").Header.Get("Strict-Transport-Security"); h != "" {
		t.Errorf("behind a plain proxy: HSTS %q", h)
	}
	// The nearest proxy's entry counts, not one the client put in front of it.
	if h := c.do("GET", "/api/config", nil, "X-Forwarded-Proto", "https, http").Header.Get("Strict-Transport-Security"); h != "" {
		t.Errorf("client-chosen https before the proxy's http: HSTS %q", h)
	}
}

func TestBodyLimits(t *testing.T) {
	s := startAPI(t, store.SQLite)
	c := s.client(t)
	huge := bytes.Repeat([]byte("a"), 2<<20)
	// Any route, even one that reads no body.
	c.do("POST", "/api/auth/logout", huge).wantError(http.StatusRequestEntityTooLarge, "too_large", "")
	c.do("POST", "/api/auth/login", huge).wantError(http.StatusRequestEntityTooLarge, "too_large", "")
	// JSON bodies are held to less.
	big := `{"email":"` + strings.Repeat("a", 100<<10) + `","password":"x"}`
	c.post("/api/auth/login", big).wantError(http.StatusRequestEntityTooLarge, "too_large", "Request body is too large.")
	// Deep nesting is refused before decoding, with a clear message.
	deep := `{"email":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`
	c.post("/api/auth/login", deep).wantError(http.StatusBadRequest, "invalid", "Invalid JSON body: nested more than 32 levels deep.")
	// Brackets inside strings do not count.
	ok := `{"email":"` + strings.Repeat("[", 100) + `@example.com","password":"wrong password"}`
	if r := c.post("/api/auth/login", ok); r.Status == http.StatusBadRequest && strings.Contains(string(r.Body), "nested") {
		t.Errorf("brackets in a string counted as nesting: %s", r.Body)
	}
	c.post("/api/auth/login", `{"email":"a@example.com"} {}`).wantError(http.StatusBadRequest, "invalid",
		"Invalid JSON body: unexpected data after the object.")
}

// logBuffer collects JSON log lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) lines(t *testing.T) []map[string]any {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	for _, l := range bytes.Split(bytes.TrimSpace(b.buf.Bytes()), []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatalf("log line %s: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

// startLogged starts a server logging JSON at debug level into the returned buffer.
func startLogged(t *testing.T, configure func(*squareshttp.Config)) (*apiServer, *logBuffer) {
	t.Helper()
	db := storetest.Open(t, store.SQLite)
	logs := &logBuffer{}
	logger := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	cfg := squareshttp.Config{Addr: "127.0.0.1:0", Dev: true}
	if configure != nil {
		configure(&cfg)
	}
	srv := squareshttp.NewServer(cfg, db, logger)
	wire(srv)
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
	return &apiServer{Server: srv, db: db}, logs
}

func TestRequestIDs(t *testing.T) {
	s, logs := startLogged(t, nil)
	c := s.client(t)
	a := c.get("/api/config").Header.Get("X-Request-Id")
	b := c.get("/api/config").Header.Get("X-Request-Id")
	if a == "" || b == "" || a == b {
		t.Fatalf("request ids %q and %q", a, b)
	}
	// Without a trusted proxy, a client's id is not taken.
	if id := c.do("GET", "/api/config", nil, "X-Request-Id", "client-chosen").Header.Get("X-Request-Id"); id == "client-chosen" || id == "" {
		t.Errorf("untrusted X-Request-Id answered %q", id)
	}
	// A handler's own log line carries the id of its request: here the internal error of a call made
	// with the database gone.
	s.db.Close()
	failed := c.get("/api/leagues").want(http.StatusInternalServerError)
	failedID := failed.Header.Get("X-Request-Id")
	var sawRequest, sawHandler bool
	for _, l := range logs.lines(t) {
		switch l["msg"] {
		case "request":
			if l["path"] == "/api/config" && l["request_id"] == a {
				sawRequest = true
				if l["route"] != "GET /api/config" {
					t.Errorf("request line route %v", l["route"])
				}
			}
		case "internal error":
			if l["request_id"] != failedID {
				t.Errorf("handler line %v, want request_id %q", l, failedID)
			}
			sawHandler = true
		}
	}
	if !sawRequest || !sawHandler {
		t.Errorf("request line with id %q: %v; handler line: %v\n%s", a, sawRequest, sawHandler, logs.buf.String())
	}
}

func TestRequestIDFromTrustedProxy(t *testing.T) {
	s := startAPIWith(t, store.SQLite, func(c *squareshttp.Config) { c.TrustedProxies = 1 })
	c := s.client(t)
	if id := c.do("GET", "/api/config", nil, "X-Request-Id", "lb-1234abcd").Header.Get("X-Request-Id"); id != "lb-1234abcd" {
		t.Errorf("proxy's X-Request-Id answered %q", id)
	}
	// A malformed one is replaced.
	if id := c.do("GET", "/api/config", nil, "X-Request-Id", "bad id\twith spaces").Header.Get("X-Request-Id"); id == "" || strings.ContainsAny(id, " \t") {
		t.Errorf("malformed X-Request-Id answered %q", id)
	}
}

func TestReadyzAndHealthz(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c := s.client(t)
		if b := c.get("/readyz").want(http.StatusOK).obj(); b["status"] != "ready" {
			t.Errorf("readyz = %v", b)
		}
		s.db.Close()
		b := c.get("/readyz").want(http.StatusServiceUnavailable).obj()
		if b["status"] != "unavailable" || b["reason"] != "database unreachable" {
			t.Errorf("readyz with the database closed = %v", b)
		}
		// Alive all the same: a restart would not bring the database back.
		if b := c.get("/healthz").want(http.StatusOK).obj(); b["status"] != "ok" {
			t.Errorf("healthz = %v", b)
		}
	})
}
