package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPoolStatusByHand: a pool starts and completes with its game, never by an admin's hand, so that
// captured money cannot be stranded in a pool marked completed that was never settled.
func TestPoolStatusByHand(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		pools := s.paidGame(t)
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		ten, draft := pools[3], pools[4]
		s.activate(t, ten)
		s.fillInStore(t, ten)
		const byHand = "A pool starts and completes with its game; it cannot be set by hand."
		patch := fmt.Sprintf("/api/pools/%d", ten.ID)
		simple := fmt.Sprintf("/api/simple-pools/%d/status", ten.ID)

		admin.do("PATCH", patch, map[string]string{"status": "started"}).wantError(http.StatusUnprocessableEntity, "unprocessable", byHand)
		admin.do("PATCH", simple, map[string]string{"status": "started"}).wantError(http.StatusUnprocessableEntity, "unprocessable", byHand)
		if p := s.get(t, patch).obj(); p["status"] != squares.PoolFull {
			t.Fatalf("after the refusals the pool is %v", p["status"])
		}
		if _, err := s.db.FollowGame(context.Background(), ten.ID, squares.PoolStarted); err != nil {
			t.Fatal(err)
		}
		admin.do("PATCH", patch, map[string]string{"status": "completed"}).wantError(http.StatusUnprocessableEntity, "unprocessable", byHand)
		admin.do("PATCH", simple, map[string]string{"status": "completed"}).wantError(http.StatusUnprocessableEntity, "unprocessable", byHand)
		if p := s.get(t, patch).obj(); p["status"] != squares.PoolStarted {
			t.Fatalf("after the refusals the pool is %v", p["status"])
		}
		// A change off the lifecycle is refused by the lifecycle.
		admin.do("PATCH", fmt.Sprintf("/api/pools/%d", draft.ID), map[string]string{"status": "completed"}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "A pool cannot go from draft to completed.")
	})
}

// TestHiddenPool: a hidden (inactive) pool sells nothing, but a hold taken before it was hidden is
// honoured at confirmation, and players who own squares in it still see it; strangers do not.
func TestHiddenPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		pools := s.paidGame(t)
		free, five := pools[0], pools[2]
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		ann, _ := s.storePlayer(t, squares.RoleUser)
		bob, _ := s.storePlayer(t, squares.RoleUser)
		cy, _ := s.storePlayer(t, squares.RoleUser)
		buy(t, ann, five, at(0, 0))
		ann.post(fmt.Sprintf("/api/pools/%d/squares", free.ID), at(0, 0)).want(http.StatusCreated)
		// Bob's card is authorised before the pool is hidden; he confirms after.
		co := bob.post("/api/create-escrow-payment", checkoutBody(five.ID, 5, at(1, 1))).want(http.StatusCreated).obj()
		pi := co["paymentIntentId"].(string)
		card(bob, pi, goodCardNumber).want(http.StatusOK)

		for _, p := range []int64{free.ID, five.ID} {
			admin.do("PATCH", fmt.Sprintf("/api/pools/%d", p), map[string]string{"status": "inactive"}).want(http.StatusOK)
		}
		const hidden = "This pool is hidden and not selling squares for now."
		cy.post("/api/create-escrow-payment", checkoutBody(five.ID, 5, at(2, 2))).
			wantError(http.StatusUnprocessableEntity, "unprocessable", hidden)
		cy.post(fmt.Sprintf("/api/pools/%d/squares", free.ID), at(2, 2)).wantError(http.StatusUnprocessableEntity, "unprocessable", hidden)
		// The hold in flight is honoured.
		res := bob.post("/api/purchase-squares", map[string]any{"poolId": five.ID, "paymentIntentId": pi}).want(http.StatusOK).obj()
		if len(res["squares"].([]any)) != 1 || res["paymentStatus"] != squares.PaymentHeld {
			t.Fatalf("confirmation in a hidden pool = %v", res)
		}

		// Owners see the pool, its squares and it in My Pools; strangers and the signed-out do not.
		for _, p := range []int64{free.ID, five.ID} {
			path := fmt.Sprintf("/api/pools/%d", p)
			if got := ann.get(path).want(http.StatusOK).obj(); got["status"] != squares.PoolInactive || num(t, got["userSquareCount"]) != 1 {
				t.Errorf("owner's view of hidden pool %d = %v", p, got)
			}
			ann.get(path + "/squares").want(http.StatusOK)
			cy.get(path).wantError(http.StatusNotFound, "not_found", "Pool not found.")
			cy.get(path+"/squares").wantError(http.StatusNotFound, "not_found", "Pool not found.")
			s.client(t).get(path).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		}
		bob.get(fmt.Sprintf("/api/pools/%d", five.ID)).want(http.StatusOK)
		if got := poolIDsOf(t, ann.get("/api/user/pools").want(http.StatusOK).list()); len(got) != 2 {
			t.Errorf("ann's pools = %v", got)
		}
		for _, c := range []*apiClient{ann, cy, s.client(t)} {
			for _, id := range poolIDsOf(t, c.get("/api/pools").want(http.StatusOK).list()) {
				if id == free.ID || id == five.ID {
					t.Errorf("hidden pool %d is listed", id)
				}
			}
		}

		// Shown again, it sells again.
		admin.do("PATCH", fmt.Sprintf("/api/pools/%d", five.ID), map[string]string{"status": "active"}).want(http.StatusOK)
		cy.post("/api/create-escrow-payment", checkoutBody(five.ID, 5, at(2, 2))).want(http.StatusCreated)
	})
}

// TestPublicStatsFromTheLedger: revenue is the entry fees captured into escrow, net of refunds, read from
// the ledger: an uncaptured hold, and the squares of a cancelled pool, count nothing.
func TestPublicStatsFromTheLedger(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startPayAPI(t, engine, payOptions{})
		pools := s.paidGame(t)
		free, one, five, ten := pools[0], pools[1], pools[2], pools[3]
		s.activate(t, ten)
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		ann, _ := s.storePlayer(t, squares.RoleUser)

		// The $1 pool fills and its payments are captured: $100.
		s.fillInStore(t, one)
		if err := s.esc.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		// A hold not captured, a cancelled pool's squares and a free square: nothing.
		buy(t, ann, five, at(0, 0))
		buy(t, ann, ten, at(0, 0), at(0, 1))
		admin.post(fmt.Sprintf("/api/pools/%d/refund", ten.ID), nil).want(http.StatusOK)
		ann.post(fmt.Sprintf("/api/pools/%d/squares", free.ID), at(0, 0)).want(http.StatusCreated)

		st := s.get(t, "/api/public/stats").obj()
		if st["totalRevenue"] != "100.00" || st["revenueToday"] != "100.00" {
			t.Errorf("stats = %v, want $100 captured, all today", st)
		}
		s.clock.Add(24 * time.Hour)
		st = s.get(t, "/api/public/stats").obj()
		if st["totalRevenue"] != "100.00" || st["revenueToday"] != "0.00" {
			t.Errorf("stats a day later = %v", st)
		}
	})
}

// TestPoolDecisionOutlook: a pool on sale that is not full tells the page when its final decision is made
// and what it still needs by its tier's rules; a full pool has no outlook.
func TestPoolDecisionOutlook(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		pools := s.paidGame(t)
		ten := pools[3]
		s.activate(t, ten)
		ann, _ := s.storePlayer(t, squares.RoleUser)
		buy(t, ann, ten, at(0, 0), at(0, 1))
		path := fmt.Sprintf("/api/pools/%d", ten.ID)
		p := s.get(t, path).obj()
		o, ok := p["decisionOutlook"].(map[string]any)
		if !ok {
			t.Fatalf("no decisionOutlook in %v", p)
		}
		due := ten.Game.GameDate.Add(-2 * time.Hour).UTC().Format(time.RFC3339)
		want := map[string]any{"dueAt": due, "action": "cancel", "minPlayers": 15.0, "playersNeeded": 14.0,
			"maxHouseSquares": 50.0, "squaresFree": 98.0, "squaresShort": 48.0}
		for k, v := range want {
			if o[k] != v {
				t.Errorf("decisionOutlook.%s = %v; want %v", k, o[k], v)
			}
		}
		s.fillInStore(t, ten)
		if p := s.get(t, path).obj(); p["decisionOutlook"] != nil {
			t.Errorf("a full pool has decisionOutlook %v", p["decisionOutlook"])
		}
	})
}
