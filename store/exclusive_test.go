package store_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestExclusive: passes of one name run one at a time, with PostgreSQL across two stores on one database
// (two servers); a pass of another name runs alongside; a waiter whose context ends gives up without the
// lock, and the lock is free again once its holder returns.
func TestExclusive(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		a := storetest.Open(t, engine)
		b := a
		if engine == store.Postgres {
			b = store.New(a.URL)
			if err := b.Open(ctx); err != nil {
				t.Fatal(err)
			}
			defer b.Close()
		}
		var inside, most atomic.Int32
		var wg sync.WaitGroup
		for i := range 6 {
			db := []*store.DB{a, b}[i%2]
			wg.Go(func() {
				err := db.Exclusive(ctx, store.PassEscrow, func() error {
					if n := inside.Add(1); n > most.Load() {
						most.Store(n)
					}
					time.Sleep(30 * time.Millisecond)
					inside.Add(-1)
					return nil
				})
				if err != nil {
					t.Errorf("pass: %v", err)
				}
			})
		}
		wg.Wait()
		if most.Load() != 1 {
			t.Fatalf("%d passes at once, want 1", most.Load())
		}

		held, release := make(chan struct{}), make(chan struct{})
		go a.Exclusive(ctx, store.PassEscrow, func() error { close(held); <-release; return nil })
		<-held
		other := false
		if err := b.Exclusive(ctx, store.PassAutomation, func() error { other = true; return nil }); err != nil || !other {
			t.Fatalf("another pass while one is held: ran %v, %v", other, err)
		}
		short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		defer cancel()
		ran := false
		err := b.Exclusive(short, store.PassEscrow, func() error { ran = true; return nil })
		if ran || err == nil || !errors.Is(short.Err(), context.DeadlineExceeded) {
			t.Fatalf("waiter past its deadline: ran %v, %v", ran, err)
		}
		close(release)
		done := make(chan error, 1)
		go func() { done <- b.Exclusive(ctx, store.PassEscrow, func() error { return nil }) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the lock was not free after its holder returned")
		}
	})
}
