package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// killChildEnv marks the test binary started as a child `squares serve` by TestKillMidSettlement.
const killChildEnv = "SQUARES_KILL_CHILD"

// TestKillChildServe is the child: `squares serve` with the configuration in its environment, until it
// is killed. It is skipped in an ordinary test run.
func TestKillChildServe(t *testing.T) {
	if os.Getenv(killChildEnv) != "1" {
		t.Skip("only as the child of TestKillMidSettlement")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, []string{"serve"}, os.Stdin, os.Stdout, os.Stderr); err != nil {
		t.Fatal(err)
	}
}

// scoreBurst is a whole game's score updates: Q1 ends 7-3, Q2 14-3, Q3 14-10, final 24-17.
var scoreBurst = []string{
	`{"homeScore":0,"awayScore":0,"quarter":1,"status":"live"}`, `{"homeScore":7,"awayScore":0,"quarter":1,"status":"1q"}`,
	`{"homeScore":7,"awayScore":3,"quarter":1,"status":"1q"}`, `{"homeScore":10,"awayScore":3,"quarter":2,"status":"2q"}`,
	`{"homeScore":14,"awayScore":3,"quarter":2,"status":"2q"}`, `{"homeScore":14,"awayScore":10,"quarter":3,"status":"3q"}`,
	`{"homeScore":21,"awayScore":10,"quarter":4,"status":"4q"}`, `{"homeScore":24,"awayScore":17,"quarter":4,"status":"ft"}`,
}

// TestKillMidSettlement runs a real `squares serve` as a child process, sends it bursts of score updates
// for a full paid pool from several clients at once and kills it with SIGKILL in the middle of each burst;
// after every kill the books are checked straight from the database (each recorded winner has its prize
// transaction and no prize lacks its winner: nothing half-done; and storetest's whole audit), and after a
// restart and a last replay the pool is paid exactly once: four prizes and one fee, the escrow empty, the
// ledger balanced, every payment captured and agreeing with the sandbox.
func TestKillMidSettlement(t *testing.T) {
	// Long, and mostly waiting for its child servers: beside the other long ones.
	t.Parallel()
	if testing.Short() {
		t.Skip("starts server processes")
	}
	storetest.ForEachEngineAtOnce(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		db := openURL(t, url)
		sb := sandbox.New(db)
		esc := escrow.New(db, sb, slog.New(slog.NewTextHandler(io.Discard, nil)))
		sb.OnEvent = esc.HandleEvent
		pool, _ := fillPaidPool(t, ctx, db, sb, esc)
		if err := esc.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		audit := storetest.NewAuditor(t, url)
		path := fmt.Sprintf("/api/admin/games/%d/score", pool.GameID)
		// Kill after the answer to each of these updates, with the other clients' requests in flight.
		for _, killAfter := range []int{2, 4, 6, 7} {
			child, base := startChild(t, url)
			admin := adminClient(t, base)
			var once sync.Once
			var wg sync.WaitGroup
			for range 4 {
				wg.Go(func() {
					for i, body := range scoreBurst {
						r, err := admin.Post(base+path, "application/json", strings.NewReader(body))
						if err != nil {
							return // the server is gone
						}
						r.Body.Close()
						if r.StatusCode >= 500 {
							t.Errorf("update %d: %d", i, r.StatusCode)
						}
						if i == killAfter {
							once.Do(func() { child.Process.Kill() })
						}
					}
				})
			}
			wg.Wait()
			once.Do(func() { child.Process.Kill() })
			child.Wait()
			waitChildSessions(t, url, audit)
			checkBooks(t, ctx, db, pool.ID, -1)
			audit.Snapshot(t, db).CheckBooks(t, db)
		}
		child, base := startChild(t, url)
		admin := adminClient(t, base)
		for _, body := range scoreBurst {
			r, err := admin.Post(base+path, "application/json", strings.NewReader(body))
			if err != nil || r.StatusCode >= 500 {
				t.Fatalf("replay: %v %v", r, err)
			}
			r.Body.Close()
		}
		child.Process.Signal(os.Interrupt)
		child.Wait()
		checkBooks(t, ctx, db, pool.ID, 4)
		snap := audit.Snapshot(t, db)
		snap.CheckBooks(t, db)
		snap.CheckSettled(t)
		snap.CheckProvider(t, sb)
		p, err := db.FindPool(ctx, pool.ID, 0)
		if err != nil || p.Status != squares.PoolCompleted {
			t.Fatalf("pool after the final: %v %v", p.Status, err)
		}
	})
}

// checkBooks checks from the database that every winner of the pool has its prize transaction and every
// prize its winner, with one fee once anything is paid, and the ledger balanced; periods, when not -1, is
// the number of winners wanted.
func checkBooks(t *testing.T, ctx context.Context, db *store.DB, poolID int64, periods int) {
	t.Helper()
	ws, err := db.ListWinners(ctx, poolID)
	if err != nil {
		t.Fatal(err)
	}
	txs, err := db.ListLedgerTransactions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	prizes, fees := map[string]squares.Cents{}, 0
	for _, tx := range txs {
		switch tx.Kind {
		case squares.LedgerPrize:
			prizes[tx.Key] += tx.Amount
		case squares.LedgerHouseFee:
			fees++
		}
	}
	for _, w := range ws {
		if key := fmt.Sprintf("prize:%d:%d", poolID, w.Period); prizes[key] != w.Amount {
			t.Fatalf("winner of period %d (%s) has prize %s", w.Period, w.Amount, prizes[key])
		}
	}
	if len(prizes) != len(ws) || (len(ws) > 0) != (fees == 1) || fees > 1 {
		t.Fatalf("%d winners, %d prizes, %d fees", len(ws), len(prizes), fees)
	}
	if periods >= 0 && len(ws) != periods {
		t.Fatalf("%d winners, want %d", len(ws), periods)
	}
	if _, total, err := db.LedgerSummary(ctx); err != nil || total != 0 {
		t.Fatalf("ledger total %s, %v", total, err)
	}
	t.Logf("books balanced, %d winners each paid once", len(ws))
}

// startChild starts `squares serve` (this test binary as TestKillChildServe) on the database at url and
// a free port, in development mode with the sandbox and an admin, and waits until it answers; env adds to
// or overrides its environment (NAME=value).
func startChild(t *testing.T, url string, env ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd, base := spawnChild(t, url, os.Stderr, env...)
	waitHealthy(t, base)
	return cmd, base
}

// spawnChild starts the child server as startChild does, its log going to stderr, without waiting.
func spawnChild(t *testing.T, url string, stderr io.Writer, env ...string) (*exec.Cmd, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChildServe$", "-test.count=1")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SQUARES_") && !strings.HasPrefix(kv, "STRIPE_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, killChildEnv+"=1", "SQUARES_DATABASE_URL="+childDatabaseURL(url), "SQUARES_ADDR="+addr, "SQUARES_DEV=1",
		"SQUARES_DEMO=0", "SQUARES_PAYMENTS=sandbox", "SQUARES_ADMIN_USERNAME=boss",
		"SQUARES_ADMIN_PASSWORD=kill-test-password", "SQUARES_LOG_LEVEL=error",
		// The money's crash safety is checked with every full pool drawn at once, as its audit expects; the
		// beacon's draw after a crash is the beacon worker's tests' (drand/worker).
		"SQUARES_DRAND=off")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdout, cmd.Stderr = io.Discard, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, "http://" + addr
}

// waitHealthy waits until the child server at base answers.
func waitHealthy(t *testing.T, base string) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if r, err := http.Get(base + "/healthz"); err == nil {
			r.Body.Close()
			if r.StatusCode == http.StatusOK {
				return
			}
		}
	}
	t.Fatal("the child server did not start")
}

// adminClient signs in as the child's admin.
func adminClient(t *testing.T, base string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	r, err := c.Post(base+"/api/admin/login", "application/json",
		strings.NewReader(`{"username":"boss","password":"kill-test-password"}`))
	if err != nil || r.StatusCode != http.StatusOK {
		t.Fatalf("admin login: %v %v", r, err)
	}
	r.Body.Close()
	return c
}
