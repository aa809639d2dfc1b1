package storetest

import (
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Auditor reads the database directly, in a few queries, to check the books after every step.
type Auditor struct {
	// Conn is its read connection, for a test's own queries.
	Conn *sql.DB
}

// NewAuditor opens a read connection of its own to the database at url.
func NewAuditor(t testing.TB, url string) *Auditor {
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
	return &Auditor{Conn: conn}
}

type AuditPayment struct {
	ID, Status, ProviderID string
	UserID, PoolID         int64
	Amount                 squares.Cents
	Cells                  []squares.Cell
}

type AuditSquare struct {
	PoolID         int64
	Cell           squares.Cell
	UserID         int64
	IsHouse        bool
	State, Payment string
}

type AuditPool struct {
	ID, Taken, Limit int64
	Status, Home     string
	Fee              squares.Cents
}

// Snapshot is the state of the tables the books are made of.
type Snapshot struct {
	Payments map[string]*AuditPayment
	Squares  []*AuditSquare
	Pools    map[int64]*AuditPool
	Txs      []*squares.LedgerTransaction
	Winners  []*AuditWinner
}

// AuditWinner is a period's winner as the winners table has it.
type AuditWinner struct {
	PoolID, UserID int64
	Period         int
	Amount         squares.Cents
	Status         string
	// Kind, Award and PeriodCode name the award (squares.Winner's).
	Kind, Award, PeriodCode string
}

func (a *Auditor) Snapshot(t testing.TB, db *store.DB) *Snapshot {
	t.Helper()
	s := &Snapshot{Payments: map[string]*AuditPayment{}, Pools: map[int64]*AuditPool{}}
	query := func(q string, scan func(*sql.Rows) error) {
		t.Helper()
		rows, err := a.Conn.Query(q)
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
			var p AuditPayment
			var cells string
			if err := r.Scan(&p.ID, &p.Status, &p.ProviderID, &p.UserID, &p.PoolID, &p.Amount, &cells); err != nil {
				return err
			}
			s.Payments[p.ID] = &p
			return json.Unmarshal([]byte(cells), &p.Cells)
		})
	query(`SELECT pool_id, row_idx, col_idx, COALESCE(user_id, 0), is_house, state, COALESCE(payment_id, '') FROM squares`,
		func(r *sql.Rows) error {
			var sq AuditSquare
			s.Squares = append(s.Squares, &sq)
			return r.Scan(&sq.PoolID, &sq.Cell.Row, &sq.Cell.Column, &sq.UserID, &sq.IsHouse, &sq.State, &sq.Payment)
		})
	query(`SELECT id, squares_taken, max_squares_per_player, status, home_numbers, entry_fee_cents FROM pools`,
		func(r *sql.Rows) error {
			var p AuditPool
			if err := r.Scan(&p.ID, &p.Taken, &p.Limit, &p.Status, &p.Home, &p.Fee); err != nil {
				return err
			}
			s.Pools[p.ID] = &p
			return nil
		})
	query(`SELECT pool_id, period, COALESCE(user_id, 0), amount_cents, status, kind, award, period_code FROM winners`,
		func(r *sql.Rows) error {
			var w AuditWinner
			s.Winners = append(s.Winners, &w)
			return r.Scan(&w.PoolID, &w.Period, &w.UserID, &w.Amount, &w.Status, &w.Kind, &w.Award, &w.PeriodCode)
		})
	var err error
	if s.Txs, err = db.ListLedgerTransactions(context.Background()); err != nil {
		t.Fatalf("audit ledger: %v", err)
	}
	return s
}

// CheckBooks checks what must hold after any history, faults included:
//   - every ledger transaction balances, no key is written twice, and the sum over all accounts is zero
//     (also as the store's own summary reports it);
//   - no pool's held or escrow account is negative, and the world account (players' cards) never is
//     positive;
//   - each pool's held account is the sum of its held payments, its escrow account the sum of its captured
//     payments plus the house's stakes (returned if the pool is cancelled) less the prizes and the fee paid
//     out of it;
//   - each payment has exactly the ledger transactions its status implies, each once;
//   - the grid agrees with the payments: a pending checkout's squares are held for it, a held or captured
//     payment's squares are its buyer's; no square is owned twice; nobody has more than the pool's limit;
//     squares_taken counts the owned squares; a pool is drawn exactly when it is complete;
//   - every prize is credited once: each winner who wins money has exactly one prize transaction, of its
//     amount, to its owner's winnings (the house's for a house square), every prize transaction has its
//     winner, and a pool's fee is taken once and only once it has winners.
func (s *Snapshot) CheckBooks(t testing.TB, db *store.DB) {
	t.Helper()
	s.checkPrizes(t)
	balances := map[string]squares.Cents{}
	keys := map[string]bool{}
	byPayment := map[string][]string{}
	stakes := map[int64]squares.Cents{}
	settled := map[int64]squares.Cents{} // paid out of each pool's escrow: prizes and the fee
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
	for _, tx := range s.Txs {
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
		case squares.LedgerPrize, squares.LedgerHouseFee:
			settled[tx.PoolID] += tx.Amount
			to := ""
			if len(tx.Entries) == 2 {
				to = tx.Entries[1].Account
			}
			wantAccounts(tx, squares.PoolEscrowAccount(tx.PoolID), to)
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
	for _, p := range s.Payments {
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
	for id := range s.Pools {
		if b := balances[squares.PoolHeldAccount(id)]; b != held[id] {
			t.Fatalf("pool %d held account = %s, its held payments = %s", id, b, held[id])
		}
		if b := balances[squares.PoolEscrowAccount(id)]; b != escrowed[id]+stakes[id]-settled[id] {
			t.Fatalf("pool %d escrow account = %s, its captured payments %s + house stakes %s - prizes and fee %s", id, b,
				escrowed[id], stakes[id], settled[id])
		}
	}

	type key struct {
		pool int64
		cell squares.Cell
	}
	seen := map[key]bool{}
	owned := map[int64]int64{}
	perUser := map[[2]int64]int64{}
	byPaymentCell := map[string]map[squares.Cell]*AuditSquare{}
	for _, sq := range s.Squares {
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
				byPaymentCell[sq.Payment] = map[squares.Cell]*AuditSquare{}
			}
			byPaymentCell[sq.Payment][sq.Cell] = sq
			p := s.Payments[sq.Payment]
			if p == nil || p.PoolID != sq.PoolID || (!sq.IsHouse && p.UserID != sq.UserID) {
				t.Fatalf("square %v of pool %d names payment %s of another pool or buyer", sq.Cell, sq.PoolID, sq.Payment)
			}
		}
	}
	for k, n := range perUser {
		if n > s.Pools[k[0]].Limit {
			t.Fatalf("player %d has %d squares in pool %d, over its limit of %d", k[1], n, k[0], s.Pools[k[0]].Limit)
		}
	}
	for _, p := range s.Payments {
		pool := s.Pools[p.PoolID]
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
	for id, pool := range s.Pools {
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

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	if out == nil {
		out = []string{}
	}
	return out
}
