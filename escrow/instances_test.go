package escrow_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// callCount counts provider calls by call and provider payment id.
type callCount struct {
	mu    sync.Mutex
	calls map[string]int
}

// countingProvider counts the calls that move money in a count it may share with other providers.
type countingProvider struct {
	squares.PaymentProvider
	*callCount
}

func (c *countingProvider) count(call, id string) {
	c.mu.Lock()
	c.calls[call+" "+id]++
	c.mu.Unlock()
}

func (c *countingProvider) Capture(ctx context.Context, id, key string) (*squares.ProviderPayment, error) {
	c.count("capture", id)
	return c.PaymentProvider.Capture(ctx, id, key)
}

func (c *countingProvider) Refund(ctx context.Context, id, key string) (*squares.ProviderPayment, error) {
	c.count("refund", id)
	return c.PaymentProvider.Refund(ctx, id, key)
}

// TestTwoInstancesCaptureOnce: the escrows of two servers on one database (with PostgreSQL, each on its
// own connections; with SQLite, two passes in one server, as its ticker and an admin's request make them)
// run their passes at the same moment: every payment of three complete pools is captured once at the
// provider between them, and once the pools are cancelled every capture refunded once.
func TestTwoInstancesCaptureOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		count := &callCount{calls: map[string]int{}}
		calls := count.calls
		instance := func(db *store.DB) *escrow.Escrow {
			sb := sandbox.New(db)
			sb.Now = e.clock.Now
			esc := escrow.New(db, &countingProvider{PaymentProvider: sb, callCount: count}, slog.New(slog.NewTextHandler(io.Discard, nil)))
			sb.OnEvent = esc.HandleEvent
			return esc
		}
		dbB := e.db
		if engine == store.Postgres {
			dbB = store.New(e.url)
			dbB.Now = e.clock.Now
			if err := dbB.Open(e.ctx); err != nil {
				t.Fatal(err)
			}
			defer dbB.Close()
		}
		a, b := instance(e.db), instance(dbB)
		var pools []*squares.PoolView
		for range 3 {
			p := e.game()[1]
			e.fill(p)
			pools = append(pools, p)
		}
		both := func() {
			t.Helper()
			var wg sync.WaitGroup
			for _, esc := range []*escrow.Escrow{a, b} {
				wg.Go(func() {
					if err := esc.RunOnce(e.ctx); err != nil {
						t.Errorf("pass: %v", err)
					}
				})
			}
			wg.Wait()
		}
		both()
		check := func(call string, status string) {
			t.Helper()
			n := 0
			for _, p := range pools {
				pays, err := e.db.ListPoolPayments(e.ctx, p.ID)
				if err != nil {
					t.Fatal(err)
				}
				for _, pay := range pays {
					n++
					if got := calls[call+" "+pay.ProviderPaymentID]; got != 1 || pay.Status != status {
						t.Errorf("payment %s: %s, %d %s calls at the provider, want 1", pay.ID, pay.Status, got, call)
					}
				}
			}
			if n != 60 {
				t.Fatalf("%d payments, want 60", n)
			}
		}
		check("capture", squares.PaymentCaptured)
		storetest.Books(t, e.db)
		for _, p := range pools {
			if _, err := e.db.RefundPool(e.ctx, p.ID); err != nil {
				t.Fatal(err)
			}
		}
		both()
		check("refund", squares.PaymentRefunded)
		storetest.Books(t, e.db)
	})
}
