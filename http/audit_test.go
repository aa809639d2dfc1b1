package http_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares/store/storetest"
)

func TestAuditLogAPI(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		_, pools := s.game(t, "W3", time.Now().Add(72*time.Hour))

		admin.do("PATCH", fmt.Sprintf("/api/pools/%d", pools[1].ID), map[string]string{"status": "active"}).want(http.StatusOK)
		admin.post("/api/leagues/1/active-week", map[string]string{"week": "W3"}).want(http.StatusOK)
		// A refused change leaves no entry.
		if got := admin.do("PATCH", fmt.Sprintf("/api/pools/%d", pools[2].ID), map[string]string{"status": "completed"}).Status; got != http.StatusUnprocessableEntity {
			t.Errorf("draft to completed = %d", got)
		}

		var page struct {
			Entries []struct {
				AdminID   int64
				AdminName string
				Action    string
				PoolID    int64
				Before    map[string]string
				After     map[string]string
				CreatedAt time.Time
			}
			Total, Limit, Offset int
		}
		admin.get("/api/admin/audit").want(http.StatusOK).decode(&page)
		if page.Total != 2 || len(page.Entries) != 2 || page.Limit != 50 {
			t.Fatalf("audit page = %+v", page)
		}
		e := page.Entries[1]
		if e.Action != "pool.status" || e.AdminName != "boss" || e.AdminID == 0 || e.PoolID != pools[1].ID ||
			e.Before["status"] != "draft" || e.After["status"] != "active" || time.Since(e.CreatedAt) > time.Minute {
			t.Errorf("pool status entry = %+v", e)
		}
		admin.get(fmt.Sprintf("/api/admin/audit?poolId=%d&action=pool.status&limit=1", pools[1].ID)).want(http.StatusOK).decode(&page)
		if page.Total != 1 || len(page.Entries) != 1 || page.Entries[0].PoolID != pools[1].ID {
			t.Errorf("filtered = %+v", page)
		}
		admin.get("/api/admin/audit?limit=0").wantError(http.StatusBadRequest, "invalid", "Limit must be a number from 1 to 200.", "limit", "Limit must be a number from 1 to 200.")
		admin.get("/api/admin/audit?poolId=x").wantError(http.StatusBadRequest, "invalid", "Invalid poolId: must be a positive number.")
		admin.get("/api/admin/audit?offset=-1").wantError(http.StatusBadRequest, "invalid", "Offset must be a number of 0 or more.")

		// Nothing changes or deletes an entry through the API.
		for _, m := range []string{"DELETE", "PATCH", "PUT", "POST"} {
			if got := admin.do(m, "/api/admin/audit", map[string]any{}).Status; got < 400 || got >= 500 {
				t.Errorf("%s /api/admin/audit = %d", m, got)
			}
		}
		player, _ := s.register(t, "", "")
		player.get("/api/admin/audit").want(http.StatusForbidden)
	})
}

// TestAuditLogNamesAndChanges: each entry of GET /api/admin/audit carries the fields its change changed
// (before and after) and the names beside its ids: the pool's name and game, the user's name and e-mail.
func TestAuditLogNamesAndChanges(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		g, pools := s.game(t, "W3", time.Now().Add(72*time.Hour).Truncate(time.Minute))
		_, player := s.register(t, "", "")
		admin.post(fmt.Sprintf("/api/admin/pools/%d/feature", pools[2].ID), map[string]string{"featuredReason": "Headline game"}).want(http.StatusOK)
		admin.post(fmt.Sprintf("/api/admin/users/%s/update", player["id"]), map[string]any{"role": "admin"}).want(http.StatusOK)

		var page struct {
			Entries []struct {
				Action    string
				PoolID    int64
				PoolName  string
				UserID    int64
				UserName  string
				UserEmail string
				Game      *struct {
					ID                 int64
					HomeTeam, AwayTeam string
					GameDate           time.Time
					Week               string
				}
				Changes []struct {
					Field         string
					Before, After any
				}
			}
		}
		admin.get("/api/admin/audit").want(http.StatusOK).decode(&page)
		if len(page.Entries) != 2 {
			t.Fatalf("entries = %+v", page.Entries)
		}
		role, feature := page.Entries[0], page.Entries[1]
		if feature.Action != "pool.feature" || feature.PoolName != pools[2].Name || feature.Game == nil ||
			feature.Game.ID != g.ID || feature.Game.HomeTeam != g.HomeTeam || feature.Game.AwayTeam != g.AwayTeam ||
			!feature.Game.GameDate.Equal(g.GameDate) || feature.Game.Week != "W3" {
			t.Errorf("feature entry = %+v", feature)
		}
		if len(feature.Changes) != 3 || feature.Changes[0].Field != "isFeatured" || feature.Changes[0].Before != false ||
			feature.Changes[0].After != true || feature.Changes[1].Field != "featuredReason" || feature.Changes[1].Before != nil ||
			feature.Changes[1].After != "Headline game" || feature.Changes[2].Field != "featuredUntil" {
			t.Errorf("feature changes = %+v", feature.Changes)
		}
		if role.Action != "user.update" || fmt.Sprint(role.UserID) != player["id"] || role.UserEmail != player["email"] ||
			role.UserName != fmt.Sprint(player["firstName"], " ", player["lastName"]) || role.Game != nil ||
			len(role.Changes) != 1 || role.Changes[0].Field != "role" || role.Changes[0].Before != "user" || role.Changes[0].After != "admin" {
			t.Errorf("role entry = %+v", role)
		}
	})
}
