package http_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// benchConfigCall measures GET /api/config through the server's whole handler (middleware, router,
// session lookup, handler) in process, without a network.
func benchConfigCall(b *testing.B, cfg squareshttp.Config) {
	db := storetest.Open(b, store.SQLite)
	srv := squareshttp.NewServer(cfg, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	h := srv.Handler()
	req := httptest.NewRequest("GET", "/api/config", nil)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}

func BenchmarkConfigCall(b *testing.B) {
	benchConfigCall(b, squareshttp.Config{Addr: "127.0.0.1:0"})
}

func BenchmarkConfigCallWithMetrics(b *testing.B) {
	benchConfigCall(b, squareshttp.Config{Addr: "127.0.0.1:0", MetricsAddr: "127.0.0.1:0"})
}
