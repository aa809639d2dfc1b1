package http

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkMiddleware measures what this package's middleware (request id, logging and metrics,
// security headers, body limit) adds to a handler that only writes a status: compare bare with the
// others.
func BenchmarkMiddleware(b *testing.B) {
	handler := func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }
	for _, tc := range []struct {
		name    string
		metrics bool
		wrap    bool
	}{{"bare", false, false}, {"chain", false, true}, {"chain+metrics", true, true}} {
		b.Run(tc.name, func(b *testing.B) {
			s := &Server{Logger: withRequestIDs(slog.New(slog.NewTextHandler(io.Discard, nil))), requestIDs: newRequestIDs()}
			var h http.Handler = http.HandlerFunc(handler)
			if tc.wrap {
				if tc.metrics {
					s.metrics = NewMetrics()
				}
				h = s.observe(s.securityHeaders(s.limitBody(s.tagRoute("GET /bench", handler))))
			}
			req := httptest.NewRequest("GET", "/bench", nil)
			w := &discardWriter{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				h.ServeHTTP(w, req)
			}
		})
	}
}

// discardWriter is a response writer that keeps nothing, its header map reused.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}
