package http_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// sessionFor creates a session for u in the store and returns its cookie header.
func sessionFor(t *testing.T, db *store.DB, u *squares.User) string {
	t.Helper()
	seq := emailCounter.Add(1)
	token := fmt.Sprintf("snapshot-test-token-%d-%d", u.ID, seq)
	sum := sha256.Sum256([]byte(token))
	if err := db.CreateSession(context.Background(), &store.Session{TokenHash: hex.EncodeToString(sum[:]), UserID: u.ID,
		ExpiresAt: time.Now().Add(24 * time.Hour)}, ""); err != nil {
		t.Fatal(err)
	}
	return "squares_session=" + token
}

// storeUser creates a verified, eligible player in the store.
func storeUser(t *testing.T, db *store.DB, first string) *squares.User {
	t.Helper()
	seq := emailCounter.Add(1)
	u := &squares.User{Email: fmt.Sprintf("snap%d@example.com", seq), PasswordHash: "not-a-hash",
		FirstName: first, LastName: "Lee", Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
		ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
	if err := db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

// read is one GET as a viewer (cookie "" for a visitor), with If-None-Match when etag is set.
type read struct {
	status int
	etag   string
	cache  string
	body   []byte
}

func getAs(t testing.TB, hc *http.Client, url, cookie, etag string) (read, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return read{}, err
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return read{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return read{status: resp.StatusCode, etag: resp.Header.Get("ETag"), cache: resp.Header.Get("Cache-Control"), body: b}, err
}

func mustGet(t *testing.T, base, path, cookie, etag string, want int) read {
	t.Helper()
	r, err := getAs(t, http.DefaultClient, base+path, cookie, etag)
	if err != nil {
		t.Fatal(err)
	}
	if r.status != want {
		t.Fatalf("GET %s (cookie %q, If-None-Match %q) = %d %s, want %d", path, cookie, etag, r.status, r.body, want)
	}
	return r
}

func poolField(t *testing.T, r read, name string) any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("pool %s: %v", r.body, err)
	}
	return m[name]
}

// A reader never gets a board older than a claim whose 201 it had received before sending its request:
// one client claims the squares of a pool in order through the API while readers read the pool and its
// squares, signed in and as visitors, keeping each answer's ETag and sending If-None-Match (a 304 stands
// for the body they kept), and every answer must hold every claim answered before it was asked for.
func TestBoardNeverOlderThanAnsweredClaim(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		srv := startLive(t, storetest.URL(t, engine))
		p := openFreePool(t, srv.db)
		const players, claims = 8, 40 // 5 squares each, the public limit
		cookies := make([]string, players)
		for i := range cookies {
			cookies[i] = sessionFor(t, srv.db, storeUser(t, srv.db, fmt.Sprint("p", i)))
		}
		base := fmt.Sprintf("%s/api/pools/%d", srv.URL(), p.ID)
		hc := &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 16}}

		var answered atomic.Int64 // claims answered 201, in cell order
		done := make(chan struct{})
		var stale, reads, notModified atomic.Int64
		var firstStale atomic.Value
		var wg sync.WaitGroup
		for w := range 6 {
			wg.Go(func() {
				kept := map[string]read{} // url + viewer -> last 200
				for i := 0; ; i++ {
					select {
					case <-done:
						return
					default:
					}
					viewer := (w + i) % (players + 1) // players, then a visitor
					cookie := ""
					if viewer < players {
						cookie = cookies[viewer]
					}
					url := base
					if i%2 == 1 {
						url += "/squares"
					}
					k := url + "|" + cookie
					before := answered.Load()
					r, err := getAs(t, hc, url, cookie, kept[k].etag)
					if err != nil {
						t.Error(err)
						return
					}
					reads.Add(1)
					switch r.status {
					case http.StatusNotModified:
						notModified.Add(1)
						r = kept[k]
					case http.StatusOK:
						kept[k] = r
					default:
						t.Errorf("GET %s = %d %s", url, r.status, r.body)
						return
					}
					if msg := boardLacks(r.body, i%2 == 1, before, viewer, players); msg != "" {
						stale.Add(1)
						firstStale.CompareAndSwap(nil, msg)
					}
				}
			})
		}
		for k := range claims {
			req, _ := http.NewRequest(http.MethodPost, base+"/squares",
				strings.NewReader(fmt.Sprintf(`{"row":%d,"column":%d}`, k/10, k%10)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Cookie", cookies[k/5])
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusCreated {
				t.Fatalf("claim %d = %d", k, resp.StatusCode)
			}
			answered.Store(int64(k + 1))
			time.Sleep(2 * time.Millisecond)
		}
		close(done)
		wg.Wait()
		t.Logf("%d reads, %d answered 304", reads.Load(), notModified.Load())
		if n := stale.Load(); n > 0 {
			t.Fatalf("%d of %d reads lacked a claim answered before they were sent; first: %v", n, reads.Load(), firstStale.Load())
		}
	})
}

// boardLacks says what a pool or squares answer lacks of the first n claims (cell k claimed by player
// k/5), or "" when it holds them all.
func boardLacks(body []byte, isSquares bool, n int64, viewer, players int) string {
	if isSquares {
		var list []struct{ Row, Column int }
		if err := json.Unmarshal(body, &list); err != nil {
			return err.Error()
		}
		have := map[int]bool{}
		for _, s := range list {
			have[s.Row*10+s.Column] = true
		}
		for k := range int(n) {
			if !have[k] {
				return fmt.Sprintf("squares lack cell %d of %d answered", k, n)
			}
		}
		return ""
	}
	var p struct {
		CurrentParticipants int `json:"currentParticipants"`
		UserSquareCount     int `json:"userSquareCount"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		return err.Error()
	}
	if p.CurrentParticipants < int(n) {
		return fmt.Sprintf("pool shows %d squares taken, %d answered", p.CurrentParticipants, n)
	}
	if viewer < players {
		if mine := min(max(int(n)-5*viewer, 0), 5); p.UserSquareCount < mine {
			return fmt.Sprintf("player %d sees %d squares of theirs, %d answered", viewer, p.UserSquareCount, mine)
		}
	} else if p.UserSquareCount != 0 {
		return fmt.Sprintf("a visitor sees userSquareCount %d", p.UserSquareCount)
	}
	return ""
}

// An unchanged board answers 304 to the ETag of the same viewer's body, and 200 with a new tag once a
// claim, a status change, a score or a schedule change alters it; viewers whose bodies differ get
// different tags.
func TestBoardETag(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		ctx := context.Background()
		g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprint("etag-", engine), Season: 2026, Week: "W12",
			HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: time.Now().Add(72 * time.Hour).Truncate(time.Second),
			Status: squares.GameScheduled}
		if _, _, err := s.db.UpsertGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		pools, err := s.db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		if err != nil {
			t.Fatal(err)
		}
		s.activate(t, pools[0])
		id := pools[0].ID
		ann, bob := storeUser(t, s.db, "Ann"), storeUser(t, s.db, "Bob")
		annC, bobC := sessionFor(t, s.db, ann), sessionFor(t, s.db, bob)
		if _, err := s.db.ClaimSquares(ctx, store.Claim{PoolID: id, User: ann, Cells: []squares.Cell{{Row: 0, Column: 0}, {Row: 0, Column: 1}}}); err != nil {
			t.Fatal(err)
		}
		pool, list := fmt.Sprintf("/api/pools/%d", id), fmt.Sprintf("/api/pools/%d/squares", id)

		a := mustGet(t, s.URL(), pool, annC, "", http.StatusOK)
		if a.etag == "" || a.cache != "private, no-cache" || poolField(t, a, "userSquareCount") != 2.0 {
			t.Fatalf("Ann's pool: ETag %q, Cache-Control %q, %s", a.etag, a.cache, a.body)
		}
		if r := mustGet(t, s.URL(), pool, annC, a.etag, http.StatusNotModified); len(r.body) != 0 || r.etag != a.etag {
			t.Errorf("304: body %q, ETag %q", r.body, r.etag)
		}
		mustGet(t, s.URL(), pool, annC, `"nope", W/`+a.etag, http.StatusNotModified)
		// Bob's body differs (userSquareCount): Ann's tag is not his.
		b := mustGet(t, s.URL(), pool, bobC, a.etag, http.StatusOK)
		if b.etag == a.etag || poolField(t, b, "userSquareCount") != 0.0 {
			t.Fatalf("Bob's pool: ETag %q (Ann's %q), %s", b.etag, a.etag, b.body)
		}
		// A visitor's body is Bob's byte for byte, and so is its tag.
		v := mustGet(t, s.URL(), pool, "", b.etag, http.StatusNotModified)
		if v.etag != b.etag {
			t.Errorf("visitor ETag %q, Bob's %q", v.etag, b.etag)
		}
		sq := mustGet(t, s.URL(), list, "", "", http.StatusOK)
		mustGet(t, s.URL(), list, bobC, sq.etag, http.StatusNotModified)

		// A claim through the API: both answers change at once.
		c := s.clientWithToken(t, strings.TrimPrefix(bobC, "squares_session="))
		c.post(list, map[string]int{"row": 5, "column": 5}).want(http.StatusCreated)
		b2 := mustGet(t, s.URL(), pool, bobC, b.etag, http.StatusOK)
		if b2.etag == b.etag || poolField(t, b2, "userSquareCount") != 1.0 || poolField(t, b2, "currentParticipants") != 3.0 {
			t.Errorf("after Bob's claim: ETag %q, %s", b2.etag, b2.body)
		}
		if r := mustGet(t, s.URL(), list, "", sq.etag, http.StatusOK); strings.Count(string(r.body), `"row"`) != 3 {
			t.Errorf("squares after the claim: %s", r.body)
		}

		// An admin hides the pool: the visitor is refused at once, Ann (who owns squares) still sees it.
		admin := s.admin(t)
		admin.do("PATCH", pool, map[string]string{"status": squares.PoolInactive}).want(http.StatusOK)
		mustGet(t, s.URL(), pool, "", "", http.StatusNotFound)
		mustGet(t, s.URL(), list, bobC, "", http.StatusOK) // Bob owns one
		if r := mustGet(t, s.URL(), pool, annC, a.etag, http.StatusOK); poolField(t, r, "status") != squares.PoolInactive {
			t.Errorf("Ann's pool after hiding: %s", r.body)
		}

		// A score (a game event) shows in the pool at once (the game going live decides the pool too).
		if _, err := s.db.ApplyScore(ctx, g.ID, squares.ScoreUpdate{HomeScore: 7, AwayScore: 3, Quarter: 1, Status: "live"}); err != nil {
			t.Fatal(err)
		}
		r := mustGet(t, s.URL(), pool, bobC, b2.etag, http.StatusOK)
		if game := poolField(t, r, "game").(map[string]any); game["homeScore"] != 7.0 || game["status"] != squares.GameLive {
			t.Errorf("pool's game after a score: %v", game)
		}
		// So does a schedule change (an import moving the kickoff).
		moved := *g
		moved.GameDate = g.GameDate.Add(time.Hour)
		if _, changed, err := s.db.UpsertGame(ctx, &moved); err != nil || !changed {
			t.Fatalf("move kickoff: %v, %v", changed, err)
		}
		r = mustGet(t, s.URL(), pool, bobC, r.etag, http.StatusOK)
		if game := poolField(t, r, "game").(map[string]any); game["gameDate"] != moved.GameDate.UTC().Format(time.RFC3339) {
			t.Errorf("pool's kickoff after a schedule change: %v, want %v", game["gameDate"], moved.GameDate.UTC())
		}

	})
}

// One snapshot serves every viewer their own fields: userSquareCount, the invite code to the creator only;
// strangers, admins and visitors get 404 for a private pool however warm its snapshot, and a stranger who
// joins sees it at once.
func TestBoardViewerFields(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		ctx := context.Background()
		g, _ := s.game(t, "W12", time.Now().Add(72*time.Hour))
		creator, member, stranger := storeUser(t, s.db, "Cara"), storeUser(t, s.db, "Mo"), storeUser(t, s.db, "Stan")
		pp, err := s.db.CreatePrivatePool(ctx, creator, squares.PrivatePoolInput{GameID: g.ID, Name: "Office pool",
			MaxSquaresPerPlayer: 10, PayoutSchedule: "25/25/25/25"}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		id, code := pp.Pool.ID, pp.Pool.InviteCode
		if _, err := s.db.JoinPool(ctx, member, code, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		for u, cells := range map[*squares.User][]squares.Cell{creator: {{Row: 1, Column: 1}, {Row: 1, Column: 2}}, member: {{Row: 3, Column: 3}}} {
			if _, err := s.db.ClaimSquares(ctx, store.Claim{PoolID: id, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
		}
		creatorC, memberC, strangerC := sessionFor(t, s.db, creator), sessionFor(t, s.db, member), sessionFor(t, s.db, stranger)
		admin := s.admin(t)
		pool, list := fmt.Sprintf("/api/pools/%d", id), fmt.Sprintf("/api/pools/%d/squares", id)

		c := mustGet(t, s.URL(), pool, creatorC, "", http.StatusOK)
		m := mustGet(t, s.URL(), pool, memberC, "", http.StatusOK)
		for _, v := range []struct {
			who    string
			r      read
			count  float64
			invite any
			cache  string
		}{
			{"creator", c, 2, code, "no-store"},
			{"member", m, 1, nil, "private, no-cache"},
		} {
			if got := poolField(t, v.r, "userSquareCount"); got != v.count {
				t.Errorf("%s's userSquareCount = %v, want %v", v.who, got, v.count)
			}
			if got := poolField(t, v.r, "inviteCode"); got != v.invite {
				t.Errorf("%s's inviteCode = %v, want %v", v.who, got, v.invite)
			}
			if v.r.cache != v.cache {
				t.Errorf("%s's Cache-Control = %q, want %q", v.who, v.r.cache, v.cache)
			}
			if poolField(t, v.r, "currentParticipants") != 3.0 {
				t.Errorf("%s's pool: %s", v.who, v.r.body)
			}
		}
		// The two came from one snapshot: one content tag, the viewer's part after it.
		tag := func(r read) string { return strings.SplitN(strings.Trim(r.etag, `"`), ".", 2)[0] }
		if tag(c) != tag(m) || c.etag == m.etag {
			t.Errorf("ETags: creator %s, member %s", c.etag, m.etag)
		}

		// The snapshot is warm: strangers, admins and visitors are still refused, with the ETag of a member too.
		for _, cookie := range []string{strangerC, ""} {
			mustGet(t, s.URL(), pool, cookie, "", http.StatusNotFound)
			mustGet(t, s.URL(), pool, cookie, m.etag, http.StatusNotFound)
			mustGet(t, s.URL(), list, cookie, "", http.StatusNotFound)
		}
		admin.get(pool).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		admin.get(list).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		if _, err := s.db.JoinPool(ctx, stranger, code, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		if r := mustGet(t, s.URL(), pool, strangerC, "", http.StatusOK); poolField(t, r, "inviteCode") != nil {
			t.Errorf("a joined player sees the invite code: %s", r.body)
		}
		mustGet(t, s.URL(), list, strangerC, "", http.StatusOK)
	})
}

// Signing out, being disabled or demoted, and an admin's change of eligibility apply to the very next
// request, though the session was just used (and kept).
func TestSessionRevokedAtOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		out, _ := s.register(t, "1990-01-01", "NY")
		disabled, d := s.register(t, "1990-01-01", "NY")
		checked, c := s.register(t, "1990-01-01", "NY")
		for _, cl := range []*apiClient{out, disabled, checked} {
			cl.get("/api/auth/user").want(http.StatusOK)
			cl.get("/api/auth/user").want(http.StatusOK)
		}

		token := out.token()
		out.post("/api/auth/logout", nil).want(http.StatusOK)
		s.clientWithToken(t, token).get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		admin.post(fmt.Sprintf("/api/admin/users/%s/update", d["id"]), map[string]any{"isDisabled": true}).want(http.StatusOK)
		disabled.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		admin.post(fmt.Sprintf("/api/admin/users/%s/update", c["id"]), map[string]any{"isEligibleToBet": false}).want(http.StatusOK)
		if u := checked.get("/api/auth/user").want(http.StatusOK).obj(); u["isEligibleToBet"] != false {
			t.Errorf("after the admin's change the player reads %v", u)
		}

		// A second admin, demoted, loses the admin pages and the session at once.
		hash, err := squares.HashPassword("deputy-password")
		if err != nil {
			t.Fatal(err)
		}
		dep, err := s.db.EnsureAdmin(context.Background(), "deputy", hash)
		if err != nil {
			t.Fatal(err)
		}
		deputy := s.client(t)
		deputy.post("/api/admin/login", map[string]string{"username": "deputy", "password": "deputy-password"}).want(http.StatusOK)
		deputy.get("/api/admin/users").want(http.StatusOK)
		admin.post(fmt.Sprintf("/api/admin/users/%d/update", dep.ID), map[string]any{"role": "user"}).want(http.StatusOK)
		deputy.get("/api/admin/users").wantError(http.StatusUnauthorized, "unauthorized", "")
	})
}

// Two instances on one PostgreSQL database: a sign-out, a disabling and a claim made through one reach
// the other's caches within a short wait.
func TestCachesAcrossInstances(t *testing.T) {
	url := storetest.URL(t, store.Postgres)
	a, b := startLive(t, url), startLive(t, url)
	p := openFreePool(t, a.db)
	admin, err := a.db.EnsureAdmin(context.Background(), "boss", "not-a-hash")
	if err != nil {
		t.Fatal(err)
	}
	adminC := sessionFor(t, a.db, admin)
	u1, u2 := storeUser(t, a.db, "Ann"), storeUser(t, a.db, "Bob")
	c1, c2 := sessionFor(t, a.db, u1), sessionFor(t, a.db, u2)
	pool := fmt.Sprintf("/api/pools/%d", p.ID)
	for _, c := range []string{c1, c2} {
		mustGet(t, b.URL(), "/api/auth/user", c, "", http.StatusOK)
		mustGet(t, b.URL(), "/api/auth/user", c, "", http.StatusOK)
	}
	before := mustGet(t, b.URL(), pool, c2, "", http.StatusOK)

	within := func(what, path, cookie string, ok func(read) bool) {
		t.Helper()
		deadline := time.Now().Add(3 * time.Second)
		for {
			r, err := getAs(t, http.DefaultClient, b.URL()+path, cookie, "")
			if err != nil {
				t.Fatal(err)
			}
			if ok(r) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: instance b still answers %d %s", what, r.status, r.body)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, a.URL()+"/api/auth/logout", nil)
	req.Header.Set("Cookie", c1)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("sign-out on a: %v %v", resp, err)
	}
	within("signed out on a", "/api/auth/user", c1, func(r read) bool { return r.status == http.StatusUnauthorized })

	req, _ = http.NewRequest(http.MethodPost, fmt.Sprintf("%s/api/admin/users/%d/update", a.URL(), u2.ID), strings.NewReader(`{"isDisabled":true}`))
	req.Header.Set("Cookie", adminC)
	req.Header.Set("Content-Type", "application/json")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("disable on a: %v %v", resp, err)
	}
	within("disabled on a", "/api/auth/user", c2, func(r read) bool { return r.status == http.StatusUnauthorized })

	bob := player(t, a.URL(), "carl@example.com")
	if code := claim(t, bob, a.URL(), p.ID, 4, 4); code != http.StatusCreated {
		t.Fatalf("claim on a = %d", code)
	}
	within("claimed on a", pool, "", func(r read) bool {
		return r.status == http.StatusOK && r.etag != before.etag && strings.Contains(string(r.body), `"currentParticipants":1,`)
	})
}

// A square held for a checkout leaves the squares list the moment its hold lapses, though no write (and
// no event) marks it: the snapshot is not served past the first hold on it.
func TestBoardHoldLapses(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		five := s.paidGame(t)[2]
		ann, _ := s.storePlayer(t, squares.RoleUser)
		bob, _ := s.storePlayer(t, squares.RoleUser)
		ann.post("/api/create-escrow-payment", checkoutBody(five.ID, 5, at(4, 4))).want(http.StatusCreated)
		list := fmt.Sprintf("/api/pools/%d/squares", five.ID)
		held := bob.get(list).want(http.StatusOK)
		if l := held.list(); len(l) != 1 || l[0]["status"] != "held" {
			t.Fatalf("squares during the checkout = %v", l)
		}
		s.clock.Add(squares.CheckoutHold - time.Second)
		bob.do("GET", list, nil, "If-None-Match", held.Header.Get("ETag")).want(http.StatusNotModified)
		s.clock.Add(2 * time.Second)
		if l := bob.do("GET", list, nil, "If-None-Match", held.Header.Get("ETag")).want(http.StatusOK).list(); len(l) != 0 {
			t.Fatalf("squares after the hold lapsed = %v", l)
		}
	})
}
