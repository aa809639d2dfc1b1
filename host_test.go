package squares_test

import (
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

// hostPool is an active host-collected $10 pool created by user 3, three days before kickoff.
func hostPool() *squares.Pool {
	p := salePool(1000, squares.PoolActive, saleNow.Add(72*time.Hour))
	p.IsPrivate, p.CreatorID, p.Collection, p.MaxSquaresPerPlayer = true, 3, squares.CollectionHost, 10
	p.PayoutSchedule = squares.PayoutQuarters
	return p
}

func cardPool() *squares.Pool {
	p := hostPool()
	p.Collection = squares.CollectionCard
	return p
}

func userID(id int64) *squares.User {
	u := player(true, true)
	u.ID = id
	return u
}

func TestCheckCollection(t *testing.T) {
	at := saleNow
	for _, tc := range []struct {
		name, collection, instructions string
		payBy                          *time.Time
		want, wantText, field          string
	}{
		{"default card", "", "", nil, "card", "", ""},
		{"host", "host", "Venmo @dana\r\nor cash at the party  ", nil, "host", "Venmo @dana\nor cash at the party", ""},
		{"unknown", "cash", "", nil, "", "", "collection"},
		{"card with instructions", "card", "Venmo", nil, "", "", "paymentInstructions"},
		{"card with payBy", "card", "", &at, "", "", "payBy"},
		{"too long", "host", strings.Repeat("é", 501), nil, "", "", "paymentInstructions"},
		{"longest", "host", strings.Repeat("é", 500), nil, "host", strings.Repeat("é", 500), ""},
		{"control character", "host", "Venmo\x00", nil, "", "", "paymentInstructions"},
		{"bidi override", "host", "pay \u202e here", nil, "", "", "paymentInstructions"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, text, err := squares.CheckCollection(tc.collection, tc.instructions, tc.payBy)
			if tc.field != "" {
				if e, ok := err.(*squares.Error); !ok || e.Fields[tc.field] == "" {
					t.Fatalf("err %v, want a field error on %s", err, tc.field)
				}
				return
			}
			if err != nil || c != tc.want || text != tc.wantText {
				t.Fatalf("got %q %q %v, want %q %q", c, text, err, tc.want, tc.wantText)
			}
		})
	}
}

func TestPayByFor(t *testing.T) {
	kickoff := saleNow.Add(72 * time.Hour)
	ptr := func(t time.Time) *time.Time { return &t }
	for _, tc := range []struct {
		name    string
		payBy   *time.Time
		kickoff time.Time
		want    time.Time
		bad     bool
	}{
		{"default: a day before kickoff", nil, kickoff, kickoff.Add(-24 * time.Hour), false},
		{"default passed: sales close", nil, saleNow.Add(10 * time.Hour), saleNow.Add(8 * time.Hour), false},
		{"chosen", ptr(saleNow.Add(time.Hour)), kickoff, saleNow.Add(time.Hour), false},
		{"past", ptr(saleNow.Add(-time.Minute)), kickoff, time.Time{}, true},
		{"now", ptr(saleNow), kickoff, time.Time{}, true},
		{"at kickoff", ptr(kickoff), kickoff, time.Time{}, true},
		{"after kickoff", ptr(kickoff.Add(time.Hour)), kickoff, time.Time{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := squares.PayByFor(tc.payBy, tc.kickoff, saleNow)
			if tc.bad {
				if squares.ErrorCode(err) != squares.EINVALID {
					t.Fatalf("err %v, want invalid", err)
				}
				return
			}
			if err != nil || !got.Equal(tc.want) {
				t.Fatalf("got %v %v, want %v", got, err, tc.want)
			}
		})
	}
}

func TestHostPoolMoney(t *testing.T) {
	p := hostPool()
	p.SquaresTaken = 100
	if p.HouseFeePercent() != 0 || p.HouseFee() != 0 || p.PrizePool() != 100_000 {
		t.Errorf("fee %d%% %s, prize pool %s; want no fee and the whole pot", p.HouseFeePercent(), p.HouseFee(), p.PrizePool())
	}
	if !p.SalesOpenAt().IsZero() {
		t.Errorf("a host pool opens at %v, want as soon as it is active", p.SalesOpenAt())
	}
	p.HomeNumbers, p.AwayNumbers = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	if _, ok := squares.SettlementFeeTransaction(p); ok {
		t.Error("a host pool's settlement takes a fee")
	}
	for _, owner := range []int64{0, 8} {
		w := periodWinner(p, 4, 7, 3, squares.Cell{Row: 3, Column: 7}, owner)
		if w.Status != squares.WinnerHostPays || w.Amount != 25_000 {
			t.Errorf("owner %d: winner %s %s, want host_pays 250.00", owner, w.Status, w.Amount)
		}
		if _, ok := squares.PrizeTransaction(w); ok {
			t.Errorf("owner %d: a host pool's prize moves money in the ledger", owner)
		}
		if squares.PrizeOf(w) || squares.FreeWinOf(w) {
			t.Errorf("owner %d: a host pool's win is a Squares prize", owner)
		}
	}
	// A card pool keeps its ways.
	c := cardPool()
	c.SquaresTaken, c.HomeNumbers, c.AwayNumbers = 100, p.HomeNumbers, p.AwayNumbers
	w := periodWinner(c, 4, 7, 3, squares.Cell{Row: 3, Column: 7}, 8)
	if _, ok := squares.PrizeTransaction(w); !ok || w.Status != squares.WinnerCredited {
		t.Errorf("a card pool's prize: %s, want credited with a transaction", w.Status)
	}
}

func TestCheckSaleHostPool(t *testing.T) {
	member := player(true, false) // not eligible to bet: a host pool is played outside Squares' money
	member.ID = 9
	claim := squares.Sale{Kind: squares.SaleClaim, Pool: hostPool(), Now: saleNow, Buyer: member, Cells: cells(2), Member: true}
	if price, err := squares.CheckSale(claim); err != nil || price != 2000 {
		t.Fatalf("a member's claim in a host pool: %s, %v", price, err)
	}
	checkout := claim
	checkout.Kind, checkout.Amount, checkout.Buyer = squares.SaleCheckout, 2000, userID(9)
	if _, err := squares.CheckSale(checkout); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
		t.Errorf("a checkout in a host pool: %v, want 422", err)
	}
	card := claim
	card.Pool = cardPool()
	if _, err := squares.CheckSale(card); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
		t.Errorf("a claim in a paid card pool: %v, want 422", err)
	}
	stranger := claim
	stranger.Member = false
	if _, err := squares.CheckSale(stranger); squares.ErrorCode(err) != squares.ENOTFOUND {
		t.Errorf("a claim by a non-member: %v, want 404", err)
	}
	over := claim
	over.Have = 9
	if _, err := squares.CheckSale(over); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
		t.Errorf("a claim past the limit: %v, want 422", err)
	}
}

func TestCheckHostAction(t *testing.T) {
	actions := []string{squares.HostRecordPayment, squares.HostCorrectPayment, squares.HostAddGuest, squares.HostAssign,
		squares.HostTakeBack, squares.HostReadPayments, squares.HostSendReminder, squares.HostMarkPrizePaid}
	public := hostPool()
	public.IsPrivate = false
	admin := userID(3)
	admin.Role = squares.RoleAdmin
	for _, action := range actions {
		for _, tc := range []struct {
			name  string
			actor *squares.User
			pool  *squares.Pool
			want  string
		}{
			{"host", userID(3), hostPool(), ""},
			{"member", userID(4), hostPool(), squares.EFORBIDDEN},
			{"signed out", nil, hostPool(), squares.EUNAUTHORIZED},
			{"admin not the host", func() *squares.User { u := userID(1); u.Role = squares.RoleAdmin; return u }(), hostPool(), squares.EFORBIDDEN},
			{"host of a card pool", userID(3), cardPool(), squares.EUNPROCESSABLE},
			{"member of a card pool", userID(4), cardPool(), squares.EFORBIDDEN},
			{"a public pool", userID(3), public, squares.EFORBIDDEN},
		} {
			err := squares.CheckHostAction(squares.HostAction{Actor: tc.actor, Pool: tc.pool, Action: action})
			if got := squares.ErrorCode(err); got != tc.want {
				t.Errorf("%s by %s: %q (%v), want %q", action, tc.name, got, err, tc.want)
			}
		}
	}
	// The history is the host's in every private pool.
	if err := squares.CheckHostAction(squares.HostAction{Actor: userID(3), Pool: cardPool(), Action: squares.HostReadHistory}); err != nil {
		t.Errorf("history of a card pool by its host: %v", err)
	}
}

func TestGuestInput(t *testing.T) {
	for _, tc := range []struct {
		name, in, email, want, wantEmail, field string
	}{
		{"name", "  Uncle Bob ", "", "Uncle Bob", "", ""},
		{"with e-mail", "Dana", " Dana@Example.COM ", "Dana", "dana@example.com", ""},
		{"accents and emoji", "Zoë 🏈", "", "Zoë 🏈", "", ""},
		{"empty", "   ", "", "", "", "name"},
		{"two lines", "Bob\nSmith", "", "", "", "name"},
		{"tab", "Bob\tSmith", "", "", "", "name"},
		{"bidi override", "Bob\u202e", "", "", "", "name"},
		{"zero-width space", "Bo\u200bb", "", "", "", "name"},
		{"too long", strings.Repeat("a", 81), "", "", "", "name"},
		{"longest", strings.Repeat("a", 80), "", strings.Repeat("a", 80), "", ""},
		{"bad e-mail", "Bob", "bob@", "", "", "email"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := squares.GuestInput{Name: tc.in, Email: tc.email}
			err := in.Validate()
			if tc.field != "" {
				if e, ok := err.(*squares.Error); !ok || e.Fields[tc.field] == "" {
					t.Fatalf("err %v, want a field error on %s", err, tc.field)
				}
				return
			}
			if err != nil || in.Name != tc.want || in.Email != tc.wantEmail {
				t.Fatalf("got %q %q %v", in.Name, in.Email, err)
			}
		})
	}
}

func TestPaymentInput(t *testing.T) {
	p := hostPool() // $10 a square: the pool's total is $1,000.00
	for _, tc := range []struct {
		name   string
		in     squares.PaymentInput
		field  string
		wanted string
	}{
		{"member", squares.PaymentInput{Player: squares.Player{UserID: 4}, Amount: 3000, Note: " cash "}, "", "cash"},
		{"guest", squares.PaymentInput{Player: squares.Player{GuestID: 2}, Amount: 1}, "", ""},
		{"the pool's total", squares.PaymentInput{Player: squares.Player{GuestID: 2}, Amount: 100_000}, "", ""},
		{"more than the total", squares.PaymentInput{Player: squares.Player{GuestID: 2}, Amount: 100_001}, "amount", ""},
		{"zero", squares.PaymentInput{Player: squares.Player{GuestID: 2}}, "amount", ""},
		{"negative", squares.PaymentInput{Player: squares.Player{GuestID: 2}, Amount: -500}, "amount", ""},
		{"nobody", squares.PaymentInput{Amount: 500}, "userId", ""},
		{"both", squares.PaymentInput{Player: squares.Player{UserID: 4, GuestID: 2}, Amount: 500}, "userId", ""},
		{"note on two lines", squares.PaymentInput{Player: squares.Player{UserID: 4}, Amount: 500, Note: "a\nb"}, "note", ""},
		{"note too long", squares.PaymentInput{Player: squares.Player{UserID: 4}, Amount: 500, Note: strings.Repeat("n", 201)}, "note", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			err := in.Validate(p)
			if tc.field != "" {
				if e, ok := err.(*squares.Error); !ok || e.Fields[tc.field] == "" {
					t.Fatalf("err %v, want a field error on %s", err, tc.field)
				}
				return
			}
			if err != nil || in.Note != tc.wanted {
				t.Fatalf("got %q %v", in.Note, err)
			}
		})
	}
	free := hostPool()
	free.EntryFee = 0
	in := squares.PaymentInput{Player: squares.Player{UserID: 4}, Amount: 1}
	if err := in.Validate(free); err == nil {
		t.Error("a payment in a free host pool, whose total is nothing, was accepted")
	}
}

func TestCheckCorrection(t *testing.T) {
	now := saleNow
	pay := &squares.HostPayment{ID: 5, PoolID: 7, GuestID: 2, Amount: 3000, Note: "cash"}
	if err := squares.CheckCorrection(pay); err != nil {
		t.Fatal(err)
	}
	c := squares.Correction(pay, 3, now)
	if c.Amount != -3000 || c.Corrects != 5 || c.GuestID != 2 || c.UserID != 0 || c.PoolID != 7 || !c.At.Equal(now) {
		t.Errorf("correction %+v", c)
	}
	if err := squares.CheckCorrection(&c); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
		t.Errorf("correcting a correction: %v, want 422", err)
	}
	pay.CorrectedBy = 6
	if err := squares.CheckCorrection(pay); squares.ErrorCode(err) != squares.ECONFLICT {
		t.Errorf("correcting twice: %v, want 409", err)
	}
}

func TestBalanceAndPaidSquares(t *testing.T) {
	entries := []*squares.HostPayment{{ID: 1, Amount: 2500}, {ID: 2, Amount: 1000}, {ID: 3, Amount: -1000, Corrects: 2}}
	b := squares.Balance(squares.Player{UserID: 4}, "Dana G.", 1000, 3, entries)
	if b.Owed != 3000 || b.Paid != 2500 || b.Balance != 500 || b.Squares != 3 || b.Name != "Dana G." {
		t.Errorf("balance %+v", b)
	}
	for _, tc := range []struct {
		fee, paid Cents
		n, want   int
	}{
		{1000, 0, 3, 0}, {1000, 999, 3, 0}, {1000, 1000, 3, 1}, {1000, 2500, 3, 2}, {1000, 3000, 3, 3},
		{1000, 9000, 3, 3}, {1000, -1000, 3, 0}, {0, 0, 4, 4}, {1000, 5000, 0, 0},
	} {
		if got := squares.PaidSquares(tc.fee, tc.paid, tc.n); got != tc.want {
			t.Errorf("PaidSquares(%s, %s, %d) = %d, want %d", tc.fee, tc.paid, tc.n, got, tc.want)
		}
	}
}

// Cents is the money type, for the table above.
type Cents = squares.Cents

func TestCheckAssignment(t *testing.T) {
	drawn := hostPool()
	drawn.Status = squares.PoolFull
	late := hostPool()
	late.Game.GameDate = saleNow.Add(time.Hour)
	for _, tc := range []struct {
		name  string
		a     squares.Assignment
		want  int
		code  string
		field string
	}{
		{"chosen", squares.Assignment{Actor: userID(3), Pool: hostPool(), Cells: cells(3), Now: saleNow}, 3, "", ""},
		{"random", squares.Assignment{Actor: userID(3), Pool: hostPool(), Random: 4, Now: saleNow}, 4, "", ""},
		{"up to the limit", squares.Assignment{Actor: userID(3), Pool: hostPool(), Random: 4, Have: 6, Now: saleNow}, 4, "", ""},
		{"past the limit", squares.Assignment{Actor: userID(3), Pool: hostPool(), Random: 4, Have: 7, Now: saleNow}, 0, squares.EUNPROCESSABLE, ""},
		{"not the host", squares.Assignment{Actor: userID(4), Pool: hostPool(), Random: 1, Now: saleNow}, 0, squares.EFORBIDDEN, ""},
		{"card pool", squares.Assignment{Actor: userID(3), Pool: cardPool(), Random: 1, Now: saleNow}, 0, squares.EUNPROCESSABLE, ""},
		{"both", squares.Assignment{Actor: userID(3), Pool: hostPool(), Cells: cells(1), Random: 1, Now: saleNow}, 0, squares.EINVALID, "squares"},
		{"neither", squares.Assignment{Actor: userID(3), Pool: hostPool(), Now: saleNow}, 0, squares.EINVALID, "random"},
		{"too many at random", squares.Assignment{Actor: userID(3), Pool: hostPool(), Random: 26, Now: saleNow}, 0, squares.EINVALID, "random"},
		{"off the grid", squares.Assignment{Actor: userID(3), Pool: hostPool(), Cells: []squares.Cell{{Row: 10}}, Now: saleNow}, 0, squares.EINVALID, "squares"},
		{"a cell twice", squares.Assignment{Actor: userID(3), Pool: hostPool(), Cells: []squares.Cell{{}, {}}, Now: saleNow}, 0, squares.EINVALID, "squares"},
		{"drawn", squares.Assignment{Actor: userID(3), Pool: drawn, Random: 1, Now: saleNow}, 0, squares.ECONFLICT, ""},
		{"sales closed", squares.Assignment{Actor: userID(3), Pool: late, Random: 1, Now: saleNow}, 0, squares.EUNPROCESSABLE, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := squares.CheckAssignment(tc.a)
			if got := squares.ErrorCode(err); got != tc.code || n != tc.want {
				t.Fatalf("got %d %q (%v), want %d %q", n, got, err, tc.want, tc.code)
			}
			if tc.field != "" {
				if e, _ := err.(*squares.Error); e == nil || e.Fields[tc.field] == "" {
					t.Fatalf("err %v, want a field error on %s", err, tc.field)
				}
			}
		})
	}
}

func TestPickRandom(t *testing.T) {
	free := cells(5)
	first := func(k int) int { return 0 }
	got, err := squares.PickRandom(free, 3, first)
	if err != nil || len(got) != 3 || got[0] != free[0] || got[2] != free[2] {
		t.Fatalf("got %v %v", got, err)
	}
	last := func(k int) int { return k - 1 }
	got, _ = squares.PickRandom(free, 2, last)
	if got[0] != free[4] {
		t.Errorf("got %v, want the last free cell first", got)
	}
	seen := map[squares.Cell]bool{}
	for _, c := range got {
		if seen[c] {
			t.Errorf("cell %v picked twice", c)
		}
		seen[c] = true
	}
	if free[0] != (squares.Cell{}) {
		t.Error("PickRandom changed its input")
	}
	if _, err := squares.PickRandom(free, 6, first); squares.ErrorCode(err) != squares.ECONFLICT {
		t.Errorf("more than are free: %v, want 409", err)
	}
}

func TestCheckTakeBack(t *testing.T) {
	owned := &squares.Square{UserID: 4, State: squares.SquareOwned}
	drawn := hostPool()
	drawn.Status, drawn.HomeNumbers, drawn.AwayNumbers = squares.PoolFull, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	cancelled := hostPool()
	cancelled.Status = squares.PoolCancelled
	for _, tc := range []struct {
		name string
		t    squares.TakeBack
		want string
	}{
		{"member's square", squares.TakeBack{Actor: userID(3), Pool: hostPool(), Square: owned}, ""},
		{"guest's square", squares.TakeBack{Actor: userID(3), Pool: hostPool(), Square: &squares.Square{GuestID: 2, State: squares.SquareOwned}}, ""},
		{"not the host", squares.TakeBack{Actor: userID(4), Pool: hostPool(), Square: owned}, squares.EFORBIDDEN},
		{"card pool", squares.TakeBack{Actor: userID(3), Pool: cardPool(), Square: owned}, squares.EUNPROCESSABLE},
		{"drawn", squares.TakeBack{Actor: userID(3), Pool: drawn, Square: owned}, squares.EUNPROCESSABLE},
		{"cancelled", squares.TakeBack{Actor: userID(3), Pool: cancelled, Square: owned}, squares.EUNPROCESSABLE},
		{"free square", squares.TakeBack{Actor: userID(3), Pool: hostPool()}, squares.ENOTFOUND},
		{"held square", squares.TakeBack{Actor: userID(3), Pool: hostPool(), Square: &squares.Square{UserID: 4, State: squares.SquareHeld}}, squares.ENOTFOUND},
		{"paid by card", squares.TakeBack{Actor: userID(3), Pool: hostPool(), Square: &squares.Square{UserID: 4, State: squares.SquareOwned, PaymentID: "pay_1"}}, squares.EUNPROCESSABLE},
		{"house", squares.TakeBack{Actor: userID(3), Pool: hostPool(), Square: &squares.Square{IsHouse: true, State: squares.SquareOwned}}, squares.EUNPROCESSABLE},
	} {
		if got := squares.ErrorCode(squares.CheckTakeBack(tc.t)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestCheckLimitChange(t *testing.T) {
	taken := hostPool()
	taken.SquaresTaken = 1
	public := hostPool()
	public.IsPrivate = false
	for _, tc := range []struct {
		name string
		c    squares.LimitChange
		want string
	}{
		{"host", squares.LimitChange{Actor: userID(3), Pool: hostPool(), Limit: 20}, ""},
		{"host of a card pool", squares.LimitChange{Actor: userID(3), Pool: cardPool(), Limit: 1}, ""},
		{"member", squares.LimitChange{Actor: userID(4), Pool: hostPool(), Limit: 20}, squares.EFORBIDDEN},
		{"public pool", squares.LimitChange{Actor: userID(3), Pool: public, Limit: 20}, squares.EFORBIDDEN},
		{"zero", squares.LimitChange{Actor: userID(3), Pool: hostPool(), Limit: 0}, squares.EINVALID},
		{"26", squares.LimitChange{Actor: userID(3), Pool: hostPool(), Limit: 26}, squares.EINVALID},
		{"a square taken", squares.LimitChange{Actor: userID(3), Pool: taken, Limit: 20}, squares.EUNPROCESSABLE},
	} {
		if got := squares.ErrorCode(squares.CheckLimitChange(tc.c)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestCSVCell(t *testing.T) {
	for in, want := range map[string]string{
		"Dana":              "Dana",
		"=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")",
		"+1":                "'+1",
		"-2+3":              "'-2+3",
		"@SUM(A1)":          "'@SUM(A1)",
		"\tcash":            "'\tcash",
		"\rcash":            "'\rcash",
		"":                  "",
		"cash = 30":         "cash = 30",
	} {
		if got := squares.CSVCell(in); got != want {
			t.Errorf("CSVCell(%q) = %q, want %q", in, got, want)
		}
	}
}
