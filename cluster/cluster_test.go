package cluster_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

var goodCard = sandbox.Card{Number: "4242 4242 4242 4242", Expiry: "12/30", CVC: "123"}

// TestCluster runs two `squares serve` processes on one PostgreSQL database behind nginx, as an operator
// deploys them. Through nginx and each instance directly: a player watching a pool live, on either
// instance, sees the claims made on both; a session made through nginx works on both instances and a
// sign-out on one ends it on the other; a paid pool due its final decision when both start is decided
// once and each of its holds captured once, with the ledger balanced; and with one instance killed
// (SIGKILL) in the middle of claims through nginx, the claims go on through the other, every claim
// answered 201 is in the database, and the survivor's watchers see them all.
func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL, two servers and nginx")
	}
	nginxPath(t)
	ctx := context.Background()
	url := storetest.URL(t, store.Postgres)
	db := store.New(url)
	if err := db.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	decided := paidPoolDue(t, db)

	a, b := startInstance(t, "a", url), startInstance(t, "b", url)
	lb := startNginx(t, a.addr, b.addr)

	t.Run("live across instances", func(t *testing.T) {
		pool := freePool(t, db, 1)
		var players []*player
		for _, u := range newPlayers(t, db, "live", 3) {
			players = append(players, login(t, lb.base, u))
		}
		// Two websockets through nginx in a row land one on each instance (round robin); the others are
		// on one instance each.
		watchers := []*watcher{watch(t, "nginx-1", lb.base, pool.ID), watch(t, "nginx-2", lb.base, pool.ID),
			watch(t, "a", a.base, pool.ID), watch(t, "b", b.base, pool.ID)}
		want := map[squares.Cell]int64{}
		for i, base := range []string{a.base, b.base, lb.base} {
			c := squares.Cell{Row: i, Column: i}
			if status, err := players[i].claim(base, pool.ID, c); err != nil || status != http.StatusCreated {
				t.Fatalf("claim through %s: %d %v", base, status, err)
			}
			want[c] = players[i].user.ID
		}
		for _, w := range watchers {
			w.waitSees(t, want, 10*time.Second)
		}
		watchers[0].close()
		watchers[1].close()
		if ups := lb.upstreams(t, "GET /ws", 2); ups[a.addr] != 1 || ups[b.addr] != 1 {
			t.Fatalf("websockets through nginx by upstream: %v, want one on each of %s and %s", ups, a.addr, b.addr)
		}
	})

	t.Run("sessions on both instances", func(t *testing.T) {
		p := login(t, lb.base, newPlayers(t, db, "session", 1)[0])
		for _, in := range []*instance{a, b, a, b} {
			if status, body, err := p.call("GET", in.base+"/api/auth/user", ""); err != nil || status != http.StatusOK {
				t.Fatalf("session on %s: %d %s %v", in.name, status, body, err)
			}
		}
		if status, _, err := p.call("POST", a.base+"/api/auth/logout", "{}"); err != nil || status != http.StatusOK {
			t.Fatalf("sign out on a: %d %v", status, err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for {
			status, _, err := p.call("GET", b.base+"/api/auth/user", "")
			if err == nil && status == http.StatusUnauthorized {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("session on b after signing out on a: %d %v, want 401", status, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	})

	t.Run("automation and escrow once", func(t *testing.T) {
		checkDecidedOnce(t, db, decided)
	})

	t.Run("one instance killed", func(t *testing.T) {
		pool := freePool(t, db, 2)
		users := newPlayers(t, db, "kill", 20)
		players := make([]*player, len(users))
		for i, u := range users {
			players[i] = login(t, lb.base, u)
		}
		watchB := watch(t, "b", b.base, pool.ID)
		var mu sync.Mutex
		committed := map[squares.Cell]int64{}
		var killed time.Time
		sentAfter, before := 0, 0
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, p := range players {
			wg.Go(func() {
				<-start
				for k := range squares.PublicSquaresPerPlayer {
					c := squares.Cell{Row: i / 2, Column: (i%2)*5 + k}
					sent := time.Now()
					status, err := p.claim(lb.base, pool.ID, c)
					mu.Lock()
					after := !killed.IsZero() && sent.After(killed)
					if status == http.StatusCreated {
						committed[c] = p.user.ID
					}
					if after {
						sentAfter++
					}
					mu.Unlock()
					if after && (err != nil || status != http.StatusCreated) {
						t.Errorf("claim %v through nginx after the kill: %d %v", c, status, err)
					}
					time.Sleep(40 * time.Millisecond)
				}
			})
		}
		close(start)
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			mu.Lock()
			n := len(committed)
			mu.Unlock()
			if n >= 30 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d claims answered 201 in 20 s", n)
			}
		}
		a.kill(t)
		mu.Lock()
		killed, before = time.Now(), len(committed)
		mu.Unlock()
		wg.Wait()
		if sentAfter == 0 {
			t.Fatal("no claim was sent after the kill")
		}
		got := owners(t, db, pool.ID)
		for c, u := range committed {
			if got[c] != u {
				t.Errorf("claim of %v answered 201 for player %d: the database has %d", c, u, got[c])
			}
		}
		if len(committed) < 50 {
			t.Errorf("%d of 100 claims answered 201; want most of them", len(committed))
		}
		watchB.waitSees(t, got, 10*time.Second)
		if status, _, err := players[0].call("GET", lb.base+"/readyz", ""); err != nil || status != http.StatusOK {
			t.Fatalf("readyz through nginx with a dead: %d %v", status, err)
		}
		// Whatever pass a was in, its locks died with it: the escrow's and the automation's are free.
		for _, pass := range []string{store.PassEscrow, store.PassAutomation} {
			lctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			if err := db.Exclusive(lctx, pass, func() error { return nil }); err != nil {
				t.Errorf("the %s lock after a was killed: %v", pass, err)
			}
			cancel()
		}
		t.Logf("a killed after %d claims were answered 201; %d in all, %d claims sent after the kill",
			before, len(committed), sentAfter)
		storetest.Books(t, db)
	})
}

// paidPoolDue sets up, as players would have bought it an hour ago, a $1 pool of a game kicking off in
// just under two hours: nine players holding five squares each, so the pool's final decision (house fill,
// then capture of every hold) is due as soon as the servers start. It returns the pool's id.
func paidPoolDue(t *testing.T, db *store.DB) int64 {
	t.Helper()
	ctx := context.Background()
	earlier := func() time.Time { return time.Now().Add(-time.Hour) }
	db.Now = earlier
	defer func() { db.Now = time.Now }()
	sb := sandbox.New(db)
	sb.Now = earlier
	esc := escrow.New(db, sb, slog.New(slog.NewTextHandler(io.Discard, nil)))
	sb.OnEvent = esc.HandleEvent
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: "cluster_paid", Season: 2026, Week: "W12",
		HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: time.Now().Add(2*time.Hour - 30*time.Second),
		Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		t.Fatal(err)
	}
	var pool *squares.PoolView
	for _, p := range pools {
		if p.EntryFee == 100 {
			if pool, err = db.SetPoolStatus(ctx, p.ID, squares.PoolActive); err != nil {
				t.Fatal(err)
			}
		}
	}
	if pool == nil {
		t.Fatal("no $1 pool")
	}
	for i, u := range newPlayers(t, db, "paid", 9) {
		var cells []squares.Cell
		for k := range squares.PublicSquaresPerPlayer {
			n := i*squares.PublicSquaresPerPlayer + k
			cells = append(cells, squares.Cell{Row: n / 10, Column: n % 10})
		}
		pay, err := esc.Checkout(ctx, u, pool.ID, cells, pool.EntryFee*squares.Cents(len(cells)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sb.Confirm(ctx, pay.ProviderPaymentID, goodCard); err != nil {
			t.Fatal(err)
		}
	}
	return pool.ID
}

// checkDecidedOnce waits until the pool is decided and its payments captured, then checks that it was
// decided once, each payment captured once in the ledger and at the provider, and the ledger balanced.
func checkDecidedOnce(t *testing.T, db *store.DB, poolID int64) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(30 * time.Second)
	var pays []*squares.Payment
	for {
		var err error
		if pays, err = db.ListPoolPayments(ctx, poolID); err != nil {
			t.Fatal(err)
		}
		captured := 0
		for _, p := range pays {
			if p.Status == squares.PaymentCaptured {
				captured++
			}
		}
		if captured == len(pays) && len(pays) == 9 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d payments captured after 30 s", captured, len(pays))
		}
		time.Sleep(200 * time.Millisecond)
	}
	recs, err := db.ListDecisions(ctx, 1000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range recs {
		if r.PoolID == poolID {
			n++
			if r.Action != squares.DecideHouseFill {
				t.Errorf("decision %+v, want a house fill", r)
			}
		}
	}
	if n != 1 {
		t.Fatalf("pool decided %d times", n)
	}
	txs, err := db.ListLedgerTransactions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	captures := map[string]int{}
	for _, tx := range txs {
		if tx.Kind == squares.LedgerCapture {
			captures[tx.PaymentID]++
		}
	}
	for _, p := range pays {
		if captures[p.ID] != 1 {
			t.Errorf("payment %s captured %d times in the ledger", p.ID, captures[p.ID])
		}
	}
	if p, err := db.FindPool(ctx, poolID, 0); err != nil || p.Status == squares.PoolActive {
		t.Fatalf("pool after its decision: %v %v", p.Status, err)
	}
	storetest.Books(t, db)
}
