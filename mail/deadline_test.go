package mail

import (
	"context"
	"fmt"
	"mime"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// TestPaymentReminderOverSMTP: the host's reminder of a host-collected pool reaches a real SMTP server for
// the member who owes: what they owe and by when, the host's payment instructions quoted as the host's
// words (escaped in HTML), the pool's link, and no List-Unsubscribe (money owed is essential).
func TestPaymentReminderOverSMTP(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		f := newFixture(t, engine)
		in := startInbox(t, inboxOptions{})
		m := f.mailer(t, in, Config{})
		created, err := f.db.CreatePrivatePool(ctx, f.player, squares.PrivatePoolInput{GameID: f.game.ID, Name: "Party",
			EntryFee: 1000, MaxSquaresPerPlayer: 10, Collection: squares.CollectionHost,
			PaymentInstructions: "Venmo @pat & <cash> at the party"}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		dana := f.addPlayer(t, "Dana")
		if _, err := f.db.JoinPool(ctx, dana, created.Pool.InviteCode, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.db.ClaimSquares(ctx, store.Claim{PoolID: created.Pool.ID, User: dana,
			Cells: []squares.Cell{{Row: 1, Column: 1}, {Row: 1, Column: 2}}}); err != nil {
			t.Fatal(err)
		}
		if sent, err := f.db.SendReminder(ctx, f.player, created.Pool.ID); err != nil || sent != 1 {
			t.Fatalf("reminder: %d, %v", sent, err)
		}
		wantPass(t, m, Pass{Claimed: 1, Sent: 1})
		got := in.messages()
		if len(got) != 1 || len(got[0].To) != 1 || got[0].To[0] != dana.Email {
			t.Fatalf("received %+v", got)
		}
		p := parse(t, got[0])
		subject, _ := new(mime.WordDecoder).DecodeHeader(p.header.Get("Subject"))
		if subject != "Reminder: pay the host for your squares in Party" || p.header.Get("List-Unsubscribe") != "" {
			t.Errorf("Subject %q, List-Unsubscribe %q", subject, p.header.Get("List-Unsubscribe"))
		}
		link := fmt.Sprintf("https://squares.example.com/pools/%d", created.Pool.ID)
		for _, want := range []string{"Hi Dana,", "Reminder: you owe the host $20.00 for 2 squares in Party. Please pay by Sun Nov 22, 1:00 PM ET.",
			"Squares not paid for by then are released.", "How to pay, in the host's words: \u201cVenmo @pat & <cash> at the party\u201d",
			"you pay the host directly", link} {
			if !strings.Contains(p.text, want) {
				t.Errorf("text part lacks %q:\n%s", want, p.text)
			}
		}
		if !strings.Contains(p.html, "Venmo @pat &amp; &lt;cash&gt; at the party") || strings.Contains(p.html, "<cash>") {
			t.Errorf("html part does not escape the instructions:\n%s", p.html)
		}
	})
}
