package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// mailTo returns the outbox's messages to an address, oldest first.
func mailTo(t *testing.T, db *store.DB, to string) []*squares.Mail {
	t.Helper()
	all, err := db.ListMail(context.Background(), "", 500)
	if err != nil {
		t.Fatal(err)
	}
	var out []*squares.Mail
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].To == to {
			out = append(out, all[i])
		}
	}
	return out
}

// TestOutboxNotifications: the notifications players get by e-mail are queued in the transaction that
// makes them, with the player's address; a cancelled pool's messages are essential and reach a player who
// opted out; a released hold is not essential and does not; admins' notifications are not e-mailed.
func TestOutboxNotifications(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		creator := addPlayer(t, db, "Creator")
		in, out := addPlayer(t, db, "In"), addPlayer(t, db, "Out")
		if err := db.SetEmailOptOut(ctx, out.ID, true); err != nil {
			t.Fatal(err)
		}
		id, err := db.InsertPrivatePool(ctx, g.ID, creator.ID, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		for i, u := range []*squares.User{in, out} {
			joinIfPrivate(t, db, id, u)
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: id, User: u, Cells: cellsFrom(i*10, 2)}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.CancelPool(ctx, id, "Rained out."); err != nil {
			t.Fatal(err)
		}
		for _, u := range []*squares.User{in, out} {
			ms := mailTo(t, db, u.Email)
			if len(ms) != 1 || ms[0].Kind != squares.MailPoolCancelled || !ms[0].Essential || ms[0].UserID != u.ID ||
				ms[0].PoolID != id || ms[0].Status != squares.MailQueued || ms[0].Data["pool"] != "Friends" ||
				ms[0].Data["message"] != "Friends was cancelled before kickoff. Rained out." || ms[0].Token == "" {
				t.Fatalf("%s's mail = %+v", u.FirstName, ms)
			}
		}

		// A hold released in a live pool is not essential: the player who opted out gets none.
		open := setStatus(t, db, pools[0].ID, squares.PoolActive)
		for _, u := range []*squares.User{in, out} {
			if err := db.NotifyForTest(ctx, u.ID, squares.NotifyPaymentReleased, "Your checkout expired.", open.ID); err != nil {
				t.Fatal(err)
			}
		}
		if ms := mailTo(t, db, in.Email); len(ms) != 2 || ms[1].Kind != squares.MailHoldReleased || ms[1].Essential ||
			ms[1].Data["message"] != "Your checkout expired." {
			t.Fatalf("in's mail = %+v", ms)
		}
		if ms := mailTo(t, db, out.Email); len(ms) != 1 {
			t.Fatalf("opted-out player got %d messages", len(ms))
		}
		// A won prize is essential; admins' notifications are not e-mailed.
		if err := db.NotifyForTest(ctx, out.ID, squares.NotifyPrizeWon, "You won Q1 of X: $45.00. Claim it by Dec 20, 2026.", open.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.NotifyForTest(ctx, in.ID, squares.NotifyDispute, "A dispute.", open.ID); err != nil {
			t.Fatal(err)
		}
		if ms := mailTo(t, db, out.Email); len(ms) != 2 || ms[1].Kind != squares.MailPrizeWon || !ms[1].Essential {
			t.Fatalf("out's mail = %+v", ms)
		}
		if ms := mailTo(t, db, in.Email); len(ms) != 2 {
			t.Fatalf("an admin kind was e-mailed: %+v", ms)
		}
	})
}

// TestQueueInvitation: an invitation carries the pool, the game, the kickoff and the code; a bad address
// or an unknown pool is refused and queues nothing.
func TestQueueInvitation(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		kickoff := t0.Add(72 * time.Hour)
		g, _ := addGame(t, db, "W12", kickoff)
		creator := addPlayer(t, db, "Creator")
		id, err := db.InsertPrivatePool(ctx, g.ID, creator.ID, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		m, err := db.QueueInvitation(ctx, squares.Invitation{PoolID: id, Email: " Friend@Example.com ", InviterID: creator.ID})
		if err != nil {
			t.Fatal(err)
		}
		ms := mailTo(t, db, "friend@example.com")
		if len(ms) != 1 || ms[0].ID != m.ID || ms[0].Kind != squares.MailInvitation || !ms[0].Essential || ms[0].UserID != 0 ||
			ms[0].Data["code"] != "FRIENDS1" || ms[0].Data["pool"] != "Friends" ||
			ms[0].Data["game"] != "Kansas City Chiefs @ Buffalo Bills" || ms[0].Data["kickoff"] != kickoff.Format(time.RFC3339) ||
			ms[0].Data["inviter"] != "Creator T." || !ms[0].NextAttemptAt.Equal(t0) {
			t.Fatalf("invitation = %+v", ms)
		}
		if _, err := db.QueueInvitation(ctx, squares.Invitation{PoolID: id, Email: "friend@", Code: "X"}); err == nil {
			t.Fatal("a bad address was queued")
		} else {
			wantCode(t, err, squares.EINVALID, "Invalid email address")
		}
		_, err = db.QueueInvitation(ctx, squares.Invitation{PoolID: id + 100, Email: "a@example.com", Code: "X"})
		wantCode(t, err, squares.ENOTFOUND, "")
		if all, _ := db.ListMail(ctx, "", 10); len(all) != 1 {
			t.Fatalf("outbox holds %d messages", len(all))
		}
	})
}

// TestClaimMail: a claim takes due messages for one sender until its lease runs out; no other sender
// gets them meanwhile; a sender whose lease ran out can no longer mark them; a failed attempt waits
// MailRetryDelay, and the last attempt fails the message for good.
func TestClaimMail(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		creator := addPlayer(t, db, "Creator")
		id, err := db.InsertPrivatePool(ctx, g.ID, creator.ID, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, to := range []string{"a@example.com", "b@example.com", "c@example.com"} {
			if _, err := db.QueueInvitation(ctx, squares.Invitation{PoolID: id, Email: to}); err != nil {
				t.Fatal(err)
			}
		}
		one, err := db.ClaimMail(ctx, "one", time.Minute, 2)
		if err != nil || len(one) != 2 || one[0].To != "a@example.com" || one[1].To != "b@example.com" || one[0].Attempts != 1 {
			t.Fatalf("first claim = %+v, %v", one, err)
		}
		two, err := db.ClaimMail(ctx, "two", time.Minute, 10)
		if err != nil || len(two) != 1 || two[0].To != "c@example.com" {
			t.Fatalf("second claim = %+v, %v", two, err)
		}
		if none, err := db.ClaimMail(ctx, "three", time.Minute, 10); err != nil || len(none) != 0 {
			t.Fatalf("third claim = %+v, %v", none, err)
		}
		if ok, err := db.MarkMailSent(ctx, one[0].ID, "two"); ok || err != nil {
			t.Fatalf("marked sent by a sender without the lease: %v, %v", ok, err)
		}
		if ok, err := db.MarkMailSent(ctx, two[0].ID, "two"); !ok || err != nil {
			t.Fatalf("mark sent: %v, %v", ok, err)
		}
		// Sender one stalls: its lease runs out and sender three takes its messages.
		clock.Add(time.Minute)
		three, err := db.ClaimMail(ctx, "three", time.Minute, 10)
		if err != nil || len(three) != 2 || three[0].Attempts != 2 {
			t.Fatalf("claim after the lease = %+v, %v", three, err)
		}
		if ok, _ := db.MarkMailSent(ctx, one[0].ID, "one"); ok {
			t.Fatal("a sender whose lease ran out marked a message sent")
		}
		if st, err := db.MarkMailFailed(ctx, one[1].ID, "one", "late", 3); st != "" || err != nil {
			t.Fatalf("a sender whose lease ran out marked a failure: %q, %v", st, err)
		}
		// Sender three fails both: due again after MailRetryDelay(2), then the third attempt is the last.
		for _, m := range three {
			if st, err := db.MarkMailFailed(ctx, m.ID, "three", "451 try later", 3); st != squares.MailQueued || err != nil {
				t.Fatalf("failure: %q, %v", st, err)
			}
		}
		clock.Add(squares.MailRetryDelay(2) - time.Second)
		if early, _ := db.ClaimMail(ctx, "four", time.Minute, 10); len(early) != 0 {
			t.Fatalf("claimed before the retry delay: %+v", early)
		}
		clock.Add(time.Second)
		four, err := db.ClaimMail(ctx, "four", time.Minute, 10)
		if err != nil || len(four) != 2 || four[0].Attempts != 3 || four[0].LastError != "451 try later" {
			t.Fatalf("retry claim = %+v, %v", four, err)
		}
		if st, err := db.MarkMailFailed(ctx, four[0].ID, "four", "550 no such user", 3); st != squares.MailFailed || err != nil {
			t.Fatalf("last failure: %q, %v", st, err)
		}
		failed, err := db.ListMail(ctx, squares.MailFailed, 10)
		if err != nil || len(failed) != 1 || failed[0].ID != four[0].ID || failed[0].Attempts != 3 || failed[0].LastError != "550 no such user" {
			t.Fatalf("failed = %+v, %v", failed, err)
		}
		// Outside development mode without SMTP, what is queued and held by no sender is skipped.
		clock.Add(time.Hour)
		if n, err := db.SkipMail(ctx, "no SMTP server"); n != 1 || err != nil {
			t.Fatalf("skipped %d, %v", n, err)
		}
		if sent, _ := db.ListMail(ctx, squares.MailSent, 10); len(sent) != 1 || sent[0].SentAt == nil || !sent[0].SentAt.Equal(t0) {
			t.Fatalf("sent = %+v", sent)
		}
	})
}

// TestEmailOptOut: a player's non-essential e-mail is on until turned off, and can be turned back on; a
// message queued before the player opted out is skipped rather than sent.
func TestEmailOptOut(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		u := addPlayer(t, db, "Pat")
		if off, err := db.EmailOptOut(ctx, u.ID); off || err != nil {
			t.Fatalf("opt-out = %v, %v", off, err)
		}
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		if err := db.NotifyForTest(ctx, u.ID, squares.NotifyPaymentReleased, "Expired.", pools[0].ID); err != nil {
			t.Fatal(err)
		}
		if err := db.NotifyForTest(ctx, u.ID, squares.NotifyPaymentRefunded, "Refunded.", pools[0].ID); err != nil {
			t.Fatal(err)
		}
		for _, v := range []bool{true, false, true} {
			if err := db.SetEmailOptOut(ctx, u.ID, v); err != nil {
				t.Fatal(err)
			}
			if off, err := db.EmailOptOut(ctx, u.ID); off != v || err != nil {
				t.Fatalf("opt-out = %v, %v; want %v", off, err, v)
			}
		}
		claimed, err := db.ClaimMail(ctx, "one", time.Minute, 10)
		if err != nil || len(claimed) != 1 || claimed[0].Kind != squares.MailRefund {
			t.Fatalf("claimed = %+v, %v", claimed, err)
		}
		if skipped, _ := db.ListMail(ctx, squares.MailSkipped, 10); len(skipped) != 1 || skipped[0].Kind != squares.MailHoldReleased {
			t.Fatalf("skipped = %+v", skipped)
		}
		wantCode(t, db.SetEmailOptOut(ctx, u.ID+1000, true), squares.ENOTFOUND, "")
	})
}
