package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// On PostgreSQL a claim of a pool whose last square another claim is drawing waits for that draw outside any
// batch: the batcher goes on with its other pools instead of waiting for the drawing pool's lock, and once the
// draw ends the claim runs in a batch and finds the pool full.
func TestClaimWaitsForItsPoolsDraw(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		if engine != store.Postgres {
			t.Skip("SQLite draws within its one writer's batch")
		}
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, poolsC := addGame(t, db, "W12", t0.Add(72*time.Hour))
		c := setStatus(t, db, poolsC[0].ID, squares.PoolActive)
		var b *squares.PoolView
		for b == nil { // a pool of the same batcher as C
			_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
			if pools[0].ID%store.ClaimWorkersPostgres == c.ID%store.ClaimWorkersPostgres {
				b = setStatus(t, db, pools[0].ID, squares.PoolActive)
			}
		}
		for n := 0; n < 99; {
			u := addPlayer(t, db, "filler")
			var cells []squares.Cell
			for ; n < 99 && len(cells) < c.SquareLimit(); n++ {
				cells = append(cells, squares.Cell{Row: n / 10, Column: n % 10})
			}
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: c.ID, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
		}
		last := []squares.Cell{{Row: 9, Column: 9}}
		u1, u2 := addPlayer(t, db, "one"), addPlayer(t, db, "two")

		// The draw signs the record (pool_checkpoints), which no batch writes: held here, the draw waits
		// with C locked.
		raw, err := sql.Open("pgx", db.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		hold, err := raw.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer hold.Rollback()
		if _, err := hold.ExecContext(ctx, `LOCK TABLE pool_checkpoints IN SHARE MODE`); err != nil {
			t.Fatal(err)
		}
		type answer struct {
			res *store.ClaimResult
			err error
		}
		claim := func(pool int64, u *squares.User, cells []squares.Cell) chan answer {
			ch := make(chan answer, 1)
			go func() {
				res, err := db.ClaimSquares(ctx, store.Claim{PoolID: pool, User: u, Cells: cells})
				ch <- answer{res, err}
			}()
			return ch
		}
		drew := claim(c.ID, u1, last)
		waitForALockWait(t, raw, "the draw never waited for the record's checkpoints")
		late := claim(c.ID, u2, last)
		time.Sleep(200 * time.Millisecond) // the late claim reaches its batcher
		select {
		case a := <-claim(b.ID, u2, []squares.Cell{{Row: 0, Column: 0}}):
			if a.err != nil {
				t.Fatalf("claim of another pool: %v", a.err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a claim of another pool of the batcher waited for C's draw")
		}
		select {
		case a := <-late:
			t.Fatalf("the late claim of C was answered (%v) before C's draw ended", a.err)
		default:
		}
		if err := hold.Rollback(); err != nil {
			t.Fatal(err)
		}
		if a := <-drew; a.err != nil || !a.res.Drew {
			t.Fatalf("the claim of C's last square: %+v", a)
		}
		a := <-late
		wantCode(t, a.err, squares.ECONFLICT, "")
		p, err := db.FindPool(ctx, c.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.SquaresTaken != 100 || p.HomeNumbers == nil {
			t.Errorf("pool C after: %d taken, numbers %v", p.SquaresTaken, p.HomeNumbers)
		}
	})
}
