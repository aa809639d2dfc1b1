package squares_test

import (
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

// saleNow is when the sales of these tests happen: a Friday afternoon, three days before kickoff.
var saleNow = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

func salePool(fee squares.Cents, status string, kickoff time.Time) *squares.Pool {
	return &squares.Pool{ID: 7, Name: squares.TierName(fee), EntryFee: fee, Status: status,
		MaxSquaresPerPlayer: squares.PublicSquaresPerPlayer,
		Game:                &squares.Game{LeagueID: squares.LeagueNFL, Week: "W12", GameDate: kickoff, Status: squares.GameScheduled}}
}

// onGame is salePool's pool with its game in the given status.
func onGame(p *squares.Pool, status string) *squares.Pool {
	p.Game.Status = status
	return p
}

func player(verified, eligible bool) *squares.User {
	return &squares.User{ID: 3, Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
		ResidenceCountry: "US", IsAgeVerified: verified, IsEligibleToBet: eligible}
}

func cells(n int) []squares.Cell {
	var out []squares.Cell
	for i := range n {
		out = append(out, squares.Cell{Row: i / 10, Column: i % 10})
	}
	return out
}

func TestCheckSale(t *testing.T) {
	kickoff := saleNow.Add(72 * time.Hour)
	free := func() *squares.Pool { return salePool(0, squares.PoolActive, kickoff) }
	five := func() *squares.Pool { return salePool(500, squares.PoolActive, kickoff) }
	with := func(p *squares.Pool, f func(*squares.Pool)) *squares.Pool { f(p); return p }
	admin := &squares.User{ID: 1, Role: squares.RoleAdmin, IsAgeVerified: true}
	restrictNY, err := squares.ParseEligibility("NY", "TX=21")
	if err != nil {
		t.Fatal(err)
	}
	texan := func(dob string) *squares.User {
		u := player(true, true)
		u.ResidenceState, u.DateOfBirth = "TX", dob
		return u
	}
	const (
		limitMsg   = "You can only select 5 squares at a time. Remove a selected square first to select a different one."
		paidMsg    = "Paid pools need an age-verified account in a state where they are allowed."
		closedMsg  = "Sales for this pool have closed: its game kicks off soon."
		startedMsg = "Sales for this pool have closed: its game has started."
	)
	for _, tc := range []struct {
		name  string
		sale  squares.Sale
		price squares.Cents
		code  string
		msg   string
	}{
		{name: "free claim", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(true, false), Cells: cells(2)}},
		{name: "checkout at the price", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(), Buyer: player(true, true),
			Cells: cells(3), Amount: 1500}, price: 1500},
		{name: "paid claim", sale: squares.Sale{Kind: squares.SalePaid, Pool: five(), Buyer: player(true, true), Cells: cells(1)}, price: 500},

		// Who buys.
		{name: "signed out", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Cells: cells(1)},
			code: squares.EUNAUTHORIZED},
		{name: "admin claims", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: admin, Cells: cells(1)},
			code: squares.EFORBIDDEN, msg: "Admins cannot buy squares."},
		{name: "admin checks out", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(), Buyer: admin, Cells: cells(1), Amount: 500},
			code: squares.EFORBIDDEN, msg: "Admins cannot buy squares."},
		{name: "unverified claims", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(false, false), Cells: cells(1)},
			code: squares.EFORBIDDEN, msg: "Please verify your age before joining a pool."},
		{name: "unverified checks out", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(), Buyer: player(false, false),
			Cells: cells(1), Amount: 500}, code: squares.EFORBIDDEN, msg: paidMsg},
		{name: "ineligible checks out", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(), Buyer: player(true, false),
			Cells: cells(1), Amount: 500}, code: squares.EFORBIDDEN, msg: paidMsg},
		{name: "ineligible paid claim", sale: squares.Sale{Kind: squares.SalePaid, Pool: five(), Buyer: player(true, false), Cells: cells(1)},
			code: squares.EFORBIDDEN, msg: paidMsg},

		// Paid play is judged by the configuration in force, whatever the verification said.
		{name: "checkout from a state restricted since", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(),
			Buyer: player(true, true), Eligibility: restrictNY, Cells: cells(1), Amount: 500},
			code: squares.EUNPROCESSABLE, msg: "Paid pools are not available in New York."},
		{name: "free claim from a restricted state", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(),
			Buyer: player(true, true), Eligibility: restrictNY, Cells: cells(1)}},
		{name: "checkout under a state's minimum age", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(),
			Buyer: texan("2006-01-01"), Eligibility: restrictNY, Cells: cells(1), Amount: 500},
			code: squares.EUNPROCESSABLE, msg: "Paid pools in Texas are for players 21 and older."},
		{name: "checkout at a state's minimum age", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(),
			Buyer: texan("2005-11-20"), Eligibility: restrictNY, Cells: cells(1), Amount: 500}, price: 500},

		// The squares asked for.
		{name: "no cells", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(true, true)},
			code: squares.EINVALID, msg: "Please select at least one square to purchase."},
		{name: "off the grid", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(true, true),
			Cells: []squares.Cell{{Row: 0, Column: 10}}}, code: squares.EINVALID, msg: "Row and column must be 0 to 9."},
		{name: "twice", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(true, true),
			Cells: []squares.Cell{{Row: 1, Column: 1}, {Row: 1, Column: 1}}}, code: squares.EINVALID, msg: "The same square is listed twice."},
		{name: "more than any pool allows", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(true, true),
			Cells: cells(26)}, code: squares.EINVALID, msg: "Too many squares in one purchase."},

		// The pool: free or paid, its status.
		{name: "checkout of a free pool", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: free(), Buyer: player(true, true),
			Cells: cells(1)}, code: squares.EUNPROCESSABLE, msg: "This pool is free: claim its squares without paying."},
		{name: "claim of a paid pool", sale: squares.Sale{Kind: squares.SaleClaim, Pool: five(), Buyer: player(true, true), Cells: cells(1)},
			code: squares.EUNPROCESSABLE, msg: "Squares in paid pools are bought through checkout."},
		{name: "draft", sale: squares.Sale{Kind: squares.SaleClaim, Pool: salePool(0, squares.PoolDraft, kickoff),
			Buyer: player(true, true), Cells: cells(1)}, code: squares.ENOTFOUND, msg: "Pool not found."},
		{name: "hidden", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: salePool(500, squares.PoolInactive, kickoff),
			Buyer: player(true, true), Cells: cells(1), Amount: 500}, code: squares.EUNPROCESSABLE,
			msg: "This pool is hidden and not selling squares for now."},
		{name: "hidden free pool", sale: squares.Sale{Kind: squares.SaleClaim, Pool: salePool(0, squares.PoolInactive, kickoff),
			Buyer: player(true, true), Cells: cells(1)}, code: squares.EUNPROCESSABLE,
			msg: "This pool is hidden and not selling squares for now."},
		{name: "full", sale: squares.Sale{Kind: squares.SaleClaim, Pool: salePool(0, squares.PoolFull, kickoff),
			Buyer: player(true, true), Cells: cells(1)}, code: squares.ECONFLICT, msg: "This pool is full."},
		{name: "started", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: salePool(500, squares.PoolStarted, kickoff),
			Buyer: player(true, true), Cells: cells(1), Amount: 500}, code: squares.ECONFLICT, msg: "This pool is full."},
		{name: "completed", sale: squares.Sale{Kind: squares.SaleClaim, Pool: salePool(0, squares.PoolCompleted, kickoff),
			Buyer: player(true, true), Cells: cells(1)}, code: squares.ECONFLICT, msg: "This pool is full."},
		{name: "cancelled", sale: squares.Sale{Kind: squares.SalePaid, Pool: salePool(500, squares.PoolCancelled, kickoff),
			Buyer: player(true, true), Cells: cells(1)}, code: squares.EUNPROCESSABLE, msg: "This pool is cancelled."},

		// The game: a pool sells only while its game is scheduled, whatever the pool's status and the
		// time (an admin's score entry or the feed may put it live before its kickoff time).
		{name: "game live before kickoff", sale: squares.Sale{Kind: squares.SaleClaim, Pool: onGame(free(), squares.GameLive),
			Buyer: player(true, true), Cells: cells(1)}, code: squares.EUNPROCESSABLE, msg: startedMsg},
		{name: "checkout, game live", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: onGame(five(), squares.GameLive),
			Buyer: player(true, true), Cells: cells(1), Amount: 500}, code: squares.EUNPROCESSABLE, msg: startedMsg},
		{name: "paid claim, game completed", sale: squares.Sale{Kind: squares.SalePaid, Pool: onGame(five(), squares.GameCompleted),
			Buyer: player(true, true), Cells: cells(1)}, code: squares.EUNPROCESSABLE, msg: startedMsg},
		{name: "started pool of a live game", sale: squares.Sale{Kind: squares.SaleClaim,
			Pool: onGame(salePool(0, squares.PoolStarted, kickoff), squares.GameLive), Buyer: player(true, true), Cells: cells(1)},
			code: squares.EUNPROCESSABLE, msg: startedMsg},
		{name: "game postponed", sale: squares.Sale{Kind: squares.SaleClaim, Pool: onGame(free(), squares.GamePostponed),
			Buyer: player(true, true), Cells: cells(1)}, code: squares.EUNPROCESSABLE,
			msg: "Sales for this pool have closed: its game was postponed."},
		{name: "game cancelled", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: onGame(five(), squares.GameCancelled),
			Buyer: player(true, true), Cells: cells(1), Amount: 500}, code: squares.EUNPROCESSABLE,
			msg: "Sales for this pool have closed: its game was cancelled."},
		{name: "draft of a live game", sale: squares.Sale{Kind: squares.SaleClaim, Pool: onGame(salePool(0, squares.PoolDraft, kickoff), squares.GameLive),
			Buyer: player(true, true), Cells: cells(1)}, code: squares.ENOTFOUND, msg: "Pool not found."},

		// The week: the league's active one; every week while it has none; private pools any week.
		{name: "another week", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), ActiveWeek: "W13",
			Buyer: player(true, true), Cells: cells(1)}, code: squares.EUNPROCESSABLE, msg: "This pool's week is closed."},
		{name: "the active week", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), ActiveWeek: "W12",
			Buyer: player(true, true), Cells: cells(1)}},
		{name: "private pool of another week", sale: squares.Sale{Kind: squares.SaleClaim, ActiveWeek: "W13", Member: true,
			Pool:  with(free(), func(p *squares.Pool) { p.IsPrivate, p.MaxSquaresPerPlayer = true, 10 }),
			Buyer: player(true, true), Cells: cells(1)}},

		// The sales window: paid pools open 6 days before kickoff, free ones when active; all close 2 hours
		// before kickoff.
		{name: "paid pool 6 days and a second out", sale: squares.Sale{Kind: squares.SaleCheckout,
			Pool:  salePool(500, squares.PoolActive, saleNow.Add(squares.SalesWindow+time.Second)),
			Buyer: player(true, true), Cells: cells(1), Amount: 500},
			code: squares.EUNPROCESSABLE, msg: "Sales for this pool open on Fri Nov 20, 10:00 AM ET."},
		{name: "paid pool 6 days out", sale: squares.Sale{Kind: squares.SaleCheckout,
			Pool:  salePool(500, squares.PoolActive, saleNow.Add(squares.SalesWindow)),
			Buyer: player(true, true), Cells: cells(1), Amount: 500}, price: 500},
		{name: "free pool 8 days out", sale: squares.Sale{Kind: squares.SaleClaim,
			Pool: salePool(0, squares.PoolActive, saleNow.Add(8*24*time.Hour)), Buyer: player(true, true), Cells: cells(1)}},
		{name: "2 hours before kickoff", sale: squares.Sale{Kind: squares.SaleClaim,
			Pool: salePool(0, squares.PoolActive, saleNow.Add(2*time.Hour)), Buyer: player(true, true), Cells: cells(1)},
			code: squares.EUNPROCESSABLE, msg: closedMsg},
		{name: "2 hours and a second before kickoff", sale: squares.Sale{Kind: squares.SaleClaim,
			Pool: salePool(0, squares.PoolActive, saleNow.Add(2*time.Hour+time.Second)), Buyer: player(true, true), Cells: cells(1)}},
		{name: "after kickoff", sale: squares.Sale{Kind: squares.SaleCheckout,
			Pool: salePool(500, squares.PoolActive, saleNow.Add(-time.Minute)), Buyer: player(true, true), Cells: cells(1), Amount: 500},
			code: squares.EUNPROCESSABLE, msg: closedMsg},

		// The player's limit: 5 in public pools, counting what they hold or own; the creator's in private ones.
		{name: "public pool, 5 at once", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(true, true), Cells: cells(5)}},
		{name: "public pool, 6 at once", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(true, true), Cells: cells(6)},
			code: squares.EUNPROCESSABLE, msg: limitMsg},
		{name: "public pool, 3 more than 2", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(), Buyer: player(true, true),
			Have: 2, Cells: cells(3), Amount: 1500}, price: 1500},
		{name: "public pool, 4 more than 2", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(), Buyer: player(true, true),
			Have: 2, Cells: cells(4), Amount: 2000}, code: squares.EUNPROCESSABLE, msg: limitMsg},
		{name: "public pool stored with another limit", sale: squares.Sale{Kind: squares.SaleClaim, Buyer: player(true, true),
			Pool: with(free(), func(p *squares.Pool) { p.MaxSquaresPerPlayer = 25 }), Cells: cells(6)},
			code: squares.EUNPROCESSABLE, msg: limitMsg},
		{name: "private pool of 10, 10", sale: squares.Sale{Kind: squares.SaleClaim, Buyer: player(true, true), Member: true,
			Pool: with(free(), func(p *squares.Pool) { p.IsPrivate, p.MaxSquaresPerPlayer = true, 10 }), Have: 4, Cells: cells(6)}},
		{name: "private pool of a stranger", sale: squares.Sale{Kind: squares.SaleClaim, Buyer: player(true, true),
			Pool: with(free(), func(p *squares.Pool) { p.IsPrivate, p.MaxSquaresPerPlayer = true, 10 }), Cells: cells(1)},
			code: squares.ENOTFOUND, msg: "Pool not found."},
		{name: "private pool of 10, 11", sale: squares.Sale{Kind: squares.SaleClaim, Buyer: player(true, true), Member: true,
			Pool: with(free(), func(p *squares.Pool) { p.IsPrivate, p.MaxSquaresPerPlayer = true, 10 }), Have: 5, Cells: cells(6)},
			code: squares.EUNPROCESSABLE, msg: "You can only select 10 squares at a time. Remove a selected square first to select a different one."},

		// A square somebody took already, when the store read it: refused after every other rule.
		{name: "a square taken", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(true, true),
			Cells: cells(2), Taken: 1}, code: squares.ECONFLICT, msg: "This square is already owned by another player."},
		{name: "a square taken, over the limit", sale: squares.Sale{Kind: squares.SaleClaim, Pool: free(), Buyer: player(true, true),
			Have: 5, Cells: cells(1), Taken: 1}, code: squares.EUNPROCESSABLE, msg: limitMsg},
		{name: "a square taken, wrong amount", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(), Buyer: player(true, true),
			Cells: cells(1), Amount: 1, Taken: 1}, code: squares.EINVALID},

		// The price is the server's: the browser's amount is only checked.
		{name: "amount below the price", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(), Buyer: player(true, true),
			Cells: cells(2), Amount: 500}, code: squares.EINVALID, msg: "The amount does not match the price of 2 squares: $10.00."},
		{name: "amount above the price", sale: squares.Sale{Kind: squares.SaleCheckout, Pool: five(), Buyer: player(true, true),
			Cells: cells(1), Amount: 501}, code: squares.EINVALID, msg: "The amount does not match the price of 1 squares: $5.00."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.sale.Now.IsZero() {
				tc.sale.Now = saleNow
			}
			price, err := squares.CheckSale(tc.sale)
			if squares.ErrorCode(err) != tc.code || (tc.msg != "" && squares.ErrorMessage(err) != tc.msg) {
				t.Fatalf("CheckSale = %v, want %q %q", err, tc.code, tc.msg)
			}
			if err == nil && price != tc.price {
				t.Errorf("price = %s, want %s", price, tc.price)
			}
		})
	}
}

func TestCheckConfirmation(t *testing.T) {
	pay := &squares.Payment{ID: "pay_1", PoolID: 7, UserID: 3, Amount: 1000, Currency: "usd", Squares: cells(2)}
	paid := func(status string, amount squares.Cents, currency string) *squares.ProviderPayment {
		return &squares.ProviderPayment{ID: "pi_1", Status: status, Amount: amount, Currency: currency}
	}
	pool := func(status string) *squares.Pool { return salePool(500, status, saleNow.Add(72*time.Hour)) }
	nyRestricted, err := squares.ParseEligibility("NY", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		c    squares.Confirmation
		code string
		msg  string
	}{
		{"held", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"), Pool: pool(squares.PoolActive)}, "", ""},
		{"captured", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderSucceeded, 1000, "USD"), Pool: pool(squares.PoolActive)}, "", ""},
		{"hidden after the checkout began", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"),
			Pool: pool(squares.PoolInactive)}, "", ""},
		{"not paid", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderProcessing, 1000, "usd"), Pool: pool(squares.PoolActive)},
			squares.EUNPROCESSABLE, "The payment is not complete (processing)."},
		{"short", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 999, "usd"), Pool: pool(squares.PoolActive)},
			squares.EUNPROCESSABLE, "The payment of $9.99 USD does not match the checkout of $10.00."},
		{"another currency", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "eur"), Pool: pool(squares.PoolActive)},
			squares.EUNPROCESSABLE, "The payment of $10.00 EUR does not match the checkout of $10.00."},
		{"cancelled pool", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"), Pool: pool(squares.PoolCancelled)},
			squares.ECONFLICT, "This pool is cancelled; your payment is released."},
		{"full pool", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"), Pool: pool(squares.PoolFull)},
			squares.ECONFLICT, "This pool is full; your payment is released."},
		// A hold taken before the game started, paid after it: released, not honoured, whatever the pool.
		{"game live before kickoff", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"),
			Pool: onGame(pool(squares.PoolActive), squares.GameLive)}, squares.EUNPROCESSABLE,
			"Sales for this pool have closed: its game has started. Your payment is released."},
		{"game completed, pool house-filled", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderSucceeded, 1000, "usd"),
			Pool: onGame(pool(squares.PoolStarted), squares.GameCompleted)}, squares.EUNPROCESSABLE,
			"Sales for this pool have closed: its game has started. Your payment is released."},
		{"game postponed", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"),
			Pool: onGame(pool(squares.PoolActive), squares.GamePostponed)}, squares.EUNPROCESSABLE,
			"Sales for this pool have closed: its game was postponed. Your payment is released."},
		{"past kickoff, game still scheduled", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"),
			Pool: salePool(500, squares.PoolActive, saleNow)}, squares.EUNPROCESSABLE,
			"Sales for this pool have closed: its game has kicked off. Your payment is released."},
		{"a second before kickoff", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"),
			Pool: salePool(500, squares.PoolActive, saleNow.Add(time.Second))}, "", ""},
		// The buyer is judged again, by the configuration in force.
		{"state restricted since the checkout", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"),
			Pool: pool(squares.PoolActive), Eligibility: nyRestricted}, squares.EUNPROCESSABLE,
			"Paid pools are not available in New York. Your payment is released."},
		{"switched off since the checkout", squares.Confirmation{Payment: pay, Provider: paid(squares.ProviderRequiresCapture, 1000, "usd"),
			Pool: pool(squares.PoolActive), Buyer: player(true, false)}, squares.EUNPROCESSABLE,
			"Paid pools need an age-verified account in a state where they are allowed. Your payment is released."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.c.Buyer == nil {
				tc.c.Buyer = player(true, true)
			}
			tc.c.Now = saleNow
			err := squares.CheckConfirmation(tc.c)
			if squares.ErrorCode(err) != tc.code || (tc.msg != "" && squares.ErrorMessage(err) != tc.msg) {
				t.Fatalf("CheckConfirmation = %v, want %q %q", err, tc.code, tc.msg)
			}
		})
	}
}

func TestReleasedSquares(t *testing.T) {
	want := map[string]string{
		squares.PoolDraft: squares.ReleaseFree, squares.PoolActive: squares.ReleaseFree, squares.PoolInactive: squares.ReleaseFree,
		squares.PoolFull: squares.ReleaseToHouse, squares.PoolStarted: squares.ReleaseToHouse,
		squares.PoolCompleted: squares.ReleaseToHouse, squares.PoolCancelled: squares.ReleaseKeep,
	}
	for _, st := range squares.PoolStatuses {
		if got := squares.ReleasedSquares(st); got != want[st] {
			t.Errorf("ReleasedSquares(%s) = %s, want %s", st, got, want[st])
		}
	}
}
