package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// totpCode is the authenticator's code for secret at t.
func totpCode(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := squares.TOTPCode(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// An admin's two-factor sign-in from set-up to disabling: confirmation by a current code, codes accepted
// once, recovery codes used up, and the audit log told of enabling and disabling.
func TestTwoFactor(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, clock := openAt(t, engine)
		admin := addPlayer(t, db, "Ada")
		admin.Role, admin.Username = squares.RoleAdmin, "ada"
		ctx := squares.NewContextWithUser(context.Background(), admin)

		if st, err := db.TwoFactor(ctx, admin.ID); err != nil || st != (store.TwoFactorStatus{}) {
			t.Fatalf("status before set-up = %+v, %v", st, err)
		}
		if err := db.EnableTwoFactor(ctx, admin.ID, "123456", nil, ""); err == nil {
			t.Fatal("enabled without a secret")
		}
		// A first secret, replaced by a second before confirmation: only the second's codes confirm.
		first, _ := squares.NewTOTPKey("ada")
		second, _ := squares.NewTOTPKey("ada")
		if err := db.StartTwoFactor(ctx, admin.ID, first.Secret()); err != nil {
			t.Fatal(err)
		}
		if err := db.StartTwoFactor(ctx, admin.ID, second.Secret()); err != nil {
			t.Fatal(err)
		}
		if st, _ := db.TwoFactor(ctx, admin.ID); !st.Pending || st.Enabled {
			t.Fatalf("status after set-up = %+v", st)
		}
		wantCode(t, db.EnableTwoFactor(ctx, admin.ID, totpCode(t, first.Secret(), t0), nil, ""), squares.EINVALID, "Invalid authentication code")
		recovery, err := squares.NewRecoveryCodes()
		if err != nil || len(recovery) != 8 {
			t.Fatalf("recovery codes = %v, %v", recovery, err)
		}
		code := totpCode(t, second.Secret(), t0)
		if err := db.EnableTwoFactor(ctx, admin.ID, code, recovery, ""); err != nil {
			t.Fatal(err)
		}
		if st, _ := db.TwoFactor(ctx, admin.ID); !st.Enabled || st.Pending || st.RecoveryCodesLeft != 8 {
			t.Fatalf("status after enabling = %+v", st)
		}
		// Set-up again is refused while it is on.
		wantCode(t, db.StartTwoFactor(ctx, admin.ID, first.Secret()), squares.ECONFLICT, "")

		// The code that confirmed is not accepted again, nor the one before it; the next step's is, once.
		if _, err := db.CheckTwoFactor(ctx, admin.ID, code); squares.ErrorCode(err) != squares.EINVALID {
			t.Fatalf("the confirming code again: %v", err)
		}
		clock.Add(30 * time.Second)
		next := totpCode(t, second.Secret(), clock.Now())
		if rec, err := db.CheckTwoFactor(ctx, admin.ID, next); err != nil || rec {
			t.Fatalf("next step's code = %v, %v", rec, err)
		}
		if _, err := db.CheckTwoFactor(ctx, admin.ID, next); squares.ErrorCode(err) != squares.EINVALID {
			t.Fatalf("replayed code: %v", err)
		}
		// One step of skew either way: the code of the step ahead is accepted, and then nothing before it.
		clock.Add(60 * time.Second)
		ahead := totpCode(t, second.Secret(), clock.Now().Add(30*time.Second))
		behind := totpCode(t, second.Secret(), clock.Now().Add(-30*time.Second))
		if _, err := db.CheckTwoFactor(ctx, admin.ID, ahead); err != nil {
			t.Fatalf("code of the next step: %v", err)
		}
		if _, err := db.CheckTwoFactor(ctx, admin.ID, behind); squares.ErrorCode(err) != squares.EINVALID {
			t.Fatalf("a code older than the last accepted: %v", err)
		}
		// Two steps off is too far.
		clock.Add(5 * time.Minute)
		if _, err := db.CheckTwoFactor(ctx, admin.ID, totpCode(t, second.Secret(), clock.Now().Add(-time.Minute))); err == nil {
			t.Fatal("a code two steps old was accepted")
		}

		// A recovery code works once, typed in any case and with or without its dash.
		typed := "  " + recovery[3][:5] + recovery[3][6:] + " "
		if rec, err := db.CheckTwoFactor(ctx, admin.ID, typed); err != nil || !rec {
			t.Fatalf("recovery code = %v, %v", rec, err)
		}
		if _, err := db.CheckTwoFactor(ctx, admin.ID, recovery[3]); squares.ErrorCode(err) != squares.EINVALID {
			t.Fatalf("used recovery code again: %v", err)
		}
		if st, _ := db.TwoFactor(ctx, admin.ID); st.RecoveryCodesLeft != 7 {
			t.Fatalf("recovery codes left = %d", st.RecoveryCodesLeft)
		}

		// Disabling needs a good code; a wrong one changes nothing.
		wantCode(t, db.DisableTwoFactor(ctx, admin.ID, "000000x"), squares.EINVALID, "")
		if st, _ := db.TwoFactor(ctx, admin.ID); !st.Enabled {
			t.Fatal("a wrong code disabled two-factor")
		}
		clock.Add(30 * time.Second)
		if err := db.DisableTwoFactor(ctx, admin.ID, totpCode(t, second.Secret(), clock.Now())); err != nil {
			t.Fatal(err)
		}
		if st, _ := db.TwoFactor(ctx, admin.ID); st != (store.TwoFactorStatus{}) {
			t.Fatalf("status after disabling = %+v", st)
		}
		if _, err := db.CheckTwoFactor(ctx, admin.ID, recovery[0]); squares.ErrorCode(err) != squares.ECONFLICT {
			t.Fatalf("a recovery code after disabling: %v", err)
		}

		entries, _, err := db.ListAudit(ctx, store.AuditFilter{})
		if err != nil || len(entries) != 2 {
			t.Fatalf("audit = %d entries, %v", len(entries), err)
		}
		disable, enable := entries[0], entries[1]
		if enable.Action != "user.two_factor.enable" || enable.UserID != admin.ID || enable.AdminName != "ada" ||
			string(enable.After) != `{"twoFactor":true}` {
			t.Errorf("enable entry = %+v", enable)
		}
		if disable.Action != "user.two_factor.disable" || string(disable.After) != `{"twoFactor":false}` {
			t.Errorf("disable entry = %+v", disable)
		}
	})
}

// A sign-in waiting for its second factor lasts its time, and ends once.
func TestLoginChallenge(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, clock := openAt(t, engine)
		ctx := context.Background()
		admin := addPlayer(t, db, "Ada")
		if err := db.CreateLoginChallenge(ctx, "hash-1", admin.ID, 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		if u, err := db.LoginChallengeUser(ctx, "hash-1"); err != nil || u.ID != admin.ID {
			t.Fatalf("challenge user = %v, %v", u, err)
		}
		wantCode(t, func() error { _, err := db.LoginChallengeUser(ctx, "hash-2"); return err }(), squares.ENOTFOUND, "")
		if ended, err := db.EndLoginChallenge(ctx, "hash-1"); err != nil || !ended {
			t.Fatalf("end = %v, %v", ended, err)
		}
		if ended, err := db.EndLoginChallenge(ctx, "hash-1"); err != nil || ended {
			t.Fatalf("second end = %v, %v", ended, err)
		}
		// An expired challenge is not found, and the next one made sweeps it away.
		if err := db.CreateLoginChallenge(ctx, "hash-3", admin.ID, 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		clock.Add(5 * time.Minute)
		wantCode(t, func() error { _, err := db.LoginChallengeUser(ctx, "hash-3"); return err }(), squares.ENOTFOUND, "")
		if err := db.CreateLoginChallenge(ctx, "hash-4", admin.ID, 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		if ended, _ := db.EndLoginChallenge(ctx, "hash-3"); ended {
			t.Error("an expired challenge was not swept")
		}
	})
}

// Turning two-factor sign-in on ends the admin's other sessions, which signed in with the password alone,
// and tells every instance; the session that turned it on stays, as do other users' sessions.
func TestEnableTwoFactorEndsOtherSessions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, _ := openAt(t, engine)
		admin, ctx := addAdmin(t, db, "ada")
		player := addPlayer(t, db, "pat")
		addSession(t, db, "ada-here", admin, t0)
		addSession(t, db, "ada-laptop", admin, t0)
		addSession(t, db, "pat-1", player, t0)
		events := listen(t, db)
		key, _ := squares.NewTOTPKey("ada")
		if err := db.StartTwoFactor(ctx, admin.ID, key.Secret()); err != nil {
			t.Fatal(err)
		}
		if err := db.EnableTwoFactor(ctx, admin.ID, totpCode(t, key.Secret(), t0), nil, "ada-here"); err != nil {
			t.Fatal(err)
		}
		if s, err := db.FindSession(ctx, "ada-here"); err != nil || s.User.ID != admin.ID {
			t.Fatalf("the enabling session = %+v, %v", s, err)
		}
		wantCode(t, func() error { _, err := db.FindSession(ctx, "ada-laptop"); return err }(), squares.ENOTFOUND, "")
		if _, err := db.FindSession(ctx, "pat-1"); err != nil {
			t.Fatalf("another user's session: %v", err)
		}
		if got := events(); len(got) != 1 || got[0].Kind != squares.EventAccount || got[0].UserID != admin.ID {
			t.Errorf("events = %+v", got)
		}
	})
}

// A session read says whether its user has two-factor sign-in on (an admin's powers depend on it), and
// every change of it (on, off, an operator's reset) tells every instance, which forget the sessions they
// keep for the user.
func TestSessionReadsTwoFactor(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, clock := openAt(t, engine)
		admin, ctx := addAdmin(t, db, "ada")
		addSession(t, db, "ada-here", admin, t0)
		twoFactor := func(want bool) {
			t.Helper()
			if s, err := db.FindSession(ctx, "ada-here"); err != nil || s.TwoFactor != want {
				t.Fatalf("session = %+v, %v; want TwoFactor %v", s, err, want)
			}
		}
		events := listen(t, db)
		accountEvents := func(want int) {
			t.Helper()
			n := 0
			for _, e := range events() {
				if e.Kind == squares.EventAccount && e.UserID == admin.ID {
					n++
				}
			}
			if n != want {
				t.Fatalf("%d account events, want %d", n, want)
			}
		}
		twoFactor(false)
		key, _ := squares.NewTOTPKey("ada")
		if err := db.StartTwoFactor(ctx, admin.ID, key.Secret()); err != nil {
			t.Fatal(err)
		}
		twoFactor(false) // waiting for confirmation is not on
		if err := db.EnableTwoFactor(ctx, admin.ID, totpCode(t, key.Secret(), t0), nil, "ada-here"); err != nil {
			t.Fatal(err)
		}
		twoFactor(true)
		accountEvents(1) // no other session ended, and still every instance is told
		clock.Add(30 * time.Second)
		if err := db.DisableTwoFactor(ctx, admin.ID, totpCode(t, key.Secret(), clock.Now())); err != nil {
			t.Fatal(err)
		}
		twoFactor(false)
		accountEvents(1)
		if err := db.StartTwoFactor(ctx, admin.ID, key.Secret()); err != nil {
			t.Fatal(err)
		}
		if was, err := db.ResetTwoFactor(ctx, admin.ID); err != nil || !was {
			t.Fatalf("reset = %v, %v", was, err)
		}
		accountEvents(1)
	})
}
