package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// decidePlan is how many players (five squares each) buy into each paid pool of a game before its
// decision, and the decision that makes: a $1 pool with 10 players is house-filled (50 squares, at most 70),
// a $5 pool with 4 players and a $25 pool with 12 are cancelled (too few players), a $10 pool with 20 is
// full and continues.
var decidePlan = map[squares.Cents]struct {
	players int
	action  string
}{
	100:  {10, squares.DecideHouseFill},
	500:  {4, squares.DecideCancel},
	1000: {20, squares.DecideContinue},
	2500: {12, squares.DecideCancel},
}

// TestKillMidDecision buys the squares of three games' pools through the escrow and the sandbox the day
// before, then moves to an hour before kickoff, when every pool's 2-hour decision is due, and runs a real
// `squares serve` as a child process: its automation decides the pools at once (cancel and return the
// money, house-fill and draw, or continue) and its escrow releases the cancelled pools' holds and captures
// the others'. The child is killed with SIGKILL after a random number of decisions, or a random moment
// into the escrow's work, five times, the books audited after each kill. Restarted once more, it finishes:
// each pool is decided exactly once, as its numbers say; each hold of a cancelled pool is released once
// (one release in the ledger, one notice to its player), each of the others captured once, the house
// stakes once per filled pool; the books balance and agree with the processor's.
func TestKillMidDecision(t *testing.T) {
	// Long, and mostly waiting for its child servers: beside the other long ones.
	t.Parallel()
	if testing.Short() {
		t.Skip("starts server processes")
	}
	storetest.ForEachEngineAtOnce(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		rng := newRand(t)
		kickoff := time.Now().Add(time.Hour)

		// The day before: sales.
		clock := storetest.NewClock(time.Now().Add(-24 * time.Hour))
		before := store.New(url)
		before.Now = clock.Now
		if err := before.Open(ctx); err != nil {
			t.Fatal(err)
		}
		defer before.Close()
		sb := sandbox.New(before)
		sb.Now = clock.Now
		esc := escrow.New(before, sb, slog.New(slog.NewTextHandler(io.Discard, nil)))
		sb.OnEvent = esc.HandleEvent
		users := createBuyers(t, ctx, before, "decide", 20)
		want := map[int64]string{} // the decision of each paid pool
		var poolIDs []int64        // every pool of the games, free ones included
		for g := range 3 {
			game := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("kill_decide_%d", g), Season: 2026,
				Week: "W12", HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: kickoff,
				Status: squares.GameScheduled}
			if err := before.CreateGame(ctx, game); err != nil {
				t.Fatal(err)
			}
			pools, err := before.ListPools(ctx, squares.PoolFilter{GameID: game.ID})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range pools {
				poolIDs = append(poolIDs, p.ID)
				plan, paid := decidePlan[p.EntryFee]
				if !paid {
					continue
				}
				if _, err := before.SetPoolStatus(ctx, p.ID, squares.PoolActive); err != nil {
					t.Fatal(err)
				}
				want[p.ID] = plan.action
				for i, u := range users[:plan.players] {
					var cells []squares.Cell
					for n := i * squares.PublicSquaresPerPlayer; n < (i+1)*squares.PublicSquaresPerPlayer; n++ {
						cells = append(cells, squares.Cell{Row: n / squares.GridSize, Column: n % squares.GridSize})
					}
					pay, err := esc.Checkout(ctx, u, p.ID, cells, p.EntryFee*squares.Cents(len(cells)))
					if err != nil {
						t.Fatalf("checkout: %v", err)
					}
					if _, err := sb.Confirm(ctx, pay.ProviderPaymentID, sandbox.Card{Number: "4242424242424242", Expiry: "12/30", CVC: "123"}); err != nil {
						t.Fatal(err)
					}
					if _, err := esc.Confirm(ctx, u, pay.ProviderPaymentID); err != nil {
						t.Fatalf("confirm: %v", err)
					}
				}
			}
		}
		if len(want) != 12 {
			t.Fatalf("%d paid pools, want 12", len(want))
		}

		// An hour before kickoff: the server decides, and is killed meanwhile.
		audit := storetest.NewAuditor(t, url)
		wall := openURL(t, url)
		decided := func() int {
			var n int
			if err := audit.Conn.QueryRow(`SELECT COUNT(*) FROM pool_decisions`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		for round := range 5 {
			// The kill comes a random moment (up to 20 ms: into the next decisions, or the escrow's
			// releases and captures that follow them) after a random one of the decisions left, or, when
			// none is left, a random moment after the start, into the escrow's first pass.
			after, extra := len(poolIDs)+1, time.Duration(rng.intN(20))*time.Millisecond
			if left := len(poolIDs) - decided(); left > 0 {
				after = 1 + rng.intN(left)
			}
			delay := time.Duration(100+rng.intN(900)) * time.Millisecond
			kill := make(chan struct{})
			var once sync.Once
			watch := &lineWatcher{match: "pool decided", n: after, fire: func() {
				time.AfterFunc(extra, func() { once.Do(func() { close(kill) }) })
			}}
			child, _ := spawnChild(t, url, watch, "SQUARES_LOG_LEVEL=info", "SQUARES_LOG_FORMAT=text")
			how := fmt.Sprintf("%s after decision %d", extra, after)
			select {
			case <-kill:
			case <-time.After(delay):
				how = fmt.Sprintf("%s after the start", delay)
			}
			child.Process.Kill()
			child.Wait()
			waitChildSessions(t, url, audit)
			audit.Snapshot(t, wall).CheckBooks(t, wall)
			t.Logf("round %d: killed %s; %d of %d pools decided", round, how, decided(), len(poolIDs))
		}

		// Restarted, the server finishes: every pool decided, and no escrow work left.
		child, _ := startChild(t, url)
		deadline := time.Now().Add(30 * time.Second)
		for {
			work, err := wall.ListPaymentWork(ctx, 10)
			if err != nil {
				t.Fatal(err)
			}
			if decided() == len(poolIDs) && len(work) == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after the restart: %d of %d pools decided, escrow work left: %d", decided(), len(poolIDs), len(work))
			}
			time.Sleep(100 * time.Millisecond)
		}
		child.Process.Signal(os.Interrupt)
		child.Wait()

		snap := audit.Snapshot(t, wall)
		snap.CheckBooks(t, wall)
		snap.CheckSettled(t)
		snap.CheckProvider(t, sb)
		checkDecidedOnce(t, audit, snap, poolIDs, want)
	})
}

// checkDecidedOnce checks that each pool has its one decision, as planned for the paid ones, and that it
// was carried out once: a cancelled pool's holds each released, with one notice to its player and nothing
// captured; a house-filled pool full with one stake by the house; a full pool's payments captured.
func checkDecidedOnce(t *testing.T, audit *storetest.Auditor, snap *storetest.Snapshot, poolIDs []int64, want map[int64]string) {
	t.Helper()
	got := map[int64]string{}
	rows, err := audit.Conn.Query(`SELECT pool_id, action FROM pool_decisions`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var action string
		if err := rows.Scan(&id, &action); err != nil {
			t.Fatal(err)
		}
		got[id] = action
	}
	rows.Close()
	notices := map[[2]int64]int{} // (user, pool) -> payment_released notices
	rows, err = audit.Conn.Query(`SELECT user_id, pool_id FROM notifications WHERE kind = $1`, squares.NotifyPaymentReleased)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k [2]int64
		if err := rows.Scan(&k[0], &k[1]); err != nil {
			t.Fatal(err)
		}
		notices[k]++
	}
	rows.Close()
	stakes := map[int64]int{}
	for _, tx := range snap.Txs {
		if tx.Kind == squares.LedgerStake {
			stakes[tx.PoolID]++
		}
	}
	counts := map[string]int{}
	for _, id := range poolIDs {
		if got[id] == "" {
			t.Fatalf("pool %d was not decided", id)
		}
		counts[got[id]]++
		action, paid := want[id]
		if !paid {
			continue
		}
		pool := snap.Pools[id]
		if got[id] != action {
			t.Fatalf("pool %d decided %s, want %s", id, got[id], action)
		}
		wantPool, wantPay := squares.PoolFull, squares.PaymentCaptured
		if action == squares.DecideCancel {
			wantPool, wantPay = squares.PoolCancelled, squares.PaymentReleased
		}
		if pool.Status != wantPool {
			t.Fatalf("pool %d (%s) is %s, want %s", id, action, pool.Status, wantPool)
		}
		if n := stakes[id]; (action == squares.DecideHouseFill) != (n == 1) || n > 1 {
			t.Fatalf("pool %d (%s) has %d house stakes", id, action, n)
		}
		for _, p := range snap.Payments {
			if p.PoolID != id {
				continue
			}
			if p.Status != wantPay {
				t.Fatalf("payment %s of pool %d (%s) is %s, want %s", p.ID, id, action, p.Status, wantPay)
			}
			if n, wantN := notices[[2]int64{p.UserID, id}], map[bool]int{true: 1}[action == squares.DecideCancel]; n != wantN {
				t.Fatalf("player %d was told %d times of the release of pool %d (%s), want %d", p.UserID, n, id, action, wantN)
			}
		}
	}
	t.Logf("decisions: %v", counts)
}

// lineWatcher is a child's log output that calls fire once it has seen n lines containing match.
type lineWatcher struct {
	match string
	n     int
	fire  func()

	mu      sync.Mutex
	partial string
	seen    int
}

func (w *lineWatcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	lines := strings.Split(w.partial+string(p), "\n")
	w.partial = lines[len(lines)-1]
	for _, l := range lines[:len(lines)-1] {
		if strings.Contains(l, w.match) {
			if w.seen++; w.seen == w.n {
				w.fire()
			}
		}
	}
	return len(p), nil
}
