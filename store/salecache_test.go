package store_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// A claim sees every change made to its pool since the claim before it, whoever made it: the SQLite claim
// writer keeps the pools it sold in memory between its batches (store/salecache.go).
func TestClaimSeesChangesBetweenClaims(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		pool := setStatus(t, db, pools[0].ID, squares.PoolActive)
		ann, bo := addPlayer(t, db, "ann"), addPlayer(t, db, "bo")
		clock.Add(time.Minute)
		claim := func(u *squares.User, cell int) (*store.ClaimResult, error) {
			return db.ClaimSquares(ctx, store.Claim{PoolID: pool.ID, User: u, Cells: cellsFrom(cell, 1)})
		}
		if _, err := claim(ann, 0); err != nil {
			t.Fatal(err)
		}

		// Another write of the store, between two claims.
		setStatus(t, db, pool.ID, squares.PoolInactive)
		_, err := claim(bo, 1)
		wantCode(t, err, squares.EUNPROCESSABLE, "This pool is hidden and not selling squares for now.")
		setStatus(t, db, pool.ID, squares.PoolActive)
		res, err := claim(bo, 1)
		if err != nil {
			t.Fatal(err)
		}
		if res.Pool.SquaresTaken != 2 || res.Pool.DistinctPlayers != 2 || res.Pool.ViewerSquares != 1 {
			t.Errorf("after the status changes: %d taken, %d players, %d bo's", res.Pool.SquaresTaken,
				res.Pool.DistinctPlayers, res.Pool.ViewerSquares)
		}
		// The answers of later claims count on from there, each with its buyer's own squares, as a read of
		// the pool after them has it.
		if res, err = claim(ann, 2); err != nil {
			t.Fatal(err)
		}
		read, err := db.FindPool(ctx, pool.ID, ann.ID)
		if err != nil {
			t.Fatal(err)
		}
		if res.Pool.SquaresTaken != 3 || res.Pool.ViewerSquares != 2 || read.SquaresTaken != 3 ||
			res.Pool.Record.Seq != read.Record.Seq || res.Pool.Record.Head != read.Record.Head ||
			!res.Pool.UpdatedAt.Equal(read.UpdatedAt) {
			t.Errorf("ann's second claim: %d taken, %d hers, record at %d %s; read: %d taken, record at %d %s",
				res.Pool.SquaresTaken, res.Pool.ViewerSquares, res.Pool.Record.Seq, res.Pool.Record.Head,
				read.SquaresTaken, read.Record.Seq, read.Record.Head)
		}

		// A write of another program on the database (SQLite: another connection to its file).
		if path, ok := strings.CutPrefix(db.URL, "sqlite:"); ok {
			other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
			if err != nil {
				t.Fatal(err)
			}
			defer other.Close()
			if _, err := other.ExecContext(ctx, `UPDATE pools SET status = 'inactive' WHERE id = ?`, pool.ID); err != nil {
				t.Fatal(err)
			}
			_, err = claim(bo, 3)
			wantCode(t, err, squares.EUNPROCESSABLE, "This pool is hidden and not selling squares for now.")
			// The league's week, which the claim reads with the pool.
			if _, err := other.ExecContext(ctx, `UPDATE pools SET status = 'active' WHERE id = ?`, pool.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := other.ExecContext(ctx, `UPDATE leagues SET active_week = 'W13'`); err != nil {
				t.Fatal(err)
			}
			_, err = claim(ann, 3)
			wantCode(t, err, squares.EUNPROCESSABLE, "This pool's week is closed.")
			if _, err := other.ExecContext(ctx, `UPDATE leagues SET active_week = 'W12'`); err != nil {
				t.Fatal(err)
			}
			if _, err := claim(bo, 3); err != nil {
				t.Fatalf("bo's second square, its week open again: %v", err)
			}
		}
	})
}
