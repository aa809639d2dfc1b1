package http_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

var devCalls = []string{"/api/test/create-payment-intent", "/api/test/create-escrow-payment",
	"/api/test/admin/release-escrow", "/api/test/admin/refund-escrow"}

// TestDevTestCallsOnlyInDevMode: outside development mode the test page's calls do not exist, for
// anyone.
func TestDevTestCallsOnlyInDevMode(t *testing.T) {
	s := startPayAPI(t, "sqlite", payOptions{prod: true, webhooks: true})
	five := s.paidGame(t)[2]
	admin, _ := s.storePlayer(t, squares.RoleAdmin)
	ann, _ := s.storePlayer(t, squares.RoleUser)
	if admin.get("/api/auth/user").want(http.StatusOK).obj()["role"] != "admin" {
		t.Fatal("the admin is not signed in")
	}
	body := map[string]any{"poolId": five.ID, "amount": 5, "squares": []jsonCell{at(0, 0)}}
	for _, c := range []*apiClient{s.client(t), ann, admin} {
		for _, path := range devCalls {
			c.post(path, body).wantError(http.StatusNotFound, "not_found", "No such API call: POST "+path)
		}
	}
	// The real calls are there, and the pool was not touched.
	ann.post("/api/create-escrow-payment", checkoutBody(five.ID, 5, at(0, 0))).want(http.StatusCreated)
}

func TestDevCreatePaymentIntent(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		ann, _ := s.storePlayer(t, squares.RoleUser)
		bob, _ := s.storePlayer(t, squares.RoleUser)
		const path = "/api/test/create-payment-intent"

		s.client(t).post(path, map[string]any{"amount": 10}).wantError(http.StatusUnauthorized, "unauthorized", "")
		ann.post(path, map[string]any{}).wantError(http.StatusBadRequest, "invalid", "",
			"amount", "Amount must be a number of dollars, such as 10 or \"10.00\".")
		ann.post(path, map[string]any{"amount": "-1.00"}).wantError(http.StatusBadRequest, "invalid", "",
			"amount", "Amount must be positive.")
		ann.post(path, map[string]any{"amount": 0}).wantError(http.StatusBadRequest, "invalid", "", "amount", "Amount must be positive.")
		ann.post(path, "").wantError(http.StatusBadRequest, "invalid", "Request body is required.")

		pi := ann.post(path, map[string]any{"amount": "12.50"}).want(http.StatusCreated).obj()
		if pi["amount"] != "12.50" || pi["currency"] != "usd" || pi["status"] != "requires_payment_method" ||
			pi["provider"] != "sandbox" || pi["clientSecret"] == "" {
			t.Fatalf("payment intent = %v", pi)
		}
		id := pi["paymentIntentId"].(string)
		// Two calls, two payments: the idempotency key is random.
		if other := ann.post(path, map[string]any{"amount": 12.5}).want(http.StatusCreated).obj(); other["paymentIntentId"] == id {
			t.Fatal("the same payment twice")
		}
		// Its creator confirms it with the sandbox's card form; nobody else can.
		card(bob, id, goodCardNumber).wantError(http.StatusNotFound, "not_found", "Payment not found.")
		card(ann, id, declinedCardNumber).want(http.StatusOK)
		if c := card(ann, id, goodCardNumber).want(http.StatusOK).obj(); c["status"] != "requires_capture" || c["amount"] != "12.50" {
			t.Fatalf("confirmed = %v", c)
		}
		// It is tied to no squares: no payment of ours, nothing in the ledger.
		if pays := ann.get("/api/user/payments").want(http.StatusOK).list(); len(pays) != 0 {
			t.Fatalf("payments = %v", pays)
		}
		if bs, total, err := s.db.LedgerSummary(context.Background()); err != nil || total != 0 || len(bs) != 0 {
			t.Fatalf("ledger = %v %s %v", bs, total, err)
		}
	})
}

func TestDevCreateEscrowPayment(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		five := s.paidGame(t)[2]
		ann, _ := s.storePlayer(t, squares.RoleUser)
		bob, _ := s.storePlayer(t, squares.RoleUser)
		const path = "/api/test/create-escrow-payment"

		s.client(t).post(path, checkoutBody(five.ID, 5, at(0, 0))).want(http.StatusUnauthorized)
		// Invalid pool ids.
		ann.post(path, checkoutBody("abc", 5, at(0, 0))).wantError(http.StatusBadRequest, "invalid", "",
			"poolId", "Invalid value for poolId.")
		ann.post(path, checkoutBody(-3, 5, at(0, 0))).wantError(http.StatusBadRequest, "invalid", "",
			"poolId", "A valid pool id is required.")
		// A negative amount.
		ann.post(path, checkoutBody(five.ID, -5, at(0, 0))).wantError(http.StatusBadRequest, "invalid", "",
			"amount", "Amount must be positive.")
		// Squares off the grid.
		for _, bad := range []jsonCell{at(10, 0), at(0, -1), {"row": 3}} {
			ann.post(path, checkoutBody(five.ID, 5, bad)).wantError(http.StatusBadRequest, "invalid", "",
				"squares", "Each square needs a row and a column from 0 to 9.")
		}
		// Missing data.
		ann.post(path, map[string]any{}).wantError(http.StatusBadRequest, "invalid", "",
			"poolId", "A valid pool id is required.", "amount", "Amount must be a number of dollars, such as 10 or \"10.00\".",
			"squares", "Squares must be a list of {row, column}.")
		ann.post(path, map[string]any{"poolId": five.ID, "amount": 5, "squares": []jsonCell{}}).wantError(
			http.StatusBadRequest, "invalid", "", "squares", "Please select at least one square to purchase.")
		ann.post(path, map[string]any{"poolId": five.ID, "amount": 5}).wantError(http.StatusBadRequest, "invalid", "",
			"squares", "Squares must be a list of {row, column}.")
		ann.post(path, "").wantError(http.StatusBadRequest, "invalid", "Request body is required.")
		// A duplicate square: listed twice, or already someone else's.
		ann.post(path, checkoutBody(five.ID, 10, at(1, 1), at(1, 1))).wantError(http.StatusBadRequest, "invalid",
			"The same square is listed twice.", "squares", "The same square is listed twice.")
		ann.post(path, checkoutBody(five.ID, 5, at(1, 1))).want(http.StatusCreated)
		bob.post(path, checkoutBody(five.ID, 5, at(1, 1))).wantError(http.StatusConflict, "conflict",
			"This square is already owned by another player.")
		// An unknown pool.
		ann.post(path, checkoutBody(999999, 5, at(2, 2))).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		// The amount must still be the server's price.
		bob.post(path, checkoutBody(five.ID, 1, at(2, 2))).wantError(http.StatusBadRequest, "invalid", "",
			"amount", "The amount does not match the price of 1 squares: $5.00.")
		// Only Ann's one checkout exists.
		if pays, err := s.db.ListPoolPayments(context.Background(), five.ID); err != nil || len(pays) != 1 {
			t.Fatalf("payments = %v, %v", pays, err)
		}
	})
}

func TestDevReleaseAndRefundEscrow(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		pools := s.paidGame(t)
		one, five := pools[1], pools[2]
		ann, _ := s.storePlayer(t, squares.RoleUser)
		bob, _ := s.storePlayer(t, squares.RoleUser)
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		const release, refund = "/api/test/admin/release-escrow", "/api/test/admin/refund-escrow"

		for _, path := range []string{release, refund} {
			s.client(t).post(path, map[string]any{"poolId": five.ID}).wantError(http.StatusUnauthorized, "unauthorized", "")
			ann.post(path, map[string]any{"poolId": five.ID}).wantError(http.StatusForbidden, "forbidden", "Admin access required.")
			admin.post(path, map[string]any{"poolId": 999999}).wantError(http.StatusNotFound, "not_found", "Pool not found.")
			admin.post(path, map[string]any{}).wantError(http.StatusBadRequest, "invalid", "", "poolId", "A valid pool id is required.")
			admin.post(path, map[string]any{"poolId": "x"}).wantError(http.StatusBadRequest, "invalid", "", "poolId", "Invalid value for poolId.")
		}

		// Release: Ann's paid hold and Bob's checkout in progress end; the pool stays open.
		buy(t, ann, five, at(0, 0), at(0, 1))
		held := ann.get("/api/user/payments").want(http.StatusOK).list()[0] // Ann's only payment
		pending := bob.post("/api/create-escrow-payment", checkoutBody(five.ID, 5, at(5, 5))).want(http.StatusCreated).obj()
		r := admin.post(release, map[string]any{"poolId": five.ID}).want(http.StatusOK).obj()
		if r["success"] != true || num(t, r["released"]) != 2 {
			t.Fatalf("release = %v", r)
		}
		for _, id := range []string{held["id"].(string), pending["paymentId"].(string)} {
			p, err := s.db.FindPayment(ctx, id)
			if err != nil || p.Status != squares.PaymentReleased {
				t.Fatalf("payment after release = %+v, %v", p, err)
			}
			if pp, err := s.sb.Get(ctx, p.ProviderPaymentID); err != nil || pp.Status != squares.ProviderCanceled {
				t.Fatalf("provider after release = %+v, %v", pp, err)
			}
		}
		if p, _ := s.db.FindPool(ctx, five.ID, 0); p.Status != squares.PoolActive || p.SquaresTaken != 0 {
			t.Fatalf("pool after release = %+v", p.Pool)
		}
		txs := ann.get("/api/user/transactions").want(http.StatusOK).list()
		if len(txs) != 2 || txs[0]["kind"] != "release" || txs[0]["amount"] != "10.00" {
			t.Fatalf("transactions after release = %v", txs)
		}
		// Nothing left to release.
		if r := admin.post(release, map[string]any{"poolId": five.ID}).want(http.StatusOK).obj(); num(t, r["released"]) != 0 {
			t.Fatalf("second release = %v", r)
		}

		// Refund: the pool is cancelled and unwound through the escrow.
		buy(t, ann, one, at(3, 3))
		r = admin.post(refund, map[string]any{"poolId": one.ID}).want(http.StatusOK).obj()
		if r["success"] != true || r["pool"].(map[string]any)["status"] != "cancelled" {
			t.Fatalf("refund = %v", r)
		}
		for _, p := range ann.get("/api/user/payments").want(http.StatusOK).list() {
			if num(t, p["poolId"]) == one.ID && (p["status"] != "released" ||
				p["message"] != "The pool was cancelled, so your payment was returned.") {
				t.Fatalf("payment after refund = %v", p)
			}
		}
		admin.post(refund, map[string]any{"poolId": one.ID}).want(http.StatusOK) // again: nothing more moves
		sum := admin.get("/api/admin/ledger/summary").want(http.StatusOK).obj()
		for _, a := range sum["accounts"].([]any) {
			if a := a.(map[string]any); a["balance"] != "0.00" {
				t.Fatalf("after release and refund, %v", a)
			}
		}
		if sum["balanced"] != true {
			t.Fatalf("ledger = %v", sum)
		}
	})
}
