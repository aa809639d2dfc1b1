package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// TestServeFeedsMetrics runs `squares serve` with a metrics listener, the ESPN feed pointed at a recorded
// scoreboard that fails every other read, and a game kicking off within the hour whose pools are due
// their final decision: scraping the real listener shows the automation's decisions and the feed's reads
// and errors, counted through the hooks serve wires.
func TestServeFeedsMetrics(t *testing.T) {
	recorded, err := os.ReadFile(filepath.Join("..", "..", "espn", "testdata", "nfl-20241215.json"))
	if err != nil {
		t.Fatal(err)
	}
	var reads atomic.Int64
	feed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if reads.Add(1)%2 == 1 {
			http.Error(w, "upstream down", http.StatusBadGateway)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(recorded)
	}))
	defer feed.Close()

	path := filepath.Join(t.TempDir(), "metrics.db")
	db := store.New("sqlite:" + path)
	ctx := context.Background()
	if err := db.Open(ctx); err != nil {
		t.Fatal(err)
	}
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: "metrics_1", Season: 2026, Week: "W12",
		HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: time.Now().Add(time.Hour),
		Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil || len(pools) != len(squares.Tiers) {
		t.Fatalf("pools: %d, %v", len(pools), err)
	}
	// The pools opened three hours ago, when sales were still allowed.
	db.Now = func() time.Time { return time.Now().Add(-3 * time.Hour) }
	for _, p := range pools {
		if _, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	clearConfigEnv(t, map[string]string{"SQUARES_DEV": "1", "SQUARES_DEMO": "0"})
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var logs syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(runCtx, []string{"serve", "--database-url", "sqlite:" + path, "--addr", "127.0.0.1:0",
			"--log-format", "text", "--metrics-addr", "127.0.0.1:0", "--scores", "espn", "--espn-url", feed.URL,
			"--scores-interval", "200ms"}, strings.NewReader(""), io.Discard, &logs)
	}()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	addr := regexp.MustCompile(`msg="metrics listening" url=(http://\S+/metrics)`)
	want := []string{
		`squares_automation_decisions_total{action="cancel"} 5`,
		`squares_feed_polls_total{provider="espn",result="error"}`,
		`squares_feed_polls_total{provider="espn",result="ok"}`,
		`squares_pool_decisions{action="cancel",decided_by="automation"} 5`,
	}
	var text string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		m := addr.FindStringSubmatch(logs.String())
		if m == nil {
			continue
		}
		resp, err := http.Get(m[1])
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if text = string(b); containsAll(text, want) {
			return
		}
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("metrics lack %s", w)
		}
	}
	t.Logf("metrics:\n%s\nlog:\n%s", text, logs.String())
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}
