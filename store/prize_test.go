package store_test

import (
	"context"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPrizeMigrationBackfill: migration 00010 gives every player's prize credited before it (a winners
// row of status credited) its unclaimed prize, claimable 30 days from the credit; a house square's and a
// free pool's wins get none.
func TestPrizeMigrationBackfill(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*3600e9))
		u := addPlayer(t, db, "Dana")
		err := db.RedoMigration(ctx, 10, func(exec func(string, ...any) error) error {
			q := `INSERT INTO winners (pool_id, period, home_score, away_score, row_idx, col_idx, user_id, amount_cents,
				status, created_at) VALUES ($1, $2, 7, 3, 0, 0, $3, $4, $5, $6)`
			for _, w := range []struct {
				period int
				user   any
				amount int64
				status string
			}{{1, u.ID, 22500, squares.WinnerCredited}, {2, nil, 22500, squares.WinnerHouse}, {3, u.ID, 0, squares.WinnerFree}} {
				if err := exec(q, pools[3].ID, w.period, w.user, w.amount, w.status, t0); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		zs, err := db.ListUserPrizes(ctx, u.ID)
		if err != nil || len(zs) != 1 {
			t.Fatalf("prizes %v, %v", zs, err)
		}
		z := zs[0]
		if z.Period != 1 || z.Amount != 22500 || z.Status != squares.PrizeUnclaimed || !z.CreditedAt.Equal(t0) ||
			!z.ClaimBy.Equal(t0.Add(squares.PrizeClaimWindow)) {
			t.Fatalf("prize %+v", z)
		}
	})
}
