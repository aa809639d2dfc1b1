package espn

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
)

// FuzzParse checks the reading of a scoreboard answer with ESPN's recorded answers as seeds: no panic;
// an answer read gives games with an id, a start, two named teams with scores and period points that are
// whole and non-negative, and period-end scores either computed or refused, never a crash.
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob("testdata/*.json")
	if err != nil || len(files) == 0 {
		f.Fatalf("recorded answers: %v %v", files, err)
	}
	// Each recorded answer cut to one event at a time: real inputs, small enough to mutate quickly (the
	// whole answers are read by the other tests).
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var answer map[string]json.RawMessage
		var events []json.RawMessage
		if err := json.Unmarshal(b, &answer); err != nil || json.Unmarshal(answer["events"], &events) != nil {
			f.Fatalf("%s: %v", name, err)
		}
		for i, e := range events {
			if i == 3 {
				break
			}
			one, err := json.Marshal(map[string]any{"leagues": answer["leagues"], "events": []json.RawMessage{e}})
			if err != nil {
				f.Fatal(err)
			}
			f.Add(one)
		}
	}
	f.Add([]byte(`{"leagues":[{"slug":"nfl"}],"events":[{"id":"1","date":"2024-09-08T17:00Z","competitions":[{"status":{"period":2,"type":{"name":"STATUS_IN_PROGRESS","state":"in"}},` +
		`"competitors":[{"homeAway":"home","score":"7","team":{"displayName":"A"},"linescores":[{"value":7}]},{"homeAway":"away","score":{"value":3},"team":{"abbreviation":"B"}}]}]}]}`))
	f.Add([]byte(`{"events":[]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		games, err := parse(body, "NFL", "nfl")
		if err != nil {
			return
		}
		for _, g := range games {
			if g.EventID == "" || g.League != "NFL" || g.Start.IsZero() {
				t.Fatalf("game read = %+v", g)
			}
			for _, side := range []squares.FeedSide{g.Home, g.Away} {
				if strings.TrimSpace(side.Name+side.Abbreviation) == "" || side.Score < 0 {
					t.Fatalf("side read = %+v", side)
				}
				for _, p := range side.Periods {
					if p < 0 {
						t.Fatalf("period points = %v", side.Periods)
					}
				}
			}
			// What the poller does with a game read must not crash either.
			_ = g.GameStatus()
			for _, periods := range []int{2, 4} {
				if scores, err := squares.PeriodEndScores(g, periods); err == nil {
					for _, s := range scores {
						if s.Home < 0 || s.Away < 0 {
							t.Fatalf("period-end scores = %+v", scores)
						}
					}
				}
			}
		}
	})
}

// FuzzParseScoringPlays checks the reading of a summary answer with ESPN's recorded summaries as seeds: no
// panic; plays read have a period of 1 or later and scores that are whole and non-negative, a final game's
// last play is its final score, and what the domain makes of them (score changes, period ends) never
// crashes either.
func FuzzParseScoringPlays(f *testing.F) {
	files, err := filepath.Glob("testdata/summary/*.json")
	if err != nil || len(files) == 0 {
		f.Fatalf("recorded summaries: %v %v", files, err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var answer map[string]json.RawMessage
		if err := json.Unmarshal(b, &answer); err != nil {
			f.Fatalf("%s: %v", name, err)
		}
		// The header's parts read and the first plays: real inputs, small enough to mutate quickly.
		var header struct {
			ID           string `json:"id"`
			Competitions []struct {
				Status      json.RawMessage `json:"status"`
				Competitors []struct {
					HomeAway string          `json:"homeAway"`
					Score    json.RawMessage `json:"score"`
				} `json:"competitors"`
			} `json:"competitions"`
		}
		if err := json.Unmarshal(answer["header"], &header); err != nil {
			f.Fatalf("%s: %v", name, err)
		}
		for _, key := range []string{"scoringPlays", "plays"} {
			var plays []json.RawMessage
			if json.Unmarshal(answer[key], &plays) != nil || len(plays) == 0 {
				continue
			}
			for _, n := range []int{0, 1, 4} {
				one, err := json.Marshal(map[string]any{"header": header, key: plays[:min(n, len(plays))]})
				if err != nil {
					f.Fatal(err)
				}
				f.Add(one)
			}
		}
	}
	f.Add([]byte(`{"header":{"id":"1","competitions":[{"status":{"type":{"name":"STATUS_FINAL","state":"post","completed":true}},` +
		`"competitors":[{"homeAway":"home","score":"7"},{"homeAway":"away","score":"3"}]}]},` +
		`"scoringPlays":[{"period":{"number":1},"homeScore":7,"awayScore":0},{"period":{"number":5},"homeScore":"7","awayScore":3}]}`))
	f.Add([]byte(`{"header":{"id":"1"}}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, id := range []string{"1", "401547417", "401828387"} {
			plays, err := parseScoringPlays(body, id)
			if err != nil {
				continue
			}
			for _, p := range plays {
				if p.Quarter < 1 || p.Home < 0 || p.Away < 0 {
					t.Fatalf("play read = %+v", p)
				}
			}
			for _, league := range []int64{squares.LeagueNFL, squares.LeagueNCAAB} {
				changes := squares.ScoreChanges(plays, league)
				_ = squares.PeriodEndsOf(changes, league, len(squares.PayingPeriods(league)))
			}
		}
	})
}
