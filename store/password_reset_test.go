package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// resetMail returns the outbox's password reset messages to an address, oldest first.
func resetMail(t *testing.T, db *store.DB, to string) []*squares.Mail {
	t.Helper()
	var out []*squares.Mail
	for _, m := range mailTo(t, db, to) {
		if m.Kind == squares.MailPasswordReset {
			out = append(out, m)
		}
	}
	return out
}

func newToken(t *testing.T) string {
	t.Helper()
	token, _, err := squares.NewPasswordResetToken()
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// TestRequestPasswordReset: a player's request keeps the token's hash and queues the e-mail carrying the
// token, together; a second request replaces the first link and skips its unsent e-mail; unknown
// addresses, admins and disabled accounts get nothing.
func TestRequestPasswordReset(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		pat := addPlayer(t, db, "pat")

		first := newToken(t)
		if queued, err := db.RequestPasswordReset(ctx, "  "+pat.Email+" ", first); err != nil || !queued {
			t.Fatalf("request = %v, %v", queued, err)
		}
		ms := resetMail(t, db, pat.Email)
		if len(ms) != 1 || !ms[0].Essential || ms[0].UserID != pat.ID || ms[0].Status != squares.MailQueued ||
			ms[0].Secret != first || ms[0].Data["firstName"] != "pat" ||
			ms[0].Data["expiresAt"] != t0.Add(time.Hour).Format(time.RFC3339) {
			t.Fatalf("reset mail = %+v", ms)
		}
		// The database keeps the token's hash, never the token, in the reset table.
		if kept, err := db.ResetHashesForTest(ctx, pat.ID); err != nil || len(kept) != 1 ||
			kept[0] != squares.HashPasswordResetToken(first) || kept[0] == first {
			t.Errorf("kept %q for token %q (%v)", kept, first, err)
		}
		if u, err := db.CheckPasswordReset(ctx, first); err != nil || u.ID != pat.ID {
			t.Errorf("check first = %v, %v", u, err)
		}

		// A second request replaces the first link; the first e-mail, not sent yet, is skipped without its token.
		clock.Add(time.Minute)
		second := newToken(t)
		if queued, err := db.RequestPasswordReset(ctx, pat.Email, second); err != nil || !queued {
			t.Fatalf("second request = %v, %v", queued, err)
		}
		ms = resetMail(t, db, pat.Email)
		if len(ms) != 2 || ms[0].Status != squares.MailSkipped || ms[0].Secret != "" || ms[1].Status != squares.MailQueued ||
			ms[1].Secret != second {
			t.Fatalf("reset mail after a second request = %+v", ms)
		}
		_, err := db.CheckPasswordReset(ctx, first)
		wantCode(t, err, squares.EINVALID, squares.ErrResetLinkReplaced.Message)
		if _, err := db.CheckPasswordReset(ctx, second); err != nil {
			t.Errorf("check second: %v", err)
		}

		// Nothing for an unknown address, an admin's username, an admin with an address, a disabled account.
		admin, actx := addAdmin(t, db, "boss")
		promoted := addPlayer(t, db, "promo")
		role := squares.RoleAdmin
		if _, err := db.UpdateUser(actx, promoted.ID, squares.UserUpdate{Role: &role}); err != nil {
			t.Fatal(err)
		}
		off := addPlayer(t, db, "off")
		disabled := true
		if _, err := db.UpdateUser(actx, off.ID, squares.UserUpdate{Disabled: &disabled}); err != nil {
			t.Fatal(err)
		}
		before, _ := db.ListMail(ctx, "", 500)
		for _, addr := range []string{"nobody@example.com", admin.Username, promoted.Email, off.Email, ""} {
			if queued, err := db.RequestPasswordReset(ctx, addr, newToken(t)); err != nil || queued {
				t.Errorf("request for %q = %v, %v", addr, queued, err)
			}
		}
		after, _ := db.ListMail(ctx, "", 500)
		if len(after) != len(before) {
			t.Errorf("requests for no player's address queued %d messages", len(after)-len(before))
		}
	})
}

// TestResetPassword: a link sets the password once, within 60 minutes, ending every session of the
// account (one event tells every instance) and telling the owner by e-mail; used, expired, replaced and
// unknown links change nothing.
func TestResetPassword(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		pat, other := addPlayer(t, db, "pat"), addPlayer(t, db, "other")
		addSession(t, db, "pat-phone", pat, t0)
		addSession(t, db, "pat-laptop", pat, t0)
		addSession(t, db, "other", other, t0)
		token := newToken(t)
		if _, err := db.RequestPasswordReset(ctx, pat.Email, token); err != nil {
			t.Fatal(err)
		}
		events := listen(t, db)

		clock.Add(59 * time.Minute)
		u, err := db.ResetPassword(ctx, token, "new-hash")
		if err != nil || u.ID != pat.ID {
			t.Fatalf("reset = %v, %v", u, err)
		}
		if got, _ := db.FindUserByID(ctx, pat.ID); got.PasswordHash != "new-hash" {
			t.Errorf("password hash = %q", got.PasswordHash)
		}
		for _, h := range []string{"pat-phone", "pat-laptop"} {
			_, err := db.FindSession(ctx, h)
			wantCode(t, err, squares.ENOTFOUND, "")
		}
		if _, err := db.FindSession(ctx, "other"); err != nil {
			t.Errorf("another player's session ended: %v", err)
		}
		ev := events()
		if len(ev) == 0 {
			t.Fatal("no event told the instances")
		}
		for _, e := range ev {
			if e.Kind != squares.EventAccount || e.UserID != pat.ID {
				t.Errorf("event %+v", e)
			}
		}
		// The owner is told; the reset e-mail (still queued here) no longer carries the used link.
		var changed *squares.Mail
		for _, m := range mailTo(t, db, pat.Email) {
			switch m.Kind {
			case squares.MailPasswordChanged:
				changed = m
			case squares.MailPasswordReset:
				if m.Secret != "" || m.Status != squares.MailSkipped {
					t.Errorf("the used link's e-mail = %+v", m)
				}
			}
		}
		if changed == nil || !changed.Essential || changed.Data["how"] != "reset" || changed.Status != squares.MailQueued {
			t.Errorf("password changed mail = %+v", changed)
		}

		// Used once: never again, even with another password.
		_, err = db.ResetPassword(ctx, token, "third-hash")
		wantCode(t, err, squares.EINVALID, squares.ErrResetLinkUsed.Message)
		// Expired: 60 minutes after it was asked for.
		late := newToken(t)
		if _, err := db.RequestPasswordReset(ctx, other.Email, late); err != nil {
			t.Fatal(err)
		}
		clock.Add(time.Hour)
		_, err = db.ResetPassword(ctx, late, "late-hash")
		wantCode(t, err, squares.EINVALID, squares.ErrResetLinkExpired.Message)
		_, err = db.ResetPassword(ctx, "no-such-token", "x")
		wantCode(t, err, squares.EINVALID, squares.ErrResetLinkUnknown.Message)
		_, err = db.ResetPassword(ctx, "", "x")
		wantCode(t, err, squares.EINVALID, squares.ErrResetLinkUnknown.Message)
		if got, _ := db.FindUserByID(ctx, pat.ID); got.PasswordHash != "new-hash" {
			t.Errorf("a refused link changed the password: %q", got.PasswordHash)
		}
		if got, _ := db.FindUserByID(ctx, other.ID); got.PasswordHash != "not-a-hash" {
			t.Errorf("an expired link changed the password: %q", got.PasswordHash)
		}
		if _, err := db.FindSession(ctx, "other"); err != nil {
			t.Errorf("a refused link ended a session: %v", err)
		}

		// A link whose account was disabled since it was sent sets nothing.
		fresh := newToken(t)
		if _, err := db.RequestPasswordReset(ctx, other.Email, fresh); err != nil {
			t.Fatal(err)
		}
		_, actx := addAdmin(t, db, "boss")
		disabled := true
		if _, err := db.UpdateUser(actx, other.ID, squares.UserUpdate{Disabled: &disabled}); err != nil {
			t.Fatal(err)
		}
		_, err = db.ResetPassword(ctx, fresh, "x")
		wantCode(t, err, squares.EFORBIDDEN, squares.ErrAccountDisabled.Message)
	})
}

// TestResetPasswordOnce: the same link used many times at once sets the password once.
func TestResetPasswordOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		pat := addPlayer(t, db, "pat")
		token := newToken(t)
		if _, err := db.RequestPasswordReset(ctx, pat.Email, token); err != nil {
			t.Fatal(err)
		}
		const n = 8
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() { _, errs[i] = db.ResetPassword(ctx, token, "hash-"+string(rune('a'+i))) })
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if squares.ErrorCode(err) != squares.EINVALID {
				t.Errorf("a concurrent use failed otherwise: %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d uses succeeded, want 1", ok)
		}
		changed := 0
		for _, m := range mailTo(t, db, pat.Email) {
			if m.Kind == squares.MailPasswordChanged {
				changed++
			}
		}
		if changed != 1 {
			t.Errorf("%d password-changed e-mails", changed)
		}
	})
}

// TestChangePassword: a new password keeps the session that changed it, ends the others, stops unused
// reset links and tells the owner.
func TestChangePassword(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		pat := addPlayer(t, db, "pat")
		addSession(t, db, "here", pat, t0)
		addSession(t, db, "there", pat, t0)
		addSession(t, db, "elsewhere", pat, t0)
		link := newToken(t)
		if _, err := db.RequestPasswordReset(ctx, pat.Email, link); err != nil {
			t.Fatal(err)
		}
		events := listen(t, db)
		ended, err := db.ChangePassword(ctx, pat.ID, "changed-hash", "here")
		if err != nil || ended != 2 {
			t.Fatalf("change = %d, %v", ended, err)
		}
		if s, err := db.FindSession(ctx, "here"); err != nil || s.User.PasswordHash != "changed-hash" {
			t.Fatalf("the changing session = %+v, %v", s, err)
		}
		for _, h := range []string{"there", "elsewhere"} {
			_, err := db.FindSession(ctx, h)
			wantCode(t, err, squares.ENOTFOUND, "")
		}
		if ev := events(); len(ev) == 0 || ev[0].Kind != squares.EventAccount || ev[0].UserID != pat.ID {
			t.Errorf("events = %+v", ev)
		}
		_, err = db.CheckPasswordReset(ctx, link)
		wantCode(t, err, squares.EINVALID, squares.ErrResetLinkReplaced.Message)
		ms := mailTo(t, db, pat.Email)
		if last := ms[len(ms)-1]; last.Kind != squares.MailPasswordChanged || last.Data["how"] != "change" {
			t.Errorf("last mail = %+v", last)
		}
		_, err = db.ChangePassword(ctx, pat.ID+1000, "x", "")
		wantCode(t, err, squares.ENOTFOUND, "")
	})
}

// TestSessionsList: a user's unexpired sessions with the browser of each, the most recently used first;
// ending the others keeps one.
func TestSessionsList(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		pat, other := addPlayer(t, db, "pat"), addPlayer(t, db, "other")
		ua := "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
		for i, h := range []string{"old", "phone", "laptop"} {
			s := &store.Session{TokenHash: h, UserID: pat.ID, ExpiresAt: clock.Now().Add(squares.PlayerSessionIdle)}
			if h == "phone" {
				s.UserAgent = ua
			}
			if h == "old" {
				s.ExpiresAt = clock.Now().Add(time.Hour)
			}
			if err := db.CreateSession(ctx, s, ""); err != nil {
				t.Fatal(err)
			}
			clock.Add(time.Duration(i+1) * time.Minute)
		}
		addSession(t, db, "others", other, clock.Now())
		clock.Add(2 * time.Hour) // "old" has expired
		ss, err := db.ListSessions(ctx, pat.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(ss) != 2 || ss[0].TokenHash != "laptop" || ss[1].TokenHash != "phone" || ss[1].UserAgent != ua ||
			!ss[1].CreatedAt.Equal(t0.Add(time.Minute)) || ss[0].UserAgent != "" {
			t.Fatalf("sessions = %+v", ss)
		}
		if id := ss[0].PublicID(); id == "" || id == ss[1].PublicID() || id == ss[0].TokenHash || len(id) != 24 {
			t.Errorf("public ids %q %q", id, ss[1].PublicID())
		}
		n, err := db.EndOtherSessions(ctx, pat.ID, "phone")
		if err != nil || n != 2 { // the expired one goes too
			t.Fatalf("end others = %d, %v", n, err)
		}
		if ss, _ := db.ListSessions(ctx, pat.ID); len(ss) != 1 || ss[0].TokenHash != "phone" {
			t.Errorf("sessions left = %+v", ss)
		}
		if ss, _ := db.ListSessions(ctx, other.ID); len(ss) != 1 {
			t.Errorf("another player's sessions = %+v", ss)
		}
	})
}

// TestResetMailSecret: a reset e-mail's token is kept only while the message is queued: the claim that
// sends it reads it, and it is gone once the message is sent, failed for good or skipped; a retry keeps it.
func TestResetMailSecret(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		a, b, c := addPlayer(t, db, "ann"), addPlayer(t, db, "bo"), addPlayer(t, db, "cy")
		tokens := map[int64]string{}
		for _, u := range []*squares.User{a, b, c} {
			tokens[u.ID] = newToken(t)
			if _, err := db.RequestPasswordReset(ctx, u.Email, tokens[u.ID]); err != nil {
				t.Fatal(err)
			}
		}
		claimed, err := db.ClaimMail(ctx, "sender", time.Minute, 2)
		if err != nil || len(claimed) != 2 {
			t.Fatalf("claim = %+v, %v", claimed, err)
		}
		for _, m := range claimed {
			if m.Secret != tokens[m.UserID] {
				t.Fatalf("claimed %d without its token: %q", m.ID, m.Secret)
			}
		}
		if ok, err := db.MarkMailSent(ctx, claimed[0].ID, "sender"); !ok || err != nil {
			t.Fatal(ok, err)
		}
		// A failure to retry keeps the token; the last failure drops it.
		if st, err := db.MarkMailFailed(ctx, claimed[1].ID, "sender", "451", 2); st != squares.MailQueued || err != nil {
			t.Fatal(st, err)
		}
		if m := resetMail(t, db, claimed[1].To); m[0].Secret == "" {
			t.Fatal("a message to retry lost its token")
		}
		clock.Add(squares.MailRetryDelay(1))
		again, err := db.ClaimMail(ctx, "retry", time.Minute, 10)
		if err != nil || len(again) != 2 {
			t.Fatalf("retry claim = %+v, %v", again, err)
		}
		for _, m := range again {
			if m.Secret == "" {
				t.Fatalf("claimed %d without its token", m.ID)
			}
			if m.ID == claimed[1].ID {
				if st, err := db.MarkMailFailed(ctx, m.ID, "retry", "550", 2); st != squares.MailFailed || err != nil {
					t.Fatal(st, err)
				}
			}
		}
		clock.Add(time.Minute) // the other's lease runs out, unsent
		if n, err := db.SkipMail(ctx, "no SMTP server"); n != 1 || err != nil {
			t.Fatal(n, err)
		}
		all, _ := db.ListMail(ctx, "", 100)
		for _, m := range all {
			if m.Secret != "" {
				t.Errorf("message %d (%s, %s) still holds its token", m.ID, m.Kind, m.Status)
			}
		}
	})
}

// TestExportUser: everything about a player, read together: the account, e-mail choice, sessions,
// squares, payments, notifications; nothing of another player's.
func TestExportUser(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		_, pools := addGame(t, db, "W12", t0.Add(72*time.Hour))
		free := setStatus(t, db, pools[0].ID, squares.PoolActive)
		pat, other := addPlayer(t, db, "pat"), addPlayer(t, db, "other")
		for _, u := range []*squares.User{pat, other} {
			off := 0
			if u == other {
				off = 50
			}
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: free.ID, User: u, Cells: cellsFrom(off, 2)}); err != nil {
				t.Fatal(err)
			}
			addSession(t, db, "session-"+u.FirstName, u, t0)
		}
		if err := db.SetEmailOptOut(ctx, pat.ID, true); err != nil {
			t.Fatal(err)
		}
		if err := db.NotifyForTest(ctx, pat.ID, squares.NotifyPrizeWon, "You won.", free.ID); err != nil {
			t.Fatal(err)
		}
		d, err := db.ExportUser(ctx, pat.ID)
		if err != nil {
			t.Fatal(err)
		}
		if d.User.ID != pat.ID || !d.EmailOptOut || len(d.Sessions) != 1 || d.Sessions[0].TokenHash != "session-pat" {
			t.Fatalf("export = %+v", d)
		}
		if len(d.Squares) != 2 || d.Squares[0].UserID != pat.ID || d.Squares[0].PoolName != free.Name ||
			d.Squares[0].HomeTeam != "Buffalo Bills" || d.Squares[0].State != squares.SquareOwned {
			t.Fatalf("squares = %+v", d.Squares)
		}
		if len(d.Notifications) != 1 || d.Notifications[0].Message != "You won." || len(d.Payments) != 0 || len(d.Prizes) != 0 {
			t.Fatalf("notifications %+v, payments %+v, prizes %+v", d.Notifications, d.Payments, d.Prizes)
		}
		_, err = db.ExportUser(ctx, pat.ID+1000)
		wantCode(t, err, squares.ENOTFOUND, "")
	})
}

// TestResetPasswordWhileRequesting: uses of a link and requests for new links on the same account at the
// same moment never deadlock (each takes the account, then its tokens): every call ends with a success or
// a refused link, and at most one use sets the password.
func TestResetPasswordWhileRequesting(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		pat := addPlayer(t, db, "pat")
		token := newToken(t)
		if _, err := db.RequestPasswordReset(ctx, pat.Email, token); err != nil {
			t.Fatal(err)
		}
		const n = 6
		var wg sync.WaitGroup
		uses, requests := make([]error, n), make([]error, n)
		for i := range n {
			wg.Go(func() { _, uses[i] = db.ResetPassword(ctx, token, "hash") })
			wg.Go(func() { _, requests[i] = db.RequestPasswordReset(ctx, pat.Email, newToken(t)) })
		}
		wg.Wait()
		ok := 0
		for i := range n {
			if requests[i] != nil {
				t.Errorf("request: %v", requests[i])
			}
			switch squares.ErrorCode(uses[i]) {
			case "":
				ok++
			case squares.EINVALID:
			default:
				t.Errorf("use: %v", uses[i])
			}
		}
		if ok > 1 {
			t.Errorf("%d uses succeeded", ok)
		}
	})
}
