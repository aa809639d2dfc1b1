package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store/storetest"
)

// Issue 19, items 2 and 5: private pools and their invitations are neither a spam relay nor a way around
// the paid-play rules.

// privateDefaults sets the limits on private pools that cmd/squares sets by default: 10 pools and 100
// invitations a player a day, $100 a square.
func privateDefaults(c *squareshttp.Config) {
	c.PrivatePoolLimit, c.InviteLimit, c.PrivateMaxFee = 10, 100, 10_000
}

// playerWith creates a player in the store, changed by change first, and a client signed in as them.
func (s *payAPI) playerWith(t *testing.T, change func(u *squares.User)) (*apiClient, *squares.User) {
	t.Helper()
	seq := emailCounter.Add(1)
	u := &squares.User{Email: fmt.Sprintf("player%d@example.com", seq), PasswordHash: "not-a-hash",
		FirstName: "Pat", LastName: fmt.Sprint(seq), Role: squares.RoleUser, DateOfBirth: "1990-01-01",
		ResidenceState: "NY", ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
	change(u)
	if err := s.db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return s.clientAs(t, strconv.FormatInt(u.ID, 10)), u
}

// unverified signs a player in who never verified their age (registered without a date of birth).
func (s *payAPI) unverified(t *testing.T) (*apiClient, *squares.User) {
	t.Helper()
	return s.playerWith(t, func(u *squares.User) {
		u.DateOfBirth, u.ResidenceState, u.ResidenceCountry, u.IsAgeVerified, u.IsEligibleToBet = "", "", "", false, false
	})
}

func (s *payAPI) mailCount(t *testing.T) int {
	t.Helper()
	all, err := s.db.ListMail(context.Background(), "", 100_000)
	if err != nil {
		t.Fatal(err)
	}
	return len(all)
}

func addresses(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d@example.com", prefix, i)
	}
	return out
}

// privateBody is a private pool to create on a game: its entry fee, then invited addresses.
func privateBody(gameID int64, fee string, emails ...string) map[string]any {
	if emails == nil {
		emails = []string{}
	}
	return map[string]any{"gameId": gameID, "name": "Office pool", "entryFee": fee, "maxSquaresPerPlayer": 10,
		"inviteEmails": emails}
}

// wantRetryAfter checks a 429's Retry-After: whole seconds, as given.
func (r *apiResponse) wantRetryAfter(seconds int) {
	r.t.Helper()
	if got := r.Header.Get("Retry-After"); got != strconv.Itoa(seconds) {
		r.t.Fatalf("%s: Retry-After = %q, want %d", r.what, got, seconds)
	}
}

// TestPrivatePoolsFollowThePaidPlayRules (item 5, and item 2's "only age-verified players"): a player who
// never verified their age creates no private pool, free or paid; a player in a restricted state creates
// no paid one, but may create a free one; a host's fee is capped at SQUARES_PRIVATE_MAX_FEE; each refusal is
// a 422 with its reason that creates nothing and queues no e-mail. Joining a paid pool needs what paying
// needs, joining a free one age verification; and a member who may no longer play paid pools cannot pay
// into one (the checkout asks again).
func TestPrivatePoolsFollowThePaidPlayRules(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{configure: privateDefaults})
		gameID := s.paidGame(t)[0].GameID
		const path, join = "/api/pools/private", "/api/pools/join"
		unverified, _ := s.unverified(t)
		utah, _ := s.storePlayerIn(t, squares.RoleUser, "1990-01-01", "UT")
		host, _ := s.storePlayer(t, squares.RoleUser)

		if cfg := s.client(t).get("/api/config").want(http.StatusOK).obj(); cfg["privateMaxFee"] != "100.00" {
			t.Fatalf("the web app is not told the cap: %v", cfg)
		}
		before := s.counts(t)
		for _, fee := range []string{"0", "1000.00"} {
			unverified.post(path, privateBody(gameID, fee, "friend@example.com")).wantError(http.StatusUnprocessableEntity,
				"unprocessable", "Please verify your age before creating a private pool.")
		}
		utah.post(path, privateBody(gameID, "50.00", "friend@example.com")).wantError(http.StatusUnprocessableEntity,
			"unprocessable", "Paid pools are not available in Utah. You can create a free pool (entry fee 0) instead.")
		const overCap = "Entry fee cannot exceed $100 a square."
		for _, fee := range []string{"100.01", "1000.00"} {
			host.post(path, privateBody(gameID, fee, "friend@example.com")).wantError(http.StatusUnprocessableEntity,
				"unprocessable", overCap, "entryFee", overCap)
		}
		if after := s.counts(t); after != before {
			t.Fatalf("refusals changed something: %s, then %s", before, after)
		}

		// Within the rules: a free pool from Utah, a $100 one from an eligible player.
		free := utah.post(path, privateBody(gameID, "0")).want(http.StatusCreated).obj()
		paid := host.post(path, privateBody(gameID, "100.00")).want(http.StatusCreated).obj()
		freeCode, paidCode := free["inviteCode"], paid["inviteCode"]
		paidID := paid["pool"].(map[string]any)["id"]

		unverified.post(join, map[string]any{"inviteCode": paidCode}).wantError(http.StatusUnprocessableEntity,
			"unprocessable", "Please verify your age before joining a private pool.")
		unverified.post(join, map[string]any{"inviteCode": freeCode}).wantError(http.StatusUnprocessableEntity,
			"unprocessable", "Please verify your age before joining a private pool.")
		utah.post(join, map[string]any{"inviteCode": paidCode}).wantError(http.StatusUnprocessableEntity,
			"unprocessable", "Paid pools are not available in Utah.")
		unverified.get(fmt.Sprintf("/api/pools/%v", paidID)).want(http.StatusNotFound)
		host.post(join, map[string]any{"inviteCode": freeCode}).want(http.StatusOK)

		// A member who moves to a restricted state stays a member but cannot pay into the pool.
		friend, friendUser := s.storePlayer(t, squares.RoleUser)
		friend.post(join, map[string]any{"inviteCode": paidCode}).want(http.StatusOK)
		s.admin(t).post(fmt.Sprintf("/api/admin/users/%d/update", friendUser.ID), map[string]any{"residenceState": "UT"}).
			want(http.StatusOK)
		friend.post("/api/create-escrow-payment", checkoutBody(paidID, "100.00", at(0, 0))).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "Paid pools are not available in Utah.")
	})
}

// TestPrivatePoolDailyLimits (item 2): a player sends at most SQUARES_INVITE_LIMIT invitation e-mails in any
// 24 hours, those of a pool's creation and resends alike, and creates at most SQUARES_PRIVATE_POOL_LIMIT
// private pools; past either, 429 with Retry-After (seconds until the oldest leaves the 24 hours), and
// nothing is created or queued. An unverified player sends no invitation again either.
func TestPrivatePoolDailyLimits(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{configure: privateDefaults})
		gameID := s.paidGame(t)[0].GameID
		const path = "/api/pools/private"
		host, hostUser := s.storePlayer(t, squares.RoleUser)

		// 100 invitations an hour apart, in two pools of 50.
		first := host.post(path, privateBody(gameID, "5", addresses("a", 50)...)).want(http.StatusCreated).obj()
		s.clock.Add(time.Hour)
		host.post(path, privateBody(gameID, "5", addresses("b", 50)...)).want(http.StatusCreated)
		s.clock.Add(time.Hour)
		before, mails := s.counts(t), s.mailCount(t)
		if mails != 100 {
			t.Fatalf("%d mails queued, want 100", mails)
		}
		r := host.post(path, privateBody(gameID, "5", "c0@example.com"))
		r.wantError(http.StatusTooManyRequests, "too_many_requests", "")
		r.wantRetryAfter(22 * 3600) // the first 50 leave the 24 hours 22 hours from now
		inv := first["invitations"].([]any)[0].(map[string]any)["id"]
		resend := fmt.Sprintf("/api/pools/%v/invitations/%v/resend", first["pool"].(map[string]any)["id"], inv)
		r = host.post(resend, nil)
		r.wantError(http.StatusTooManyRequests, "too_many_requests", "")
		r.wantRetryAfter(22 * 3600)
		if after := s.counts(t); after != before || s.mailCount(t) != 100 {
			t.Fatalf("refusals changed something: %s, then %s", before, after)
		}
		// A pool without invitations is still allowed: the third of ten.
		host.post(path, privateBody(gameID, "5")).want(http.StatusCreated)

		// A day after the first 50, there is room for 50 again; a resend takes one of them.
		s.clock.Set(payT0.Add(24*time.Hour + time.Second))
		host = s.clientAs(t, strconv.FormatInt(hostUser.ID, 10)) // the old session is a day old
		host.post(resend, nil).want(http.StatusOK)
		host.post(path, privateBody(gameID, "5", addresses("d", 50)...)).wantError(http.StatusTooManyRequests, "too_many_requests", "")
		host.post(path, privateBody(gameID, "5", addresses("d", 49)...)).want(http.StatusCreated)
		if n := s.mailCount(t); n != 150 {
			t.Fatalf("%d mails queued, want 150", n)
		}

		// Ten private pools a day.
		other, _ := s.storePlayer(t, squares.RoleUser)
		for range 10 {
			other.post(path, privateBody(gameID, "0")).want(http.StatusCreated)
		}
		before = s.counts(t)
		r = other.post(path, privateBody(gameID, "0"))
		r.wantError(http.StatusTooManyRequests, "too_many_requests", "")
		r.wantRetryAfter(24 * 3600)
		if after := s.counts(t); after != before {
			t.Fatalf("the 11th pool changed something: %s, then %s", before, after)
		}

		// More addresses at once than a whole day allows is no reason to wait: 422.
		small := startPayAPI(t, engine, payOptions{configure: func(c *squareshttp.Config) { c.InviteLimit = 20 }})
		c, _ := small.storePlayer(t, squares.RoleUser)
		c.post(path, privateBody(small.paidGame(t)[0].GameID, "5", addresses("e", 21)...)).wantError(
			http.StatusUnprocessableEntity, "unprocessable", "", "inviteEmails", "You can send at most 20 invitations a day.")

		// An unverified host sends nothing again: the admin took their verification away.
		s.clock.Add(2 * time.Minute)
		s.admin(t).post(fmt.Sprintf("/api/admin/users/%d/update", hostUser.ID), map[string]any{"isAgeVerified": false}).
			want(http.StatusOK)
		inv2 := first["invitations"].([]any)[1].(map[string]any)["id"]
		host.post(fmt.Sprintf("/api/pools/%v/invitations/%v/resend", first["pool"].(map[string]any)["id"], inv2), nil).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "Please verify your age before sending invitations.")
	})
}

// postRaw posts JSON with the client's session from any goroutine, and returns the status (0 on a
// transport error).
func (c *apiClient) postRaw(path string, body any) int {
	b, _ := json.Marshal(body)
	req, err := http.NewRequest("POST", c.base+path, bytes.NewReader(b))
	if err != nil {
		return 0
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestPrivatePoolLimitsUnderConcurrency (item 2): creations that arrive at once never pass a limit's last
// slot together, on either engine: 8 at once against a limit of 3 pools make 3; 8 at once with 4
// invitations each against a limit of 10 invitations make 2 pools and 8 e-mails.
func TestPrivatePoolLimitsUnderConcurrency(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{configure: func(c *squareshttp.Config) { c.PrivatePoolLimit, c.InviteLimit = 3, 10 }})
		gameID := s.paidGame(t)[0].GameID
		race := func(c *apiClient, body map[string]any) map[int]int {
			var mu sync.Mutex
			var wg sync.WaitGroup
			got := map[int]int{}
			for range 8 {
				wg.Go(func() {
					status := c.postRaw("/api/pools/private", body)
					mu.Lock()
					got[status]++
					mu.Unlock()
				})
			}
			wg.Wait()
			return got
		}
		a, aUser := s.storePlayer(t, squares.RoleUser)
		if got := race(a, privateBody(gameID, "0")); got[http.StatusCreated] != 3 || got[http.StatusTooManyRequests] != 5 {
			t.Fatalf("8 pools at once against a limit of 3: %v", got)
		}
		b, bUser := s.storePlayer(t, squares.RoleUser)
		if got := race(b, privateBody(gameID, "0", addresses("x", 4)...)); got[http.StatusCreated] != 2 || got[http.StatusTooManyRequests] != 6 {
			t.Fatalf("8 pools of 4 invitations at once against a limit of 10: %v", got)
		}
		ctx := context.Background()
		for u, want := range map[*squares.User]int{aUser: 3, bUser: 2} {
			mine, err := s.db.ListPools(ctx, squares.PoolFilter{Viewer: u.ID, OwnedBy: u.ID})
			if err != nil || len(mine) != want {
				t.Fatalf("player %d has %d pools (%v), want %d", u.ID, len(mine), err, want)
			}
		}
		if n := s.mailCount(t); n != 8 {
			t.Fatalf("%d mails queued, want 8", n)
		}
	})
}

// TestJoinThrottledPerAddress (item 2): codes are guessable in principle, so wrong and revoked codes count
// per address as sign-in failures do: 20 in 15 minutes, then 429 with Retry-After for every player from
// that address, a right code included; the window passing lets them in again. Joins that succeed do not
// count (a member opening their link again), nor does an empty code.
func TestJoinThrottledPerAddress(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{configure: privateDefaults})
		gameID := s.paidGame(t)[0].GameID
		const join = "/api/pools/join"
		host, _ := s.storePlayer(t, squares.RoleUser)
		code := host.post("/api/pools/private", privateBody(gameID, "0")).want(http.StatusCreated).obj()["inviteCode"]
		friend, _ := s.storePlayer(t, squares.RoleUser)
		for range 30 {
			friend.post(join, map[string]any{"inviteCode": code}).want(http.StatusOK)
			friend.post(join, map[string]any{"inviteCode": " "}).want(http.StatusBadRequest)
		}

		guesser, _ := s.storePlayer(t, squares.RoleUser)
		for i := range 20 {
			guesser.post(join, map[string]any{"inviteCode": fmt.Sprintf("NOPE%04d", i)}).
				wantError(http.StatusNotFound, "not_found", "No pool has this invite code.")
			s.clock.Add(10 * time.Second)
		}
		for _, c := range []*apiClient{guesser, friend} {
			r := c.post(join, map[string]any{"inviteCode": code})
			r.wantError(http.StatusTooManyRequests, "too_many_requests", "Too many invite codes tried. Please wait a few minutes and try again.")
			r.wantRetryAfter(15*60 - 200) // the first guess leaves the 15 minutes 200 seconds after it was made
		}
		s.clock.Add(15 * time.Minute)
		guesser.post(join, map[string]any{"inviteCode": code}).want(http.StatusOK)
	})
}

// TestNamesAreOneLineOfText (item 2): a player's first and last names and a pool's name, private or an
// admin's, are one line of printable text: a control character, a line separator or a bidi override is a
// 400 naming the field, and nothing is created.
func TestNamesAreOneLineOfText(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{configure: privateDefaults})
		gameID := s.paidGame(t)[0].GameID
		const first, last, pool = "First name must be one line of printable text.", "Last name must be one line of printable text.",
			"Pool name must be one line of printable text."
		reg := func(firstName, lastName string) map[string]any {
			seq := emailCounter.Add(1)
			return map[string]any{"email": fmt.Sprintf("p%d@example.com", seq), "password": "correct-horse",
				"firstName": firstName, "lastName": lastName, "dateOfBirth": "1990-01-01", "residenceState": "NY"}
		}
		before := s.counts(t)
		for _, c := range []struct{ first, last, field, message string }{
			{"Dana\u202eelpmaxe.live", "Doe", "firstName", first},
			{"Dana\x00", "Doe", "firstName", first},
			{"Dana", "Doe\r\nBcc: everyone@example.com", "lastName", last},
			{"Dana", "Doe\u2028FREE $500", "lastName", last},
			{"Dana\u0085", "Doe", "firstName", first},
		} {
			wantNotOneLine(s.client(t).post("/api/auth/register", reg(c.first, c.last)), c.field, c.message)
		}
		host, _ := s.storePlayer(t, squares.RoleUser)
		for _, name := range []string{"FREE $500\nat evil.example", "FREE $500 at \u202eelpmaxe.live", "Pool\x7f", "Tab\tPool"} {
			b := privateBody(gameID, "0", "friend@example.com")
			b["name"] = name
			wantNotOneLine(host.post("/api/pools/private", b), "name", pool)
		}
		admin := s.admin(t)
		wantNotOneLine(admin.post("/api/simple-pools", map[string]any{"name": "Sunday\u2029Pool", "entryFee": "5.00", "gameId": gameID}),
			"name", pool)
		if after := s.counts(t); after != before {
			t.Fatalf("refusals changed something: %s, then %s", before, after)
		}
		s.client(t).post("/api/auth/register", reg("Zoë", "O'Brien-Łukasz 李")).want(http.StatusCreated)
	})
}

// wantNotOneLine checks the refusal of a name that is not one line of printable text: by the edge's text
// check (400 invalid_input naming the field) for what no field takes (control characters, a line break in a
// one-line field), else by the name's own rule (400 invalid with its message).
func wantNotOneLine(r *apiResponse, field, message string) {
	r.t.Helper()
	var e struct {
		Code string `json:"code"`
	}
	r.decode(&e)
	if e.Code == "invalid_input" {
		r.wantInvalidInput(field)
		return
	}
	r.wantError(http.StatusBadRequest, "invalid", message, field, message)
}
