package escrow_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// t0 is when the escrow tests start: a Friday afternoon in the NFL season.
var t0 = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// kickoff is the games' kickoff: three days after t0, so paid pools are within their sales window.
var kickoff = t0.Add(72 * time.Hour)

// Test cards, as the card form sends them.
var (
	goodCard     = sandbox.Card{Number: "4242 4242 4242 4242", Expiry: "12/30", CVC: "123"}
	declinedCard = sandbox.Card{Number: "4000 0000 0000 0002", Expiry: "12/30", CVC: "123"}
)

// env is a store, the sandbox and the escrow on one database, with a settable clock.
type env struct {
	t     testing.TB
	ctx   context.Context
	url   string
	clock *storetest.Clock
	db    *store.DB
	sb    *sandbox.Provider
	esc   *escrow.Escrow
	// wrap, when set, puts a provider between the escrow and the sandbox (fault injection).
	wrap func(*sandbox.Provider) squares.PaymentProvider
	// onEvent, when set, receives the sandbox's events instead of the escrow (to drop, record or replay
	// them); webhooks false delivers none.
	onEvent  func(ctx context.Context, ev squares.ProviderEvent) error
	webhooks bool
	n        int
}

// newEnv opens a fresh database of the engine with the sandbox's events delivered to the escrow, as
// cmd/squares wires them.
func newEnv(t testing.TB, engine string) *env {
	t.Helper()
	e := &env{t: t, ctx: context.Background(), url: storetest.URL(t, engine), clock: storetest.NewClock(t0),
		webhooks: true}
	e.open()
	t.Cleanup(func() {
		if e.db != nil {
			e.db.Close()
		}
	})
	return e
}

// open opens the store, the sandbox and the escrow on the env's database.
func (e *env) open() {
	e.t.Helper()
	db := store.New(e.url)
	db.Now = e.clock.Now
	if err := db.Open(e.ctx); err != nil {
		e.t.Fatalf("open store: %v", err)
	}
	sb := sandbox.New(db)
	sb.Now = e.clock.Now
	var provider squares.PaymentProvider = sb
	if e.wrap != nil {
		provider = e.wrap(sb)
	}
	esc := escrow.New(db, provider, slog.New(slog.NewTextHandler(io.Discard, nil)))
	sb.OnEvent = func(ctx context.Context, ev squares.ProviderEvent) error {
		switch {
		case e.onEvent != nil:
			return e.onEvent(ctx, ev)
		case e.webhooks:
			return e.esc.HandleEvent(ctx, ev)
		}
		return nil
	}
	e.db, e.sb, e.esc = db, sb, esc
}

// restart closes the store and opens a new store, sandbox and escrow on the same database, as a
// restarted server does.
func (e *env) restart() {
	e.t.Helper()
	if err := e.db.Close(); err != nil {
		e.t.Fatalf("close store: %v", err)
	}
	e.db = nil
	e.open()
}

// player creates an age-verified player eligible for paid pools.
func (e *env) player(name string) *squares.User {
	e.t.Helper()
	e.n++
	u := &squares.User{Email: fmt.Sprintf("%s%d@example.com", strings.ToLower(name), e.n), PasswordHash: "not-a-hash",
		FirstName: name, LastName: "Tester", Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
		ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
	if err := e.db.CreateUser(e.ctx, u); err != nil {
		e.t.Fatalf("create player: %v", err)
	}
	return u
}

// game creates an NFL game kicking off at kickoff and returns its five pools by entry fee ($0, $1, $5,
// $10, $25), the paid ones active.
func (e *env) game() []*squares.PoolView {
	e.t.Helper()
	return e.gameAt(kickoff)
}

// gameAt is game with another kickoff.
func (e *env) gameAt(kickoff time.Time) []*squares.PoolView {
	e.t.Helper()
	e.n++
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("escrow_%d", e.n), Season: 2026,
		Week: "W12", HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", HomeTeamColor: "#00338D",
		AwayTeamColor: "#E31837", GameDate: kickoff, Status: squares.GameScheduled}
	if err := e.db.CreateGame(e.ctx, g); err != nil {
		e.t.Fatalf("create game: %v", err)
	}
	pools, err := e.db.ListPools(e.ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil || len(pools) != len(squares.Tiers) {
		e.t.Fatalf("pools of game %d: %d, %v", g.ID, len(pools), err)
	}
	for i, p := range pools[1:] {
		if pools[i+1], err = e.db.SetPoolStatus(e.ctx, p.ID, squares.PoolActive); err != nil {
			e.t.Fatalf("activate pool %d: %v", p.ID, err)
		}
	}
	return pools
}

// pool returns a pool as it is now.
func (e *env) pool(id int64) *squares.PoolView {
	e.t.Helper()
	p, err := e.db.FindPool(e.ctx, id, 0)
	if err != nil {
		e.t.Fatalf("find pool %d: %v", id, err)
	}
	return p
}

// checkout starts a checkout of the cells at the pool's price, failing the test on error.
func (e *env) checkout(u *squares.User, pool *squares.PoolView, cells ...squares.Cell) *squares.Payment {
	e.t.Helper()
	pay, err := e.esc.Checkout(e.ctx, u, pool.ID, cells, pool.EntryFee*squares.Cents(len(cells)))
	if err != nil {
		e.t.Fatalf("checkout %v in pool %d by %d: %v", cells, pool.ID, u.ID, err)
	}
	return pay
}

// pay plays the card form: the sandbox authorises (or declines) the checkout's payment.
func (e *env) pay(pay *squares.Payment, card sandbox.Card) *squares.ProviderPayment {
	e.t.Helper()
	pp, err := e.sb.Confirm(e.ctx, pay.ProviderPaymentID, card)
	if err != nil {
		e.t.Fatalf("sandbox confirm %s: %v", pay.ProviderPaymentID, err)
	}
	return pp
}

// buy checks out the cells, pays with the good card and confirms; it returns the confirmed payment.
func (e *env) buy(u *squares.User, pool *squares.PoolView, cells ...squares.Cell) *store.ConfirmResult {
	e.t.Helper()
	pay := e.checkout(u, pool, cells...)
	e.pay(pay, goodCard)
	res, err := e.esc.Confirm(e.ctx, u, pay.ProviderPaymentID)
	if err != nil {
		e.t.Fatalf("confirm %s: %v", pay.ID, err)
	}
	return res
}

// fill has 20 new players buy the pool's 100 squares, five each, and returns the last confirmation.
func (e *env) fill(pool *squares.PoolView) *store.ConfirmResult {
	e.t.Helper()
	var last *store.ConfirmResult
	for i := 0; i < squares.SquaresPerPool; i += squares.PublicSquaresPerPlayer {
		last = e.buy(e.player("Filler"), pool, cellsFrom(i, squares.PublicSquaresPerPlayer)...)
	}
	return last
}

// payment returns a payment as the store has it now.
func (e *env) payment(id string) *squares.Payment {
	e.t.Helper()
	p, err := e.db.FindPayment(e.ctx, id)
	if err != nil {
		e.t.Fatalf("find payment %s: %v", id, err)
	}
	return p
}

// provider returns a payment as the sandbox has it now.
func (e *env) provider(pay *squares.Payment) *squares.ProviderPayment {
	e.t.Helper()
	pp, err := e.sb.Get(e.ctx, pay.ProviderPaymentID)
	if err != nil {
		e.t.Fatalf("sandbox get %s: %v", pay.ProviderPaymentID, err)
	}
	return pp
}

// runOnce runs an escrow pass, failing the test on error.
func (e *env) runOnce() {
	e.t.Helper()
	if err := e.esc.RunOnce(e.ctx); err != nil {
		e.t.Fatalf("escrow pass: %v", err)
	}
}

// squaresOf returns the pool's squares by cell.
func (e *env) squaresOf(poolID int64) map[squares.Cell]*squares.Square {
	e.t.Helper()
	sqs, err := e.db.ListSquares(e.ctx, poolID)
	if err != nil {
		e.t.Fatalf("list squares: %v", err)
	}
	out := map[squares.Cell]*squares.Square{}
	for _, sq := range sqs {
		out[squares.Cell{Row: sq.Row, Column: sq.Column}] = sq
	}
	return out
}

// ledger returns the ledger transactions, and those of one payment by kind.
func (e *env) ledger() []*squares.LedgerTransaction {
	e.t.Helper()
	txs, err := e.db.ListLedgerTransactions(e.ctx)
	if err != nil {
		e.t.Fatalf("ledger: %v", err)
	}
	return txs
}

// kinds returns the kinds of the ledger transactions of a payment, in order.
func (e *env) kinds(payID string) []string {
	e.t.Helper()
	var out []string
	for _, tx := range e.ledger() {
		if tx.PaymentID == payID {
			out = append(out, tx.Kind)
		}
	}
	return out
}

// balance returns an account's balance.
func (e *env) balance(account string) squares.Cents {
	e.t.Helper()
	return storetest.Books(e.t, e.db)[account]
}

// cellsFrom returns n cells in row-major order from index start.
func cellsFrom(start, n int) []squares.Cell {
	var out []squares.Cell
	for i := start; i < start+n; i++ {
		out = append(out, squares.Cell{Row: i / squares.GridSize, Column: i % squares.GridSize})
	}
	return out
}

func cell(row, col int) squares.Cell { return squares.Cell{Row: row, Column: col} }

// wantCode fails the test unless err carries the domain error code and, when given, a message containing
// the text.
func wantCode(t testing.TB, err error, code, text string) {
	t.Helper()
	var e *squares.Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v, want a %s error", err, code)
	}
	if e.Code != code || !strings.Contains(e.Message, text) {
		t.Fatalf("error = %s %q, want %s containing %q", e.Code, e.Message, code, text)
	}
}

// audit takes a snapshot and checks the books.
func (e *env) audit(a *storetest.Auditor) *storetest.Snapshot {
	e.t.Helper()
	s := a.Snapshot(e.t, e.db)
	s.CheckBooks(e.t, e.db)
	return s
}
