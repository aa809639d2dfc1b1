package squares

import (
	"fmt"
	"slices"
)

// NumberSet is one draw of a pool's numbers, by commit and reveal as docs/fairness.md describes: its seed's
// SHA-256 is published when the pool opens, the seed revealed at the draw. A pool whose numbers are drawn
// once has one set, for every period (Period ""); a pool drawing numbers per period has one for each paying
// period, in period order, all derived from the same final ownership.
type NumberSet struct {
	// Period is the paying period the set decides (PeriodQ1 ... PeriodFinal), "" for every period.
	Period      string `json:"period"`
	HomeNumbers []int  `json:"homeNumbers"`
	AwayNumbers []int  `json:"awayNumbers"`
	SeedSHA256  string `json:"seedSha256"`
	// Seed is secret until the draw, and published after it.
	Seed string `json:"seed"`
}

// NumberSetPeriods lists the periods of the rules' number sets, in order: "" (one set for every period)
// when the numbers are drawn once, each paying period when they are drawn per period.
func (r Rules) NumberSetPeriods() []string {
	if r.Numbers != NumbersPerPeriod {
		return []string{""}
	}
	var out []string
	for _, p := range r.orderedPayouts() {
		out = append(out, p.Period)
	}
	return out
}

// CommitNumberSets draws a secret seed for each of the rules' number sets (newSeed: NewDrawSeed outside
// tests) and commits to it (SeedSHA256, DrawCommitment's hash). A pool whose numbers are drawn once keeps
// its one seed, the pool's draw seed (firstSeed), as today; a pool drawing per period uses firstSeed for its
// first paying period and a new seed for each other one, so that the pool's drawCommitment is the first
// set's. Seeds are never reused: a repeated seed is refused.
func (r Rules) CommitNumberSets(firstSeed string, newSeed func() (string, error)) ([]NumberSet, error) {
	periods := r.NumberSetPeriods()
	out := make([]NumberSet, len(periods))
	seen := map[string]bool{}
	for i, p := range periods {
		seed := firstSeed
		if i > 0 {
			var err error
			if seed, err = newSeed(); err != nil {
				return nil, err
			}
		}
		if seen[seed] {
			return nil, fmt.Errorf("number sets: seed of %s repeats an earlier one", p)
		}
		seen[seed] = true
		out[i] = NumberSet{Period: p, Seed: seed, SeedSHA256: DrawCommitment(seed)}
	}
	return out, nil
}

// DrawNumberSets draws each committed set's numbers from its seed and the board's final ownership text
// (GridOwnershipText; OwnershipText for a full 100-square board), by today's derivation
// (DrawFromOwnership): one set drawn once gives exactly today's numbers.
func DrawNumberSets(sets []NumberSet, poolID int64, ownership string) []NumberSet {
	return DrawNumberSetsWithBeacon(sets, poolID, ownership, "")
}

// DrawNumberSetsWithBeacon is DrawNumberSets mixing in a beacon round's randomness (DrawWithBeacon); empty
// randomness draws as DrawNumberSets.
func DrawNumberSetsWithBeacon(sets []NumberSet, poolID int64, ownership, randomness string) []NumberSet {
	out := slices.Clone(sets)
	for i := range out {
		out[i].HomeNumbers, out[i].AwayNumbers = DrawWithBeacon(out[i].Seed, poolID, ownership, randomness)
	}
	return out
}

// NumberSetFor returns the set that decides a paying period: the period's own, or the one set drawn for
// every period. It reports false when there is none.
func NumberSetFor(sets []NumberSet, period string) (NumberSet, bool) {
	for _, s := range sets {
		if s.Period == period || s.Period == "" {
			return s, true
		}
	}
	return NumberSet{}, false
}

// CurrentNumberSet is the set a board shows while inPlay is in play (the period of its next prizes): the
// set of the rules' deciding period for it (DecidingPeriod).
func (r Rules) CurrentNumberSet(sets []NumberSet, inPlay string) (NumberSet, bool) {
	return NumberSetFor(sets, r.DecidingPeriod(inPlay))
}

// VerifyNumberSets checks published number sets as an outside verifier does: each seed against its
// commitment, no two sets on one seed, and each set's numbers against their derivation from its seed, the
// pool id and the draw input. It returns one error naming every set that fails, or nil.
func VerifyNumberSets(sets []NumberSet, poolID int64, ownership string) error {
	return VerifyNumberSetsWithBeacon(sets, poolID, ownership, "")
}

// VerifyNumberSetsWithBeacon is VerifyNumberSets for sets drawn with a beacon round's randomness
// (DrawWithBeacon); empty randomness verifies as VerifyNumberSets.
func VerifyNumberSetsWithBeacon(sets []NumberSet, poolID int64, ownership, randomness string) error {
	if len(sets) == 0 {
		return fmt.Errorf("no number sets are published")
	}
	var bad []string
	seen := map[string]string{}
	for _, s := range sets {
		name := s.Period
		if name == "" {
			name = "numbers"
		}
		switch home, away := DrawWithBeacon(s.Seed, poolID, ownership, randomness); {
		case DrawCommitment(s.Seed) != s.SeedSHA256:
			bad = append(bad, name+": the seed does not match its SHA-256")
		case seen[s.SeedSHA256] != "":
			bad = append(bad, name+": the same seed as "+seen[s.SeedSHA256])
		case !slices.Equal(home, s.HomeNumbers) || !slices.Equal(away, s.AwayNumbers):
			bad = append(bad, fmt.Sprintf("%s: derived home %s away %s, published home %s away %s", name,
				FormatDigits(home), FormatDigits(away), FormatDigits(s.HomeNumbers), FormatDigits(s.AwayNumbers)))
		}
		seen[s.SeedSHA256] = name
	}
	if len(bad) > 0 {
		return fmt.Errorf("number sets do not verify: %v", bad)
	}
	return nil
}

// CurrentNumbers is the drawn set a pool's board shows now: the one deciding the period in play of its game
// (CurrentNumberSet), the first before the game starts. It reports false before the draw.
func CurrentNumbers(p *Pool) (NumberSet, bool) {
	quarter, league := 0, p.leagueID()
	if p.Game != nil {
		quarter = p.Game.Quarter
	}
	set, ok := p.EffectiveRules().CurrentNumberSet(p.NumberSets, InPlayPeriod(quarter, league))
	if !ok || len(set.HomeNumbers) != GridSize || len(set.AwayNumbers) != GridSize {
		return NumberSet{}, false
	}
	return set, true
}
