package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestUsers(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)

		u := &squares.User{Email: squares.NormalizeEmail(" Ann.Lee@Example.com "), PasswordHash: "h1", FirstName: "Ann",
			LastName: "Lee", DateOfBirth: "1990-04-01", ResidenceState: "NY", ResidenceCountry: "US",
			IsAgeVerified: true, IsEligibleToBet: true}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if u.ID <= 0 || u.Role != squares.RoleUser || !u.CreatedAt.Equal(t0) || !u.UpdatedAt.Equal(t0) {
			t.Errorf("created user = %+v", u)
		}

		// Callers normalise e-mails, so another case of the same address is a conflict.
		clock.Add(time.Minute)
		dup := &squares.User{Email: squares.NormalizeEmail("ANN.LEE@example.COM"), PasswordHash: "h2", FirstName: "Impostor"}
		wantCode(t, db.CreateUser(ctx, dup), squares.ECONFLICT, "An account with this email already exists")

		for name, find := range map[string]func() (*squares.User, error){
			"id":           func() (*squares.User, error) { return db.FindUserByID(ctx, u.ID) },
			"email":        func() (*squares.User, error) { return db.FindUserByEmail(ctx, "ann.lee@example.com") },
			"e-mail cased": func() (*squares.User, error) { return db.FindUserByEmail(ctx, "  ANN.Lee@example.com") },
		} {
			got, err := find()
			if err != nil {
				t.Fatalf("find by %s: %v", name, err)
			}
			if got.ID != u.ID || got.Email != "ann.lee@example.com" || got.PasswordHash != "h1" || got.FirstName != "Ann" ||
				got.LastName != "Lee" || got.Role != squares.RoleUser || got.DateOfBirth != "1990-04-01" ||
				got.ResidenceState != "NY" || got.ResidenceCountry != "US" || !got.IsAgeVerified || !got.IsEligibleToBet ||
				!got.CreatedAt.Equal(t0) || got.Username != "" {
				t.Errorf("find by %s = %+v", name, got)
			}
		}
		_, err := db.FindUserByID(ctx, u.ID+1000)
		wantCode(t, err, squares.ENOTFOUND, "User not found.")
		_, err = db.FindUserByEmail(ctx, "nobody@example.com")
		wantCode(t, err, squares.ENOTFOUND, "")
		_, err = db.FindUserByUsername(ctx, "nobody")
		wantCode(t, err, squares.ENOTFOUND, "")

		// A player without verification, then verified.
		bo := &squares.User{Email: "bo@example.com", PasswordHash: "h", FirstName: "Bo"}
		if err := db.CreateUser(ctx, bo); err != nil {
			t.Fatal(err)
		}
		clock.Add(time.Hour)
		got, err := db.VerifyAge(ctx, bo.ID, "1985-02-03", "UT", "US", true, false)
		if err != nil {
			t.Fatal(err)
		}
		if got.DateOfBirth != "1985-02-03" || got.ResidenceState != "UT" || got.ResidenceCountry != "US" ||
			!got.IsAgeVerified || got.IsEligibleToBet || got.ComplianceStatus() != squares.ComplianceRestricted ||
			!got.UpdatedAt.Equal(clock.Now()) || !got.CreatedAt.Equal(t0.Add(time.Minute)) {
			t.Errorf("verified user = %+v", got)
		}
		_, err = db.VerifyAge(ctx, 99999, "1985-02-03", "NY", "US", true, true)
		wantCode(t, err, squares.ENOTFOUND, "")
		// Verified details are locked: another state or date is a conflict that changes nothing; the same
		// details again succeed.
		_, err = db.VerifyAge(ctx, bo.ID, "1985-02-03", "NY", "US", true, true)
		wantCode(t, err, squares.ECONFLICT, squares.ErrVerifiedDetailsLocked.Message)
		_, err = db.VerifyAge(ctx, bo.ID, "1985-02-04", "UT", "US", true, false)
		wantCode(t, err, squares.ECONFLICT, "")
		if got, err := db.FindUserByID(ctx, bo.ID); err != nil || got.ResidenceState != "UT" || got.DateOfBirth != "1985-02-03" ||
			got.IsEligibleToBet {
			t.Errorf("after refused changes = %+v, %v", got, err)
		}
		if got, err := db.VerifyAge(ctx, bo.ID, "1985-02-03", "UT", "US", true, false); err != nil || got.ResidenceState != "UT" {
			t.Errorf("the same details again = %+v, %v", got, err)
		}

		// Admins are not counted as players.
		if _, err := db.EnsureAdmin(ctx, "boss", "admin-hash"); err != nil {
			t.Fatal(err)
		}
		if n, err := db.CountUsers(ctx); err != nil || n != 2 {
			t.Errorf("CountUsers = %d, %v; want 2", n, err)
		}
	})
}

func TestEnsureAdmin(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)

		a, err := db.EnsureAdmin(ctx, "boss", "hash-1")
		if err != nil {
			t.Fatal(err)
		}
		if a.ID <= 0 || a.Username != "boss" || a.Email != "" || a.Role != squares.RoleAdmin || !a.IsAdmin() ||
			a.PasswordHash != "hash-1" || !a.IsAgeVerified {
			t.Fatalf("new admin = %+v", a)
		}
		// A second admin has no e-mail either: admins without e-mail do not collide.
		other, err := db.EnsureAdmin(ctx, "deputy", "hash-x")
		if err != nil || other.ID == a.ID {
			t.Fatalf("second admin = %+v, %v", other, err)
		}
		found, err := db.FindUserByUsername(ctx, "boss")
		if err != nil || found.ID != a.ID || !found.IsAdmin() {
			t.Fatalf("FindUserByUsername = %+v, %v", found, err)
		}

		sess := &store.Session{TokenHash: "admin-session", UserID: a.ID, ExpiresAt: clock.Now().Add(24 * time.Hour)}
		if err := db.CreateSession(ctx, sess, ""); err != nil {
			t.Fatal(err)
		}
		// The same password keeps the sessions.
		if again, err := db.EnsureAdmin(ctx, "boss", "hash-1"); err != nil || again.ID != a.ID {
			t.Fatalf("EnsureAdmin again = %+v, %v", again, err)
		}
		if _, err := db.FindSessionUser(ctx, "admin-session"); err != nil {
			t.Fatalf("session after an unchanged password: %v", err)
		}
		// A new password updates the hash and ends the admin's sessions, not the other admin's.
		otherSess := &store.Session{TokenHash: "deputy-session", UserID: other.ID, ExpiresAt: clock.Now().Add(time.Hour)}
		if err := db.CreateSession(ctx, otherSess, ""); err != nil {
			t.Fatal(err)
		}
		clock.Add(time.Minute)
		changed, err := db.EnsureAdmin(ctx, "boss", "hash-2")
		if err != nil || changed.ID != a.ID || changed.PasswordHash != "hash-2" || !changed.UpdatedAt.Equal(clock.Now()) {
			t.Fatalf("EnsureAdmin with a new password = %+v, %v", changed, err)
		}
		_, err = db.FindSessionUser(ctx, "admin-session")
		wantCode(t, err, squares.ENOTFOUND, "")
		if u, err := db.FindSessionUser(ctx, "deputy-session"); err != nil || u.ID != other.ID {
			t.Errorf("the other admin's session = %v, %v", u, err)
		}
	})
}

func TestSessions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		u := addPlayer(t, db, "sam")

		s1 := &store.Session{TokenHash: "hash-one", UserID: u.ID, ExpiresAt: t0.Add(time.Hour)}
		if err := db.CreateSession(ctx, s1, ""); err != nil {
			t.Fatal(err)
		}
		if !s1.CreatedAt.Equal(t0) {
			t.Errorf("session created at %v", s1.CreatedAt)
		}
		got, err := db.FindSessionUser(ctx, "hash-one")
		if err != nil || got.ID != u.ID || got.Email != u.Email {
			t.Fatalf("FindSessionUser = %+v, %v", got, err)
		}
		_, err = db.FindSessionUser(ctx, "no-such-hash")
		wantCode(t, err, squares.ENOTFOUND, "Session not found.")

		// Before expiry it works; at expiry it is gone (read within squares.SessionTouchEvery of its start, it
		// was not touched, so its expiry did not slide).
		clock.Set(t0.Add(4 * time.Minute))
		if _, err := db.FindSessionUser(ctx, "hash-one"); err != nil {
			t.Fatalf("a second before expiry: %v", err)
		}
		clock.Set(t0.Add(time.Hour))
		_, err = db.FindSessionUser(ctx, "hash-one")
		wantCode(t, err, squares.ENOTFOUND, "")

		// A sign-in sweeps expired sessions: back in time, the expired one stays gone.
		clock.Set(t0.Add(2 * time.Hour))
		s2 := &store.Session{TokenHash: "hash-two", UserID: u.ID, ExpiresAt: t0.Add(48 * time.Hour)}
		if err := db.CreateSession(ctx, s2, ""); err != nil {
			t.Fatal(err)
		}
		clock.Set(t0)
		_, err = db.FindSessionUser(ctx, "hash-one")
		wantCode(t, err, squares.ENOTFOUND, "")

		// Rotation: the session the browser held is deleted when it signs in again.
		clock.Set(t0.Add(3 * time.Hour))
		s3 := &store.Session{TokenHash: "hash-three", UserID: u.ID, ExpiresAt: t0.Add(48 * time.Hour)}
		if err := db.CreateSession(ctx, s3, "hash-two"); err != nil {
			t.Fatal(err)
		}
		_, err = db.FindSessionUser(ctx, "hash-two")
		wantCode(t, err, squares.ENOTFOUND, "")
		if got, err := db.FindSessionUser(ctx, "hash-three"); err != nil || got.ID != u.ID {
			t.Fatalf("rotated session = %v, %v", got, err)
		}
		// Another device's session is untouched by a sign-in elsewhere.
		s4 := &store.Session{TokenHash: "hash-four", UserID: u.ID, ExpiresAt: t0.Add(48 * time.Hour)}
		if err := db.CreateSession(ctx, s4, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FindSessionUser(ctx, "hash-three"); err != nil {
			t.Errorf("a second device signed the first out: %v", err)
		}
		// A token hash is never reused.
		dup := &store.Session{TokenHash: "hash-four", UserID: u.ID, ExpiresAt: t0.Add(48 * time.Hour)}
		if err := db.CreateSession(ctx, dup, ""); err == nil {
			t.Error("a session with a taken token hash was created")
		}

		if err := db.DeleteSession(ctx, "hash-three"); err != nil {
			t.Fatal(err)
		}
		_, err = db.FindSessionUser(ctx, "hash-three")
		wantCode(t, err, squares.ENOTFOUND, "")
		if err := db.DeleteSession(ctx, "hash-three"); err != nil {
			t.Errorf("deleting a deleted session: %v", err)
		}
		if _, err := db.FindSessionUser(ctx, "hash-four"); err != nil {
			t.Errorf("the other session after a sign-out: %v", err)
		}
	})
}

func ref[T any](v T) *T { return &v }

// addAdmin creates an admin account and returns it with a context in which it acts.
func addAdmin(t *testing.T, db *store.DB, name string) (*squares.User, context.Context) {
	t.Helper()
	a, err := db.EnsureAdmin(context.Background(), name, "hash-"+name)
	if err != nil {
		t.Fatal(err)
	}
	return a, squares.NewContextWithUser(context.Background(), a)
}

func addSession(t *testing.T, db *store.DB, hash string, u *squares.User, now time.Time) {
	t.Helper()
	s := &store.Session{TokenHash: hash, UserID: u.ID, ExpiresAt: now.Add(squares.SessionIdle(u.Role))}
	if err := db.CreateSession(context.Background(), s, ""); err != nil {
		t.Fatal(err)
	}
}

// Sessions slide: an admin's ends after 12 idle hours, a player's after 30 idle days, and the last-seen
// time is written at most every 5 minutes.
func TestSessionIdleExpiry(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		admin, _ := addAdmin(t, db, "boss")
		player := addPlayer(t, db, "pat")
		addSession(t, db, "admin", admin, t0)
		addSession(t, db, "player", player, t0)
		lastSeen := func(hash string) time.Time {
			t.Helper()
			var seen time.Time
			if err := db.QueryRow(ctx, `SELECT last_seen_at FROM sessions WHERE token_hash = $1`, []any{hash}, &seen); err != nil {
				t.Fatal(err)
			}
			return seen.UTC()
		}

		// Used within 5 minutes: read, not written.
		clock.Set(t0.Add(4 * time.Minute))
		if s, err := db.FindSession(ctx, "admin"); err != nil || s.Touched || s.User.ID != admin.ID {
			t.Fatalf("admin session at 4 min = %+v, %v", s, err)
		}
		if !lastSeen("admin").Equal(t0) {
			t.Errorf("last seen written within 5 minutes: %v", lastSeen("admin"))
		}
		// Used after 5 minutes: touched, the expiry slides.
		clock.Set(t0.Add(11 * time.Hour))
		if s, err := db.FindSession(ctx, "admin"); err != nil || !s.Touched || !s.ExpiresAt.Equal(t0.Add(23*time.Hour)) {
			t.Fatalf("admin session at 11 h = %+v, %v", s, err)
		}
		if !lastSeen("admin").Equal(t0.Add(11 * time.Hour)) {
			t.Errorf("last seen after a touch = %v", lastSeen("admin"))
		}
		// 12 idle hours after that, the admin's session has ended; the player's, 23 hours idle, has not.
		clock.Set(t0.Add(23 * time.Hour))
		_, err := db.FindSession(ctx, "admin")
		wantCode(t, err, squares.ENOTFOUND, "")
		if _, err := db.FindSession(ctx, "player"); err != nil {
			t.Fatalf("player after 23 idle hours: %v", err)
		}
		// A player used every 29 days stays signed in; 30 idle days end it.
		for day := 29; day <= 29*3; day += 29 {
			clock.Set(t0.Add(23*time.Hour + time.Duration(day)*24*time.Hour))
			if _, err := db.FindSession(ctx, "player"); err != nil {
				t.Fatalf("player on day %d: %v", day, err)
			}
		}
		clock.Add(30 * 24 * time.Hour)
		_, err = db.FindSession(ctx, "player")
		wantCode(t, err, squares.ENOTFOUND, "")

		// A player promoted to admin gets the admin's idle time from the next request on.
		p2 := addPlayer(t, db, "kim")
		addSession(t, db, "kim", p2, clock.Now())
		_, bossCtx := addAdmin(t, db, "boss")
		if _, err := db.UpdateUser(bossCtx, p2.ID, squares.UserUpdate{Role: ref(squares.RoleAdmin)}); err != nil {
			t.Fatal(err)
		}
		clock.Add(12 * time.Hour)
		_, err = db.FindSession(ctx, "kim")
		wantCode(t, err, squares.ENOTFOUND, "")
	})
}

func TestUpdateUser(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, clock := openAt(t, engine)
		boss, bossCtx := addAdmin(t, db, "boss")
		player := addPlayer(t, db, "pat")
		addSession(t, db, "boss", boss, t0)
		addSession(t, db, "pat-1", player, t0)
		addSession(t, db, "pat-2", player, t0)
		clock.Add(time.Minute)

		// Flags, date of birth and state change, each change audited with only what changed.
		u, err := db.UpdateUser(bossCtx, player.ID, squares.UserUpdate{IsEligibleToBet: ref(false), ResidenceState: ref("TX")})
		if err != nil || u.IsEligibleToBet || u.ResidenceState != "TX" || !u.IsAgeVerified || !u.UpdatedAt.Equal(clock.Now()) {
			t.Fatalf("update = %+v, %v", u, err)
		}
		if _, err := db.FindSession(ctx, "pat-1"); err != nil {
			t.Errorf("a flag change ended the player's session: %v", err)
		}
		entries, n, err := db.ListAudit(ctx, store.AuditFilter{Action: "user.update", UserID: player.ID})
		if err != nil || n != 1 {
			t.Fatalf("audit = %d, %v", n, err)
		}
		if e := entries[0]; e.AdminID != boss.ID || e.AdminName != "boss" || e.TargetType != "user" ||
			e.TargetID != fmt.Sprint(player.ID) || string(e.Before) != `{"isEligibleToBet":true,"residenceState":"NY"}` ||
			string(e.After) != `{"isEligibleToBet":false,"residenceState":"TX"}` || !e.CreatedAt.Equal(clock.Now()) {
			t.Errorf("audit entry = %+v %s -> %s", e, e.Before, e.After)
		}
		// The same values again: no change, no entry.
		if _, err := db.UpdateUser(bossCtx, player.ID, squares.UserUpdate{ResidenceState: ref("TX")}); err != nil {
			t.Fatal(err)
		}
		if _, n, _ := db.ListAudit(ctx, store.AuditFilter{}); n != 1 {
			t.Errorf("a change to the same values was audited: %d entries", n)
		}

		// Refused: unknown user, a rule; nothing changes and nothing is audited.
		_, err = db.UpdateUser(bossCtx, 9999, squares.UserUpdate{IsAgeVerified: ref(true)})
		wantCode(t, err, squares.ENOTFOUND, "User not found.")
		_, err = db.UpdateUser(bossCtx, player.ID, squares.UserUpdate{DateOfBirth: ref("2015-01-01")})
		wantCode(t, err, squares.EUNPROCESSABLE, "")
		// The last active admin cannot be demoted or disabled, by themselves or anyone.
		_, err = db.UpdateUser(bossCtx, boss.ID, squares.UserUpdate{Role: ref(squares.RoleUser)})
		wantCode(t, err, squares.EUNPROCESSABLE, squares.ErrLastAdmin.Message)
		_, err = db.UpdateUser(bossCtx, boss.ID, squares.UserUpdate{Disabled: ref(true)})
		wantCode(t, err, squares.EUNPROCESSABLE, squares.ErrLastAdmin.Message)
		if got, _ := db.FindUserByID(ctx, boss.ID); !got.IsActiveAdmin() {
			t.Errorf("the last admin after refused changes = %+v", got)
		}
		if got, _ := db.FindUserByID(ctx, player.ID); got.DateOfBirth != "1990-01-01" {
			t.Errorf("refused date of birth stored: %+v", got)
		}
		if _, err := db.FindSession(ctx, "boss"); err != nil {
			t.Errorf("a refused demotion ended the admin's session: %v", err)
		}
		if _, n, _ := db.ListAudit(ctx, store.AuditFilter{}); n != 1 {
			t.Errorf("refused changes were audited: %d entries", n)
		}

		// Disabling a player ends all their sessions at once; they stay ended when enabled again.
		if u, err := db.UpdateUser(bossCtx, player.ID, squares.UserUpdate{Disabled: ref(true)}); err != nil || !u.Disabled {
			t.Fatalf("disable = %+v, %v", u, err)
		}
		for _, h := range []string{"pat-1", "pat-2"} {
			_, err := db.FindSession(ctx, h)
			wantCode(t, err, squares.ENOTFOUND, "")
		}
		if _, err := db.UpdateUser(bossCtx, player.ID, squares.UserUpdate{Disabled: ref(false)}); err != nil {
			t.Fatal(err)
		}
		_, err = db.FindSession(ctx, "pat-1")
		wantCode(t, err, squares.ENOTFOUND, "")

		// With a second admin, one may be demoted: their sessions end in the same change.
		deputy, _ := addAdmin(t, db, "deputy")
		addSession(t, db, "deputy", deputy, clock.Now())
		if u, err := db.UpdateUser(bossCtx, deputy.ID, squares.UserUpdate{Role: ref(squares.RoleUser)}); err != nil || u.IsAdmin() {
			t.Fatalf("demote deputy = %+v, %v", u, err)
		}
		_, err = db.FindSession(ctx, "deputy")
		wantCode(t, err, squares.ENOTFOUND, "")
		// A disabled admin does not count as an active one.
		if _, err := db.UpdateUser(bossCtx, deputy.ID, squares.UserUpdate{Role: ref(squares.RoleAdmin), Disabled: ref(true)}); err != nil {
			t.Fatal(err)
		}
		_, err = db.UpdateUser(bossCtx, boss.ID, squares.UserUpdate{Role: ref(squares.RoleUser)})
		wantCode(t, err, squares.EUNPROCESSABLE, squares.ErrLastAdmin.Message)
		if _, n, _ := db.ListAudit(ctx, store.AuditFilter{Action: "user.update"}); n != 5 {
			t.Errorf("user.update entries = %d, want 5", n)
		}
		users, err := db.ListUsers(ctx)
		if err != nil || len(users) != 3 || users[0].ID != boss.ID || !users[2].Disabled {
			t.Errorf("ListUsers = %v, %v", users, err)
		}
	})
}

// Two admins demoting each other at once: one of them stays an admin.
func TestUpdateUserLastAdminRace(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db, _ := openAt(t, engine)
		for round := range 5 {
			a, aCtx := addAdmin(t, db, fmt.Sprintf("a%d", round))
			b, bCtx := addAdmin(t, db, fmt.Sprintf("b%d", round))
			// a and b are the only active admins: the survivor of the last round is disabled.
			users, _ := db.ListUsers(ctx)
			for _, u := range users {
				if u.IsActiveAdmin() && u.ID != a.ID && u.ID != b.ID {
					if _, err := db.UpdateUser(aCtx, u.ID, squares.UserUpdate{Disabled: ref(true)}); err != nil {
						t.Fatal(err)
					}
				}
			}
			var wg sync.WaitGroup
			errs := make([]error, 2)
			wg.Go(func() { _, errs[0] = db.UpdateUser(aCtx, b.ID, squares.UserUpdate{Role: ref(squares.RoleUser)}) })
			wg.Go(func() { _, errs[1] = db.UpdateUser(bCtx, a.ID, squares.UserUpdate{Disabled: ref(true)}) })
			wg.Wait()
			for _, err := range errs {
				if err != nil && squares.ErrorCode(err) != squares.EUNPROCESSABLE {
					t.Fatalf("round %d: %v", round, err)
				}
			}
			if (errs[0] == nil) == (errs[1] == nil) {
				t.Fatalf("round %d: errors %v, want exactly one refused", round, errs)
			}
			users, _ = db.ListUsers(ctx)
			active := 0
			for _, u := range users {
				if u.IsActiveAdmin() {
					active++
				}
			}
			if active != 1 {
				t.Fatalf("round %d: %d active admins", round, active)
			}
		}
	})
}

// Two admins changing each other's flags at once both succeed: locking one's row for the change must not
// wait on the other's audit entry, which names its admin (a foreign key), and the other way round.
func TestUpdateUserCrossed(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db, _ := openAt(t, engine)
		a, aCtx := addAdmin(t, db, "a")
		b, bCtx := addAdmin(t, db, "b")
		for round := range 10 {
			on := round%2 == 0
			var wg sync.WaitGroup
			errs := make([]error, 2)
			wg.Go(func() { _, errs[0] = db.UpdateUser(aCtx, b.ID, squares.UserUpdate{IsEligibleToBet: ref(on)}) })
			wg.Go(func() { _, errs[1] = db.UpdateUser(bCtx, a.ID, squares.UserUpdate{IsEligibleToBet: ref(on)}) })
			wg.Wait()
			if errs[0] != nil || errs[1] != nil {
				t.Fatalf("round %d: %v", round, errs)
			}
		}
	})
}
