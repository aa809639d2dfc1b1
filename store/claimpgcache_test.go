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

// A PostgreSQL claim batcher keeps the pools its batches left (claimPoolCache): every change another
// transaction makes in between, to the pool, its game, its league or the pool's checkpoints, is seen by the
// next claim, here each through a statement of its own as another instance or an admin would write it.
func TestClaimSeesWhatChangedBetweenBatches(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		if engine != store.Postgres {
			t.Skip("SQLite's claim writer has its own cache, which any write empties (salecache_test.go)")
		}
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		p := setStatus(t, db, pools[0].ID, squares.PoolActive)
		u := addPlayer(t, db, "buyer")
		raw, err := sql.Open("pgx", db.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		exec := func(query string, args ...any) {
			t.Helper()
			if _, err := raw.ExecContext(ctx, query, args...); err != nil {
				t.Fatal(err)
			}
		}
		next := 0
		claim := func() (*store.ClaimResult, error) {
			next++
			return db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: []squares.Cell{{Row: next / 10, Column: next % 10}}})
		}
		mustClaim := func() *store.ClaimResult {
			t.Helper()
			res, err := claim()
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		mustClaim()

		exec(`UPDATE pools SET status = $1 WHERE id = $2`, squares.PoolInactive, p.ID)
		_, err = claim()
		wantCode(t, err, squares.EUNPROCESSABLE, "This pool is hidden and not selling squares for now.")
		exec(`UPDATE pools SET status = $1 WHERE id = $2`, squares.PoolActive, p.ID)
		mustClaim()

		exec(`UPDATE games SET status = $1 WHERE id = $2`, squares.GameLive, g.ID)
		_, err = claim()
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		exec(`UPDATE games SET status = $1 WHERE id = $2`, squares.GameScheduled, g.ID)
		mustClaim()

		exec(`UPDATE leagues SET active_week = 'W13' WHERE id = $1`, g.LeagueID)
		_, err = claim()
		wantCode(t, err, squares.EUNPROCESSABLE, "This pool's week is closed.")
		exec(`UPDATE leagues SET active_week = 'W12' WHERE id = $1`, g.LeagueID)
		res := mustClaim()

		exec(`INSERT INTO pool_checkpoints (pool_id, seq, head, at, reason, signature) VALUES ($1, $2, $3, $4, 'test', 'x')`,
			p.ID, res.Pool.Record.Seq, res.Pool.Record.Head, "2026-11-29T00:00:00Z")
		res = mustClaim()
		if c := res.Pool.Record.Checkpoint; c == nil || c.Reason != "test" {
			t.Errorf("the answer's last checkpoint: %+v, want the one written since the last claim", c)
		}
		after, err := db.FindPool(ctx, p.ID, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if after.SquaresTaken != res.Pool.SquaresTaken || after.ViewerSquares != res.Pool.ViewerSquares ||
			after.Record.Seq != res.Pool.Record.Seq || after.Record.Head != res.Pool.Record.Head {
			t.Errorf("the last claim answered %d taken, %d the buyer's, record %d %s; the pool has %d, %d, %d %s",
				res.Pool.SquaresTaken, res.Pool.ViewerSquares, res.Pool.Record.Seq, res.Pool.Record.Head,
				after.SquaresTaken, after.ViewerSquares, after.Record.Seq, after.Record.Head)
		}
	})
}
