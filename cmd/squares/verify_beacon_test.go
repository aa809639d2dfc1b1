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
	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/drand/drandtest"
	"github.com/squaresapp/squares/drand/worker"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestVerifyDrawBeacon: a pool drawn with its beacon round (a test relay's chain, given as
// SQUARES_DRAND_CHAIN) verifies from the database and through the public API: the round the first due
// 10 s after the lock, its signature against the chain's key, the randomness, the digits. A signature of
// another round, another round, or changed randomness fails; a chain the verifier does not know fails.
func TestVerifyDrawBeacon(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		db := openURL(t, url)
		later := func() time.Time { return time.Now().Add(20 * time.Second) }
		relay := drandtest.New(time.Now().Add(-time.Hour).Truncate(time.Second), 3*time.Second, later)
		defer relay.Close()
		info := relay.Chain().Info()
		db.Beacon = store.BeaconConfig{Chain: &info}
		p := storetest.OpenFreePool(t, db, time.Now().Add(96*time.Hour))
		for i := 0; i < 100; i += 5 {
			u := &squares.User{Email: fmt.Sprintf("vbeacon%d@example.com", i), PasswordHash: "x", FirstName: "V",
				LastName: "Tester", Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
				ResidenceCountry: "US", IsAgeVerified: true}
			if err := db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			var cells []squares.Cell
			for j := i; j < i+5; j++ {
				cells = append(cells, squares.Cell{Row: j / 10, Column: j % 10})
			}
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
		}
		id := strconv.FormatInt(p.ID, 10)
		var out bytes.Buffer
		if err := run(ctx, []string{"verify-draw", "--database-url", url, id}, nil, &out, io.Discard); err == nil ||
			!strings.Contains(out.String(), "beacon      pending round") {
			t.Fatalf("pending pool: %v\n%s", err, out.String())
		}
		client, err := drand.NewClient(relay.Chain(), []string{relay.URL}, nil)
		if err != nil {
			t.Fatal(err)
		}
		w := &worker.Worker{Store: db, Source: client, Now: later}
		if res, err := w.RunOnce(ctx); err != nil || res.Verified != 1 {
			t.Fatalf("worker: %+v, %v", res, err)
		}

		out.Reset()
		chainArg := "--drand-chain=" + relay.InfoJSON()
		if err := run(ctx, []string{"verify-draw", "--database-url", url, chainArg, id}, nil, &out, io.Discard); err != nil ||
			!strings.Contains(out.String(), "signature   ok") || !strings.Contains(out.String(), "round       ok") ||
			!strings.Contains(out.String(), "randomness  ok") || !strings.Contains(out.String(), "the draw is verified") {
			t.Fatalf("verify from the database: %v\n%s", err, out.String())
		}
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true}, db, logger)
		if err := srv.Open(); err != nil {
			t.Fatal(err)
		}
		defer srv.Close(ctx)
		out.Reset()
		if err := run(ctx, []string{"verify-draw", "--url", srv.URL(), chainArg, id}, nil, &out, io.Discard); err != nil ||
			!strings.Contains(out.String(), "signature   ok") || !strings.Contains(out.String(), "the draw is verified") {
			t.Fatalf("verify through the API: %v\n%s", err, out.String())
		}
		out.Reset()
		if err := run(ctx, []string{"verify-draw", "--url", srv.URL(), id}, nil, &out, io.Discard); err == nil ||
			!strings.Contains(out.String(), "is not one this verifier knows") {
			t.Fatalf("an unknown chain verified: %v\n%s", err, out.String())
		}

		d, err := loadDraw(ctx, url, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		d.Chains = []*drand.Chain{relay.Chain()}
		other, _ := relay.Signer.Sign(d.Beacon.Round + 1)
		for name, tc := range map[string]struct {
			change func(*publishedDraw)
			want   string
		}{
			"another round's signature": {func(d *publishedDraw) { d.Beacon.Signature = other }, "signature   FAIL"},
			"a later round":             {func(d *publishedDraw) { d.Beacon.Round++ }, "round       FAIL"},
			"other randomness": {func(d *publishedDraw) { d.Beacon.Randomness = strings.Repeat("ab", 32) },
				"randomness  FAIL"},
		} {
			c := *d
			tc.change(&c)
			out.Reset()
			if err := verifyDraw(&c, &out); err == nil || !strings.Contains(out.String(), tc.want) {
				t.Errorf("%s: %v\n%s", name, err, out.String())
			}
		}
	})
}
