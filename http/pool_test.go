package http_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
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

// payoutsOf reads a pool's JSON money: houseFeePercent, prizePool, prizePoolIfFull and each payout as
// "label percent% amount".
func payoutsOf(t *testing.T, p map[string]any) (fee any, now, ifFull any, payouts []string) {
	t.Helper()
	list, ok := p["payouts"].([]any)
	if !ok {
		t.Fatalf("pool %v has no payouts: %v", p["name"], p)
	}
	for i, x := range list {
		x := x.(map[string]any)
		if x["period"] != float64(i+1) {
			t.Errorf("payout %d = %v", i, x)
		}
		payouts = append(payouts, fmt.Sprintf("%v %v%% %v", x["label"], x["percent"], x["amount"]))
	}
	return p["houseFeePercent"], p["prizePool"], p["prizePoolIfFull"], payouts
}

// TestPoolPayoutsAreWhatSettlementPays: the money a pool's JSON shows is what settlement pays. A $2 private
// pool (no fee: 50.00 a quarter), a $5 public pool (10%: 112.50) and a $1 non-profit pool (5%: 23.75) say
// so from their first square; they are filled and the game is played, and every period's winner is
// credited exactly the payout the JSON named, the fees go where the JSON's percent says, nothing is left in
// escrow, and the books balance.
func TestPoolPayoutsAreWhatSettlementPays(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		db := store.New(url)
		if err := db.Open(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		s := startPayAPI(t, engine, payOptions{webhooks: true, db: db})
		_, pools := s.game(t, "W12", payT0.Add(72*time.Hour))
		one, five := pools[1], pools[2]
		// No screen or call makes a pool non-profit yet: the test marks the $1 pool so in the database.
		markNonprofit(t, url, one.ID)
		s.activate(t, one, five)

		creator, _ := s.storePlayer(t, squares.RoleUser)
		created := creator.post("/api/pools/private", map[string]any{"gameId": five.GameID, "name": "Two-dollar friends",
			"entryFee": 2, "maxSquaresPerPlayer": 25}).want(http.StatusCreated).obj()
		priv := num(t, created["pool"].(map[string]any)["id"])
		quarters := func(amount string) []string {
			return []string{"Q1 25% " + amount, "Halftime 25% " + amount, "Q3 25% " + amount, "Final 25% " + amount}
		}
		type money struct {
			fee, now, ifFull any
			payouts          []string
		}
		wants := map[int64]money{
			priv:    {0.0, "0.00", "200.00", quarters("50.00")},
			five.ID: {10.0, "0.00", "450.00", quarters("112.50")},
			one.ID:  {5.0, "0.00", "95.00", quarters("23.75")},
		}
		check := func(c *apiClient, id int64, full bool) {
			t.Helper()
			p := c.get(fmt.Sprintf("/api/pools/%d", id)).want(http.StatusOK).obj()
			fee, now, ifFull, payouts := payoutsOf(t, p)
			want := wants[id]
			if full {
				want.now = want.ifFull
			}
			if fee != want.fee || now != want.now || ifFull != want.ifFull || !slices.Equal(payouts, want.payouts) {
				t.Errorf("pool %d (full %v): fee %v%%, prize pool %v, if full %v, payouts %v; want %+v", id, full, fee, now, ifFull, payouts, want)
			}
		}
		check(creator, priv, false)
		check(s.client(t), five.ID, false)
		check(s.client(t), one.ID, false)

		// Four friends take 25 squares each of the private pool; players fill the public ones.
		for i := range 4 {
			c, u := s.storePlayer(t, squares.RoleUser)
			c.post("/api/pools/join", map[string]any{"inviteCode": created["inviteCode"]}).want(http.StatusOK)
			cells := make([]squares.Cell, 0, 25)
			for k := range 25 {
				cells = append(cells, squares.Cell{Row: (i*25 + k) / 10, Column: (i*25 + k) % 10})
			}
			pay, err := s.esc.Checkout(ctx, u, priv, cells, 25*200)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.sb.Confirm(ctx, pay.ProviderPaymentID, sandbox.Card{Number: goodCardNumber, Expiry: "12/30", CVC: "123"}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.esc.Confirm(ctx, u, pay.ProviderPaymentID); err != nil {
				t.Fatal(err)
			}
		}
		s.fillInStore(t, five)
		s.fillInStore(t, one)
		if err := s.esc.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		check(creator, priv, true)
		check(s.client(t), five.ID, true)
		check(s.client(t), one.ID, true)

		admin := s.admin(t)
		for _, u := range wholeGame {
			admin.post(fmt.Sprintf("/api/admin/games/%d/score", five.GameID), u).want(http.StatusOK)
		}
		for id, want := range wants {
			winners := creator.get(fmt.Sprintf("/api/pools/%d/winners", id)).want(http.StatusOK).list()
			if len(winners) != 4 {
				t.Fatalf("pool %d winners = %v", id, winners)
			}
			for i, w := range winners {
				amount := want.payouts[i][strings.LastIndex(want.payouts[i], " ")+1:]
				if w["amount"] != amount || w["status"] != squares.WinnerCredited {
					t.Errorf("pool %d period %d: winner %v, the pool said %s", id, i+1, w, want.payouts[i])
					continue
				}
				// What the winner was credited, as they see it.
				winner := s.clientAs(t, w["userId"].(string))
				if z := prizeOf(t, winner, i+1); z["amount"] != amount || num(t, z["poolId"]) != id {
					t.Errorf("pool %d period %d: prize credited %v, the pool said %s", id, i+1, z, want.payouts[i])
				}
			}
		}
		b := s.balances(t)
		if b[squares.AccountHouseFees] != "50.00" || b[squares.AccountNonprofitFees] != "5.00" {
			t.Errorf("fees: house %v, non-profit %v; want 50.00 (10%% of 500.00) and 5.00 (5%% of 100.00)",
				b[squares.AccountHouseFees], b[squares.AccountNonprofitFees])
		}
		for _, id := range []int64{priv, five.ID, one.ID} {
			if b[squares.PoolEscrowAccount(id)] != "0.00" {
				t.Errorf("pool %d escrow left %v", id, b[squares.PoolEscrowAccount(id)])
			}
		}
	})
}

// markNonprofit marks a pool non-profit in the database at url.
func markNonprofit(t *testing.T, url string, poolID int64) {
	t.Helper()
	driver, dsn := "pgx", url
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		driver, dsn = "sqlite", "file:"+path+"?_pragma=busy_timeout(10000)"
	}
	conn, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Exec("UPDATE pools SET is_nonprofit = TRUE WHERE id = $1", poolID); err != nil {
		t.Fatal(err)
	}
}
