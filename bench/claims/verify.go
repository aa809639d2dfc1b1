// The check of the database after a claims race.

package main

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/bench/internal/loadenv"
	"github.com/squaresapp/squares/store"
)

// verify checks the database after the race and returns what is wrong.
func verify(ctx context.Context, env *loadenv.Env, pools []*poolState, created int64) []string {
	var fail []string
	failf := func(format string, args ...any) { fail = append(fail, fmt.Sprintf(format, args...)) }
	raw, err := env.RawDB()
	if err != nil {
		return []string{err.Error()}
	}
	defer raw.Close()

	// Straight from the table, whatever the state of a row: no square twice, nobody over the limit.
	var dup int
	if err := raw.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT pool_id, row_idx, col_idx FROM squares
		GROUP BY pool_id, row_idx, col_idx HAVING COUNT(*) > 1) d`).Scan(&dup); err != nil {
		failf("duplicate query: %v", err)
	} else if dup > 0 {
		failf("%d squares have more than one row", dup)
	}
	var over int
	if err := raw.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT s.pool_id, s.user_id FROM squares s
		JOIN pools p ON p.id = s.pool_id WHERE s.user_id IS NOT NULL
		GROUP BY s.pool_id, s.user_id, p.max_squares_per_player HAVING COUNT(*) > p.max_squares_per_player) o`).Scan(&over); err != nil {
		failf("limit query: %v", err)
	} else if over > 0 {
		failf("%d (pool, player) pairs over the per-player limit", over)
	}
	var rows int64
	if err := raw.QueryRowContext(ctx, `SELECT COUNT(*) FROM squares`).Scan(&rows); err != nil {
		failf("count query: %v", err)
	} else if rows != created {
		failf("%d squares in the table, %d claims answered 201", rows, created)
	}

	// Through the store, pool by pool.
	full, drawn := 0, 0
	for _, ps := range pools {
		p, err := env.DB.FindPool(ctx, ps.id, 0)
		if err != nil {
			failf("pool %d: %v", ps.id, err)
			continue
		}
		sqs, err := env.DB.ListSquares(ctx, ps.id)
		if err != nil {
			failf("pool %d squares: %v", ps.id, err)
			continue
		}
		cells := map[squares.Cell]bool{}
		perUser := map[int64]int{}
		var owners [squares.SquaresPerPool]string
		for _, sq := range sqs {
			c := squares.Cell{Row: sq.Row, Column: sq.Column}
			if cells[c] {
				failf("pool %d: square %v sold twice", ps.id, c)
			}
			cells[c] = true
			perUser[sq.UserID]++
			owners[sq.Row*squares.GridSize+sq.Column] = store.OwnerID(sq)
		}
		for u, n := range perUser {
			if n > p.MaxSquaresPerPlayer {
				failf("pool %d: player %d holds %d squares, limit %d", ps.id, u, n, p.MaxSquaresPerPlayer)
			}
		}
		if p.SquaresTaken != len(sqs) {
			failf("pool %d: counter says %d squares, table has %d", ps.id, p.SquaresTaken, len(sqs))
		}
		if len(sqs) < squares.SquaresPerPool {
			if p.NumbersGenerated() || p.DrawnAt != nil || p.Status != squares.PoolActive {
				failf("pool %d: %d squares but status %s, numbers %v", ps.id, len(sqs), p.Status, p.NumbersGenerated())
			}
			if n := ps.hundred.Load(); n != 0 {
				failf("pool %d: %d answers showed it full, but it has %d squares", ps.id, n, len(sqs))
			}
			continue
		}
		full++
		if p.Status != squares.PoolFull || !p.NumbersGenerated() || p.DrawnAt == nil {
			failf("pool %d: full but status %s, numbers %v", ps.id, p.Status, p.NumbersGenerated())
			continue
		}
		if !squares.IsPermutation(p.HomeNumbers) || !squares.IsPermutation(p.AwayNumbers) {
			failf("pool %d: digits %v / %v are not permutations of 0-9", ps.id, p.HomeNumbers, p.AwayNumbers)
		}
		home, away := squares.Draw(p.DrawSeed, p.ID, owners)
		if fmt.Sprint(home) != fmt.Sprint(p.HomeNumbers) || fmt.Sprint(away) != fmt.Sprint(p.AwayNumbers) {
			failf("pool %d: stored digits %v/%v, the derivation from final ownership gives %v/%v", ps.id,
				p.HomeNumbers, p.AwayNumbers, home, away)
		}
		if squares.DrawCommitment(p.DrawSeed) != p.DrawCommitment {
			failf("pool %d: seed does not match its commitment", ps.id)
		}
		// Exactly one claim saw the 100th square taken, and it saw the numbers drawn.
		if n, d := ps.hundred.Load(), ps.drawnIn.Load(); n != 1 || d != 1 {
			failf("pool %d: %d claims answered with the pool at 100 squares (%d with numbers); want exactly one", ps.id, n, d)
		} else {
			drawn++
		}
	}
	fmt.Printf("verified: %d squares, %d full pools, %d drawn exactly once, %d duplicate squares, %d over-limit players\n",
		rows, full, drawn, dup, over)
	return fail
}
