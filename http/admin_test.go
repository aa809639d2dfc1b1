package http_test

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// adminBodies are bodies some admin calls accept, so that an admin's call does real work; any other
// admin route is called with `{}`. Keys are "METHOD pattern" as in the route table.
var adminBodies = map[string]string{
	"POST /api/leagues":                         `{"name":"XFL","displayName":"XFL","sport":"football","isActive":true}`,
	"POST /api/leagues/{id}/active-week":        `{"week":"W12"}`,
	"POST /api/games":                           `{"leagueId":1,"homeTeam":"Buffalo Bills","awayTeam":"Miami Dolphins","gameDate":"2030-11-29T13:00"}`,
	"POST /api/simple-pools":                    `{"name":"$5 Pool","entryFee":"5.00","gameId":1}`,
	"PATCH /api/simple-pools/{id}/status":       `{"status":"active"}`,
	"PATCH /api/pools/{id}":                     `{"status":"active"}`,
	"POST /api/admin/pools/activate-multiple":   `{"poolIds":[1]}`,
	"POST /api/admin/pools/deactivate-multiple": `{"poolIds":[1]}`,
	"POST /api/admin/users/{userId}/update":     `{"isEligibleToBet":false}`,
	"POST /api/admin/bulk-activate":             `{"week":"W12","leagueId":1}`,
	"POST /api/admin/emergency-pools":           `{"week":"W12","leagueId":1}`,
	"POST /api/admin/pools/{id}/feature":        `{"featuredReason":"Pool of the Week"}`,
}

// pathValues fills a route pattern's wildcards: every {name} becomes 1, an id that exists once a game
// and its pools have been created (league 1, game 1, pools 1-5; a payment 1 need not exist: 404 is fine).
var pathValues = regexp.MustCompile(`\{[^}]*\}`)

// call is one request of the matrix, made from a route of the table.
type call struct{ method, path, body, route string }

// callsOf returns a request for every route of the table at the given access level; DELETE comes last,
// so that what it removes does not turn the other calls into 404s.
func callsOf(routes []squareshttp.Route, level squareshttp.Access) []call {
	var calls []call
	for _, r := range routes {
		if r.Access.Level() != level {
			continue
		}
		method := cmp.Or(r.Method, "GET")
		key := method + " " + r.Pattern
		calls = append(calls, call{method, pathValues.ReplaceAllString(r.Pattern, "1"), cmp.Or(adminBodies[key], `{}`), key})
	}
	last := func(c call) int {
		if c.method == "DELETE" {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(calls, func(a, b call) int { return cmp.Compare(last(a), last(b)) })
	return calls
}

// TestAdminEndpointsNeedAnAdmin walks every admin route of the server's own route table (development
// mode, so its developer calls too): signed out it answers 401, for a player 403 and changes nothing, and
// an admin gets neither, nor a server error.
func TestAdminEndpointsNeedAnAdmin(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		s.game(t, "W12", time.Now().Add(72*time.Hour))
		anon := s.client(t)
		player, _ := s.register(t, "1990-01-01", "NY")
		calls := callsOf(s.Routes(), squareshttp.AccessAdmin)
		for key := range adminBodies {
			if !slices.ContainsFunc(calls, func(c call) bool { return c.route == key }) {
				t.Errorf("%s is not an admin route of the table", key)
			}
		}
		for _, c := range calls {
			anon.do(c.method, c.path, c.body).wantError(http.StatusUnauthorized, "unauthorized", "")
			player.do(c.method, c.path, c.body).wantError(http.StatusForbidden, "forbidden", "Admin access required.")
		}
		// Nothing changed.
		if l, _ := s.db.FindLeague(context.Background(), squares.LeagueNFL); l.ActiveWeek != "" {
			t.Errorf("a player set the active week: %+v", l)
		}
		if st, _ := s.db.Stats(context.Background(), time.Now()); st.TotalPools != 5 || st.ActivePools != 0 {
			t.Errorf("pools after refused calls = %+v", st)
		}
		// An admin may make each call: no 401 or 403, and no server error (answers checked in the tests below).
		admin := s.admin(t)
		for _, c := range calls {
			if r := admin.do(c.method, c.path, c.body); r.Status == http.StatusUnauthorized || r.Status == http.StatusForbidden ||
				r.Status >= 500 {
				t.Errorf("admin %s %s (route %s) = %d %s", c.method, c.path, c.route, r.Status, r.Body)
			}
		}
	})
}

func TestCreateLeague(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		l := admin.post("/api/leagues", map[string]any{"name": "xfl", "displayName": "XFL Football", "sport": "Football",
			"isActive": true}).want(http.StatusCreated).obj()
		for k, v := range map[string]any{"id": 7.0, "name": "XFL", "displayName": "XFL Football", "sport": "football",
			"isActive": true, "activeWeek": nil} {
			if l[k] != v {
				t.Errorf("league %s = %v, want %v", k, l[k], v)
			}
		}
		if l := admin.post("/api/leagues", map[string]any{"name": "MLB", "displayName": "Major League Baseball",
			"sport": "baseball", "isActive": false}).want(http.StatusCreated).obj(); l["isActive"] != false || l["id"] != 8.0 {
			t.Errorf("inactive league = %v", l)
		}
		// isActive defaults to true.
		if l := admin.post("/api/leagues", map[string]any{"name": "NHL", "displayName": "National Hockey League",
			"sport": "hockey"}).want(http.StatusCreated).obj(); l["isActive"] != true {
			t.Errorf("league without isActive = %v", l)
		}
		admin.post("/api/leagues", map[string]any{"name": "NFL", "displayName": "Again", "sport": "football"}).
			wantError(http.StatusConflict, "conflict", "A league with code NFL already exists.")
		admin.post("/api/leagues", map[string]any{"name": "X", "displayName": "", "sport": "cricket"}).wantError(
			http.StatusBadRequest, "invalid", "League code must be 2 to 12 letters or digits",
			"name", "League code must be 2 to 12 letters or digits",
			"displayName", "Display name is required (at most 80 characters)",
			"sport", "Sport must be football, basketball, baseball or hockey")
		admin.post("/api/leagues", `{"name": "ABC", "isActive": "yes"}`).wantError(http.StatusBadRequest, "invalid", "")
		if ls := s.client(t).get("/api/leagues").list(); len(ls) != 7 || ls[4]["name"] != "XFL" {
			t.Errorf("leagues = %v", ls)
		}
	})
}

func TestSetActiveWeek(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		b := admin.post("/api/leagues/1/active-week", map[string]string{"week": " w12 "}).want(http.StatusOK).obj()
		if num(t, b["leagueId"]) != 1 || b["activeWeek"] != "W12" {
			t.Errorf("set active week = %v", b)
		}
		if b := s.client(t).get("/api/leagues/1/active-week").obj(); b["activeWeek"] != "W12" {
			t.Errorf("read back = %v", b)
		}
		admin.post("/api/leagues/1/active-week", map[string]string{"week": "W19"}).wantError(http.StatusBadRequest, "invalid",
			"Week must be one of HOF, PS1-PS4, W1-W18, WC, DIV, CONF, SB", "week", "Week must be one of HOF, PS1-PS4, W1-W18, WC, DIV, CONF, SB")
		admin.post("/api/leagues/1/active-week", map[string]string{"week": ""}).wantError(http.StatusBadRequest, "invalid",
			"Please select a week to advance to", "week", "Please select a week to advance to")
		admin.post("/api/leagues/1/active-week", map[string]string{}).wantError(http.StatusBadRequest, "invalid", "Please select a week to advance to")
		admin.post("/api/leagues/99/active-week", map[string]string{"week": "W1"}).wantError(http.StatusNotFound, "not_found", "League not found.")
		admin.post("/api/leagues/abc/active-week", map[string]string{"week": "W1"}).wantError(http.StatusBadRequest, "invalid", "")
		// Other leagues take their own week labels.
		if b := admin.post("/api/leagues/2/active-week", map[string]string{"week": "2026-11-29"}).want(http.StatusOK).obj(); b["activeWeek"] != "2026-11-29" {
			t.Errorf("NBA week = %v", b)
		}
		if b := s.client(t).get("/api/leagues/1/active-week").obj(); b["activeWeek"] != "W12" {
			t.Errorf("refused changes moved the week: %v", b)
		}
	})
}

func TestCreateGame(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		// The console's body (admin-side.md section 7): an integer league, zero scores for a game not played,
		// and a datetime-local value in Eastern time.
		g := admin.post("/api/games", map[string]any{"leagueId": 1, "homeTeam": "Buffalo Bills", "awayTeam": "Kansas City Chiefs",
			"homeTeamColor": "#00338D", "awayTeamColor": "#E31837", "gameDate": "2026-11-29T13:00", "status": "scheduled",
			"homeScore": 0, "awayScore": 0, "quarter": 0, "week": "w13"}).want(http.StatusCreated).obj()
		for k, v := range map[string]any{"leagueId": 1.0, "homeTeam": "Buffalo Bills", "awayTeam": "Kansas City Chiefs",
			"homeTeamColor": "#00338D", "awayTeamColor": "#E31837", "gameDate": "2026-11-29T18:00:00Z", "status": "scheduled",
			"homeScore": nil, "awayScore": nil, "quarter": 0.0, "week": "W13", "season": 2026.0} {
			if g[k] != v {
				t.Errorf("game %s = %v, want %v", k, g[k], v)
			}
		}
		gameID := num(t, g["id"])
		pools := admin.get("/api/pools?week=W13").want(http.StatusOK).list()
		if len(pools) != 5 {
			t.Fatalf("pools of the new game = %d, want 5", len(pools))
		}
		for i, p := range pools {
			if num(t, p["gameId"]) != gameID || p["status"] != "draft" || p["entryFee"] != squares.Tiers[i].String() {
				t.Errorf("tier pool %d = %v", i, p)
			}
		}
		// Players see none of them until they open.
		player, _ := s.register(t, "1990-01-01", "NY")
		if got := player.get("/api/pools").list(); len(got) != 0 {
			t.Errorf("player sees draft pools: %v", poolIDsOf(t, got))
		}

		// A string league id and an RFC 3339 time; colours default; a January game belongs to last season.
		g = admin.post("/api/games", map[string]any{"leagueId": "1", "homeTeam": "Miami Dolphins", "awayTeam": "New York Jets",
			"gameDate": "2027-01-10T18:00:00Z"}).want(http.StatusCreated).obj()
		if g["gameDate"] != "2027-01-10T18:00:00Z" || g["homeTeamColor"] != squares.DefaultHomeColor || g["season"] != 2026.0 ||
			g["week"] != nil || g["status"] != "scheduled" {
			t.Errorf("second game = %v", g)
		}
		// A live game keeps its score.
		g = admin.post("/api/games", map[string]any{"leagueId": 1, "homeTeam": "Detroit Lions", "awayTeam": "Green Bay Packers",
			"gameDate": "2026-11-26T12:30", "status": "live", "homeScore": 10, "awayScore": 7, "quarter": 2}).want(http.StatusCreated).obj()
		if g["status"] != "live" || g["homeScore"] != 10.0 || g["awayScore"] != 7.0 || g["quarter"] != 2.0 ||
			g["gameDate"] != "2026-11-26T17:30:00Z" {
			t.Errorf("live game = %v", g)
		}

		valid := func() map[string]any {
			return map[string]any{"leagueId": 1, "homeTeam": "A Team", "awayTeam": "B Team", "gameDate": "2026-12-01T20:00"}
		}
		for _, tc := range []struct {
			change        func(b map[string]any)
			field, messge string
		}{
			{func(b map[string]any) { delete(b, "gameDate") }, "gameDate", "Game date is required"},
			{func(b map[string]any) { b["gameDate"] = "next Sunday" }, "gameDate", "Game date must be a date and time, such as 2026-11-29T13:00"},
			{func(b map[string]any) { delete(b, "leagueId") }, "leagueId", "League is required"},
			{func(b map[string]any) { b["leagueId"] = "abc" }, "leagueId", "Invalid value for leagueId."},
			{func(b map[string]any) { b["homeTeam"] = "" }, "homeTeam", "Home team is required (at most 60 characters)"},
			{func(b map[string]any) { b["awayTeam"] = "a team" }, "awayTeam", "Away team must differ from the home team"},
			{func(b map[string]any) { b["homeTeamColor"] = "red" }, "homeTeamColor", "Colour must look like #3b82f6"},
			{func(b map[string]any) { b["status"] = "halftime" }, "status", "Status must be scheduled, live, completed, cancelled or postponed"},
			{func(b map[string]any) { b["week"] = "W19" }, "week", "Week must be one of HOF, PS1-PS4, W1-W18, WC, DIV, CONF, SB"},
			{func(b map[string]any) { b["quarter"] = 9 }, "quarter", "Quarter must be 0 to 5"},
		} {
			b := valid()
			tc.change(b)
			admin.post("/api/games", b).wantError(http.StatusBadRequest, "invalid", tc.messge, tc.field, tc.messge)
		}
		b := valid()
		b["leagueId"] = 99
		admin.post("/api/games", b).wantError(http.StatusNotFound, "not_found", "League not found.")
		if n, _ := s.db.CountGames(context.Background(), 0); n != 3 {
			t.Errorf("games after refusals = %d, want 3", n)
		}
	})
}

// deletePool removes a pool straight from the database, as no API call does yet, so that a tier can be
// created again.
func deletePool(t *testing.T, db *store.DB, id int64) {
	t.Helper()
	driver, dsn := "pgx", db.URL
	if db.Engine() == store.SQLite {
		driver, dsn = "sqlite", strings.TrimPrefix(db.URL, "sqlite:")
	}
	conn, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, q := range []string{`DELETE FROM pool_checkpoints WHERE pool_id = $1`, `DELETE FROM pool_records WHERE pool_id = $1`,
		`DELETE FROM pools WHERE id = $1`} {
		if _, err := conn.Exec(q, id); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCreatePool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		g, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))

		// Every tier exists already: one public pool per tier and game.
		admin.post("/api/simple-pools", map[string]any{"name": "$5 Pool", "entryFee": "5.00", "gameId": g.ID}).
			wantError(http.StatusConflict, "conflict", "This game already has a $5 Pool.")
		admin.post("/api/simple-pools", map[string]any{"name": "Free", "entryFee": 0, "gameId": fmt.Sprint(g.ID)}).
			wantError(http.StatusConflict, "conflict", "This game already has a Free Pool.")
		const feeMessage = "Entry fee must be one of 0.00, 1.00, 5.00, 10.00, 25.00"
		for _, fee := range []any{"3.00", 3, "abc", "5.001", "1e1", -5, nil, "-5.00"} {
			admin.post("/api/simple-pools", map[string]any{"name": "Odd Pool", "entryFee": fee, "gameId": g.ID}).
				wantError(http.StatusBadRequest, "invalid", feeMessage, "entryFee", feeMessage)
		}
		admin.post("/api/simple-pools", map[string]any{"entryFee": "5.00"}).wantError(http.StatusBadRequest, "invalid",
			"Please fill in all fields", "name", "Please fill in all fields", "gameId", "Please fill in all fields")
		admin.post("/api/simple-pools", map[string]any{"name": "$5 Pool", "entryFee": "5.00", "gameId": 99999}).
			wantError(http.StatusNotFound, "not_found", "Game not found.")

		// With a tier missing, it is created again, as a draft with its own commitment.
		deletePool(t, s.db, pools[2].ID)
		p := admin.post("/api/simple-pools", map[string]any{"name": "$5 Pool", "entryFee": 5, "gameId": fmt.Sprint(g.ID),
			"gameInfo": map[string]any{"homeTeam": "Buffalo Bills", "awayTeam": "Kansas City Chiefs", "week": "W12"}}).
			want(http.StatusCreated).obj()
		if p["status"] != "draft" || p["entryFee"] != "5.00" || p["name"] != "$5 Pool" || num(t, p["gameId"]) != g.ID ||
			len(fmt.Sprint(p["drawCommitment"])) != 64 || p["drawSeed"] != nil || num(t, p["maxSquaresPerPlayer"]) != 5 {
			t.Errorf("created pool = %v", p)
		}
		if ps := admin.get("/api/pools").list(); len(ps) != 5 {
			t.Errorf("pools of the game = %d", len(ps))
		}
	})
}

func TestPoolStatusChanges(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		simple := func(i int) string { return fmt.Sprintf("/api/simple-pools/%d/status", pools[i].ID) }
		patch := func(i int) string { return fmt.Sprintf("/api/pools/%d", pools[i].ID) }

		// "open" is the old clients' word for active.
		p := admin.do("PATCH", simple(0), map[string]string{"status": "open"}).want(http.StatusOK).obj()
		if p["status"] != "active" || num(t, p["id"]) != pools[0].ID {
			t.Errorf("opened = %v", p)
		}
		admin.do("PATCH", patch(0), map[string]string{"status": "full"}).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"Free Pool cannot be full: 0 of 100 squares are taken.")
		if p := admin.do("PATCH", patch(0), map[string]string{"status": "inactive"}).want(http.StatusOK).obj(); p["status"] != "inactive" {
			t.Errorf("deactivated = %v", p)
		}
		if p := admin.do("PATCH", simple(0), map[string]string{"status": "active"}).want(http.StatusOK).obj(); p["status"] != "active" {
			t.Errorf("reactivated = %v", p)
		}
		admin.do("PATCH", patch(1), map[string]string{"status": "completed"}).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"A pool cannot go from draft to completed.")
		admin.do("PATCH", simple(1), map[string]string{"status": "started"}).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"A pool cannot go from draft to started.")
		if p := admin.do("PATCH", simple(1), map[string]string{"status": "cancelled"}).want(http.StatusOK).obj(); p["status"] != "cancelled" {
			t.Errorf("cancelled = %v", p)
		}
		admin.do("PATCH", patch(1), map[string]string{"status": "active"}).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"A pool cannot go from cancelled to active.")
		admin.do("PATCH", patch(2), map[string]string{"status": "bogus"}).wantError(http.StatusBadRequest, "invalid", "",
			"status", "Status must be one of draft, active, inactive, full, started, completed, cancelled")
		admin.do("PATCH", patch(2), `{}`).wantError(http.StatusBadRequest, "invalid", "")
		admin.do("PATCH", "/api/pools/99999", map[string]string{"status": "active"}).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		admin.do("PATCH", "/api/simple-pools/abc/status", map[string]string{"status": "active"}).wantError(http.StatusBadRequest, "invalid", "")
		if p := s.client(t).get(fmt.Sprintf("/api/pools/%d", pools[2].ID)); p.Status != http.StatusNotFound {
			t.Errorf("refused changes opened the pool: %d", p.Status)
		}

		// Less than two hours before kickoff a pool cannot open.
		_, late := s.game(t, "W12", time.Now().Add(90*time.Minute))
		admin.do("PATCH", fmt.Sprintf("/api/pools/%d", late[0].ID), map[string]string{"status": "active"}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "Free Pool cannot open: its game kicks off in less than 2 hours.")
	})
}

func TestBulkStatus(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		_, late := s.game(t, "W12", time.Now().Add(time.Hour))
		s.activate(t, pools[4])

		// refused maps a bulk answer's refusals by pool id.
		refused := func(b map[string]any) map[string]any {
			out := map[string]any{}
			rs, _ := b["refused"].([]any)
			for _, r := range rs {
				r := r.(map[string]any)
				out[fmt.Sprint(num(t, r["poolId"]))] = r["message"]
			}
			return out
		}
		b := admin.post("/api/admin/pools/activate-multiple", map[string]any{"poolIds": []any{pools[0].ID, fmt.Sprint(pools[1].ID),
			99999, pools[4].ID, late[0].ID}}).want(http.StatusOK).obj()
		errs := refused(b)
		if num(t, b["activatedCount"]) != 2 || num(t, b["totalRequested"]) != 5 || len(errs) != 3 ||
			errs["99999"] != "Pool not found." || errs[fmt.Sprint(pools[4].ID)] != "$25 Pool is already active." ||
			errs[fmt.Sprint(late[0].ID)] != "Free Pool cannot open: its game kicks off in less than 2 hours." {
			t.Errorf("activate-multiple = %v", b)
		}
		if got := poolIDsOf(t, s.client(t).get("/api/pools").list()); len(got) != 3 {
			t.Errorf("listed after activation = %v", got)
		}

		b = admin.post("/api/admin/pools/deactivate-multiple", map[string]any{"poolIds": []any{pools[0].ID, pools[2].ID}}).
			want(http.StatusOK).obj()
		errs = refused(b)
		if num(t, b["deactivatedCount"]) != 1 || num(t, b["totalRequested"]) != 2 || len(errs) != 1 ||
			errs[fmt.Sprint(pools[2].ID)] != "A pool cannot go from draft to inactive." {
			t.Errorf("deactivate-multiple = %v", b)
		}
		if b := admin.post("/api/admin/pools/activate-multiple", map[string]any{"poolIds": []int64{pools[0].ID}}).obj(); num(t, b["activatedCount"]) != 1 ||
			len(refused(b)) != 0 {
			t.Errorf("reactivate = %v", b)
		}
		// Each pool changed has its entry in the audit log.
		if es, _, _ := s.db.ListAudit(context.Background(), store.AuditFilter{Action: "pool.status"}); len(es) != 5-1+1 {
			t.Errorf("pool.status entries = %d, want 5 (1 by the test's setup, 4 by the bulk calls)", len(es))
		}

		for _, path := range []string{"/api/admin/pools/activate-multiple", "/api/admin/pools/deactivate-multiple"} {
			admin.post(path, map[string]any{"poolIds": []int64{}}).wantError(http.StatusBadRequest, "invalid", "No pools selected", "poolIds", "No pools selected")
			admin.post(path, map[string]any{}).wantError(http.StatusBadRequest, "invalid", "No pools selected")
			admin.post(path, map[string]any{"poolIds": []int64{-1}}).wantError(http.StatusBadRequest, "invalid", "Pool ids must be positive numbers")
			admin.post(path, map[string]any{"poolIds": "all"}).wantError(http.StatusBadRequest, "invalid", "")
			admin.post(path, map[string]any{"poolIds": []string{"x"}}).wantError(http.StatusBadRequest, "invalid", "")
			many := make([]int, 501)
			for i := range many {
				many[i] = i + 1
			}
			admin.post(path, map[string]any{"poolIds": many}).wantError(http.StatusBadRequest, "invalid", "At most 500 pools at a time")
		}
	})
}
