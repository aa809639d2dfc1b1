package http_test

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// edgeAPI is a development-mode server taking sandbox payments, logging JSON into logs, with a read
// connection of its own to its database.
type edgeAPI struct {
	*apiServer
	logs  *logBuffer
	audit *storetest.Auditor
	// engine is the database's.
	engine string
	seen   int // log lines checked
}

func startEdge(t *testing.T, engine string) *edgeAPI {
	t.Helper()
	return newEdge(t, engine, func(srv *squareshttp.Server) { openServer(t, srv) })
}

// newEdge makes an edgeAPI on a fresh database of the engine, started by open.
func newEdge(tb testing.TB, engine string, open func(*squareshttp.Server)) *edgeAPI {
	tb.Helper()
	u := storetest.URL(tb, engine)
	db := store.New(u)
	if err := db.Open(context.Background()); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	logs := &logBuffer{}
	logger := slog.New(slog.NewJSONHandler(logs, nil))
	elig, err := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
	if err != nil {
		tb.Fatal(err)
	}
	srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true, Eligibility: elig,
		PaymentsProvider: "sandbox"}, db, logger)
	sb := sandbox.New(db)
	srv.Sandbox, srv.Escrow = sb, escrow.New(db, sb, logger)
	wire(srv)
	open(srv)
	return &edgeAPI{apiServer: &apiServer{Server: srv, db: db}, logs: logs, audit: storetest.NewAuditor(tb, u), engine: engine}
}

// rows counts the rows of every table of the database.
func (s *edgeAPI) rows(t *testing.T) map[string]int {
	t.Helper()
	q := `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`
	if s.engine == store.SQLite {
		q = `SELECT name FROM sqlite_master WHERE type = 'table'`
	}
	tables, err := s.audit.Conn.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for tables.Next() {
		var n string
		if err := tables.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	tables.Close()
	out := map[string]int{}
	for _, n := range names {
		var c int
		if err := s.audit.Conn.QueryRow(`SELECT COUNT(*) FROM "` + n + `"`).Scan(&c); err != nil && err != sql.ErrNoRows {
			t.Fatal(err)
		}
		out[n] = c
	}
	return out
}

// wantUnchanged fails for every table whose row count differs from before.
func (s *edgeAPI) wantUnchanged(t *testing.T, before map[string]int) {
	t.Helper()
	after := s.rows(t)
	for n, c := range after {
		if before[n] != c {
			t.Errorf("table %s: %d rows, %d before", n, c, before[n])
		}
	}
}

// wantNoErrorLogged fails for every log line at level ERROR since the last call: refused input is not a
// server fault.
func (s *edgeAPI) wantNoErrorLogged(t *testing.T) {
	t.Helper()
	lines := s.logs.lines(t)
	for _, l := range lines[min(s.seen, len(lines)):] {
		if l["level"] == "ERROR" {
			t.Errorf("logged an error: %v", l)
		}
	}
	s.seen = len(lines)
}

// wantInvalidInput checks a refusal of text: 400 invalid_input naming the field, and only it.
func (r *apiResponse) wantInvalidInput(field string) {
	r.t.Helper()
	if r.Status != http.StatusBadRequest {
		r.t.Errorf("%s = %d %s, want 400 invalid_input for %s", r.what, r.Status, r.Body, field)
		return
	}
	var e struct {
		Message string            `json:"message"`
		Code    string            `json:"code"`
		Fields  map[string]string `json:"fields"`
	}
	r.decode(&e)
	if e.Code != "invalid_input" || len(e.Fields) != 1 || e.Fields[field] == "" || e.Message == "" {
		r.t.Errorf("%s = %s, want invalid_input naming %s", r.what, r.Body, field)
	}
}

// textCase is one input to refuse: a request and the field it must name.
type textCase struct {
	who         *apiClient
	method, url string
	body        any
	field       string
}

// The inputs issue 19 names (and their neighbours), each with a NUL: 400 invalid_input naming the field,
// on both engines; nothing written, no error logged (PostgreSQL refused the NUL with a 500 before).
func TestTextFromOutsideIsText(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startEdge(t, engine)
		g, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0])
		anon := s.client(t)
		player, pu := s.register(t, "1990-01-01", "NY")
		admin := s.admin(t)
		pool := pools[0].ID
		register := func(field, value string) map[string]any {
			b := map[string]any{"email": "new@example.com", "password": "correct-horse", "firstName": "Ann",
				"lastName": "Lee", "dateOfBirth": "1990-01-01", "residenceState": "NY"}
			b[field] = value
			return b
		}
		private := func(field string, value any) map[string]any {
			b := map[string]any{"gameId": g.ID, "name": "Office Pool", "entryFee": "0.00", "maxSquaresPerPlayer": 5,
				"inviteEmails": []string{"friend@example.com"}}
			b[field] = value
			return b
		}
		game := func(field, value string) map[string]any {
			b := map[string]any{"leagueId": 1, "homeTeam": "Buffalo Bills", "awayTeam": "Miami Dolphins", "gameDate": "2030-11-29T13:00"}
			b[field] = value
			return b
		}
		cases := []textCase{
			{anon, "POST", "/api/auth/register", register("firstName", "A\x00B"), "firstName"},
			{anon, "POST", "/api/auth/register", register("lastName", "L\x00ee"), "lastName"},
			{anon, "POST", "/api/auth/register", register("email", "n\x00ew@example.com"), "email"},
			{anon, "POST", "/api/auth/register", register("password", "correct\x00horse"), "password"},
			{anon, "POST", "/api/admin/login", map[string]string{"username": "bo\x00ss", "password": "admin-password"}, "username"},
			{anon, "POST", "/api/auth/login", map[string]string{"email": "pat\x00@example.com", "password": "correct-horse"}, "email"},
			{player, "POST", "/api/pools/join", map[string]string{"inviteCode": "AB\x00CD"}, "inviteCode"},
			{player, "POST", "/api/pools/private", private("name", "Office\x00Pool"), "name"},
			{player, "POST", "/api/pools/private", private("inviteEmails", []string{"fri\x00end@example.com"}), "inviteEmails"},
			{player, "POST", "/api/verify-age", map[string]string{"dateOfBirth": "1990-01-01", "residenceState": "N\x00Y", "residenceCountry": "US"}, "residenceState"},
			{admin, "POST", "/api/simple-pools", map[string]any{"name": "$5\x00Pool", "entryFee": "5.00", "gameId": g.ID}, "name"},
			{admin, "POST", fmt.Sprintf("/api/admin/pools/%d/cancel", pool), map[string]string{"reason": "rain\x00out"}, "reason"},
			{admin, "POST", fmt.Sprintf("/api/admin/pools/%d/feature", pool), map[string]string{"featuredReason": "Big\x00game"}, "featuredReason"},
			{admin, "POST", "/api/games", game("homeTeam", "Buffalo\x00Bills"), "homeTeam"},
			{admin, "POST", "/api/games", game("awayTeam", "Miami\x00Dolphins"), "awayTeam"},
			{admin, "POST", "/api/leagues", map[string]any{"name": "XFL", "displayName": "X\x00FL", "sport": "football"}, "displayName"},
			{admin, "POST", "/api/leagues/1/active-week", map[string]string{"week": "W1\x002"}, "week"},
			{admin, "POST", fmt.Sprintf("/api/admin/users/%s/update", pu["id"]), map[string]string{"residenceState": "N\x00Y"}, "residenceState"},
			{admin, "GET", "/api/admin/audit?action=a%00b", nil, "action"},
			{player, "GET", "/api/schedule/nf%00l", nil, "league"},
			{player, "POST", "/api/user/payments/pay%00x/cancel", nil, "id"},
			{anon, "GET", "/api/pools?leagueId=1%00", nil, "leagueId"},
		}
		before := s.rows(t)
		for _, c := range cases {
			c.who.do(c.method, c.url, c.body).wantInvalidInput(c.field)
		}
		// Other text that is not text: other control characters, a line break in a one-line field, bytes
		// that are not UTF-8, an escaped lone surrogate, a bidirectional override, past the field's length.
		for _, v := range []string{"A\tB", "A\x7fB", "A\u0085B", "A\nB", "A\rB", "A\u2028B", "A\u202eB", "A\u2066B"} {
			anon.post("/api/auth/register", register("firstName", v)).wantInvalidInput("firstName")
		}
		anon.post("/api/auth/register", []byte(`{"email":"new@example.com","password":"correct-horse","firstName":"A`+"\xff"+`B","lastName":"Lee"}`)).
			wantInvalidInput("firstName")
		anon.post("/api/auth/register", `{"email":"new@example.com","password":"correct-horse","firstName":"A\ud800B","lastName":"Lee"}`).
			wantInvalidInput("firstName")
		anon.post("/api/auth/register", `{"email":"new@example.com","password":"correct-horse","firstName":"A\udc00\ud800B","lastName":"Lee"}`).
			wantInvalidInput("firstName")
		anon.post("/api/auth/register", register("firstName", strings.Repeat("é", 51))).wantInvalidInput("firstName")
		anon.post("/api/auth/register", `{"email":"new@example.com","password":"correct-horse","firstName":"Ann","lastName":"Lee","a\u0000b":1}`).
			wantInvalidInput("a\ufffdb")
		admin.get("/api/admin/audit?action=a%FFb").wantInvalidInput("action")
		admin.get("/api/admin/audit?action=" + strings.Repeat("a", 1001)).wantInvalidInput("action")
		player.get("/api/schedule/" + strings.Repeat("n", 201)).wantInvalidInput("league")
		s.wantUnchanged(t, before)
		s.wantNoErrorLogged(t)

		// Text is text: accents, emoji (a surrogate pair escaped or not), a real U+FFFD, and line breaks
		// where a field is multi-line, such as a cancellation's reason.
		for i, v := range []string{"Zoë", "José 🏈", "\ufffd"} {
			b := register("firstName", v)
			b["email"] = fmt.Sprintf("text%d@example.com", i)
			u := anon.post("/api/auth/register", b).want(http.StatusCreated).obj()["user"].(map[string]any)
			if u["firstName"] != v {
				t.Errorf("firstName %q stored as %q", v, u["firstName"])
			}
		}
		anon.post("/api/auth/register", `{"email":"esc@example.com","password":"correct-horse","firstName":"\ud83c\udfc8","lastName":"Lee"}`).
			want(http.StatusCreated)
		anon.post("/api/auth/register", register("firstName", strings.Repeat("é", 50))).want(http.StatusCreated)
		// The developer page's squares, JSON text typed over several lines.
		if r := player.post("/api/create-escrow-payment", map[string]any{"poolId": pools[2].ID, "amount": "5.00",
			"squares": "[\n  {\"row\": 0, \"column\": 0}\n]"}); strings.Contains(string(r.Body), "invalid_input") {
			t.Errorf("multi-line squares text: %d %s", r.Status, r.Body)
		}
		reason := "Rain out.\r\nThe league\tpostponed the game."
		admin.post(fmt.Sprintf("/api/admin/pools/%d/cancel", pool), map[string]string{"reason": reason}).want(http.StatusOK)
		var stored string
		if err := s.audit.Conn.QueryRow(`SELECT reason FROM pool_decisions`).Scan(&stored); err != nil || stored != reason {
			t.Errorf("cancel reason stored %q, %v", stored, err)
		}
		s.wantNoErrorLogged(t)
	})
}

// noBody are the routes that read no request body, and why: a body sent to them reaches nothing.
var noBody = map[string]string{
	"POST /api/auth/logout":                                        "signs out",
	"POST /api/admin/logout":                                       "signs out",
	"POST /api/logout":                                             "signs out",
	"POST /api/stripe/webhook":                                     "Stripe's signed event, read raw and checked by its signature",
	"POST /api/admin/2fa/setup":                                    "makes a new secret",
	"POST /api/pools/{id}/invitations/{invitationId}/resend":       "the path names all",
	"DELETE /api/pools/{id}/invitations/{invitationId}":            "the path names all",
	"POST /api/admin/pools/{id}/invitations/{invitationId}/resend": "the path names all",
	"DELETE /api/admin/pools/{id}/invitations/{invitationId}":      "the path names all",
	"POST /api/user/prizes/{id}/claim":                             "the path names all",
	"POST /api/pools/{id}/reminders":                               "the path names all",
	"POST /api/pools/{id}/winners/{periodLabel}/paid":              "the path names all",
	"POST /api/admin/payouts/{id}/paid":                            "the path names all",
	"POST /api/pools/{id}/refund":                                  "the path names all",
	"POST /api/user/payments/{id}/cancel":                          "the path names all",
	"DELETE /api/simple-pools/{id}":                                "the path names all",
	"POST /api/admin/pools/{id}/unfeature":                         "the path names all",
	"POST /api/admin/activate-season":                              "no input",
	"POST /api/admin/automation/run":                               "no input",
	"POST /api/admin/escrow/failures/{paymentId}/retry":            "the path names all",
	"POST /api/mail/unsubscribe":                                   "its query names all",
	"POST /api/user/sessions/revoke-others":                        "no input: every session but the caller's",
	"DELETE /api/pools/{id}/payments/{paymentId}":                  "the path names all",
	"DELETE /api/pools/{id}/squares/{row}/{col}":                   "the path names all",
}

// TestEveryRouteChecksItsInput walks the route table (development mode: every route), on both engines:
// a NUL in any path wildcard, in a query parameter (or bytes that are not UTF-8, or past the length) is
// refused before the route's access check; every route that reads a body refuses a NUL in any member,
// and each member its request type declares is refused with a NUL and past its length, by name. Nothing
// is written and no error logged.
func TestEveryRouteChecksItsInput(t *testing.T) {
	// In turn: the decode hook is the process's.
	storetest.ForEachEngineInTurn(t, func(t *testing.T, engine string) {
		s := startEdge(t, engine)
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0])
		clients := map[squareshttp.Access]*apiClient{squareshttp.AccessPublic: s.client(t)}
		clients[squareshttp.AccessUser], _ = s.register(t, "1990-01-01", "NY")
		clients[squareshttp.AccessAdmin] = s.admin(t)
		anon := s.client(t)
		before := s.rows(t)

		var mu sync.Mutex
		decoded := map[string]any{} // route pattern -> the value its handler decoded into
		stop := squareshttp.OnDecode(func(r *http.Request, v any) {
			mu.Lock()
			defer mu.Unlock()
			decoded[r.Pattern] = v
		})
		defer stop()

		for _, rt := range s.Routes() {
			method := cmp.Or(rt.Method, "GET")
			key := method + " " + rt.Pattern
			path := pathValues.ReplaceAllString(rt.Pattern, "1")
			if rt.Pattern == "/api/" {
				path = "/api/no-such-call"
			}
			// Each wildcard in turn, the others 1; anyone's request, refused before the access check.
			for _, m := range wildcards(rt.Pattern) {
				p := strings.Replace(rt.Pattern, m[0], "a%00b", 1)
				anon.do(method, pathValues.ReplaceAllString(p, "1"), nil).wantInvalidInput(m[1])
				p = strings.Replace(rt.Pattern, m[0], "a%C0b", 1)
				anon.do(method, pathValues.ReplaceAllString(p, "1"), nil).wantInvalidInput(m[1])
			}
			// A query parameter, on any route, the web app's too.
			anon.do(method, path+"?probe=a%00b", nil).wantInvalidInput("probe")
			anon.do(method, path+"?leagueId=1&probe=%FF", nil).wantInvalidInput("probe")
			anon.do(method, path+"?probe="+strings.Repeat("x", 1001), nil).wantInvalidInput("probe")
			anon.do(method, path+"?a%00b=1", nil).wantInvalidInput("a\ufffdb")
			if method == "GET" || rt.Method == "" || noBody[key] != "" {
				continue
			}
			// Any member of any body, for the route's caller.
			c := clients[rt.Access.Level()]
			c.do(method, path, `{"probe":"a\u0000b"}`).wantInvalidInput("probe")
			c.do(method, path, `{"probe":["ok",{"deep":"a\u0001b"}]}`).wantInvalidInput("probe")
			c.do(method, path, []byte(`{"probe":"a`+"\xff"+`b"}`)).wantInvalidInput("probe")
			mu.Lock()
			v, ok := decoded[method+" "+rt.Pattern]
			mu.Unlock()
			if !ok {
				t.Errorf("%s read no body through decode: list it in noBody with the reason, or decode its body", key)
				continue
			}
			// Each member its request type declares, by name: a NUL, past its length.
			for _, f := range squareshttp.TextFields(v) {
				c.do(method, path, map[string]any{f.Name: "a\x00b"}).wantInvalidInput(f.Name)
				c.do(method, path, map[string]any{f.Name: strings.Repeat("x", f.Max+1)}).wantInvalidInput(f.Name)
				if !f.Multiline {
					c.do(method, path, map[string]any{f.Name: "a\nb"}).wantInvalidInput(f.Name)
				}
			}
		}
		for key := range noBody {
			if !slices.ContainsFunc(s.Routes(), func(r squareshttp.Route) bool { return r.Method+" "+r.Pattern == key }) {
				t.Errorf("noBody lists %s, which is not a route", key)
			}
		}
		s.wantUnchanged(t, before)
		s.wantNoErrorLogged(t)
	})
}

// wildcards returns the wildcards of a route pattern: the whole "{name...}" and the name.
func wildcards(pattern string) [][]string {
	var out [][]string
	for _, m := range pathValues.FindAllString(pattern, -1) {
		out = append(out, []string{m, strings.TrimSuffix(strings.Trim(m, "{}"), "...")})
	}
	return out
}

// A websocket message that is not text is answered with an error and reaches nothing; the connection
// stays and serves the next message.
func TestWebsocketMessagesAreText(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startLive(t, storetest.URL(t, engine))
		pool := openFreePool(t, s.db)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		ws, _, err := websocket.Dial(ctx, strings.Replace(s.URL(), "http", "ws", 1)+"/ws", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		for _, m := range []string{
			fmt.Sprintf(`{"type":"subscribe","poolId":%d,"x":"a\u0000b"}`, pool.ID),
			fmt.Sprintf(`{"type":"sub\u0000scribe","poolId":%d}`, pool.ID),
			fmt.Sprintf(`{"type":"subscribe","poolId":"%d\u0000"}`, pool.ID),
			fmt.Sprintf(`{"type":"subscribe","poolId":%d,"x":"a`+"\xff"+`b"}`, pool.ID),
			fmt.Sprintf(`{"type":"subscribe","poolId":%d,"x":"\ud800"}`, pool.ID),
		} {
			if err := ws.Write(ctx, websocket.MessageText, []byte(m)); err != nil {
				t.Fatal(err)
			}
			_, data, err := ws.Read(ctx)
			if err != nil {
				t.Fatalf("%q: %v", m, err)
			}
			var got map[string]any
			if err := json.Unmarshal(data, &got); err != nil || got["type"] != "error" ||
				!strings.Contains(fmt.Sprint(got["message"]), "text") {
				t.Errorf("%q answered %s", m, data)
			}
		}
		sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": pool.ID})
		readUntil(t, ws, "subscribed")
	})
}
