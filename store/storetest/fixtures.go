package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// OpenFreePool makes an NFL game kicking off at kickoff and opens its free pool for sale.
func OpenFreePool(t testing.TB, db *store.DB, kickoff time.Time) *squares.PoolView {
	t.Helper()
	ctx := context.Background()
	g := &squares.Game{LeagueID: squares.LeagueNFL, HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs",
		HomeTeamColor: "#00338D", AwayTeamColor: "#E31837", GameDate: kickoff, Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pools {
		if p.IsFree() {
			open, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive)
			if err != nil {
				t.Fatal(err)
			}
			return open
		}
	}
	t.Fatalf("game %d has no free pool", g.ID)
	return nil
}
