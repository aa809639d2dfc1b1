package http_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPoolRulesAPI: the presets are served per league; a private pool is created with rules (a 25-square
// board, per-period numbers, every score, reverse), which its JSON gives with its rows, columns, payout
// schedule and one committed number set per paying period; invalid rules answer 400 invalid_input naming
// the field and create nothing; an admin sets a public draft's rules (422 once a square is taken, 403 for a
// player, 400 for invalid ones).
func TestPoolRulesAPI(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		pools := s.paidGame(t)
		gameID := pools[0].GameID
		creator, _ := s.storePlayer(t, squares.RoleUser)
		admin := s.admin(t)

		presets := s.client(t).get("/api/rules/presets").want(http.StatusOK).list()
		if len(presets) != 4 || presets[0]["name"] != "Standard" || presets[2]["name"] != "Every score" {
			t.Fatalf("presets %v", presets)
		}
		halves := s.client(t).get(fmt.Sprintf("/api/rules/presets?leagueId=%d", squares.LeagueNCAAB)).want(http.StatusOK).list()
		if p := halves[0]["rules"].(map[string]any)["payouts"].([]any); len(p) != 2 {
			t.Fatalf("college basketball presets %v", halves)
		}
		s.client(t).get("/api/rules/presets?leagueId=x").wantInvalidInput("leagueId")

		rules := map[string]any{"grid": 25, "numbers": "per-period", "reversePercent": 20, "everyScorePercent": 40,
			"unfilled": "play", "payouts": []map[string]any{{"period": "Q1", "percent": 15}, {"period": "Q2", "percent": 15},
				{"period": "Q3", "percent": 15}, {"period": "FINAL", "percent": 15}}}
		body := func(r map[string]any) map[string]any {
			return map[string]any{"gameId": gameID, "name": "Small board", "entryFee": "4.00", "maxSquaresPerPlayer": 10,
				"rules": r}
		}
		before := s.counts(t)
		for _, c := range []struct {
			key   string
			value any
			field string
		}{
			{"grid", 36, "rules.grid"}, {"numbers", "twice", "rules.numbers"}, {"reversePercent", 51, "rules.reversePercent"},
			{"everyScorePercent", 50, "rules.payouts"}, {"unfilled", "maybe", "rules.unfilled"},
			{"payouts", []map[string]any{{"period": "H1", "percent": 60}}, "rules.payouts"},
		} {
			bad := map[string]any{}
			for k, v := range rules {
				bad[k] = v
			}
			bad[c.key] = c.value
			creator.post("/api/pools/private", body(bad)).wantInvalidInput(c.field)
		}
		if after := s.counts(t); after != before {
			t.Fatalf("refusals created something: %s, then %s", before, after)
		}
		created := creator.post("/api/pools/private", body(rules)).want(http.StatusCreated).obj()
		pool := created["pool"].(map[string]any)
		got := pool["rules"].(map[string]any)
		sets := pool["numberSets"].([]any)
		if pool["rows"] != 5.0 || pool["columns"] != 5.0 || pool["maxParticipants"] != 25.0 || got["grid"] != 25.0 ||
			got["numbers"] != "per-period" || got["everyScorePercent"] != 40.0 || fmt.Sprint(pool["payoutSchedule"]) != "[15 15 15 15]" ||
			len(sets) != 4 || pool["everyScoreShare"] != "40.00" {
			t.Fatalf("created pool %v", pool)
		}
		first := sets[0].(map[string]any)
		if first["period"] != "Q1" || first["seedSha256"] != pool["drawCommitment"] || first["seed"] != "" ||
			len(first["homeNumbers"].([]any)) != 0 || sets[3].(map[string]any)["period"] != "FINAL" {
			t.Fatalf("number sets %v", sets)
		}
		// An old client's payout schedule still creates a pool of today's rules.
		old := creator.post("/api/pools/private", map[string]any{"gameId": gameID, "name": "Old client", "entryFee": "1.00",
			"payoutSchedule": "20/30/20/30"}).want(http.StatusCreated).obj()["pool"].(map[string]any)
		if r := old["rules"].(map[string]any); r["grid"] != 100.0 || old["rows"] != 10.0 || len(old["numberSets"].([]any)) != 1 ||
			fmt.Sprint(r["payouts"]) != "[map[percent:20 period:Q1] map[percent:30 period:Q2] map[percent:20 period:Q3] map[percent:30 period:FINAL]]" {
			t.Fatalf("old client's pool %v", old)
		}

		draft := pools[3] // the $10 pool, a draft
		path := fmt.Sprintf("/api/admin/pools/%d/rules", draft.ID)
		reverse := map[string]any{"reversePercent": 25}
		creator.do("PATCH", path, map[string]any{"rules": reverse}).want(http.StatusForbidden)
		admin.do("PATCH", path, map[string]any{"rules": map[string]any{"unfilled": "play"}}).wantInvalidInput("rules.unfilled")
		admin.do("PATCH", path, map[string]any{}).wantInvalidInput("rules")
		set := admin.do("PATCH", path, map[string]any{"rules": reverse}).want(http.StatusOK).obj()
		if set["rules"].(map[string]any)["reversePercent"] != 25.0 {
			t.Fatalf("rules set %v", set)
		}
		open := pools[1] // the $1 pool, active: a square taken fixes its rules
		s.buyInStore(t, open, 1, 0)
		admin.do("PATCH", fmt.Sprintf("/api/admin/pools/%d/rules", open.ID), map[string]any{"rules": reverse}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "Squares of this pool are taken; its rules can no longer change.")
	})
}
