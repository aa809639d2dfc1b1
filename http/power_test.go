package http_test

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store/storetest"
)

// powerFixture is what an admin without admin power must not reach: a stranger's private pool with an
// invitation, a draft pool and a pool an admin hid, next to an open public pool.
type powerFixture struct {
	private, invitation, draft, hidden, public int64
	// secrets are strings that only the private pool's creator, or an admin route, may show: the invite
	// code, the invitation's own code, the invited address, the creator's address, the pool's name.
	secrets []string
}

// makePowerFixture creates the fixture through the API (the creator a registered player) and the store.
func makePowerFixture(t *testing.T, s *apiServer) powerFixture {
	t.Helper()
	ctx := context.Background()
	g, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
	s.activate(t, pools[0], pools[3])
	if _, err := s.db.SetPoolStatus(ctx, pools[3].ID, squares.PoolInactive); err != nil {
		t.Fatal(err)
	}
	creator, cu := s.register(t, "1990-01-01", "NY")
	created := creator.post("/api/pools/private", map[string]any{"gameId": g.ID, "name": "Secret Office Pool",
		"entryFee": "0.00", "maxSquaresPerPlayer": 5, "inviteEmails": []string{"invitee-secret@example.com"}}).
		want(http.StatusCreated).obj()
	inv := created["invitations"].([]any)[0].(map[string]any)
	mail, err := s.db.ListMail(ctx, "", 100)
	if err != nil {
		t.Fatal(err)
	}
	code := ""
	for _, m := range mail {
		if m.To == "invitee-secret@example.com" && m.Kind == squares.MailInvitation {
			code = m.Data["code"]
		}
	}
	f := powerFixture{private: num(t, created["pool"].(map[string]any)["id"]), invitation: num(t, inv["id"]),
		draft: pools[2].ID, hidden: pools[3].ID, public: pools[0].ID}
	f.secrets = []string{created["inviteCode"].(string), code, "invitee-secret@example.com", cu["email"].(string), "Secret Office Pool"}
	if slices.Contains(f.secrets, "") {
		t.Fatalf("fixture secrets %q", f.secrets)
	}
	return f
}

// poolIDs are the ids of a list of pools.
func poolIDs(t *testing.T, l []map[string]any) []int64 {
	t.Helper()
	var ids []int64
	for _, p := range l {
		ids = append(ids, num(t, p["id"]))
	}
	slices.Sort(ids)
	return ids
}

// powerBodies are bodies of player calls that get past validation to the pool they name (%d: the pool).
var powerBodies = map[string]string{
	"POST /api/test-score-calculation":     `{"homeScore":7,"awayScore":3,"poolId":%d}`,
	"POST /api/create-escrow-payment":      `{"amount":"5.00","poolId":%d,"squares":[{"row":0,"column":0}]}`,
	"POST /api/purchase-squares":           `{"amount":"5.00","poolId":%d,"squares":[{"row":0,"column":0}]}`,
	"POST /api/pools/{id}/squares":         `{"row":0,"column":0}`,
	"POST /api/test/create-escrow-payment": `{"amount":"5.00","poolId":%d,"squares":[{"row":0,"column":0}]}`,
}

// checkNoAdminPower walks every route of the route table with c, a signed-in admin whose session has not
// passed the second factor, once with every path id the private pool's (its invitation for
// {invitationId}) and once the draft pool's: admin routes answer 403 two_factor_required but the set-up's;
// no other route answers with anything the private pool's creator alone may see, nor a pool a player may
// not see, nor changes the invitation. GET /api/pools answers as to the stranger, a player; the websocket
// refuses the private, draft and hidden pools as it does the stranger.
func checkNoAdminPower(t *testing.T, s *apiServer, c, stranger *apiClient, f powerFixture) {
	t.Helper()
	ctx := context.Background()
	mailBefore, _ := s.db.ListMail(ctx, "", 500)
	for _, target := range []int64{f.private, f.draft, f.hidden} {
		for _, r := range s.Routes() {
			method, key := cmp.Or(r.Method, "GET"), cmp.Or(r.Method, "GET")+" "+r.Pattern
			if r.Pattern == "/" || r.Pattern == "/api/" || strings.Contains(r.Pattern, "logout") || r.Pattern == "/dev/mail" ||
				r.Pattern == "/ws" {
				// The web app, unknown calls, signing out (which would end the session walked), development
				// mode's outbox page, which shows every mail to anyone by design, and the websocket, walked below.
				continue
			}
			path := strings.NewReplacer("{id}", fmt.Sprint(target), "{invitationId}", fmt.Sprint(f.invitation)).Replace(r.Pattern)
			path = pathValues.ReplaceAllString(path, "1")
			body := `{}`
			if b, ok := powerBodies[key]; ok {
				body = b
				if strings.Contains(b, "%d") {
					body = fmt.Sprintf(b, target)
				}
			}
			resp := c.do(method, path, body)
			exempt := strings.HasPrefix(r.Pattern, "/api/admin/2fa")
			switch {
			case resp.Status >= 500:
				t.Errorf("%s %s: %d %s", method, path, resp.Status, resp.Body)
			case r.Access.Level() == squareshttp.AccessAdmin && !exempt:
				resp.wantError(http.StatusForbidden, "two_factor_required", "")
			case r.Access.Level() == squareshttp.AccessAdmin && (resp.Status == http.StatusForbidden || resp.Status == http.StatusUnauthorized):
				t.Errorf("set-up route %s %s: %d %s", method, path, resp.Status, resp.Body)
			}
			for _, secret := range f.secrets {
				if strings.Contains(string(resp.Body), secret) {
					t.Errorf("%s %s shows %q: %s", method, path, secret, resp.Body)
				}
			}
			if method == "GET" && strings.HasPrefix(r.Pattern, "/api/pools/{id}") && resp.Status != http.StatusNotFound {
				t.Errorf("%s %s (pool %d) = %d %s, want 404 as for a player", method, path, target, resp.Status, resp.Body)
			}
		}
	}
	if got, want := poolIDs(t, c.get("/api/pools").want(http.StatusOK).list()), poolIDs(t, stranger.get("/api/pools").want(http.StatusOK).list()); !slices.Equal(got, want) {
		t.Errorf("GET /api/pools = %v, a player's %v", got, want)
	}
	// Nothing was resent, nor revoked.
	if mailAfter, _ := s.db.ListMail(ctx, "", 500); len(mailAfter) != len(mailBefore) {
		t.Errorf("%d mails queued by the walk", len(mailAfter)-len(mailBefore))
	}
	ms, err := s.db.ListMembers(ctx, f.private)
	if err != nil || len(ms) != 1 {
		t.Fatalf("members %v, %v", ms, err)
	}
	creator, err := s.db.FindUserByID(ctx, ms[0].UserID)
	if err != nil {
		t.Fatal(err)
	}
	invs, err := s.db.ListInvitations(ctx, creator, f.private)
	if err != nil || len(invs) != 1 || invs[0].Status != squares.InvitationPending || invs[0].SentCount != 1 {
		t.Fatalf("invitation after the walk: %+v, %v", invs, err)
	}

	// The websocket: the pools a player may not see are refused, as to a stranger; an open one is not.
	ws := dialWith(t, s.URL(), c)
	for _, id := range []int64{f.private, f.draft, f.hidden} {
		sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": id})
		if m := readAnswer(t, ws); m["type"] != "error" || m["message"] != "Pool not found." {
			t.Errorf("subscribe to pool %d: %v", id, m)
		}
	}
	sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": f.public})
	readUntil(t, ws, "subscribed")
}

// startLiveAPI starts a server with live updates (startLive) on a fresh database of the engine, for the
// API tests' helpers; configure, if not nil, changes its configuration.
func startLiveAPI(t *testing.T, engine string, configure func(*squareshttp.Config)) *apiServer {
	t.Helper()
	var opts []func(*squareshttp.Config)
	if configure != nil {
		opts = append(opts, configure)
	}
	live := startLive(t, storetest.URL(t, engine), opts...)
	return &apiServer{Server: live.Server, db: live.db}
}

// readAnswer reads the answer to a subscription: "subscribed" or "error".
func readAnswer(t *testing.T, ws *websocket.Conn) map[string]any {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for an answer: %v", err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("bad frame %s: %v", data, err)
		}
		if m["type"] == "error" || m["type"] == "subscribed" {
			return m
		}
	}
}

// dialWith opens a websocket with the client's session cookie.
func dialWith(t *testing.T, baseURL string, c *apiClient) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h := http.Header{}
	if tok := c.token(); tok != "" {
		h.Set("Cookie", "squares_session="+tok)
	}
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(baseURL, "http")+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	return ws
}

// TestAdminWithoutSecondFactorHasNoPower: with SQUARES_ADMIN_2FA=1, an admin signed in with the password
// only (twoFactorSetupRequired) has no admin power on any route of the table nor on the websocket: admin
// routes answer 403 two_factor_required but the set-up's, and player routes answer as to a player who is
// no member of the private pool. Once the second factor is set up, in the same session, the powers come.
func TestAdminWithoutSecondFactorHasNoPower(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startLiveAPI(t, engine, func(c *squareshttp.Config) { c.AdminTwoFactor = true })
		clock := s.useClock()
		f := makePowerFixture(t, s)
		stranger, _ := s.register(t, "1990-01-01", "NY")
		half := s.admin(t) // the password only
		if st := half.get("/api/admin/2fa").want(http.StatusOK).obj(); st["required"] != true || st["enabled"] != false {
			t.Fatalf("two-factor status = %v", st)
		}
		if u := half.get("/api/auth/user").want(http.StatusOK).obj(); u["role"] != "admin" {
			t.Fatalf("the admin's own account = %v", u)
		}
		checkNoAdminPower(t, s, half, stranger, f)

		// The second factor set up in this very session gives it the admin's powers.
		enrol(t, half, clock)
		half.get("/api/admin/stats").want(http.StatusOK)
		if ids := poolIDs(t, half.get("/api/pools").want(http.StatusOK).list()); !slices.Contains(ids, f.draft) {
			t.Errorf("an admin with the second factor lists %v, without the draft %d", ids, f.draft)
		}
	})
}

// TestAdminWithSecondFactorOnButNotPassedHasNoPower: on a server that does not require it, an admin who
// turned two-factor sign-in on has no admin power in a session that did not pass it. Such a session is a
// player's session of theirs that an admin made an admin's again (a demoted admin keeps the set-up).
func TestAdminWithSecondFactorOnButNotPassedHasNoPower(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startLiveAPI(t, engine, nil)
		clock := s.useClock()
		f := makePowerFixture(t, s)
		stranger, _ := s.register(t, "1990-01-01", "NY")
		boss := s.admin(t) // no second factor on a server that does not require one: every power
		p, u := s.register(t, "1990-01-01", "NY")
		promote := func(role string) {
			boss.post("/api/admin/users/"+u["id"].(string)+"/update", map[string]string{"role": role}).want(http.StatusOK)
		}
		promote("admin")
		turnOnSecondFactor(t, p, clock) // in a session that thereby passed it
		p.get("/api/admin/stats").want(http.StatusOK)
		promote("user") // every session ends
		p.get("/api/auth/user").want(http.StatusUnauthorized)
		p.post("/api/auth/login", map[string]string{"email": u["email"].(string), "password": "correct-horse"}).want(http.StatusOK)
		promote("admin") // the player's session, which never passed the second factor, is an admin's again
		if me := p.get("/api/auth/user").want(http.StatusOK).obj(); me["role"] != "admin" {
			t.Fatalf("promoted account = %v", me)
		}
		checkNoAdminPower(t, s, p, stranger, f)
	})
}

// turnOnSecondFactor sets up and turns on two-factor sign-in for the signed-in admin.
func turnOnSecondFactor(t *testing.T, c *apiClient, clock *storetest.Clock) {
	t.Helper()
	secret, _ := c.post("/api/admin/2fa/setup", struct{}{}).want(http.StatusOK).obj()["secret"].(string)
	c.post("/api/admin/2fa/enable", map[string]string{"code": code(t, secret, clock.Now())}).want(http.StatusOK)
}

// TestAdminPrivatePoolInvitationsAudited: an admin with every power is a stranger to a private pool on
// the player routes (not listed, 404 for the pool and its invitations, no invite code anywhere), and
// reads and changes its invitations through the admin routes, each call recorded in the audit log with
// the pool and its creator; the creator's own calls are not admin actions.
func TestAdminPrivatePoolInvitationsAudited(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		clock := s.useClock()
		f := makePowerFixture(t, s)
		admin := s.admin(t)
		audited := func(action string) []map[string]any {
			t.Helper()
			var page struct {
				Entries []map[string]any `json:"entries"`
			}
			admin.get("/api/admin/audit?action=" + action).want(http.StatusOK).decode(&page)
			return page.Entries
		}

		pools := admin.get("/api/pools").want(http.StatusOK)
		if ids := poolIDs(t, pools.list()); slices.Contains(ids, f.private) || !slices.Contains(ids, f.draft) {
			t.Errorf("an admin's GET /api/pools = %v: the private pool %d listed, or the draft %d not", ids, f.private, f.draft)
		}
		base := fmt.Sprintf("/api/pools/%d", f.private)
		for _, p := range []string{base, base + "/squares", base + "/winners", base + "/invitations"} {
			admin.get(p).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		}
		admin.post(fmt.Sprintf("%s/invitations/%d/resend", base, f.invitation), nil).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		admin.do("DELETE", fmt.Sprintf("%s/invitations/%d", base, f.invitation), nil).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		listedByAdmin := admin.get("/api/admin/pools").want(http.StatusOK)
		if !slices.Contains(poolIDs(t, listedByAdmin.list()), f.private) {
			t.Error("the admin routes leave the private pool out")
		}
		for _, body := range [][]byte{pools.Body, listedByAdmin.Body} {
			if strings.Contains(string(body), f.secrets[0]) {
				t.Errorf("a pool list shows the invite code: %s", body)
			}
		}
		if n := len(audited("pool.invitations.view")) + len(audited("pool.invitation.resend")) + len(audited("pool.invitation.revoke")); n != 0 {
			t.Fatalf("%d audit entries before any admin call on invitations", n)
		}

		// The admin routes.
		adminBase := fmt.Sprintf("/api/admin/pools/%d/invitations", f.private)
		view := admin.get(adminBase).want(http.StatusOK).obj()
		invs, members := view["invitations"].([]any), view["members"].([]any)
		if view["inviteCode"] != f.secrets[0] || len(invs) != 1 || invs[0].(map[string]any)["email"] != "invitee-secret@example.com" ||
			len(members) != 1 || members[0].(map[string]any)["isCreator"] != true {
			t.Fatalf("admin's view = %v", view)
		}
		creatorID := num(t, members[0].(map[string]any)["userId"])
		viewed := audited("pool.invitations.view")
		if len(viewed) != 1 || num(t, viewed[0]["poolId"]) != f.private || num(t, viewed[0]["userId"]) != creatorID ||
			viewed[0]["adminName"] == "" || viewed[0]["targetType"] != "pool" {
			t.Fatalf("audit of the read = %v", viewed)
		}
		admin.get(fmt.Sprintf("/api/admin/pools/%d/invitations", f.public)).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "This pool is public: it has no invitations.")
		admin.get("/api/admin/pools/99999/invitations").wantError(http.StatusNotFound, "not_found", "")

		resend := fmt.Sprintf("%s/%d/resend", adminBase, f.invitation)
		admin.post(resend, nil).wantError(http.StatusTooManyRequests, "too_many_requests", "This invitation was sent less than a minute ago.")
		if n := len(audited("pool.invitation.resend")); n != 0 {
			t.Fatalf("a refused resend was recorded %d times", n)
		}
		clock.Add(2 * time.Minute)
		if r := admin.post(resend, nil).want(http.StatusOK).obj(); r["sentCount"] != 2.0 {
			t.Fatalf("resent = %v", r)
		}
		if e := audited("pool.invitation.resend"); len(e) != 1 || num(t, e[0]["poolId"]) != f.private || e[0]["targetType"] != "invitation" ||
			e[0]["targetId"] != fmt.Sprint(f.invitation) || !strings.Contains(string(mustMarshal(t, e[0]["after"])), `"sentCount":2`) {
			t.Fatalf("audit of the resend = %v", e)
		}
		if r := admin.do("DELETE", fmt.Sprintf("%s/%d", adminBase, f.invitation), nil).want(http.StatusOK).obj(); r["status"] != "revoked" {
			t.Fatalf("revoked = %v", r)
		}
		if e := audited("pool.invitation.revoke"); len(e) != 1 || num(t, e[0]["userId"]) != creatorID ||
			!strings.Contains(string(mustMarshal(t, e[0]["before"])), `"status":"pending"`) {
			t.Fatalf("audit of the revocation = %v", e)
		}
		admin.do("DELETE", fmt.Sprintf("%s/99999", adminBase), nil).wantError(http.StatusNotFound, "not_found", "")
	})
}

// mustMarshal encodes v as JSON.
func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHiddenPoolOwnerSeesItLive: one rule decides who may see a pool, on every way to it. A player who
// owns squares in a pool an admin hid opens it, its squares and winners, and watches it live over a real
// websocket (a score reaches them); a player who owns none gets 404 and a refused subscription. A private
// pool's members see it and watch it; a signed-in stranger gets neither.
func TestHiddenPoolOwnerSeesItLive(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startLiveAPI(t, engine, nil)
		ctx := context.Background()
		p := openFreePool(t, s.db)
		owner, _ := s.register(t, "1990-01-01", "NY")
		other, _ := s.register(t, "1990-01-01", "NY")
		owner.post(fmt.Sprintf("/api/pools/%d/squares", p.ID), map[string]int{"row": 4, "column": 2}).want(http.StatusCreated)
		if _, err := s.db.SetPoolStatus(ctx, p.ID, squares.PoolInactive); err != nil {
			t.Fatal(err)
		}
		base := fmt.Sprintf("/api/pools/%d", p.ID)
		if got := owner.get(base).want(http.StatusOK).obj(); got["status"] != "inactive" || got["userSquareCount"] != 1.0 {
			t.Fatalf("the owner's hidden pool = %v", got)
		}
		owner.get(base + "/squares").want(http.StatusOK)
		owner.get(base + "/winners").want(http.StatusOK)
		for _, path := range []string{base, base + "/squares", base + "/winners"} {
			other.get(path).wantError(http.StatusNotFound, "not_found", "Pool not found.")
			s.client(t).get(path).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		}

		// A private pool of the same game, made while it is still upcoming (below).
		created := owner.post("/api/pools/private", map[string]any{"gameId": p.GameID, "name": "Friends", "entryFee": "0.00",
			"maxSquaresPerPlayer": 5}).want(http.StatusCreated).obj()
		priv := num(t, created["pool"].(map[string]any)["id"])

		mine, theirs := dialWith(t, s.URL(), owner), dialWith(t, s.URL(), other)
		sendWS(t, mine, map[string]any{"type": "subscribe", "poolId": p.ID})
		if m := readAnswer(t, mine); m["type"] != "subscribed" {
			t.Fatalf("the owner's subscription to the hidden pool = %v", m)
		}
		sendWS(t, theirs, map[string]any{"type": "subscribe", "poolId": p.ID})
		if m := readAnswer(t, theirs); m["type"] != "error" || m["message"] != "Pool not found." {
			t.Fatalf("a player without squares subscribing to the hidden pool = %v", m)
		}
		if _, err := s.db.ApplyScore(ctx, p.GameID, squares.ScoreUpdate{HomeScore: 7, AwayScore: 3, Quarter: 1, Status: "1q"}); err != nil {
			t.Fatal(err)
		}
		pu := readMatching(t, mine, "poolUpdate", func(m map[string]any) bool { return m["gameUpdate"] != nil })
		if pu["poolId"] != float64(p.ID) || pu["gameUpdate"].(map[string]any)["homeScore"] != 7.0 {
			t.Fatalf("the owner's live update = %v", pu)
		}

		// The private pool: its creator watches it; a signed-in stranger neither opens nor watches it.
		owner.get(fmt.Sprintf("/api/pools/%d", priv)).want(http.StatusOK)
		other.get(fmt.Sprintf("/api/pools/%d", priv)).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		sendWS(t, mine, map[string]any{"type": "subscribe", "poolId": priv})
		if m := readAnswer(t, mine); m["type"] != "subscribed" {
			t.Fatalf("the creator's subscription = %v", m)
		}
		sendWS(t, theirs, map[string]any{"type": "subscribe", "poolId": priv})
		if m := readAnswer(t, theirs); m["type"] != "error" || m["message"] != "Pool not found." {
			t.Fatalf("a stranger's subscription to the private pool = %v", m)
		}
	})
}

// TestAdminSocketFollowsItsPowers: an admin's open websocket holds the powers its session had when it
// opened; when they go (two-factor sign-in turned off on a server that requires it), the socket closes
// and the reconnected one is refused what a player may not watch.
func TestAdminSocketFollowsItsPowers(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startLiveAPI(t, engine, func(c *squareshttp.Config) { c.AdminTwoFactor = true })
		clock := s.useClock()
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		draft := pools[2].ID
		admin := s.admin(t)
		secret, _ := enrol(t, admin, clock)
		ws := dialWith(t, s.URL(), admin)
		sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": draft})
		if m := readAnswer(t, ws); m["type"] != "subscribed" {
			t.Fatalf("an admin with every power subscribing to a draft = %v", m)
		}
		clock.Add(30 * time.Second)
		admin.post("/api/admin/2fa/disable", map[string]string{"code": code(t, secret, clock.Now())}).want(http.StatusOK)
		admin.get("/api/admin/stats").wantError(http.StatusForbidden, "two_factor_required", "")
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for {
			if _, _, err := ws.Read(ctx); err != nil {
				var ce websocket.CloseError
				if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || ce.Reason != "session ended" {
					t.Fatalf("the socket ended with %v, want a close with policy violation, session ended", err)
				}
				break
			}
		}
		again := dialWith(t, s.URL(), admin)
		sendWS(t, again, map[string]any{"type": "subscribe", "poolId": draft})
		if m := readAnswer(t, again); m["type"] != "error" || m["message"] != "Pool not found." {
			t.Fatalf("the reconnected socket subscribing to a draft = %v", m)
		}
	})
}
