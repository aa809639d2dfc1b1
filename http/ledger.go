package http

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// The admin's read-only view of the double-entry ledger: every account's balance with the zero-sum check,
// and its transactions filtered by pool and kind, a page at a time. Every row names the pool (and its
// game) and the player it concerns.

// LedgerAccount is an account's balance, with the pool or the player it belongs to named.
type LedgerAccount struct {
	Account string        `json:"account"`
	Balance squares.Cents `json:"balance"`
	// PoolID and its name and game for a pool's held and escrow accounts.
	PoolID   int64            `json:"poolId,omitempty" tstype:"number | undefined"`
	PoolName string           `json:"poolName,omitempty" tstype:"string | undefined"`
	Game     *squares.GameRef `json:"game,omitempty" tstype:"GameRef | undefined"`
	// UserID and their name and e-mail for a player's winnings account.
	UserID    int64  `json:"userId,omitempty" tstype:"number | undefined"`
	UserName  string `json:"userName,omitempty" tstype:"string | undefined"`
	UserEmail string `json:"userEmail,omitempty" tstype:"string | undefined"`
}

// LedgerSummary is the answer of GET /api/admin/ledger/summary: total is the sum over all accounts,
// which is zero when the books balance.
type LedgerSummary struct {
	Accounts []LedgerAccount `json:"accounts"`
	Total    squares.Cents   `json:"total"`
	Balanced bool            `json:"balanced"`
}

func (s *Server) handleLedgerSummary(w http.ResponseWriter, r *http.Request) {
	balances, total, err := s.Store.LedgerSummary(r.Context())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	accounts := make([]LedgerAccount, 0, len(balances))
	var pools, users []int64
	for _, b := range balances {
		a := LedgerAccount{Account: b.Account, Balance: b.Balance}
		a.PoolID, a.UserID = squares.LedgerAccountOf(b.Account)
		pools, users = append(pools, a.PoolID), append(users, a.UserID)
		accounts = append(accounts, a)
	}
	names, err := s.ledgerNames(r.Context(), pools, users)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	for i := range accounts {
		a := &accounts[i]
		a.PoolName, a.Game = names.pool(a.PoolID)
		a.UserName, a.UserEmail = names.user(a.UserID)
	}
	writeJSON(w, http.StatusOK, LedgerSummary{Accounts: accounts, Total: total, Balanced: total == 0})
}

// LedgerEntry moves amount into account (negative: out of it).
type LedgerEntry struct {
	Account string        `json:"account"`
	Amount  squares.Cents `json:"amount"`
}

// LedgerTransaction is one balanced movement of money, with its pool and player named.
type LedgerTransaction struct {
	ID        int64            `json:"id"`
	Kind      string           `json:"kind"`
	Amount    squares.Cents    `json:"amount"`
	PoolID    *int64           `json:"poolId"`
	PoolName  string           `json:"poolName"`
	Game      *squares.GameRef `json:"game"`
	UserID    *int64           `json:"userId"`
	UserName  string           `json:"userName"`
	UserEmail string           `json:"userEmail"`
	PaymentID *string          `json:"paymentId"`
	Memo      string           `json:"memo"`
	CreatedAt time.Time        `json:"createdAt"`
	Entries   []LedgerEntry    `json:"entries"`
}

// LedgerPage is the answer of GET /api/admin/ledger/transactions.
type LedgerPage struct {
	Transactions []LedgerTransaction `json:"transactions"`
	Total        int                 `json:"total"`
	Page         int                 `json:"page"`
	PageSize     int                 `json:"pageSize"`
}

// maxLedgerPageSize bounds a page of ledger transactions.
const maxLedgerPageSize = 200

// handleLedgerTransactions lists the ledger's transactions, newest first: GET
// /api/admin/ledger/transactions?poolId=&kind=&page=&pageSize= (page from 1; 50 a page by default).
func (s *Server) handleLedgerTransactions(w http.ResponseWriter, r *http.Request) {
	f := store.LedgerFilter{Limit: 50}
	var err error
	if f.PoolID, err = queryID(r, "poolId"); err != nil {
		s.Error(w, r, err)
		return
	}
	q := r.URL.Query()
	if f.Kind = strings.TrimSpace(q.Get("kind")); f.Kind == "all" {
		f.Kind = ""
	}
	if f.Kind != "" && !squares.IsLedgerKind(f.Kind) {
		s.Error(w, r, squares.FieldError("kind", "Kind must be one of "+strings.Join(squares.LedgerKinds, ", ")+"."))
		return
	}
	page := 1
	if v := q.Get("page"); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 || page > 1_000_000 {
			s.Error(w, r, squares.FieldError("page", "Page must be a number of 1 or more."))
			return
		}
	}
	if v := q.Get("pageSize"); v != "" {
		if f.Limit, err = strconv.Atoi(v); err != nil || f.Limit < 1 || f.Limit > maxLedgerPageSize {
			s.Error(w, r, squares.FieldError("pageSize", "Page size must be a number from 1 to 200."))
			return
		}
	}
	f.Offset = (page - 1) * f.Limit
	txs, total, err := s.Store.LedgerPage(r.Context(), f)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var pools, users []int64
	for _, t := range txs {
		pools, users = append(pools, t.PoolID), append(users, t.UserID)
	}
	names, err := s.ledgerNames(r.Context(), pools, users)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := LedgerPage{Transactions: make([]LedgerTransaction, 0, len(txs)), Total: total, Page: page, PageSize: f.Limit}
	for _, t := range txs {
		j := LedgerTransaction{ID: t.ID, Kind: t.Kind, Amount: t.Amount, Memo: t.Memo, CreatedAt: t.CreatedAt,
			Entries: make([]LedgerEntry, 0, len(t.Entries))}
		if t.PoolID != 0 {
			j.PoolID = &t.PoolID
			j.PoolName, j.Game = names.pool(t.PoolID)
		}
		if t.UserID != 0 {
			j.UserID = &t.UserID
			j.UserName, j.UserEmail = names.user(t.UserID)
		}
		if t.PaymentID != "" {
			j.PaymentID = &t.PaymentID
		}
		for _, e := range t.Entries {
			j.Entries = append(j.Entries, LedgerEntry{Account: e.Account, Amount: e.Amount})
		}
		out.Transactions = append(out.Transactions, j)
	}
	writeJSON(w, http.StatusOK, out)
}

// ledgerRefs are the names of the pools and players of a page of ledger rows.
type ledgerRefs struct {
	pools map[int64]*store.PoolRef
	users map[int64]*store.UserRef
}

func (s *Server) ledgerNames(ctx context.Context, pools, users []int64) (ledgerRefs, error) {
	p, err := s.Store.PoolRefs(ctx, pools)
	if err != nil {
		return ledgerRefs{}, err
	}
	u, err := s.Store.UserRefs(ctx, users)
	return ledgerRefs{pools: p, users: u}, err
}

// pool names a pool and its game ("" and nil for none, or one deleted).
func (n ledgerRefs) pool(id int64) (string, *squares.GameRef) {
	if r := n.pools[id]; r != nil {
		return r.Name, &r.Game
	}
	return "", nil
}

// user names a player and their e-mail.
func (n ledgerRefs) user(id int64) (string, string) {
	if r := n.users[id]; r != nil {
		return r.Name, r.Email
	}
	return "", ""
}
