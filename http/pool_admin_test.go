package http_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// auditActions lists the actions of the audit log, oldest first, of entries that match f.
func auditActions(t *testing.T, db *store.DB, f store.AuditFilter) []string {
	t.Helper()
	f.Limit = 200
	es, _, err := db.ListAudit(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := len(es) - 1; i >= 0; i-- {
		out = append(out, es[i].Action)
	}
	return out
}

// wantNamedPool checks that a row of an admin list names its pool: poolName (when want is not empty) and
// the game {id, homeTeam, awayTeam, gameDate, week}.
func wantNamedPool(t *testing.T, what string, row map[string]any, poolName string, g *squares.Game) {
	t.Helper()
	if poolName != "" && row["poolName"] != poolName {
		t.Errorf("%s: poolName = %v, want %q", what, row["poolName"], poolName)
	}
	game, ok := row["game"].(map[string]any)
	if !ok {
		t.Fatalf("%s: game = %v (%T), want an object", what, row["game"], row["game"])
	}
	want := map[string]any{"id": float64(g.ID), "homeTeam": g.HomeTeam, "awayTeam": g.AwayTeam,
		"gameDate": g.GameDate.UTC().Format(time.RFC3339Nano), "week": g.Week}
	for k, v := range want {
		if game[k] != v {
			t.Errorf("%s: game.%s = %v, want %v", what, k, game[k], v)
		}
	}
}

// poolStatuses reads the pools' statuses from the store.
func poolStatuses(t *testing.T, db *store.DB, pools []*squares.PoolView) []string {
	t.Helper()
	var out []string
	for _, p := range pools {
		v, err := db.FindPool(context.Background(), p.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v.Status)
	}
	return out
}

func TestAdminPoolAndGameLists(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		// A game of last week is listed too: the admin lists are not cut at today.
		old, _ := s.game(t, "W2", time.Now().Add(-72*time.Hour))
		g3, pools := s.game(t, "W3", time.Now().Add(72*time.Hour))
		s.activate(t, pools[1])

		if ps := admin.get("/api/admin/pools?leagueId=1&week=W3").want(http.StatusOK).list(); len(ps) != 5 || num(t, ps[0]["gameId"]) != g3.ID {
			t.Errorf("W3 pools = %v", poolIDsOf(t, ps))
		}
		if ps := admin.get("/api/admin/pools?leagueId=1&week=w3&status=active").want(http.StatusOK).list(); len(ps) != 1 || num(t, ps[0]["id"]) != pools[1].ID {
			t.Errorf("active W3 pools = %v", ps)
		}
		if ps := admin.get("/api/admin/pools?status=draft,inactive").want(http.StatusOK).list(); len(ps) != 9 {
			t.Errorf("draft or inactive pools = %d", len(ps))
		}
		if ps := admin.get("/api/admin/pools").want(http.StatusOK).list(); len(ps) != 10 {
			t.Errorf("all pools = %d", len(ps))
		}
		admin.get("/api/admin/pools?status=bogus").wantError(http.StatusBadRequest, "invalid", "",
			"status", "Status must be one of draft, active, inactive, full, started, completed, cancelled")
		admin.get("/api/admin/pools?leagueId=abc").wantError(http.StatusBadRequest, "invalid", "Invalid leagueId: must be a positive number.")

		if gs := admin.get("/api/admin/games?leagueId=1").want(http.StatusOK).list(); len(gs) != 2 || num(t, gs[0]["id"]) != old.ID {
			t.Errorf("admin games = %v", gs)
		}
		if gs := admin.get("/api/admin/games?leagueId=1&week=W3").want(http.StatusOK).list(); len(gs) != 1 || num(t, gs[0]["id"]) != g3.ID {
			t.Errorf("W3 games = %v", gs)
		}
		if gs := admin.get("/api/admin/games?leagueId=2").want(http.StatusOK).list(); len(gs) != 0 {
			t.Errorf("NBA games = %v", gs)
		}
		admin.get("/api/admin/games?leagueId=-1").wantError(http.StatusBadRequest, "invalid", "")

		if ps := admin.get("/api/simple-pools/1").want(http.StatusOK).list(); len(ps) != 10 {
			t.Errorf("simple pools = %d", len(ps))
		}
		if gs := admin.get("/api/simple-games/1").want(http.StatusOK).list(); len(gs) != 2 {
			t.Errorf("simple games = %d", len(gs))
		}
		if ps := admin.get("/api/simple-pools/2").want(http.StatusOK).list(); len(ps) != 0 {
			t.Errorf("NBA simple pools = %d", len(ps))
		}
		admin.get("/api/simple-pools/99").wantError(http.StatusNotFound, "not_found", "League not found.")
		admin.get("/api/simple-games/99").wantError(http.StatusNotFound, "not_found", "League not found.")
		admin.get("/api/simple-pools/abc").wantError(http.StatusBadRequest, "invalid", "")
		admin.get("/api/simple-games/abc").wantError(http.StatusBadRequest, "invalid", "")
	})
}

func TestFeaturePool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		_, pools := s.game(t, "W3", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0], pools[1])
		feature := func(i int) string { return fmt.Sprintf("/api/admin/pools/%d/feature", pools[i].ID) }
		until := time.Now().Add(7 * 24 * time.Hour).UTC().Truncate(time.Second)

		p := admin.post(feature(0), map[string]any{"featuredReason": "Pool of the Week", "featuredUntil": until.Format(time.RFC3339)}).
			want(http.StatusOK).obj()
		if p["isFeatured"] != true || p["featuredReason"] != "Pool of the Week" || p["featuredUntil"] != until.Format(time.RFC3339) {
			t.Errorf("featured = %v", p)
		}
		if f := s.client(t).get("/api/pools/featured").obj(); num(t, f["id"]) != pools[0].ID {
			t.Errorf("players' featured pool = %v", f)
		}
		// Featuring another pool ends the first one's feature; with no body the spec's defaults apply.
		p = admin.post(feature(1), nil).want(http.StatusOK).obj()
		if p["featuredReason"] != "Pool of the Week" || p["featuredUntil"] == nil {
			t.Errorf("featured with defaults = %v", p)
		}
		if f, _ := s.db.FindPool(context.Background(), pools[0].ID, 0); f.IsFeatured {
			t.Errorf("first pool still featured")
		}

		// Bad input and refused features change nothing.
		for _, body := range []any{
			map[string]any{"featuredUntil": "next week"},
			map[string]any{"featuredUntil": time.Now().Add(-time.Hour).Format(time.RFC3339)},
			map[string]any{"featuredReason": 7},
			map[string]any{"featuredReason": string(make([]byte, 200))},
		} {
			if r := admin.post(feature(0), body); r.Status != http.StatusBadRequest {
				t.Errorf("feature %v = %d %s", body, r.Status, r.Body)
			}
		}
		admin.post("/api/admin/pools/99999/feature", nil).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		admin.post("/api/admin/pools/x/feature", nil).wantError(http.StatusBadRequest, "invalid", "")
		admin.do("PATCH", fmt.Sprintf("/api/pools/%d", pools[4].ID), map[string]string{"status": "cancelled"}).want(http.StatusOK)
		admin.post(feature(4), nil).wantError(http.StatusUnprocessableEntity, "unprocessable", "A cancelled pool cannot be featured.")
		if f := s.client(t).get("/api/pools/featured").obj(); num(t, f["id"]) != pools[1].ID {
			t.Errorf("featured after refusals = %v", f)
		}

		p = admin.post(fmt.Sprintf("/api/admin/pools/%d/unfeature", pools[1].ID), nil).want(http.StatusOK).obj()
		if p["isFeatured"] != false || p["featuredReason"] != nil {
			t.Errorf("unfeatured = %v", p)
		}
		if r := s.client(t).get("/api/pools/featured"); string(r.Body) != "null\n" && string(r.Body) != "null" {
			t.Errorf("featured after unfeature = %s", r.Body)
		}
		admin.post("/api/admin/pools/99999/unfeature", nil).wantError(http.StatusNotFound, "not_found", "Pool not found.")

		// Each change is in the audit log; featuring the second pool ended the first one's feature.
		want := []string{"pool.feature", "pool.unfeature", "pool.feature", "pool.status", "pool.unfeature"}
		if got := auditActions(t, s.db, store.AuditFilter{}); len(got) < 5 || !slices.Equal(got[len(got)-5:], want) {
			t.Errorf("audit = %v, want %v", got, want)
		}
	})
}

func TestBulkActivateWeek(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		_, pools := s.game(t, "W3", time.Now().Add(72*time.Hour))
		_, late := s.game(t, "W3", time.Now().Add(time.Hour))
		_, next := s.game(t, "W4", time.Now().Add(9*24*time.Hour))
		admin.do("PATCH", fmt.Sprintf("/api/pools/%d", pools[4].ID), map[string]string{"status": "cancelled"}).want(http.StatusOK)

		var b struct {
			ActivatedCount, TotalPools int
			Refused                    []struct {
				PoolID  int64
				Message string
			}
		}
		admin.post("/api/admin/bulk-activate", map[string]any{"week": "W3", "leagueId": 1}).want(http.StatusOK).decode(&b)
		if b.ActivatedCount != 4 || b.TotalPools != 9 || len(b.Refused) != 5 || b.Refused[0].PoolID != late[0].ID ||
			b.Refused[0].Message != "Free Pool cannot open: its game kicks off in less than 2 hours." {
			t.Errorf("bulk-activate = %+v", b)
		}
		if got := poolStatuses(t, s.db, pools); !slices.Equal(got, []string{"active", "active", "active", "active", "cancelled"}) {
			t.Errorf("W3 pools = %v", got)
		}
		if got := poolStatuses(t, s.db, append(late, next...)); slices.Contains(got, "active") {
			t.Errorf("late and W4 pools = %v", got)
		}
		// Again: nothing left to open.
		admin.post("/api/admin/bulk-activate", map[string]any{"week": "w3", "leagueId": "1"}).want(http.StatusOK).decode(&b)
		if b.ActivatedCount != 0 || len(b.Refused) != 5 {
			t.Errorf("second bulk-activate = %+v", b)
		}
		admin.post("/api/admin/bulk-activate", map[string]any{"leagueId": 1}).wantError(http.StatusBadRequest, "invalid",
			"Please select a week", "week", "Please select a week")
		admin.post("/api/admin/bulk-activate", map[string]any{"week": "W3"}).wantError(http.StatusBadRequest, "invalid",
			"League is required", "leagueId", "League is required")
		admin.post("/api/admin/bulk-activate", map[string]any{"week": "W3", "leagueId": "x"}).wantError(http.StatusBadRequest, "invalid", "")
		admin.post("/api/admin/bulk-activate", map[string]any{"week": "W3", "leagueId": 99}).wantError(http.StatusNotFound, "not_found", "League not found.")
		admin.post("/api/admin/bulk-activate", map[string]any{"week": "W99", "leagueId": 1}).wantError(http.StatusBadRequest, "invalid", "")
		if got := poolStatuses(t, s.db, next); slices.Contains(got, "active") {
			t.Errorf("W4 pools after bad calls = %v", got)
		}
		// One pool.status entry per pool opened, saying which call opened it.
		es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "pool.status"})
		if len(es) != 5 || es[0].Reason != "bulk-activate W3" {
			t.Errorf("audit = %d entries, first %+v", len(es), es[0])
		}
	})
}

func TestEmergencyPools(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		g, pools := s.game(t, "W3", time.Now().Add(72*time.Hour))
		s.game(t, "W3", time.Now().Add(96*time.Hour))
		s.game(t, "W4", time.Now().Add(9*24*time.Hour))
		deletePool(t, s.db, pools[1].ID)
		deletePool(t, s.db, pools[3].ID)

		b := admin.post("/api/admin/emergency-pools", map[string]any{"week": "W3", "leagueId": 1}).want(http.StatusOK).obj()
		if num(t, b["totalPools"]) != 2 || num(t, b["gameCount"]) != 2 {
			t.Errorf("emergency pools = %v", b)
		}
		if ps, _ := s.db.ListPools(context.Background(), squares.PoolFilter{GameID: g.ID}); len(ps) != 5 || ps[1].Status != "draft" ||
			ps[1].EntryFee != 100 || ps[1].Name != "$1 Pool" {
			t.Errorf("pools of the game = %d", len(ps))
		}
		// Idempotent: a second call creates nothing.
		b = admin.post("/api/admin/emergency-pools", map[string]any{"week": "W3", "leagueId": 1}).want(http.StatusOK).obj()
		if num(t, b["totalPools"]) != 0 || num(t, b["gameCount"]) != 2 {
			t.Errorf("second call = %v", b)
		}
		if b := admin.post("/api/admin/emergency-pools", map[string]any{"week": "W9", "leagueId": 1}).want(http.StatusOK).obj(); num(t, b["totalPools"]) != 0 ||
			num(t, b["gameCount"]) != 0 {
			t.Errorf("week without games = %v", b)
		}
		admin.post("/api/admin/emergency-pools", map[string]any{"leagueId": 1}).wantError(http.StatusBadRequest, "invalid", "Please select a week")
		admin.post("/api/admin/emergency-pools", map[string]any{"week": "W3", "leagueId": 99}).wantError(http.StatusNotFound, "not_found", "League not found.")
		admin.post("/api/admin/emergency-pools", `{"week": 3, "leagueId": 1}`).wantError(http.StatusBadRequest, "invalid", "")
		es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "pool.create"})
		if len(es) != 2 || es[0].Reason != "emergency pools W3" || es[0].PoolID == 0 {
			t.Errorf("audit = %d entries", len(es))
		}
	})
}

func TestActivateSeason(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		_, pools := s.game(t, "W3", time.Now().Add(72*time.Hour))
		_, late := s.game(t, "W3", time.Now().Add(time.Hour))
		_, next := s.game(t, "W4", time.Now().Add(9*24*time.Hour))
		admin.do("PATCH", fmt.Sprintf("/api/pools/%d", next[0].ID), map[string]string{"status": "cancelled"}).want(http.StatusOK)

		var b struct {
			ActivatedCount int
			Refused        []struct {
				PoolID  int64
				Message string
			}
		}
		admin.post("/api/admin/activate-season", nil).want(http.StatusOK).decode(&b)
		if b.ActivatedCount != 9 || len(b.Refused) != 5 || b.Refused[4].PoolID != late[4].ID {
			t.Errorf("activate-season = %+v", b)
		}
		if got := poolStatuses(t, s.db, append(pools, next...)); !slices.Equal(got, []string{"active", "active", "active",
			"active", "active", "cancelled", "active", "active", "active", "active"}) {
			t.Errorf("statuses = %v", got)
		}
		admin.post("/api/admin/activate-season", nil).want(http.StatusOK).decode(&b)
		if b.ActivatedCount != 0 {
			t.Errorf("second launch = %+v", b)
		}
		es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "pool.status"})
		if len(es) != 10 || es[0].Reason != "season launch" {
			t.Errorf("audit = %d entries", len(es))
		}
	})
}

// TestPoolRefusals: every refused change of a pool answers 422 with a message and changes nothing.
func TestPoolRefusals(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		_, pools := s.game(t, "W3", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0], pools[1])
		player, _ := s.register(t, "1990-01-01", "NY")
		player.post(fmt.Sprintf("/api/pools/%d/squares", pools[0].ID), map[string]int{"row": 1, "column": 1}).want(http.StatusCreated)
		before := len(auditActions(t, s.db, store.AuditFilter{}))

		admin.do("PATCH", fmt.Sprintf("/api/pools/%d", pools[2].ID), map[string]string{"status": "completed"}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "A pool cannot go from draft to completed.")
		admin.do("PATCH", fmt.Sprintf("/api/simple-pools/%d/status", pools[1].ID), map[string]string{"status": "full"}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "$1 Pool cannot be full: 0 of 100 squares are taken.")
		admin.do("DELETE", fmt.Sprintf("/api/simple-pools/%d", pools[1].ID), nil).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "Only draft or inactive pools can be deleted; this one is active.")
		admin.do("PATCH", fmt.Sprintf("/api/pools/%d", pools[0].ID), map[string]string{"status": "inactive"}).want(http.StatusOK)
		admin.do("DELETE", fmt.Sprintf("/api/simple-pools/%d", pools[0].ID), nil).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "A pool with squares or payments cannot be deleted; cancel it instead.")
		admin.do("DELETE", "/api/simple-pools/99999", nil).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		var b struct {
			DeactivatedCount, TotalRequested int
			Refused                          []struct {
				PoolID  int64
				Message string
			}
		}
		admin.post("/api/admin/pools/deactivate-multiple", map[string]any{"poolIds": []int64{pools[2].ID, pools[0].ID}}).
			want(http.StatusOK).decode(&b)
		if b.DeactivatedCount != 0 || b.TotalRequested != 2 || len(b.Refused) != 2 || b.Refused[0].PoolID != pools[2].ID ||
			b.Refused[0].Message != "A pool cannot go from draft to inactive." || b.Refused[1].Message != "Free Pool is already inactive." {
			t.Errorf("deactivate-multiple = %+v", b)
		}
		if got := poolStatuses(t, s.db, pools); !slices.Equal(got, []string{"inactive", "active", "draft", "draft", "draft"}) {
			t.Errorf("statuses = %v", got)
		}
		if got := auditActions(t, s.db, store.AuditFilter{}); len(got) != before+1 {
			t.Errorf("audit after refusals = %v", got)
		}

		// A deletable pool goes, and the log keeps what it was.
		admin.do("DELETE", fmt.Sprintf("/api/simple-pools/%d", pools[3].ID), nil).want(http.StatusOK)
		es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "pool.delete"})
		if len(es) != 1 || es[0].PoolID != pools[3].ID || es[0].TargetID != fmt.Sprint(pools[3].ID) || len(es[0].Before) == 0 {
			t.Errorf("delete audit = %+v", es)
		}
	})
}

// TestAdminChangesAreAudited: creating leagues, games and pools and changing pools in bulk leave entries.
func TestAdminChangesAreAudited(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{}).apiServer
		admin := s.admin(t)
		admin.post("/api/leagues", map[string]any{"name": "XFL", "displayName": "XFL", "sport": "football"}).want(http.StatusCreated)
		g := admin.post("/api/games", map[string]any{"leagueId": 1, "homeTeam": "Buffalo Bills", "awayTeam": "Miami Dolphins",
			"gameDate": payT0.Add(72 * time.Hour).Format(time.RFC3339), "week": "W3"}).want(http.StatusCreated).obj()
		pools := admin.get("/api/admin/pools?week=W3").list()
		deletePool(t, s.db, num(t, pools[2]["id"]))
		admin.post("/api/simple-pools", map[string]any{"name": "$5 Pool", "entryFee": "5.00", "gameId": g["id"]}).want(http.StatusCreated)
		admin.post("/api/admin/pools/activate-multiple", map[string]any{"poolIds": []any{pools[0]["id"], pools[1]["id"]}}).want(http.StatusOK)
		admin.post(fmt.Sprintf("/api/pools/%d/refund", num(t, pools[0]["id"])), nil).want(http.StatusOK)

		want := []string{"league.create", "game.create", "pool.create", "pool.status", "pool.status", "pool.refund"}
		if got := auditActions(t, s.db, store.AuditFilter{}); !slices.Equal(got, want) {
			t.Errorf("audit = %v, want %v", got, want)
		}
		es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "game.create"})
		if len(es) != 1 || es[0].AdminName != "boss" || es[0].TargetID != fmt.Sprint(g["id"]) || len(es[0].After) == 0 {
			t.Errorf("game.create = %+v", es)
		}
	})
}

var _ = squares.PoolActive
