package simulator_test

import (
	"math/rand/v2"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/simulator"
)

// play runs Next on a game held in memory from kickoff to the final, applying each update with
// squares.ApplyScore as the store does, and returns the game and the number of steps.
func play(t *testing.T, r *rand.Rand) (squares.Game, int) {
	t.Helper()
	g := squares.Game{Status: squares.GameScheduled}
	plays, quarter := 0, 0
	for step := 1; step <= 200; step++ {
		if g.Quarter != quarter {
			plays, quarter = 0, g.Quarter
		}
		u, play := simulator.Next(&g, plays, simulator.PlaysPerQuarter, r)
		if play {
			plays++
		}
		if u == nil {
			continue
		}
		res, err := squares.ApplyScore(g, 4, *u)
		if err != nil {
			t.Fatalf("step %d %+v: %v", step, *u, err)
		}
		g = res.Game
		if g.Status == squares.GameCompleted {
			return g, step
		}
	}
	t.Fatalf("no final after 200 steps: %+v", g)
	return g, 0
}

// TestNextPlaysWholeGames: every game kicks off 0-0, scores only by football's plays, ends its four
// quarters in about 41 steps (overtime a few more), is never tied at the final unless overtime was
// scoreless, and games average about 45 points.
func TestNextPlaysWholeGames(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	total, overtimes := 0, 0
	const games = 500
	for range games {
		g, steps := play(t, r)
		if g.EndedPeriods(4) != 4 {
			t.Fatalf("final with %d periods ended: %+v", g.EndedPeriods(4), g)
		}
		if g.Quarter > 4 {
			overtimes++
			if steps < 42 || steps > 41+simulator.PlaysPerQuarter+1 {
				t.Errorf("overtime game took %d steps", steps)
			}
		} else if steps != 41 || *g.HomeScore == *g.AwayScore {
			t.Errorf("game took %d steps, final %d-%d", steps, *g.HomeScore, *g.AwayScore)
		}
		total += *g.HomeScore + *g.AwayScore
	}
	if avg := total / games; avg < 35 || avg > 55 {
		t.Errorf("games average %d points", avg)
	}
	if overtimes == 0 || overtimes > games/5 {
		t.Errorf("%d overtimes in %d games", overtimes, games)
	}
}

// TestPlayPoints: a drive scores 0, 2, 3, 6, 7 or 8 points.
func TestPlayPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[int]int{}
	for range 10_000 {
		seen[simulator.Play(r)]++
	}
	for _, p := range []int{0, 2, 3, 6, 7, 8} {
		if seen[p] == 0 {
			t.Errorf("no drive scored %d", p)
		}
		delete(seen, p)
	}
	if len(seen) > 0 {
		t.Errorf("drives scored %v", seen)
	}
}
