package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestVerifyDrawAfterHouseTakeover: a paid pool is filled through the escrow with the sandbox and drawn;
// then the issuer cancels one player's hold, the house takes those squares over, and the draw must still
// verify, from the database and through the public API of a running server, against the ownership the draw
// consumed (not the owners of today), with a note that squares changed hands after the draw.
func TestVerifyDrawAfterHouseTakeover(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		db := openURL(t, url)
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		sb := sandbox.New(db)
		esc := escrow.New(db, sb, logger)
		sb.OnEvent = esc.HandleEvent
		pool, holds := fillPaidPool(t, ctx, db, sb, esc)
		if p, err := db.FindPool(ctx, pool.ID, 0); err != nil || !p.NumbersGenerated() {
			t.Fatalf("pool %d not drawn after 100 sales: %v", pool.ID, err)
		}
		id := strconv.FormatInt(pool.ID, 10)

		// The issuer cancels the first buyer's hold (squares 0-4): the webhook hands them to the house.
		if _, err := sb.Release(ctx, holds[0], "issuer"); err != nil {
			t.Fatal(err)
		}
		sqs, err := db.ListSquares(ctx, pool.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, sq := range sqs[:5] {
			if !sq.IsHouse || sq.State != squares.SquareOwned {
				t.Fatalf("square %d,%d = %+v, want the house's", sq.Row, sq.Column, sq)
			}
		}

		var out bytes.Buffer
		if err := run(ctx, []string{"verify-draw", "--database-url", url, id}, nil, &out, io.Discard); err != nil {
			t.Fatalf("verify from the database after the takeover: %v\n%s", err, out.String())
		}
		wantVerifiedWithNote(t, out.String())

		srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true}, db, logger)
		if err := srv.Open(); err != nil {
			t.Fatal(err)
		}
		defer srv.Close(ctx)
		out.Reset()
		if err := run(ctx, []string{"verify-draw", "--url", srv.URL(), id}, nil, &out, io.Discard); err != nil {
			t.Fatalf("verify through the API after the takeover: %v\n%s", err, out.String())
		}
		wantVerifiedWithNote(t, out.String())
		if engine == store.SQLite {
			writeDrawFixture(t, ctx, srv.URL(), pool.ID)
		}
	})
}

func wantVerifiedWithNote(t *testing.T, out string) {
	t.Helper()
	for _, want := range []string{"the draw is verified", "5 squares changed hands after the draw", "house takeover"} {
		if !strings.Contains(out, want) {
			t.Fatalf("output lacks %q:\n%s", want, out)
		}
	}
}

// fillPaidPool creates a game whose $1 pool is open for sale and has 20 players buy its 100 squares through
// the escrow, five each in row-major order, paying with the sandbox's good card. It returns the pool and the
// provider payment ids in the order of purchase.
func fillPaidPool(t *testing.T, ctx context.Context, db *store.DB, sb *sandbox.Provider, esc *escrow.Escrow) (*squares.PoolView, []string) {
	t.Helper()
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: "verify_takeover", Season: 2026, Week: "W12",
		HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", HomeTeamColor: "#00338D", AwayTeamColor: "#E31837",
		GameDate: time.Now().Add(72 * time.Hour), Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil || len(pools) < 2 || pools[1].IsFree() {
		t.Fatalf("pools of game %d: %v", g.ID, err)
	}
	pool, err := db.SetPoolStatus(ctx, pools[1].ID, squares.PoolActive)
	if err != nil {
		t.Fatal(err)
	}
	card := sandbox.Card{Number: "4242 4242 4242 4242", Expiry: "12/30", CVC: "123"}
	var holds []string
	for i := 0; i < squares.SquaresPerPool; i += squares.PublicSquaresPerPlayer {
		u := &squares.User{Email: fmt.Sprintf("buyer%d@example.com", i), PasswordHash: "not-a-hash", FirstName: "Buyer",
			LastName: strconv.Itoa(i), Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
			ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		var cells []squares.Cell
		for n := i; n < i+squares.PublicSquaresPerPlayer; n++ {
			cells = append(cells, squares.Cell{Row: n / squares.GridSize, Column: n % squares.GridSize})
		}
		pay, err := esc.Checkout(ctx, u, pool.ID, cells, pool.EntryFee*squares.Cents(len(cells)))
		if err != nil {
			t.Fatalf("checkout %v: %v", cells, err)
		}
		if _, err := sb.Confirm(ctx, pay.ProviderPaymentID, card); err != nil {
			t.Fatal(err)
		}
		if _, err := esc.Confirm(ctx, u, pay.ProviderPaymentID); err != nil {
			t.Fatalf("confirm %s: %v", pay.ID, err)
		}
		holds = append(holds, pay.ProviderPaymentID)
	}
	return pool, holds
}

// drawFixture is a real publication of a pool whose owners changed after the draw, which the browser
// verifier's unit test (web/src/lib/draw.test.ts) reads too.
const drawFixture = "../../web/src/lib/testdata/pool-after-takeover.json"

var updateFixture = flag.Bool("update-fixture", false, "rewrite "+drawFixture+" from TestVerifyDrawAfterHouseTakeover")

// writeDrawFixture saves, with -update-fixture, what the public API answers for the pool and its squares.
func writeDrawFixture(t *testing.T, ctx context.Context, base string, id int64) {
	t.Helper()
	if !*updateFixture {
		return
	}
	get := func(path string) json.RawMessage {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %v", path, resp.StatusCode, err)
		}
		return b
	}
	f := struct {
		Pool    json.RawMessage `json:"pool"`
		Squares json.RawMessage `json:"squares"`
	}{get(fmt.Sprintf("/api/pools/%d", id)), get(fmt.Sprintf("/api/pools/%d/squares", id))}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(drawFixture, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDrawFixture checks that the saved publication verifies with this verifier against its draw input,
// noting the squares the house took over, and that the current owners alone do not verify it: the browser
// verifier's test makes the same two checks on the same file.
func TestDrawFixture(t *testing.T) {
	b, err := os.ReadFile(drawFixture)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Pool    apiPool     `json:"pool"`
		Squares []apiSquare `json:"squares"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	d, err := drawFromAPI(f.Pool, f.Squares)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := verifyDraw(d, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	wantVerifiedWithNote(t, out.String())
	d.DrawInput, d.DrawInputSHA256 = "", ""
	out.Reset()
	if err := verifyDraw(d, &out); err == nil || !strings.Contains(out.String(), "drawn before draw inputs were stored") {
		t.Fatalf("the current owners verified a pool whose squares changed hands: %v\n%s", err, out.String())
	}
}
