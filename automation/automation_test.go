package automation_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/automation"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// t0 is when the tests start; kickoff is three days later, so paid pools are within their sales window.
var (
	t0      = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	kickoff = t0.Add(72 * time.Hour)
)

var goodCard = sandbox.Card{Number: "4242 4242 4242 4242", Expiry: "12/30", CVC: "123"}

// env is a store, the sandbox, the escrow and the automation on one database with one settable clock.
type env struct {
	t     *testing.T
	ctx   context.Context
	clock *storetest.Clock
	db    *store.DB
	sb    *sandbox.Provider
	esc   *escrow.Escrow
	auto  *automation.Automation
	log   *bytes.Buffer
	n     int
}

func newEnv(t *testing.T, engine string) *env {
	e := &env{t: t, ctx: context.Background(), clock: storetest.NewClock(t0), log: &bytes.Buffer{}}
	e.db = storetest.Open(t, engine)
	e.db.Now = e.clock.Now
	e.sb = sandbox.New(e.db)
	e.sb.Now = e.clock.Now
	logger := slog.New(slog.NewTextHandler(e.log, nil))
	e.esc = escrow.New(e.db, e.sb, logger)
	e.sb.OnEvent = e.esc.HandleEvent
	e.auto = automation.New(e.db, e.esc, logger)
	e.auto.Now = e.clock.Now
	return e
}

// game creates an NFL game kicking off at kickoff; its five pools by entry fee, all active.
func (e *env) game(at time.Time) []*squares.PoolView {
	e.t.Helper()
	e.n++
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("auto_%d", e.n), Season: 2026,
		Week: "W12", HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: at, Status: squares.GameScheduled}
	if err := e.db.CreateGame(e.ctx, g); err != nil {
		e.t.Fatal(err)
	}
	pools, err := e.db.ListPools(e.ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil || len(pools) != 5 {
		e.t.Fatalf("pools: %d, %v", len(pools), err)
	}
	for i, p := range pools {
		if pools[i], err = e.db.SetPoolStatus(e.ctx, p.ID, squares.PoolActive); err != nil {
			e.t.Fatal(err)
		}
	}
	return pools
}

func (e *env) player() *squares.User {
	e.t.Helper()
	e.n++
	u := &squares.User{Email: fmt.Sprintf("p%d@example.com", e.n), PasswordHash: "x", FirstName: fmt.Sprintf("P%d", e.n),
		LastName: "Tester", Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
		ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
	if err := e.db.CreateUser(e.ctx, u); err != nil {
		e.t.Fatal(err)
	}
	return u
}

// take gives players of their own n squares each of the pool from index start: bought with the sandbox
// card in a paid pool, claimed in a free one. It returns the next free index.
func (e *env) take(p *squares.PoolView, players, n, start int) int {
	e.t.Helper()
	for range players {
		u := e.player()
		var cells []squares.Cell
		for i := start; i < start+n; i++ {
			cells = append(cells, squares.Cell{Row: i / 10, Column: i % 10})
		}
		start += n
		if p.IsFree() {
			if _, err := e.db.ClaimSquares(e.ctx, store.Claim{PoolID: p.ID, User: u, Cells: cells}); err != nil {
				e.t.Fatal(err)
			}
			continue
		}
		pay, err := e.esc.Checkout(e.ctx, u, p.ID, cells, p.EntryFee*squares.Cents(n))
		if err != nil {
			e.t.Fatal(err)
		}
		if _, err := e.sb.Confirm(e.ctx, pay.ProviderPaymentID, goodCard); err != nil {
			e.t.Fatal(err)
		}
	}
	return start
}

func (e *env) pool(id int64) *squares.PoolView {
	e.t.Helper()
	p, err := e.db.FindPool(e.ctx, id, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

// books fails unless the ledger sums to zero; it returns the balances by account.
func (e *env) books() map[string]squares.Cents {
	e.t.Helper()
	return storetest.Books(e.t, e.db)
}

func (e *env) run() map[int64]squares.Decision {
	e.t.Helper()
	ds, err := e.auto.RunOnce(e.ctx)
	if err != nil {
		e.t.Fatalf("automation pass: %v", err)
	}
	out := map[int64]squares.Decision{}
	for _, d := range ds {
		out[d.PoolID] = d
	}
	return out
}

// TestDecisionsAtTwoHours: nothing is decided before kickoff - 2 h; at it, a $5 pool with too few
// players is cancelled and every payment released (ledger back to zero, provider holds cancelled), a
// $10 pool with enough players is house-filled and drawn (the house staking its squares, the players'
// holds captured), a full free pool continues, empty pools and a free pool with one player are cancelled; a second pass
// decides nothing; at kickoff the full pools start.
func TestDecisionsAtTwoHours(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		pools := e.game(kickoff)
		free, five, ten := pools[0], pools[2], pools[3]
		next := e.take(free, 20, 5, 0)
		if next != 100 || e.pool(free.ID).Status != squares.PoolFull {
			t.Fatalf("free pool not full: %+v", e.pool(free.ID).Pool)
		}
		e.take(five, 7, 5, 0)          // 7 players, 10 needed
		next = e.take(ten, 15, 3, 0)   // 15 players, 55 squares free: more than 50
		next = e.take(ten, 1, 5, next) // 16 players, 50 free
		pending, err := e.esc.Checkout(e.ctx, e.player(), ten.ID, []squares.Cell{{Row: 9, Column: 9}}, 1000)
		if err != nil {
			t.Fatal(err)
		}
		other := e.game(kickoff.Add(3 * time.Hour))
		e.take(other[0], 1, 1, 0)

		e.clock.Set(kickoff.Add(-2*time.Hour - time.Minute))
		if ds := e.run(); len(ds) != 0 {
			t.Fatalf("decided before the 2-hour mark: %+v", ds)
		}
		e.clock.Set(kickoff.Add(-2 * time.Hour))
		ds := e.run()
		if len(ds) != 5 {
			t.Fatalf("decisions = %+v", ds)
		}
		if d := ds[pools[1].ID]; d.Action != squares.DecideCancel || d.Reason != "0 players, 8 needed for a $1 Pool." {
			t.Errorf("empty $1 pool: %+v", d)
		}
		if d := ds[free.ID]; d.Action != squares.DecideContinue {
			t.Errorf("full free pool: %+v", d)
		}
		if d := ds[five.ID]; d.Action != squares.DecideCancel || d.Reason != "7 players, 10 needed for a $5 Pool." ||
			d.ParticipantsAffected != 7 || d.HouseSquaresNeeded != 65 || d.RefundAmount != 17500 {
			t.Errorf("$5 pool: %+v", d)
		}
		if d := ds[ten.ID]; d.Action != squares.DecideHouseFill || d.HouseSquaresNeeded != 50 || d.ParticipantsAffected != 16 {
			t.Errorf("$10 pool: %+v", d)
		}
		if !strings.Contains(e.log.String(), "7 players, 10 needed for a $5 Pool.") {
			t.Errorf("the cancellation is not logged with its reason:\n%s", e.log)
		}

		// The $5 pool: cancelled, every hold released at the provider and in the ledger.
		if p := e.pool(five.ID); p.Status != squares.PoolCancelled {
			t.Errorf("$5 pool is %s", p.Status)
		}
		pays, _ := e.db.ListPoolPayments(e.ctx, five.ID)
		for _, pay := range pays {
			pp, _ := e.sb.Get(e.ctx, pay.ProviderPaymentID)
			if pay.Status != squares.PaymentReleased || pp.Status != squares.ProviderCanceled {
				t.Errorf("payment %s of the cancelled pool: %s, provider %s", pay.ID, pay.Status, pp.Status)
			}
		}
		books := e.books()
		if b := books[squares.PoolHeldAccount(five.ID)]; b != 0 {
			t.Errorf("cancelled pool still holds %s", b)
		}

		// The $10 pool: full, drawn, 50 house squares staked, the players' 50 squares captured.
		p := e.pool(ten.ID)
		if p.Status != squares.PoolFull || p.SquaresTaken != 100 || !p.NumbersGenerated() {
			t.Fatalf("$10 pool after house fill: %+v", p.Pool)
		}
		sqs, _ := e.db.ListSquares(e.ctx, ten.ID)
		house := 0
		for _, sq := range sqs {
			if sq.IsHouse {
				house++
				if store.OwnerID(sq) != "admin" || sq.State != squares.SquareOwned {
					t.Errorf("house square %+v", sq)
				}
			}
		}
		if len(sqs) != 100 || house != 50 {
			t.Errorf("$10 pool: %d squares, %d the house's", len(sqs), house)
		}
		if got, _ := e.db.FindPayment(e.ctx, pending.ID); got.Status != squares.PaymentReleased {
			t.Errorf("checkout open at the decision: %s", got.Status)
		}
		if b := books[squares.PoolEscrowAccount(ten.ID)]; b != 100_000 {
			t.Errorf("$10 pool escrow = %s, want 1000.00 (500.00 captured + 500.00 staked)", b)
		}
		if b := books[squares.AccountHouseStakes]; b != -50_000 {
			t.Errorf("house stakes = %s", b)
		}

		// Once decided, never again, whoever asks.
		if ds := e.run(); len(ds) != 0 {
			t.Fatalf("second pass decided %+v", ds)
		}
		// With PostgreSQL the second server has its own connections, escrow and sandbox on the database.
		db2, esc2 := e.db, e.esc
		if engine == store.Postgres {
			db2 = store.New(e.db.URL)
			db2.Now = e.clock.Now
			if err := db2.Open(e.ctx); err != nil {
				t.Fatal(err)
			}
			defer db2.Close()
			sb2 := sandbox.New(db2)
			sb2.Now = e.clock.Now
			esc2 = escrow.New(db2, sb2, slog.New(slog.DiscardHandler))
			sb2.OnEvent = esc2.HandleEvent
		}
		second := automation.New(db2, esc2, slog.New(slog.DiscardHandler))
		second.Now = e.clock.Now
		if ds, err := second.RunOnce(e.ctx); err != nil || len(ds) != 0 {
			t.Fatalf("another instance decided %+v, %v", ds, err)
		}
		logged, err := e.db.ListDecisions(e.ctx, 10)
		if err != nil || len(logged) != 5 {
			t.Fatalf("decision log: %d, %v", len(logged), err)
		}

		// The other game's decision comes at its own time: a free pool with one player is cancelled.
		e.clock.Set(kickoff.Add(time.Hour))
		ds = e.run()
		if d := ds[other[0].ID]; len(ds) != 5 || d.Action != squares.DecideCancel || d.Reason != "1 player, 5 needed for a Free Pool." {
			t.Errorf("other game: %+v", ds)
		}
		// Kickoff has passed: the full pools of the first game started.
		for _, id := range []int64{free.ID, ten.ID} {
			if s := e.pool(id).Status; s != squares.PoolStarted {
				t.Errorf("pool %d at kickoff: %s", id, s)
			}
		}
		e.books()
	})
}

// TestCancelFullPaidPoolRefunds: a full paid pool whose players' holds were captured, cancelled by an
// admin (as POST /api/admin/pools/{id}/cancel does: the store's cancellation, then an escrow pass), gives
// every capture back to the card and the house its stakes: the pool's accounts are empty, the ledger sums
// to zero, and the automation leaves the pool alone afterwards.
func TestCancelFullPaidPoolRefunds(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		pools := e.game(kickoff)
		one := pools[1]
		next := e.take(one, 9, 5, 0) // 9 players, 55 squares free: within the $1 limit of 70
		e.clock.Set(kickoff.Add(-2 * time.Hour))
		if d := e.run()[one.ID]; d.Action != squares.DecideHouseFill || d.HouseSquaresNeeded != 100-next {
			t.Fatalf("$1 pool decision = %+v", d)
		}
		books := e.books()
		if b := books[squares.PoolEscrowAccount(one.ID)]; b != 10_000 {
			t.Fatalf("$1 pool escrow after capture = %s, want 100.00", b)
		}
		if _, err := e.db.CancelPool(e.ctx, one.ID, "The game was moved."); err != nil {
			t.Fatal(err)
		}
		if err := e.esc.RunOnce(e.ctx); err != nil {
			t.Fatal(err)
		}
		pays, _ := e.db.ListPoolPayments(e.ctx, one.ID)
		for _, pay := range pays {
			pp, _ := e.sb.Get(e.ctx, pay.ProviderPaymentID)
			if pay.Status != squares.PaymentRefunded || pp.AmountRefunded != pay.Amount {
				t.Errorf("payment %s: %s, provider refunded %s of %s", pay.ID, pay.Status, pp.AmountRefunded, pay.Amount)
			}
		}
		books = e.books()
		for _, account := range []string{squares.PoolEscrowAccount(one.ID), squares.PoolHeldAccount(one.ID),
			squares.AccountHouseStakes, squares.AccountWorld} {
			if b := books[account]; b != 0 {
				t.Errorf("%s = %s after the refunds, want 0", account, b)
			}
		}
		if ds := e.run(); len(ds) != 0 {
			t.Errorf("decided again: %+v", ds)
		}
	})
}

// TestTwoInstancesDecideOnce: two automations (two servers on one database) running the same pass at the
// same time make each pool's decision once between them, and each pool's decision is logged once.
func TestTwoInstancesDecideOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		var all []*squares.PoolView
		for i := range 3 {
			pools := e.game(kickoff.Add(time.Duration(i) * time.Minute))
			e.take(pools[0], 6, 5, 0)
			all = append(all, pools...)
		}
		e.clock.Set(kickoff)
		// With PostgreSQL the second server has its own connections, escrow and sandbox on the database.
		db2, esc2 := e.db, e.esc
		if engine == store.Postgres {
			db2 = store.New(e.db.URL)
			db2.Now = e.clock.Now
			if err := db2.Open(e.ctx); err != nil {
				t.Fatal(err)
			}
			defer db2.Close()
			sb2 := sandbox.New(db2)
			sb2.Now = e.clock.Now
			esc2 = escrow.New(db2, sb2, slog.New(slog.DiscardHandler))
			sb2.OnEvent = esc2.HandleEvent
		}
		second := automation.New(db2, esc2, slog.New(slog.DiscardHandler))
		second.Now = e.clock.Now
		results := make(chan []squares.Decision, 2)
		errs := make(chan error, 2)
		for _, a := range []*automation.Automation{e.auto, second} {
			go func() {
				ds, err := a.RunOnce(e.ctx)
				results <- ds
				errs <- err
			}()
		}
		seen := map[int64]int{}
		for range 2 {
			if err := <-errs; err != nil {
				t.Errorf("pass: %v", err)
			}
			for _, d := range <-results {
				seen[d.PoolID]++
			}
		}
		logged := map[int64]int{}
		recs, err := e.db.ListDecisions(e.ctx, 1000)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			logged[r.PoolID]++
		}
		for _, p := range all {
			if seen[p.ID] != 1 || logged[p.ID] != 1 {
				t.Errorf("pool %d decided %d times, logged %d times", p.ID, seen[p.ID], logged[p.ID])
			}
		}
		e.books()
	})
}
