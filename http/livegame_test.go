package http_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares/store/storetest"
)

// TestLiveGameCalls: the developer game calls over a real server and database. A game an admin scores
// into Q2 is the one live game, with its Q1 end score; a game played to its final is a completed game of
// its season (and not live); a scheduled game is neither. Game details answer each game's period
// scores; a blank id asks for one ("Please enter a game ID"), a bad id or season is a 400, an unknown id
// a 404.
func TestLiveGameCalls(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t)
		anon := s.client(t)
		kickoff := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
		live, _ := s.game(t, "W12", kickoff)
		final, _ := s.game(t, "W12", kickoff.Add(3*time.Hour))
		scheduled, _ := s.game(t, "W13", kickoff.Add(7*24*time.Hour))

		if got := anon.get("/api/live-games").want(http.StatusOK).list(); len(got) != 0 {
			t.Fatalf("live games before any score = %v", got)
		}
		for _, u := range wholeGame[:4] { // into Q2 at 10-3: Q1 ended 7-3
			admin.post(fmt.Sprintf("/api/admin/games/%d/score", live.ID), u).want(http.StatusOK)
		}
		for _, u := range wholeGame {
			admin.post(fmt.Sprintf("/api/admin/games/%d/score", final.ID), u).want(http.StatusOK)
		}

		games := anon.get("/api/live-games").want(http.StatusOK).list()
		if len(games) != 1 || num(t, games[0]["id"]) != live.ID || games[0]["status"] != "live" ||
			games[0]["displayStatus"] != "LIVE" || games[0]["homeScore"] != 10.0 || games[0]["awayScore"] != 3.0 ||
			games[0]["quarter"] != 2.0 {
			t.Fatalf("live games = %v", games)
		}
		wantPeriods(t, games[0], [][2]float64{{7, 3}})

		d := anon.get(fmt.Sprintf("/api/game-details/%d", final.ID)).want(http.StatusOK).obj()
		if d["status"] != "completed" || d["displayStatus"] != "COMPLETED" || d["periodCount"] != 4.0 ||
			d["homeTeam"] != "Buffalo Bills" || d["homeScoreQ1"] != 7.0 {
			t.Fatalf("game details = %v", d)
		}
		wantPeriods(t, d, [][2]float64{{7, 3}, {14, 3}, {14, 10}, {24, 17}})
		d = anon.get(fmt.Sprintf("/api/game-details/%d", scheduled.ID)).want(http.StatusOK).obj()
		if d["displayStatus"] != "SCHEDULED" || d["homeScore"] != nil {
			t.Fatalf("scheduled game details = %v", d)
		}
		wantPeriods(t, d, nil)
		for _, blank := range []string{"/api/game-details/", "/api/game-details/%20"} {
			anon.get(blank).wantError(http.StatusBadRequest, "invalid", "Please enter a game ID", "id", "Please enter a game ID")
		}
		for _, bad := range []string{"/api/game-details/abc", "/api/game-details/-4", "/api/game-details/1/2"} {
			anon.get(bad).wantError(http.StatusBadRequest, "invalid", "", "id", "Game ID must be a positive number.")
		}
		anon.get("/api/game-details/999999").wantError(http.StatusNotFound, "not_found", "")

		hist := anon.get("/api/historical-games/2026").want(http.StatusOK).list()
		if len(hist) != 1 || num(t, hist[0]["id"]) != final.ID || hist[0]["awayScore"] != 17.0 {
			t.Fatalf("historical games of 2026 = %v", hist)
		}
		wantPeriods(t, hist[0], [][2]float64{{7, 3}, {14, 3}, {14, 10}, {24, 17}})
		if got := anon.get("/api/historical-games/2025").want(http.StatusOK).list(); len(got) != 0 {
			t.Fatalf("historical games of 2025 = %v", got)
		}
		for _, bad := range []string{"abc", "1", "20266", "-2026"} {
			anon.get("/api/historical-games/"+bad).wantError(http.StatusBadRequest, "invalid", "", "season", "Season must be a year such as 2025.")
		}
	})
}

// wantPeriods checks a game's list of ended periods against the end scores (home, away) in order.
func wantPeriods(t *testing.T, game map[string]any, ends [][2]float64) {
	t.Helper()
	periods, _ := game["periods"].([]any)
	if len(periods) != len(ends) {
		t.Fatalf("periods = %v, want %v", game["periods"], ends)
	}
	labels := []string{"Q1", "Q2", "Q3", "Final"}
	for i, p := range periods {
		p := p.(map[string]any)
		if p["period"] != float64(i+1) || p["periodLabel"] != labels[i] || p["homeScore"] != ends[i][0] || p["awayScore"] != ends[i][1] {
			t.Errorf("period %d = %v, want %v", i+1, p, ends[i])
		}
	}
}
