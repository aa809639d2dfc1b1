package http_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// ledgerTx is a transaction as GET /api/admin/ledger/transactions answers it.
type ledgerTx struct {
	ID        int64
	Kind      string
	Amount    string
	PoolID    *int64
	PoolName  string
	Game      *squares.GameRef
	UserID    *int64
	UserName  string
	UserEmail string
	PaymentID *string
	CreatedAt time.Time
	Entries   []struct{ Account, Amount string }
}

// ledgerPage is the answer of GET /api/admin/ledger/transactions.
type ledgerPage struct {
	Transactions          []ledgerTx
	Total, Page, PageSize int
}

// TestLedgerTransactions: GET /api/admin/ledger/transactions pages through the ledger newest first, filtered
// by pool and kind, each transaction with its entries and its pool (name and game) and player named; bad
// filters are 400s; only admins may read it. The summary names the pool or player of each account.
func TestLedgerTransactions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		s.settledTenDollarPool(t) // 20 holds and captures of 50.00, the house fee, four prizes
		pools := s.paidGame(t)
		five := pools[2]
		ann, annUser := s.storePlayer(t, squares.RoleUser)
		buy(t, ann, five, at(0, 0), at(0, 1))
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		all, err := s.db.ListLedgerTransactions(t.Context())
		if err != nil {
			t.Fatal(err)
		}

		var page ledgerPage
		admin.get("/api/admin/ledger/transactions").want(http.StatusOK).decode(&page)
		if len(all) != 46 || page.Total != len(all) || len(page.Transactions) != len(all) || page.Page != 1 || page.PageSize != 50 {
			t.Fatalf("first page: %d of %d (page %d, size %d), want all %d", len(page.Transactions), page.Total, page.Page,
				page.PageSize, len(all))
		}
		if page.Transactions[0].ID != all[len(all)-1].ID || !slices.IsSortedFunc(page.Transactions, func(a, b ledgerTx) int {
			return int(b.ID - a.ID)
		}) {
			t.Errorf("not newest first: %d first, the newest is %d", page.Transactions[0].ID, all[len(all)-1].ID)
		}

		// Ann's hold, by pool and kind: named, with its two entries.
		admin.get(fmt.Sprintf("/api/admin/ledger/transactions?poolId=%d&kind=hold", five.ID)).want(http.StatusOK).decode(&page)
		if page.Total != 1 || len(page.Transactions) != 1 {
			t.Fatalf("ann's hold: %+v", page)
		}
		h := page.Transactions[0]
		wantGame := squares.GameRef{ID: five.GameID, HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs",
			GameDate: payT0.Add(72 * time.Hour), Week: "W12"}
		if h.Kind != "hold" || h.Amount != "10.00" || h.PoolID == nil || *h.PoolID != five.ID || h.PoolName != "$5 Pool" ||
			h.Game == nil || *h.Game != wantGame || h.UserID == nil || *h.UserID != annUser.ID ||
			h.UserName != "Buyer "+annUser.LastName || h.UserEmail != annUser.Email || h.PaymentID == nil || h.CreatedAt.IsZero() {
			t.Errorf("hold = %+v (game %+v)", h, h.Game)
		}
		if fmt.Sprint(h.Entries) != fmt.Sprintf("[{world -10.00} {pool:%d:held 10.00}]", five.ID) {
			t.Errorf("hold entries = %v", h.Entries)
		}

		// A kind across pools, a page at a time: the $10 pool's 20 captures, 15 a page.
		admin.get("/api/admin/ledger/transactions?kind=capture&pageSize=15&page=2").want(http.StatusOK).decode(&page)
		if page.Total != 20 || len(page.Transactions) != 5 || page.Page != 2 || page.PageSize != 15 {
			t.Fatalf("captures, page 2: %d of %d", len(page.Transactions), page.Total)
		}
		for _, c := range page.Transactions {
			if c.Kind != "capture" || c.Amount != "50.00" || c.PoolName != "$10 Pool" || len(c.Entries) != 2 ||
				c.Entries[0].Amount != "-50.00" || c.Entries[1].Amount != "50.00" {
				t.Errorf("capture = %+v", c)
			}
		}
		admin.get("/api/admin/ledger/transactions?kind=capture&page=9").want(http.StatusOK).decode(&page)
		if page.Total != 20 || len(page.Transactions) != 0 {
			t.Errorf("past the last page: %d of %d", len(page.Transactions), page.Total)
		}
		// A transaction of no player (the house fee) names none.
		admin.get("/api/admin/ledger/transactions?kind=house_fee").want(http.StatusOK).decode(&page)
		if page.Total != 1 || page.Transactions[0].UserID != nil || page.Transactions[0].UserName != "" ||
			page.Transactions[0].Amount != "100.00" {
			t.Errorf("house fee = %+v", page)
		}

		const path = "/api/admin/ledger/transactions"
		admin.get(path+"?kind=bogus").wantError(http.StatusBadRequest, "invalid", "Kind must be one of "+
			strings.Join(squares.LedgerKinds, ", ")+".", "kind", "Kind must be one of "+strings.Join(squares.LedgerKinds, ", ")+".")
		admin.get(path+"?poolId=x").wantError(http.StatusBadRequest, "invalid", "Invalid poolId: must be a positive number.")
		admin.get(path+"?poolId=-4").wantError(http.StatusBadRequest, "invalid", "Invalid poolId: must be a positive number.")
		for _, q := range []string{"page=0", "page=x", "page=-1", "page=99999999999"} {
			admin.get(path+"?"+q).wantError(http.StatusBadRequest, "invalid", "Page must be a number of 1 or more.")
		}
		for _, q := range []string{"pageSize=0", "pageSize=201", "pageSize=ten"} {
			admin.get(path+"?"+q).wantError(http.StatusBadRequest, "invalid", "Page size must be a number from 1 to 200.")
		}
		ann.get(path).wantError(http.StatusForbidden, "forbidden", "Admin access required.")
		s.client(t).get(path).want(http.StatusUnauthorized)

		// The summary names whose each account is.
		var sum struct {
			Accounts []struct {
				Account, Balance, PoolName, UserName, UserEmail string
				PoolID, UserID                                  int64
				Game                                            *squares.GameRef
			}
			Total    string
			Balanced bool
		}
		admin.get("/api/admin/ledger/summary").want(http.StatusOK).decode(&sum)
		if sum.Total != "0.00" || !sum.Balanced {
			t.Fatalf("summary = %+v", sum)
		}
		named := map[string]bool{}
		for _, a := range sum.Accounts {
			switch {
			case a.Account == squares.PoolHeldAccount(five.ID):
				named["held"] = a.Balance == "10.00" && a.PoolID == five.ID && a.PoolName == "$5 Pool" && a.Game != nil && *a.Game == wantGame
			case strings.HasPrefix(a.Account, "user:"):
				named["winnings"] = a.UserID != 0 && a.Account == squares.UserWinningsAccount(a.UserID) &&
					strings.HasPrefix(a.UserName, "Buyer ") && a.UserEmail != "" && a.PoolID == 0 && a.Game == nil
			case a.Account == squares.AccountWorld:
				named["world"] = a.PoolID == 0 && a.UserID == 0 && a.PoolName == "" && a.UserName == ""
			}
		}
		if !named["held"] || !named["winnings"] || !named["world"] {
			t.Errorf("accounts named: %v in %+v", named, sum.Accounts)
		}
	})
}
