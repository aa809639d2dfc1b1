package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares/store/storetest"
)

// TestPoolAndUserRefs: the names of a page of rows' pools and users, read by id in chunks: every pool of a
// list longer than one chunk, each id once, unknown ids left out.
func TestPoolAndUserRefs(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, _ := openAt(t, engine)
		ctx := context.Background()
		var ids []int64
		for i := range 11 { // 55 pools: more than one chunk of 50
			g, pools := addGame(t, db, "W13", t0.Add(time.Duration(72+i)*time.Hour))
			for _, p := range pools {
				ids = append(ids, p.ID)
				if p.Game.ID != g.ID {
					t.Fatal("pool of another game")
				}
			}
		}
		refs, err := db.PoolRefs(ctx, append(append(ids, ids[3], 0, 999999), ids...))
		if err != nil || len(refs) != len(ids) {
			t.Fatalf("pool refs = %d of %d, %v", len(refs), len(ids), err)
		}
		last := refs[ids[54]]
		if last == nil || last.Name != "$25 Pool" || last.Game.HomeTeam != "Buffalo Bills" ||
			last.Game.AwayTeam != "Kansas City Chiefs" || last.Game.Week != "W13" || !last.Game.GameDate.Equal(t0.Add(82*time.Hour)) {
			t.Errorf("pool %d = %+v", ids[54], last)
		}
		if refs, err := db.PoolRefs(ctx, nil); err != nil || len(refs) != 0 {
			t.Errorf("no ids: %v, %v", refs, err)
		}

		ann, bob := addPlayer(t, db, "Ann"), addPlayer(t, db, "Bob")
		users, err := db.UserRefs(ctx, []int64{bob.ID, ann.ID, 424242})
		if err != nil || len(users) != 2 || users[ann.ID].Name != "Ann Tester" || users[bob.ID].Email != bob.Email {
			t.Errorf("user refs = %+v, %v", users, err)
		}
	})
}
