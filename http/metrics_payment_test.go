package http_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/squaresapp/squares/store"
)

// TestMetricsCheckoutsPaymentsBacklog: a checkout through the API moves the checkout counters and the
// payments by status; a cancelled pool's held payment shows in the escrow's backlog until the escrow
// releases it. Each read through the real metrics listener.
func TestMetricsCheckoutsPaymentsBacklog(t *testing.T) {
	s := startPayAPI(t, store.SQLite, payOptions{metrics: true})
	pools := s.paidGame(t)
	one := pools[1] // the $1 pool
	ann, _ := s.storePlayer(t, "user")
	ann.post("/api/create-escrow-payment", checkoutBody(one.ID, "2.00", at(0, 0))).want(http.StatusBadRequest)
	buy(t, ann, one, at(0, 0), at(0, 1))
	wantMetrics(t, s.MetricsAddr(),
		`squares_checkouts_total{result="ok",step="create"} 1`,
		`squares_checkouts_total{result="refused",step="create"} 1`,
		`squares_checkouts_total{result="ok",step="purchase"} 1`,
		`squares_payments{status="held"} 1`,
		`squares_escrow_backlog{action="unwind"} 0`,
	)

	ctx := context.Background()
	if _, err := s.db.CancelPool(ctx, one.ID, "metrics test"); err != nil {
		t.Fatal(err)
	}
	wantMetrics(t, s.MetricsAddr(), `squares_escrow_backlog{action="unwind"} 1`, `squares_payments{status="held"} 1`,
		`squares_pool_decisions{action="cancel",decided_by="admin"} 1`)
	if err := s.esc.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	wantMetrics(t, s.MetricsAddr(), `squares_escrow_backlog{action="unwind"} 0`, `squares_payments{status="released"} 1`)
}

// wantMetrics scrapes the metrics listener at addr and fails the test for each line it lacks.
func wantMetrics(t *testing.T, addr string, want ...string) {
	t.Helper()
	text := scrape(t, addr)
	for _, w := range want {
		if !strings.Contains(text, w+"\n") {
			t.Errorf("metrics lack %s", w)
		}
	}
	if t.Failed() {
		t.Log(text)
		t.FailNow()
	}
}
