package escrow_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// forgetfulProvider answers for the payments in unknown as a provider that never heard of them does
// (Stripe, once the operator has moved to another account's key): "No such payment_intent", every time.
type forgetfulProvider struct {
	squares.PaymentProvider
	unknown map[string]bool
}

func (f *forgetfulProvider) check(id string) error {
	if f.unknown[id] {
		return squares.Errorf(squares.ENOTFOUND, "No such payment_intent: '%s'", id)
	}
	return nil
}

func (f *forgetfulProvider) Get(ctx context.Context, id string) (*squares.ProviderPayment, error) {
	if err := f.check(id); err != nil {
		return nil, err
	}
	return f.PaymentProvider.Get(ctx, id)
}

func (f *forgetfulProvider) Capture(ctx context.Context, id, key string) (*squares.ProviderPayment, error) {
	if err := f.check(id); err != nil {
		return nil, err
	}
	return f.PaymentProvider.Capture(ctx, id, key)
}

func (f *forgetfulProvider) Release(ctx context.Context, id, key string) (*squares.ProviderPayment, error) {
	if err := f.check(id); err != nil {
		return nil, err
	}
	return f.PaymentProvider.Release(ctx, id, key)
}

func (f *forgetfulProvider) Refund(ctx context.Context, id, key string) (*squares.ProviderPayment, error) {
	if err := f.check(id); err != nil {
		return nil, err
	}
	return f.PaymentProvider.Refund(ctx, id, key)
}

// TestFailingWorkDoesNotBlockNewerWork: holds the provider no longer knows, more of them than a pass
// takes, fail every time their cancelled pool's money is returned; a newer hold of another cancelled pool
// is still returned in the first pass after its pool is cancelled. (A pass used to take the oldest items
// whatever had become of them, so items that fail for good starved every newer one.)
func TestFailingWorkDoesNotBlockNewerWork(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		fp := &forgetfulProvider{unknown: map[string]bool{}}
		e.wrap = func(sb *sandbox.Provider) squares.PaymentProvider { fp.PaymentProvider = sb; return fp }
		e.restart()
		e.esc.Batch = 3
		a := storetest.NewAuditor(t, e.url)
		pools := e.game()
		old, fresh := pools[1], pools[2]

		// Five holds in the $1 pool, then the provider forgets them; the pool is cancelled.
		var stuck []*squares.Payment
		for i := range 5 {
			pay := e.buy(e.player("Old"), old, cell(0, i)).Payment
			fp.unknown[pay.ProviderPaymentID] = true
			stuck = append(stuck, pay)
		}
		if _, err := e.esc.CancelPool(e.ctx, old.ID); err != nil {
			t.Fatal(err)
		}
		if err := e.esc.RunOnce(e.ctx); err == nil {
			t.Fatal("a pass over holds the provider does not know succeeded")
		}
		for _, pay := range stuck {
			if p := e.payment(pay.ID); p.Status != squares.PaymentHeld {
				t.Fatalf("unknown hold %s is %s", pay.ID, p.Status)
			}
		}

		// A newer hold in the $5 pool, whose pool is cancelled too: its pass returns it.
		good := e.buy(e.player("New"), fresh, cell(4, 4)).Payment
		if _, err := e.esc.CancelPool(e.ctx, fresh.ID); err != nil {
			t.Fatal(err)
		}
		if p := e.payment(good.ID); p.Status != squares.PaymentReleased {
			t.Fatalf("the newer hold is %s after its pool's cancellation, want released", p.Status)
		}
		e.audit(a)

		// Each unknown hold failed once and waits 30 s; admins see them with the provider's answer.
		checkFailures := func(attempts int) {
			t.Helper()
			fails, err := e.db.ListWorkFailures(e.ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(fails) != len(stuck) {
				t.Fatalf("%d failures listed, want %d: %+v", len(fails), len(stuck), fails)
			}
			byID := map[string]*squares.Payment{}
			for _, pay := range stuck {
				byID[pay.ID] = pay
			}
			for _, f := range fails {
				pay := byID[f.PaymentID]
				if pay == nil || f.PoolID != old.ID || f.UserID != pay.UserID || f.Status != squares.PaymentHeld ||
					f.Action != store.WorkReleaseOrRefund || f.Attempts != attempts ||
					!strings.Contains(f.LastError, "No such payment_intent: '"+pay.ProviderPaymentID+"'") ||
					!f.NextAttemptAt.Equal(e.clock.Now().Add(squares.RetryDelay(attempts))) {
					t.Fatalf("failure after %d attempts at %s = %+v", attempts, e.clock.Now(), f)
				}
			}
		}
		checkFailures(1)
		if err := e.esc.RunOnce(e.ctx); err != nil {
			t.Fatalf("a pass before any retry is due: %v", err)
		}

		// Each retry waits twice as long as the one before: 30 s, 1 min, 2 min.
		for attempts := 2; attempts <= 4; attempts++ {
			e.clock.Add(squares.RetryDelay(attempts - 1))
			for pass := range 2 { // five due, three a pass
				if err := e.esc.RunOnce(e.ctx); err == nil {
					t.Fatalf("retry pass %d after %d attempts succeeded", pass, attempts-1)
				}
			}
			checkFailures(attempts)
			e.clock.Add(squares.RetryDelay(attempts) - time.Second)
			if err := e.esc.RunOnce(e.ctx); err != nil {
				t.Fatalf("a pass before the retry is due: %v", err)
			}
			e.clock.Add(-squares.RetryDelay(attempts) + time.Second)
		}

		// The provider knows them again (the operator restored the key): the next attempt returns them, and
		// their failures are forgotten.
		clear(fp.unknown)
		e.clock.Add(squares.RetryDelay(4))
		e.runOnce()
		e.runOnce()
		for _, pay := range stuck {
			if p := e.payment(pay.ID); p.Status != squares.PaymentReleased {
				t.Fatalf("hold %s is %s once the provider knows it again", pay.ID, p.Status)
			}
		}
		var rows int
		if err := a.Conn.QueryRow(`SELECT COUNT(*) FROM payment_work`).Scan(&rows); err != nil || rows != 0 {
			t.Fatalf("%d failure records left after success (%v)", rows, err)
		}
		if fails, err := e.db.ListWorkFailures(e.ctx); err != nil || len(fails) != 0 {
			t.Fatalf("failures after success = %+v, %v", fails, err)
		}
		e.audit(a).CheckProvider(t, e.sb)
	})
}
