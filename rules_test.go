package squares_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/squaresapp/squares"
)

// TestRulesJSON keeps the contract's member names: {grid, numbers, payouts: [{period, percent}],
// reversePercent, everyScorePercent, unfilled}.
func TestRulesJSON(t *testing.T) {
	b, err := json.Marshal(squares.DefaultRules(squares.LeagueNFL))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"grid":100,"numbers":"once","payouts":[{"period":"Q1","percent":25},{"period":"Q2","percent":25},` +
		`{"period":"Q3","percent":25},{"period":"FINAL","percent":25}],"reversePercent":0,"everyScorePercent":0,"unfilled":"cancel"}`
	if string(b) != want {
		t.Errorf("default rules JSON\n got %s\nwant %s", b, want)
	}
	var r squares.Rules
	if err := json.Unmarshal([]byte(`{"grid":25,"numbers":"per-period","payouts":[{"period":"FINAL","percent":60}],`+
		`"reversePercent":10,"everyScorePercent":40,"unfilled":"play"}`), &r); err != nil {
		t.Fatal(err)
	}
	if r.Grid != 25 || r.Numbers != "per-period" || len(r.Payouts) != 1 || r.Payouts[0] != (squares.PayoutShare{Period: "FINAL", Percent: 60}) ||
		r.ReversePercent != 10 || r.EveryScorePercent != 40 || r.Unfilled != "play" {
		t.Errorf("decoded %+v", r)
	}
}

// TestDefaultRulesAreToday: the defaults are today's rules, whose schedule the pool JSON keeps reporting.
func TestDefaultRulesAreToday(t *testing.T) {
	for _, tc := range []struct {
		league   int64
		schedule []int64
	}{{squares.LeagueNFL, squares.PayoutQuarters}, {squares.LeagueNBA, squares.PayoutQuarters},
		{squares.LeagueNCAAF, squares.PayoutQuarters}, {squares.LeagueNCAAB, squares.PayoutHalves}} {
		r := squares.DefaultRules(tc.league)
		if err := squares.CheckRules(squares.RulesInput{Rules: r, LeagueID: tc.league}); err != nil {
			t.Errorf("league %d: default rules refused: %v", tc.league, err)
		}
		if got := r.PayoutSchedule(); !slices.Equal(got, tc.schedule) {
			t.Errorf("league %d: schedule %v, want %v", tc.league, got, tc.schedule)
		}
		if !r.IsDefault(tc.league) || r.Grid != 100 || r.Numbers != "once" || r.Unfilled != "cancel" {
			t.Errorf("league %d: default rules %+v", tc.league, r)
		}
		if got := squares.RulesFromSchedule(tc.schedule, tc.league); !got.IsDefault(tc.league) {
			t.Errorf("league %d: rules of today's schedule %+v", tc.league, got)
		}
		if got := (squares.Rules{}).WithDefaults(tc.league); !got.IsDefault(tc.league) {
			t.Errorf("league %d: zero rules with defaults %+v", tc.league, got)
		}
	}
	heavy := squares.RulesFromSchedule(squares.PayoutQuartersHeavy, squares.LeagueNFL)
	if got := heavy.PayoutSchedule(); !slices.Equal(got, squares.PayoutQuartersHeavy) || heavy.IsDefault(squares.LeagueNFL) {
		t.Errorf("20/30/20/30 rules %+v give schedule %v", heavy, got)
	}
	if got := squares.RulesFromSchedule(squares.PayoutHalvesHeavy, squares.LeagueNCAAB).PayoutSchedule(); !slices.Equal(got, squares.PayoutHalvesHeavy) {
		t.Errorf("40/60 schedule %v", got)
	}
}

func TestRulesPresets(t *testing.T) {
	for _, league := range []int64{squares.LeagueNFL, squares.LeagueNCAAB} {
		presets := squares.RulesPresets(league)
		var names []string
		for _, p := range presets {
			names = append(names, p.Name)
			for _, private := range []bool{true, false} {
				if err := squares.CheckRules(squares.RulesInput{Rules: p.Rules, LeagueID: league, Private: private}); err != nil {
					t.Errorf("league %d: preset %q refused: %v", league, p.Name, err)
				}
			}
		}
		if !slices.Equal(names, []string{"Standard", "20/30/20/30", "Every score", "Reverse"}) {
			t.Errorf("presets %v", names)
		}
		if !presets[0].Rules.IsDefault(league) || presets[2].Rules.EveryScorePercent == 0 || presets[3].Rules.ReversePercent == 0 {
			t.Errorf("league %d: presets %+v", league, presets)
		}
	}
	if got := squares.RulesPresets(squares.LeagueNFL)[1].Rules.PayoutSchedule(); !slices.Equal(got, squares.PayoutQuartersHeavy) {
		t.Errorf("20/30/20/30 preset pays %v", got)
	}
}

func TestCheckRules(t *testing.T) {
	std := func(f func(*squares.Rules)) squares.Rules {
		r := squares.DefaultRules(squares.LeagueNFL)
		f(&r)
		return r
	}
	pay := func(p ...any) []squares.PayoutShare {
		var out []squares.PayoutShare
		for i := 0; i < len(p); i += 2 {
			out = append(out, squares.PayoutShare{Period: p[i].(string), Percent: p[i+1].(int)})
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		rules   squares.Rules
		league  int64
		private bool
		field   string // "" when valid
	}{
		{"default", std(func(r *squares.Rules) {}), squares.LeagueNFL, false, ""},
		{"grid 50", std(func(r *squares.Rules) { r.Grid = 50 }), squares.LeagueNFL, false, ""},
		{"grid 25", std(func(r *squares.Rules) { r.Grid = 25 }), squares.LeagueNFL, false, ""},
		{"grid 64", std(func(r *squares.Rules) { r.Grid = 64 }), squares.LeagueNFL, false, "rules.grid"},
		{"grid 0", std(func(r *squares.Rules) { r.Grid = 0 }), squares.LeagueNFL, false, "rules.grid"},
		{"per-period", std(func(r *squares.Rules) { r.Numbers = "per-period" }), squares.LeagueNFL, false, ""},
		{"numbers twice", std(func(r *squares.Rules) { r.Numbers = "twice" }), squares.LeagueNFL, false, "rules.numbers"},
		{"Q4 apart from the final", std(func(r *squares.Rules) { r.Payouts = pay("Q1", 20, "Q2", 20, "Q3", 20, "Q4", 20, "FINAL", 20) }), squares.LeagueNFL, false, ""},
		{"final only", std(func(r *squares.Rules) { r.Payouts = pay("FINAL", 100) }), squares.LeagueNFL, false, ""},
		{"any order", std(func(r *squares.Rules) { r.Payouts = pay("FINAL", 50, "Q2", 50) }), squares.LeagueNFL, false, ""},
		{"no final", std(func(r *squares.Rules) { r.Payouts = pay("Q1", 50, "Q2", 50) }), squares.LeagueNFL, false, "rules.payouts"},
		{"no payouts", std(func(r *squares.Rules) { r.Payouts = nil }), squares.LeagueNFL, false, "rules.payouts"},
		{"a period twice", std(func(r *squares.Rules) { r.Payouts = pay("Q1", 25, "Q1", 25, "Q3", 25, "FINAL", 25) }), squares.LeagueNFL, false, "rules.payouts"},
		{"unknown period", std(func(r *squares.Rules) { r.Payouts = pay("Q5", 50, "FINAL", 50) }), squares.LeagueNFL, false, "rules.payouts"},
		{"lower case period", std(func(r *squares.Rules) { r.Payouts = pay("q1", 50, "FINAL", 50) }), squares.LeagueNFL, false, "rules.payouts"},
		{"H1 in football", std(func(r *squares.Rules) { r.Payouts = pay("H1", 50, "FINAL", 50) }), squares.LeagueNFL, false, "rules.payouts"},
		{"H1 in college basketball", std(func(r *squares.Rules) { r.Payouts = pay("H1", 30, "FINAL", 70) }), squares.LeagueNCAAB, false, ""},
		{"Q1 in college basketball", std(func(r *squares.Rules) { r.Payouts = pay("Q1", 50, "FINAL", 50) }), squares.LeagueNCAAB, false, "rules.payouts"},
		{"zero percent period", std(func(r *squares.Rules) { r.Payouts = pay("Q1", 0, "FINAL", 100) }), squares.LeagueNFL, false, "rules.payouts"},
		{"negative percent", std(func(r *squares.Rules) { r.Payouts = pay("Q1", -10, "FINAL", 110) }), squares.LeagueNFL, false, "rules.payouts"},
		{"sum 99", std(func(r *squares.Rules) { r.Payouts = pay("Q1", 24, "Q2", 25, "Q3", 25, "FINAL", 25) }), squares.LeagueNFL, false, "rules.payouts"},
		{"sum 101", std(func(r *squares.Rules) { r.Payouts = pay("Q1", 26, "Q2", 25, "Q3", 25, "FINAL", 25) }), squares.LeagueNFL, false, "rules.payouts"},
		{"every score 100, final 0", std(func(r *squares.Rules) { r.Payouts = pay("FINAL", 0); r.EveryScorePercent = 100 }), squares.LeagueNFL, false, ""},
		{"every score 40", std(func(r *squares.Rules) { r.Payouts = pay("Q2", 20, "FINAL", 40); r.EveryScorePercent = 40 }), squares.LeagueNFL, false, ""},
		{"every score over the sum", std(func(r *squares.Rules) { r.EveryScorePercent = 10 }), squares.LeagueNFL, false, "rules.payouts"},
		{"every score 101", std(func(r *squares.Rules) { r.Payouts = pay("FINAL", 0); r.EveryScorePercent = 101 }), squares.LeagueNFL, false, "rules.everyScorePercent"},
		{"every score negative", std(func(r *squares.Rules) { r.EveryScorePercent = -1 }), squares.LeagueNFL, false, "rules.everyScorePercent"},
		{"reverse 50", std(func(r *squares.Rules) { r.ReversePercent = 50 }), squares.LeagueNFL, false, ""},
		{"reverse 51", std(func(r *squares.Rules) { r.ReversePercent = 51 }), squares.LeagueNFL, false, "rules.reversePercent"},
		{"reverse negative", std(func(r *squares.Rules) { r.ReversePercent = -5 }), squares.LeagueNFL, false, "rules.reversePercent"},
		{"play, private", std(func(r *squares.Rules) { r.Unfilled = "play" }), squares.LeagueNFL, true, ""},
		{"play, public", std(func(r *squares.Rules) { r.Unfilled = "play" }), squares.LeagueNFL, false, "rules.unfilled"},
		{"unfilled refund", std(func(r *squares.Rules) { r.Unfilled = "refund" }), squares.LeagueNFL, true, "rules.unfilled"},
		{"unfilled empty (defaults not filled)", std(func(r *squares.Rules) { r.Unfilled = "" }), squares.LeagueNFL, true, "rules.unfilled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := squares.CheckRules(squares.RulesInput{Rules: tc.rules, LeagueID: tc.league, Private: tc.private})
			if tc.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var e *squares.Error
			if !errors.As(err, &e) || e.Code != squares.EINVALIDINPUT || e.Fields[tc.field] == "" || e.Message == "" {
				t.Fatalf("err = %#v, want invalid_input naming %s", err, tc.field)
			}
		})
	}
	// Several faults at once name each field.
	bad := squares.Rules{Grid: 7, Numbers: "x", Payouts: nil, ReversePercent: 90, EveryScorePercent: 200, Unfilled: "x"}
	var e *squares.Error
	if err := squares.CheckRules(squares.RulesInput{Rules: bad, LeagueID: squares.LeagueNFL}); !errors.As(err, &e) || len(e.Fields) != 6 {
		t.Errorf("all wrong: %#v", err)
	}
}

func TestRulesWithDefaultsOrdersPayouts(t *testing.T) {
	r := squares.Rules{Grid: 25, Payouts: []squares.PayoutShare{{"FINAL", 40}, {"Q4", 10}, {"Q2", 30}, {"Q1", 20}}}.WithDefaults(squares.LeagueNFL)
	want := []squares.PayoutShare{{"Q1", 20}, {"Q2", 30}, {"Q4", 10}, {"FINAL", 40}}
	if !slices.Equal(r.Payouts, want) || r.Grid != 25 || r.Numbers != "once" || r.Unfilled != "cancel" {
		t.Errorf("with defaults %+v", r)
	}
	if got := r.PayoutSchedule(); !slices.Equal(got, []int64{20, 30, 10, 40}) {
		t.Errorf("schedule %v", got)
	}
}

func TestPeriodShares(t *testing.T) {
	r := squares.Rules{Payouts: []squares.PayoutShare{{"Q1", 20}, {"Q2", 20}, {"Q3", 20}, {"Q4", 7}, {"FINAL", 20}}, EveryScorePercent: 13}
	shares, every := r.PeriodShares(1001, squares.LeagueNFL) // $10.01
	var got []squares.Cents
	sum := every
	for _, s := range shares {
		got = append(got, s.Amount)
		sum += s.Amount
	}
	// floor(1001 x 20%) = 200, x 7% = 70, x 13% = 130: 1001 - 4x200 - 70 - 130 = 1 cent to the final.
	if !slices.Equal(got, []squares.Cents{200, 200, 200, 70, 201}) || every != 130 || sum != 1001 {
		t.Errorf("shares %v every %v", got, every)
	}
	if shares[4].Label != "Final" || shares[3].Label != "Q4" || shares[0].Period != "Q1" {
		t.Errorf("labels %+v", shares)
	}
	halves, _ := squares.DefaultRules(squares.LeagueNCAAB).PeriodShares(90_001, squares.LeagueNCAAB)
	if halves[0].Label != "1st Half" || halves[0].Amount != 45_000 || halves[1].Amount != 45_001 {
		t.Errorf("halves %+v", halves)
	}
}

func TestPeriodsAndLabels(t *testing.T) {
	for _, tc := range []struct {
		quarter int
		league  int64
		inPlay  string
		label   string
	}{
		{0, squares.LeagueNFL, "Q1", "Q1"}, {1, squares.LeagueNFL, "Q1", "Q1"}, {2, squares.LeagueNFL, "Q2", "Q2"},
		{4, squares.LeagueNFL, "Q4", "Q4"}, {5, squares.LeagueNFL, "OT", "Final"}, {7, squares.LeagueNBA, "OT", "Final"},
		{1, squares.LeagueNCAAB, "H1", "1st Half"}, {2, squares.LeagueNCAAB, "H2", "Final"}, {3, squares.LeagueNCAAB, "OT", "Final"},
	} {
		inPlay := squares.InPlayPeriod(tc.quarter, tc.league)
		if inPlay != tc.inPlay || squares.InPlayLabel(inPlay) != tc.label {
			t.Errorf("quarter %d of league %d: %s %q, want %s %q", tc.quarter, tc.league, inPlay, squares.InPlayLabel(inPlay), tc.inPlay, tc.label)
		}
	}
	for p, want := range map[string]string{"Q1": "Q1", "Q2": "Q2", "Q3": "Q3", "Q4": "Q4", "FINAL": "Final", "H1": "1st Half"} {
		if got := squares.PayingPeriodLabel(p, squares.LeagueNFL); got != want {
			t.Errorf("label of %s = %q, want %q", p, got, want)
		}
	}
	// The numbers deciding a score change: the first paying period ending with or after its period in play.
	r := squares.Rules{Payouts: []squares.PayoutShare{{"Q2", 50}, {"Q4", 20}, {"FINAL", 30}}}
	for inPlay, want := range map[string]string{"Q1": "Q2", "Q2": "Q2", "Q3": "Q4", "Q4": "Q4", "OT": "FINAL"} {
		if got := r.DecidingPeriod(inPlay); got != want {
			t.Errorf("deciding period of %s = %s, want %s", inPlay, got, want)
		}
	}
	std := squares.DefaultRules(squares.LeagueNFL)
	if got := std.DecidingPeriod("Q4"); got != "FINAL" {
		t.Errorf("Q4 without a Q4 payout decided by %s", got)
	}
	halves := squares.DefaultRules(squares.LeagueNCAAB)
	for inPlay, want := range map[string]string{"H1": "H1", "H2": "FINAL", "OT": "FINAL"} {
		if got := halves.DecidingPeriod(inPlay); got != want {
			t.Errorf("halves: deciding period of %s = %s, want %s", inPlay, got, want)
		}
	}
}

func TestCheckRulesChange(t *testing.T) {
	pool := func(f func(p *squares.Pool)) *squares.Pool {
		p := &squares.Pool{ID: 3, Status: squares.PoolDraft, Game: &squares.Game{LeagueID: squares.LeagueNFL}}
		f(p)
		return p
	}
	reverse := squares.RulesPresets(squares.LeagueNFL)[3].Rules
	bad := reverse
	bad.ReversePercent = 60
	play := reverse
	play.Unfilled = squares.UnfilledPlay
	for _, tc := range []struct {
		name  string
		c     squares.RulesChange
		code  string
		field string
	}{
		{"a draft", squares.RulesChange{Pool: pool(func(p *squares.Pool) {}), Rules: reverse}, "", ""},
		{"an active pool with nothing sold", squares.RulesChange{Pool: pool(func(p *squares.Pool) { p.Status = squares.PoolActive }), Rules: reverse}, "", ""},
		{"invalid rules", squares.RulesChange{Pool: pool(func(p *squares.Pool) {}), Rules: bad}, squares.EINVALIDINPUT, "rules.reversePercent"},
		{"invalid rules of a pool with squares taken: the input first",
			squares.RulesChange{Pool: pool(func(p *squares.Pool) { p.SquaresTaken = 3 }), Rules: bad}, squares.EINVALIDINPUT, "rules.reversePercent"},
		{"a public pool cannot play unfilled", squares.RulesChange{Pool: pool(func(p *squares.Pool) {}), Rules: play}, squares.EINVALIDINPUT, "rules.unfilled"},
		{"a square taken", squares.RulesChange{Pool: pool(func(p *squares.Pool) { p.Status, p.SquaresTaken = squares.PoolActive, 1 }), Rules: reverse}, squares.EUNPROCESSABLE, ""},
		{"a square held", squares.RulesChange{Pool: pool(func(p *squares.Pool) { p.Status = squares.PoolActive }), Rules: reverse, Held: 1}, squares.EUNPROCESSABLE, ""},
		{"a private pool", squares.RulesChange{Pool: pool(func(p *squares.Pool) { p.IsPrivate = true }), Rules: reverse}, squares.EUNPROCESSABLE, ""},
		{"a cancelled pool", squares.RulesChange{Pool: pool(func(p *squares.Pool) { p.Status = squares.PoolCancelled }), Rules: reverse}, squares.EUNPROCESSABLE, ""},
	} {
		err := squares.CheckRulesChange(tc.c)
		var e *squares.Error
		switch {
		case tc.code == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.code != "" && (!errors.As(err, &e) || e.Code != tc.code || tc.field != "" && e.Fields[tc.field] == ""):
			t.Errorf("%s: %#v, want %s %s", tc.name, err, tc.code, tc.field)
		}
	}
}

func TestRulesReadScoreChanges(t *testing.T) {
	std := squares.DefaultRules(squares.LeagueNFL)
	withQ4 := std
	withQ4.Payouts = []squares.PayoutShare{{Period: squares.PeriodQ4, Percent: 50}, {Period: squares.PeriodFinal, Percent: 50}}
	every := squares.RulesPresets(squares.LeagueNFL)[2].Rules
	for _, c := range []struct {
		rules        squares.Rules
		q4, readsAll bool
	}{{std, false, false}, {withQ4, true, true}, {every, false, true}} {
		if c.rules.Pays(squares.PeriodQ4) != c.q4 || c.rules.ReadsScoreChanges() != c.readsAll || !c.rules.Pays(squares.PeriodFinal) {
			t.Errorf("rules %+v: pays Q4 %v, reads score changes %v", c.rules, c.rules.Pays(squares.PeriodQ4), c.rules.ReadsScoreChanges())
		}
	}
}
