package http_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// on returns a client of the same browser (its session cookie) talking to another server.
func (c *apiClient) on(s *payAPI) *apiClient {
	cp := *c
	cp.base = s.URL()
	return &cp
}

// TestEligibilityFollowsTheConfiguration: eligibility for paid play is decided at each checkout and
// confirmation from the player's stored details and the configuration in force, so that a change of
// configuration applies to everyone at once: a server restarted over the same database with New York
// restricted and Texas's minimum age raised to 21 refuses players verified before the change, and says so
// in isEligibleToBet.
func TestEligibilityFollowsTheConfiguration(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		before := startPayAPI(t, engine, payOptions{})
		pools := before.paidGame(t)
		free, five := pools[0], pools[2]
		const path = "/api/create-escrow-payment"

		// Verified and eligible under the first configuration: a New Yorker, and two Texans of 20.
		ny, _ := before.storePlayerIn(t, squares.RoleUser, "1990-01-01", "NY")
		tx, _ := before.storePlayerIn(t, squares.RoleUser, "2006-06-01", "TX")
		late, _ := before.storePlayerIn(t, squares.RoleUser, "2006-06-01", "TX")
		for _, c := range []*apiClient{ny, tx, late} {
			if u := c.get("/api/auth/user").want(http.StatusOK).obj(); u["isEligibleToBet"] != true || u["complianceStatus"] != "verified" {
				t.Fatalf("before the change: %v", u)
			}
		}
		buy(t, ny, five, at(0, 0))
		co := late.post(path, checkoutBody(five.ID, 5, at(5, 5))).want(http.StatusCreated).obj()

		after := startPayAPI(t, engine, payOptions{db: before.db, restricted: squares.DefaultRestrictedStates + ",NY",
			minAges: squares.DefaultStateMinAge + ",TX=21"})
		ny, tx, late = ny.on(after), tx.on(after), late.on(after)

		// Checkout: refused with the reason.
		ny.post(path, checkoutBody(five.ID, 5, at(1, 1))).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"Paid pools are not available in New York.")
		tx.post(path, checkoutBody(five.ID, 5, at(1, 1))).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"Paid pools in Texas are for players 21 and older.")
		// The API tells the browser, which then blocks the cart.
		for _, c := range []*apiClient{ny, tx} {
			if u := c.get("/api/auth/user").want(http.StatusOK).obj(); u["isEligibleToBet"] != false || u["complianceStatus"] != "restricted" ||
				u["isAgeVerified"] != true {
				t.Errorf("after the change: %v", u)
			}
		}

		// Confirmation: a checkout begun before the change is not honoured after it; the card's hold is
		// released and the square freed.
		pi := co["paymentIntentId"].(string)
		card(late, pi, goodCardNumber).want(http.StatusOK)
		late.post("/api/purchase-squares", map[string]any{"poolId": five.ID, "paymentIntentId": pi}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "Paid pools in Texas are for players 21 and older. Your payment is released.")
		pays := late.get("/api/user/payments").want(http.StatusOK).list()
		if len(pays) != 1 || pays[0]["status"] != squares.PaymentReleased {
			t.Errorf("payments after the refused confirmation = %v", pays)
		}
		sqs := after.get(t, fmt.Sprintf("/api/pools/%d/squares", five.ID)).list()
		if len(sqs) != 1 || num(t, sqs[0]["row"]) != 0 || num(t, sqs[0]["column"]) != 0 {
			t.Errorf("squares = %v, want only the one bought before the change", sqs)
		}

		// Free pools need age verification only.
		ny.post(fmt.Sprintf("/api/pools/%d/squares", free.ID), at(2, 2)).want(http.StatusCreated)
	})
}
