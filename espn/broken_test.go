package espn_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/espn"
)

var day = time.Date(2024, 12, 15, 12, 0, 0, 0, squares.Eastern)

// answer serves the same status and body to every request.
func answer(t *testing.T, status int, contentType string, body []byte) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func recordedBody(t *testing.T, file string) []byte {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// broken replaces one piece of a recorded answer, failing if the piece is not there.
func broken(t *testing.T, body []byte, old, new string) []byte {
	t.Helper()
	if !bytes.Contains(body, []byte(old)) {
		t.Fatalf("%q is not in the recorded answer", old)
	}
	return bytes.Replace(body, []byte(old), []byte(new), 1)
}

func TestScoreboardBrokenAnswers(t *testing.T) {
	nfl := recordedBody(t, "nfl-20241215.json")
	week1 := recordedBody(t, "nfl-2022-week1.json")
	// Valid JSON padded with whitespace past the size bound.
	huge := append(append([]byte{}, nfl...), bytes.Repeat([]byte(" "), espn.MaxBodySize)...)
	for _, tc := range []struct {
		name        string
		status      int
		contentType string
		body        []byte
	}{
		{"HTML page", 200, "text/html", []byte("<!DOCTYPE html><html><head><title>ESPN</title></head><body>Service Unavailable</body></html>")},
		{"server error with a scoreboard", 500, "application/json", nfl},
		{"bad gateway page", 502, "text/html", []byte("<html><body>502 Bad Gateway</body></html>")},
		{"not found", 404, "application/json", []byte(`{"code":404,"message":"Not Found"}`)},
		{"empty body", 200, "application/json", nil},
		{"truncated", 200, "application/json", nfl[:len(nfl)/2]},
		{"truncated at the last byte", 200, "application/json", nfl[:len(nfl)-1]},
		{"too large", 200, "application/json", huge},
		{"not an object", 200, "application/json", []byte(`[]`)},
		{"no events", 200, "application/json", []byte(`{"leagues":[{"slug":"nfl"}]}`)},
		{"null events", 200, "application/json", []byte(`{"events":null}`)},
		{"events not a list", 200, "application/json", []byte(`{"events":{"id":"1"}}`)},
		{"another league's scoreboard", 200, "application/json", recordedBody(t, "ncaaf-2022-week3.json")},
		{"score not a number", 200, "application/json", broken(t, nfl, `"score":"42"`, `"score":"forty-two"`)},
		{"negative score", 200, "application/json", broken(t, nfl, `"score":"42"`, `"score":"-42"`)},
		{"fractional points", 200, "application/json", broken(t, nfl, `"value":21.0,"displayValue":"21","period":4`, `"value":21.5,"displayValue":"21","period":4`)},
		{"points out of order", 200, "application/json", broken(t, nfl, `"value":21.0,"displayValue":"21","period":4`, `"value":21.0,"displayValue":"21","period":3`)},
		{"points without a value", 200, "application/json", broken(t, week1, `"value": 3`, `"points": 3`)},
		{"two home teams", 200, "application/json", broken(t, nfl, `"homeAway":"away"`, `"homeAway":"home"`)},
		{"no away team", 200, "application/json", broken(t, nfl, `"homeAway":"away"`, `"homeAway":"neutral"`)},
		{"no competitors", 200, "application/json", broken(t, nfl, `"competitors":[`, `"competitors":[],"was":[`)},
		{"bad date", 200, "application/json", broken(t, nfl, `"date":"2024-12-15T18:00Z"`, `"date":"Sunday"`)},
		{"id a number", 200, "application/json", broken(t, nfl, `"id":"401671854"`, `"id":401671854`)},
		{"period a string", 200, "application/json", broken(t, nfl, `"period":4,"type"`, `"period":"4","type"`)},
	} {
		srv := answer(t, tc.status, tc.contentType, tc.body)
		games, err := espn.New(srv.URL, srv.Client()).Scoreboard(context.Background(), "NFL", day)
		if err == nil || games != nil {
			t.Errorf("%s: %d games, error %v; want an error and no games", tc.name, len(games), err)
		}
		t.Logf("%s: %.160v", tc.name, err)
	}

	// The same recorded answer, whole, is read (the cases above fail for what was broken).
	srv := answer(t, 200, "application/json", nfl)
	if games, err := espn.New(srv.URL, srv.Client()).Scoreboard(context.Background(), "NFL", day); err != nil || len(games) != 13 {
		t.Errorf("recorded answer: %d games, %v", len(games), err)
	}
	// A day without games is an answer, not an error.
	srv = answer(t, 200, "application/json", []byte(`{"leagues":[{"slug":"nfl"}],"events":[]}`))
	if games, err := espn.New(srv.URL, srv.Client()).Scoreboard(context.Background(), "NFL", day); err != nil || len(games) != 0 {
		t.Errorf("empty day: %d games, %v", len(games), err)
	}
}

func TestScoreboardTimeout(t *testing.T) {
	// ESPN accepts the request and never answers: the poll's context ends it.
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	games, err := espn.New(srv.URL, srv.Client()).Scoreboard(ctx, "NFL", day)
	if err == nil || games != nil {
		t.Errorf("%d games, error %v; want an error and no games", len(games), err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}

	// A body that stops halfway and stalls is cut off by the HTTP client's own timeout too.
	nfl := recordedBody(t, "nfl-20241215.json")
	stall := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(nfl[:len(nfl)/2])
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(stall.Close)
	hc := stall.Client()
	hc.Timeout = 200 * time.Millisecond
	games, err = espn.New(stall.URL, hc).Scoreboard(context.Background(), "NFL", day)
	if err == nil || games != nil {
		t.Errorf("stalled body: %d games, error %v; want an error and no games", len(games), err)
	}
}

func TestScoreboardLeagues(t *testing.T) {
	var hits atomic.Int32
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		mu.Lock()
		paths = append(paths, r.URL.Path+"?"+r.URL.RawQuery)
		mu.Unlock()
		w.Write([]byte(`{"events":[]}`))
	}))
	t.Cleanup(srv.Close)
	// A base URL with a trailing slash, as an operator may write it.
	c := espn.New(srv.URL+"/", srv.Client())
	for _, league := range []string{"NFL", "NCAAF", "nba", " NCAAB "} {
		if _, err := c.Scoreboard(context.Background(), league, day); err != nil {
			t.Errorf("%s: %v", league, err)
		}
	}
	want := []string{
		"/apis/site/v2/sports/football/nfl/scoreboard?dates=20241215",
		"/apis/site/v2/sports/football/college-football/scoreboard?dates=20241215",
		"/apis/site/v2/sports/basketball/nba/scoreboard?dates=20241215",
		"/apis/site/v2/sports/basketball/mens-college-basketball/scoreboard?dates=20241215&groups=50&limit=500",
	}
	if strings.Join(paths, "\n") != strings.Join(want, "\n") {
		t.Errorf("requested\n%s\nwant\n%s", strings.Join(paths, "\n"), strings.Join(want, "\n"))
	}
	// A league ESPN is not read for asks nothing.
	if games, err := c.Scoreboard(context.Background(), "MLB", day); err == nil || games != nil || hits.Load() != 4 {
		t.Errorf("MLB: %v, %v, %d requests", games, err, hits.Load())
	}
	for code, want := range map[string]string{"NFL": "football/nfl", "ncaaf": "football/college-football",
		"NBA": "basketball/nba", "NCAAB": "basketball/mens-college-basketball", "MLB": ""} {
		if got, ok := espn.Path(code); got != want || ok != (want != "") {
			t.Errorf("Path(%q) = %q, %v", code, got, ok)
		}
	}
}
