package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// One batch of claims (on PostgreSQL decided in the process between its two round trips) decides each claim
// as a transaction of its own after the ones before it would: a cell taken earlier in the batch, the buyer's
// squares taken earlier in the batch towards the limit, the pool's counters and record after each claim; a
// refused claim leaves the others; the claim that completes a grid draws it once, and a later claim of that
// pool finds it full.
func TestClaimBatchInOrder(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, poolsA := addGame(t, db, "W12", t0.Add(72*time.Hour))
		_, poolsB := addGame(t, db, "W12", t0.Add(72*time.Hour))
		_, poolsC := addGame(t, db, "W12", t0.Add(72*time.Hour))
		a := setStatus(t, db, poolsA[0].ID, squares.PoolActive)
		b := setStatus(t, db, poolsB[0].ID, squares.PoolActive)
		c := setStatus(t, db, poolsC[0].ID, squares.PoolActive)
		limit := a.SquareLimit()
		var events int
		db.OnCommit(func(e squares.Event) {
			if e.Kind == squares.EventPool {
				events++
			}
		})
		// Pool C: 98 squares taken before the batch.
		for n := 0; n < 98; {
			u := addPlayer(t, db, "filler")
			var cells []squares.Cell
			for ; n < 98 && len(cells) < limit; n++ {
				cells = append(cells, squares.Cell{Row: n / 10, Column: n % 10})
			}
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: c.ID, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
		}
		events = 0
		u1, u2, u3, u4, u5 := addPlayer(t, db, "one"), addPlayer(t, db, "two"), addPlayer(t, db, "three"),
			addPlayer(t, db, "four"), addPlayer(t, db, "five")
		cells := func(cs ...int) []squares.Cell {
			var out []squares.Cell
			for _, n := range cs {
				out = append(out, squares.Cell{Row: n / 10, Column: n % 10})
			}
			return out
		}
		var upToLimit []int
		for n := 1; n < limit; n++ {
			upToLimit = append(upToLimit, n)
		}
		claims := []store.Claim{
			{PoolID: a.ID, User: u1, Cells: cells(0)},            // 0: takes A's first square
			{PoolID: a.ID, User: u2, Cells: cells(0)},            // 1: taken by claim 0
			{PoolID: b.ID, User: u1, Cells: cells(11)},           // 2: another pool
			{PoolID: a.ID, User: u1, Cells: cells(upToLimit...)}, // 3: u1 up to the limit in A
			{PoolID: a.ID, User: u1, Cells: cells(90)},           // 4: over the limit by claims 0 and 3
			{PoolID: a.ID, User: u2, Cells: cells(90)},           // 5: the cell claim 4 was refused
			{PoolID: -1, User: u3, Cells: cells(5)},              // 6: no such pool
			{PoolID: b.ID, User: u3, Cells: cells(11)},           // 7: taken by claim 2
			{PoolID: c.ID, User: u3, Cells: cells(98)},           // 8: C's 99th square
			{PoolID: c.ID, User: u4, Cells: cells(99)},           // 9: C's last: draws
			{PoolID: c.ID, User: u5, Cells: cells(99)},           // 10: C is full
		}
		results, errs, alone := db.ClaimBatchForTest(ctx, claims)
		if alone != 0 {
			t.Errorf("%d claims ran again on their own, want the batch to decide them all", alone)
		}
		type want struct {
			code           string
			taken, players int
		}
		wants := []want{{"", 1, 1}, {squares.ECONFLICT, 0, 0}, {"", 1, 1}, {"", limit, 1},
			{squares.EUNPROCESSABLE, 0, 0}, {"", limit + 1, 2}, {squares.ENOTFOUND, 0, 0}, {squares.ECONFLICT, 0, 0},
			{"", 99, 0}, {"", 100, 0}, {"*", 0, 0}}
		for i, w := range wants {
			err := errs[i]
			switch {
			case w.code == "*":
				if err == nil {
					t.Errorf("claim %d of a full pool succeeded", i)
				}
			case w.code != "":
				if squares.ErrorCode(err) != w.code {
					t.Errorf("claim %d: %v, want %s", i, err, w.code)
				}
			case err != nil:
				t.Errorf("claim %d: %v", i, err)
			default:
				p := results[i].Pool
				if p.SquaresTaken != w.taken || (w.players != 0 && p.DistinctPlayers != w.players) {
					t.Errorf("claim %d answered %d taken, %d players; want %d and %d", i, p.SquaresTaken,
						p.DistinctPlayers, w.taken, w.players)
				}
				if p.ViewerSquares != len(claims[i].Cells)+map[bool]int{true: 1, false: 0}[i == 3] {
					t.Errorf("claim %d answered %d of the buyer's squares", i, p.ViewerSquares)
				}
			}
		}
		if !results[9].Drew {
			t.Error("the claim that completed pool C did not draw")
		}
		if events != 6 {
			t.Errorf("%d pool events, want one per claim taken (6)", events)
		}
		for _, w := range []struct {
			id             int64
			taken, players int
		}{{a.ID, limit + 1, 2}, {b.ID, 1, 1}, {c.ID, 100, 0}} {
			p, err := db.FindPool(ctx, w.id, 0)
			if err != nil {
				t.Fatal(err)
			}
			sqs, err := db.ListSquares(ctx, w.id)
			if err != nil {
				t.Fatal(err)
			}
			if p.SquaresTaken != w.taken || len(sqs) != w.taken || (w.players != 0 && p.DistinctPlayers != w.players) {
				t.Errorf("pool %d: %d taken, %d rows, %d players; want %d, %d, %d", w.id, p.SquaresTaken, len(sqs),
					p.DistinctPlayers, w.taken, w.taken, w.players)
			}
			rec, err := db.ReadPoolRecord(ctx, w.id, 0, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if f := squares.CheckRecordChain(rec.Entries, squares.RecordZeroHash, 0); f != nil {
				t.Errorf("record of pool %d: %v", w.id, f)
			}
			if n := len(rec.Entries); n == 0 || rec.Entries[n-1].Seq != rec.Seq || rec.Entries[n-1].Hash != rec.Head {
				t.Errorf("record of pool %d: head %d %s does not end its %d entries", w.id, rec.Seq, rec.Head, n)
			}
			if w.id == c.ID && len(p.HomeNumbers) == 0 {
				t.Error("pool C full but not drawn")
			}
		}
	})
}

// A batch whose write fails (here a buyer who is not in the database: the foreign key refuses the square)
// commits nothing of it, and its other claims are taken as if each had come alone: on PostgreSQL each runs
// again on its own, on SQLite the failed claim rolls back to its savepoint.
func TestClaimBatchFailsAlone(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		a := setStatus(t, db, pools[0].ID, squares.PoolActive)
		u1, u2 := addPlayer(t, db, "one"), addPlayer(t, db, "two")
		ghost := *u2
		ghost.ID = 1 << 40
		claims := []store.Claim{
			{PoolID: a.ID, User: u1, Cells: []squares.Cell{{Row: 0, Column: 0}}},
			{PoolID: a.ID, User: &ghost, Cells: []squares.Cell{{Row: 0, Column: 1}}},
			{PoolID: a.ID, User: u2, Cells: []squares.Cell{{Row: 0, Column: 2}}},
		}
		results, errs, alone := db.ClaimBatchForTest(ctx, claims)
		if engine == store.Postgres && alone != len(claims) {
			t.Errorf("%d claims ran again on their own, want all %d", alone, len(claims))
		}
		if errs[1] == nil {
			t.Error("the claim of a buyer who does not exist succeeded")
		}
		for _, i := range []int{0, 2} {
			if errs[i] != nil {
				t.Fatalf("claim %d: %v", i, errs[i])
			}
			if len(results[i].Squares) != 1 || results[i].Squares[0].ID == 0 {
				t.Errorf("claim %d answered %+v", i, results[i].Squares)
			}
		}
		p, err := db.FindPool(ctx, a.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		sqs, err := db.ListSquares(ctx, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.SquaresTaken != 2 || len(sqs) != 2 || p.DistinctPlayers != 2 {
			t.Errorf("pool: %d taken, %d rows, %d players; want 2 each", p.SquaresTaken, len(sqs), p.DistinctPlayers)
		}
		rec, err := db.ReadPoolRecord(ctx, a.ID, 0, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if f := squares.CheckRecordChain(rec.Entries, squares.RecordZeroHash, 0); f != nil {
			t.Errorf("record: %v", f)
		}
	})
}
