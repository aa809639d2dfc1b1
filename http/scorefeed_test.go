package http_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestTestFeedCall: GET /api/test-nfl-api polls the configured ESPN feed once (a stand-in serving the
// recorded NFL finals of 2024-12-15) and answers what it saw; the game is completed, a second call applies
// nothing; a broken answer is reported and changes nothing; the readiness check and the feed status say
// how the feed is doing. With manual scores there is nothing to poll (422); players are refused and the
// call does not exist outside development mode.
func TestTestFeedCall(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		finals, err := os.ReadFile(filepath.Join("..", "espn", "testdata", "nfl-20241215.json"))
		if err != nil {
			t.Fatal(err)
		}
		var broken atomic.Bool
		feed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if broken.Load() {
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(http.StatusInternalServerError)
				w.Write([]byte("<html><body>Internal Server Error</body></html>"))
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Write(finals)
		}))
		t.Cleanup(feed.Close)
		s := startPayAPI(t, engine, payOptions{webhooks: true, feed: feed.URL})
		s.clock.Set(time.Date(2024, 12, 15, 23, 0, 0, 0, time.UTC))
		g := &squares.Game{LeagueID: squares.LeagueNFL, Season: 2024, Week: "W15", HomeTeam: "Cleveland Browns",
			AwayTeam: "Kansas City Chiefs", GameDate: time.Date(2024, 12, 15, 18, 0, 0, 0, time.UTC), Status: squares.GameScheduled}
		if err := s.db.CreateGame(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		admin := s.admin(t)
		checks, _ := readiness(t, admin)
		wantCheck(t, checks, "scores", true, "espn feed", "not polled yet")

		broken.Store(true)
		r := admin.get("/api/test-nfl-api").want(http.StatusOK).obj()
		if r["provider"] != "espn" || r["matchedGames"] != float64(0) || !strings.Contains(r["error"].(string), "500") {
			t.Errorf("broken answer: %v", r)
		}
		if got, _ := s.db.FindGame(context.Background(), g.ID); got.Status != squares.GameScheduled {
			t.Errorf("broken answer changed the game: %s", got.Status)
		}
		checks, _ = readiness(t, admin)
		wantCheck(t, checks, "scores", false, "failed", "500")

		broken.Store(false)
		r = admin.get("/api/test-nfl-api").want(http.StatusOK).obj()
		if r["matchedGames"] != float64(1) || r["updatesApplied"] != float64(1) || r["error"] != "" || r["scoreboards"] != float64(1) {
			t.Errorf("poll: %v", r)
		}
		if got, _ := s.db.FindGame(context.Background(), g.ID); got.Status != squares.GameCompleted || *got.HomeScore != 7 ||
			*got.AwayScore != 21 || got.ESPNID != "401671854" {
			t.Errorf("game after the poll: %+v", got)
		}
		if r = admin.get("/api/test-nfl-api").want(http.StatusOK).obj(); r["updatesApplied"] != float64(0) || r["error"] != "" {
			t.Errorf("second poll: %v", r)
		}
		st := admin.get("/api/score-feed-status").want(http.StatusOK).obj()
		if st["provider"] != "espn" || st["ok"] != true || st["lastPoll"] == nil || st["interval"] != "30s" ||
			!strings.Contains(st["lastError"].(string), "500") {
			t.Errorf("feed status: %v", st)
		}
		checks, _ = readiness(t, admin)
		wantCheck(t, checks, "scores", true, "espn feed", "last poll")

		player, _ := s.storePlayer(t, squares.RoleUser)
		player.get("/api/test-nfl-api").wantError(http.StatusForbidden, "forbidden", "Admin access required.")

		manual := startPayAPI(t, engine, payOptions{})
		madmin := manual.admin(t)
		madmin.get("/api/test-nfl-api").wantError(http.StatusUnprocessableEntity, "unprocessable", "")
		if st := madmin.get("/api/score-feed-status").want(http.StatusOK).obj(); st["provider"] != "manual" {
			t.Errorf("manual feed status: %v", st)
		}
		checks, _ = readiness(t, madmin)
		wantCheck(t, checks, "scores", false, "Manual scores")
		prod := startPayAPI(t, store.SQLite, payOptions{prod: true, feed: feed.URL})
		prod.client(t).get("/api/test-nfl-api").want(http.StatusNotFound)
	})
}
