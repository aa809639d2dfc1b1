package http_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestHostPoolAPI: a host-collected pool through the API, as issue 21 names every call: created with its
// collection, instructions and payBy (which every pool answer shows; a card pool shows card, "" and
// null); guests added and given squares, chosen and at random, shown on the board by name; a member's
// free claim; payments recorded, listed, as CSV (no cell a formula) and corrected once; paid shown to the
// host and the square's owner only; a square taken back; the history, the host's alone; and every call
// of the host refused to anyone else (403), and in a card pool (422).
func TestHostPoolAPI(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		pools := s.paidGame(t)
		host, hostUser := s.storePlayer(t, squares.RoleUser)
		friend, friendUser := s.storePlayer(t, squares.RoleUser)
		other, _ := s.storePlayer(t, squares.RoleUser)
		kickoff := payT0.Add(72 * time.Hour)

		body := map[string]any{"gameId": pools[0].GameID, "name": "Party pool", "entryFee": "10.00", "maxSquaresPerPlayer": 25,
			"collection": "host", "paymentInstructions": "Venmo @dana\nor cash at the party"}
		body["payBy"] = kickoff.Format(time.RFC3339)
		host.post("/api/pools/private", body).wantError(http.StatusBadRequest, "invalid", "Pay by must be before kickoff.")
		body["payBy"] = "tomorrow"
		host.post("/api/pools/private", body).wantError(http.StatusBadRequest, "invalid", "")
		body["collection"] = "cash"
		delete(body, "payBy")
		host.post("/api/pools/private", body).wantError(http.StatusBadRequest, "invalid", "")
		body["collection"] = "host"
		created := host.post("/api/pools/private", body).want(http.StatusCreated).obj()
		pool := created["pool"].(map[string]any)
		id := num(t, pool["id"])
		if pool["collection"] != "host" || pool["paymentInstructions"] != "Venmo @dana\nor cash at the party" ||
			pool["payBy"] != kickoff.Add(-24*time.Hour).Format(time.RFC3339) || pool["houseFeePercent"] != 0.0 ||
			pool["prizePoolIfFull"] != "1000.00" || pool["houseFee"] != "0.00" {
			t.Fatalf("host pool %v", pool)
		}
		path := fmt.Sprintf("/api/pools/%d", id)
		friend.post("/api/pools/join", map[string]string{"inviteCode": created["inviteCode"].(string)}).want(http.StatusOK)
		other.post("/api/pools/join", map[string]string{"inviteCode": created["inviteCode"].(string)}).want(http.StatusOK)
		if got := friend.get(path).want(http.StatusOK).obj(); got["collection"] != "host" || got["payBy"] != pool["payBy"] {
			t.Fatalf("the pool as a member reads it: %v", got)
		}

		// A card pool answers the same fields.
		card := host.post("/api/pools/private", map[string]any{"gameId": pools[0].GameID, "name": "Card pool",
			"entryFee": "5.00", "maxSquaresPerPlayer": 5}).want(http.StatusCreated).obj()["pool"].(map[string]any)
		if card["collection"] != "card" || card["paymentInstructions"] != "" || card["payBy"] != nil {
			t.Fatalf("card pool %v", card)
		}
		cardPath := fmt.Sprintf("/api/pools/%v", card["id"])
		host.post(cardPath+"/guests", map[string]string{"name": "Bob"}).wantError(http.StatusUnprocessableEntity, "unprocessable", "")
		host.post(cardPath+"/assign", map[string]any{"userId": hostUser.ID, "random": 1}).wantError(http.StatusUnprocessableEntity, "unprocessable", "")
		host.post(cardPath+"/payments", map[string]any{"userId": hostUser.ID, "amount": "5.00"}).wantError(http.StatusUnprocessableEntity, "unprocessable", "")
		host.post(cardPath+"/squares", map[string]int{"row": 0, "column": 0}).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"Squares in paid pools are bought through checkout.")

		// Guests, by the host only.
		friend.post(path+"/guests", map[string]string{"name": "Bob"}).wantError(http.StatusForbidden, "forbidden", "")
		host.post(path+"/guests", map[string]string{"name": "Bob\u202e"}).want(http.StatusBadRequest)
		guest := host.post(path+"/guests", map[string]string{"name": "=cmd|' /C calc'!A0"}).want(http.StatusCreated).obj()
		guestID := num(t, guest["guestId"])
		if guest["name"] != "=cmd|' /C calc'!A0" {
			t.Fatalf("guest %v", guest)
		}

		// Squares: the member claims, the host gives.
		friend.post(path+"/squares", map[string]int{"row": 0, "column": 0}).want(http.StatusCreated)
		friend.post(path+"/assign", map[string]any{"guestId": guestID, "random": 2}).wantError(http.StatusForbidden, "forbidden", "")
		host.post(path+"/assign", map[string]any{"guestId": guestID, "userId": friendUser.ID, "random": 2}).want(http.StatusBadRequest)
		given := host.post(path+"/assign", map[string]any{"guestId": guestID, "squares": []map[string]int{{"row": 1, "column": 1}, {"row": 1, "column": 2}}}).
			want(http.StatusCreated).obj()
		if sqs := given["squares"].([]any); len(sqs) != 2 || sqs[0].(map[string]any)["userId"] != nil ||
			num(t, sqs[0].(map[string]any)["guestId"]) != guestID || sqs[0].(map[string]any)["displayName"] != "=cmd|' /C calc'!A0" {
			t.Fatalf("given %v", given)
		}
		random := host.post(path+"/assign", map[string]any{"userId": friendUser.ID, "random": 3}).want(http.StatusCreated).obj()
		if sqs := random["squares"].([]any); len(sqs) != 3 || num(t, random["pool"].(map[string]any)["currentParticipants"]) != 6 {
			t.Fatalf("random %v", random)
		}
		host.post(path+"/assign", map[string]any{"guestId": guestID, "squares": []map[string]int{{"row": 0, "column": 0}}}).
			wantError(http.StatusConflict, "conflict", "")

		// Payments, by the host only: $15.00 covers one of the friend's four squares.
		friend.post(path+"/payments", map[string]any{"userId": friendUser.ID, "amount": "15.00"}).wantError(http.StatusForbidden, "forbidden", "")
		host.post(path+"/payments", map[string]any{"userId": friendUser.ID, "amount": "0.00"}).wantError(http.StatusBadRequest, "invalid", "")
		host.post(path+"/payments", map[string]any{"userId": friendUser.ID, "amount": "1000.01"}).wantError(http.StatusBadRequest, "invalid", "")
		host.post(path+"/payments", map[string]any{"userId": friendUser.ID, "amount": "ten"}).wantError(http.StatusBadRequest, "invalid", "")
		pay := host.post(path+"/payments", map[string]any{"userId": friendUser.ID, "amount": "15.00", "note": "cash"}).
			want(http.StatusCreated).obj()
		if pay["amount"] != "15.00" || pay["note"] != "cash" || num(t, pay["userId"]) != friendUser.ID || pay["corrects"] != nil || num(t, pay["id"]) == 0 {
			t.Fatalf("payment %v", pay)
		}
		guestPay := host.post(path+"/payments", map[string]any{"guestId": guestID, "amount": "20.00", "note": "@SUM(1+1)"}).
			want(http.StatusCreated).obj()

		// paid: the host sees every square's, the owner their own, another member none.
		paidOf := func(c *apiClient) map[string]any {
			out := map[string]any{}
			for _, sq := range c.get(path + "/squares").want(http.StatusOK).list() {
				key := fmt.Sprintf("%v,%v", sq["row"], sq["column"])
				if v, ok := sq["paid"]; ok {
					out[key] = v
				}
			}
			return out
		}
		if got := paidOf(host); len(got) != 6 || got["0,0"] != true || got["1,1"] != true || got["1,2"] != true {
			t.Fatalf("the host sees paid %v", got)
		}
		if got := paidOf(friend); len(got) != 4 || got["0,0"] != true || got["1,1"] != nil {
			t.Fatalf("the friend sees paid %v", got)
		}
		if got := paidOf(other); len(got) != 0 {
			t.Fatalf("another member sees paid %v", got)
		}

		// A member reads their own account only: what they owe the host, what was recorded, the balance.
		mine := friend.get(path + "/payments/mine").want(http.StatusOK).obj()
		if num(t, mine["userId"]) != friendUser.ID || num(t, mine["squares"]) != 4 || mine["owed"] != "40.00" || mine["paid"] != "15.00" ||
			mine["balance"] != "25.00" || len(mine["entries"].([]any)) != 1 {
			t.Fatalf("the friend's own account %v", mine)
		}
		s.client(t).get(path + "/payments/mine").want(http.StatusUnauthorized)
		host.get(cardPath+"/payments/mine").wantError(http.StatusUnprocessableEntity, "unprocessable", "")

		// The list and its CSV, by the host only.
		friend.get(path+"/payments").wantError(http.StatusForbidden, "forbidden", "")
		friend.get(path+"/payments.csv").wantError(http.StatusForbidden, "forbidden", "")
		list := host.get(path + "/payments").want(http.StatusOK).obj()["players"].([]any)
		byName := map[string]map[string]any{}
		for _, p := range list {
			p := p.(map[string]any)
			key := p["name"].(string)
			if p["userId"] != nil {
				key = fmt.Sprint(num(t, p["userId"]))
			}
			byName[key] = p
		}
		if f := byName[fmt.Sprint(friendUser.ID)]; f == nil || num(t, f["squares"]) != 4 || f["owed"] != "40.00" ||
			f["name"] != squares.ShortName(friendUser.FirstName, friendUser.LastName) ||
			f["paid"] != "15.00" || f["balance"] != "25.00" || len(f["entries"].([]any)) != 1 || f["guestId"] != nil {
			t.Fatalf("friend's account in %v", list)
		}
		if g := byName["=cmd|' /C calc'!A0"]; g == nil || g["userId"] != nil || num(t, g["guestId"]) != guestID || g["balance"] != "0.00" {
			t.Fatalf("guest's account in %v", list)
		}
		res := host.get(path + "/payments.csv").want(http.StatusOK)
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
			t.Fatalf("content type %q", ct)
		}
		rows, err := csv.NewReader(strings.NewReader(string(res.Body))).ReadAll()
		if err != nil || len(rows) != len(list)+1 || strings.Join(rows[0], ",") != "name,userId,guestId,squares,owed,paid,balance,notes" {
			t.Fatalf("csv %q, %v", res.Body, err)
		}
		for _, row := range rows[1:] {
			for _, cell := range row {
				if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
					t.Errorf("csv cell %q is read as a formula", cell)
				}
			}
		}
		if !strings.Contains(string(res.Body), "'=cmd|' /C calc'!A0") || !strings.Contains(string(res.Body), "'@SUM(1+1)") {
			t.Errorf("csv %s: the guest's name and note are not made safe", res.Body)
		}

		// A correction, once.
		payPath := fmt.Sprintf("%s/payments/%v", path, guestPay["id"])
		friend.do("DELETE", payPath, nil).wantError(http.StatusForbidden, "forbidden", "")
		c := host.do("DELETE", payPath, nil).want(http.StatusOK).obj()
		if c["amount"] != "-20.00" || c["corrects"] != guestPay["id"] {
			t.Fatalf("correction %v", c)
		}
		host.do("DELETE", payPath, nil).wantError(http.StatusConflict, "conflict", "This payment was already corrected.")
		host.do("DELETE", path+"/payments/99999", nil).wantError(http.StatusNotFound, "not_found", "")
		if got := paidOf(host); got["1,1"] != false {
			t.Fatalf("after the correction the host sees paid %v", got)
		}

		// Taking back, by the host only; the limit, by the host only and only before the first square.
		friend.do("DELETE", path+"/squares/1/1", nil).wantError(http.StatusForbidden, "forbidden", "")
		taken := map[string]bool{}
		for _, sq := range host.get(path + "/squares").want(http.StatusOK).list() {
			taken[fmt.Sprintf("%v/%v", sq["row"], sq["column"])] = true
		}
		empty := "5/5"
		for i := 55; taken[empty]; i++ {
			empty = fmt.Sprintf("%d/%d", (i+1)/10, (i+1)%10)
		}
		host.do("DELETE", path+"/squares/"+empty, nil).wantError(http.StatusNotFound, "not_found", "No one has this square.")
		host.do("DELETE", path+"/squares/x/1", nil).want(http.StatusBadRequest)
		back := host.do("DELETE", path+"/squares/1/1", nil).want(http.StatusOK).obj()
		if num(t, back["pool"].(map[string]any)["currentParticipants"]) != 5 {
			t.Fatalf("taken back %v", back)
		}
		host.do("PATCH", path, map[string]int{"maxSquaresPerPlayer": 10}).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"The limit can only change until the first square is taken.")

		// The history, the host's.
		friend.get(path+"/history").wantError(http.StatusForbidden, "forbidden", "")
		s.client(t).get(path + "/history").want(http.StatusUnauthorized)
		hs := host.get(path + "/history").want(http.StatusOK).obj()["entries"].([]any)
		var actions []string
		for _, h := range hs {
			e := h.(map[string]any)
			actions = append(actions, e["action"].(string))
			if e["summary"] == "" || e["at"] == nil || num(t, e["actor"].(map[string]any)["userId"]) != hostUser.ID {
				t.Errorf("history entry %v", e)
			}
		}
		if got := strings.Join(actions, " "); got != "pool.create guest.add square.assign square.assign payment.record payment.record payment.correct square.take_back" {
			t.Errorf("history %s", got)
		}
	})
}

// TestHostPoolLimitPatch: PATCH /api/pools/{id} stays the admin's change of status, and lets a private
// pool's host send maxSquaresPerPlayer until the first square is taken; anyone else gets 403.
func TestHostPoolLimitPatch(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		pools := s.paidGame(t)
		host, _ := s.storePlayer(t, squares.RoleUser)
		friend, _ := s.storePlayer(t, squares.RoleUser)
		created := host.post("/api/pools/private", map[string]any{"gameId": pools[0].GameID, "name": "Party pool", "entryFee": "10.00",
			"maxSquaresPerPlayer": 5, "collection": "host"}).want(http.StatusCreated).obj()
		path := fmt.Sprintf("/api/pools/%v", created["pool"].(map[string]any)["id"])
		friend.post("/api/pools/join", map[string]string{"inviteCode": created["inviteCode"].(string)}).want(http.StatusOK)

		friend.do("PATCH", path, map[string]int{"maxSquaresPerPlayer": 10}).wantError(http.StatusForbidden, "forbidden", "")
		host.do("PATCH", path, map[string]string{"status": "inactive"}).wantError(http.StatusForbidden, "forbidden", "Admin access required.")
		host.do("PATCH", path, map[string]any{"status": "inactive", "maxSquaresPerPlayer": 10}).wantError(http.StatusForbidden, "forbidden", "")
		host.do("PATCH", path, map[string]int{"maxSquaresPerPlayer": 26}).wantError(http.StatusBadRequest, "invalid", "")
		s.client(t).do("PATCH", path, map[string]int{"maxSquaresPerPlayer": 10}).want(http.StatusUnauthorized)
		publicPath := fmt.Sprintf("/api/pools/%d", pools[1].ID)
		host.do("PATCH", publicPath, map[string]int{"maxSquaresPerPlayer": 10}).wantError(http.StatusForbidden, "forbidden", "")
		p := host.do("PATCH", path, map[string]int{"maxSquaresPerPlayer": 12}).want(http.StatusOK).obj()
		if p["maxSquaresPerPlayer"] != 12.0 {
			t.Fatalf("after the host's change %v", p)
		}
		// The admin's call is as it was.
		admin := s.admin(t)
		if got := admin.do("PATCH", publicPath, map[string]string{"status": "inactive"}).want(http.StatusOK).obj(); got["status"] != "inactive" {
			t.Fatalf("admin's change %v", got)
		}
		admin.do("PATCH", publicPath, map[string]int{"maxSquaresPerPlayer": 10}).want(http.StatusBadRequest)

		host.post(path+"/squares", map[string]int{"row": 0, "column": 0}).want(http.StatusCreated)
		host.do("PATCH", path, map[string]int{"maxSquaresPerPlayer": 20}).wantError(http.StatusUnprocessableEntity, "unprocessable", "")
	})
}

// TestGuestInvitationJoin: a guest added with an e-mail gets the invitation e-mail; whoever signs in and
// joins with its code owns the guest's squares and payments.
func TestGuestInvitationJoin(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		pools := s.paidGame(t)
		host, _ := s.storePlayer(t, squares.RoleUser)
		dana, danaUser := s.storePlayer(t, squares.RoleUser)
		created := host.post("/api/pools/private", map[string]any{"gameId": pools[0].GameID, "name": "Party pool", "entryFee": "10.00",
			"maxSquaresPerPlayer": 5, "collection": "host"}).want(http.StatusCreated).obj()
		path := fmt.Sprintf("/api/pools/%v", created["pool"].(map[string]any)["id"])
		g := host.post(path+"/guests", map[string]string{"name": "Dana", "email": danaUser.Email}).want(http.StatusCreated).obj()
		if g["invited"] != true || g["name"] != "Dana" {
			t.Fatalf("guest %v", g)
		}
		code, n := s.invitationCode(t, danaUser.Email)
		if n != 1 || code == "" {
			t.Fatalf("invitation mails %d, code %q", n, code)
		}
		host.post(path+"/assign", map[string]any{"guestId": g["guestId"], "random": 2}).want(http.StatusCreated)
		host.post(path+"/payments", map[string]any{"guestId": g["guestId"], "amount": "10.00"}).want(http.StatusCreated)
		dana.get(path).wantError(http.StatusNotFound, "not_found", "")
		joined := dana.post("/api/pools/join", map[string]string{"inviteCode": code}).want(http.StatusOK).obj()["pool"].(map[string]any)
		if num(t, joined["userSquareCount"]) != 2 {
			t.Fatalf("joined %v", joined)
		}
		paid := 0
		for _, sq := range dana.get(path + "/squares").want(http.StatusOK).list() {
			if sq["userId"] != fmt.Sprint(danaUser.ID) || sq["guestId"] != nil {
				t.Errorf("square %v is not Dana's", sq)
			}
			if sq["paid"] == true {
				paid++
			}
		}
		if paid != 1 {
			t.Errorf("Dana sees %d squares paid, want 1", paid)
		}
	})
}
