package automation_test

import (
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/automation"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestHostPoolDeadline: the automation keeps a host pool's payment deadline on its clock: two servers
// passing at once a day before payBy queue one reminder to the member who owes, and at payBy the unpaid
// squares are released, once; the ledger never moves.
func TestHostPoolDeadline(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		pools := e.game(kickoff)
		host, dana := e.player(), e.player()
		created, err := e.db.CreatePrivatePool(e.ctx, host, squares.PrivatePoolInput{GameID: pools[0].GameID, Name: "Party",
			EntryFee: 1000, MaxSquaresPerPlayer: 10, Collection: squares.CollectionHost}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		p := created.Pool
		if _, err := e.db.JoinPool(e.ctx, dana, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.db.ClaimSquares(e.ctx, store.Claim{PoolID: p.ID, User: dana, Cells: []squares.Cell{{Row: 4, Column: 4},
			{Row: 4, Column: 5}}}); err != nil {
			t.Fatal(err)
		}
		books := e.books()
		reminders := func() int {
			t.Helper()
			ms, err := e.db.ListMail(e.ctx, "", 100)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, m := range ms {
				if m.Kind == squares.MailPaymentReminder && m.To == dana.Email {
					n++
				}
			}
			return n
		}

		e.clock.Set(p.PayBy.Add(-24 * time.Hour))
		db2, esc2 := e.db, e.esc
		if engine == store.Postgres {
			db2 = store.New(e.db.URL)
			db2.Now = e.clock.Now
			if err := db2.Open(e.ctx); err != nil {
				t.Fatal(err)
			}
			defer db2.Close()
			sb2 := sandbox.New(db2)
			sb2.Now = e.clock.Now
			esc2 = escrow.New(db2, sb2, slog.New(slog.DiscardHandler))
		}
		second := automation.New(db2, esc2, slog.New(slog.DiscardHandler))
		second.Now = e.clock.Now
		errs := make(chan error, 2)
		for _, a := range []*automation.Automation{e.auto, second} {
			go func() { _, err := a.RunOnce(e.ctx); errs <- err }()
		}
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatalf("pass: %v", err)
			}
		}
		if n := reminders(); n != 1 {
			t.Fatalf("%d reminders after two passes a day ahead, want 1", n)
		}

		e.clock.Set(p.PayBy.Add(-2 * time.Hour))
		e.run()
		e.clock.Set(*p.PayBy)
		e.run()
		e.run()
		if got := e.pool(p.ID); got.SquaresTaken != 0 || got.DistinctPlayers != 0 {
			t.Fatalf("after payBy: %d squares taken by %d players, want none", got.SquaresTaken, got.DistinctPlayers)
		}
		if n := reminders(); n != 2 {
			t.Errorf("%d reminders by payBy, want 2 (a day and 2 hours ahead)", n)
		}
		if after := e.books(); fmt.Sprint(after) != fmt.Sprint(books) {
			t.Errorf("the ledger moved: %v, then %v", books, after)
		}
	})
}
