package http

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A request its client abandoned fails inside the store with the cancelled context or a transaction
// database/sql already rolled back: 499, logged as the client going away, not as an internal error.
// The same failure with the client still waiting is a 500, logged as one.
func TestErrorOfAnAbandonedRequestIsNoInternalError(t *testing.T) {
	for _, tc := range []struct {
		name      string
		cancelled bool
		err       error
		status    int
		internal  bool
	}{
		{"cancelled begin", true, fmt.Errorf("begin: %w", context.Canceled), statusClientClosedRequest, false},
		{"rolled back on cancel", true, fmt.Errorf("commit: %w", sql.ErrTxDone), statusClientClosedRequest, false},
		{"client still waiting", false, fmt.Errorf("commit: %w", sql.ErrTxDone), http.StatusInternalServerError, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs bytes.Buffer
			s := &Server{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancelled {
				cancel()
			}
			rec := httptest.NewRecorder()
			s.Error(rec, httptest.NewRequest("GET", "/api/user/prizes", nil).WithContext(ctx), tc.err)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if got := strings.Contains(logs.String(), "internal error"); got != tc.internal {
				t.Fatalf("logged as an internal error: %v, want %v:\n%s", got, tc.internal, logs.String())
			}
			if strings.Contains(rec.Body.String(), "sql") {
				t.Fatalf("the cause leaked: %s", rec.Body)
			}
		})
	}
}
