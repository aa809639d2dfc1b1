package espn_test

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/espn"
)

type rs = squares.ReportedScore

// r is the score after a scoring play in a period.
func r(quarter, home, away int) rs { return rs{Quarter: quarter, Home: home, Away: away} }

// end is a paying period's end score.
func end(period string, home, away int) squares.PeriodEnd {
	return squares.PeriodEnd{Period: period, Home: home, Away: away}
}

// summaryBody reads a recorded summary answer (testdata/summary, see testdata/README.md).
func summaryBody(t *testing.T, file string) []byte {
	t.Helper()
	return recordedBody(t, "summary/"+file)
}

// edited is a recorded answer changed through its decoded JSON, for the cases no recorded answer shows.
func edited(t *testing.T, body []byte, edit func(map[string]any)) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	edit(doc)
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func at(doc any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			doc = doc.(map[string]any)[k]
		case int:
			doc = doc.([]any)[k]
		}
	}
	return doc
}

// nflPlays are the ten scoring plays of GB at ATL, 2023-09-17 (event 401547417), as ESPN's summary lists
// them: ATL (home) won 25-24; a missed extra point made 9-10 at halftime.
var nflPlays = []rs{r(1, 3, 0), r(2, 3, 7), r(2, 3, 10), r(2, 9, 10), r(3, 9, 17), r(3, 12, 17), r(3, 12, 24),
	r(4, 19, 24), r(4, 22, 24), r(4, 25, 24)}

func TestScoringPlaysNFL(t *testing.T) {
	srv, rec := serveRecorded(t, "/apis/site/v2/sports/football/nfl/summary", "summary/nfl-401547417.json")
	got, err := espn.New(srv.URL, srv.Client()).ScoringPlays(context.Background(), "nfl", "401547417")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, nflPlays) {
		t.Errorf("scoring plays = %v\nwant %v", got, nflPlays)
	}
	if len(rec.queries) != 1 || rec.queries[0] != "event=401547417" {
		t.Errorf("queries %q, want event=401547417", rec.queries)
	}
	// The plays give the same period ends as ESPN's own line score of the game (ATL 3 6 3 13, GB 0 10 14 0).
	changes := squares.ScoreChanges(got, squares.LeagueNFL)
	if len(changes) != 10 || changes[0].InPlay != squares.InPlayQ1 || changes[9].InPlay != squares.InPlayQ4 {
		t.Errorf("score changes = %+v", changes)
	}
	ends := squares.PeriodEndsOf(changes, squares.LeagueNFL, 5)
	want := []squares.PeriodEnd{end("Q1", 3, 0), end("Q2", 9, 10), end("Q3", 12, 24), end("Q4", 25, 24), end("FINAL", 25, 24)}
	if !reflect.DeepEqual(ends, want) {
		t.Errorf("period ends = %+v, want %+v", ends, want)
	}
}

func TestScoringPlaysCollegeBasketball(t *testing.T) {
	// Saint Louis at St. Bonaventure, 2026-01-23 (event 401828387), 97-62: basketball's summary has no
	// scoringPlays; its scoring plays are the plays marked scoringPlay, numbered by half.
	srv, _ := serveRecorded(t, "/apis/site/v2/sports/basketball/mens-college-basketball/summary", "summary/ncaab-401828387.json")
	got, err := espn.New(srv.URL, srv.Client()).ScoringPlays(context.Background(), "NCAAB", "401828387")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 78 {
		t.Fatalf("%d scoring plays, want the answer's 78", len(got))
	}
	if got[0] != r(1, 0, 2) || got[77] != r(2, 62, 97) {
		t.Errorf("first %v, last %v; want {1 0 2} and {2 62 97}", got[0], got[77])
	}
	for i, p := range got {
		if p.Quarter != 1 && p.Quarter != 2 {
			t.Errorf("play %d in period %d", i+1, p.Quarter)
		}
		if i > 0 && (p.Home < got[i-1].Home || p.Away < got[i-1].Away || p.Quarter < got[i-1].Quarter) {
			t.Errorf("play %d %v goes back from %v", i+1, p, got[i-1])
		}
	}
	changes := squares.ScoreChanges(got, squares.LeagueNCAAB)
	if len(changes) != 78 || changes[0].InPlay != squares.InPlayH1 || changes[77].InPlay != squares.InPlayH2 {
		t.Errorf("%d score changes, first %+v, last %+v", len(changes), changes[0], changes[len(changes)-1])
	}
	// The halftime score agrees with ESPN's line score of the game (St. Bonaventure 26 36, Saint Louis 58 39).
	ends := squares.PeriodEndsOf(changes, squares.LeagueNCAAB, 2)
	want := []squares.PeriodEnd{end("H1", 26, 58), end("FINAL", 62, 97)}
	if !reflect.DeepEqual(ends, want) {
		t.Errorf("period ends = %+v, want %+v", ends, want)
	}
}

func TestScoringPlaysOvertime(t *testing.T) {
	// No recorded summary of an overtime game was found (testdata/README.md): the recorded NFL answer with
	// its winning field goal moved to overtime (period 5) stands for one.
	body := edited(t, summaryBody(t, "nfl-401547417.json"), func(doc map[string]any) {
		at(doc, "scoringPlays", 9, "period").(map[string]any)["number"] = 5
	})
	srv := answer(t, http.StatusOK, "application/json", body)
	got, err := espn.New(srv.URL, srv.Client()).ScoringPlays(context.Background(), "NFL", "401547417")
	if err != nil {
		t.Fatal(err)
	}
	if got[9] != r(5, 25, 24) {
		t.Fatalf("last play %v, want {5 25 24}", got[9])
	}
	changes := squares.ScoreChanges(got, squares.LeagueNFL)
	if changes[9].InPlay != squares.InPlayOT {
		t.Errorf("last change in %q, want OT", changes[9].InPlay)
	}
	ends := squares.PeriodEndsOf(changes, squares.LeagueNFL, 5)
	if ends[3] != end("Q4", 22, 24) || ends[4] != end("FINAL", 25, 24) {
		t.Errorf("end of regulation %+v, final %+v; want 22-24 and 25-24", ends[3], ends[4])
	}
}

func TestScoringPlaysNotStarted(t *testing.T) {
	// Before the kickoff the summary lists no scoring plays at all.
	body := edited(t, summaryBody(t, "nfl-401547417.json"), func(doc map[string]any) {
		delete(doc, "scoringPlays")
		st := at(doc, "header", "competitions", 0, "status", "type").(map[string]any)
		st["name"], st["state"], st["completed"] = "STATUS_SCHEDULED", "pre", false
		for _, c := range at(doc, "header", "competitions", 0, "competitors").([]any) {
			c.(map[string]any)["score"] = ""
		}
	})
	srv := answer(t, http.StatusOK, "application/json", body)
	got, err := espn.New(srv.URL, srv.Client()).ScoringPlays(context.Background(), "NFL", "401547417")
	if err != nil || len(got) != 0 {
		t.Errorf("ScoringPlays = %v, %v; want none", got, err)
	}
}

func TestScoringPlaysBrokenAnswers(t *testing.T) {
	nfl := summaryBody(t, "nfl-401547417.json")
	cbb := summaryBody(t, "ncaab-401828387.json")
	edit := func(body []byte, f func(map[string]any)) []byte { return edited(t, body, f) }
	play := func(doc map[string]any, i int) map[string]any { return at(doc, "scoringPlays", i).(map[string]any) }
	for _, tc := range []struct {
		name   string
		status int
		body   []byte
		league string
		want   string
	}{
		{"server error", http.StatusInternalServerError, []byte(`{}`), "NFL", "answered 500"},
		{"HTML", http.StatusOK, []byte("<html>rate limited</html>"), "NFL", "not a summary"},
		{"truncated", http.StatusOK, nfl[:len(nfl)/2], "NFL", "not a summary"},
		{"empty object", http.StatusOK, []byte(`{}`), "NFL", "no header"},
		{"another event", http.StatusOK, edit(nfl, func(d map[string]any) { at(d, "header").(map[string]any)["id"] = "401547418" }), "NFL", `not "401547417"`},
		{"no period", http.StatusOK, edit(nfl, func(d map[string]any) { delete(play(d, 3), "period") }), "NFL", "scoring play 4: no period"},
		{"period 0", http.StatusOK, edit(nfl, func(d map[string]any) { play(d, 3)["period"] = map[string]any{"number": 0} }), "NFL", "period 0"},
		{"period as text", http.StatusOK, edit(nfl, func(d map[string]any) { play(d, 3)["period"] = "2nd" }), "NFL", "not a summary"},
		{"no home score", http.StatusOK, edit(nfl, func(d map[string]any) { delete(play(d, 0), "homeScore") }), "NFL", "scoring play 1: home score: missing"},
		{"negative score", http.StatusOK, edit(nfl, func(d map[string]any) { play(d, 0)["awayScore"] = -3 }), "NFL", "away score"},
		{"fractional score", http.StatusOK, edit(nfl, func(d map[string]any) { play(d, 0)["homeScore"] = 2.5 }), "NFL", "home score"},
		{"final disagrees", http.StatusOK, edit(nfl, func(d map[string]any) { play(d, 9)["homeScore"] = 26 }), "NFL", "final score is 25-24"},
		{"plays missing from a final", http.StatusOK, edit(nfl, func(d map[string]any) { d["scoringPlays"] = d["scoringPlays"].([]any)[:9] }), "NFL", "end at 22-24"},
		{"two home teams", http.StatusOK, edit(cbb, func(d map[string]any) {
			at(d, "header", "competitions", 0, "competitors", 1).(map[string]any)["homeAway"] = "home"
		}), "NCAAB", "unexpected competitor"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := answer(t, tc.status, "application/json", tc.body)
			id := "401547417"
			if tc.league == "NCAAB" {
				id = "401828387"
			}
			got, err := espn.New(srv.URL, srv.Client()).ScoringPlays(context.Background(), tc.league, id)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ScoringPlays = %v, %v; want an error with %q", got, err, tc.want)
			}
			if got != nil {
				t.Errorf("plays %v returned with the error", got)
			}
		})
	}
}

func TestScoringPlaysRefusesBadRequests(t *testing.T) {
	var asked int
	srv := answer(t, http.StatusOK, "application/json", []byte(`{}`))
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { asked++ })
	c := espn.New(srv.URL, srv.Client())
	for _, tc := range []struct{ league, id string }{
		{"NFL", ""}, {"NFL", "401547417&dates=1"}, {"NFL", "../scoreboard"}, {"NFL", "4015474170000000000000"}, {"MLB", "401547417"},
	} {
		if _, err := c.ScoringPlays(context.Background(), tc.league, tc.id); err == nil {
			t.Errorf("ScoringPlays(%q, %q) made no error", tc.league, tc.id)
		}
	}
	if asked != 0 {
		t.Errorf("%d requests made", asked)
	}
}
