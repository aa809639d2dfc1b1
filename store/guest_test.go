package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestGuestBecomesAccount: a guest added with an e-mail is invited through the outbox with an
// invitation's own code; the guest's squares and payments are the guest's until someone signed in joins
// with that code, then the account's, with the guest's provenance kept and the history saying so. An
// address already invited is not invited twice; an address that joined is a member, not a guest.
func TestGuestBecomesAccount(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		host, dana, member := addPlayer(t, db, "Host"), addPlayer(t, db, "Dana"), addPlayer(t, db, "Member")
		hp := hostPool(t, db, host, g.ID, 1000, "pending@example.com", member.Email)
		id := hp.Pool.ID
		if _, err := db.JoinPool(ctx, member, hp.Invitations[1].Code, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		rules := squares.PrivatePoolRules{}

		guest, err := db.AddGuest(ctx, host, id, squares.GuestInput{Name: "Dana G", Email: " " + dana.Email + " "}, rules)
		if err != nil || guest.InvitationID == 0 || guest.Email != squares.NormalizeEmail(dana.Email) {
			t.Fatalf("guest %+v, %v", guest, err)
		}
		ms := mailTo(t, db, squares.NormalizeEmail(dana.Email))
		if len(ms) != 1 || ms[0].Kind != squares.MailInvitation || ms[0].Data["code"] == "" || ms[0].Data["code"] == hp.Pool.InviteCode {
			t.Fatalf("the guest's invitation mail: %+v", ms)
		}
		code := ms[0].Data["code"]

		// The same address as a second guest, an address that joined, and an address invited before.
		_, err = db.AddGuest(ctx, host, id, squares.GuestInput{Name: "Dana again", Email: dana.Email}, rules)
		wantCode(t, err, squares.ECONFLICT, "A guest with this address is already in the pool.")
		_, err = db.AddGuest(ctx, host, id, squares.GuestInput{Name: "Member", Email: member.Email}, rules)
		wantCode(t, err, squares.ECONFLICT, "")
		pending, err := db.AddGuest(ctx, host, id, squares.GuestInput{Name: "Pending", Email: "pending@example.com"}, rules)
		if err != nil || pending.InvitationID != hp.Invitations[0].ID {
			t.Fatalf("a guest of an address invited before: %+v, %v", pending, err)
		}
		if n := len(mailTo(t, db, "pending@example.com")); n != 1 {
			t.Fatalf("the address invited before got %d mails, want its first only", n)
		}

		gp := squares.Player{GuestID: guest.ID}
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: id, Actor: host, Player: gp, Cells: cellsFrom(10, 3)}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.RecordPayment(ctx, host, id, squares.PaymentInput{Player: gp, Amount: 2000, Note: "cash"}); err != nil {
			t.Fatal(err)
		}
		if p, _ := db.FindPool(ctx, id, 0); p.DistinctPlayers != 1 || p.SquaresTaken != 3 {
			t.Fatalf("players %d, squares %d", p.DistinctPlayers, p.SquaresTaken)
		}
		// Dana owns squares already before joining as the guest.
		if _, err := db.JoinPool(ctx, dana, hp.Pool.InviteCode, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: id, User: dana, Cells: cellsFrom(50, 1)}); err != nil {
			t.Fatal(err)
		}
		if p, _ := db.FindPool(ctx, id, 0); p.DistinctPlayers != 2 {
			t.Fatalf("players %d, want the guest and Dana", p.DistinctPlayers)
		}

		joined, err := db.JoinPool(ctx, dana, code, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		if joined.ViewerSquares != 4 || joined.DistinctPlayers != 1 {
			t.Fatalf("after joining as the guest: %d squares, %d players", joined.ViewerSquares, joined.DistinctPlayers)
		}
		_, sqs, err := db.FindBoard(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		paid := 0
		for _, sq := range sqs {
			if sq.UserID != dana.ID {
				t.Errorf("square %d,%d is %d's, want Dana's", sq.Row, sq.Column, sq.UserID)
			}
			if sq.Paid {
				paid++
			}
		}
		if paid != 2 {
			t.Errorf("%d squares paid, want 2 of Dana's 4 ($20.00 at $10.00)", paid)
		}
		bs, err := db.ListPayments(ctx, host, id)
		if err != nil {
			t.Fatal(err)
		}
		b := balanceOf(t, bs, squares.Player{UserID: dana.ID})
		if b.Squares != 4 || b.Paid != 2000 || b.Balance != 2000 || len(b.Entries) != 1 || b.Entries[0].GuestID != guest.ID {
			t.Errorf("Dana's account %+v", b)
		}
		for _, x := range bs {
			if x.GuestID == guest.ID {
				t.Errorf("the merged guest is still listed: %+v", x)
			}
		}
		hs, _ := db.ListPoolHistory(ctx, host, id)
		if last := hs[len(hs)-1]; last.Action != "guest.join" || last.ActorID != dana.ID || last.GuestID != guest.ID {
			t.Errorf("last history entry %+v", last)
		}
		// Joining again with the code changes nothing.
		if again, err := db.JoinPool(ctx, dana, code, squares.PrivatePoolRules{}); err != nil || again.ViewerSquares != 4 {
			t.Fatalf("joining again: %v, %v", again, err)
		}
	})
}
