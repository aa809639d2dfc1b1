package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// claimN has players new players claim n squares each of an active free pool from index start.
func claimN(t *testing.T, db *store.DB, poolID int64, players, n, start int) []*squares.User {
	t.Helper()
	var out []*squares.User
	for range players {
		u := addPlayer(t, db, "p")
		joinIfPrivate(t, db, poolID, u)
		if _, err := db.ClaimSquares(context.Background(), store.Claim{PoolID: poolID, User: u,
			Cells: cellsFrom(start, n)}); err != nil {
			t.Fatalf("claim: %v", err)
		}
		out = append(out, u)
		start += n
	}
	return out
}

// TestDecidePrivatePoolNotFull: a private pool not full at 2 hours before kickoff is cancelled, however
// many players it has; not before; and only once; its players are told why.
func TestDecidePrivatePoolNotFull(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		kickoff := t0.Add(72 * time.Hour)
		g, _ := addGame(t, db, "W12", kickoff)
		creator := addPlayer(t, db, "Creator")
		id, err := db.InsertPrivatePool(ctx, g.ID, creator.ID, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		players := claimN(t, db, id, 9, 10, 0)
		if d, err := db.DecidePool(ctx, id, kickoff.Add(-3*time.Hour)); d != nil || err != nil {
			t.Fatalf("decided 3 hours before kickoff: %+v, %v", d, err)
		}
		d, err := db.DecidePool(ctx, id, kickoff.Add(-2*time.Hour))
		if err != nil || d == nil || d.Action != squares.DecideCancel || d.Reason != "Private pool not full: 90 of 100 squares taken." ||
			d.ParticipantsAffected != 9 || d.HouseSquaresNeeded != 10 {
			t.Fatalf("decision = %+v, %v", d, err)
		}
		if p, _ := db.FindPool(ctx, id, 0); p.Status != squares.PoolCancelled {
			t.Fatalf("private pool is %s", p.Status)
		}
		if d, err := db.DecidePool(ctx, id, kickoff.Add(-time.Hour)); d != nil || err != nil {
			t.Fatalf("decided twice: %+v, %v", d, err)
		}
		ns, err := db.ListNotifications(ctx, players[8].ID, true)
		if err != nil || len(ns) != 1 || ns[0].Kind != squares.NotifyPoolCancelled || ns[0].PoolID != id ||
			ns[0].Message != "Friends was cancelled before kickoff. Private pool not full: 90 of 100 squares taken." {
			t.Fatalf("player's notifications = %+v, %v", ns, err)
		}
		logged, err := db.ListDecisions(ctx, 10)
		if err != nil || len(logged) != 1 || logged[0].PoolID != id || logged[0].DecidedBy != store.DecidedByAutomation ||
			logged[0].ParticipantsAffected != 9 || !logged[0].DecidedAt.Equal(t0) || !logged[0].DueAt.Equal(kickoff.Add(-2*time.Hour)) {
			t.Fatalf("log = %+v, %v", logged, err)
		}
	})
}

// TestAdminDecisions: the list of pools awaiting a decision by a time; an admin's house fill must name
// the squares still free (a conflict otherwise) and fills them all for the house, then draws; an admin's
// cancellation keeps its reason; completed or cancelled pools cannot be cancelled; a pool decided by an
// admin is not decided again by the automation.
func TestAdminDecisions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		kickoff := t0.Add(72 * time.Hour)
		_, pools := addGame(t, db, "W12", kickoff)
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		claimN(t, db, free.ID, 4, 5, 0)

		if due, err := db.ListUndecidedPools(ctx, kickoff.Add(-2*time.Hour-time.Second)); err != nil || len(due) != 0 {
			t.Fatalf("due before the mark: %+v, %v", due, err)
		}
		due, err := db.ListUndecidedPools(ctx, kickoff.Add(-2*time.Hour))
		if err != nil || len(due) != 5 || due[0].PoolID != free.ID || due[0].SquaresTaken != 20 || due[0].DistinctPlayers != 4 {
			t.Fatalf("due = %+v, %v", due, err)
		}

		_, err = db.HouseFill(ctx, free.ID, 81)
		wantCode(t, err, squares.ECONFLICT, "The pool changed; reload. 80 squares are free, not 81.")
		_, err = db.HouseFill(ctx, pools[1].ID, 100)
		wantCode(t, err, squares.EUNPROCESSABLE, "Only an active or hidden pool can be house-filled; this one is draft.")
		p, err := db.HouseFill(ctx, free.ID, 80)
		if err != nil || p.Status != squares.PoolFull || p.SquaresTaken != 100 || !p.NumbersGenerated() || p.DistinctPlayers != 4 {
			t.Fatalf("house fill = %+v, %v", p, err)
		}
		sqs, _ := db.ListSquares(ctx, free.ID)
		house := 0
		for _, sq := range sqs {
			if sq.IsHouse {
				house++
			}
		}
		if house != 80 {
			t.Fatalf("house squares = %d", house)
		}

		p, err = db.CancelPool(ctx, pools[2].ID, "Game moved to Monday.")
		if err != nil || p.Status != squares.PoolCancelled {
			t.Fatalf("cancel = %+v, %v", p, err)
		}
		_, err = db.CancelPool(ctx, pools[2].ID, "again")
		wantCode(t, err, squares.EUNPROCESSABLE, "This pool is cancelled; it cannot be cancelled.")
		_, err = db.CancelPool(ctx, 9999, "none")
		wantCode(t, err, squares.ENOTFOUND, "Pool not found.")

		logged, err := db.ListDecisions(ctx, 10)
		if err != nil || len(logged) != 2 || logged[0].Reason != "Game moved to Monday." || logged[0].DecidedBy != store.DecidedByAdmin ||
			logged[1].Action != squares.DecideHouseFill || logged[1].HouseSquaresNeeded != 80 {
			t.Fatalf("log = %+v, %v", logged, err)
		}
		for _, id := range []int64{free.ID, pools[2].ID} {
			if d, err := db.DecidePool(ctx, id, kickoff.Add(-time.Hour)); d != nil || err != nil {
				t.Fatalf("pool %d decided again: %+v, %v", id, d, err)
			}
		}
		due, _ = db.ListUndecidedPools(ctx, kickoff)
		if len(due) != 3 {
			t.Fatalf("still undecided: %+v", due)
		}
	})
}
