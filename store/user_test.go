package store_test

import (
	"context"
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

		// Just before expiry it works; at expiry it is gone.
		clock.Set(t0.Add(time.Hour - time.Second))
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
