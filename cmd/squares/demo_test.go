package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

func TestSeedDemo(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		now := time.Now()
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		seeded, err := seedDemo(ctx, db, now, true, logger)
		if err != nil || !seeded {
			t.Fatalf("seedDemo = %v, %v", seeded, err)
		}
		pools, err := db.ListPools(ctx, squares.PoolFilter{Listed: true})
		if err != nil {
			t.Fatal(err)
		}
		if want := len(demoGames) * len(squares.Tiers); len(pools) != want {
			t.Fatalf("listed pools = %d, want %d", len(pools), want)
		}
		if pools[0].SquaresTaken != 97 || pools[0].EntryFee != 0 {
			t.Errorf("first free pool has %d squares (fee %v), want 97", pools[0].SquaresTaken, pools[0].EntryFee)
		}
		featured, err := db.ListPools(ctx, squares.PoolFilter{Listed: true, FeaturedAt: &now})
		if err != nil || len(featured) != 1 {
			t.Fatalf("featured = %d, %v", len(featured), err)
		}
		demo, err := db.FindUserByEmail(ctx, demoPlayerEmail)
		if err != nil || !squares.CheckPassword(demo.PasswordHash, demoPassword) || !demo.CanPlayPaid() {
			t.Fatalf("demo player = %+v, %v", demo, err)
		}
		mine, err := db.ListPools(ctx, squares.PoolFilter{Viewer: demo.ID, OwnedBy: demo.ID})
		if err != nil || len(mine) != 3 {
			t.Fatalf("demo player's pools = %v, %v", mine, err)
		}
		var party *squares.PoolView
		held := 0
		for _, p := range mine {
			held += p.ViewerSquares
			if p.Name == demoHostPoolName {
				party = p
			}
		}
		if held != 8 || party == nil || !party.HostCollects() || party.HouseFeePercent() != 0 {
			t.Fatalf("demo player's pools = %d squares, party pool %+v", held, party)
		}
		// The party pool: the host, three friends and two guests, some paid, some owing.
		balances, err := db.ListPayments(ctx, demo, party.ID)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, b := range balances {
			got = append(got, fmt.Sprintf("%s %d %s/%s", b.Name, b.Squares, b.Paid, b.Owed))
		}
		if want := "[Dana D. 3 30.00/30.00 Avery B. 2 20.00/20.00 Jordan R. 2 10.00/20.00 Taylor N. 2 0.00/20.00 Uncle Rick 4 40.00/40.00 Maya R. 2 0.00/20.00]"; fmt.Sprint(got) != want {
			t.Errorf("party pool's payments\n got %v\nwant %s", got, want)
		}
		// Paid pools hold squares bought through the sandbox, and the books balance.
		paid := 0
		for _, p := range pools {
			if !p.IsFree() {
				paid += p.SquaresTaken
			}
		}
		if paid == 0 {
			t.Error("no squares bought in paid pools")
		}
		txs, err := db.ListLedgerTransactions(ctx)
		if err != nil || len(txs) == 0 {
			t.Fatalf("ledger = %d transactions, %v", len(txs), err)
		}
		if _, total, err := db.LedgerSummary(ctx); err != nil || total != 0 {
			t.Fatalf("ledger total = %v, %v", total, err)
		}
		// A second start finds games and seeds nothing.
		if seeded, err := seedDemo(ctx, db, now, true, logger); err != nil || seeded {
			t.Fatalf("second seedDemo = %v, %v", seeded, err)
		}
	})
}

func TestDemoKickoff(t *testing.T) {
	now := time.Date(2026, 11, 30, 23, 10, 0, 0, time.UTC) // 6:10 PM Eastern on Nov 30
	if got, want := demoKickoff(now, 0, ""), time.Date(2026, 12, 1, 3, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("first game = %v, want %v", got, want)
	}
	// A day past the month's end rolls into December; 13:00 Eastern is 18:00 UTC in winter.
	if got, want := demoKickoff(now, 1, "13:00"), time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("next day = %v, want %v", got, want)
	}
}
