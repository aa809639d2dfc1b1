package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestFeaturePoolConcurrently: admins featuring different pools at once leave exactly one Pool of the Week.
func TestFeaturePoolConcurrently(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, a := addGame(t, db, "W12", t0.Add(72*time.Hour))
		_, b := addGame(t, db, "W12", t0.Add(96*time.Hour))
		pools := append(a, b...)
		for round := 0; round < 5; round++ {
			var wg sync.WaitGroup
			for _, p := range pools {
				wg.Add(1)
				go func(id int64) {
					defer wg.Done()
					if _, err := db.FeaturePool(ctx, id, "Pool of the Week", t0.Add(7*24*time.Hour)); err != nil {
						t.Error(err)
					}
				}(p.ID)
			}
			wg.Wait()
			all, err := db.ListPools(ctx, squares.PoolFilter{})
			if err != nil {
				t.Fatal(err)
			}
			featured := 0
			for _, p := range all {
				if p.IsFeatured {
					featured++
				}
			}
			if featured != 1 {
				t.Fatalf("round %d: %d pools featured, want 1", round, featured)
			}
		}
	})
}

// TestCreateMissingPoolsConcurrently: two admins creating a week's missing pools at once create each pool
// once, and neither gets an error.
func TestCreateMissingPoolsConcurrently(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, a := addGame(t, db, "W12", t0.Add(72*time.Hour))
		_, b := addGame(t, db, "W12", t0.Add(96*time.Hour))
		for _, p := range append(a[1:3], b[4]) {
			if err := db.DeletePool(ctx, p.ID); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		total := 0
		var wg sync.WaitGroup
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				created, games, err := db.CreateMissingPools(ctx, 1, "W12")
				if err != nil || games != 2 {
					t.Errorf("create missing pools = %d, %d, %v", created, games, err)
				}
				mu.Lock()
				total += created
				mu.Unlock()
			}()
		}
		wg.Wait()
		if total != 3 {
			t.Errorf("pools created in all = %d, want 3", total)
		}
	})
}
