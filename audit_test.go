package squares

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestAuditChanges(t *testing.T) {
	type change struct{ field, before, after string } // "" for a value that is absent
	for _, tc := range []struct {
		name          string
		before, after string
		want          []change
	}{
		{"a status change", `{"status":"draft"}`, `{"status":"active"}`, []change{{"status", `"draft"`, `"active"`}}},
		{"only the fields that changed, in the snapshot's order",
			`{"name":"$5 Pool","gameId":3,"entryFee":"5.00","status":"active","isFeatured":false}`,
			`{"name":"$5 Pool","gameId":3,"entryFee":"5.00","status":"active","isFeatured":true,"featuredReason":"Pool of the Week","featuredUntil":"2026-11-29T18:00:00Z"}`,
			[]change{{"isFeatured", "false", "true"}, {"featuredReason", "", `"Pool of the Week"`},
				{"featuredUntil", "", `"2026-11-29T18:00:00Z"`}}},
		{"a field only before", `{"featuredReason":"Pool of the Week","isFeatured":true}`, `{"isFeatured":false}`,
			[]change{{"isFeatured", "true", "false"}, {"featuredReason", `"Pool of the Week"`, ""}}},
		{"a creation: every field", ``, `{"leagueId":1,"homeTeam":"Buffalo Bills"}`,
			[]change{{"leagueId", "", "1"}, {"homeTeam", "", `"Buffalo Bills"`}}},
		{"a deletion: every field", `{"name":"Free Pool"}`, ``, []change{{"name", `"Free Pool"`, ""}}},
		{"values compared as JSON, not text", `{"n": 1.0, "o": {"b": 2, "a": 1}, "s": null}`, `{"n":1,"o":{"a":1,"b":2},"s":null}`, []change{}},
		{"null to a value", `{"homeScore":null}`, `{"homeScore":7}`, []change{{"homeScore", "null", "7"}}},
		{"nested values compared whole", `{"score":{"home":7,"away":3}}`, `{"score":{"home":7,"away":10}}`,
			[]change{{"score", `{"home":7,"away":3}`, `{"home":7,"away":10}`}}},
		{"nothing changed", `{"twoFactor":true}`, `{"twoFactor":true}`, []change{}},
		{"neither side", ``, ``, []change{}},
		{"snapshots that are not objects", `"W11"`, `"W12"`, []change{{"", `"W11"`, `"W12"`}}},
		{"the same scalar", `7`, ` 7 `, []change{}},
		{"an object against a scalar", `{"a":1}`, `2`, []change{{"", `{"a":1}`, "2"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []change
			for _, c := range AuditChanges(json.RawMessage(tc.before), json.RawMessage(tc.after)) {
				got = append(got, change{c.Field, string(c.Before), string(c.After)})
			}
			if got == nil {
				got = []change{}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("AuditChanges(%s, %s) = %q, want %q", tc.before, tc.after, got, tc.want)
			}
		})
	}
	// Never nil, so the API answers [] rather than null.
	if AuditChanges(nil, nil) == nil {
		t.Error("AuditChanges(nil, nil) is nil")
	}
}
