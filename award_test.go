package squares_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
)

// The numbers of these tests: the test vector's set drawn once (vecHome, vecAway: a home digit's column
// is its place in vecHome, an away digit's row its place in vecAway), and the per-period test vector's sets.
var (
	onceSets      = []squares.NumberSet{{HomeNumbers: vecHome, AwayNumbers: vecAway}}
	perPeriodSets = []squares.NumberSet{
		{Period: "Q1", HomeNumbers: vecHome, AwayNumbers: vecAway},
		{Period: "Q2", HomeNumbers: []int{0, 7, 1, 4, 3, 5, 8, 2, 6, 9}, AwayNumbers: []int{5, 2, 8, 4, 9, 1, 0, 6, 7, 3}},
		{Period: "Q3", HomeNumbers: []int{4, 6, 7, 9, 2, 3, 5, 0, 1, 8}, AwayNumbers: []int{2, 1, 3, 9, 6, 5, 0, 4, 7, 8}},
		{Period: "FINAL", HomeNumbers: []int{3, 6, 9, 7, 2, 5, 4, 0, 1, 8}, AwayNumbers: []int{4, 7, 9, 6, 1, 5, 2, 3, 0, 8}},
	}
	// otReports is a football game won in overtime: 7-0, 7-3, 14-3 (halftime), 14-10, 17-10, 17-17 at the end
	// of regulation, 23-17 in overtime.
	otReports = []squares.ReportedScore{{1, 0, 0}, {1, 7, 0}, {2, 7, 3}, {2, 14, 3}, {3, 14, 10}, {4, 17, 10}, {4, 17, 17}, {5, 23, 17}}
	otChanges = squares.ScoreChanges(otReports, squares.LeagueNFL)
	otEnds    = squares.PeriodEndsOf(otChanges, squares.LeagueNFL, 5)
)

func payouts(p ...any) []squares.PayoutShare {
	var out []squares.PayoutShare
	for i := 0; i < len(p); i += 2 {
		out = append(out, squares.PayoutShare{Period: p[i].(string), Percent: p[i+1].(int)})
	}
	return out
}

// allTaken is a full board of n squares; taken less the given cells (row, column pairs) of a grid of n.
func allTaken(n int) []bool { return taken(n) }

func taken(n int, emptyCells ...int) []bool {
	g, _ := squares.GridOf(n)
	out := make([]bool, n)
	for i := range out {
		out[i] = true
	}
	for i := 0; i < len(emptyCells); i += 2 {
		out[g.Index(squares.Cell{Row: emptyCells[i], Column: emptyCells[i+1]})] = false
	}
	return out
}

// show writes an award as the tables below expect it: kind (a score's change number and deciding period,
// "shared" for a share of the final), label, square, score, amount.
func show(a squares.Award) string {
	kind := a.Kind
	switch {
	case a.Kind == squares.AwardScore:
		kind = fmt.Sprintf("score#%d/%s", a.Change, a.Period)
	case a.Shared:
		kind = "shared"
	}
	return fmt.Sprintf("%s %s %d,%d %d-%d %s", kind, a.PeriodLabel, a.Row, a.Column, a.HomeScore, a.AwayScore, a.Amount)
}

func rulesOf(f func(r *squares.Rules)) squares.Rules {
	r := squares.DefaultRules(squares.LeagueNFL)
	f(&r)
	return r
}

func TestAwards(t *testing.T) {
	std := rulesOf(func(r *squares.Rules) {})
	every := rulesOf(func(r *squares.Rules) {
		r.Payouts, r.EveryScorePercent = payouts("Q1", 10, "Q2", 15, "Q3", 10, "FINAL", 15), 50
	})
	for _, tc := range []struct {
		name      string
		rules     squares.Rules
		league    int64
		prizePool squares.Cents
		taken     []bool
		sets      []squares.NumberSet
		ends      []squares.PeriodEnd
		changes   []squares.ScoreChange
		want      []string
	}{
		{name: "today's rules, overtime: the final is the final score, not Q4's", rules: std, prizePool: 100_000,
			taken: allTaken(100), sets: onceSets, ends: otEnds, changes: otChanges,
			want: []string{"period Q1 1,0 7-0 250.00", "period Q2 5,9 14-3 250.00", "period Q3 1,9 14-10 250.00", "period Final 4,5 23-17 250.00"}},
		{name: "Q4 apart from the final, a cent of remainder to the final", prizePool: 100_001, taken: allTaken(100), sets: onceSets,
			rules: rulesOf(func(r *squares.Rules) { r.Payouts = payouts("Q1", 20, "Q2", 20, "Q3", 20, "Q4", 20, "FINAL", 20) }),
			ends:  otEnds,
			want: []string{"period Q1 1,0 7-0 200.00", "period Q2 5,9 14-3 200.00", "period Q3 1,9 14-10 200.00",
				"period Q4 4,0 17-17 200.00", "period Final 4,5 23-17 200.01"}},
		{name: "a game in progress pays the periods ended only", rules: std, prizePool: 100_000, taken: allTaken(100), sets: onceSets,
			ends: otEnds[:2], want: []string{"period Q1 1,0 7-0 250.00", "period Q2 5,9 14-3 250.00"}},
		{name: "nothing ended", rules: std, prizePool: 100_000, taken: allTaken(100), sets: onceSets, want: nil},
		{name: "reverse: floor of each period's prize to the reverse square, remainders to the final's winner",
			rules: rulesOf(func(r *squares.Rules) { r.ReversePercent = 20 }), prizePool: 99_999, taken: allTaken(100), sets: onceSets,
			ends: otEnds,
			want: []string{"reverse Q1 4,4 7-0 49.99", "period Q1 1,0 7-0 200.00", "reverse Q2 9,5 14-3 49.99", "period Q2 5,9 14-3 200.00",
				"reverse Q3 9,4 14-10 49.99", "period Q3 1,9 14-10 200.00", "reverse Final 5,0 23-17 49.99", "period Final 4,5 23-17 200.03"}},
		{name: "reverse: a square both winner and reverse winner gets the whole prize",
			rules: rulesOf(func(r *squares.Rules) { r.ReversePercent = 50 }), prizePool: 100_000, taken: allTaken(100), sets: onceSets,
			ends: []squares.PeriodEnd{{"Q1", 7, 7}, {"Q2", 10, 10}, {"Q3", 13, 3}, {"FINAL", 20, 3}},
			want: []string{"period Q1 4,0 7-7 250.00", "period Q2 1,4 10-10 250.00", "period Q3 5,5 13-3 250.00",
				"reverse Final 1,5 20-3 125.00", "period Final 5,4 20-3 125.00"}},
		{name: "every score with overtime: equal shares, the remainder to the final's winner", rules: every, prizePool: 100_000,
			taken: allTaken(100), sets: onceSets, ends: otEnds, changes: otChanges,
			want: []string{"period Q1 1,0 7-0 100.00", "period Q2 5,9 14-3 150.00", "period Q3 1,9 14-10 100.00",
				"score#1/Q1 Q1 1,0 7-0 71.42", "score#2/Q2 Q2 5,0 7-3 71.42", "score#3/Q2 Q2 5,9 14-3 71.42", "score#4/Q3 Q3 1,9 14-10 71.42",
				"score#5/FINAL Q4 1,0 17-10 71.42", "score#6/FINAL Q4 4,0 17-17 71.42", "score#7/FINAL Final 4,5 23-17 71.42",
				"period Final 4,5 23-17 150.06"}},
		{name: "every score in a game ending 0-0: the whole share to the final's winner", rules: every, prizePool: 100_000,
			taken: allTaken(100), sets: onceSets, ends: squares.PeriodEndsOf(nil, squares.LeagueNFL, 5),
			want: []string{"period Q1 1,4 0-0 100.00", "period Q2 1,4 0-0 150.00", "period Q3 1,4 0-0 100.00", "period Final 1,4 0-0 650.00"}},
		{name: "every score of the whole prize pool", prizePool: 1_000, taken: allTaken(100), sets: onceSets,
			rules: rulesOf(func(r *squares.Rules) { r.Payouts, r.EveryScorePercent = payouts("FINAL", 0), 100 }),
			ends:  otEnds[4:], changes: otChanges,
			want: []string{"score#1/FINAL Q1 1,0 7-0 1.42", "score#2/FINAL Q2 5,0 7-3 1.42", "score#3/FINAL Q2 5,9 14-3 1.42",
				"score#4/FINAL Q3 1,9 14-10 1.42", "score#5/FINAL Q4 1,0 17-10 1.42", "score#6/FINAL Q4 4,0 17-17 1.42",
				"score#7/FINAL Final 4,5 23-17 1.42", "period Final 4,5 23-17 0.06"}},
		{name: "25 squares, every score", rules: rulesOf(func(r *squares.Rules) { *r = every; r.Grid = 25 }), prizePool: 25_000, taken: allTaken(25), sets: onceSets, ends: otEnds, changes: otChanges,
			want: []string{"period Q1 0,0 7-0 25.00", "period Q2 2,4 14-3 37.50", "period Q3 0,4 14-10 25.00",
				"score#1/Q1 Q1 0,0 7-0 17.85", "score#2/Q2 Q2 2,0 7-3 17.85", "score#3/Q2 Q2 2,4 14-3 17.85", "score#4/Q3 Q3 0,4 14-10 17.85",
				"score#5/FINAL Q4 0,0 17-10 17.85", "score#6/FINAL Q4 2,0 17-17 17.85", "score#7/FINAL Final 2,2 23-17 17.85",
				"period Final 2,2 23-17 37.55"}},
		{name: "50 squares, reverse", rules: rulesOf(func(r *squares.Rules) { r.Grid, r.ReversePercent = 50, 20 }), prizePool: 50_000,
			taken: allTaken(50), sets: onceSets, ends: otEnds[:1], want: []string{"reverse Q1 4,2 7-0 25.00", "period Q1 1,0 7-0 100.00"}},
		{name: "numbers per period: each period and each score change with its period's set, Q4 and overtime the final's",
			rules: rulesOf(func(r *squares.Rules) { *r = every; r.Numbers = "per-period" }), prizePool: 100_000, taken: allTaken(100),
			sets: perPeriodSets, ends: otEnds, changes: otChanges,
			want: []string{"period Q1 1,0 7-0 100.00", "period Q2 9,3 14-3 150.00", "period Q3 6,0 14-10 100.00",
				"score#1/Q1 Q1 1,0 7-0 71.42", "score#2/Q2 Q2 9,1 7-3 71.42", "score#3/Q2 Q2 9,3 14-3 71.42", "score#4/Q3 Q3 6,0 14-10 71.42",
				"score#5/FINAL Q4 8,3 17-10 71.42", "score#6/FINAL Q4 1,3 17-17 71.42", "score#7/FINAL Final 1,0 23-17 71.42",
				"period Final 1,0 23-17 150.06"}},
		{name: "college basketball halves with overtime", rules: squares.DefaultRules(squares.LeagueNCAAB), league: squares.LeagueNCAAB,
			prizePool: 100_000, taken: allTaken(100), sets: onceSets, ends: []squares.PeriodEnd{{"H1", 30, 28}, {"FINAL", 66, 62}},
			want: []string{"period 1st Half 6,4 30-28 500.00", "period Final 8,8 66-62 500.00"}},
		{name: "a free pool records its winners with no money", rules: rulesOf(func(r *squares.Rules) { r.ReversePercent = 10 }),
			taken: allTaken(100), sets: onceSets, ends: otEnds[:1], want: []string{"reverse Q1 4,4 7-0 0.00", "period Q1 1,0 7-0 0.00"}},
		{name: "unfilled: empty winning squares pass their prizes on to the next paying period",
			rules: rulesOf(func(r *squares.Rules) { r.Grid, r.Unfilled = 25, "play" }), prizePool: 22_000,
			taken: taken(25, 0, 0, 2, 4, 1, 1, 3, 3), sets: onceSets, ends: otEnds, changes: otChanges,
			want: []string{"period Q3 0,4 14-10 165.00", "period Final 2,2 23-17 55.00"}},
		{name: "unfilled: the final's winning square empty, its prize shared by the taken squares, cents in row then column order",
			rules: rulesOf(func(r *squares.Rules) { r.Grid, r.Unfilled = 25, "play" }), prizePool: 21 * 1001,
			taken: taken(25, 0, 0, 2, 4, 2, 2, 4, 4), sets: onceSets, ends: otEnds, changes: otChanges,
			want: append([]string{"period Q3 0,4 14-10 157.65"}, sharedOf(25, []squares.Cell{{0, 0}, {2, 4}, {2, 2}, {4, 4}}, "Final", "23-17", 6, "2.51", "2.50")...)},
		{name: "unfilled: every period's prize rolls into the final's, shared by all",
			rules: rulesOf(func(r *squares.Rules) { r.Grid, r.Unfilled = 25, "play" }), prizePool: 20 * 1001,
			taken: taken(25, 0, 0, 2, 4, 2, 2, 4, 4, 0, 4), sets: onceSets, ends: otEnds, changes: otChanges,
			want: sharedOf(25, []squares.Cell{{0, 0}, {2, 4}, {2, 2}, {4, 4}, {0, 4}}, "Final", "23-17", 0, "10.01", "10.01")},
		{name: "unfilled with reverse: an empty reverse square passes its share on, the final's to the final's winner",
			rules:     rulesOf(func(r *squares.Rules) { r.ReversePercent, r.Unfilled = 20, "play" }),
			prizePool: 98_000, taken: taken(100, 4, 4, 5, 0), sets: onceSets, ends: otEnds, changes: otChanges,
			// Q1's reverse square 4,4 is empty: its 49.00 joins Q2's prize (245.00 + 49.00 = 294.00; reverse 58.80).
			want: []string{"period Q1 1,0 7-0 196.00", "reverse Q2 9,5 14-3 58.80", "period Q2 5,9 14-3 235.20",
				"reverse Q3 9,4 14-10 49.00", "period Q3 1,9 14-10 196.00", "period Final 4,5 23-17 245.00"}},
		{name: "unfilled with every score: an empty score square's share goes to the final's winner",
			rules: rulesOf(func(r *squares.Rules) { *r = every; r.Unfilled = "play" }), prizePool: 100_000,
			taken: taken(100, 5, 0, 4, 0), sets: onceSets, ends: otEnds, changes: otChanges,
			want: []string{"period Q1 1,0 7-0 100.00", "period Q2 5,9 14-3 150.00", "period Q3 1,9 14-10 100.00",
				"score#1/Q1 Q1 1,0 7-0 71.42", "score#3/Q2 Q2 5,9 14-3 71.42", "score#4/Q3 Q3 1,9 14-10 71.42",
				"score#5/FINAL Q4 1,0 17-10 71.42", "score#7/FINAL Final 4,5 23-17 71.42", "period Final 4,5 23-17 292.90"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			league := tc.league
			if league == 0 {
				league = squares.LeagueNFL
			}
			if err := squares.CheckRules(squares.RulesInput{Rules: tc.rules, LeagueID: league, Private: true}); err != nil {
				t.Fatalf("the test's rules: %v", err)
			}
			awards, err := squares.Awards(squares.AwardInput{Rules: tc.rules, LeagueID: league, PrizePool: tc.prizePool,
				Taken: tc.taken, NumberSets: tc.sets, Ends: tc.ends, Changes: tc.changes})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			var sum squares.Cents
			for _, a := range awards {
				got = append(got, show(a))
				sum += a.Amount
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("awards\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(tc.want, "\n     "))
			}
			if final := len(tc.ends) > 0 && tc.ends[len(tc.ends)-1].Period == "FINAL"; final && sum != tc.prizePool {
				t.Errorf("awards add up to %s, the prize pool is %s", sum, tc.prizePool)
			}
		})
	}
}

// sharedOf lists the shares of the final's prize among the squares of a grid of n but the empty ones: the
// first `more` squares in row, then column order get `high`, the others `low`.
func sharedOf(n int, empty []squares.Cell, label, score string, more int, high, low string) []string {
	g, _ := squares.GridOf(n)
	var out []string
	for i := range n {
		c := g.CellAt(i)
		if slices.Contains(empty, c) {
			continue
		}
		amount := low
		if len(out) < more {
			amount = high
		}
		out = append(out, fmt.Sprintf("shared %s %d,%d %s %s", label, c.Row, c.Column, score, amount))
	}
	return out
}

func TestAwardsRefuseWhatDoesNotAddUp(t *testing.T) {
	every := rulesOf(func(r *squares.Rules) { r.Payouts, r.EveryScorePercent = payouts("FINAL", 50), 50 })
	perPeriod := rulesOf(func(r *squares.Rules) { r.Numbers = "per-period" })
	for _, tc := range []struct {
		name string
		in   squares.AwardInput
		code string
	}{
		{"score changes that do not end at the final", squares.AwardInput{Rules: every, PrizePool: 100, Taken: allTaken(100),
			NumberSets: onceSets, Ends: otEnds, Changes: otChanges[:6]}, squares.EUNPROCESSABLE},
		{"no score change in a game that did not end 0-0", squares.AwardInput{Rules: every, PrizePool: 100, Taken: allTaken(100),
			NumberSets: onceSets, Ends: otEnds}, squares.EUNPROCESSABLE},
		{"an ownership of another grid", squares.AwardInput{Rules: every, PrizePool: 100, Taken: allTaken(25),
			NumberSets: onceSets, Ends: otEnds, Changes: otChanges}, squares.EINTERNAL},
		{"no numbers for a period", squares.AwardInput{Rules: perPeriod, PrizePool: 100, Taken: allTaken(100),
			NumberSets: perPeriodSets[:1], Ends: otEnds}, squares.EINTERNAL},
		{"numbers not drawn", squares.AwardInput{Rules: perPeriod, PrizePool: 100, Taken: allTaken(100), Ends: otEnds}, squares.EINTERNAL},
		{"an end of a period not paid in the league", squares.AwardInput{Rules: perPeriod, PrizePool: 100, Taken: allTaken(100),
			NumberSets: onceSets, Ends: []squares.PeriodEnd{{"H1", 3, 0}}}, squares.EINTERNAL},
		{"a negative prize pool", squares.AwardInput{Rules: perPeriod, PrizePool: -1, Taken: allTaken(100), NumberSets: onceSets}, squares.EINTERNAL},
		{"a grid of no size", squares.AwardInput{Rules: squares.Rules{Grid: 30}, Taken: allTaken(100), NumberSets: onceSets}, squares.EINVALID},
		{"a prize and no square taken", squares.AwardInput{Rules: perPeriod, PrizePool: 100, Taken: make([]bool, 100),
			NumberSets: onceSets, Ends: otEnds}, squares.EINTERNAL},
	} {
		in := tc.in
		in.LeagueID = squares.LeagueNFL
		if _, err := squares.Awards(in); squares.ErrorCode(err) != tc.code {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}
}

// TestAwardsOfTodaysRules: a full board played by the default rules is paid exactly as today's settlement
// pays it (SettlementPrizes, WinningCell), from the period ends today's game model records.
func TestAwardsOfTodaysRules(t *testing.T) {
	for _, tc := range []struct {
		league int64
		ends   []squares.PeriodScore
	}{
		{squares.LeagueNFL, []squares.PeriodScore{{1, 7, 0}, {2, 14, 3}, {3, 14, 10}, {4, 23, 17}}},
		{squares.LeagueNBA, []squares.PeriodScore{{1, 31, 28}, {2, 55, 61}, {3, 80, 84}, {4, 111, 109}}},
		{squares.LeagueNCAAB, []squares.PeriodScore{{1, 30, 28}, {2, 66, 62}}},
	} {
		periods := (&squares.League{ID: tc.league}).Periods()
		for _, fee := range []squares.Cents{0, 100, 333, 1000} {
			p := &squares.Pool{ID: 9, Name: "p", EntryFee: fee, IsPrivate: fee == 333, SquaresTaken: 100, HomeNumbers: vecHome, AwayNumbers: vecAway,
				PayoutSchedule: squares.DefaultRules(tc.league).PayoutSchedule()}
			var ends []squares.PeriodEnd
			for _, s := range tc.ends {
				ends = append(ends, squares.PeriodEndOf(s, periods))
			}
			awards, err := squares.Awards(squares.AwardInput{Rules: squares.DefaultRules(tc.league), LeagueID: tc.league,
				PrizePool: p.PrizePool(), Taken: allTaken(100), NumberSets: onceSets, Ends: ends})
			if err != nil || len(awards) != periods {
				t.Fatalf("league %d: %d awards, %v", tc.league, len(awards), err)
			}
			prizes := squares.SettlementPrizes(p)
			for i, s := range tc.ends {
				cell, _ := squares.WinningCell(p, s)
				a := awards[i]
				if a.Kind != "period" || a.Row != cell.Row || a.Column != cell.Column || a.Amount != prizes[i] ||
					a.PeriodLabel != squares.PeriodLabel(s.Period, periods) || a.HomeScore != s.Home || a.AwayScore != s.Away {
					t.Errorf("league %d fee %s period %d: %+v, today %+v %s", tc.league, fee, s.Period, a, cell, prizes[i])
				}
			}
		}
	}
}

func TestAwardKeys(t *testing.T) {
	for _, tc := range []struct {
		a    squares.Award
		want string
	}{
		{squares.Award{Kind: "period", Period: "Q1", Row: 3, Column: 4}, "period:Q1"},
		{squares.Award{Kind: "reverse", Period: "FINAL", Row: 3, Column: 4}, "reverse:FINAL"},
		{squares.Award{Kind: "score", Period: "FINAL", InPlay: "OT", Change: 7, Row: 3, Column: 4}, "score:7"},
		{squares.Award{Kind: "period", Period: "FINAL", Shared: true, Row: 2, Column: 3}, "period:FINAL:2,3"},
	} {
		if got := tc.a.Key(); got != tc.want {
			t.Errorf("%+v: key %q, want %q", tc.a, got, tc.want)
		}
	}
}
