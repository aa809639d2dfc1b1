package escrow_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
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
func (e *env) game() []*store.PoolView {
	e.t.Helper()
	return e.gameAt(kickoff)
}

// gameAt is game with another kickoff.
func (e *env) gameAt(kickoff time.Time) []*store.PoolView {
	e.t.Helper()
	e.n++
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("escrow_%d", e.n), Season: 2026,
		Week: "W12", HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", HomeTeamColor: "#00338D",
		AwayTeamColor: "#E31837", GameDate: kickoff, Status: squares.GameScheduled}
	if err := e.db.CreateGame(e.ctx, g); err != nil {
		e.t.Fatalf("create game: %v", err)
	}
	pools, err := e.db.ListPools(e.ctx, store.PoolFilter{GameID: g.ID})
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
func (e *env) pool(id int64) *store.PoolView {
	e.t.Helper()
	p, err := e.db.FindPool(e.ctx, id, 0)
	if err != nil {
		e.t.Fatalf("find pool %d: %v", id, err)
	}
	return p
}

// checkout starts a checkout of the cells at the pool's price, failing the test on error.
func (e *env) checkout(u *squares.User, pool *store.PoolView, cells ...squares.Cell) *squares.Payment {
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
func (e *env) buy(u *squares.User, pool *store.PoolView, cells ...squares.Cell) *store.ConfirmResult {
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
func (e *env) fill(pool *store.PoolView) *store.ConfirmResult {
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

// ---- The books: an audit of the database as a whole ----

// auditor reads the database directly, in a few queries, to check the books after every step.
type auditor struct {
	conn *sql.DB
}

// newAuditor opens a read connection of its own to the env's database.
func newAuditor(t testing.TB, url string) *auditor {
	t.Helper()
	driver, dsn := "pgx", url
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		driver, dsn = "sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=query_only(1)"
	}
	conn, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetMaxOpenConns(2)
	t.Cleanup(func() { conn.Close() })
	return &auditor{conn: conn}
}

type auditPayment struct {
	ID, Status, ProviderID string
	UserID, PoolID         int64
	Amount                 squares.Cents
	Cells                  []squares.Cell
}

type auditSquare struct {
	PoolID         int64
	Cell           squares.Cell
	UserID         int64
	IsHouse        bool
	State, Payment string
}

type auditPool struct {
	ID, Taken, Limit int64
	Status, Home     string
	Fee              squares.Cents
}

// snapshot is the state of the tables the books are made of.
type snapshot struct {
	payments map[string]*auditPayment
	squares  []*auditSquare
	pools    map[int64]*auditPool
	txs      []*squares.LedgerTransaction
}

func (a *auditor) snapshot(t testing.TB, db *store.DB) *snapshot {
	t.Helper()
	s := &snapshot{payments: map[string]*auditPayment{}, pools: map[int64]*auditPool{}}
	query := func(q string, scan func(*sql.Rows) error) {
		t.Helper()
		rows, err := a.conn.Query(q)
		if err != nil {
			t.Fatalf("audit %s: %v", q, err)
		}
		defer rows.Close()
		for rows.Next() {
			if err := scan(rows); err != nil {
				t.Fatalf("audit scan: %v", err)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("audit rows: %v", err)
		}
	}
	query(`SELECT id, status, COALESCE(provider_payment_id, ''), user_id, pool_id, amount_cents, cells FROM payments`,
		func(r *sql.Rows) error {
			var p auditPayment
			var cells string
			if err := r.Scan(&p.ID, &p.Status, &p.ProviderID, &p.UserID, &p.PoolID, &p.Amount, &cells); err != nil {
				return err
			}
			s.payments[p.ID] = &p
			return json.Unmarshal([]byte(cells), &p.Cells)
		})
	query(`SELECT pool_id, row_idx, col_idx, COALESCE(user_id, 0), is_house, state, COALESCE(payment_id, '') FROM squares`,
		func(r *sql.Rows) error {
			var sq auditSquare
			s.squares = append(s.squares, &sq)
			return r.Scan(&sq.PoolID, &sq.Cell.Row, &sq.Cell.Column, &sq.UserID, &sq.IsHouse, &sq.State, &sq.Payment)
		})
	query(`SELECT id, squares_taken, max_squares_per_player, status, home_numbers, entry_fee_cents FROM pools`,
		func(r *sql.Rows) error {
			var p auditPool
			if err := r.Scan(&p.ID, &p.Taken, &p.Limit, &p.Status, &p.Home, &p.Fee); err != nil {
				return err
			}
			s.pools[p.ID] = &p
			return nil
		})
	var err error
	if s.txs, err = db.ListLedgerTransactions(context.Background()); err != nil {
		t.Fatalf("audit ledger: %v", err)
	}
	return s
}

// checkBooks checks what must hold after any history, faults included:
//   - every ledger transaction balances, no key is written twice, and the sum over all accounts is zero
//     (also as the store's own summary reports it);
//   - no pool's held or escrow account is negative, and the world account (players' cards) never is
//     positive;
//   - each pool's held account is the sum of its held payments, its escrow account the sum of its captured
//     payments plus the house's stakes (returned if the pool is cancelled);
//   - each payment has exactly the ledger transactions its status implies, each once;
//   - the grid agrees with the payments: a pending checkout's squares are held for it, a held or captured
//     payment's squares are its buyer's; no square is owned twice; nobody has more than the pool's limit;
//     squares_taken counts the owned squares; a pool is drawn exactly when it is complete.
func (s *snapshot) checkBooks(t testing.TB, db *store.DB) {
	t.Helper()
	balances := map[string]squares.Cents{}
	keys := map[string]bool{}
	byPayment := map[string][]string{}
	stakes := map[int64]squares.Cents{}
	// What the house covered of each payment (refunds outside Squares, disputes, less disputes won), and
	// what it got back when the payment's pool was cancelled.
	covered, recovered := map[string]squares.Cents{}, map[string]squares.Cents{}
	var houseLosses squares.Cents
	wantAccounts := func(tx *squares.LedgerTransaction, from, to string) {
		t.Helper()
		if len(tx.Entries) != 2 || tx.Entries[0].Account != from || tx.Entries[1].Account != to || tx.Entries[1].Amount != tx.Amount {
			t.Fatalf("%s transaction %s moves %+v, want %s from %s to %s", tx.Kind, tx.Key, tx.Entries, tx.Amount, from, to)
		}
	}
	for _, tx := range s.txs {
		if !tx.Balanced() {
			t.Fatalf("ledger transaction %s does not balance: %+v", tx.Key, tx.Entries)
		}
		if keys[tx.Key] {
			t.Fatalf("ledger transaction %s written twice", tx.Key)
		}
		keys[tx.Key] = true
		for _, en := range tx.Entries {
			balances[en.Account] += en.Amount
		}
		switch tx.Kind {
		case squares.LedgerStake:
			stakes[tx.PoolID] += tx.Amount
		case squares.LedgerUnstake:
			stakes[tx.PoolID] -= tx.Amount
		case squares.LedgerExternalRefund, squares.LedgerDispute:
			covered[tx.PaymentID] += tx.Amount
			houseLosses -= tx.Amount
			wantAccounts(tx, squares.AccountPaymentsFailed, squares.AccountWorld)
			continue
		case squares.LedgerDisputeWon:
			covered[tx.PaymentID] -= tx.Amount
			houseLosses += tx.Amount
			wantAccounts(tx, squares.AccountWorld, squares.AccountPaymentsFailed)
			continue
		case squares.LedgerRecover:
			recovered[tx.PaymentID] += tx.Amount
			houseLosses += tx.Amount
			wantAccounts(tx, squares.PoolEscrowAccount(tx.PoolID), squares.AccountPaymentsFailed)
		}
		if tx.PaymentID != "" {
			byPayment[tx.PaymentID] = append(byPayment[tx.PaymentID], tx.Kind)
		}
	}
	if b := balances[squares.AccountPaymentsFailed]; b != houseLosses {
		t.Fatalf("house:losses = %s, but what the house covered and got back makes %s", b, houseLosses)
	}
	var sum squares.Cents
	for account, b := range balances {
		sum += b
		if (strings.HasSuffix(account, ":held") || strings.HasSuffix(account, ":escrow")) && b < 0 {
			t.Fatalf("account %s is negative: %s", account, b)
		}
	}
	if sum != 0 {
		t.Fatalf("ledger sums to %s, want 0 (%v)", sum, balances)
	}
	if balances[squares.AccountWorld] > 0 {
		t.Fatalf("world account is positive: %s", balances[squares.AccountWorld])
	}
	if _, total, err := db.LedgerSummary(context.Background()); err != nil || total != 0 {
		t.Fatalf("store ledger summary total = %s, %v", total, err)
	}

	held, escrowed := map[int64]squares.Cents{}, map[int64]squares.Cents{}
	for _, p := range s.payments {
		want := map[string][]string{
			squares.PaymentPending:  {},
			squares.PaymentFailed:   {},
			squares.PaymentHeld:     {squares.LedgerHold},
			squares.PaymentCaptured: {squares.LedgerHold, squares.LedgerCapture},
			squares.PaymentRefunded: {squares.LedgerHold, squares.LedgerCapture, squares.LedgerRefund},
		}[p.Status]
		got := byPayment[p.ID]
		if covered[p.ID] != 0 || recovered[p.ID] != 0 {
			if (p.Status != squares.PaymentCaptured && p.Status != squares.PaymentRefunded) || covered[p.ID] < 0 ||
				covered[p.ID] > p.Amount || recovered[p.ID] > covered[p.ID] {
				t.Fatalf("payment %s (%s, %s) had %s covered by the house and %s back", p.ID, p.Status, p.Amount,
					covered[p.ID], recovered[p.ID])
			}
		}
		if p.Status == squares.PaymentRefunded && recovered[p.ID] > 0 {
			// The house covered part of it before the cancellation: that part came back to the house.
			want = []string{squares.LedgerHold, squares.LedgerCapture, squares.LedgerRecover}
			if recovered[p.ID] < p.Amount {
				want = append(want, squares.LedgerRefund)
			}
		}
		if p.Status == squares.PaymentReleased {
			if len(got) > 0 {
				want = []string{squares.LedgerHold, squares.LedgerRelease}
			} else {
				want = []string{}
			}
		}
		if want == nil || !slices.Equal(sorted(got), sorted(want)) {
			t.Fatalf("payment %s is %s with ledger transactions %v, want %v", p.ID, p.Status, got, want)
		}
		switch p.Status {
		case squares.PaymentHeld:
			held[p.PoolID] += p.Amount
		case squares.PaymentCaptured:
			escrowed[p.PoolID] += p.Amount
		}
	}
	for id := range s.pools {
		if b := balances[squares.PoolHeldAccount(id)]; b != held[id] {
			t.Fatalf("pool %d held account = %s, its held payments = %s", id, b, held[id])
		}
		if b := balances[squares.PoolEscrowAccount(id)]; b != escrowed[id]+stakes[id] {
			t.Fatalf("pool %d escrow account = %s, its captured payments %s + house stakes %s", id, b, escrowed[id], stakes[id])
		}
	}

	type key struct {
		pool int64
		cell squares.Cell
	}
	seen := map[key]bool{}
	owned := map[int64]int64{}
	perUser := map[[2]int64]int64{}
	byPaymentCell := map[string]map[squares.Cell]*auditSquare{}
	for _, sq := range s.squares {
		k := key{sq.PoolID, sq.Cell}
		if seen[k] {
			t.Fatalf("square %v of pool %d is taken twice", sq.Cell, sq.PoolID)
		}
		seen[k] = true
		if sq.State == squares.SquareOwned {
			owned[sq.PoolID]++
		}
		if !sq.IsHouse {
			perUser[[2]int64{sq.PoolID, sq.UserID}]++
		}
		if sq.Payment != "" {
			if byPaymentCell[sq.Payment] == nil {
				byPaymentCell[sq.Payment] = map[squares.Cell]*auditSquare{}
			}
			byPaymentCell[sq.Payment][sq.Cell] = sq
			p := s.payments[sq.Payment]
			if p == nil || p.PoolID != sq.PoolID || (!sq.IsHouse && p.UserID != sq.UserID) {
				t.Fatalf("square %v of pool %d names payment %s of another pool or buyer", sq.Cell, sq.PoolID, sq.Payment)
			}
		}
	}
	for k, n := range perUser {
		if n > s.pools[k[0]].Limit {
			t.Fatalf("player %d has %d squares in pool %d, over its limit of %d", k[1], n, k[0], s.pools[k[0]].Limit)
		}
	}
	for _, p := range s.payments {
		pool := s.pools[p.PoolID]
		mine := byPaymentCell[p.ID]
		var wantState string
		switch p.Status {
		case squares.PaymentPending:
			wantState = squares.SquareHeld
		case squares.PaymentHeld, squares.PaymentCaptured:
			wantState = squares.SquareOwned
		case squares.PaymentRefunded:
			if pool.Status != squares.PoolCancelled {
				t.Fatalf("payment %s is refunded but its pool %d is %s", p.ID, p.PoolID, pool.Status)
			}
		case squares.PaymentReleased, squares.PaymentFailed:
			// A released payment's squares are gone (open pool), the house's (complete pool), or kept as
			// the record of a cancelled pool.
			if len(mine) > 0 && pool.Status != squares.PoolCancelled {
				t.Fatalf("payment %s is %s but still has squares %v in %s pool %d", p.ID, p.Status, mine, pool.Status, p.PoolID)
			}
		}
		if wantState == "" {
			continue
		}
		if len(mine) != len(p.Cells) {
			t.Fatalf("payment %s (%s) has squares %v, want %v", p.ID, p.Status, mine, p.Cells)
		}
		for _, c := range p.Cells {
			if sq := mine[c]; sq == nil || sq.State != wantState || sq.IsHouse {
				t.Fatalf("payment %s (%s): square %v is %+v, want %s by %d", p.ID, p.Status, c, sq, wantState, p.UserID)
			}
		}
	}
	for id, pool := range s.pools {
		if pool.Taken != owned[id] {
			t.Fatalf("pool %d counts %d squares taken, %d are owned", id, pool.Taken, owned[id])
		}
		complete := pool.Taken == squares.SquaresPerPool
		if drawn := pool.Home != ""; drawn != complete {
			t.Fatalf("pool %d (%s) has %d squares and drawn = %v", id, pool.Status, pool.Taken, drawn)
		}
		if pool.Status == squares.PoolFull && !complete {
			t.Fatalf("pool %d is full with %d squares", id, pool.Taken)
		}
	}
}

// checkProvider checks, once the escrow is quiescent, that our books agree with the provider: held is
// requires_capture, captured is succeeded and refunded only as far as the refunds outside Squares
// recorded, released and failed are cancelled (or never existed or were never confirmed), refunded is
// fully refunded; and nothing is left pending.
func (s *snapshot) checkProvider(t testing.TB, sb *sandbox.Provider) {
	t.Helper()
	ctx := context.Background()
	outside := map[string]squares.Cents{} // refunded outside Squares
	for _, tx := range s.txs {
		if tx.Kind == squares.LedgerExternalRefund {
			outside[tx.PaymentID] += tx.Amount
		}
	}
	for _, p := range s.payments {
		if p.ProviderID == "" {
			if p.Status != squares.PaymentFailed && p.Status != squares.PaymentReleased {
				t.Fatalf("payment %s is %s without a provider payment", p.ID, p.Status)
			}
			continue
		}
		pp, err := sb.Get(ctx, p.ProviderID)
		if err != nil {
			t.Fatalf("sandbox get %s: %v", p.ProviderID, err)
		}
		if pp.Amount != p.Amount {
			t.Fatalf("payment %s: provider amount %s, ours %s", p.ID, pp.Amount, p.Amount)
		}
		ok := false
		switch p.Status {
		case squares.PaymentHeld:
			ok = pp.Status == squares.ProviderRequiresCapture && pp.AmountCapturable == p.Amount
		case squares.PaymentCaptured:
			ok = pp.Status == squares.ProviderSucceeded && pp.AmountReceived == p.Amount && pp.AmountRefunded == outside[p.ID]
		case squares.PaymentReleased, squares.PaymentFailed:
			ok = pp.Status == squares.ProviderCanceled
		case squares.PaymentRefunded:
			ok = pp.Status == squares.ProviderSucceeded && pp.AmountRefunded == p.Amount
		}
		if !ok {
			t.Fatalf("payment %s is %s here but %s at the provider (capturable %s, received %s, refunded %s)",
				p.ID, p.Status, pp.Status, pp.AmountCapturable, pp.AmountReceived, pp.AmountRefunded)
		}
	}
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	if out == nil {
		out = []string{}
	}
	return out
}

// audit takes a snapshot and checks the books.
func (e *env) audit(a *auditor) *snapshot {
	e.t.Helper()
	s := a.snapshot(e.t, e.db)
	s.checkBooks(e.t, e.db)
	return s
}
