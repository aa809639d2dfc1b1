package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// t0 is the time the store tests start at: a Friday afternoon in the NFL season.
var t0 = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// waitForALockWait waits until a session of raw's PostgreSQL database waits for a lock, and fails the test
// with failure when none does within 10 s.
func waitForALockWait(t *testing.T, raw *sql.DB, failure string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		var waiting int
		if err := raw.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal(failure)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// openAt opens a fresh store of the engine whose clock stands at t0.
func openAt(t *testing.T, engine string) (*store.DB, *storetest.Clock) {
	t.Helper()
	db := storetest.Open(t, engine)
	clock := storetest.NewClock(t0)
	db.Now = clock.Now
	return db, clock
}

// wantCode fails the test unless err carries the domain error code (and, when message is not empty,
// that message).
func wantCode(t *testing.T, err error, code, message string) {
	t.Helper()
	var e *squares.Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v (%T), want a %s *squares.Error", err, err, code)
	}
	if e.Code != code {
		t.Fatalf("error code = %s (%q), want %s", e.Code, e.Message, code)
	}
	if message != "" && e.Message != message {
		t.Fatalf("error message = %q, want %q", e.Message, message)
	}
}

// userCounter numbers the players and games the fixtures make, unique across tests run at once.
var userCounter atomic.Int64

// addPlayer creates an age-verified, eligible player. Store tests need no real password hash.
func addPlayer(t *testing.T, db *store.DB, first string) *squares.User {
	t.Helper()
	n := userCounter.Add(1)
	u := &squares.User{Email: fmt.Sprintf("%s%d@example.com", first, n), PasswordHash: "not-a-hash",
		FirstName: first, LastName: "Tester", DateOfBirth: "1990-01-01", ResidenceState: "NY",
		ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
	if err := db.CreateUser(context.Background(), u); err != nil {
		t.Fatalf("create player: %v", err)
	}
	return u
}

// addGame creates an NFL game of the week kicking off at the given time, and returns it with its five
// tier pools by entry fee.
func addGame(t *testing.T, db *store.DB, week string, kickoff time.Time) (*squares.Game, []*squares.PoolView) {
	t.Helper()
	ctx := context.Background()
	n := userCounter.Add(1)
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("test_%d", n), Season: 2026,
		Week: week, HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", HomeTeamColor: "#00338D",
		AwayTeamColor: "#E31837", GameDate: kickoff, Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatalf("create game: %v", err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil || len(pools) != len(squares.Tiers) {
		t.Fatalf("pools of game %d: %d, %v", g.ID, len(pools), err)
	}
	return g, pools
}

// setStatus moves a pool to a status, failing the test when the store refuses.
func setStatus(t *testing.T, db *store.DB, id int64, to string) *squares.PoolView {
	t.Helper()
	p, err := db.SetPoolStatus(context.Background(), id, to)
	if err != nil {
		t.Fatalf("pool %d to %s: %v", id, to, err)
	}
	return p
}

// followGame moves a pool to started or completed as its game would, failing the test when the store
// refuses.
func followGame(t *testing.T, db *store.DB, id int64, to string) *squares.PoolView {
	t.Helper()
	p, err := db.FollowGame(context.Background(), id, to)
	if err != nil {
		t.Fatalf("pool %d to %s with its game: %v", id, to, err)
	}
	return p
}

// cellsFrom returns n cells of the grid in row-major order from index start.
func cellsFrom(start, n int) []squares.Cell {
	var out []squares.Cell
	for i := start; i < start+n; i++ {
		out = append(out, squares.Cell{Row: i / squares.GridSize, Column: i % squares.GridSize})
	}
	return out
}

// fillPool has 20 new players claim the 100 squares of an active free pool, five each, and returns the
// result of the claim that completed it.
func fillPool(t *testing.T, db *store.DB, poolID int64) *store.ClaimResult {
	t.Helper()
	var last *store.ClaimResult
	for i := 0; i < squares.SquaresPerPool; i += squares.PublicSquaresPerPlayer {
		u := addPlayer(t, db, "filler")
		res, err := db.ClaimSquares(context.Background(), store.Claim{PoolID: poolID, User: u,
			Cells: cellsFrom(i, squares.PublicSquaresPerPlayer)})
		if err != nil {
			t.Fatalf("claim squares %d-%d: %v", i, i+4, err)
		}
		last = res
	}
	return last
}

func poolIDs(pools []*squares.PoolView) []int64 {
	var ids []int64
	for _, p := range pools {
		ids = append(ids, p.ID)
	}
	slices.Sort(ids)
	return ids
}

// joinIfPrivate makes the player a member of the pool when it is private: only members take its squares.
func joinIfPrivate(t *testing.T, db *store.DB, poolID int64, u *squares.User) {
	t.Helper()
	p, err := db.FindPool(context.Background(), poolID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if p.IsPrivate {
		if _, err := db.JoinPool(context.Background(), u, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
			t.Fatalf("join pool %d: %v", poolID, err)
		}
	}
}
