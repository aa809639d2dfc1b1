package http_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestHealthAndUnknownPaths(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c := s.client(t)
		if b := c.get("/healthz").want(http.StatusOK).obj(); b["status"] != "ok" {
			t.Errorf("healthz = %v", b)
		}
		c.get("/api/nope").wantError(http.StatusNotFound, "not_found", "No such API call: GET /api/nope")
		c.post("/api/pools/1/nope", "{}").wantError(http.StatusNotFound, "not_found", "")
		c.do("DELETE", "/api/leagues", nil).wantError(http.StatusNotFound, "not_found", "")
		// Pages are the web app's: without a built app, a short notice.
		for _, p := range []string{"/", "/dashboard", "/pool/12", "/admin/pools"} {
			r := c.get(p).want(http.StatusOK)
			if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") || !strings.Contains(string(r.Body), "Squares API server") {
				t.Errorf("GET %s = %q (%s)", p, r.Body, r.Header.Get("Content-Type"))
			}
		}
		// Security headers on every answer.
		r := c.get("/api/leagues")
		if r.Header.Get("X-Content-Type-Options") != "nosniff" || r.Header.Get("X-Frame-Options") != "DENY" ||
			r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("headers = %v", r.Header)
		}
	})
}

func TestLeaguesAndTeams(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c := s.client(t)
		leagues := c.get("/api/leagues").want(http.StatusOK).list()
		if len(leagues) != 4 {
			t.Fatalf("leagues = %v", leagues)
		}
		want := map[string]any{"id": 1.0, "name": "NFL", "displayName": "National Football League", "sport": "football",
			"isActive": true, "activeWeek": nil}
		for k, v := range want {
			if leagues[0][k] != v {
				t.Errorf("NFL %s = %v, want %v", k, leagues[0][k], v)
			}
		}
		var ids []int64
		for _, l := range leagues {
			ids = append(ids, num(t, l["id"]))
		}
		if !slices.Equal(ids, []int64{1, 2, 5, 6}) {
			t.Errorf("league ids = %v", ids)
		}

		if b := c.get("/api/leagues/1/active-week").want(http.StatusOK).obj(); num(t, b["leagueId"]) != 1 || b["activeWeek"] != nil {
			t.Errorf("active week = %v", b)
		}
		if _, err := s.db.SetActiveWeek(context.Background(), squares.LeagueNFL, "W12"); err != nil {
			t.Fatal(err)
		}
		if b := c.get("/api/leagues/1/active-week").obj(); b["activeWeek"] != "W12" {
			t.Errorf("active week after setting = %v", b)
		}
		c.get("/api/leagues/99/active-week").wantError(http.StatusNotFound, "not_found", "League not found.")
		c.get("/api/leagues/abc/active-week").wantError(http.StatusBadRequest, "invalid", "")

		teams := c.get("/api/teams?leagueId=1").want(http.StatusOK).list()
		if len(teams) != 32 {
			t.Fatalf("%d teams", len(teams))
		}
		colour := regexp.MustCompile(`^#[0-9A-F]{6}$`)
		for _, tm := range teams {
			if len(tm) != 5 || tm["name"] == "" || tm["abbreviation"] == "" || tm["city"] == "" ||
				!colour.MatchString(fmt.Sprint(tm["primaryColor"])) || !colour.MatchString(fmt.Sprint(tm["secondaryColor"])) {
				t.Errorf("team = %v", tm)
			}
		}
		if teams[0]["name"] != "Arizona Cardinals" || teams[0]["abbreviation"] != "ARI" {
			t.Errorf("first team = %v", teams[0])
		}
		if d := c.get("/api/teams").list(); len(d) != 32 {
			t.Errorf("teams without a league = %d, want the NFL's 32", len(d))
		}
		if nba := c.get("/api/teams?leagueId=2").want(http.StatusOK); string(nba.Body) != "[]\n" {
			t.Errorf("NBA teams = %s, want []", nba.Body)
		}
		c.get("/api/teams?leagueId=abc").wantError(http.StatusBadRequest, "invalid", "", "leagueId", "Invalid leagueId: must be a positive number.")
	})
}

func TestListGames(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c := s.client(t)
		now := time.Now().UTC().Truncate(time.Second)
		old, _ := s.game(t, "W11", now.Add(-7*time.Hour))
		live, _ := s.game(t, "W12", now.Add(-5*time.Hour))
		later, _ := s.game(t, "W12", now.Add(72*time.Hour))
		soon, _ := s.game(t, "W12", now.Add(24*time.Hour))
		ids := func(games []map[string]any) []int64 {
			var out []int64
			for _, g := range games {
				out = append(out, num(t, g["id"]))
			}
			return out
		}
		// Upcoming and live games (kickoff within 6 hours or later), by kickoff.
		if got := ids(c.get("/api/games").want(http.StatusOK).list()); !slices.Equal(got, []int64{live.ID, soon.ID, later.ID}) {
			t.Errorf("games = %v", got)
		}
		if got := ids(c.get("/api/games?leagueId=1&includeAll=true").list()); !slices.Equal(got, []int64{old.ID, live.ID, soon.ID, later.ID}) {
			t.Errorf("all games = %v", got)
		}
		if b := c.get("/api/games?leagueId=2&includeAll=true").want(http.StatusOK); string(b.Body) != "[]\n" {
			t.Errorf("NBA games = %s", b.Body)
		}
		c.get("/api/games?leagueId=-1").wantError(http.StatusBadRequest, "invalid", "")

		g := c.get("/api/games").list()[1]
		want := map[string]any{"leagueId": 1.0, "homeTeam": "Buffalo Bills", "awayTeam": "Kansas City Chiefs",
			"homeTeamColor": "#00338D", "awayTeamColor": "#E31837", "gameDate": soon.GameDate.Format(time.RFC3339),
			"status": "scheduled", "homeScore": nil, "awayScore": nil, "quarter": 0.0, "week": "W12", "season": 2026.0,
			"venue": "Highmark Stadium", "homeScoreQ1": nil, "homeScoreQ2": nil, "homeScoreQ3": nil, "homeScoreQ4": nil,
			"awayScoreQ1": nil, "awayScoreQ2": nil, "awayScoreQ3": nil, "awayScoreQ4": nil}
		for k, v := range want {
			if got, ok := g[k]; !ok || got != v {
				t.Errorf("game %s = %v, want %v", k, got, v)
			}
		}
		if !strings.HasSuffix(fmt.Sprint(g["gameDate"]), "Z") {
			t.Errorf("gameDate %v is not in UTC", g["gameDate"])
		}
	})
}

// poolFields are the keys of a pool object in docs/api.md (plus the sales window and draw time).
var poolFields = []string{"id", "name", "gameId", "game", "entryFee", "totalPot", "prizePool", "houseFee",
	"currentParticipants", "distinctPlayers", "maxParticipants", "maxSquaresPerPlayer", "status", "isPrivate",
	"isNonprofit", "isFeatured", "featuredReason", "featuredUntil", "payoutSchedule", "numbersGenerated",
	"homeNumbers", "awayNumbers", "drawCommitment", "drawSeed", "drawInput", "drawInputSha256", "inviteCode", "userSquareCount", "salesOpenAt",
	"createdAt", "decisionOutlook", "houseFeePercent", "prizePoolIfFull", "payouts"}

func poolIDsOf(t *testing.T, pools []map[string]any) []int64 {
	var out []int64
	for _, p := range pools {
		out = append(out, num(t, p["id"]))
	}
	return out
}

func TestListPools(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startAPI(t, engine)
		now := time.Now().UTC().Truncate(time.Second)
		g11, w11 := s.game(t, "W11", now.Add(30*time.Hour))
		g12, w12 := s.game(t, "W12", now.Add(72*time.Hour))
		s.activate(t, w11[0], w11[2], w12[0], w12[2], w12[3])
		if _, err := s.db.SetPoolStatus(ctx, w12[3].ID, squares.PoolInactive); err != nil {
			t.Fatal(err)
		}
		player, _ := s.register(t, "1990-01-01", "NY")
		admin := s.admin(t)
		anon := s.client(t)

		listed := []int64{w11[0].ID, w11[2].ID, w12[0].ID, w12[2].ID}
		for name, c := range map[string]*apiClient{"player": player, "signed out": anon} {
			if got := poolIDsOf(t, c.get("/api/pools").want(http.StatusOK).list()); !slices.Equal(got, listed) {
				t.Errorf("%s sees %v, want %v", name, got, listed)
			}
		}
		all := admin.get("/api/pools").want(http.StatusOK).list()
		if len(all) != 10 {
			t.Errorf("admin sees %d pools, want 10", len(all))
		}
		if got := poolIDsOf(t, admin.get("/api/pools?status=draft").list()); len(got) != 5 {
			t.Errorf("admin drafts = %v", got)
		}
		if got := poolIDsOf(t, admin.get("/api/pools?week=W11").list()); !slices.Equal(got, poolIDsOfViews(w11)) {
			t.Errorf("admin week W11 = %v", got)
		}
		admin.get("/api/pools?status=bogus").wantError(http.StatusBadRequest, "invalid", "")

		// With an active week, players see only that week's pools.
		admin.post("/api/leagues/1/active-week", map[string]string{"week": "W12"}).want(http.StatusOK)
		if got := poolIDsOf(t, player.get("/api/pools?leagueId=1").list()); !slices.Equal(got, listed[2:]) {
			t.Errorf("player sees in W12 %v, want %v", got, listed[2:])
		}
		if got := poolIDsOf(t, player.get("/api/pools?leagueId=2").list()); len(got) != 0 {
			t.Errorf("NBA pools = %v", got)
		}

		// The shape of a pool.
		p := player.get("/api/pools").list()[1] // the $5 pool of week 12
		for _, k := range poolFields {
			if _, ok := p[k]; !ok {
				t.Errorf("pool has no %q: %v", k, p)
			}
		}
		want := map[string]any{"name": "$5 Pool", "entryFee": "5.00", "totalPot": "0.00", "prizePool": "0.00",
			"houseFee": "0.00", "currentParticipants": 0.0, "distinctPlayers": 0.0, "maxParticipants": 100.0,
			"maxSquaresPerPlayer": 5.0, "status": "active", "isPrivate": false, "isNonprofit": false, "isFeatured": false,
			"featuredReason": nil, "featuredUntil": nil, "numbersGenerated": false, "homeNumbers": nil, "awayNumbers": nil,
			"drawSeed": nil, "drawInput": nil, "drawInputSha256": nil, "inviteCode": nil, "userSquareCount": 0.0,
			"salesOpenAt": g12.GameDate.Add(-6 * 24 * time.Hour).Format(time.RFC3339)}
		for k, v := range want {
			if p[k] != v {
				t.Errorf("pool %s = %v, want %v", k, p[k], v)
			}
		}
		if num(t, p["id"]) != w12[2].ID || num(t, p["gameId"]) != g12.ID || fmt.Sprint(p["payoutSchedule"]) != "[25 25 25 25]" ||
			!regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(fmt.Sprint(p["drawCommitment"])) {
			t.Errorf("pool = %v", p)
		}
		if g := p["game"].(map[string]any); num(t, g["id"]) != g12.ID || g["homeTeam"] != "Buffalo Bills" || g["week"] != "W12" {
			t.Errorf("nested game = %v", g)
		}
		if free := player.get("/api/pools").list()[0]; free["salesOpenAt"] != nil || free["entryFee"] != "0.00" || free["name"] != "Free Pool" {
			t.Errorf("free pool = %v", free)
		}
		_ = g11
	})
}

func poolIDsOfViews(pools []*squares.PoolView) []int64 {
	var out []int64
	for _, p := range pools {
		out = append(out, p.ID)
	}
	return out
}

func TestGetPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startAPI(t, engine)
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0], pools[1])
		if _, err := s.db.SetPoolStatus(ctx, pools[1].ID, squares.PoolInactive); err != nil {
			t.Fatal(err)
		}
		player, _ := s.register(t, "1990-01-01", "NY")
		admin := s.admin(t)
		anon := s.client(t)
		path := func(p *squares.PoolView) string { return fmt.Sprintf("/api/pools/%d", p.ID) }

		for name, c := range map[string]*apiClient{"player": player, "signed out": anon} {
			if b := c.get(path(pools[0])).want(http.StatusOK).obj(); num(t, b["id"]) != pools[0].ID || b["status"] != "active" {
				t.Errorf("%s reads the active pool as %v", name, b)
			}
			c.get(path(pools[1])).wantError(http.StatusNotFound, "not_found", "Pool not found.") // inactive
			c.get(path(pools[2])).wantError(http.StatusNotFound, "not_found", "Pool not found.") // draft
			c.get(path(pools[2])+"/squares").wantError(http.StatusNotFound, "not_found", "")
		}
		for _, p := range pools {
			if b := admin.get(path(p)).want(http.StatusOK).obj(); num(t, b["id"]) != p.ID {
				t.Errorf("admin reads pool %d as %v", p.ID, b)
			}
		}
		admin.get(path(pools[2]) + "/squares").want(http.StatusOK)
		player.get("/api/pools/99999").wantError(http.StatusNotFound, "not_found", "Pool not found.")
		player.get("/api/pools/abc").wantError(http.StatusBadRequest, "invalid", "", "id", "Invalid id: must be a positive number.")
		player.get("/api/pools/0").wantError(http.StatusBadRequest, "invalid", "")
		if sq := player.get(path(pools[0]) + "/squares").want(http.StatusOK); string(sq.Body) != "[]\n" {
			t.Errorf("squares of an empty pool = %s", sq.Body)
		}
	})
}

// TestDrawnPoolReveal fills a free pool and reads it back: digits, the revealed seed matching the commitment
// published before, and the squares with their owners.
func TestDrawnPoolReveal(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startAPI(t, engine)
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0])
		c := s.client(t)
		before := c.get(fmt.Sprintf("/api/pools/%d", pools[0].ID)).want(http.StatusOK).obj()
		if before["drawSeed"] != nil || before["drawInput"] != nil || before["drawInputSha256"] != nil || before["numbersGenerated"] != false {
			t.Fatalf("seed shown before the draw: %v", before)
		}
		for i := 0; i < 100; i += 5 {
			u := &squares.User{Email: fmt.Sprintf("fill%d@example.com", i), PasswordHash: "x", FirstName: "Fill",
				LastName: fmt.Sprint(i), IsAgeVerified: true, IsEligibleToBet: true}
			if err := s.db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			var cells []squares.Cell
			for k := i; k < i+5; k++ {
				cells = append(cells, squares.Cell{Row: k / 10, Column: k % 10})
			}
			if _, err := s.db.ClaimSquares(ctx, store.Claim{PoolID: pools[0].ID, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
		}
		after := c.get(fmt.Sprintf("/api/pools/%d", pools[0].ID)).want(http.StatusOK).obj()
		seed, _ := after["drawSeed"].(string)
		sum := sha256.Sum256([]byte(seed))
		if after["status"] != "full" || after["numbersGenerated"] != true || num(t, after["currentParticipants"]) != 100 ||
			num(t, after["distinctPlayers"]) != 20 || after["drawCommitment"] != before["drawCommitment"] ||
			hex.EncodeToString(sum[:]) != before["drawCommitment"] {
			t.Fatalf("full pool = %v", after)
		}
		digits := func(v any) []int {
			var out []int
			for _, d := range v.([]any) {
				out = append(out, int(d.(float64)))
			}
			return out
		}
		if !squares.IsPermutation(digits(after["homeNumbers"])) || !squares.IsPermutation(digits(after["awayNumbers"])) {
			t.Errorf("digits = %v / %v", after["homeNumbers"], after["awayNumbers"])
		}
		// Full pools stay listed for players.
		if got := poolIDsOf(t, c.get("/api/pools").list()); !slices.Contains(got, pools[0].ID) {
			t.Errorf("full pool not listed: %v", got)
		}
		// Anyone can recompute the digits from the squares the API lists.
		sqs := c.get(fmt.Sprintf("/api/pools/%d/squares", pools[0].ID)).want(http.StatusOK).list()
		if len(sqs) != 100 {
			t.Fatalf("%d squares listed", len(sqs))
		}
		var owners [squares.SquaresPerPool]string
		for _, sq := range sqs {
			owners[num(t, sq["row"])*10+num(t, sq["column"])] = sq["userId"].(string)
		}
		home, away := squares.Draw(seed, pools[0].ID, owners)
		if !slices.Equal(home, digits(after["homeNumbers"])) || !slices.Equal(away, digits(after["awayNumbers"])) {
			t.Errorf("recomputed %v / %v, published %v / %v", home, away, after["homeNumbers"], after["awayNumbers"])
		}
		// The draw input published beside the seed is that ownership, with its SHA-256.
		input := squares.OwnershipText(owners)
		inputSum := sha256.Sum256([]byte(input))
		if after["drawInput"] != input || after["drawInputSha256"] != hex.EncodeToString(inputSum[:]) {
			t.Errorf("drawInput %v (sha256 %v), want %s", after["drawInput"], after["drawInputSha256"], input)
		}
		first := sqs[0]
		if first["purchasePrice"] != "0.00" || num(t, first["poolId"]) != pools[0].ID || num(t, first["row"]) != 0 ||
			num(t, first["column"]) != 0 || first["user"].(map[string]any)["firstName"] != "Fill" {
			t.Errorf("first square = %v", first)
		}
	})
}

func TestFeaturedPool(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startAPI(t, engine)
		c := s.client(t)
		if r := c.get("/api/pools/featured").want(http.StatusOK); strings.TrimSpace(string(r.Body)) != "null" {
			t.Fatalf("featured with none = %s", r.Body)
		}
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[2])
		until := time.Now().Add(7 * 24 * time.Hour).UTC().Truncate(time.Second)
		if _, err := s.db.FeaturePool(ctx, pools[2].ID, "Pool of the Week", until); err != nil {
			t.Fatal(err)
		}
		p := c.get("/api/pools/featured").want(http.StatusOK).obj()
		if num(t, p["id"]) != pools[2].ID || p["isFeatured"] != true || p["featuredReason"] != "Pool of the Week" ||
			p["featuredUntil"] != until.Format(time.RFC3339) || p["entryFee"] != "5.00" {
			t.Errorf("featured = %v", p)
		}
		// A featured pool players cannot see is no Pool of the Week.
		if _, err := s.db.SetPoolStatus(ctx, pools[2].ID, squares.PoolInactive); err != nil {
			t.Fatal(err)
		}
		if r := c.get("/api/pools/featured").want(http.StatusOK); strings.TrimSpace(string(r.Body)) != "null" {
			t.Errorf("featured inactive pool = %s", r.Body)
		}
	})
}

func TestUserPoolsAndStats(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		anon := s.client(t)
		anon.get("/api/user/pools").wantError(http.StatusUnauthorized, "unauthorized", "")
		anon.get("/api/user-pools").wantError(http.StatusUnauthorized, "unauthorized", "")

		stats := anon.get("/api/public/stats").want(http.StatusOK).obj()
		for k, v := range map[string]any{"totalRevenue": "0.00", "revenueToday": "0.00", "totalUsers": 0.0,
			"activePools": 0.0, "totalPools": 0.0, "squaresSold": 0.0} {
			if stats[k] != v {
				t.Errorf("empty stats %s = %v, want %v", k, stats[k], v)
			}
		}

		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.game(t, "W12", time.Now().Add(96*time.Hour))
		s.activate(t, pools[0], pools[1])
		ann, _ := s.register(t, "1990-01-01", "NY")
		bo, _ := s.register(t, "1990-01-01", "NY")
		s.admin(t) // admins are not counted as users
		if got := ann.get("/api/user/pools").want(http.StatusOK); string(got.Body) != "[]\n" {
			t.Errorf("pools before any claim = %s", got.Body)
		}
		for _, cell := range [][2]int{{0, 0}, {0, 1}, {5, 5}} {
			ann.post(fmt.Sprintf("/api/pools/%d/squares", pools[0].ID), map[string]int{"row": cell[0], "column": cell[1]}).
				want(http.StatusCreated)
		}
		bo.post(fmt.Sprintf("/api/pools/%d/squares", pools[0].ID), map[string]int{"row": 9, "column": 9}).want(http.StatusCreated)

		for _, path := range []string{"/api/user/pools", "/api/user-pools"} {
			mine := ann.get(path).want(http.StatusOK).list()
			if len(mine) != 1 || num(t, mine[0]["id"]) != pools[0].ID || num(t, mine[0]["userSquareCount"]) != 3 ||
				num(t, mine[0]["currentParticipants"]) != 4 || num(t, mine[0]["distinctPlayers"]) != 2 {
				t.Errorf("%s = %v", path, mine)
			}
		}
		if all := ann.get("/api/pools").list(); num(t, all[0]["userSquareCount"]) != 3 || num(t, all[1]["userSquareCount"]) != 0 {
			t.Errorf("userSquareCount in the list = %v / %v", all[0]["userSquareCount"], all[1]["userSquareCount"])
		}
		if p := anon.get(fmt.Sprintf("/api/pools/%d", pools[0].ID)).obj(); num(t, p["userSquareCount"]) != 0 {
			t.Errorf("userSquareCount signed out = %v", p["userSquareCount"])
		}

		stats = anon.get("/api/public/stats").want(http.StatusOK).obj()
		for k, v := range map[string]any{"totalRevenue": "0.00", "revenueToday": "0.00", "totalUsers": 2.0,
			"activePools": 2.0, "totalPools": 10.0, "squaresSold": 4.0} {
			if stats[k] != v {
				t.Errorf("stats %s = %v, want %v", k, stats[k], v)
			}
		}
	})
}
