package nflverse_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/nflverse"
)

// FuzzRead checks the schedule import with the recorded nflverse schedule as seeds: no panic; a file
// read gives games that each have an id, a season, a week code the product knows, two known teams and a
// kickoff, and scores that are either both missing or both non-negative.
func FuzzRead(f *testing.F) {
	schedule, err := os.ReadFile("testdata/nfl-2025-schedule.csv")
	if err != nil {
		f.Fatal(err)
	}
	// The recorded schedule in slices of a few games (preseason, regular season, playoffs, scored and not):
	// real rows, small enough to mutate quickly (the whole file is read by the other tests).
	lines := strings.SplitAfter(string(schedule), "\n")
	for i := 1; i < len(lines); i += 40 {
		f.Add([]byte(lines[0] + strings.Join(lines[i:min(i+3, len(lines))], "")))
	}
	f.Add([]byte(lines[0]))
	f.Add([]byte(lines[0] + strings.ReplaceAll(lines[1], ",", ",\"")))
	f.Add([]byte("game_id,season\n1,2025\n"))
	names := map[string]bool{}
	for _, t := range nflTeams {
		names[t.Name] = true
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := nflverse.Read(bytes.NewReader(data), squares.LeagueNFL, nflTeams)
		if err != nil {
			return
		}
		for _, g := range games {
			if g.ExternalID == "" || g.Week == "" || !names[g.HomeTeam] || !names[g.AwayTeam] || g.GameDate.IsZero() ||
				g.LeagueID != squares.LeagueNFL {
				t.Fatalf("game read = %+v", g)
			}
			if (g.HomeScore == nil) != (g.AwayScore == nil) || (g.HomeScore != nil && (*g.HomeScore < 0 || *g.AwayScore < 0)) {
				t.Fatalf("game %s scores = %v %v", g.ExternalID, g.HomeScore, g.AwayScore)
			}
		}
	})
}
