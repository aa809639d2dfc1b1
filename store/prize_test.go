package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

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

// TestFreeWinNotification: a player whose square wins a free pool's period is told of the win, naming the
// period, the pool and its game, with nothing said of a claim or a deadline; there is no prize to claim.
func TestFreeWinNotification(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*3600e9))
		free := fullFreePool(t, db, pools[0])
		score(t, db, g.ID, 0, 0, 1, "live")
		score(t, db, g.ID, 7, 3, 2, "2q")
		ws, err := db.ListWinners(ctx, free.ID)
		if err != nil || len(ws) != 1 {
			t.Fatalf("winners %v, %v", ws, err)
		}
		ns, err := db.ListNotifications(ctx, ws[0].UserID, true)
		if err != nil || len(ns) != 1 {
			t.Fatalf("notifications %+v, %v", ns, err)
		}
		n := ns[0]
		want := "You won Q1 of " + free.Name + " (Kansas City Chiefs @ Buffalo Bills)! Free pools are played for bragging rights."
		if n.Kind != squares.NotifyFreeWin || n.Message != want || n.PoolID != free.ID || n.PrizeID != 0 || n.ReadAt != nil {
			t.Fatalf("notification %+v, want message %q", n, want)
		}
		if strings.Contains(strings.ToLower(n.Message), "claim") {
			t.Fatalf("a free win speaks of a claim: %q", n.Message)
		}
		if zs, _ := db.ListUserPrizes(ctx, ws[0].UserID); len(zs) != 0 {
			t.Fatalf("a free win has prizes %+v", zs)
		}
		if c, err := db.CountUnreadNotifications(ctx, ws[0].UserID); c != 1 || err != nil {
			t.Fatalf("unread %d, %v", c, err)
		}
		if _, err := db.MarkNotificationsRead(ctx, ws[0].UserID, nil); err != nil {
			t.Fatal(err)
		}
		if c, err := db.CountUnreadNotifications(ctx, ws[0].UserID); c != 0 || err != nil {
			t.Fatalf("unread after reading all %d, %v", c, err)
		}
	})
}

// TestNotificationPrizeMigrationBackfill: migration 00020 ties the prize notifications written before it
// to their prize: a win to the prize credited with it, a warning or a forfeit to the player's only prize in
// that pool (none when they have two there); other notifications stay without one.
func TestNotificationPrizeMigrationBackfill(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*3600e9))
		dana, lee := addPlayer(t, db, "Dana"), addPlayer(t, db, "Lee")
		ten, five := pools[3].ID, pools[2].ID
		later := t0.Add(3600e9)
		err := db.RedoMigration(ctx, 20, func(exec func(string, ...any) error) error {
			win := `INSERT INTO winners (pool_id, period, home_score, away_score, row_idx, col_idx, user_id, amount_cents,
				status, created_at) VALUES ($1, $2, 7, 3, 0, 0, $3, 22500, 'credited', $4)`
			prize := `INSERT INTO prizes (winner_id, user_id, status, credited_at, claim_by)
				SELECT id, user_id, 'unclaimed', $1, $2 FROM winners WHERE pool_id = $3 AND period = $4`
			note := `INSERT INTO notifications (user_id, kind, message, pool_id, created_at) VALUES ($1, $2, 'x', $3, $4)`
			for _, w := range []struct {
				pool   int64
				period int
				user   int64
				at     time.Time
			}{{ten, 1, dana.ID, t0}, {ten, 2, dana.ID, later}, {five, 1, lee.ID, t0}} {
				if err := exec(win, w.pool, w.period, w.user, w.at); err != nil {
					return err
				}
				if err := exec(prize, w.at, w.at.Add(squares.PrizeClaimWindow), w.pool, w.period); err != nil {
					return err
				}
			}
			for _, n := range []struct {
				user int64
				kind string
				pool int64
				at   time.Time
			}{
				{dana.ID, squares.NotifyPrizeWon, ten, t0}, {dana.ID, squares.NotifyPrizeWon, ten, later},
				{dana.ID, squares.NotifyPrizeForfeitReminder, ten, later.Add(1e9)}, {lee.ID, squares.NotifyPrizeWon, five, t0},
				{lee.ID, squares.NotifyPrizeForfeited, five, later}, {lee.ID, squares.NotifyPaymentRefunded, five, later},
			} {
				if err := exec(note, n.user, n.kind, n.pool, n.at); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		prizeOf := func(u *squares.User) map[int]int64 {
			zs, err := db.ListUserPrizes(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			out := map[int]int64{}
			for _, z := range zs {
				out[z.Period] = z.ID
			}
			return out
		}
		dz, lz := prizeOf(dana), prizeOf(lee)
		got := func(u *squares.User) []int64 {
			ns, err := db.ListNotifications(ctx, u.ID, false)
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for i := len(ns) - 1; i >= 0; i-- {
				out = append(out, ns[i].PrizeID)
			}
			return out
		}
		if d := got(dana); fmt.Sprint(d) != fmt.Sprint([]int64{dz[1], dz[2], 0}) {
			t.Errorf("Dana's notifications' prizes %v, prizes %v", d, dz)
		}
		if l := got(lee); fmt.Sprint(l) != fmt.Sprint([]int64{lz[1], lz[1], 0}) {
			t.Errorf("Lee's notifications' prizes %v, prizes %v", l, lz)
		}
	})
}
