package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// raceFixture makes an open free pool and n verified players, straight through the store.
func raceFixture(t *testing.T, db *store.DB, n int) (*squares.PoolView, []*squares.User) {
	t.Helper()
	ctx := context.Background()
	p := storetest.OpenFreePool(t, db, time.Now().Add(72*time.Hour))
	users := make([]*squares.User, n)
	for i := range users {
		users[i] = &squares.User{Email: fmt.Sprintf("racer%d@example.com", i), PasswordHash: "x",
			FirstName: "Racer", Role: squares.RoleUser, IsAgeVerified: true}
		if err := db.CreateUser(ctx, users[i]); err != nil {
			t.Fatal(err)
		}
	}
	return p, users
}

// TestClaimRaceOneSquare fires many concurrent claims at one square: exactly one wins, every other gets
// the taken-square conflict.
func TestClaimRaceOneSquare(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db := storetest.Open(t, engine)
		p, users := raceFixture(t, db, 40)
		var wg sync.WaitGroup
		errs := make([]error, len(users))
		for i, u := range users {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = db.ClaimSquares(context.Background(), store.Claim{PoolID: p.ID, User: u,
					Cells: []squares.Cell{{Row: 5, Column: 5}}})
			}()
		}
		wg.Wait()
		wins := 0
		for _, err := range errs {
			switch squares.ErrorCode(err) {
			case "":
				wins++
			case squares.ECONFLICT:
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		sqs, err := db.ListSquares(context.Background(), p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if wins != 1 || len(sqs) != 1 {
			t.Fatalf("wins = %d, squares = %d; want exactly one owner", wins, len(sqs))
		}
	})
}

// TestClaimRaceWholePool has players race for every square of one pool, several squares each, more
// than the limit allows, each from two tabs at once: every square ends with at most one owner, nobody
// holds more than five, the counters (squares taken, distinct players) match the rows, and the pool that
// fills is drawn exactly once.
func TestClaimRaceWholePool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		p, users := raceFixture(t, db, 30)
		var wg sync.WaitGroup
		for i, u := range users {
			for tab := range 2 {
				wg.Go(func() {
					// Each player tries 12 squares one at a time, overlapping its neighbours' choices, half
					// from each tab.
					for k := tab; k < 12; k += 2 {
						cell := (i*4 + k*7) % squares.SquaresPerPool
						db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u,
							Cells: []squares.Cell{{Row: cell / 10, Column: cell % 10}}})
					}
				})
			}
		}
		wg.Wait()
		sqs, err := db.ListSquares(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		perUser := map[int64]int{}
		cells := map[squares.Cell]bool{}
		for _, sq := range sqs {
			perUser[sq.UserID]++
			c := squares.Cell{Row: sq.Row, Column: sq.Column}
			if cells[c] {
				t.Fatalf("square %v sold twice", c)
			}
			cells[c] = true
		}
		for u, n := range perUser {
			if n > squares.PublicSquaresPerPlayer {
				t.Errorf("user %d holds %d squares", u, n)
			}
		}
		after, err := db.FindPool(ctx, p.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if after.SquaresTaken != len(sqs) || after.DistinctPlayers != len(perUser) {
			t.Fatalf("pool counts %d squares and %d players, table has %d and %d", after.SquaresTaken,
				after.DistinctPlayers, len(sqs), len(perUser))
		}
		if after.NumbersGenerated() != (len(sqs) == squares.SquaresPerPool) {
			t.Fatalf("numbers generated = %v with %d squares", after.NumbersGenerated(), len(sqs))
		}
	})
}

// TestClaimRaceFillsAndDrawsOnce fills a pool with 20 players racing for the last squares: the pool is
// drawn exactly once, with the digits the published derivation gives.
func TestClaimRaceFillsAndDrawsOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		p, users := raceFixture(t, db, 20)
		var wg sync.WaitGroup
		var mu sync.Mutex
		draws := 0
		for i, u := range users {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cells := make([]squares.Cell, 0, 5)
				for k := 0; k < 5; k++ {
					n := i*5 + k
					cells = append(cells, squares.Cell{Row: n / 10, Column: n % 10})
				}
				res, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: cells})
				if err != nil {
					t.Errorf("claim: %v", err)
					return
				}
				if res.Drew {
					mu.Lock()
					draws++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		after, err := db.FindPool(ctx, p.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if draws != 1 || after.Status != squares.PoolFull || !after.NumbersGenerated() {
			t.Fatalf("draws = %d, status %s, numbers %v", draws, after.Status, after.NumbersGenerated())
		}
		var owners [squares.SquaresPerPool]string
		sqs, _ := db.ListSquares(ctx, p.ID)
		for _, sq := range sqs {
			owners[sq.Row*10+sq.Column] = store.OwnerID(sq)
		}
		home, away := squares.Draw(after.DrawSeed, after.ID, owners)
		if fmt.Sprint(home) != fmt.Sprint(after.HomeNumbers) || fmt.Sprint(away) != fmt.Sprint(after.AwayNumbers) {
			t.Fatalf("stored digits %v/%v, derivation gives %v/%v", after.HomeNumbers, after.AwayNumbers, home, away)
		}
		if squares.DrawCommitment(after.DrawSeed) != after.DrawCommitment {
			t.Fatal("seed does not match its commitment")
		}
	})
}
