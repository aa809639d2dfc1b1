package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// mailOf returns the outbox's messages of a kind to an address, oldest first.
func mailOf(t *testing.T, db *store.DB, kind, to string) []*squares.Mail {
	t.Helper()
	ms, err := db.ListMail(context.Background(), "", 500)
	if err != nil {
		t.Fatal(err)
	}
	var out []*squares.Mail
	for _, m := range ms {
		if m.Kind == kind && m.To == to {
			out = append([]*squares.Mail{m}, out...)
		}
	}
	return out
}

// notified counts a player's notifications of a kind.
func notified(t *testing.T, db *store.DB, userID int64, kind string) []*squares.Notification {
	t.Helper()
	ns, err := db.ListNotifications(context.Background(), userID, false)
	if err != nil {
		t.Fatal(err)
	}
	var out []*squares.Notification
	for _, n := range ns {
		if n.Kind == kind {
			out = append(out, n)
		}
	}
	return out
}

// historyActions lists a pool's history actions, oldest first.
func historyActions(t *testing.T, db *store.DB, host *squares.User, poolID int64) ([]string, []*squares.PoolHistoryEntry) {
	t.Helper()
	hs, err := db.ListPoolHistory(context.Background(), host, poolID)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, h := range hs {
		out = append(out, h.Action)
	}
	return out, hs
}

// TestDeadlineRemindersAndRelease: a host pool's members who owe are reminded a day and 2 hours before
// payBy, once each however many passes run; the host reminds them once every 6 hours; at payBy the
// squares not paid for are released (the last taken first; the host's own stay), their players and the
// host told, and every act is in the history. The ledger never moves.
func TestDeadlineRemindersAndRelease(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		kickoff := t0.Add(72 * time.Hour)
		g, _ := addGame(t, db, "W12", kickoff)
		host, dana, eli := addPlayer(t, db, "Host"), addPlayer(t, db, "Dana"), addPlayer(t, db, "Eli")
		before := ledgerState(t, db)
		p := hostPool(t, db, host, g.ID, 1000).Pool
		payBy := *p.PayBy
		for _, u := range []*squares.User{dana, eli} {
			if _, err := db.JoinPool(ctx, u, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
				t.Fatal(err)
			}
		}
		claim := func(u *squares.User, cells []squares.Cell) {
			t.Helper()
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: cells}); err != nil {
				t.Fatal(err)
			}
			clock.Add(time.Second) // each claim later than the one before: payments cover the first taken
		}
		claim(dana, cellsFrom(0, 1))
		claim(eli, cellsFrom(10, 1))
		claim(dana, cellsFrom(1, 2))
		claim(host, cellsFrom(20, 1))
		bob, err := db.AddGuest(ctx, host, p.ID, squares.GuestInput{Name: "Bob"}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{GuestID: bob.ID},
			Cells: cellsFrom(30, 2)}); err != nil {
			t.Fatal(err)
		}
		for _, pay := range []squares.PaymentInput{{Player: squares.Player{UserID: dana.ID}, Amount: 2000},
			{Player: squares.Player{UserID: eli.ID}, Amount: 1000}} {
			if _, err := db.RecordPayment(ctx, host, p.ID, pay); err != nil {
				t.Fatal(err)
			}
		}

		sweep := func(at time.Time) store.DeadlineSweep {
			t.Helper()
			clock.Set(at)
			sw, err := db.SweepDeadlines(ctx, at)
			if err != nil {
				t.Fatalf("sweep at %v: %v", at, err)
			}
			return sw
		}
		// Nothing before the day's reminder is due.
		if sw := sweep(payBy.Add(-24*time.Hour - time.Minute)); len(sw.Reminders)+len(sw.Releases) != 0 {
			t.Fatalf("a day and a minute ahead: %+v", sw)
		}
		// The automation's scheduler knows when: the day's reminder, the 2 hours', the release.
		if dues, err := db.ListDeadlineDues(ctx, payBy.Add(-24*time.Hour-time.Minute)); err != nil || len(dues) != 0 {
			t.Fatalf("dues before the day's reminder %v, %v", dues, err)
		}
		if dues, err := db.ListDeadlineDues(ctx, payBy.Add(-24*time.Hour)); err != nil ||
			!slices.Equal(dues, []time.Time{payBy.Add(-24 * time.Hour), payBy.Add(-2 * time.Hour), payBy}) {
			t.Fatalf("dues %v, %v", dues, err)
		}
		// A day ahead: Dana owes $10.00 (Eli paid, the host's own square is theirs, Bob is a guest).
		sw := sweep(payBy.Add(-24 * time.Hour))
		if len(sw.Reminders) != 1 || sw.Reminders[0] != (store.DeadlineReminder{PoolID: p.ID, Kind: squares.ReminderDay, Sent: 1}) ||
			len(sw.Releases) != 0 {
			t.Fatalf("a day ahead: %+v", sw)
		}
		ms := mailOf(t, db, squares.MailPaymentReminder, dana.Email)
		if len(ms) != 1 || !ms[0].Essential || ms[0].PoolID != p.ID || ms[0].Data["instructions"] != "Venmo @dana\nor cash at the party" ||
			!strings.HasPrefix(ms[0].Data["message"], "Reminder: you owe the host $10.00 for 3 squares in Party. Please pay by ") {
			t.Fatalf("Dana's reminder %+v", ms)
		}
		for _, u := range []*squares.User{host, eli} {
			if n := len(mailOf(t, db, squares.MailPaymentReminder, u.Email)); n != 0 {
				t.Errorf("%s got %d reminders", u.FirstName, n)
			}
		}
		if dues, err := db.ListDeadlineDues(ctx, payBy.Add(-24*time.Hour)); err != nil ||
			!slices.Equal(dues, []time.Time{payBy.Add(-2 * time.Hour), payBy}) {
			t.Fatalf("dues after the day's reminder %v, %v", dues, err)
		}
		// Passes after it, a second server's included, send it no more.
		for _, at := range []time.Duration{-24 * time.Hour, -10 * time.Hour, -2*time.Hour - time.Second} {
			if sw := sweep(payBy.Add(at)); len(sw.Reminders)+len(sw.Releases) != 0 {
				t.Fatalf("again at payBy%v: %+v", at, sw)
			}
		}
		// 2 hours ahead: the second, once.
		if sw := sweep(payBy.Add(-2 * time.Hour)); len(sw.Reminders) != 1 || sw.Reminders[0].Kind != squares.ReminderHours || sw.Reminders[0].Sent != 1 {
			t.Fatalf("2 hours ahead: %+v", sw)
		}
		if sw := sweep(payBy.Add(-time.Hour)); len(sw.Reminders)+len(sw.Releases) != 0 {
			t.Fatalf("an hour ahead: %+v", sw)
		}
		if n := len(mailOf(t, db, squares.MailPaymentReminder, dana.Email)); n != 2 || len(notified(t, db, dana.ID, squares.NotifyPaymentReminder)) != 2 {
			t.Fatalf("Dana has %d reminders", n)
		}

		// The host's own: the host only, one every 6 hours.
		clock.Set(payBy.Add(-90 * time.Minute))
		_, err = db.SendReminder(ctx, dana, p.ID)
		wantCode(t, err, squares.EFORBIDDEN, "")
		if sent, err := db.SendReminder(ctx, host, p.ID); err != nil || sent != 1 {
			t.Fatalf("host's reminder: %d, %v", sent, err)
		}
		clock.Set(payBy.Add(-30 * time.Minute))
		_, err = db.SendReminder(ctx, host, p.ID)
		wantCode(t, err, squares.ETOOMANY, "")
		if n := len(mailOf(t, db, squares.MailPaymentReminder, dana.Email)); n != 3 {
			t.Fatalf("Dana has %d reminders after the host's, want 3", n)
		}

		// At payBy: Dana's last square (her payment covers the first two) and Bob's two go; the host's stays.
		sw = sweep(payBy)
		if len(sw.Releases) != 1 || sw.Releases[0] != (store.DeadlineRelease{PoolID: p.ID, Squares: 3}) || len(sw.Reminders) != 0 {
			t.Fatalf("at payBy: %+v", sw)
		}
		_, sqs, err := db.FindBoard(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		var left []squares.Cell
		for _, sq := range sqs {
			left = append(left, squares.Cell{Row: sq.Row, Column: sq.Column})
		}
		slices.SortFunc(left, func(a, b squares.Cell) int { return (a.Row*10 + a.Column) - (b.Row*10 + b.Column) })
		want := []squares.Cell{{Row: 0, Column: 0}, {Row: 0, Column: 1}, {Row: 1, Column: 0}, {Row: 2, Column: 0}}
		if !slices.Equal(left, want) {
			t.Fatalf("squares left %v, want %v", left, want)
		}
		cur, _ := db.FindPool(ctx, p.ID, 0)
		if cur.SquaresTaken != 4 || cur.DistinctPlayers != 3 {
			t.Errorf("pool after the release: %d taken, %d players", cur.SquaresTaken, cur.DistinctPlayers)
		}
		if ns := notified(t, db, dana.ID, squares.NotifyUnpaidReleased); len(ns) != 1 ||
			ns[0].Message != "1 square not paid for by the deadline in Party was released and free for others to take." {
			t.Errorf("Dana's notice %+v", ns)
		}
		if ms := mailOf(t, db, squares.MailUnpaidReleased, dana.Email); len(ms) != 1 {
			t.Errorf("Dana's release e-mails %+v", ms)
		}
		if ns := notified(t, db, host.ID, squares.NotifyHostUnpaidReleased); len(ns) != 1 ||
			ns[0].Message != "At the payment deadline of Party, 3 squares not paid for were released: Dana T. (1), Bob (2)." {
			t.Errorf("host's notice %+v", ns)
		}
		if len(notified(t, db, eli.ID, squares.NotifyUnpaidReleased)) != 0 {
			t.Error("Eli, who paid, was told of a release")
		}
		// Once: a later pass releases nothing more.
		if sw := sweep(payBy.Add(time.Hour)); len(sw.Reminders)+len(sw.Releases) != 0 {
			t.Fatalf("after payBy: %+v", sw)
		}

		actions, hs := historyActions(t, db, host, p.ID)
		var deadline []string
		for _, a := range actions {
			if strings.HasPrefix(a, "reminder.") || a == squares.DeadlineRelease {
				deadline = append(deadline, a)
			}
		}
		if w := []string{"reminder.24h", "reminder.2h", "reminder.send", "square.release", "square.release"}; !slices.Equal(deadline, w) {
			t.Errorf("deadline history %v, want %v", deadline, w)
		}
		for _, h := range hs {
			switch h.Action {
			case squares.ReminderDay:
				if h.ActorID != 0 || h.ActorName != "Squares" || !strings.Contains(h.Summary, "Dana T. ($10.00)") {
					t.Errorf("day's reminder entry %+v", h)
				}
			case squares.HostSendReminder:
				if h.ActorID != host.ID {
					t.Errorf("host's reminder entry %+v", h)
				}
			case squares.DeadlineRelease:
				if h.ActorID != 0 || h.UserID == 0 && h.GuestID != bob.ID || !strings.Contains(h.Summary, "not paid for by the payment deadline") {
					t.Errorf("release entry %+v", h)
				}
			}
		}
		if after := ledgerState(t, db); after != before {
			t.Fatalf("the deadline moved the ledger: %s, then %s", before, after)
		}
	})
}

// TestDeadlineAfterDrawReleasesNothing: once a host pool's numbers are drawn, its payment deadline
// releases nothing; what is owed stays in the host's list. Members who owe are still reminded.
func TestDeadlineAfterDrawReleasesNothing(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		host, dana := addPlayer(t, db, "Host"), addPlayer(t, db, "Dana")
		p := hostPool(t, db, host, g.ID, 100).Pool
		payBy := *p.PayBy
		if _, err := db.JoinPool(ctx, dana, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{UserID: dana.ID},
			Random: 25}); err != nil {
			t.Fatal(err)
		}
		fillWithGuests(t, db, host, p.ID)
		if cur, _ := db.FindPool(ctx, p.ID, 0); !cur.NumbersGenerated() {
			t.Fatal("not drawn")
		}
		clock.Set(payBy.Add(-2 * time.Hour))
		sw, err := db.SweepDeadlines(ctx, clock.Now())
		if err != nil || len(sw.Reminders) != 1 || sw.Reminders[0].Sent != 1 {
			t.Fatalf("2 hours ahead of a drawn pool: %+v, %v", sw, err)
		}
		if ms := mailOf(t, db, squares.MailPaymentReminder, dana.Email); len(ms) != 1 || strings.Contains(ms[0].Data["message"], "released") {
			t.Fatalf("reminder of a drawn pool %+v", ms)
		}
		for _, at := range []time.Time{payBy, payBy.Add(time.Hour)} {
			clock.Set(at)
			sw, err := db.SweepDeadlines(ctx, at)
			if err != nil || len(sw.Releases) != 0 || len(sw.Reminders) != 0 {
				t.Fatalf("at %v: %+v, %v", at, sw, err)
			}
		}
		cur, _ := db.FindPool(ctx, p.ID, 0)
		bs, err := db.ListPayments(ctx, host, p.ID)
		if err != nil || cur.SquaresTaken != squares.SquaresPerPool {
			t.Fatalf("after payBy: %d taken, %v", cur.SquaresTaken, err)
		}
		if b := balanceOf(t, bs, squares.Player{UserID: dana.ID}); b.Squares != 25 || b.Balance != 2500 {
			t.Errorf("Dana's account %+v: still owes $25.00", b)
		}
	})
}

// fillWithGuests fills a host pool's free squares with guests, 25 each at most.
func fillWithGuests(t *testing.T, db *store.DB, host *squares.User, poolID int64) {
	t.Helper()
	ctx := context.Background()
	for i := 0; ; i++ {
		cur, _ := db.FindPool(ctx, poolID, 0)
		if cur.SquaresTaken == squares.SquaresPerPool {
			return
		}
		gu, err := db.AddGuest(ctx, host, poolID, squares.GuestInput{Name: fmt.Sprintf("Guest %d", i)}, squares.PrivatePoolRules{})
		if err != nil {
			t.Fatal(err)
		}
		n := min(squares.MaxPrivateSquares, squares.SquaresPerPool-cur.SquaresTaken)
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: poolID, Actor: host, Player: squares.Player{GuestID: gu.ID}, Random: n}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHostPrizePaid: a host pool's prizes are host_pays until the host marks each paid, then host_paid,
// once (again changes nothing); only the host marks them; the winner is told and sees it in their prizes;
// nothing is credited and the ledger sum does not move.
func TestHostPrizePaid(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		g, _ := addGame(t, db, "W12", t0.Add(72*time.Hour))
		host := addPlayer(t, db, "Host")
		before := ledgerState(t, db)
		p := hostPool(t, db, host, g.ID, 1000).Pool
		// Four members own every square: every period's winner is a member.
		var members []*squares.User
		for i := range 4 {
			m := addPlayer(t, db, fmt.Sprintf("Member%d", i))
			if _, err := db.JoinPool(ctx, m, p.InviteCode, squares.PrivatePoolRules{}); err != nil {
				t.Fatal(err)
			}
			if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: p.ID, Actor: host, Player: squares.Player{UserID: m.ID},
				Random: 25}); err != nil {
				t.Fatal(err)
			}
			members = append(members, m)
		}
		_, err := db.MarkHostPrizePaid(ctx, host, p.ID, "period:Q1")
		wantCode(t, err, squares.ENOTFOUND, "This prize has no winner yet.")
		for _, u := range game {
			if _, err := db.ApplyScore(ctx, g.ID, u); err != nil {
				t.Fatalf("%+v: %v", u, err)
			}
		}
		ws, err := db.ListWinners(ctx, p.ID)
		if err != nil || len(ws) != 4 {
			t.Fatalf("winners %d, %v", len(ws), err)
		}
		w1 := ws[0]
		if w1.Status != squares.WinnerHostPays || w1.PaidAt != nil || w1.UserID == 0 {
			t.Fatalf("Q1 before: %+v", w1)
		}
		if ns := notified(t, db, w1.UserID, squares.NotifyHostPrizeWon); len(ns) == 0 || !strings.Contains(ns[0].Message, "The host pays you directly") {
			t.Errorf("Q1's winner was not told of the win: %+v", ns)
		}
		_, err = db.MarkHostPrizePaid(ctx, members[0], p.ID, "period:Q1")
		wantCode(t, err, squares.EFORBIDDEN, "")
		paid, err := db.MarkHostPrizePaid(ctx, host, p.ID, "period:Q1")
		if err != nil || paid.Status != squares.WinnerHostPaid || paid.PaidAt == nil || !paid.PaidAt.Equal(t0) || paid.Period != 1 {
			t.Fatalf("marked: %+v, %v", paid, err)
		}
		again, err := db.MarkHostPrizePaid(ctx, host, p.ID, "period:Q1")
		if err != nil || again.Status != squares.WinnerHostPaid || !again.PaidAt.Equal(*paid.PaidAt) {
			t.Fatalf("again: %+v, %v", again, err)
		}
		ws, _ = db.ListWinners(ctx, p.ID)
		if ws[0].Status != squares.WinnerHostPaid || ws[0].PaidAt == nil || ws[1].Status != squares.WinnerHostPays {
			t.Errorf("winners after: %+v, %+v", ws[0], ws[1])
		}
		if ns := notified(t, db, w1.UserID, squares.NotifyHostPrizePaid); len(ns) != 1 || !strings.Contains(ns[0].Message, "Q1 of Party") {
			t.Errorf("Q1's winner told %+v", ns)
		}
		// The winner's prizes: none credited by Squares; the wins the host pays, Q1 paid.
		if zs, _ := db.ListUserPrizes(ctx, w1.UserID); len(zs) != 0 {
			t.Errorf("Squares prizes %+v", zs)
		}
		wins, err := db.ListUserHostWins(ctx, w1.UserID)
		if err != nil || len(wins) == 0 {
			t.Fatalf("host wins %v, %v", wins, err)
		}
		found := false
		for _, z := range wins {
			if z.PoolID != p.ID || z.UserID != w1.UserID || z.PoolName != "Party" || z.ID != 0 || z.WinnerID == 0 {
				t.Errorf("host win %+v", z)
			}
			if z.Period == 1 {
				found = true
				if z.Status != squares.WinnerHostPaid || z.PaidAt == nil || z.Amount != w1.Amount || z.ClaimedAt != nil {
					t.Errorf("Q1 in the winner's prizes %+v", z)
				}
			} else if z.Status != squares.WinnerHostPays || z.PaidAt != nil {
				t.Errorf("%d in the winner's prizes %+v", z.Period, z)
			}
		}
		if !found {
			t.Errorf("Q1 not in the winner's prizes %+v", wins)
		}
		actions, _ := historyActions(t, db, host, p.ID)
		if n := len(slices.DeleteFunc(actions, func(a string) bool { return a != squares.HostMarkPrizePaid })); n != 1 {
			t.Errorf("%d prize.paid entries, want 1", n)
		}
		if after := ledgerState(t, db); after != before {
			t.Fatalf("a host pool's prizes moved the ledger: %s, then %s", before, after)
		}
	})
}
