package http_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// invitationCode reads the code the latest invitation e-mail to an address carries.
func (s *payAPI) invitationCode(t *testing.T, to string) (string, int) {
	t.Helper()
	all, err := s.db.ListMail(context.Background(), "", 500)
	if err != nil {
		t.Fatal(err)
	}
	code, n := "", 0
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].To == to && all[i].Kind == squares.MailInvitation {
			code, n = all[i].Data["code"], n+1
		}
	}
	return code, n
}

func (s *payAPI) counts(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	pools, err := s.db.ListPools(ctx, squares.PoolFilter{})
	if err != nil {
		t.Fatal(err)
	}
	mail, err := s.db.ListMail(ctx, "", 500)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d pools, %d mails", len(pools), len(mail))
}

func listed(l []map[string]any, id any) bool {
	return slices.ContainsFunc(l, func(p map[string]any) bool { return p["id"] == id })
}

// TestPrivatePoolValidationAndVisibility: bad input is a 400 with the spec's field messages and creates
// nothing; a created pool has the creator's fee, limit and schedule, no house fee, and one invitation
// e-mail per distinct address with its own code; a stranger gets 404 for the pool, its squares, winners
// and invitations, and never sees it listed; joining is idempotent; the creator alone resends and
// revokes; a revoked invitation no longer joins; only members buy, within the creator's limit; at 2 hours
// before kickoff the pool not full is cancelled and can no longer be joined.
func TestPrivatePoolValidationAndVisibility(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		pools := s.paidGame(t)
		gameID := pools[0].GameID
		creator, _ := s.storePlayer(t, squares.RoleUser)
		stranger, _ := s.storePlayer(t, squares.RoleUser)
		friend, _ := s.storePlayer(t, squares.RoleUser)
		admin := s.admin(t)

		before := s.counts(t)
		body := func(kv ...any) map[string]any {
			b := map[string]any{"gameId": gameID, "name": "Office pool", "entryFee": "10.00", "maxSquaresPerPlayer": 10,
				"inviteEmails": []string{}, "payoutSchedule": "20/30/20/30"}
			for i := 0; i+1 < len(kv); i += 2 {
				b[kv[i].(string)] = kv[i+1]
			}
			return b
		}
		const path = "/api/pools/private"
		creator.post(path, map[string]any{}).wantError(http.StatusBadRequest, "invalid", "",
			"gameId", "Please select a game", "name", "Pool name must be at least 3 characters")
		for _, c := range []struct {
			kv             []any
			field, message string
		}{
			{[]any{"name", " ab "}, "name", "Pool name must be at least 3 characters"},
			{[]any{"entryFee", -1}, "entryFee", "Entry fee must be non-negative"},
			{[]any{"entryFee", "1000.01"}, "entryFee", "Entry fee cannot exceed $1000"},
			{[]any{"entryFee", "ten"}, "entryFee", "Entry fee must be a number from 0 to 1000"},
			{[]any{"maxSquaresPerPlayer", 0}, "maxSquaresPerPlayer", "Must allow at least 1 square"},
			{[]any{"maxSquaresPerPlayer", 26}, "maxSquaresPerPlayer", "Cannot exceed 25 squares per player"},
			{[]any{"inviteEmails", []string{"ok@example.com", "not-an-address"}}, "inviteEmails", "Invalid email address"},
			{[]any{"payoutSchedule", "50/50"}, "payoutSchedule", "Payout schedule must be 25/25/25/25 or 20/30/20/30"},
			{[]any{"gameId", 99999}, "gameId", "Please select a game"},
		} {
			creator.post(path, body(c.kv...)).wantError(http.StatusBadRequest, "invalid", c.message, c.field, c.message)
		}
		admin.post(path, body()).wantError(http.StatusForbidden, "forbidden", "Only players create private pools.")
		s.client(t).post(path, body()).want(http.StatusUnauthorized)
		if after := s.counts(t); after != before {
			t.Fatalf("refusals changed something: %s, then %s", before, after)
		}

		created := creator.post(path, body("inviteEmails", []string{"Friend@Example.com", "friend@example.com ", "other@example.com"})).
			want(http.StatusCreated).obj()
		pool := created["pool"].(map[string]any)
		id, code := pool["id"], created["inviteCode"].(string)
		if len(code) != squares.InviteCodeLength || pool["isPrivate"] != true || pool["entryFee"] != "10.00" ||
			pool["maxSquaresPerPlayer"] != 10.0 || pool["houseFee"] != "0.00" || pool["status"] != "active" ||
			fmt.Sprint(pool["payoutSchedule"]) != "[20 30 20 30]" || pool["inviteCode"] != code {
			t.Fatalf("created %v", created)
		}
		if invs := created["invitations"].([]any); len(invs) != 2 || invs[0].(map[string]any)["email"] != "friend@example.com" ||
			invs[1].(map[string]any)["email"] != "other@example.com" {
			t.Fatalf("invitations %v", invs)
		}
		friendCode, n := s.invitationCode(t, "friend@example.com")
		otherCode, _ := s.invitationCode(t, "other@example.com")
		if n != 1 || len(friendCode) != squares.InviteCodeLength || friendCode == code || otherCode == friendCode {
			t.Fatalf("invitation codes %q (%d mails) %q, pool %q", friendCode, n, otherCode, code)
		}

		poolPath := fmt.Sprintf("/api/pools/%v", id)
		for _, p := range []string{poolPath, poolPath + "/squares", poolPath + "/winners", poolPath + "/invitations"} {
			stranger.get(p).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		}
		s.client(t).get(poolPath).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		if listed(stranger.get("/api/pools").want(http.StatusOK).list(), id) || listed(s.client(t).get("/api/pools").list(), id) ||
			listed(stranger.get("/api/user/pools").want(http.StatusOK).list(), id) {
			t.Fatal("a stranger sees the private pool listed")
		}
		stranger.post("/api/create-escrow-payment", checkoutBody(id, "10.00", at(0, 0))).
			wantError(http.StatusNotFound, "not_found", "Pool not found.")
		// An admin is a stranger on the player routes: private pools are the admin routes' (power_test.go).
		admin.get(poolPath).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		if l := admin.get("/api/admin/pools").want(http.StatusOK).list(); !listed(l, id) {
			t.Fatal("the admin routes leave the private pool out")
		}
		if !listed(creator.get("/api/user/pools").want(http.StatusOK).list(), id) {
			t.Fatal("the creator's pools leave it out")
		}

		// Joining.
		stranger.post("/api/pools/join", map[string]any{"inviteCode": "NOPE2345"}).
			wantError(http.StatusNotFound, "not_found", "No pool has this invite code.")
		stranger.post("/api/pools/join", map[string]any{"inviteCode": " "}).
			wantError(http.StatusBadRequest, "invalid", "Please enter an invite code", "inviteCode", "Please enter an invite code")
		for range 2 {
			j := friend.post("/api/pools/join", map[string]any{"inviteCode": " " + friendCode + " "}).want(http.StatusOK).obj()
			if j["pool"].(map[string]any)["id"] != id || j["pool"].(map[string]any)["inviteCode"] != nil {
				t.Fatalf("join = %v", j)
			}
		}
		if p := friend.get(poolPath).want(http.StatusOK).obj(); p["inviteCode"] != nil {
			t.Fatalf("a member sees the invite code: %v", p)
		}
		if !listed(friend.get("/api/user/pools").want(http.StatusOK).list(), id) {
			t.Fatal("a member's pools leave it out")
		}
		friend.get(poolPath+"/invitations").wantError(http.StatusForbidden, "forbidden", "Only the pool's creator manages its invitations.")

		// The creator's view, resend and revoke.
		view := creator.get(poolPath + "/invitations").want(http.StatusOK).obj()
		members, invs := view["members"].([]any), view["invitations"].([]any)
		if view["inviteCode"] != code || len(members) != 2 || members[0].(map[string]any)["isCreator"] != true ||
			len(invs) != 2 || invs[0].(map[string]any)["status"] != "accepted" || invs[1].(map[string]any)["status"] != "pending" {
			t.Fatalf("creator's view = %v", view)
		}
		friendInv, otherInv := invs[0].(map[string]any)["id"], invs[1].(map[string]any)["id"]
		resend := func(c *apiClient, inv any) *apiResponse {
			return c.post(fmt.Sprintf("%s/invitations/%v/resend", poolPath, inv), nil)
		}
		early := resend(creator, otherInv)
		early.wantError(http.StatusTooManyRequests, "too_many_requests", "This invitation was sent less than a minute ago.")
		early.wantRetryAfter(60)
		resend(creator, friendInv).wantError(http.StatusUnprocessableEntity, "unprocessable", "This invitation was already used to join.")
		resend(stranger, otherInv).want(http.StatusNotFound)
		resend(friend, otherInv).want(http.StatusForbidden)
		s.clock.Add(2 * time.Minute)
		if r := resend(creator, otherInv).want(http.StatusOK).obj(); r["sentCount"] != 2.0 {
			t.Fatalf("resent = %v", r)
		}
		if c, n := s.invitationCode(t, "other@example.com"); c != otherCode || n != 2 {
			t.Fatalf("resent mail: code %q, %d mails", c, n)
		}
		friend.do("DELETE", fmt.Sprintf("%s/invitations/%v", poolPath, otherInv), nil).want(http.StatusForbidden)
		for range 2 {
			if r := creator.do("DELETE", fmt.Sprintf("%s/invitations/%v", poolPath, otherInv), nil).want(http.StatusOK).obj(); r["status"] != "revoked" {
				t.Fatalf("revoked = %v", r)
			}
		}
		creator.do("DELETE", fmt.Sprintf("%s/invitations/99999", poolPath), nil).want(http.StatusNotFound)
		stranger.post("/api/pools/join", map[string]any{"inviteCode": otherCode}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "This invitation was revoked by the pool's creator.")
		stranger.get(poolPath).want(http.StatusNotFound)
		s.clock.Add(2 * time.Minute)
		resend(creator, otherInv).wantError(http.StatusUnprocessableEntity, "unprocessable", "This invitation was revoked.")

		// Buying: members only, within the creator's limit of 10.
		p := &squares.PoolView{Pool: &squares.Pool{ID: int64(num(t, id)), EntryFee: 1000}}
		var ten []jsonCell
		for i := range 10 {
			ten = append(ten, at(0, i))
		}
		friend.post("/api/create-escrow-payment", checkoutBody(id, "110.00", append(ten, at(1, 0))...)).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "You can only select 10 squares at a time. "+
				"Remove a selected square first to select a different one.")
		buy(t, friend, p, ten...)
		friend.post("/api/create-escrow-payment", checkoutBody(id, "10.00", at(1, 0))).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "")

		// Two hours before kickoff, a private pool not full is cancelled and its payment returned.
		s.clock.Set(payT0.Add(70 * time.Hour))
		admin = s.admin(t) // a new session: the admin's lasts 12 hours
		admin.post("/api/admin/automation/run", nil).want(http.StatusOK)
		for _, got := range admin.get("/api/admin/pools").want(http.StatusOK).list() {
			if got["id"] == id && got["status"] != "cancelled" {
				t.Fatalf("pool after the decision = %v", got)
			}
		}
		sum := admin.get("/api/admin/ledger/summary").want(http.StatusOK).obj()
		for _, a := range sum["accounts"].([]any) {
			if a := a.(map[string]any); a["account"] == squares.PoolEscrowAccount(p.ID) && a["balance"] != "0.00" {
				t.Fatalf("escrow after cancellation = %v", a)
			}
		}
		// Players' sessions outlive no 70 hours: new ones.
		late, _ := s.storePlayer(t, squares.RoleUser)
		late.post("/api/pools/join", map[string]any{"inviteCode": code}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "This pool was cancelled.")
		late.post(path, body()).wantError(http.StatusBadRequest, "invalid",
			"This game is no longer open for new pools: pick an upcoming game.")
	})
}

// TestPaidPrivatePoolPaysTheWholePot: four members fill a $10 private pool of 25 squares each (the
// creator's limit) and the game is played: the winners share the whole 1000.00 by the creator's
// 20/30/20/30 schedule, the house takes no fee, and the pool's JSON said so from the start.
func TestPaidPrivatePoolPaysTheWholePot(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		pools := s.paidGame(t)
		creator, _ := s.storePlayer(t, squares.RoleUser)
		created := creator.post("/api/pools/private", map[string]any{"gameId": pools[0].GameID, "name": "Four friends",
			"entryFee": 10, "maxSquaresPerPlayer": 25, "payoutSchedule": "20/30/20/30"}).want(http.StatusCreated).obj()
		id := num(t, created["pool"].(map[string]any)["id"])
		ctx := context.Background()
		for i := range 4 {
			c, u := s.storePlayer(t, squares.RoleUser)
			c.post("/api/pools/join", map[string]any{"inviteCode": created["inviteCode"]}).want(http.StatusOK)
			cells := make([]squares.Cell, 0, 25)
			for k := range 25 {
				cells = append(cells, squares.Cell{Row: (i*25 + k) / 10, Column: (i*25 + k) % 10})
			}
			pay, err := s.esc.Checkout(ctx, u, id, cells, 25000)
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
		if err := s.esc.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		full := creator.get(fmt.Sprintf("/api/pools/%d", id)).want(http.StatusOK).obj()
		if full["status"] != "full" || full["totalPot"] != "1000.00" || full["houseFee"] != "0.00" || full["prizePool"] != "1000.00" {
			t.Fatalf("full pool = %v", full)
		}
		admin := s.admin(t)
		for _, u := range wholeGame {
			admin.post(fmt.Sprintf("/api/admin/games/%d/score", pools[0].GameID), u).want(http.StatusOK)
		}
		winners := creator.get(fmt.Sprintf("/api/pools/%d/winners", id)).want(http.StatusOK).list()
		want := []string{"200.00", "300.00", "200.00", "300.00"}
		if len(winners) != 4 {
			t.Fatalf("winners = %v", winners)
		}
		for i, w := range winners {
			if w["amount"] != want[i] || w["status"] != "credited" {
				t.Errorf("winner %d = %v, want %s", i+1, w, want[i])
			}
		}
		sum := admin.get("/api/admin/ledger/summary").want(http.StatusOK).obj()
		for _, a := range sum["accounts"].([]any) {
			a := a.(map[string]any)
			if a["account"] == squares.AccountHouseFees && a["balance"] != "0.00" {
				t.Fatalf("house fees = %v", a)
			}
			if a["account"] == squares.PoolEscrowAccount(id) && a["balance"] != "0.00" {
				t.Fatalf("escrow left = %v", a)
			}
		}
		if sum["balanced"] != true {
			t.Fatalf("ledger = %v", sum)
		}
	})
}

// TestPrivatePoolLiveUpdatesHidden: a stranger cannot subscribe to a private pool's live updates.
func TestPrivatePoolLiveUpdatesHidden(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	ctx := context.Background()
	public := openFreePool(t, srv.db)
	u := &squares.User{Email: "creator@example.com", PasswordHash: "not-a-hash", FirstName: "C", LastName: "T",
		Role: squares.RoleUser, IsAgeVerified: true, IsEligibleToBet: true}
	if err := srv.db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	priv, err := srv.db.CreatePrivatePool(ctx, u, squares.PrivatePoolInput{GameID: public.GameID, Name: "Friends", MaxSquaresPerPlayer: 5}, squares.PrivatePoolRules{})
	if err != nil {
		t.Fatal(err)
	}
	ws := dialWS(t, srv.URL())
	sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": priv.Pool.ID})
	if m := readUntil(t, ws, "error"); m["message"] != "Pool not found." {
		t.Fatalf("a stranger's subscription = %v", m)
	}
	sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": public.ID})
	readUntil(t, ws, "subscribed")
}
