package cluster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPostgresRestart restarts PostgreSQL (pg_ctl stop -m fast, then -m immediate, then start on the
// same data directory and port) under two `squares serve` processes while players claim squares on both:
// while it is down each answers 503 on /readyz, and 503 (not 500) to the claims; each recovers without a restart of its own; every claim
// answered 201 is in the database; each instance's event listener listens again, and claims made after
// that on one instance reach the other's websocket watchers live; and the board through the API of each
// equals the database, and so does what each instance's websocket watcher saw, changes made while its
// listener was away included (the hub sends watched pools afresh on squares.EventResync).
func TestPostgresRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and two servers")
	}
	ctx := context.Background()
	srv := storetest.StartServer(t)
	url := srv.Database(t)
	db := store.New(url)
	if err := db.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	a, b := startInstance(t, "a", url), startInstance(t, "b", url)
	pool := freePool(t, db, 1)
	users := newPlayers(t, db, "restart", 20)
	players := make([]*player, len(users))
	for i, u := range users {
		players[i] = login(t, a.base, u)
	}
	watchA, watchB := watch(t, "a", a.base, pool.ID), watch(t, "b", b.base, pool.ID)

	var mu sync.Mutex
	committed := map[squares.Cell]int64{}
	statuses := map[int]int{}
	var phase atomic.Int32 // 0 before, 1 during and after the outage, 2 once both are ready again
	var afterRecovery atomic.Int32
	// Each player claims its five squares on a and b in turn, one every 200 to 400 ms, retrying a failed claim.
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for i, p := range players {
		wg.Go(func() {
			k := 0
			for k < squares.PublicSquaresPerPlayer {
				select {
				case <-stop:
					return
				case <-time.After(time.Duration(200+10*i) * time.Millisecond):
				}
				if ph := phase.Load(); (ph == 0 && k >= 1) || (ph == 1 && k >= squares.PublicSquaresPerPlayer-1) {
					continue // one square each before the outages, three during them, the last after them
				}
				c := squares.Cell{Row: i / 2, Column: (i%2)*5 + k}
				base := []string{a.base, b.base}[(i+k)%2]
				ph := phase.Load()
				status, err := p.claim(base, pool.ID, c)
				mu.Lock()
				statuses[status]++
				mu.Unlock()
				switch {
				case err == nil && status == http.StatusCreated:
					mu.Lock()
					committed[c] = p.user.ID
					mu.Unlock()
					if ph == 2 {
						afterRecovery.Add(1)
					}
				case err == nil && status == http.StatusConflict:
					// Taken already: by this player's claim that committed but whose answer was lost (each
					// player claims cells of its own), so the square is the player's all the same.
					mu.Lock()
					committed[c] = p.user.ID
					mu.Unlock()
				default:
					continue // the database is down: retry
				}
				k++
			}
		})
	}
	time.Sleep(time.Second)
	phase.Store(1)
	for _, mode := range []string{"fast", "immediate"} {
		if err := srv.Stop(mode); err != nil {
			t.Fatal(err)
		}
		for _, in := range []*instance{a, b} {
			waitStatus(t, in.base+"/readyz", http.StatusServiceUnavailable, 10*time.Second)
		}
		time.Sleep(time.Second) // claims keep coming, and fail
		if err := srv.Start(); err != nil {
			t.Fatal(err)
		}
		for _, in := range []*instance{a, b} {
			waitStatus(t, in.base+"/readyz", http.StatusOK, 30*time.Second)
		}
		t.Logf("PostgreSQL stopped (%s) and started again: both instances ready", mode)
	}
	// Each instance's event listener is back (it says so in its log as it tells its subscribers to resync):
	// changes from now on reach every watcher live.
	for _, in := range []*instance{a, b} {
		in.waitListening(t, 15*time.Second)
	}
	phase.Store(2)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		close(stop)
		<-done
		t.Fatal("the players' claims did not all succeed within 60 s of the recovery")
	}
	if afterRecovery.Load() == 0 {
		t.Fatal("no claim was made after the recovery")
	}
	got := owners(t, db, pool.ID)
	for c, u := range committed {
		if got[c] != u {
			t.Errorf("claim of %v answered 201 for player %d: the database has %d", c, u, got[c])
		}
	}
	if len(got) != len(committed) || len(got) != 100 {
		t.Errorf("%d squares taken in the database, %d claims answered 201, want 100", len(got), len(committed))
	}
	// Both instances' watchers end with the whole board: the claims made after the recovery came live, and
	// whatever an instance's listener missed while it was away (a claim committed as its answer was lost, a
	// claim on the other instance before this one's listener was back) came with the pool sent afresh on
	// squares.EventResync.
	watchA.waitSees(t, committed, 10*time.Second)
	watchB.waitSees(t, committed, 10*time.Second)
	for _, in := range []*instance{a, b} {
		if board := apiBoard(t, in.base, pool.ID); fmt.Sprint(board) != fmt.Sprint(got) {
			t.Errorf("the board through %s's API differs from the database:\n%v\n%v", in.name, board, got)
		}
	}
	if statuses[http.StatusInternalServerError] > 0 || statuses[http.StatusServiceUnavailable] == 0 {
		t.Errorf("claims with the database down: %v; want 503s (try again), no 500", statuses)
	}
	t.Logf("claims answered by status: %v; %d answered 201 after the recovery", statuses, afterRecovery.Load())
}

// apiBoard reads a pool's squares through an instance's API: owner by cell.
func apiBoard(t *testing.T, base string, poolID int64) map[squares.Cell]int64 {
	t.Helper()
	r, err := client.Get(fmt.Sprintf("%s/api/pools/%d/squares", base, poolID))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var body json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || r.StatusCode != http.StatusOK {
		t.Fatalf("squares of pool %d: %d %v", poolID, r.StatusCode, err)
	}
	type square struct {
		Row    int    `json:"row"`
		Column int    `json:"column"`
		UserID string `json:"userId"`
	}
	var list []square
	if json.Unmarshal(body, &list) != nil {
		var wrapped struct {
			Squares []square `json:"squares"`
		}
		if err := json.Unmarshal(body, &wrapped); err != nil {
			t.Fatalf("squares of pool %d: %v", poolID, err)
		}
		list = wrapped.Squares
	}
	out := map[squares.Cell]int64{}
	for _, sq := range list {
		var id int64
		fmt.Sscan(sq.UserID, &id)
		if id != 0 {
			out[squares.Cell{Row: sq.Row, Column: sq.Column}] = id
		}
	}
	return out
}
