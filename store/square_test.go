package store_test

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestClaimSquares(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		ann, bo := addPlayer(t, db, "ann"), addPlayer(t, db, "bo")

		clock.Add(time.Minute)
		res, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: ann,
			Cells: []squares.Cell{{Row: 3, Column: 7}, {Row: 0, Column: 0}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Squares) != 2 || res.Drew || res.Pool.SquaresTaken != 2 || res.Pool.ViewerSquares != 2 ||
			res.Pool.DistinctPlayers != 1 || res.Pool.Status != squares.PoolActive || res.Pool.NumbersGenerated() {
			t.Fatalf("claim = %+v, pool %+v", res, res.Pool.Pool)
		}
		for _, sq := range res.Squares {
			if sq.ID <= 0 || sq.PoolID != free.ID || sq.UserID != ann.ID || sq.State != squares.SquareOwned ||
				sq.PurchasePrice != 0 || !sq.PurchasedAt.Equal(clock.Now()) {
				t.Errorf("claimed square = %+v", sq)
			}
		}

		// A taken square: the whole claim is refused, including its free cell.
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: bo,
			Cells: []squares.Cell{{Row: 5, Column: 5}, {Row: 3, Column: 7}}})
		wantCode(t, err, squares.ECONFLICT, "This square is already owned by another player.")
		// Claiming one's own square again is refused too.
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: ann, Cells: []squares.Cell{{Row: 0, Column: 0}}})
		wantCode(t, err, squares.ECONFLICT, "")

		sqs, err := db.ListSquares(ctx, free.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(sqs) != 2 || sqs[0].Row != 0 || sqs[0].Column != 0 || sqs[1].Row != 3 || sqs[1].Column != 7 ||
			sqs[0].OwnerFirst != "ann" || sqs[0].OwnerLast != "Tester" || store.OwnerID(sqs[0]) != itoa(ann.ID) {
			t.Errorf("squares after the refused claim = %+v", sqs)
		}
		if p, _ := db.FindPool(ctx, free.ID, bo.ID); p.SquaresTaken != 2 || p.ViewerSquares != 0 {
			t.Errorf("pool after the refused claim: %d taken, %d bo's", p.SquaresTaken, p.ViewerSquares)
		}

		// The per-player limit counts what the player has.
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: ann, Cells: cellsFrom(20, 4)})
		wantCode(t, err, squares.EUNPROCESSABLE,
			"You can only select 5 squares at a time. Remove a selected square first to select a different one.")
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: ann, Cells: cellsFrom(20, 3)}); err != nil {
			t.Fatalf("claim up to the limit: %v", err)
		}
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: ann, Cells: cellsFrom(30, 1)})
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: bo, Cells: cellsFrom(30, 6)})
		wantCode(t, err, squares.EUNPROCESSABLE, "")

		// Bad requests.
		for _, tc := range []struct {
			name  string
			cells []squares.Cell
			msg   string
		}{
			{"no cells", nil, "Please select at least one square to purchase."},
			{"row off the grid", []squares.Cell{{Row: 10, Column: 0}}, "Row and column must be 0 to 9."},
			{"column off the grid", []squares.Cell{{Row: 0, Column: -1}}, "Row and column must be 0 to 9."},
			{"same cell twice", []squares.Cell{{Row: 6, Column: 6}, {Row: 6, Column: 6}}, "The same square is listed twice."},
		} {
			_, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: bo, Cells: tc.cells})
			if squares.ErrorCode(err) != squares.EINVALID || squares.ErrorMessage(err) != tc.msg {
				t.Errorf("%s: %v", tc.name, err)
			}
		}

		// Pools not open for sale.
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: pools[1].ID, User: bo, Cells: cellsFrom(0, 1), Paid: true})
		wantCode(t, err, squares.ENOTFOUND, "Pool not found.") // a draft
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: 99999, User: bo, Cells: cellsFrom(0, 1)})
		wantCode(t, err, squares.ENOTFOUND, "Pool not found.")
		paid := setStatus(t, db, pools[2].ID, squares.PoolActive)
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: paid.ID, User: bo, Cells: cellsFrom(0, 1)})
		wantCode(t, err, squares.EUNPROCESSABLE, "Squares in paid pools are bought through checkout.")
		res, err = db.ClaimSquares(ctx, store.Claim{PoolID: paid.ID, User: bo, Cells: cellsFrom(0, 2), Paid: true})
		if err != nil || res.Squares[0].PurchasePrice != 500 || res.Pool.Pot() != 1000 {
			t.Fatalf("paid claim = %+v, %v", res, err)
		}
		setStatus(t, db, paid.ID, squares.PoolInactive)
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: paid.ID, User: bo, Cells: cellsFrom(5, 1), Paid: true})
		wantCode(t, err, squares.EUNPROCESSABLE, "This pool is hidden and not selling squares for now.")
		cancelled := setStatus(t, db, pools[3].ID, squares.PoolCancelled)
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: cancelled.ID, User: bo, Cells: cellsFrom(5, 1), Paid: true})
		wantCode(t, err, squares.EUNPROCESSABLE, "This pool is cancelled.")

		// Another week than the league's active one is closed.
		if _, err := db.SetActiveWeek(ctx, squares.LeagueNFL, "W13"); err != nil {
			t.Fatal(err)
		}
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: bo, Cells: cellsFrom(50, 1)})
		wantCode(t, err, squares.EUNPROCESSABLE, "This pool's week is closed.")
		if _, err := db.SetActiveWeek(ctx, squares.LeagueNFL, "W12"); err != nil {
			t.Fatal(err)
		}

		// Sales close two hours before kickoff.
		clock.Set(t0.Add(70 * time.Hour))
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: bo, Cells: cellsFrom(50, 1)})
		wantCode(t, err, squares.EUNPROCESSABLE, "Sales for this pool have closed: its game kicks off soon.")
		clock.Set(t0.Add(70*time.Hour - time.Second))
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: bo, Cells: cellsFrom(50, 1)}); err != nil {
			t.Errorf("a second before sales close: %v", err)
		}

		// Paid pools open six days before kickoff; free pools as soon as they are active.
		clock.Set(t0)
		_, far := addGame(t, db, "W12", t0.Add(8*24*time.Hour))
		farPaid := setStatus(t, db, far[1].ID, squares.PoolActive)
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: farPaid.ID, User: bo, Cells: cellsFrom(0, 1), Paid: true})
		wantCode(t, err, squares.EUNPROCESSABLE, "Sales for this pool open on Sun Nov 22, 10:00 AM ET.")
		farFree := setStatus(t, db, far[0].ID, squares.PoolActive)
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: farFree.ID, User: bo, Cells: cellsFrom(0, 1)}); err != nil {
			t.Errorf("free pool eight days out: %v", err)
		}
		clock.Set(t0.Add(2 * 24 * time.Hour))
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: farPaid.ID, User: bo, Cells: cellsFrom(0, 1), Paid: true}); err != nil {
			t.Errorf("paid pool six days out: %v", err)
		}
	})
}

// TestHundredthSquareDraws fills a pool and checks that the claim of the 100th square, and only it, draws
// the numbers from the committed seed and the final ownership, as anyone can recompute them.
func TestHundredthSquareDraws(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		pool := setStatus(t, db, pools[0].ID, squares.PoolActive)
		commitment := pool.DrawCommitment

		// 95 squares by 19 players, 4 by a last player, then the 100th by the same player.
		for i := 0; i < 95; i += 5 {
			u := addPlayer(t, db, "p")
			// Scatter the cells so ownership is not simply row-major blocks.
			var cells []squares.Cell
			for k := range 5 {
				n := (i + k) * 37 % 100
				cells = append(cells, squares.Cell{Row: n / 10, Column: n % 10})
			}
			res, err := db.ClaimSquares(ctx, store.Claim{PoolID: pool.ID, User: u, Cells: cells})
			if err != nil || res.Drew {
				t.Fatalf("claim %d: drew %v, %v", i, res != nil && res.Drew, err)
			}
		}
		var rest []squares.Cell
		for n := 95; n < 100; n++ {
			m := n * 37 % 100
			rest = append(rest, squares.Cell{Row: m / 10, Column: m % 10})
		}
		last := addPlayer(t, db, "last")
		res, err := db.ClaimSquares(ctx, store.Claim{PoolID: pool.ID, User: last, Cells: rest[:4]})
		if err != nil || res.Drew || res.Pool.SquaresTaken != 99 || res.Pool.NumbersGenerated() || res.Pool.Status != squares.PoolActive {
			t.Fatalf("99th square: %+v, %v", res, err)
		}
		if p, _ := db.FindPool(ctx, pool.ID, 0); p.HomeNumbers != nil || p.DrawnAt != nil {
			t.Fatalf("numbers before the pool is full: %+v", p.Pool)
		}

		clock.Add(time.Minute)
		res, err = db.ClaimSquares(ctx, store.Claim{PoolID: pool.ID, User: last, Cells: rest[4:]})
		if err != nil {
			t.Fatal(err)
		}
		p := res.Pool
		if !res.Drew || p.Status != squares.PoolFull || p.SquaresTaken != 100 || !p.NumbersGenerated() ||
			p.DrawnAt == nil || !p.DrawnAt.Equal(clock.Now()) || p.DistinctPlayers != 20 {
			t.Fatalf("after the 100th square: drew %v, pool %+v", res.Drew, p.Pool)
		}
		if !squares.IsPermutation(p.HomeNumbers) || !squares.IsPermutation(p.AwayNumbers) {
			t.Fatalf("digits %v / %v are not permutations of 0-9", p.HomeNumbers, p.AwayNumbers)
		}
		// The seed is the committed one, and the digits are the published derivation over the final grid.
		if p.DrawCommitment != commitment || squares.DrawCommitment(p.DrawSeed) != commitment {
			t.Fatalf("seed %q does not match the commitment %q", p.DrawSeed, commitment)
		}
		sqs, err := db.ListSquares(ctx, pool.ID)
		if err != nil || len(sqs) != 100 {
			t.Fatalf("squares = %d, %v", len(sqs), err)
		}
		var owners [squares.SquaresPerPool]string
		for _, sq := range sqs {
			owners[sq.Row*squares.GridSize+sq.Column] = store.OwnerID(sq)
		}
		for i, o := range owners {
			if o == "" || o == "0" {
				t.Fatalf("square %d has no owner", i)
			}
		}
		home, away := squares.Draw(p.DrawSeed, p.ID, owners)
		if !slices.Equal(home, p.HomeNumbers) || !slices.Equal(away, p.AwayNumbers) {
			t.Fatalf("stored digits %v / %v, recomputed %v / %v", p.HomeNumbers, p.AwayNumbers, home, away)
		}
		if owners[rest[4].Row*10+rest[4].Column] != itoa(last.ID) {
			t.Errorf("the 100th square's owner is %s", owners[rest[4].Row*10+rest[4].Column])
		}
		// What the derivation consumed is stored with the digits: the ownership text and its SHA-256.
		if p.DrawInput != squares.OwnershipText(owners) || p.DrawInputSHA256 != squares.DrawInputSHA256(p.DrawInput) {
			t.Fatalf("draw input %q (sha256 %s), want %q", p.DrawInput, p.DrawInputSHA256, squares.OwnershipText(owners))
		}
		if pools, _ := db.ListPools(ctx, squares.PoolFilter{GameID: pool.GameID}); pools[0].DrawInput != p.DrawInput ||
			pools[1].DrawInput != "" || pools[1].DrawInputSHA256 != "" {
			t.Fatalf("listed pools' draw inputs: %q, %q", pools[0].DrawInput, pools[1].DrawInput)
		}

		// Drawn once: later reads and status changes keep the same digits, and no claim gets in.
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: pool.ID, User: addPlayer(t, db, "late"), Cells: cellsFrom(0, 1)})
		wantCode(t, err, squares.ECONFLICT, "This pool is full.")
		clock.Add(time.Hour)
		started, err := db.FollowGame(ctx, pool.ID, squares.PoolStarted)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(started.HomeNumbers, p.HomeNumbers) || !slices.Equal(started.AwayNumbers, p.AwayNumbers) ||
			!started.DrawnAt.Equal(*p.DrawnAt) || started.DrawInput != p.DrawInput {
			t.Errorf("digits changed after the draw: %v / %v", started.HomeNumbers, started.AwayNumbers)
		}
	})
}

// TestStats: revenue is read from the ledger: entry fees captured, net of refunds, dated by their
// capture; a hold not captured and a cancelled pool's squares bring nothing. Private pools, their squares
// and their fees are never counted: the stats are public (issue 19 item 7).
func TestStats(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		addGame(t, db, "W12", t0.Add(96*time.Hour))
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		five := setStatus(t, db, pools[2].ID, squares.PoolActive)
		ten := setStatus(t, db, pools[3].ID, squares.PoolActive)
		setStatus(t, db, pools[4].ID, squares.PoolCancelled)
		ann, bo, cy := addPlayer(t, db, "ann"), addPlayer(t, db, "bo"), addPlayer(t, db, "cy")
		n := 0
		pay := func(u *squares.User, pool *squares.PoolView, cells []squares.Cell) *squares.Payment {
			t.Helper()
			n++
			price := pool.EntryFee * squares.Cents(len(cells))
			p, err := db.BeginCheckout(ctx, store.Checkout{ID: "pay_stats_" + strconv.Itoa(n), Provider: "sandbox", User: u,
				PoolID: pool.ID, Cells: cells, Amount: price})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.ConfirmPayment(ctx, p.ID, &squares.ProviderPayment{ID: "pi_" + p.ID,
				Status: squares.ProviderRequiresCapture, Amount: price, Currency: squares.Currency}, squares.Eligibility{}); err != nil {
				t.Fatal(err)
			}
			return p
		}
		capture := func(p *squares.Payment) {
			t.Helper()
			if err := db.MarkCaptured(ctx, p.ID); err != nil {
				t.Fatal(err)
			}
		}

		clock.Set(t0.Add(-26 * time.Hour)) // yesterday: the paid pool is open (its game is four days out)
		capture(pay(ann, five, cellsFrom(0, 2)))
		clock.Set(t0)
		capture(pay(bo, five, cellsFrom(2, 3)))
		pay(cy, five, cellsFrom(5, 1)) // held, never captured
		refunded := pay(cy, ten, cellsFrom(0, 2))
		capture(refunded)
		setStatus(t, db, ten.ID, squares.PoolCancelled)
		if err := db.MarkRefunded(ctx, refunded.ID, "The pool was cancelled."); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: bo, Cells: cellsFrom(0, 4)}); err != nil {
			t.Fatal(err)
		}
		dayStart := time.Date(2026, 11, 20, 5, 0, 0, 0, time.UTC) // midnight Eastern
		s, err := db.Stats(ctx, dayStart)
		if err != nil {
			t.Fatal(err)
		}
		want := store.PoolStats{TotalPools: 10, ActivePools: 2, DraftPools: 6, SquaresSold: 12, TotalRevenue: 2500, RevenueToday: 1500}
		if s != want {
			t.Errorf("Stats = %+v, want %+v", s, want)
		}

		// A paid private pool, with squares bought and captured today, and a free one: nothing changes.
		for i, fee := range []squares.Cents{500, 0} {
			priv, err := db.CreatePrivatePool(ctx, ann, squares.PrivatePoolInput{GameID: g.ID, Name: "Office " + itoa(int64(i)),
				EntryFee: fee, MaxSquaresPerPlayer: 5}, squares.PrivatePoolRules{})
			if err != nil {
				t.Fatal(err)
			}
			joinIfPrivate(t, db, priv.Pool.ID, bo)
			if fee > 0 {
				capture(pay(bo, priv.Pool, cellsFrom(0, 3)))
			} else if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: priv.Pool.ID, User: bo, Cells: cellsFrom(0, 3)}); err != nil {
				t.Fatal(err)
			}
		}
		if s, err := db.Stats(ctx, dayStart); err != nil || s != want {
			t.Errorf("with private pools, Stats = %+v, %v; want %+v", s, err, want)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
