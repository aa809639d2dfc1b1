package store_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// The SQLite writer leaves checkpoints to the checkpointer: without it the WAL grows past SQLite's
// default of 1,000 pages (the writer would have copied them inside some claim's commit); with it, the
// pages reach the database file in the background a little after the commits.
func TestCheckpoints(t *testing.T) {
	for _, tc := range []struct {
		name  string
		delay time.Duration
	}{{"writer only", -1}, {"in the background", 20 * time.Millisecond}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			db := store.New("sqlite:" + filepath.Join(t.TempDir(), "squares.db"))
			db.Now = storetest.NewClock(t0).Now
			db.CheckpointDelay = tc.delay
			if err := db.Open(ctx); err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			players := make([]*squares.User, squares.SquaresPerPool/squares.PublicSquaresPerPlayer)
			for i := range players {
				players[i] = addPlayer(t, db, "p")
			}
			// Four pools of single-square claims: 400 commits, some 1,800 pages.
			for k := 0; k < 4; k++ {
				_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour+time.Duration(k)*time.Minute))
				free := setStatus(t, db, pools[0].ID, squares.PoolActive)
				for cell := 0; cell < squares.SquaresPerPool; cell++ {
					if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: players[cell/squares.PublicSquaresPerPlayer],
						Cells: cellsFrom(cell, 1)}); err != nil {
						t.Fatal(err)
					}
				}
			}
			if tc.delay < 0 {
				frames, copied, err := db.Checkpoint(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if frames < 1500 || copied != frames {
					t.Errorf("WAL of %d frames, %d copied; want more than 1,500 (the writer checkpoints only past 10,000), all copied", frames, copied)
				}
				if n := db.CheckpointCopied(); n != 0 {
					t.Errorf("%d frames copied in the background with the checkpointer off", n)
				}
				return
			}
			deadline := time.Now().Add(5 * time.Second)
			for db.CheckpointCopied() == 0 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if db.CheckpointCopied() == 0 {
				t.Fatal("no frames copied in the background 5 s after the writes")
			}
			if frames, copied, err := db.Checkpoint(ctx); err != nil || copied != frames {
				t.Errorf("after the background checkpoints: WAL of %d frames, %d copied, %v", frames, copied, err)
			}
		})
	}
}
