package http_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// settledTenDollarPool replays wholeGame for a full $10 pool and returns its winners by period.
func (s *payAPI) settledTenDollarPool(t *testing.T) []map[string]any {
	t.Helper()
	ten := s.paidGame(t)[3]
	s.activate(t, ten)
	s.fillInStore(t, ten)
	if err := s.esc.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	admin, _ := s.storePlayer(t, squares.RoleAdmin)
	for _, u := range wholeGame {
		admin.post(fmt.Sprintf("/api/admin/games/%d/score", ten.GameID), u).want(http.StatusOK)
	}
	ws := s.client(t).get(fmt.Sprintf("/api/pools/%d/winners", ten.ID)).want(http.StatusOK).list()
	if len(ws) != 4 {
		t.Fatalf("winners = %v", ws)
	}
	return ws
}

// clientAs signs in as an existing user with a new session at the clock's time.
func (s *payAPI) clientAs(t *testing.T, userID string) *apiClient {
	t.Helper()
	id, err := strconv.ParseInt(userID, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	seq := emailCounter.Add(1)
	token := fmt.Sprintf("test-session-token-%d-%d", id, seq)
	sum := sha256.Sum256([]byte(token))
	if err := s.db.CreateSession(context.Background(), &store.Session{TokenHash: hex.EncodeToString(sum[:]), UserID: id,
		ExpiresAt: s.clock.Now().Add(24 * time.Hour)}, ""); err != nil {
		t.Fatal(err)
	}
	return &apiClient{t: t, base: s.URL(), hc: &http.Client{Timeout: 20 * time.Second, Transport: cookieTransport{
		name: map[bool]string{true: "squares_session", false: "__Host-squares_session"}[s.Config.Dev], value: token}}}
}

// prizeOf finds a player's prize of a period.
func prizeOf(t *testing.T, c *apiClient, period int) map[string]any {
	t.Helper()
	for _, z := range c.get("/api/user/prizes").want(http.StatusOK).list() {
		if z["period"] == float64(period) {
			return z
		}
	}
	t.Fatalf("no prize of period %d", period)
	return nil
}

// balances returns the ledger's balances by account, failing unless the books balance.
func (s *payAPI) balances(t *testing.T) map[string]any {
	t.Helper()
	admin, _ := s.storePlayer(t, squares.RoleAdmin)
	sum := admin.get("/api/admin/ledger/summary").want(http.StatusOK).obj()
	if sum["total"] != "0.00" || sum["balanced"] != true {
		t.Fatalf("ledger summary = %v", sum)
	}
	out := map[string]any{}
	for _, a := range sum["accounts"].([]any) {
		a := a.(map[string]any)
		out[a["account"].(string)] = a["balance"]
	}
	return out
}

func countKind(c *apiClient, kind string) int {
	n := 0
	for _, m := range c.get("/api/notifications").want(http.StatusOK).list() {
		if m["kind"] == kind {
			n++
		}
	}
	return n
}

// TestPrizeClaimSandbox: the winners of a settled $10 pool see their 225.00 prizes unclaimed with 30
// days to claim, and were told of the win; a claim pays at once with the sandbox, once however often it is
// made, and only by the winner; the prizes left unclaimed are warned of at day 23 (once) and forfeited to
// the house after day 30 by the automation (once), then refused; the ledger balances throughout.
func TestPrizeClaimSandbox(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		ws := s.settledTenDollarPool(t)
		winner := s.clientAs(t, ws[0]["userId"].(string))
		z := prizeOf(t, winner, 1)
		credited, _ := time.Parse(time.RFC3339, z["creditedAt"].(string))
		claimBy, _ := time.Parse(time.RFC3339, z["claimBy"].(string))
		if z["amount"] != "225.00" || z["status"] != squares.PrizeUnclaimed || z["periodLabel"] != "Q1" ||
			!claimBy.Equal(credited.Add(30*24*time.Hour)) || z["claimedAt"] != nil || z["paidAt"] != nil || z["poolName"] == "" {
			t.Fatalf("prize = %v", z)
		}
		won := false
		for _, m := range winner.get("/api/notifications").want(http.StatusOK).list() {
			won = won || (m["kind"] == squares.NotifyPrizeWon && strings.HasPrefix(m["message"].(string), "You won Q1 of ") &&
				strings.Contains(m["message"].(string), ": $225.00. Claim it by "))
		}
		if !won {
			t.Fatalf("no Q1 win notification: %v", winner.get("/api/notifications").want(http.StatusOK).list())
		}
		id := fmt.Sprint(z["id"])
		other, _ := s.storePlayer(t, squares.RoleUser)
		other.post("/api/user/prizes/"+id+"/claim", nil).want(http.StatusNotFound)
		s.client(t).post("/api/user/prizes/"+id+"/claim", nil).want(http.StatusUnauthorized)
		other.post("/api/user/prizes/99999/claim", nil).want(http.StatusNotFound)

		paid := winner.post("/api/user/prizes/"+id+"/claim", nil).want(http.StatusOK).obj()
		if paid["status"] != squares.PrizePaid || paid["claimedAt"] == nil || paid["paidAt"] == nil {
			t.Fatalf("claimed = %v", paid)
		}
		before := s.balances(t)
		if before[squares.AccountPayoutsPending] != "0.00" || before[squares.AccountWorld] == nil {
			t.Fatalf("balances after the claim = %v", before)
		}
		again := winner.post("/api/user/prizes/"+id+"/claim", nil).want(http.StatusOK).obj()
		if fmt.Sprint(again) != fmt.Sprint(paid) || fmt.Sprint(s.balances(t)) != fmt.Sprint(before) {
			t.Fatalf("claiming again: %v, balances %v", again, s.balances(t))
		}

		// The other three prizes stay unclaimed: warned at day 23, once.
		late := s.clientAs(t, ws[1]["userId"].(string))
		lateID := fmt.Sprint(prizeOf(t, late, 2)["id"])
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		admin.post("/api/admin/automation/run", nil).want(http.StatusOK)
		if n := countKind(late, squares.NotifyPrizeForfeitReminder); n != 0 {
			t.Fatalf("warned on day 0: %d", n)
		}
		s.clock.Set(credited.Add(23 * 24 * time.Hour))
		late = s.clientAs(t, ws[1]["userId"].(string))
		admin, _ = s.storePlayer(t, squares.RoleAdmin)
		admin.post("/api/admin/automation/run", nil).want(http.StatusOK)
		admin.post("/api/admin/automation/run", nil).want(http.StatusOK)
		open := 0 // the prizes of this player still unclaimed, each warned once
		for _, z := range late.get("/api/user/prizes").want(http.StatusOK).list() {
			if z["status"] == squares.PrizeUnclaimed {
				open++
			}
		}
		warnings := countKind(late, squares.NotifyPrizeForfeitReminder)
		if warnings != open || open == 0 {
			t.Fatalf("warnings at day 23 = %d for %d unclaimed prizes", warnings, open)
		}
		if z := prizeOf(t, late, 2); z["status"] != squares.PrizeUnclaimed {
			t.Fatalf("prize at day 23 = %v", z)
		}

		// Past day 30: forfeited to the house, once, even by passes running at once (two servers); a
		// claim is refused.
		s.clock.Set(credited.Add(30*24*time.Hour + time.Minute))
		late = s.clientAs(t, ws[1]["userId"].(string))
		admin, _ = s.storePlayer(t, squares.RoleAdmin)
		var wg sync.WaitGroup
		forfeited := make([]int, 4)
		for i := range forfeited {
			wg.Go(func() {
				sw, err := s.db.SweepPrizes(context.Background(), s.clock.Now())
				if err != nil {
					t.Errorf("sweep %d: %v", i, err)
				}
				forfeited[i] = len(sw.Forfeited)
			})
		}
		wg.Wait()
		if n := forfeited[0] + forfeited[1] + forfeited[2] + forfeited[3]; n != 3 {
			t.Fatalf("concurrent passes forfeited %v prizes, want 3 in all", forfeited)
		}
		admin.post("/api/admin/automation/run", nil).want(http.StatusOK)
		if z := prizeOf(t, late, 2); z["status"] != squares.PrizeForfeited || z["forfeitedAt"] == nil {
			t.Fatalf("prize after day 30 = %v", z)
		}
		late.post("/api/user/prizes/"+lateID+"/claim", nil).want(http.StatusUnprocessableEntity)
		if n := countKind(late, squares.NotifyPrizeForfeitReminder); n != warnings {
			t.Fatalf("warned again: %d", n)
		}
		if n := countKind(late, squares.NotifyPrizeForfeited); n != open {
			t.Fatalf("forfeit notifications %d for %d prizes", n, open)
		}
		after := s.balances(t)
		if after[squares.AccountHouseForfeits] != "675.00" {
			t.Fatalf("balances after the forfeits = %v", after)
		}
		// The claimed prize stays paid.
		if z := prizeOf(t, s.clientAs(t, ws[0]["userId"].(string)), 1); z["status"] != squares.PrizePaid {
			t.Fatalf("claimed prize after day 30 = %v", z)
		}
	})
}

// TestPrizeClaimStripe: with Stripe a claim leaves the payout pending; admins list it and mark it paid,
// once; an unclaimed or forfeited prize has no payout (422), an unknown one is 404; only admins may.
func TestPrizeClaimStripe(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true, providerName: "stripe"})
		ws := s.settledTenDollarPool(t)
		winner := s.clientAs(t, ws[0]["userId"].(string))
		id := fmt.Sprint(prizeOf(t, winner, 1)["id"])
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		if ps := admin.get("/api/admin/payouts").want(http.StatusOK).list(); len(ps) != 0 {
			t.Fatalf("payouts before a claim = %v", ps)
		}
		unclaimed := fmt.Sprint(prizeOf(t, s.clientAs(t, ws[1]["userId"].(string)), 2)["id"])
		admin.post("/api/admin/payouts/"+unclaimed+"/paid", nil).want(http.StatusUnprocessableEntity)

		pending := winner.post("/api/user/prizes/"+id+"/claim", nil).want(http.StatusOK).obj()
		if pending["status"] != squares.PrizePayoutPending || pending["paidAt"] != nil {
			t.Fatalf("claimed with Stripe = %v", pending)
		}
		winner.post("/api/user/prizes/"+id+"/claim", nil).want(http.StatusOK)
		if b := s.balances(t); b[squares.AccountPayoutsPending] != "225.00" {
			t.Fatalf("balances after the claim = %v", b)
		}
		ps := admin.get("/api/admin/payouts").want(http.StatusOK).list()
		if len(ps) != 1 || fmt.Sprint(ps[0]["id"]) != id || ps[0]["amount"] != "225.00" || ps[0]["email"] == "" ||
			ps[0]["status"] != squares.PrizePayoutPending || ps[0]["poolName"] != "$10 Pool" {
			t.Fatalf("pending payouts = %v", ps)
		}
		game := &squares.Game{ID: int64(num(t, ps[0]["game"].(map[string]any)["id"])), HomeTeam: "Buffalo Bills",
			AwayTeam: "Kansas City Chiefs", GameDate: payT0.Add(72 * time.Hour), Week: "W12"}
		wantNamedPool(t, "pending payout", ps[0], "$10 Pool", game)
		if ps := admin.get("/api/admin/payouts?status=paid").want(http.StatusOK).list(); len(ps) != 0 {
			t.Fatalf("paid payouts = %v", ps)
		}
		admin.get("/api/admin/payouts?status=nonsense").want(http.StatusBadRequest)
		winner.get("/api/admin/payouts").want(http.StatusForbidden)
		winner.post("/api/admin/payouts/"+id+"/paid", nil).want(http.StatusForbidden)
		s.client(t).get("/api/admin/payouts").want(http.StatusUnauthorized)

		done := admin.post("/api/admin/payouts/"+id+"/paid", nil).want(http.StatusOK).obj()
		if done["status"] != squares.PrizePaid || done["paidAt"] == nil {
			t.Fatalf("marked paid = %v", done)
		}
		wantNamedPool(t, "payout marked paid", done, "$10 Pool", game)
		b := s.balances(t)
		again := admin.post("/api/admin/payouts/"+id+"/paid", nil).want(http.StatusOK).obj()
		if fmt.Sprint(again) != fmt.Sprint(done) || fmt.Sprint(s.balances(t)) != fmt.Sprint(b) || b[squares.AccountPayoutsPending] != "0.00" {
			t.Fatalf("marked paid again: %v, balances %v then %v", again, b, s.balances(t))
		}
		if ps := admin.get("/api/admin/payouts?status=paid").want(http.StatusOK).list(); len(ps) != 1 {
			t.Fatalf("paid payouts = %v", ps)
		}
		// Marked paid once: one entry in the audit log.
		if es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "payout.paid"}); len(es) != 1 ||
			es[0].TargetID != id || es[0].AdminID == 0 || es[0].UserID == 0 || len(es[0].After) == 0 {
			t.Fatalf("payout.paid entries = %+v", es)
		}
		if z := prizeOf(t, winner, 1); z["status"] != squares.PrizePaid {
			t.Fatalf("the winner's prize = %v", z)
		}
		admin.post("/api/admin/payouts/99999/paid", nil).want(http.StatusNotFound)

		// A forfeited prize has no payout.
		s.clock.Add(31 * 24 * time.Hour)
		admin, _ = s.storePlayer(t, squares.RoleAdmin)
		admin.post("/api/admin/automation/run", nil).want(http.StatusOK)
		admin.post("/api/admin/payouts/"+unclaimed+"/paid", nil).want(http.StatusUnprocessableEntity)
	})
}

// TestPrizeClaimConcurrent: a player claiming the same prize from several tabs at once is paid once; every
// claim answers 200 paid and the ledger moves 225.00 out to the world exactly once.
func TestPrizeClaimConcurrent(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		ws := s.settledTenDollarPool(t)
		winner := s.clientAs(t, ws[0]["userId"].(string))
		id := fmt.Sprint(prizeOf(t, winner, 1)["id"])
		uid, _ := strconv.ParseInt(ws[0]["userId"].(string), 10, 64)
		account := squares.UserWinningsAccount(uid)
		before, err := squares.ParseDollars(s.balances(t)[account].(string))
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		statuses := make([]int, 8)
		for i := range statuses {
			wg.Go(func() {
				r := winner.do(http.MethodPost, "/api/user/prizes/"+id+"/claim", `{}`)
				statuses[i] = r.Status
				if r.Status == http.StatusOK && r.obj()["status"] != squares.PrizePaid {
					t.Errorf("claim %d = %s", i, r.Body)
				}
			})
		}
		wg.Wait()
		for i, st := range statuses {
			if st != http.StatusOK {
				t.Errorf("claim %d: %d", i, st)
			}
		}
		b := s.balances(t)
		after, err := squares.ParseDollars(b[account].(string))
		if err != nil || before-after != 22500 || b[squares.AccountPayoutsPending] != "0.00" {
			t.Fatalf("the winnings went from %s to %s (%v), want 225.00 less; balances %v", before, after, err, b)
		}
	})
}
