package store_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// wantPlayers fails the test unless the pool's distinct players, as the store reads them, are want and
// equal a count of its squares.
func wantPlayers(t *testing.T, db *store.DB, poolID int64, want int, after string) {
	t.Helper()
	ctx := context.Background()
	p, err := db.FindPool(ctx, poolID, 0)
	if err != nil {
		t.Fatal(err)
	}
	var counted int
	if err := db.QueryRow(ctx, `SELECT COUNT(DISTINCT user_id) FROM squares WHERE pool_id = $1 AND state = 'owned'
		AND user_id IS NOT NULL`, []any{poolID}, &counted); err != nil {
		t.Fatal(err)
	}
	if p.DistinctPlayers != counted || counted != want {
		t.Fatalf("after %s: pool %d has %d distinct players, its squares count %d, want %d", after, poolID,
			p.DistinctPlayers, counted, want)
	}
}

// claimAndCompare claims cells for u and fails the test unless the claim's answer is the pool exactly as a
// fresh read shows it to u.
func claimAndCompare(t *testing.T, db *store.DB, poolID int64, u *squares.User, cells []squares.Cell) *store.ClaimResult {
	t.Helper()
	ctx := context.Background()
	res, err := db.ClaimSquares(ctx, store.Claim{PoolID: poolID, User: u, Cells: cells})
	if err != nil {
		t.Fatalf("claim %v for %s: %v", cells, u.FirstName, err)
	}
	fresh, err := db.FindPool(ctx, poolID, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.Pool, fresh) {
		t.Fatalf("claim %v for %s answered\n%+v\n%+v\nfresh read\n%+v\n%+v", cells, u.FirstName, res.Pool, *res.Pool.Pool,
			fresh, *fresh.Pool)
	}
	return res
}

// TestClaimAnswersThePool: a claim answers with the pool it locked and what it changed, not a second read:
// the answer equals a fresh read by the claimant, counters, viewer's squares, update time and, for the
// claim that completes the grid, the draw.
func TestClaimAnswersThePool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, clock := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		// Distinct times, with nanoseconds PostgreSQL does not keep.
		clock.Add(time.Minute + 123456789*time.Nanosecond)
		ann, bo := addPlayer(t, db, "ann"), addPlayer(t, db, "bo")
		claimAndCompare(t, db, free.ID, ann, cellsFrom(0, 2))
		clock.Add(time.Second)
		claimAndCompare(t, db, free.ID, ann, cellsFrom(2, 1))
		res := claimAndCompare(t, db, free.ID, bo, cellsFrom(3, 1))
		if res.Pool.SquaresTaken != 4 || res.Pool.DistinctPlayers != 2 || res.Pool.ViewerSquares != 1 || res.Drew {
			t.Fatalf("bo's claim: %+v", res.Pool)
		}
		for i := 4; i < squares.SquaresPerPool; i += squares.PublicSquaresPerPlayer {
			clock.Add(time.Millisecond)
			n := min(squares.PublicSquaresPerPlayer, squares.SquaresPerPool-i)
			res = claimAndCompare(t, db, free.ID, addPlayer(t, db, "filler"), cellsFrom(i, n))
		}
		if !res.Drew || res.Pool.Status != squares.PoolFull || !res.Pool.NumbersGenerated() || res.Pool.DistinctPlayers != 22 {
			t.Fatalf("last claim: drew %v, %+v", res.Drew, res.Pool.Pool)
		}
		wantPlayers(t, db, free.ID, 22, "the pool filled")
	})
}

// TestDistinctPlayersKept: every change of ownership keeps a pool's distinct players equal to a count of its
// squares: claims, checkouts held and confirmed, checkouts cancelled, payments released in an open pool
// (squares freed) and in a full one (the house takes them), a house fill and a cancellation.
func TestDistinctPlayersKept(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		ann, bo, cy := addPlayer(t, db, "ann"), addPlayer(t, db, "bo"), addPlayer(t, db, "cy")

		claim := func(u *squares.User, start, n int) {
			t.Helper()
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: u, Cells: cellsFrom(start, n)}); err != nil {
				t.Fatal(err)
			}
		}
		wantPlayers(t, db, free.ID, 0, "nothing")
		claim(ann, 0, 2)
		wantPlayers(t, db, free.ID, 1, "ann's claim")
		claim(ann, 2, 1)
		wantPlayers(t, db, free.ID, 1, "ann's second claim")
		claim(bo, 3, 1)
		wantPlayers(t, db, free.ID, 2, "bo's claim")
		_, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: cy, Cells: cellsFrom(3, 1)})
		wantCode(t, err, squares.ECONFLICT, "")
		wantPlayers(t, db, free.ID, 2, "cy's refused claim")

		paid := setStatus(t, db, pools[2].ID, squares.PoolActive)
		n := 0
		checkout := func(u *squares.User, start, count int) *squares.Payment {
			t.Helper()
			n++
			pay, err := db.BeginCheckout(ctx, store.Checkout{ID: fmt.Sprintf("pay_players_%d", n), Provider: "sandbox",
				User: u, PoolID: paid.ID, Cells: cellsFrom(start, count), Amount: paid.EntryFee * squares.Cents(count)})
			if err != nil {
				t.Fatal(err)
			}
			return pay
		}
		confirm := func(pay *squares.Payment) {
			t.Helper()
			pp := &squares.ProviderPayment{ID: "pi_" + pay.ID, Status: squares.ProviderRequiresCapture, Amount: pay.Amount,
				Currency: squares.Currency}
			if _, err := db.ConfirmPayment(ctx, pay.ID, pp, squares.Eligibility{}); err != nil {
				t.Fatal(err)
			}
		}
		release := func(pay *squares.Payment) {
			t.Helper()
			if _, err := db.ReleasePayment(ctx, pay.ID, "test"); err != nil {
				t.Fatal(err)
			}
		}
		annPay := checkout(ann, 0, 2)
		wantPlayers(t, db, paid.ID, 0, "ann's checkout (held)")
		confirm(annPay)
		wantPlayers(t, db, paid.ID, 1, "ann's payment confirmed")
		boPay := checkout(bo, 2, 1)
		confirm(boPay)
		wantPlayers(t, db, paid.ID, 2, "bo's payment confirmed")
		cyPay := checkout(cy, 3, 1)
		if _, err := db.ReleaseCheckout(ctx, cy.ID, cyPay.ID); err != nil {
			t.Fatal(err)
		}
		wantPlayers(t, db, paid.ID, 2, "cy's checkout cancelled")
		cyPay = checkout(cy, 3, 1)
		confirm(cyPay)
		wantPlayers(t, db, paid.ID, 3, "cy's payment confirmed")
		release(boPay)
		wantPlayers(t, db, paid.ID, 2, "bo's payment released in an open pool")
		checkout(ann, 10, 1)
		wantPlayers(t, db, paid.ID, 2, "ann's second checkout")

		// The house fill releases ann's pending checkout and takes the 97 free squares.
		p, err := db.HouseFill(ctx, paid.ID, 97)
		if err != nil || p.Status != squares.PoolFull || p.DistinctPlayers != 2 {
			t.Fatalf("house fill: %+v, %v", p, err)
		}
		wantPlayers(t, db, paid.ID, 2, "the house fill")
		release(annPay)
		wantPlayers(t, db, paid.ID, 1, "ann's payment released in a full pool (the house takes her squares)")
		release(cyPay)
		wantPlayers(t, db, paid.ID, 0, "cy's payment released in a full pool")

		other := setStatus(t, db, pools[3].ID, squares.PoolActive)
		paid = other
		dee := addPlayer(t, db, "dee")
		deePay := checkout(dee, 0, 1)
		confirm(deePay)
		wantPlayers(t, db, other.ID, 1, "dee's payment confirmed")
		if _, err := db.CancelPool(ctx, other.ID, "Game moved."); err != nil {
			t.Fatal(err)
		}
		release(deePay)
		wantPlayers(t, db, other.ID, 1, "the pool cancelled and dee's payment released (she keeps her square's record)")
	})
}

// TestDistinctPlayersMigration: the migration that adds the column counts the players of existing pools.
func TestDistinctPlayersMigration(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		claimN(t, db, free.ID, 3, 2, 0)
		if err := db.RedoMigration(ctx, 17, func(exec func(string, ...any) error) error {
			// A house square and one more of a player's: neither is a new player.
			return exec(`INSERT INTO squares (pool_id, row_idx, col_idx, user_id, is_house, state, purchase_price_cents,
				created_at) VALUES ($1, 9, 9, NULL, TRUE, 'owned', 0, $2), ($1, 9, 8, (SELECT MIN(user_id) FROM squares
				WHERE pool_id = $1), FALSE, 'owned', 0, $2)`, free.ID, t0)
		}); err != nil {
			t.Fatal(err)
		}
		wantPlayers(t, db, free.ID, 3, "the migration")
		wantPlayers(t, db, pools[1].ID, 0, "the migration")
	})
}
