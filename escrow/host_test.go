package escrow_test

import (
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestHostPoolMovesNoMoney: the escrow never takes a host-collected pool's money: a checkout in it is
// refused before anything is written (no payment, no hold at the provider), its squares are claimed and
// paid to the host outside Squares, and cancelling it (an admin's refund) releases and refunds nothing.
// The ledger is as it was throughout, while a card pool of the same game moves money as always.
func TestHostPoolMovesNoMoney(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		pools := e.game()
		host, friend := e.player("Host"), e.player("Friend")
		out, err := e.db.CreatePrivatePool(e.ctx, host, squares.PrivatePoolInput{GameID: pools[0].GameID, Name: "Party",
			EntryFee: 1000, MaxSquaresPerPlayer: 10, Collection: squares.CollectionHost}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		p := out.Pool
		if _, err := e.db.JoinPool(e.ctx, friend, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		before := len(e.ledger())

		_, err = e.esc.Checkout(e.ctx, friend, p.ID, cellsFrom(0, 2), 2000)
		if squares.ErrorCode(err) != squares.EUNPROCESSABLE {
			t.Fatalf("a checkout in a host pool: %v, want 422", err)
		}
		if pays, _ := e.db.ListPoolPayments(e.ctx, p.ID); len(pays) != 0 {
			t.Fatalf("a refused checkout wrote %d payments", len(pays))
		}
		if _, err := e.db.ClaimSquares(e.ctx, store.Claim{PoolID: p.ID, User: friend, Cells: cellsFrom(0, 2)}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.db.RecordPayment(e.ctx, host, p.ID, squares.PaymentInput{Player: squares.Player{UserID: friend.ID}, Amount: 2000}); err != nil {
			t.Fatal(err)
		}
		e.buy(friend, pools[2], cellsFrom(0, 1)...) // a card pool's sale moves money as always
		moved := len(e.ledger())
		if moved == before {
			t.Fatal("the card pool's sale wrote nothing to the ledger")
		}
		if _, err := e.esc.CancelPool(e.ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		e.runOnce()
		if got := e.pool(p.ID).Status; got != squares.PoolCancelled {
			t.Fatalf("host pool %s after the refund", got)
		}
		if n := len(e.ledger()); n != moved {
			t.Fatalf("cancelling a host pool wrote %d ledger transactions", n-moved)
		}
		for _, tx := range e.ledger() {
			if tx.PoolID == p.ID {
				t.Errorf("a ledger transaction of the host pool: %+v", tx)
			}
		}
	})
}
