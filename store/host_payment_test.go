package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// hostPool creates a host-collected private pool of fee a square for the creator, limit 25.
func hostPool(t *testing.T, db *store.DB, creator *squares.User, gameID int64, fee squares.Cents, invite ...string) *store.PrivatePool {
	t.Helper()
	out, err := db.CreatePrivatePool(context.Background(), creator, squares.PrivatePoolInput{GameID: gameID, Name: "Party",
		EntryFee: fee, MaxSquaresPerPlayer: squares.MaxPrivateSquares, Collection: squares.CollectionHost,
		PaymentInstructions: "Venmo @dana\nor cash at the party", InviteEmails: invite}, squares.PrivatePoolRules{})
	if err != nil {
		t.Fatalf("create host pool: %v", err)
	}
	return out
}

// ledgerState is everything the ledger holds: its transactions and every account's balance.
func ledgerState(t *testing.T, db *store.DB) string {
	t.Helper()
	ctx := context.Background()
	txs, err := db.ListLedgerTransactions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	balances, total, err := db.LedgerSummary(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d transactions, balances %v, total %s", len(txs), balances, total)
}

// paidCells returns the cells of a pool's board that are marked paid.
func paidCells(t *testing.T, db *store.DB, poolID int64) []squares.Cell {
	t.Helper()
	_, sqs, err := db.FindBoard(context.Background(), poolID)
	if err != nil {
		t.Fatal(err)
	}
	var out []squares.Cell
	for _, sq := range sqs {
		if sq.Paid {
			out = append(out, squares.Cell{Row: sq.Row, Column: sq.Column})
		}
	}
	return out
}

func balanceOf(t *testing.T, bs []squares.PlayerBalance, pl squares.Player) squares.PlayerBalance {
	t.Helper()
	for _, b := range bs {
		if b.Player == pl {
			return b
		}
	}
	t.Fatalf("no account of %+v in %+v", pl, bs)
	return squares.PlayerBalance{}
}

// TestHostPoolLife: a host-collected pool's whole life, from creation to the last period's winner: the
// host adds guests and gives them squares, a member claims without paying, the host records payments and
// corrects one, squares are paid in the order taken, a square is taken back, the board fills and is
// drawn, the game is played and its winners are the host's to pay. Only the host may do any of it, and
// the ledger does not move at all.
func TestHostPoolLife(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		kickoff := t0.Add(72 * time.Hour)
		g, _ := addGame(t, db, "W12", kickoff)
		host, friend := addPlayer(t, db, "Host"), addPlayer(t, db, "Friend")
		before := ledgerState(t, db)

		created := hostPool(t, db, host, g.ID, 1000)
		p := created.Pool
		if p.Collection != squares.CollectionHost || p.PaymentInstructions != "Venmo @dana\nor cash at the party" ||
			p.PayBy == nil || !p.PayBy.Equal(kickoff.Add(-24*time.Hour)) || p.HouseFeePercent() != 0 {
			t.Fatalf("created %+v (payBy %v)", p.Pool, p.PayBy)
		}
		if again, _ := db.FindPool(ctx, p.ID, 0); again.Collection != squares.CollectionHost || !again.PayBy.Equal(*p.PayBy) {
			t.Fatalf("read back: %+v", again.Pool)
		}
		if _, err := db.JoinPool(ctx, friend, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}

		// A member claims without paying; a checkout is refused.
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: friend, Cells: cellsFrom(0, 2)}); err != nil {
			t.Fatalf("a member's free claim in a host pool: %v", err)
		}

		// Guests, only by the host.
		rules := squares.PrivatePoolRules{}
		_, err := db.AddGuest(ctx, friend, p.ID, squares.GuestInput{Name: "Bob"}, rules)
		wantCode(t, err, squares.EFORBIDDEN, "")
		_, err = db.AddGuest(ctx, host, p.ID, squares.GuestInput{Name: "Bob\nSmith"}, rules)
		wantCode(t, err, squares.EINVALID, "")
		bob, err := db.AddGuest(ctx, host, p.ID, squares.GuestInput{Name: " Uncle Bob "}, rules)
		if err != nil || bob.Name != "Uncle Bob" || bob.InvitationID != 0 {
			t.Fatalf("guest %+v, %v", bob, err)
		}
		bobP := squares.Player{GuestID: bob.ID}

		// Squares given, only by the host, within the limit.
		_, err = db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: friend, Player: bobP, Random: 1})
		wantCode(t, err, squares.EFORBIDDEN, "")
		res, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: bobP, Random: 5})
		if err != nil || len(res.Squares) != 5 || res.Pool.SquaresTaken != 7 || res.Pool.DistinctPlayers != 2 {
			t.Fatalf("random 5: %v, %v", res, err)
		}
		for _, sq := range res.Squares {
			if sq.GuestID != bob.ID || sq.UserID != 0 || sq.Row*10+sq.Column < 2 {
				t.Fatalf("given square %+v", sq)
			}
		}
		_, err = db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: bobP, Random: 21})
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		_, err = db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: bobP, Cells: cellsFrom(1, 1)})
		wantCode(t, err, squares.ECONFLICT, "")
		_, err = db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{UserID: addPlayer(t, db, "Stranger").ID}, Random: 1})
		wantCode(t, err, squares.ENOTFOUND, "")
		// A free square for the friend: the last of the grid that Bob's random squares left.
		spare := squares.Cell{Row: 9, Column: 9}
		for i := 99; slices.ContainsFunc(res.Squares, func(sq *squares.Square) bool { return sq.Row == spare.Row && sq.Column == spare.Column }); i-- {
			spare = squares.Cell{Row: (i - 1) / 10, Column: (i - 1) % 10}
		}
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{UserID: friend.ID},
			Cells: []squares.Cell{spare}}); err != nil {
			t.Fatalf("a square given to a member: %v", err)
		}

		// Payments, only by the host; covered in the order taken.
		_, err = db.RecordPayment(ctx, friend, p.ID, squares.PaymentInput{Player: bobP, Amount: 1000})
		wantCode(t, err, squares.EFORBIDDEN, "")
		_, err = db.RecordPayment(ctx, host, p.ID, squares.PaymentInput{Player: bobP, Amount: 100_001})
		wantCode(t, err, squares.EINVALID, "")
		_, err = db.RecordPayment(ctx, host, p.ID, squares.PaymentInput{Player: squares.Player{GuestID: 99999}, Amount: 100})
		wantCode(t, err, squares.ENOTFOUND, "")
		pay1, err := db.RecordPayment(ctx, host, p.ID, squares.PaymentInput{Player: squares.Player{UserID: friend.ID}, Amount: 1500, Note: "cash"})
		if err != nil || pay1.ID == 0 || pay1.Amount != 1500 || pay1.UserID != friend.ID || pay1.Note != "cash" {
			t.Fatalf("payment %+v, %v", pay1, err)
		}
		pay2, err := db.RecordPayment(ctx, host, p.ID, squares.PaymentInput{Player: bobP, Amount: 5000, Note: "Venmo"})
		if err != nil {
			t.Fatal(err)
		}
		paid := paidCells(t, db, p.ID)
		if len(paid) != 6 || !slices.Contains(paid, squares.Cell{Row: 0, Column: 0}) || slices.Contains(paid, squares.Cell{Row: 0, Column: 1}) ||
			slices.Contains(paid, spare) {
			t.Fatalf("paid squares %v: want the friend's first square and Bob's five", paid)
		}

		// A correction cancels an entry once; the entry stays.
		_, err = db.CorrectPayment(ctx, friend, p.ID, pay2.ID)
		wantCode(t, err, squares.EFORBIDDEN, "")
		c, err := db.CorrectPayment(ctx, host, p.ID, pay2.ID)
		if err != nil || c.Amount != -5000 || c.Corrects != pay2.ID || c.GuestID != bob.ID {
			t.Fatalf("correction %+v, %v", c, err)
		}
		_, err = db.CorrectPayment(ctx, host, p.ID, pay2.ID)
		wantCode(t, err, squares.ECONFLICT, "This payment was already corrected.")
		_, err = db.CorrectPayment(ctx, host, p.ID, c.ID)
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		_, err = db.CorrectPayment(ctx, host, p.ID, 99999)
		wantCode(t, err, squares.ENOTFOUND, "")
		if paid := paidCells(t, db, p.ID); len(paid) != 1 {
			t.Fatalf("paid after the correction: %v", paid)
		}
		_, err = db.ListPayments(ctx, friend, p.ID)
		wantCode(t, err, squares.EFORBIDDEN, "")
		bs, err := db.ListPayments(ctx, host, p.ID)
		if err != nil || len(bs) != 3 {
			t.Fatalf("accounts %+v, %v", bs, err)
		}
		if b := balanceOf(t, bs, squares.Player{UserID: friend.ID}); b.Squares != 3 || b.Owed != 3000 || b.Paid != 1500 ||
			b.Balance != 1500 || len(b.Entries) != 1 || b.Name != "Friend T." {
			t.Errorf("friend's account %+v", b)
		}
		if b := balanceOf(t, bs, bobP); b.Squares != 5 || b.Owed != 5000 || b.Paid != 0 || b.Balance != 5000 || len(b.Entries) != 2 ||
			b.Entries[0].CorrectedBy != c.ID || b.Entries[1].Corrects != pay2.ID || b.Name != "Uncle Bob" {
			t.Errorf("Bob's account %+v", b)
		}
		if b := balanceOf(t, bs, squares.Player{UserID: host.ID}); b.Squares != 0 || b.Owed != 0 || b.Balance != 0 {
			t.Errorf("host's account %+v", b)
		}

		// Taking back, only by the host, before the draw.
		_, err = db.TakeBackSquare(ctx, friend, p.ID, spare)
		wantCode(t, err, squares.EFORBIDDEN, "")
		empty := squares.Cell{Row: 5, Column: 5}
		for i := 55; empty == spare || slices.ContainsFunc(res.Squares, func(sq *squares.Square) bool { return sq.Row == empty.Row && sq.Column == empty.Column }); i++ {
			empty = squares.Cell{Row: (i + 1) / 10, Column: (i + 1) % 10}
		}
		_, err = db.TakeBackSquare(ctx, host, p.ID, empty)
		wantCode(t, err, squares.ENOTFOUND, "")
		back, err := db.TakeBackSquare(ctx, host, p.ID, spare)
		if err != nil || back.SquaresTaken != 7 {
			t.Fatalf("take back: %v, %v", back, err)
		}

		// The per-player limit no longer changes: squares are taken.
		_, err = db.SetPoolLimit(ctx, host, p.ID, 10)
		wantCode(t, err, squares.EUNPROCESSABLE, "")

		// The board fills with guests, and is drawn.
		for i := 0; ; i++ {
			cur, _ := db.FindPool(ctx, p.ID, 0)
			if cur.SquaresTaken == squares.SquaresPerPool {
				if !cur.NumbersGenerated() || cur.Status != squares.PoolFull {
					t.Fatalf("full pool %s, drawn %v", cur.Status, cur.NumbersGenerated())
				}
				break
			}
			gu, err := db.AddGuest(ctx, host, p.ID, squares.GuestInput{Name: fmt.Sprintf("Guest %d", i)}, rules)
			if err != nil {
				t.Fatal(err)
			}
			n := min(squares.MaxPrivateSquares, squares.SquaresPerPool-cur.SquaresTaken)
			if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{GuestID: gu.ID}, Random: n}); err != nil {
				t.Fatalf("fill: %v", err)
			}
		}
		_, err = db.TakeBackSquare(ctx, host, p.ID, squares.Cell{Row: 0, Column: 0})
		wantCode(t, err, squares.EUNPROCESSABLE, "The numbers are drawn: squares can no longer be taken back.")

		// The game is played: its winners are the host's to pay, nobody's Squares winnings.
		for _, u := range game {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		ws, err := db.ListWinners(ctx, p.ID)
		if err != nil || len(ws) != 4 {
			t.Fatalf("winners %d, %v", len(ws), err)
		}
		var total squares.Cents
		for _, w := range ws {
			total += w.Amount
			if w.Status != squares.WinnerHostPays || (w.UserID == 0) == (w.GuestID == 0) || w.FirstName == "" {
				t.Errorf("winner %+v", w)
			}
			if w.UserID != 0 {
				if zs, _ := db.ListUserPrizes(ctx, w.UserID); len(zs) != 0 {
					t.Errorf("a host pool's winner has Squares prizes: %+v", zs)
				}
			}
		}
		if total != 100_000 {
			t.Errorf("prizes total %s, want the whole pot 1000.00", total)
		}
		if after := ledgerState(t, db); after != before {
			t.Fatalf("a host pool moved the ledger: %s, then %s", before, after)
		}

		// Everything the host did is in the pool's history, in order.
		_, err = db.ListPoolHistory(ctx, friend, p.ID)
		wantCode(t, err, squares.EFORBIDDEN, "")
		hs, err := db.ListPoolHistory(ctx, host, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		var actions []string
		for i, h := range hs {
			if i > 0 && h.ID <= hs[i-1].ID || h.PoolID != p.ID || h.Summary == "" || h.At.IsZero() {
				t.Errorf("history entry %+v", h)
			}
			if i < 10 {
				actions = append(actions, h.Action)
			}
		}
		want := []string{"pool.create", "guest.add", "square.assign", "square.assign", "payment.record", "payment.record",
			"payment.correct", "square.take_back", "guest.add", "square.assign"}
		if !slices.Equal(actions, want) || hs[0].ActorID != host.ID || hs[0].ActorName != "Host T." {
			t.Errorf("history %v, want %v (first %+v)", actions, want, hs[0])
		}
	})
}

// TestHostPoolRefusals: a card pool takes no guests, no squares given and no payments (422); a host pool
// refuses a checkout; the host changes the limit before the first square and nobody else does.
func TestHostPoolRefusals(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		host, friend := addPlayer(t, db, "Host"), addPlayer(t, db, "Friend")
		card, err := db.CreatePrivatePool(ctx, host, squares.PrivatePoolInput{GameID: g.ID, Name: "Cards", EntryFee: 500,
			MaxSquaresPerPlayer: 5}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		if card.Pool.Collection != squares.CollectionCard || card.Pool.PayBy != nil {
			t.Fatalf("card pool %+v", card.Pool.Pool)
		}
		_, err = db.AddGuest(ctx, host, card.Pool.ID, squares.GuestInput{Name: "Bob"}, squares.PrivatePoolRules{})
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		_, err = db.AssignSquares(ctx, store.Assignment{PoolID: card.Pool.ID, Actor: host, Player: squares.Player{UserID: host.ID}, Random: 1})
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		_, err = db.RecordPayment(ctx, host, card.Pool.ID, squares.PaymentInput{Player: squares.Player{UserID: host.ID}, Amount: 500})
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		_, err = db.ClaimSquares(ctx, store.Claim{PoolID: card.Pool.ID, User: host, Cells: cellsFrom(0, 1)})
		wantCode(t, err, squares.EUNPROCESSABLE, "Squares in paid pools are bought through checkout.")

		// payBy: to come, before kickoff.
		late := t0.Add(73 * time.Hour)
		_, err = db.CreatePrivatePool(ctx, host, squares.PrivatePoolInput{GameID: g.ID, Name: "Late", EntryFee: 500,
			MaxSquaresPerPlayer: 5, Collection: squares.CollectionHost, PayBy: &late}, squares.PrivatePoolRules{})
		wantCode(t, err, squares.EINVALID, "Pay by must be before kickoff.")
		chosen := t0.Add(5 * time.Hour)
		hp, err := db.CreatePrivatePool(ctx, host, squares.PrivatePoolInput{GameID: g.ID, Name: "Party", EntryFee: 500,
			MaxSquaresPerPlayer: 5, Collection: squares.CollectionHost, PayBy: &chosen}, squares.PrivatePoolRules{})
		if err != nil || !hp.Pool.PayBy.Equal(chosen) {
			t.Fatalf("chosen payBy: %v, %v", hp, err)
		}
		id := hp.Pool.ID
		_, err = db.SetPoolLimit(ctx, friend, id, 20)
		wantCode(t, err, squares.EFORBIDDEN, "")
		if p, err := db.SetPoolLimit(ctx, host, id, 20); err != nil || p.MaxSquaresPerPlayer != 20 {
			t.Fatalf("limit: %v, %v", p, err)
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: id, User: host, Cells: cellsFrom(0, 1)}); err != nil {
			t.Fatal(err)
		}
		_, err = db.SetPoolLimit(ctx, host, id, 5)
		wantCode(t, err, squares.EUNPROCESSABLE, "The limit can only change until the first square is taken.")
		_, err = db.TakeBackSquare(ctx, host, card.Pool.ID, squares.Cell{})
		wantCode(t, err, squares.EUNPROCESSABLE, "")
	})
}

// TestHostPoolMigrationKeepsRows: migration 00025 remakes the squares and winners tables on SQLite (a
// CHECK changes); undone and done again, every square and winner is still there, prizes still point at
// their winners, and a guest's square is refused by the old schema only.
func TestHostPoolMigrationKeepsRows(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free := fullFreePool(t, db, pools[0])
		for _, u := range game[:6] {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatal(err)
			}
		}
		count := func() string {
			var sq, w, last int64
			if err := db.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM squares WHERE pool_id = $1),
				(SELECT COUNT(*) FROM winners WHERE pool_id = $1), (SELECT MAX(id) FROM squares)`, []any{free.ID}, &sq, &w, &last); err != nil {
				t.Fatal(err)
			}
			return fmt.Sprintf("%d squares, %d winners, last square %d", sq, w, last)
		}
		before := count()
		if err := db.RedoMigration(ctx, 25, func(exec func(string, ...any) error) error { return nil }); err != nil {
			t.Fatalf("redo 00025: %v", err)
		}
		if after := count(); after != before {
			t.Fatalf("rows: %s, then %s", before, after)
		}
		// A new square after the remake takes a new id.
		host := addPlayer(t, db, "Host")
		later, _ := addGame(t, db, "W12", t0.Add(96*time.Hour))
		hp := hostPool(t, db, host, later.ID, 100)
		res, err := db.AssignSquares(ctx, store.Assignment{PoolID: hp.Pool.ID, Actor: host, Player: squares.Player{UserID: host.ID}, Random: 1})
		if err != nil {
			t.Fatal(err)
		}
		var last int64
		if err := db.QueryRow(ctx, `SELECT MAX(id) FROM squares WHERE pool_id = $1`, []any{free.ID}, &last); err != nil || res.Squares[0].ID <= last {
			t.Fatalf("new square id %d after %d: %v", res.Squares[0].ID, last, err)
		}
		// The schema refuses a square of nobody that is not the house's.
		if err := db.Exec(ctx, `INSERT INTO squares (pool_id, row_idx, col_idx, is_house, state, created_at)
			VALUES ($1, 5, 5, FALSE, 'owned', $2)`, hp.Pool.ID, t0); err == nil {
			t.Fatal("a square owned by nobody was stored")
		}
	})
}

// TestOwnBalance: a member reads their own account of a host pool (what the host recorded, corrections
// included), nobody else's; a stranger finds no pool, and a card pool has no account with its host.
func TestOwnBalance(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		host, friend, stranger := addPlayer(t, db, "Host"), addPlayer(t, db, "Friend"), addPlayer(t, db, "Stranger")
		p := hostPool(t, db, host, g.ID, 1000).Pool
		if _, err := db.JoinPool(ctx, friend, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: friend, Cells: cellsFrom(0, 3)}); err != nil {
			t.Fatal(err)
		}
		b, err := db.OwnBalance(ctx, friend, p.ID)
		if err != nil || b.Squares != 3 || b.Owed != 3000 || b.Paid != 0 || b.Balance != 3000 || b.Player.UserID != friend.ID {
			t.Fatalf("before paying: %+v, %v", b, err)
		}
		fp := squares.Player{UserID: friend.ID}
		e, err := db.RecordPayment(ctx, host, p.ID, squares.PaymentInput{Player: fp, Amount: 1500, Note: "cash"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.RecordPayment(ctx, host, p.ID, squares.PaymentInput{Player: fp, Amount: 500}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CorrectPayment(ctx, host, p.ID, e.ID); err != nil {
			t.Fatal(err)
		}
		b, err = db.OwnBalance(ctx, friend, p.ID)
		if err != nil || b.Paid != 500 || b.Balance != 2500 || len(b.Entries) != 3 {
			t.Fatalf("after two payments and a correction: %+v, %v", b, err)
		}
		if hb, err := db.OwnBalance(ctx, host, p.ID); err != nil || hb.Player.UserID != host.ID || hb.Squares != 0 {
			t.Fatalf("the host's own: %+v, %v", hb, err)
		}
		_, err = db.OwnBalance(ctx, stranger, p.ID)
		wantCode(t, err, squares.ENOTFOUND, "")
		_, err = db.OwnBalance(ctx, nil, p.ID)
		wantCode(t, err, squares.EUNAUTHORIZED, "")
		card, err := db.CreatePrivatePool(ctx, host, squares.PrivatePoolInput{GameID: g.ID, Name: "Cards", EntryFee: 500,
			MaxSquaresPerPlayer: 5}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.OwnBalance(ctx, host, card.Pool.ID)
		wantCode(t, err, squares.EUNPROCESSABLE, "")
	})
}
