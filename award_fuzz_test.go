package squares_test

import (
	"math/rand/v2"
	"testing"

	"github.com/squaresapp/squares"
)

// randomPool makes a random pool's rules, board, numbers and game from a seed: any grid, numbers once or
// per period, any valid payouts, reverse and every-score shares, a board full or played unfilled, and a
// game of random scores (corrections and overtime included), played to its final.
func randomPool(seed1, seed2 uint64) (squares.AwardInput, []squares.ScoreChange) {
	rnd := rand.New(rand.NewPCG(seed1, seed2))
	league := squares.LeagueNFL
	if rnd.IntN(4) == 0 {
		league = squares.LeagueNCAAB
	}
	r := squares.Rules{Grid: []int{100, 50, 25}[rnd.IntN(3)], Numbers: []string{"once", "per-period"}[rnd.IntN(2)],
		Unfilled: []string{"cancel", "play"}[rnd.IntN(2)], ReversePercent: rnd.IntN(51)}
	if rnd.IntN(2) == 0 {
		r.EveryScorePercent = rnd.IntN(101)
	}
	left := 100 - r.EveryScorePercent
	for _, p := range squares.PayingPeriods(league) {
		if p == squares.PeriodFinal || left < 2 || rnd.IntN(2) == 0 {
			continue
		}
		pct := 1 + rnd.IntN(left-1)
		r.Payouts = append(r.Payouts, squares.PayoutShare{Period: p, Percent: pct})
		left -= pct
	}
	r.Payouts = append(r.Payouts, squares.PayoutShare{Period: squares.PeriodFinal, Percent: left})

	g, _ := squares.GridOf(r.Grid)
	taken := make([]bool, g.Squares())
	n := 0
	for i := range taken {
		taken[i] = r.Unfilled == "cancel" || rnd.IntN(3) > 0
		if taken[i] {
			n++
		}
	}
	fee := squares.Cents(rnd.IntN(10_001))
	var sets []squares.NumberSet
	for _, p := range r.NumberSetPeriods() {
		sets = append(sets, squares.NumberSet{Period: p, HomeNumbers: rnd.Perm(10), AwayNumbers: rnd.Perm(10)})
	}
	var reports []squares.ReportedScore
	h, a := 0, 0
	for q := 1; q <= 4+rnd.IntN(3); q++ {
		for range rnd.IntN(6) {
			switch rnd.IntN(10) {
			case 0: // a correction
				h, a = max(0, h-rnd.IntN(8)), max(0, a-rnd.IntN(8))
			case 1, 2, 3, 4:
				h += []int{1, 2, 3, 6, 7}[rnd.IntN(5)]
			default:
				a += []int{1, 2, 3, 6, 7}[rnd.IntN(5)]
			}
			reports = append(reports, squares.ReportedScore{Quarter: q, Home: h, Away: a})
		}
	}
	changes := squares.ScoreChanges(reports, league)
	in := squares.AwardInput{Rules: r, LeagueID: league, PrizePool: fee * squares.Cents(n), Taken: taken, NumberSets: sets,
		Ends: squares.PeriodEndsOf(changes, league, 5), Changes: changes}
	return in, changes
}

// checkAwardsAddUp decides a random pool's prizes at every stage of its game: the awards of a final game
// add up to the prize pool exactly, those of a game in progress never pass it; every award is paid to a
// taken square of the grid, none is negative, and the awards of a period once ended never change.
func checkAwardsAddUp(t *testing.T, seed1, seed2 uint64) {
	in, _ := randomPool(seed1, seed2)
	if err := squares.CheckRules(squares.RulesInput{Rules: in.Rules, LeagueID: in.LeagueID, Private: true}); err != nil {
		t.Fatalf("seed %d,%d: the random rules %+v: %v", seed1, seed2, in.Rules, err)
	}
	g, _ := squares.GridOf(in.Rules.Grid)
	ends := in.Ends
	var before []squares.Award
	for k := 0; k <= len(ends); k++ {
		in.Ends = ends[:k]
		awards, err := squares.Awards(in)
		if err != nil {
			t.Fatalf("seed %d,%d after %d ends: %v", seed1, seed2, k, err)
		}
		var sum squares.Cents
		keys := map[string]bool{}
		for _, a := range awards {
			if keys[a.Key()] {
				t.Fatalf("seed %d,%d: two awards named %s", seed1, seed2, a.Key())
			}
			keys[a.Key()] = true
			c := squares.Cell{Row: a.Row, Column: a.Column}
			if a.Amount < 0 || !g.Contains(c) || !in.Taken[g.Index(c)] {
				t.Fatalf("seed %d,%d: award %+v", seed1, seed2, a)
			}
			sum += a.Amount
		}
		final := k == len(ends)
		if final && sum != in.PrizePool || sum > in.PrizePool {
			t.Fatalf("seed %d,%d after %d ends (final %v): awards add up to %s, the prize pool is %s (rules %+v)",
				seed1, seed2, k, final, sum, in.PrizePool, in.Rules)
		}
		for i, a := range before {
			if awards[i] != a {
				t.Fatalf("seed %d,%d: award %+v became %+v", seed1, seed2, a, awards[i])
			}
		}
		before = awards
	}
}

// TestAwardsAddUp is the property of the prizes on thousands of random pools and games.
func TestAwardsAddUp(t *testing.T) {
	for i := range uint64(3000) {
		checkAwardsAddUp(t, i, i*7919+1)
	}
}

// FuzzAwardsAddUp lets `go test -fuzz FuzzAwardsAddUp` look for a pool whose prizes do not add up.
func FuzzAwardsAddUp(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(22), uint64(2026))
	f.Fuzz(checkAwardsAddUp)
}
