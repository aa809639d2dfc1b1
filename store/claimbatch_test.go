package store_test

import (
	"context"
	"errors"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// Claims made at once (on SQLite they commit in groups, each in a savepoint): each gets its own answer,
// a refused claim takes nothing and tells no one, and every accepted claim's answer shows the pool just
// after it, as if each had its own transaction.
func TestClaimsAtOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		var events atomic.Int64
		db.OnCommit(func(e squares.Event) {
			if e.Kind == squares.EventPool && e.PoolID == free.ID {
				events.Add(1)
			}
		})
		players := make([]*squares.User, 48)
		for i := range players {
			players[i] = addPlayer(t, db, "p")
		}
		// 32 players claim squares of their own; 16 more race for the same four, four for each.
		var wg sync.WaitGroup
		results := make([]*store.ClaimResult, len(players))
		errs := make([]error, len(players))
		start := make(chan struct{})
		for i, u := range players {
			cell := squares.Cell{Row: i / 10, Column: i % 10}
			if i >= 32 {
				cell = squares.Cell{Row: 9, Column: (i - 32) % 4}
			}
			wg.Go(func() {
				<-start
				results[i], errs[i] = db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: u, Cells: []squares.Cell{cell}})
			})
		}
		close(start)
		wg.Wait()
		var taken []int
		for i, err := range errs {
			switch {
			case err == nil:
				if results[i].Pool.ViewerSquares != 1 || len(results[i].Squares) != 1 {
					t.Errorf("claim %d answered %+v", i, results[i].Pool.Pool)
				}
				taken = append(taken, results[i].Pool.SquaresTaken)
			case i >= 32 && squares.ErrorCode(err) == squares.ECONFLICT:
			default:
				t.Errorf("claim %d: %v", i, err)
			}
		}
		if len(taken) != 36 {
			t.Fatalf("%d claims accepted, want 36 (32 own squares and one of each contested four)", len(taken))
		}
		// Each accepted claim saw the pool right after itself: 1, 2, ... 36, each once.
		sort.Ints(taken)
		for i, n := range taken {
			if n != i+1 {
				t.Fatalf("squares taken in the answers: %v, want 1..36", taken)
			}
		}
		if n := events.Load(); n != 36 {
			t.Errorf("%d pool events, want one per accepted claim (36)", n)
		}
		p, err := db.FindPool(ctx, free.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		sqs, err := db.ListSquares(ctx, free.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.SquaresTaken != 36 || len(sqs) != 36 || p.DistinctPlayers != 36 {
			t.Errorf("pool: %d taken, %d distinct players, %d rows; want 36 each", p.SquaresTaken, p.DistinctPlayers, len(sqs))
		}

		// A claim whose request has ended takes nothing.
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := db.ClaimSquares(cancelled, store.Claim{PoolID: free.ID, User: players[0],
			Cells: []squares.Cell{{Row: 8, Column: 8}}}); !errors.Is(err, context.Canceled) {
			t.Errorf("claim with an ended request: %v, want context.Canceled", err)
		}
		// A closed store answers at once, without waiting for a writer that is gone.
		db.Close()
		done := make(chan error, 1)
		go func() {
			_, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: players[1], Cells: []squares.Cell{{Row: 8, Column: 9}}})
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Error("a claim on a closed store succeeded")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a claim on a closed store hung")
		}
	})
}
