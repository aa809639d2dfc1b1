package http_test

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestAdminStats: GET /api/admin/stats counts from the database what the dashboard and analytics show:
// players (verified, eligible), admins apart, games still to kick off that have live pools, pools by
// status, and the revenue from the ledger as GET /api/public/stats reports it, for a settled $10 pool
// whose 20 buyers paid 1,000.00 and whose fee (100.00) was posted; conversion counts only players who own
// a square.
func TestAdminStats(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		ctx := context.Background()
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		s.client(t).get("/api/admin/stats").wantError(http.StatusUnauthorized, "unauthorized", "")

		empty := admin.get("/api/admin/stats").want(http.StatusOK).obj()
		wantStats(t, "empty", empty, map[string]any{"totalUsers": 0.0, "ageVerifiedUsers": 0.0, "eligibleUsers": 0.0,
			"adminUsers": 1.0, "playersWithSquares": 0.0, "conversionRate": 0.0, "gamesReady": 0.0, "totalPools": 0.0,
			"totalRevenue": "0.00", "revenueToday": "0.00", "houseFees": "0.00",
			"grossEntries": "0.00", "grossEntriesToday": "0.00", "houseRevenue": "0.00", "houseRevenueToday": "0.00",
			"poolsByStatus": map[string]any{"draft": 0.0, "active": 0.0, "inactive": 0.0, "full": 0.0, "started": 0.0,
				"completed": 0.0, "cancelled": 0.0}})

		// 20 buyers of 5 squares, and a second admin who entered the scores; the game's four other pools,
		// empty, were cancelled by their final decision as it went live.
		s.settledTenDollarPool(t)
		// A player who is not verified, and one verified but not eligible: neither owns a square.
		if err := s.db.CreateUser(ctx, &squares.User{Email: "new@example.com", PasswordHash: "x", FirstName: "New",
			Role: squares.RoleUser}); err != nil {
			t.Fatal(err)
		}
		if err := s.db.CreateUser(ctx, &squares.User{Email: "ca@example.com", PasswordHash: "x", FirstName: "Cal",
			Role: squares.RoleUser, IsAgeVerified: true, DateOfBirth: "1990-01-01", ResidenceState: "WA"}); err != nil {
			t.Fatal(err)
		}
		// Games: one ahead with draft pools (ready), one ahead whose pools are all cancelled, one already
		// kicked off by the clock (neither ready).
		s.game(t, "W13", payT0.Add(10*24*time.Hour))
		_, gone := s.game(t, "W13", payT0.Add(11*24*time.Hour))
		for _, p := range gone {
			if _, err := s.db.SetPoolStatus(ctx, p.ID, squares.PoolCancelled); err != nil {
				t.Fatal(err)
			}
		}
		s.game(t, "W11", payT0.Add(-time.Hour))

		st := admin.get("/api/admin/stats").want(http.StatusOK).obj()
		wantStats(t, "after a settled pool", st, map[string]any{"totalUsers": 22.0, "ageVerifiedUsers": 21.0,
			"eligibleUsers": 20.0, "adminUsers": 2.0, "playersWithSquares": 20.0, "conversionRate": 90.9,
			"gamesReady": 1.0, "totalPools": 20.0, "activePools": 0.0, "draftPools": 10.0, "completedPools": 1.0,
			"totalRevenue": "1000.00", "revenueToday": "1000.00", "houseFees": "100.00",
			// The entries taken in apart from what the house kept of them: its 10% fee.
			"grossEntries": "1000.00", "grossEntriesToday": "1000.00", "houseRevenue": "100.00", "houseRevenueToday": "100.00",
			"poolsByStatus": map[string]any{"draft": 10.0, "active": 0.0, "inactive": 0.0, "full": 0.0, "started": 0.0,
				"completed": 1.0, "cancelled": 9.0}})
		pub := s.client(t).get("/api/public/stats").want(http.StatusOK).obj()
		if pub["totalRevenue"] != st["totalRevenue"] || pub["revenueToday"] != st["revenueToday"] ||
			pub["totalUsers"] != st["totalUsers"] {
			t.Errorf("public stats %v disagree with the admin's %v", pub, st)
		}

		// The next day (Eastern), nothing was captured today; the total stays.
		s.clock.Add(24 * time.Hour)
		admin, _ = s.storePlayer(t, squares.RoleAdmin)
		st = admin.get("/api/admin/stats").want(http.StatusOK).obj()
		wantStats(t, "the next day", st, map[string]any{"totalRevenue": "1000.00", "revenueToday": "0.00",
			"grossEntries": "1000.00", "grossEntriesToday": "0.00", "houseRevenue": "100.00", "houseRevenueToday": "0.00"})
	})
}

func wantStats(t *testing.T, when string, got, want map[string]any) {
	t.Helper()
	for k, v := range want {
		if !reflect.DeepEqual(got[k], v) {
			t.Errorf("%s: %s = %v, want %v", when, k, got[k], v)
		}
	}
}

// GET /api/public/stats never counts private pools (issue 19 item 7): the pools and squares of two private
// pools, one of them with squares taken, change none of its figures; the admin's stats count them.
func TestPublicStatsLeavePrivatePoolsOut(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		g, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0])
		anon, admin := s.client(t), s.admin(t)
		player, _ := s.register(t, "1990-01-01", "NY")
		player.post("/api/pools/"+itoaTest(pools[0].ID)+"/squares", map[string]int{"row": 0, "column": 0}).want(http.StatusCreated)
		before := anon.get("/api/public/stats").want(http.StatusOK).obj()
		adminBefore := admin.get("/api/admin/stats").want(http.StatusOK).obj()

		host, _ := s.register(t, "1990-01-01", "NY")
		for _, name := range []string{"Office Pool", "Family Pool"} {
			out := host.post("/api/pools/private", map[string]any{"gameId": g.ID, "name": name, "entryFee": "0.00",
				"maxSquaresPerPlayer": 5}).want(http.StatusCreated).obj()
			id := int64(out["pool"].(map[string]any)["id"].(float64))
			host.post("/api/pools/"+itoaTest(id)+"/squares", map[string]int{"row": 1, "column": 1}).want(http.StatusCreated)
		}
		after := anon.get("/api/public/stats").want(http.StatusOK).obj()
		for _, k := range []string{"totalPools", "activePools", "draftPools", "squaresSold", "totalRevenue", "revenueToday"} {
			if after[k] != before[k] {
				t.Errorf("public stats %s: %v with two private pools, %v before", k, after[k], before[k])
			}
		}
		if after["activePools"] != 1.0 || after["squaresSold"] != 1.0 {
			t.Errorf("public stats %v, want the one active public pool and its one square", after)
		}
		if st := admin.get("/api/admin/stats").want(http.StatusOK).obj(); st["totalPools"] != adminBefore["totalPools"].(float64)+2 {
			t.Errorf("admin stats count %v pools, %v before two private pools", st["totalPools"], adminBefore["totalPools"])
		}
	})
}
