package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/scores"
)

func init() {
	configVars = append(configVars, "SQUARES_LOG_FORMAT", "SQUARES_METRICS_ADDR", "SQUARES_CLAIM_LIMIT",
		"SQUARES_CHECKOUT_LIMIT", "SQUARES_WS_ORIGINS", "SQUARES_WS_PER_ADDR")
}

// TestParseConfigOps: logs, metrics, rate limits and websocket caps from the environment and flags.
func TestParseConfigOps(t *testing.T) {
	clearConfigEnv(t, nil)
	c, err := parse(t)
	if err != nil || c.LogFormat != "json" || c.MetricsAddr != "" || c.WSConnsPerAddr != 100 || len(c.WSOrigins) != 0 ||
		c.ClaimLimit != (squareshttp.RateLimit{Every: 500 * time.Millisecond, Burst: 120}) ||
		c.CheckoutLimit != (squareshttp.RateLimit{Every: 2 * time.Second, Burst: 30}) {
		t.Fatalf("defaults: %+v, %v", c, err)
	}
	if c, err := parse(t, "--dev"); err != nil || c.LogFormat != "text" {
		t.Fatalf("development mode logs text: %q, %v", c.LogFormat, err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_LOG_FORMAT": "TEXT", "SQUARES_METRICS_ADDR": "127.0.0.1:9090",
		"SQUARES_CLAIM_LIMIT": "10/1s", "SQUARES_CHECKOUT_LIMIT": "0", "SQUARES_WS_ORIGINS": "https://a.example.com/, http://b.example.com:8080",
		"SQUARES_WS_PER_ADDR": "0"})
	c, err = parse(t)
	if err != nil || c.LogFormat != "text" || c.MetricsAddr != "127.0.0.1:9090" || c.WSConnsPerAddr != 0 ||
		c.ClaimLimit != (squareshttp.RateLimit{Every: 100 * time.Millisecond, Burst: 10}) || c.CheckoutLimit != (squareshttp.RateLimit{}) ||
		strings.Join(c.WSOrigins, " ") != "https://a.example.com http://b.example.com:8080" {
		t.Fatalf("from the environment: %+v, %v", c, err)
	}
	// Port 0 is a free port for each listener (tests), never the same one.
	if c, err := parse(t, "--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0"); err != nil || c.MetricsAddr != "127.0.0.1:0" {
		t.Fatalf("both on port 0: %+v, %v", c, err)
	}
	c, err = parse(t, "--metrics-addr", ":9100", "--claim-limit", "off", "--ws-per-addr", "5")
	if err != nil || c.MetricsAddr != ":9100" || c.ClaimLimit != (squareshttp.RateLimit{}) || c.WSConnsPerAddr != 5 {
		t.Fatalf("from flags: %+v, %v", c, err)
	}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"SQUARES_LOG_FORMAT": "xml"}, "SQUARES_LOG_FORMAT"},
		{map[string]string{"SQUARES_METRICS_ADDR": "9090"}, "SQUARES_METRICS_ADDR"},
		{map[string]string{"SQUARES_METRICS_ADDR": "127.0.0.1:8080"}, "must differ from SQUARES_ADDR"},
		{map[string]string{"SQUARES_CLAIM_LIMIT": "10"}, "SQUARES_CLAIM_LIMIT"},
		{map[string]string{"SQUARES_CLAIM_LIMIT": "-1/1m"}, "SQUARES_CLAIM_LIMIT"},
		{map[string]string{"SQUARES_CHECKOUT_LIMIT": "5/soon"}, "SQUARES_CHECKOUT_LIMIT"},
		{map[string]string{"SQUARES_WS_ORIGINS": "app.example.com"}, "SQUARES_WS_ORIGINS"},
		{map[string]string{"SQUARES_WS_ORIGINS": "https://app.example.com/path"}, "SQUARES_WS_ORIGINS"},
		{map[string]string{"SQUARES_WS_PER_ADDR": "many"}, "SQUARES_WS_PER_ADDR"},
	} {
		clearConfigEnv(t, tc.env)
		if _, err := parse(t); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error naming %s", tc.env, err, tc.want)
		}
	}
}

// TestServeLogsJSON: outside development mode every log line is a JSON object.
func TestServeLogsJSON(t *testing.T) {
	logs, _, err := serveOnce(t, "", map[string]string{"SQUARES_PAYMENTS": "sandbox"}, "--log-format", "json")
	if err != nil || !strings.Contains(logs, `"msg":"squares listening"`) {
		t.Fatalf("serve: %v\n%s", err, logs)
	}
	for _, line := range strings.Split(strings.TrimSpace(logs), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil || m["level"] == nil || m["msg"] == nil {
			t.Errorf("not a JSON log line: %s", line)
		}
	}
}

type fakeFeed struct{ err error }

func (f fakeFeed) Scoreboard(context.Context, string, time.Time) ([]squares.FeedGame, error) {
	return nil, f.err
}
func (f fakeFeed) Covers(league string) bool { return league == "nfl" }

// TestMeteredSource: the score feed's reads are counted by result, and its coverage is passed on.
func TestMeteredSource(t *testing.T) {
	m := squareshttp.NewMetrics()
	ok, bad := meteredSource(fakeFeed{}, "espn", m), meteredSource(fakeFeed{err: errors.New("down")}, "espn", m)
	ok.Scoreboard(context.Background(), "nfl", time.Now())
	ok.Scoreboard(context.Background(), "nfl", time.Now())
	bad.Scoreboard(context.Background(), "nfl", time.Now())
	if cov, isCov := ok.(scores.Coverage); !isCov || !cov.Covers("nfl") || cov.Covers("cfb") {
		t.Error("coverage not passed on")
	}
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	for _, want := range []string{`squares_feed_polls_total{provider="espn",result="ok"} 2`,
		`squares_feed_polls_total{provider="espn",result="error"} 1`} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if src := meteredSource(fakeFeed{}, "espn", nil); src != (fakeFeed{}) {
		t.Error("without metrics the source is wrapped")
	}
}
