package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestVerifyDraw fills the demo's nearly full pool, then checks its draw from the database and through the
// public API of a running server; a tampered publication fails.
func TestVerifyDraw(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		db := openURL(t, url)
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		if _, err := seedDemo(ctx, db, time.Now(), false, logger); err != nil {
			t.Fatal(err)
		}
		pools, _ := db.ListPools(ctx, squares.PoolFilter{Listed: true})
		almost := pools[0]
		demo, _ := db.FindUserByEmail(ctx, demoPlayerEmail)
		cells := freeCellsOf(t, db, almost.ID)
		res, err := db.ClaimSquares(ctx, store.Claim{PoolID: almost.ID, User: demo, Cells: cells})
		if err != nil || !res.Drew {
			t.Fatalf("completing the pool: drew=%v err=%v", res != nil && res.Drew, err)
		}
		id := strconv.FormatInt(almost.ID, 10)

		var out bytes.Buffer
		if err := run(ctx, []string{"verify-draw", "--database-url", url, id}, nil, &out, io.Discard); err != nil {
			t.Fatalf("verify from database: %v\n%s", err, out.String())
		}
		if !strings.Contains(out.String(), "the draw is verified") {
			t.Fatalf("output: %s", out.String())
		}

		srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true}, db, logger)
		if err := srv.Open(); err != nil {
			t.Fatal(err)
		}
		defer srv.Close(ctx)
		out.Reset()
		if err := run(ctx, []string{"verify-draw", "--url", srv.URL(), id}, nil, &out, io.Discard); err != nil {
			t.Fatalf("verify through the API: %v\n%s", err, out.String())
		}

		// A publication whose digits were swapped, or whose seed does not match, fails.
		d, err := loadDraw(ctx, url, almost.ID)
		if err != nil {
			t.Fatal(err)
		}
		d.HomeNumbers[0], d.HomeNumbers[1] = d.HomeNumbers[1], d.HomeNumbers[0]
		if err := verifyDraw(d, io.Discard); err == nil {
			t.Fatal("swapped digits verified")
		}
		// A draw input that is not the one published by its hash fails; one rehashed to match does not yield
		// the published digits.
		d, _ = loadDraw(ctx, url, almost.ID)
		owners, err := squares.ParseGridOwnershipText(d.DrawInput, squares.SquaresPerPool)
		if err != nil || !slices.Equal(owners, d.Owners) {
			t.Fatalf("draw input %q (%v) is not the final ownership %v", d.DrawInput, err, d.Owners)
		}
		owners[0], owners[99] = owners[99], owners[0]
		if owners[0] != owners[99] {
			d.DrawInput = squares.GridOwnershipText(owners)
			if err := verifyDraw(d, io.Discard); err == nil {
				t.Fatal("changed draw input verified")
			}
			d.DrawInputSHA256 = squares.DrawInputSHA256(d.DrawInput)
			if err := verifyDraw(d, io.Discard); err == nil {
				t.Fatal("changed draw input with its hash verified")
			}
		}
		// Without a stored draw input (a pool drawn before they were stored) the current owners are used.
		d, _ = loadDraw(ctx, url, almost.ID)
		d.DrawInput, d.DrawInputSHA256 = "", ""
		out.Reset()
		if err := verifyDraw(d, &out); err != nil || !strings.Contains(out.String(), "drawn before draw inputs were stored") {
			t.Fatalf("fallback to the current owners: %v\n%s", err, out.String())
		}
		d.Owners[0], d.Owners[99] = d.Owners[99], d.Owners[0]
		if d.Owners[0] != d.Owners[99] {
			if err := verifyDraw(d, io.Discard); err == nil {
				t.Fatal("changed ownership verified")
			}
		}
		// A pool not yet drawn has nothing to verify.
		if err := run(ctx, []string{"verify-draw", "--database-url", url, strconv.FormatInt(pools[1].ID, 10)}, nil, io.Discard, io.Discard); err == nil {
			t.Fatal("undrawn pool verified")
		}
	})
}

func freeCellsOf(t *testing.T, db *store.DB, poolID int64) []squares.Cell {
	t.Helper()
	sqs, err := db.ListSquares(context.Background(), poolID)
	if err != nil {
		t.Fatal(err)
	}
	taken := map[squares.Cell]bool{}
	for _, sq := range sqs {
		taken[squares.Cell{Row: sq.Row, Column: sq.Column}] = true
	}
	var out []squares.Cell
	for i := 0; i < squares.SquaresPerPool; i++ {
		c := squares.Cell{Row: i / 10, Column: i % 10}
		if !taken[c] {
			out = append(out, c)
		}
	}
	return out
}

// TestVerifyDrawManyPools fills many pools with different owners and checks that the verifier, reading the
// published values through the API, agrees with the server's draw for every one.
func TestVerifyDrawManyPools(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true}, db, logger)
		if err := srv.Open(); err != nil {
			t.Fatal(err)
		}
		defer srv.Close(ctx)
		players := make([]*squares.User, 40)
		for i := range players {
			players[i] = &squares.User{Email: fmt.Sprintf("p%d@example.com", i), PasswordHash: "x", FirstName: "P",
				Role: squares.RoleUser, IsAgeVerified: true}
			if err := db.CreateUser(ctx, players[i]); err != nil {
				t.Fatal(err)
			}
		}
		const games = 12
		for gi := 0; gi < games; gi++ {
			g := &squares.Game{LeagueID: squares.LeagueNFL, HomeTeam: "Home", AwayTeam: fmt.Sprintf("Away %d", gi),
				GameDate: time.Now().Add(48 * time.Hour), Status: squares.GameScheduled, HomeTeamColor: "#000000",
				AwayTeamColor: "#ffffff"}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			pools, _ := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
			p, err := db.SetPoolStatus(ctx, pools[0].ID, squares.PoolActive)
			if err != nil {
				t.Fatal(err)
			}
			// Twenty of the forty players, chosen per game, take five squares each in a shuffled order.
			order := rand.New(rand.NewPCG(uint64(gi), 7)).Perm(squares.SquaresPerPool)
			for k := 0; k < 20; k++ {
				cells := make([]squares.Cell, 5)
				for j := range cells {
					n := order[k*5+j]
					cells[j] = squares.Cell{Row: n / 10, Column: n % 10}
				}
				if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: players[(gi*7+k)%len(players)], Cells: cells}); err != nil {
					t.Fatal(err)
				}
			}
			d, err := fetchDraw(ctx, srv.URL(), p.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.HomeNumbers) != 10 || d.Seed == "" {
				t.Fatalf("pool %d was not drawn: %+v", p.ID, d)
			}
			if err := verifyDraw(d, io.Discard); err != nil {
				t.Fatalf("pool %d: %v", p.ID, err)
			}
		}
	})
}
