package http_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// claimPlayers has n new players claim five squares each of a free pool, from square start.
func claimPlayers(t *testing.T, s *apiServer, poolID int64, n, start int) {
	t.Helper()
	ctx := context.Background()
	for range n {
		seq := emailCounter.Add(1)
		u := &squares.User{Email: fmt.Sprintf("auto%d@example.com", seq), PasswordHash: "x", FirstName: "Dana",
			LastName: "D", Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY", ResidenceCountry: "US",
			IsAgeVerified: true, IsEligibleToBet: true}
		if err := s.db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		var cells []squares.Cell
		for i := start; i < start+5; i++ {
			cells = append(cells, squares.Cell{Row: i / 10, Column: i % 10})
		}
		start += 5
		if _, err := s.db.ClaimSquares(ctx, store.Claim{PoolID: poolID, User: u, Cells: cells}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAutomationCalls: the cancellation analysis lists the pools whose decision is due or falls within
// the next 24 hours with what the decision would be; a pass run by an admin decides only the pools that
// are due, and each once; an admin's cancellation needs a reason and refuses a cancelled pool; an admin's
// house fill must name the squares still free; bad input is a 400, never a server error.
func TestAutomationCalls(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		now := time.Now().UTC().Truncate(time.Second)
		clock := storetest.NewClock(now)
		s.Now = clock.Now
		_, soon := s.game(t, "W12", now.Add(3*time.Hour))
		_, later := s.game(t, "W12", now.Add(20*time.Hour))
		s.game(t, "W12", now.Add(30*time.Hour))
		s.activate(t, soon[0], later[0])
		claimPlayers(t, s, soon[0].ID, 6, 0)
		claimPlayers(t, s, later[0].ID, 2, 0)
		admin := s.admin(t)

		items := admin.get("/api/admin/pool-cancellation-analysis").want(http.StatusOK).list()
		if len(items) != 10 {
			t.Fatalf("analysis lists %d pools, want the 10 decided within 24 hours: %v", len(items), items)
		}
		first := items[0]
		for k, v := range map[string]any{"poolId": float64(soon[0].ID), "action": "house_fill",
			"reason":               "6 players (5 needed); the house fills 70 squares (at most 95 in a Free Pool).",
			"participantsAffected": 6.0, "houseSquaresNeeded": 70.0, "refundAmount": "0.00"} {
			if first[k] != v {
				t.Errorf("analysis %s = %v, want %v", k, first[k], v)
			}
		}
		// Each names its pool: the operator sees the game, not only an id.
		wantNamedPool(t, "analysis", first, soon[0].Name, soon[0].Game)
		wantNamedPool(t, "analysis of the later game", items[5], later[0].Name, later[0].Game)
		if items[5]["poolId"] != float64(later[0].ID) || items[5]["action"] != "cancel" ||
			items[5]["reason"] != "2 players, 5 needed for a Free Pool." {
			t.Errorf("analysis of the later game = %v", items[5])
		}

		// Nothing is due yet.
		if ds := admin.post("/api/admin/automation/run", nil).want(http.StatusOK).obj()["decisions"].([]any); len(ds) != 0 {
			t.Fatalf("decided before the 2-hour mark: %v", ds)
		}
		clock.Set(now.Add(time.Hour))
		ds := admin.post("/api/admin/automation/run", nil).want(http.StatusOK).obj()["decisions"].([]any)
		if len(ds) != 5 || ds[0].(map[string]any)["action"] != "house_fill" || ds[1].(map[string]any)["action"] != "cancel" {
			t.Fatalf("decisions = %v", ds)
		}
		if p := s.client(t).get(fmt.Sprintf("/api/pools/%d", soon[0].ID)).want(http.StatusOK).obj(); p["status"] != "full" {
			t.Errorf("house-filled pool = %v", p)
		}
		if ds := admin.post("/api/admin/automation/run", nil).want(http.StatusOK).obj()["decisions"].([]any); len(ds) != 0 {
			t.Fatalf("second pass decided %v", ds)
		}
		if items := admin.get("/api/admin/pool-cancellation-analysis").want(http.StatusOK).list(); len(items) != 5 ||
			items[0]["poolId"] != float64(later[0].ID) {
			t.Fatalf("analysis after the pass = %v", items)
		}
		log := admin.get("/api/admin/pool-decisions").want(http.StatusOK).list()
		if len(log) != 5 || log[0]["decidedBy"] != "automation" {
			t.Fatalf("decision log = %v", log)
		}
		for _, d := range log {
			wantNamedPool(t, "decision log", d, "", soon[0].Game)
		}

		// By hand.
		fill := fmt.Sprintf("/api/admin/pools/%d/house-fill", later[0].ID)
		admin.post(fill, map[string]any{"squaresNeeded": 80}).wantError(http.StatusConflict, "conflict",
			"The pool changed; reload. 90 squares are free, not 80.")
		for _, body := range []any{nil, `{}`, map[string]any{"squaresNeeded": 0}, map[string]any{"squaresNeeded": 101},
			`{"squaresNeeded": "ninety"}`, `{"squaresNeeded": 9.5}`} {
			if r := admin.post(fill, body); r.Status != http.StatusBadRequest {
				t.Errorf("house fill with %v = %d %s", body, r.Status, r.Body)
			}
		}
		admin.post(fmt.Sprintf("/api/admin/pools/%d/house-fill", later[1].ID), map[string]any{"squaresNeeded": 100}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "Only an active or hidden pool can be house-filled; this one is draft.")
		admin.post("/api/admin/pools/999/house-fill", map[string]any{"squaresNeeded": 100}).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		p := admin.post(fill, map[string]any{"squaresNeeded": 90}).want(http.StatusOK).obj()["pool"].(map[string]any)
		if p["status"] != "full" {
			t.Errorf("house fill by hand = %v", p)
		}

		cancel := fmt.Sprintf("/api/admin/pools/%d/cancel", later[1].ID)
		for _, body := range []any{nil, `{}`, map[string]any{"reason": "  "}, map[string]any{"reason": strings.Repeat("x", 501)},
			`{"reason": 5}`} {
			if r := admin.post(cancel, body); r.Status != http.StatusBadRequest {
				t.Errorf("cancel with %v = %d %s", body, r.Status, r.Body)
			}
		}
		p = admin.post(cancel, map[string]any{"reason": "The game moved to Monday."}).want(http.StatusOK).obj()["pool"].(map[string]any)
		if p["status"] != "cancelled" {
			t.Errorf("cancel by hand = %v", p)
		}
		admin.post(cancel, map[string]any{"reason": "again"}).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"This pool is cancelled; it cannot be cancelled.")
		log = admin.get("/api/admin/pool-decisions").want(http.StatusOK).list()
		if len(log) != 7 || log[0]["reason"] != "The game moved to Monday." || log[0]["decidedBy"] != "admin" {
			t.Fatalf("decision log = %v", log)
		}
		// The admin's two decisions are in the audit log, the automation's are not admin actions.
		for action, pool := range map[string]int64{"pool.house_fill": later[0].ID, "pool.cancel": later[1].ID} {
			es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: action})
			if len(es) != 1 || es[0].PoolID != pool || es[0].AdminName != "boss" || len(es[0].Before) == 0 || len(es[0].After) == 0 {
				t.Errorf("%s entries = %+v", action, es)
			}
		}
		if es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "pool.cancel"}); len(es) == 1 && es[0].Reason != "The game moved to Monday." {
			t.Errorf("cancel reason = %q", es[0].Reason)
		}
		player, _ := s.register(t, "1990-01-01", "NY")
		player.get("/api/admin/pool-cancellation-analysis").wantError(http.StatusForbidden, "forbidden", "Admin access required.")
	})
}

// TestRunAutomationOnAStartedGame: a game an admin's score entry put live in Q2 three days before its
// kickoff, whose pools stayed active as the server before this one left them (no sale went through: the
// rule refuses them). "Run automation now" decides what is left at once, as at 2 hours before kickoff:
// the free and $1 pools house-filled, drawn, started and paid for Q1, the $5 pool and the drafts
// cancelled with the holds released; the books balance and agree with the provider; a second run decides
// nothing.
func TestRunAutomationOnAStartedGame(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s, audit := startPayAPIAudited(t, engine, payOptions{webhooks: true})
		pools := s.paidGame(t)
		free, one, five := pools[0], pools[1], pools[2]
		claimPlayers(t, s.apiServer, free.ID, 6, 0)
		s.buyInStore(t, one, 8, 0)
		s.buyInStore(t, five, 3, 0)
		rawExec(t, s.db, fmt.Sprintf(`UPDATE games SET status = 'live', quarter = 2, home_score = 7, away_score = 0,
			home_q1 = 7, away_q1 = 0 WHERE id = %d`, free.GameID))

		late, _ := s.storePlayer(t, squares.RoleUser)
		late.post(fmt.Sprintf("/api/pools/%d/squares", free.ID), at(9, 9)).wantError(http.StatusUnprocessableEntity,
			"unprocessable", "Sales for this pool have closed: its game has started.")

		admin := s.admin(t)
		ds := admin.post("/api/admin/automation/run", nil).want(http.StatusOK).obj()["decisions"].([]any)
		want := map[float64]string{float64(free.ID): "house_fill", float64(one.ID): "house_fill", float64(five.ID): "cancel",
			float64(pools[3].ID): "cancel", float64(pools[4].ID): "cancel"}
		if len(ds) != len(want) {
			t.Fatalf("decisions = %v", ds)
		}
		for _, d := range ds {
			d := d.(map[string]any)
			if want[d["poolId"].(float64)] != d["action"] {
				t.Errorf("decision %v, want %s", d, want[d["poolId"].(float64)])
			}
		}
		for _, p := range []*squares.PoolView{free, one} {
			got := s.client(t).get(fmt.Sprintf("/api/pools/%d", p.ID)).want(http.StatusOK).obj()
			ws := s.client(t).get(fmt.Sprintf("/api/pools/%d/winners", p.ID)).want(http.StatusOK).list()
			if got["status"] != "started" || got["numbersGenerated"] != true || len(ws) != 1 || ws[0]["periodLabel"] != "Q1" {
				t.Errorf("pool %d = %v, winners %v", p.ID, got["status"], ws)
			}
		}
		if got := s.client(t).get(fmt.Sprintf("/api/pools/%d", five.ID)).want(http.StatusOK).obj(); got["status"] != "cancelled" {
			t.Errorf("$5 pool = %v", got["status"])
		}
		snap := audit.Snapshot(t, s.db)
		snap.CheckBooks(t, s.db)
		snap.CheckProvider(t, s.sb)
		snap.CheckSettled(t)
		if ds := admin.post("/api/admin/automation/run", nil).want(http.StatusOK).obj()["decisions"].([]any); len(ds) != 0 {
			t.Fatalf("second run decided %v", ds)
		}
		if log := admin.get("/api/admin/pool-decisions").want(http.StatusOK).list(); len(log) != len(want) {
			t.Fatalf("decision log = %v", log)
		}
	})
}
