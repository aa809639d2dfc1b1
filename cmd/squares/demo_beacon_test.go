package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestDemoDrawsWithDevBeacon: in development mode the server's beacon is the built-in development beacon
// (no network): a demo pool filled after the seed locks for a development round (dev: true), the worker
// serve starts draws it once the round is due, and verify-draw checks it against the development chain.
func TestDemoDrawsWithDevBeacon(t *testing.T) {
	ctx := context.Background()
	url := storetest.URL(t, store.SQLite)
	db := openURL(t, url)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if _, err := seedDemo(ctx, db, time.Now(), false, logger); err != nil {
		t.Fatal(err)
	}
	clearConfigEnv(t, map[string]string{"SQUARES_DEV": "1"})
	cfg, err := parse(t)
	if err != nil || cfg.Drand != drandDev {
		t.Fatalf("development mode: %+v, %v", cfg, err)
	}
	w, err := newBeaconWorker(cfg, db, logger)
	if err != nil || w == nil || db.Beacon.Chain == nil || !db.Beacon.Dev {
		t.Fatalf("beacon worker: %v, %v, %+v", w, err, db.Beacon)
	}
	var pool *squares.PoolView
	listed, err := db.ListPools(ctx, squares.PoolFilter{Listed: true, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range listed {
		if p.IsFree() && p.Status == squares.PoolActive && p.GridSquares() == 100 && !p.IsPrivate {
			pool = p
			break
		}
	}
	if pool == nil {
		t.Fatal("the demo has no open free pool")
	}
	sqs, err := db.ListSquares(ctx, pool.ID)
	if err != nil {
		t.Fatal(err)
	}
	taken := map[squares.Cell]bool{}
	for _, sq := range sqs {
		taken[squares.Cell{Row: sq.Row, Column: sq.Column}] = true
	}
	var free []squares.Cell
	for i := range 100 {
		if c := (squares.Cell{Row: i / 10, Column: i % 10}); !taken[c] {
			free = append(free, c)
		}
	}
	var res *store.ClaimResult
	for i := 0; i < len(free); i += 5 {
		u := &squares.User{Email: fmt.Sprintf("devbeacon%d@example.com", i), PasswordHash: "x", FirstName: "D",
			LastName: "Tester", Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
			ResidenceCountry: "US", IsAgeVerified: true}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		cells := free[i:min(i+5, len(free))]
		if res, err = db.ClaimSquares(ctx, store.Claim{PoolID: pool.ID, User: u, Cells: cells}); err != nil {
			t.Fatal(err)
		}
	}
	b := res.Pool.Beacon
	if b.Status != squares.BeaconPending || !b.Dev || res.Pool.NumbersGenerated() {
		t.Fatalf("filled demo pool: %+v, drawn %v", b, res.Pool.NumbersGenerated())
	}
	for deadline := b.DueAt.Add(5 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if _, err := w.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		p, err := db.FindPool(ctx, pool.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.NumbersGenerated() {
			if p.Beacon.Status != squares.BeaconVerified || !p.Beacon.Dev || time.Now().Before(*b.DueAt) {
				t.Fatalf("drawn: %+v at %s", p.Beacon, time.Now())
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not drawn 5 s after its round was due: %+v", p.Beacon)
		}
	}
	var out bytes.Buffer
	if err := run(ctx, []string{"verify-draw", "--database-url", url, strconv.FormatInt(pool.ID, 10)}, nil, &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "beacon      dev") || !strings.Contains(out.String(), "signature   ok") {
		t.Fatalf("verify-draw: %v\n%s", err, out.String())
	}
}
