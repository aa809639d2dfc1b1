package http

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// testBuild returns a build function whose first call blocks until release is closed (after closing
// started), and a count of the builds made; each build's board carries its number in poolTag.
func testBuild(gameID int64) (build func(context.Context, int64) (*board, error), started, release chan struct{}, builds *atomic.Int32) {
	started, release, builds = make(chan struct{}), make(chan struct{}), &atomic.Int32{}
	build = func(_ context.Context, id int64) (*board, error) {
		n := builds.Add(1)
		if n == 1 {
			close(started)
			<-release
		}
		return &board{pool: &squares.PoolView{Pool: &squares.Pool{ID: id, GameID: gameID}}, poolTag: fmt.Sprint(n),
			built: time.Now()}, nil
	}
	return
}

// A snapshot whose reads began before a change is never kept after the change's drop, and a reader
// arriving after the drop never waits for it; readers arriving during a build of the current generation
// share it.
func TestBoardsBuildRacingDrop(t *testing.T) {
	ctx := context.Background()
	bs := newBoards(time.Hour, time.Now)

	// Readers during one build share it.
	build, started, release, builds := testBuild(7)
	first := make(chan *board)
	go func() { b, _ := bs.get(ctx, 1, build); first <- b }()
	<-started
	second := make(chan *board)
	go func() { b, _ := bs.get(ctx, 1, build); second <- b }()
	time.Sleep(20 * time.Millisecond)
	close(release)
	if a, b := <-first, <-second; a != b || builds.Load() != 1 {
		t.Fatalf("concurrent readers: %p and %p, %d builds", a, b, builds.Load())
	}

	// A drop while a build reads: the reader after the drop builds again, and the old build is not kept.
	bs.drop(1)
	build, started, release, builds = testBuild(7)
	go func() { b, _ := bs.get(ctx, 1, build); first <- b }()
	<-started
	bs.drop(1)
	b2, err := bs.get(ctx, 1, build)
	if err != nil || b2.poolTag != "2" {
		t.Fatalf("reader after the drop got build %s, %v", b2.poolTag, err)
	}
	close(release)
	if b1 := <-first; b1.poolTag != "1" {
		t.Fatalf("the first reader got build %s", b1.poolTag)
	}
	if b3, _ := bs.get(ctx, 1, build); b3 != b2 || builds.Load() != 2 {
		t.Fatalf("kept build %s after %d builds, want 2", b3.poolTag, builds.Load())
	}

	// The same with nobody reading in between: the stale build is served to its reader only.
	bs.drop(1)
	build, started, release, builds = testBuild(7)
	go func() { b, _ := bs.get(ctx, 1, build); first <- b }()
	<-started
	bs.drop(1)
	close(release)
	<-first
	if b, _ := bs.get(ctx, 1, build); b.poolTag != "2" {
		t.Fatalf("after a drop during the build, the next reader got build %s", b.poolTag)
	}

	// A game's event drops its pools, and pools whose first build (game not yet known) is under way.
	if b, _ := bs.get(ctx, 1, build); b.poolTag != "2" {
		t.Fatalf("kept board: %s", b.poolTag)
	}
	build2, started2, release2, builds2 := testBuild(8)
	go func() { b, _ := bs.get(ctx, 2, build2); first <- b }()
	<-started2
	bs.dropGame(7)
	close(release2)
	<-first
	if b, _ := bs.get(ctx, 2, build2); b.poolTag != "2" || builds2.Load() != 2 {
		t.Fatalf("pool 2 after its game's event during its first build: build %s", b.poolTag)
	}
	if b, _ := bs.get(ctx, 1, build); b.poolTag != "3" {
		t.Fatalf("pool 1 after its game's event: build %s, want a new one", b.poolTag)
	}
	bs.dropGame(99)
	if b, _ := bs.get(ctx, 1, build); b.poolTag != "3" {
		t.Fatalf("pool 1 after another game's event: build %s, want the kept one", b.poolTag)
	}
	bs.flush()
	if b, _ := bs.get(ctx, 1, build); b.poolTag != "4" {
		t.Fatalf("pool 1 after a flush: build %s, want a new one", b.poolTag)
	}
}

// A snapshot is read again after boardMaxAge, and once the first hold on its list lapses.
func TestBoardsExpire(t *testing.T) {
	now := time.Now()
	storeNow := now
	bs := newBoards(time.Second, func() time.Time { return storeNow })
	if !bs.current(&board{built: time.Now()}) || bs.current(&board{built: time.Now().Add(-time.Second)}) {
		t.Error("max age")
	}
	held := &board{built: time.Now(), lapse: now.Add(time.Minute)}
	if !bs.current(held) {
		t.Error("a hold not lapsed")
	}
	storeNow = now.Add(time.Minute)
	if bs.current(held) {
		t.Error("a lapsed hold")
	}
}

// On EventResync (events may have been missed) every snapshot and session is read again: changes made
// behind the server's back (here through a second store on the same database, which publishes nothing)
// show at once, though the caches' time bounds are far off.
func TestCachesResync(t *testing.T) {
	ctx := context.Background()
	logger := slog.New(slog.DiscardHandler)
	db := storetest.Open(t, store.SQLite)
	bus := pubsub.NewLocal(logger)
	db.Events = bus
	srv := NewServer(Config{Addr: "127.0.0.1:0", Dev: true}, db, logger)
	srv.Events = bus
	srv.boards.maxAge, srv.sessions.ttl = time.Hour, time.Hour
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close(context.Background()) })
	behind := store.New(db.URL)
	if err := behind.Open(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { behind.Close() })

	p := storetest.OpenFreePool(t, db, time.Now().Add(96*time.Hour))
	u := &squares.User{Email: "ann@example.com", PasswordHash: "x", FirstName: "Ann", Role: squares.RoleUser,
		IsAgeVerified: true, IsEligibleToBet: true, DateOfBirth: "1990-01-01", ResidenceState: "NY", ResidenceCountry: "US"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte("resync-token"))
	hash := hex.EncodeToString(sum[:])
	if err := db.CreateSession(ctx, &store.Session{TokenHash: hash, UserID: u.ID, ExpiresAt: time.Now().Add(time.Hour)}, ""); err != nil {
		t.Fatal(err)
	}
	get := func(path string) (int, string) {
		req, _ := http.NewRequest(http.MethodGet, srv.URL()+path, nil)
		req.Header.Set("Cookie", "squares_session=resync-token")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	pool := fmt.Sprintf("/api/pools/%d", p.ID)
	if code, body := get(pool); code != http.StatusOK || !strings.Contains(body, `"userSquareCount":0`) {
		t.Fatalf("pool = %d %s", code, body)
	}
	if _, err := behind.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: []squares.Cell{{Row: 2, Column: 2}}}); err != nil {
		t.Fatal(err)
	}
	if err := behind.DeleteSession(ctx, hash); err != nil {
		t.Fatal(err)
	}
	// Unheard: still the kept snapshot and session.
	if code, body := get(pool); code != http.StatusOK || !strings.Contains(body, `"userSquareCount":0`) {
		t.Fatalf("before the resync: pool = %d %s (the caches should not have seen the change)", code, body)
	}
	if err := bus.Publish(ctx, squares.Event{Kind: squares.EventResync}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		code, body := get(pool)
		if code == http.StatusOK && strings.Contains(body, `"currentParticipants":1,`) && strings.Contains(body, `"userSquareCount":0`) {
			break // the session is gone: a visitor's view of the claimed pool
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the resync: pool = %d %s", code, body)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if code, _ := get("/api/auth/user"); code != http.StatusUnauthorized {
		t.Fatalf("after the resync the deleted session answers %d", code)
	}
}
