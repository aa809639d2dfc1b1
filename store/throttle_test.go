package store_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestAttempts(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		const window = 15 * time.Minute
		ann := store.Limit{Key: "email:ann@example.com", Max: 3, Window: window}
		addr := store.Limit{Key: "ip:10.0.0.1", Max: 5, Window: window}
		reserve := func(limits ...store.Limit) (*store.Attempt, time.Duration) {
			t.Helper()
			a, wait, err := db.ReserveAttempt(ctx, limits...)
			if err != nil {
				t.Fatal(err)
			}
			if (a == nil) != (wait > 0) {
				t.Fatalf("attempt %v with wait %v", a, wait)
			}
			return a, wait
		}
		count := func(key string) int {
			t.Helper()
			n, err := db.CountAttempts(ctx, key, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}

		// Three attempts a minute apart fill the account's limit; the fourth records nothing and waits
		// until the first leaves the window.
		for range 3 {
			if a, _ := reserve(ann, addr); a == nil {
				t.Fatal("refused within the limit")
			}
			clock.Add(time.Minute)
		}
		a, wait := reserve(ann, addr)
		if a != nil || wait != window-3*time.Minute {
			t.Fatalf("over the limit: %v, wait %v; want %v", a, wait, window-3*time.Minute)
		}
		if count(ann.Key) != 3 || count(addr.Key) != 3 {
			t.Errorf("a refused attempt was recorded: %d, %d", count(ann.Key), count(addr.Key))
		}
		// Another account from the same address still passes, until the address is full.
		bo := store.Limit{Key: "email:bo@example.com", Max: 3, Window: window}
		for range 2 {
			if a, _ := reserve(bo, addr); a == nil {
				t.Fatal("refused under the address limit")
			}
		}
		if a, wait := reserve(store.Limit{Key: "email:cy@example.com", Max: 3, Window: window}, addr); a != nil || wait <= 0 {
			t.Errorf("the address's sixth attempt = %v, %v", a, wait)
		}

		// The first attempt leaves the window: room for one.
		clock.Set(t0.Add(window))
		a, _ = reserve(ann)
		if a == nil {
			t.Fatal("refused after the oldest attempt left the window")
		}
		// Given back, it no longer counts, and a success clears the account, not the address.
		if err := db.GiveBackAttempt(ctx, a, ann.Key); err != nil {
			t.Fatal(err)
		}
		if count(ann.Key) != 0 || count(addr.Key) != 5 || count(bo.Key) != 2 {
			t.Errorf("after giving back: %d %d %d", count(ann.Key), count(addr.Key), count(bo.Key))
		}
		if err := db.GiveBackAttempt(ctx, nil); err != nil {
			t.Errorf("giving back nothing: %v", err)
		}

		// Attempts older than a day are forgotten at the next reservation.
		clock.Set(t0.Add(25 * time.Hour))
		reserve(store.Limit{Key: "email:dee@example.com", Max: 3, Window: window})
		if count(addr.Key) != 0 || count("email:dee@example.com") != 1 {
			t.Errorf("day-old attempts kept: %d", count(addr.Key))
		}
	})
}

// Many reservations at once for one key, through two instances on the database: no more than the limit
// ever pass.
func TestAttemptsAtOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		other := store.New(db.URL)
		if err := other.Open(ctx); err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		other.Now = db.Now
		for round := range 5 {
			key := fmt.Sprintf("email:victim%d@example.com", round)
			var passed atomic.Int64
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i := range 60 {
				wg.Go(func() {
					inst := db
					if i%2 == 1 {
						inst = other
					}
					<-start
					a, _, err := inst.ReserveAttempt(ctx, store.Limit{Key: key, Max: 5, Window: 15 * time.Minute},
						store.Limit{Key: fmt.Sprintf("ip:10.0.%d.%d", round, i), Max: 20, Window: 15 * time.Minute})
					if err != nil {
						t.Error(err)
					} else if a != nil {
						passed.Add(1)
					}
				})
			}
			close(start)
			wg.Wait()
			if n := passed.Load(); n != 5 {
				t.Errorf("round %d: %d of 60 simultaneous attempts passed a limit of 5", round, n)
			}
		}
	})
}

func TestSecret(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		k1, err := db.Secret(ctx, "device-key", 32)
		if err != nil || len(k1) != 32 || bytes.Equal(k1, make([]byte, 32)) {
			t.Fatalf("secret = %x, %v", k1, err)
		}
		// Another instance, or a restart, reads the same secret.
		other := store.New(db.URL)
		if err := other.Open(ctx); err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		k2, err := other.Secret(ctx, "device-key", 32)
		if err != nil || !bytes.Equal(k1, k2) {
			t.Errorf("second instance's secret = %x, %v; want %x", k2, err, k1)
		}
		k3, err := db.Secret(ctx, "another", 32)
		if err != nil || bytes.Equal(k1, k3) {
			t.Errorf("another secret = %x, %v", k3, err)
		}
	})
}
