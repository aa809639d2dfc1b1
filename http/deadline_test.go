package http_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestHostRemindersAPI: POST /api/pools/{id}/reminders is the host's alone (403 for a member), answers
// 202 {sent} with the e-mails queued to the members who owe, and 429 with Retry-After and a clear
// message within 6 hours of the last; 6 hours later it answers 202 again. A card pool's host is 422.
func TestHostRemindersAPI(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		pools := s.paidGame(t)
		host, _ := s.storePlayer(t, squares.RoleUser)
		friend, friendUser := s.storePlayer(t, squares.RoleUser)
		created := host.post("/api/pools/private", map[string]any{"gameId": pools[0].GameID, "name": "Party pool",
			"entryFee": "10.00", "maxSquaresPerPlayer": 25, "collection": "host",
			"paymentInstructions": "Venmo @dana"}).want(http.StatusCreated).obj()
		path := fmt.Sprintf("/api/pools/%v", created["pool"].(map[string]any)["id"])
		friend.post("/api/pools/join", map[string]string{"inviteCode": created["inviteCode"].(string)}).want(http.StatusOK)
		friend.post(path+"/squares", map[string]int{"row": 0, "column": 0}).want(http.StatusCreated)

		friend.post(path+"/reminders", nil).wantError(http.StatusForbidden, "forbidden", "Only the pool's host can do this.")
		s.client(t).post(path+"/reminders", nil).want(http.StatusUnauthorized)
		got := host.post(path+"/reminders", nil).want(http.StatusAccepted).obj()
		if got["sent"] != 1.0 || len(got) != 1 {
			t.Fatalf("reminders answer %v, want {sent: 1}", got)
		}
		ms, err := s.db.ListMail(t.Context(), "", 50)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, m := range ms {
			if m.Kind == squares.MailPaymentReminder {
				n++
				if m.To != friendUser.Email || !strings.Contains(m.Data["message"], "you owe the host $10.00 for 1 square") {
					t.Errorf("reminder %+v", m)
				}
			}
		}
		if n != 1 {
			t.Fatalf("%d reminders queued, want 1", n)
		}

		s.clock.Add(5*time.Hour + 59*time.Minute)
		r := host.post(path+"/reminders", nil)
		r.wantError(http.StatusTooManyRequests, "too_many_requests", "")
		if r.Header.Get("Retry-After") != "60" {
			t.Errorf("Retry-After %q, want 60", r.Header.Get("Retry-After"))
		}
		if msg := r.obj()["message"].(string); !strings.HasPrefix(msg, "A reminder was sent less than 6 hours ago: you can send the next one at ") {
			t.Errorf("429 message %q", msg)
		}
		s.clock.Add(time.Minute)
		host.post(path+"/reminders", nil).want(http.StatusAccepted)

		card := host.post("/api/pools/private", map[string]any{"gameId": pools[0].GameID, "name": "Card pool",
			"entryFee": "5.00", "maxSquaresPerPlayer": 5}).want(http.StatusCreated).obj()["pool"].(map[string]any)
		host.post(fmt.Sprintf("/api/pools/%v/reminders", card["id"]), nil).wantError(http.StatusUnprocessableEntity, "unprocessable", "")
	})
}

// TestHostPrizePaidAPI: in a host pool every winner is host_pays until the host marks the period paid
// (POST /api/pools/{id}/winners/{periodLabel}/paid, the label as the winners list gives it), then
// host_paid with paidAt, in the winners list and the winner's prizes; again answers the same; a member is
// 403, an unknown label 404. The ledger does not move.
func TestHostPrizePaidAPI(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		pools := s.paidGame(t)
		admin := s.admin(t)
		ledger := func() any { return admin.get("/api/admin/ledger/summary").want(http.StatusOK).obj()["accounts"] }
		before := fmt.Sprint(ledger())
		host, _ := s.storePlayer(t, squares.RoleUser)
		created := host.post("/api/pools/private", map[string]any{"gameId": pools[0].GameID, "name": "Party pool",
			"entryFee": "10.00", "maxSquaresPerPlayer": 25, "collection": "host"}).want(http.StatusCreated).obj()
		path := fmt.Sprintf("/api/pools/%v", created["pool"].(map[string]any)["id"])
		members := map[string]*apiClient{}
		for range 4 {
			c, u := s.storePlayer(t, squares.RoleUser)
			c.post("/api/pools/join", map[string]string{"inviteCode": created["inviteCode"].(string)}).want(http.StatusOK)
			host.post(path+"/assign", map[string]any{"userId": u.ID, "random": 25}).want(http.StatusCreated)
			members[fmt.Sprint(u.ID)] = c
		}
		for _, u := range wholeGame {
			admin.post(fmt.Sprintf("/api/admin/games/%d/score", pools[0].GameID), u).want(http.StatusOK)
		}
		winners := host.get(path + "/winners").want(http.StatusOK).list()
		if len(winners) != 4 {
			t.Fatalf("winners %v", winners)
		}
		for _, w := range winners {
			if w["status"] != "host_pays" || w["amount"] != "250.00" || w["paidAt"] != nil {
				t.Fatalf("winner before %v", w)
			}
		}
		q1 := winners[0]
		winner := members[q1["userId"].(string)]

		winner.post(path+"/winners/Q1/paid", nil).wantError(http.StatusForbidden, "forbidden", "")
		host.post(path+"/winners/Q5/paid", nil).wantError(http.StatusNotFound, "not_found",
			`This pool has no period "Q5": its periods are Q1, Q2, Q3, Final.`)
		paid := host.post(path+"/winners/Q1/paid", nil).want(http.StatusOK).obj()
		if paid["status"] != "host_paid" || paid["periodLabel"] != "Q1" || paid["userId"] != q1["userId"] || paid["paidAt"] != payT0.Format(time.RFC3339) {
			t.Fatalf("marked %v", paid)
		}
		s.clock.Add(time.Hour)
		if again := host.post(path+"/winners/Q1/paid", nil).want(http.StatusOK).obj(); again["paidAt"] != paid["paidAt"] || again["status"] != "host_paid" {
			t.Fatalf("again %v", again)
		}
		host.post(path+"/winners/final/paid", nil).want(http.StatusOK)
		after := winner.get(path + "/winners").want(http.StatusOK).list()
		if after[0]["status"] != "host_paid" || after[1]["status"] != "host_pays" || after[3]["status"] != "host_paid" {
			t.Errorf("winners after %v", after)
		}
		found := false
		for _, z := range winner.get("/api/user/prizes").want(http.StatusOK).list() {
			if z["periodLabel"] == "Q1" && z["poolName"] == "Party pool" {
				found = true
				if z["status"] != "host_paid" || z["paidAt"] != paid["paidAt"] || z["amount"] != "250.00" || z["daysLeft"] != 0.0 ||
					z["id"] != 0.0 || z["winnerId"] == 0.0 {
					t.Errorf("Q1 in the winner's prizes %v", z)
				}
			}
		}
		if !found {
			t.Error("Q1 is not in its winner's prizes")
		}
		notes := winner.get("/api/notifications").want(http.StatusOK)
		if !strings.Contains(string(notes.Body), "The host marked your prize for Q1 of Party pool") {
			t.Errorf("the winner was not told: %s", notes.Body)
		}
		history := host.get(path + "/history").want(http.StatusOK).obj()["entries"].([]any)
		marks := 0
		for _, e := range history {
			if e.(map[string]any)["action"] == "prize.paid" {
				marks++
			}
		}
		if marks != 2 {
			t.Errorf("%d prize.paid entries in the history, want 2 (Q1 once, Final)", marks)
		}
		if got := fmt.Sprint(ledger()); got != before {
			t.Errorf("the ledger moved: %s, then %s", before, got)
		}
	})
}
