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
	"github.com/squaresapp/squares/escrow"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// playedGame is a whole game through the manual feed: Q1 ends 7-3, Q2 14-3, Q3 14-10, final 24-17.
var playedGame = []squares.ScoreUpdate{
	{HomeScore: 0, AwayScore: 0, Quarter: 1, Status: "live"}, {HomeScore: 7, AwayScore: 0, Quarter: 1, Status: "1q"},
	{HomeScore: 7, AwayScore: 3, Quarter: 1, Status: "1q"}, {HomeScore: 10, AwayScore: 3, Quarter: 2, Status: "2q"},
	{HomeScore: 14, AwayScore: 3, Quarter: 2, Status: "2q"}, {HomeScore: 14, AwayScore: 10, Quarter: 3, Status: "3q"},
	{HomeScore: 21, AwayScore: 10, Quarter: 4, Status: "4q"}, {HomeScore: 24, AwayScore: 17, Quarter: 4, Status: "ft"},
}

// playPoolOn plays a $10 pool from open to completed on the database at url, as the server would: seventeen
// players buy five squares each by card (the sandbox), another's payment is released before the grid is
// full, the house fills the last 15 squares at the final decision, the beacon's round is fetched and the
// digits drawn, the escrow captures the payments, a whole game is reported, and the first period's winner
// claims their prize (paid at once). The beacon is the built-in development beacon or, with relay, a local
// drand relay over HTTP (drandtest: a test key signing its rounds), fetched through drand's client as the
// server fetches quicknet's. It returns the pool as played and the relay's chain (/info JSON), "" for the
// development beacon.
func playPoolOn(t *testing.T, url string, relay bool) (*squares.PoolView, string) {
	t.Helper()
	ctx := context.Background()
	start := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	kickoff := start.Add(72 * time.Hour)
	clock := storetest.NewClock(start)
	db := store.New(url)
	db.Now = clock.Now
	dev := drand.DevSigner().Chain().Info()
	db.Beacon = store.BeaconConfig{Chain: &dev, Dev: true}
	var source drand.Source = drand.NewDev(clock.Now)
	chainJSON := ""
	if relay {
		r := drandtest.New(start.Add(-time.Hour), 3*time.Second, clock.Now)
		t.Cleanup(r.Close)
		info := r.Chain().Info()
		db.Beacon = store.BeaconConfig{Chain: &info}
		client, err := drand.NewClient(r.Chain(), []string{r.URL}, nil)
		if err != nil {
			t.Fatal(err)
		}
		source, chainJSON = client, r.InfoJSON()
	}
	if err := db.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sb := sandbox.New(db)
	sb.Now = clock.Now
	esc := escrow.New(db, sb, slog.New(slog.NewTextHandler(io.Discard, nil)))
	sb.OnEvent = esc.HandleEvent

	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: "record_played", Season: 2026, Week: "W12",
		HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", HomeTeamColor: "#00338D", AwayTeamColor: "#E31837",
		GameDate: kickoff, Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		t.Fatal(err)
	}
	var pool *squares.PoolView
	for _, p := range pools {
		if p.EntryFee == 10_00 {
			pool = p
		}
	}
	if pool, err = db.SetPoolStatus(ctx, pool.ID, squares.PoolActive); err != nil {
		t.Fatal(err)
	}
	card := sandbox.Card{Number: sandbox.CardApproved, Expiry: "12/40", CVC: "123"}
	buy := func(i int, cells []squares.Cell) *squares.Payment {
		u := &squares.User{Email: fmt.Sprintf("played%d@example.com", i), PasswordHash: "x", FirstName: "Player",
			LastName: strconv.Itoa(i), Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
			ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		pay, err := esc.Checkout(ctx, u, pool.ID, cells, pool.EntryFee*squares.Cents(len(cells)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sb.Confirm(ctx, pay.ProviderPaymentID, card); err != nil {
			t.Fatal(err)
		}
		if _, err := esc.Confirm(ctx, u, pay.ProviderPaymentID); err != nil {
			t.Fatal(err)
		}
		return pay
	}
	cells := func(from int) []squares.Cell {
		var out []squares.Cell
		for i := from; i < from+squares.PublicSquaresPerPlayer; i++ {
			out = append(out, squares.Cell{Row: i / 10, Column: i % 10})
		}
		return out
	}
	released := buy(99, cells(95))
	if _, err := db.ReleasePayment(ctx, released.ID, "The card was declined."); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 17; i++ {
		buy(i, cells(i*squares.PublicSquaresPerPlayer))
	}
	clock.Set(squares.DecisionDueAt(kickoff))
	if d, err := db.DecidePool(ctx, pool.ID, clock.Now()); err != nil || d.Action != squares.DecideHouseFill {
		t.Fatalf("decision: %+v, %v", d, err)
	}
	clock.Add(time.Minute)
	w := &worker.Worker{Store: db, Source: source, Now: clock.Now}
	if res, err := w.RunOnce(ctx); err != nil || res.Verified != 1 {
		t.Fatalf("beacon: %+v, %v", res, err)
	}
	if err := esc.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	clock.Set(kickoff.Add(time.Minute))
	for _, u := range playedGame {
		if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
			t.Fatalf("%+v: %v", u, err)
		}
		clock.Add(10 * time.Minute)
	}
	ws, err := db.ListWinners(ctx, pool.ID)
	if err != nil || len(ws) != 4 {
		t.Fatalf("winners %v, %v", ws, err)
	}
	// A player wins (all four on the house's 15 squares: 1 in 2,000) and claims at once.
	for _, wn := range ws {
		if wn.UserID == 0 {
			continue
		}
		prizes, err := db.ListUserPrizes(ctx, wn.UserID)
		if err != nil || len(prizes) == 0 {
			t.Fatalf("prizes of %d: %v, %v", wn.UserID, prizes, err)
		}
		if _, err := db.ClaimPrize(ctx, wn.UserID, prizes[0].ID, true); err != nil {
			t.Fatal(err)
		}
		break
	}
	p, err := db.FindPool(ctx, pool.ID, 0)
	if err != nil || p.Status != squares.PoolCompleted {
		t.Fatalf("pool %+v, %v", p, err)
	}
	return p, chainJSON
}

// TestVerifyRecordPlayed: a pool played from open to completed, its beacon from a local drand relay, verifies from the database and through
// the public API of a real server; a stored entry changed, a square's owner changed and a prize amount
// changed in the database behind the server's back are each named.
func TestVerifyRecordPlayed(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		url := storetest.URL(t, engine)
		// The beacon from a local drand relay: the verifier is given its chain as the server was.
		p, chain := playPoolOn(t, url, true)
		t.Setenv("SQUARES_DRAND_CHAIN", chain)
		id := strconv.FormatInt(p.ID, 10)
		db := openURL(t, url)
		srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true}, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err := srv.Open(); err != nil {
			t.Fatal(err)
		}
		defer srv.Close(ctx)
		verify := func(source ...string) (string, error) {
			var out bytes.Buffer
			err := run(ctx, append(append([]string{"verify-record"}, source...), id), nil, &out, io.Discard)
			return out.String(), err
		}
		fromDB, fromAPI := []string{"--database-url", url}, []string{"--url", srv.URL()}
		for _, source := range [][]string{fromDB, fromAPI} {
			out, err := verify(source...)
			if err != nil {
				t.Fatalf("%v: %v\n%s", source, err, out)
			}
			for _, want := range []string{"signature   ok", "totals      ok    money in $1000.00 = fee $100.00 + prizes $900.00 + refunds $0.00",
				"replay      ok    completed: 100 squares taken", "pool shown  ok", "entries hold"} {
				if !strings.Contains(out, want) {
					t.Fatalf("%v: output lacks %q:\n%s", source, want, out)
				}
			}
			if p.Beacon.ChainHash == "" || p.Beacon.Dev || strings.Contains(out, "development beacon") ||
				!strings.Contains(out, "verifies against chain "+p.Beacon.ChainHash+"'s public key") {
				t.Fatalf("%v: not the relay's round:\n%s", source, out)
			}
		}
		rec, err := loadRecord(ctx, url, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, e := range rec.Entries {
			kinds[e.Kind]++
		}
		for _, k := range []string{squares.RecordOpened, squares.RecordHeld, squares.RecordTaken, squares.RecordReleased,
			squares.RecordLocked, squares.RecordBeacon, squares.RecordDrawn, squares.RecordCaptured, squares.RecordScore,
			squares.RecordPrize, squares.RecordFee, squares.RecordClaim, squares.RecordPayout} {
			if kinds[k] == 0 {
				t.Errorf("the record has no %s entry: %v", k, kinds)
			}
		}

		// A prize amount changed behind the server's back.
		w := rec.Shown.Winners[1]
		tamper(t, url, `UPDATE winners SET amount_cents = amount_cents + 2500 WHERE pool_id = $1 AND award = $2`, p.ID, w.Award)
		for _, source := range [][]string{fromDB, fromAPI} {
			out, err := verify(source...)
			want := fmt.Sprintf("winner of %s: the pool shows row %d, column %d, owner %s, $%s; the record (entry ", w.Award, w.Row+1, w.Column+1,
				w.Owner, w.Amount+2500)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("%v: a prize amount changed: %v\n%s", source, err, out)
			}
		}
		tamper(t, url, `UPDATE winners SET amount_cents = amount_cents - 2500 WHERE pool_id = $1 AND award = $2`, p.ID, w.Award)

		// A square's owner changed behind the server's back (the board's cache may hold the square a moment:
		// the database read names it).
		owner, other := rec.Shown.Owners[0], rec.Shown.Owners[5]
		tamper(t, url, `UPDATE squares SET user_id = $1 WHERE pool_id = $2 AND row_idx = 0 AND col_idx = 0`, other, p.ID)
		out, err := verify(fromDB...)
		if want := fmt.Sprintf("square row 1, column 1: the pool shows owner %s; the record (entry ", other); err == nil ||
			!strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), ", taken) says "+owner) {
			t.Fatalf("a square's owner changed: %v\n%s", err, out)
		}
		tamper(t, url, `UPDATE squares SET user_id = $1 WHERE pool_id = $2 AND row_idx = 0 AND col_idx = 0`, owner, p.ID)

		// One stored entry changed.
		tamper(t, url, `UPDATE pool_records SET data = REPLACE(data, '"amount":"50.00"', '"amount":"5.00"') WHERE pool_id = $1
			AND seq = (SELECT MIN(seq) FROM pool_records WHERE pool_id = $1 AND kind = 'taken')`, p.ID)
		for _, source := range [][]string{fromDB, fromAPI} {
			out, err := verify(source...)
			if err == nil || !strings.Contains(err.Error(), "(taken): its hash does not match its content: the entry was changed") {
				t.Fatalf("%v: an entry changed: %v\n%s", source, err, out)
			}
		}
	})
}
