package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestFeedPolledUnderClaimLoad runs `squares serve` polling a local ESPN every second, with games kicking
// off a little over 2 hours later (due a look) whose free pools 256 players fill through POST
// /api/pools/{id}/squares as fast as they can, and go on claiming once they are full: the feed is asked
// at least every two intervals while the claims go on. (On PostgreSQL a claim holds a pooled connection
// while it waits for its pool's row lock, and database/sql hands a freed connection to a waiter at random:
// a poll that waited among the claims for a connection missed the feed for up to 7 seconds. The poller's
// store calls go through connections of their own, store.Reserved.)
func TestFeedPolledUnderClaimLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server under load")
	}
	storetest.ForEachEngine(t, testFeedPolledUnderClaimLoad)
}

func testFeedPolledUnderClaimLoad(t *testing.T, engine string) {
	const interval = time.Second
	var mu sync.Mutex
	var asks []time.Time
	feed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asks = append(asks, time.Now())
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"leagues":[{"slug":"nfl"}],"events":[]}`)
	}))
	defer feed.Close()

	url := storetest.URL(t, engine)
	db := store.New(url)
	ctx := context.Background()
	if err := db.Open(ctx); err != nil {
		t.Fatal(err)
	}
	kickoff := time.Now().Add(2*time.Hour + 10*time.Minute)
	var pools []int64
	for i := range 4 {
		g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("feedload_%d", i), Season: 2026,
			Week: "W12", HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: kickoff,
			Status: squares.GameScheduled}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		ps, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if p.IsFree() {
				if _, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive); err != nil {
					t.Fatal(err)
				}
				pools = append(pools, p.ID)
			}
		}
	}
	var tokens []string
	for i := range 256 {
		u := &squares.User{Email: fmt.Sprintf("load%d@example.com", i), PasswordHash: "not-a-hash", FirstName: "Load",
			LastName: fmt.Sprint(i), Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
			ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		token := fmt.Sprintf("feed-load-session-%d", i)
		sum := sha256.Sum256([]byte(token))
		if err := db.CreateSession(ctx, &store.Session{TokenHash: hex.EncodeToString(sum[:]), UserID: u.ID,
			ExpiresAt: time.Now().Add(24 * time.Hour)}, ""); err != nil {
			t.Fatal(err)
		}
		tokens = append(tokens, token)
	}
	db.Close()

	clearConfigEnv(t, map[string]string{"SQUARES_DEV": "1", "SQUARES_DEMO": "0"})
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var logs syncBuffer
	done := make(chan error, 1)
	started := time.Now()
	go func() {
		done <- run(runCtx, []string{"serve", "--database-url", url, "--addr", "127.0.0.1:0",
			"--log-format", "text", "--scores", "espn", "--espn-url", feed.URL, "--scores-interval", interval.String()},
			strings.NewReader(""), io.Discard, &logs)
	}()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	listening := regexp.MustCompile(`msg="squares listening" url=(http://\S+)`)
	var base string
	for deadline := time.Now().Add(20 * time.Second); base == ""; time.Sleep(10 * time.Millisecond) {
		if m := listening.FindStringSubmatch(logs.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("serve did not start:\n%s", logs.String())
		}
	}

	// Claim load: every player claims squares of the pools at random until the pools are full or the time
	// is up.
	loadStart := time.Now()
	loadEnd := loadStart.Add(8 * time.Second)
	var wg sync.WaitGroup
	var claimMu sync.Mutex
	answers := map[int]int{}
	for i, token := range tokens {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			c := &http.Client{Timeout: 20 * time.Second}
			for time.Now().Before(loadEnd) {
				pool := pools[rng.IntN(len(pools))]
				cell := rng.IntN(squares.SquaresPerPool)
				body, _ := json.Marshal(map[string]int{"row": cell / 10, "column": cell % 10})
				req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/pools/%d/squares", base, pool), bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.AddCookie(&http.Cookie{Name: "squares_session", Value: token})
				resp, err := c.Do(req)
				if err != nil {
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				claimMu.Lock()
				answers[resp.StatusCode]++
				claimMu.Unlock()
			}
		})
	}
	wg.Wait()
	mu.Lock()
	got := append([]time.Time(nil), asks...)
	mu.Unlock()
	t.Logf("claims answered %v; feed asked %d times", answers, len(got))
	if len(got) == 0 {
		t.Fatalf("the feed was never asked in %s", time.Since(started))
	}
	// From the start of the load to its end, the feed is asked at least every two intervals.
	prev := loadStart
	for i, at := range append(got, loadEnd) {
		if at.Before(loadStart) {
			continue
		}
		if gap := at.Sub(prev); gap > 2*interval {
			t.Errorf("under claim load, ask %d came %s after the one before (interval %s)", i, gap, interval)
		}
		prev = at
	}
}
