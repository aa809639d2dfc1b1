package http_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// forgetfulReleases is the sandbox, except that it answers every release as a provider that never
// heard of the payment does.
type forgetfulReleases struct{ *sandbox.Provider }

func (f forgetfulReleases) Release(ctx context.Context, id, key string) (*squares.ProviderPayment, error) {
	return nil, squares.Errorf(squares.ENOTFOUND, "No such payment_intent: '%s'", id)
}

// TestEscrowFailures: a hold whose cancellation fails is listed for admins with its last error and next
// attempt by GET /api/admin/escrow/failures; players and visitors are refused.
func TestEscrowFailures(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{provider: func(sb *sandbox.Provider) squares.PaymentProvider {
			return forgetfulReleases{sb}
		}})
		db := s.db
		pools := s.paidGame(t)
		ann, u := s.storePlayer(t, squares.RoleUser)
		admin, _ := s.storePlayer(t, squares.RoleAdmin)

		if got := admin.get("/api/admin/escrow/failures").want(http.StatusOK).list(); len(got) != 0 {
			t.Fatalf("failures before any = %v", got)
		}
		buy(t, ann, pools[2], at(1, 1))
		pays, err := db.ListUserPayments(context.Background(), u.ID)
		if err != nil || len(pays) != 1 {
			t.Fatalf("payments = %v, %v", pays, err)
		}
		admin.post(fmt.Sprintf("/api/pools/%d/refund", pools[2].ID), nil).want(http.StatusOK)

		got := admin.get("/api/admin/escrow/failures").want(http.StatusOK).list()
		if len(got) != 1 {
			t.Fatalf("failures = %v", got)
		}
		f := got[0]
		if f["paymentId"] != pays[0].ID || num(t, f["poolId"]) != pools[2].ID || num(t, f["userId"]) != u.ID ||
			f["status"] != squares.PaymentHeld || f["action"] != "unwind" || num(t, f["attempts"]) != 1 ||
			!strings.Contains(f["lastError"].(string), "No such payment_intent") ||
			f["nextAttemptAt"] != payT0.Add(30*time.Second).Format(time.RFC3339) {
			t.Fatalf("failure = %v", f)
		}
		wantNamedPool(t, "escrow failure", f, pools[2].Name, pools[2].Game)
		ann.get("/api/admin/escrow/failures").wantError(http.StatusForbidden, "forbidden", "Admin access required.")
		s.client(t).get("/api/admin/escrow/failures").want(http.StatusUnauthorized)
	})
}

// TestEscrowRetryNow: an admin's retry of a failing escrow step runs it at once instead of waiting for
// its next attempt (here it fails again: a second attempt, the next one further away), and is logged; an
// unknown payment is 404 and changes nothing.
func TestEscrowRetryNow(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{provider: func(sb *sandbox.Provider) squares.PaymentProvider {
			return forgetfulReleases{sb}
		}})
		pools := s.paidGame(t)
		ann, _ := s.storePlayer(t, squares.RoleUser)
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		buy(t, ann, pools[2], at(1, 1))
		admin.post(fmt.Sprintf("/api/pools/%d/refund", pools[2].ID), nil).want(http.StatusOK)
		f := admin.get("/api/admin/escrow/failures").want(http.StatusOK).list()[0]

		admin.post("/api/admin/escrow/failures/pay_unknown/retry", nil).wantError(http.StatusNotFound, "not_found",
			"No failing escrow step for this payment.")
		ann.post(fmt.Sprintf("/api/admin/escrow/failures/%s/retry", f["paymentId"]), nil).want(http.StatusForbidden)

		s.clock.Add(5 * time.Second) // before the next attempt is due
		got := admin.post(fmt.Sprintf("/api/admin/escrow/failures/%s/retry", f["paymentId"]), nil).want(http.StatusOK).obj()
		if got["attempts"] != 2.0 || got["nextAttemptAt"] != s.clock.Now().Add(squares.RetryDelay(2)).UTC().Format(time.RFC3339) ||
			got["action"] != "unwind" {
			t.Errorf("after a retry = %v", got)
		}
		es, _, err := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "escrow.retry"})
		if err != nil || len(es) != 1 || es[0].PoolID != pools[2].ID {
			t.Errorf("audit = %v, %v", es, err)
		}
	})
}
