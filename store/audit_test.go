package store_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestAuditLog(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, _ := openAt(t, engine)
		admin := addPlayer(t, db, "Ada")
		admin.Role, admin.Username = squares.RoleAdmin, "ada"
		ctx := squares.NewContextWithUser(context.Background(), admin)
		_, pools := addGame(t, db, "W3", t0.Add(72*time.Hour))

		// An admin's change is logged with who, what, when and the before and after.
		if _, err := db.SetPoolStatus(ctx, pools[1].ID, squares.PoolActive); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SetActiveWeek(ctx, squares.LeagueNFL, "W3"); err != nil {
			t.Fatal(err)
		}
		// A change by no signed-in user is the system's; a change to the same status is no change.
		if _, err := db.SetPoolStatus(context.Background(), pools[2].ID, squares.PoolActive); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SetPoolStatus(ctx, pools[1].ID, squares.PoolActive); err != nil {
			t.Fatal(err)
		}
		// A refused change logs nothing: the entry is in the change's transaction.
		if _, err := db.SetPoolStatus(ctx, pools[3].ID, squares.PoolCompleted); err == nil {
			t.Fatal("draft to completed was allowed")
		}

		all, total, err := db.ListAudit(ctx, store.AuditFilter{})
		if err != nil || total != 3 || len(all) != 3 {
			t.Fatalf("audit = %d of %d, %v", len(all), total, err)
		}
		system, week, status := all[0], all[1], all[2] // newest first
		if status.Action != "pool.status" || status.AdminID != admin.ID || status.AdminName != "ada" ||
			status.TargetType != "pool" || status.PoolID != pools[1].ID || !status.CreatedAt.Equal(t0) ||
			string(status.Before) != `{"status":"draft"}` || string(status.After) != `{"status":"active"}` {
			t.Errorf("pool status entry = %+v (%s -> %s)", status, status.Before, status.After)
		}
		if system.AdminID != 0 || system.AdminName != squares.AuditSystem || system.PoolID != pools[2].ID {
			t.Errorf("system entry = %+v", system)
		}
		var after struct{ ActiveWeek string }
		if week.Action != "league.active_week" || week.TargetID != "1" || json.Unmarshal(week.After, &after) != nil ||
			after.ActiveWeek != "W3" {
			t.Errorf("week entry = %+v", week)
		}

		// Filters and pages.
		if got, n, _ := db.ListAudit(ctx, store.AuditFilter{AdminID: admin.ID}); n != 2 || len(got) != 2 {
			t.Errorf("by admin: %d of %d", len(got), n)
		}
		if got, n, _ := db.ListAudit(ctx, store.AuditFilter{Action: "pool.status", PoolID: pools[2].ID}); n != 1 || got[0].ID != system.ID {
			t.Errorf("by action and pool: %d", n)
		}
		if got, n, _ := db.ListAudit(ctx, store.AuditFilter{Limit: 1, Offset: 1}); n != 3 || len(got) != 1 || got[0].ID != week.ID {
			t.Errorf("page 2 of 1: %d of %d", len(got), n)
		}

		// The log is append-only in the database itself.
		if err := db.Exec(ctx, `UPDATE audit_log SET admin_name = 'someone else'`); err == nil {
			t.Error("an audit entry was changed")
		}
		if err := db.Exec(ctx, `DELETE FROM audit_log`); err == nil {
			t.Error("audit entries were deleted")
		}
		if _, n, _ := db.ListAudit(ctx, store.AuditFilter{AdminID: admin.ID}); n != 2 {
			t.Errorf("after refused changes: %d entries of the admin", n)
		}
	})
}

// TestAuditNames: the log names what each entry concerns beside its ids, read when it is listed: the
// user acted on by name and e-mail, the pool by name with its game, a game acted on by its teams; and each
// entry lists only the fields its change changed.
func TestAuditNames(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, _ := openAt(t, engine)
		admin := addPlayer(t, db, "Ada")
		admin.Role, admin.Username = squares.RoleAdmin, "ada"
		ctx := squares.NewContextWithUser(context.Background(), admin)
		player := addPlayer(t, db, "Pat")

		g := &squares.Game{LeagueID: squares.LeagueNFL, Season: 2026, Week: "W13", HomeTeam: "Buffalo Bills",
			AwayTeam: "Kansas City Chiefs", GameDate: time.Date(2026, 11, 29, 21, 25, 0, 0, time.UTC),
			Status: squares.GameScheduled}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		if err != nil {
			t.Fatal(err)
		}
		five := pools[2]
		if _, err := db.FeaturePool(ctx, five.ID, "Game of the week", t0.Add(7*24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		verified := false
		if _, err := db.UpdateUser(ctx, player.ID, squares.UserUpdate{IsAgeVerified: &verified}); err != nil {
			t.Fatal(err)
		}
		// A pool deleted since: its entry keeps its id, and has no name to show.
		if err := db.DeletePool(ctx, pools[0].ID); err != nil {
			t.Fatal(err)
		}

		entries, _, err := db.ListAudit(ctx, store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		by := map[string]*squares.AuditEntry{}
		for _, e := range entries {
			by[e.Action] = e
		}
		wantGame := squares.GameRef{ID: g.ID, HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs",
			GameDate: g.GameDate, Week: "W13"}

		created := by["game.create"]
		if created == nil || created.Game == nil || *created.Game != wantGame || created.PoolName != "" {
			t.Errorf("game.create = %+v, game %+v", created, created.Game)
		}
		feature := by["pool.feature"]
		if feature == nil || feature.PoolName != five.Name || feature.Game == nil || *feature.Game != wantGame {
			t.Fatalf("pool.feature = %+v", feature)
		}
		var fields []string
		for _, c := range feature.Changes {
			fields = append(fields, c.Field)
		}
		// The pool's name, game, fee and status stayed: only the featuring changed.
		if strings.Join(fields, ",") != "isFeatured,featuredReason,featuredUntil" ||
			string(feature.Changes[0].Before) != "false" || string(feature.Changes[0].After) != "true" ||
			feature.Changes[1].Before != nil || string(feature.Changes[1].After) != `"Game of the week"` {
			t.Errorf("pool.feature changes = %s", feature.Changes)
		}
		update := by["user.update"]
		if update == nil || update.UserID != player.ID || update.UserName != "Pat Tester" || update.UserEmail != player.Email ||
			len(update.Changes) != 2 || update.Changes[0].Field != "isAgeVerified" || update.Changes[1].Field != "isEligibleToBet" {
			// Not verified any more: not eligible either.
			t.Errorf("user.update = %+v, changes %s", update, update.Changes)
		}
		deleted := by["pool.delete"]
		if deleted == nil || deleted.PoolID != pools[0].ID || deleted.PoolName != "" || deleted.Game != nil ||
			len(deleted.Changes) == 0 || deleted.Changes[0].After != nil {
			t.Errorf("pool.delete = %+v", deleted)
		}
	})
}
