package squares_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
)

const vecSeed = "6d1f0e8c2b3a49587766554433221100ffeeddccbbaa99887766554433221100"

// vecOwnership is the test vector's draw input: square i owned by user i % 7 + 1, the last ten by the house.
func vecOwnership() string {
	var owners [squares.SquaresPerPool]string
	for i := range owners {
		if i >= 90 {
			owners[i] = squares.HouseUserID
		} else {
			owners[i] = strconv.Itoa(i%7 + 1)
		}
	}
	return squares.OwnershipText(owners)
}

// seedsFrom returns a seed source giving the seeds in turn, as NewDrawSeed would give fresh ones.
func seedsFrom(seeds ...string) func() (string, error) {
	return func() (string, error) {
		if len(seeds) == 0 {
			return "", fmt.Errorf("no more seeds")
		}
		s := seeds[0]
		seeds = seeds[1:]
		return s, nil
	}
}

func TestNumberSetsOnceAreToday(t *testing.T) {
	r := squares.DefaultRules(squares.LeagueNFL)
	if got := r.NumberSetPeriods(); !slices.Equal(got, []string{""}) {
		t.Fatalf("periods %q", got)
	}
	sets, err := r.CommitNumberSets(vecSeed, seedsFrom())
	if err != nil || len(sets) != 1 || sets[0].Seed != vecSeed || sets[0].SeedSHA256 != squares.DrawCommitment(vecSeed) {
		t.Fatalf("committed %+v %v", sets, err)
	}
	drawn := squares.DrawNumberSets(sets, 42, vecOwnership())
	if squares.FormatDigits(drawn[0].HomeNumbers) != "7,1,9,2,0,3,5,8,6,4" || squares.FormatDigits(drawn[0].AwayNumbers) != "5,0,6,9,7,3,8,1,2,4" {
		t.Errorf("drawn once: %+v, want today's test vector", drawn[0])
	}
	if sets[0].HomeNumbers != nil {
		t.Error("DrawNumberSets changed the sets it was given")
	}
	for _, p := range []string{"Q1", "Q3", "FINAL"} {
		if s, ok := squares.NumberSetFor(drawn, p); !ok || s.Period != "" {
			t.Errorf("set for %s: %+v %v", p, s, ok)
		}
	}
	if err := squares.VerifyNumberSets(drawn, 42, vecOwnership()); err != nil {
		t.Error(err)
	}
}

// TestNumberSetsPerPeriodVector is the per-period test vector of docs/fairness.md: the test vector's pool
// and draw input, one seed per paying period (the first the pool's draw seed), each derived as today's draw.
// An independent Python version of the derivation gives the same digits.
func TestNumberSetsPerPeriodVector(t *testing.T) {
	r := squares.DefaultRules(squares.LeagueNFL)
	r.Numbers = squares.NumbersPerPeriod
	if got := r.NumberSetPeriods(); !slices.Equal(got, []string{"Q1", "Q2", "Q3", "FINAL"}) {
		t.Fatalf("periods %q", got)
	}
	seeds := []string{
		"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
		"ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100",
		"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
	}
	sets, err := r.CommitNumberSets(vecSeed, seedsFrom(seeds...))
	if err != nil {
		t.Fatal(err)
	}
	drawn := squares.DrawNumberSets(sets, 42, vecOwnership())
	want := []struct{ period, seed, sha, home, away string }{
		{"Q1", vecSeed, "aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87", "7,1,9,2,0,3,5,8,6,4", "5,0,6,9,7,3,8,1,2,4"},
		{"Q2", seeds[0], "2a8abfa8cb9906290437854193ca6bca41d4d4e26d1d454bd66a35158095e737", "0,7,1,4,3,5,8,2,6,9", "5,2,8,4,9,1,0,6,7,3"},
		{"Q3", seeds[1], "8588cdfcd6d2b0d521bcf0bf5e7017c06a3f4a10a172d9af1436205e3af205ad", "4,6,7,9,2,3,5,0,1,8", "2,1,3,9,6,5,0,4,7,8"},
		{"FINAL", seeds[2], "a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e", "3,6,9,7,2,5,4,0,1,8", "4,7,9,6,1,5,2,3,0,8"},
	}
	if len(drawn) != len(want) {
		t.Fatalf("%d sets", len(drawn))
	}
	for i, w := range want {
		s := drawn[i]
		if s.Period != w.period || s.Seed != w.seed || s.SeedSHA256 != w.sha || squares.FormatDigits(s.HomeNumbers) != w.home ||
			squares.FormatDigits(s.AwayNumbers) != w.away {
			t.Errorf("set %d: %+v, want %+v", i, s, w)
		}
		if got, ok := squares.NumberSetFor(drawn, w.period); !ok || got.Seed != w.seed {
			t.Errorf("set for %s: %+v", w.period, got)
		}
	}
	if err := squares.VerifyNumberSets(drawn, 42, vecOwnership()); err != nil {
		t.Error(err)
	}
	// The board shows the set of the period whose prizes come next: Q4 and overtime play for the final's.
	for inPlay, want := range map[string]string{"Q1": "Q1", "Q2": "Q2", "Q3": "Q3", "Q4": "FINAL", "OT": "FINAL"} {
		if s, ok := r.CurrentNumberSet(drawn, inPlay); !ok || s.Period != want {
			t.Errorf("in %s the board shows %q", inPlay, s.Period)
		}
	}
	if _, ok := squares.NumberSetFor(drawn, "Q4"); ok {
		t.Error("a set for Q4, which pays nothing")
	}
	// A 25-square board played unfilled: its draw input writes the empty squares "-".
	owners := make([]string, 25)
	for i := range owners {
		if i%4 != 3 {
			owners[i] = strconv.Itoa(i%5 + 1)
		}
	}
	text := squares.GridOwnershipText(owners)
	small := squares.DrawNumberSets(sets[:1], 42, text)
	if text != "1,2,3,-,5,1,2,-,4,5,1,-,3,4,5,-,2,3,4,-,1,2,3,-,5" ||
		squares.DrawInputSHA256(text) != "cad2858b7c0e75a93b04c6710157fa4cebf6ee076b7461acd2cc2d16907b6377" ||
		squares.FormatDigits(small[0].HomeNumbers) != "4,1,6,5,7,2,0,3,9,8" || squares.FormatDigits(small[0].AwayNumbers) != "1,9,4,5,3,2,0,8,6,7" {
		t.Errorf("25 squares unfilled: %q %+v", text, small[0])
	}
}

func TestCommitNumberSetsRefusesRepeatedSeeds(t *testing.T) {
	r := squares.DefaultRules(squares.LeagueNCAAB)
	r.Numbers = squares.NumbersPerPeriod
	if _, err := r.CommitNumberSets(vecSeed, seedsFrom(vecSeed)); err == nil {
		t.Error("the draw seed reused for the final")
	}
	if _, err := r.CommitNumberSets(vecSeed, seedsFrom()); err == nil {
		t.Error("a failing seed source gave sets")
	}
	sets, err := r.CommitNumberSets(vecSeed, squares.NewDrawSeed)
	if err != nil || len(sets) != 2 || sets[0].Period != "H1" || sets[1].Period != "FINAL" || sets[0].Seed == sets[1].Seed || len(sets[1].Seed) != 64 {
		t.Errorf("sets %+v %v", sets, err)
	}
}

func TestVerifyNumberSets(t *testing.T) {
	r := squares.DefaultRules(squares.LeagueNCAAB)
	r.Numbers = squares.NumbersPerPeriod
	sets, err := r.CommitNumberSets(vecSeed, seedsFrom("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"))
	if err != nil {
		t.Fatal(err)
	}
	good := squares.DrawNumberSets(sets, 42, vecOwnership())
	for _, tc := range []struct {
		name      string
		change    func(s []squares.NumberSet) []squares.NumberSet
		ownership string
		fails     string
	}{
		{"as drawn", func(s []squares.NumberSet) []squares.NumberSet { return s }, vecOwnership(), ""},
		{"another seed", func(s []squares.NumberSet) []squares.NumberSet {
			s[1].Seed = strings.Repeat("ab", 32)
			return s
		}, vecOwnership(), "FINAL: the seed does not match"},
		{"other digits", func(s []squares.NumberSet) []squares.NumberSet {
			s[0].HomeNumbers = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
			return s
		}, vecOwnership(), "H1: derived"},
		{"another ownership", func(s []squares.NumberSet) []squares.NumberSet { return s }, strings.Replace(vecOwnership(), "1", "2", 1), "H1: derived"},
		{"one seed twice", func(s []squares.NumberSet) []squares.NumberSet {
			s[1] = s[0]
			s[1].Period = "FINAL"
			return s
		}, vecOwnership(), "FINAL: the same seed as H1"},
		{"none", func(s []squares.NumberSet) []squares.NumberSet { return nil }, vecOwnership(), "no number sets"},
	} {
		sets := tc.change(slices.Clone(good))
		err := squares.VerifyNumberSets(sets, 42, tc.ownership)
		switch {
		case tc.fails == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.fails != "" && (err == nil || !strings.Contains(err.Error(), tc.fails)):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.fails)
		}
	}
}
