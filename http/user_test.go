package http_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/squaresapp/squares/store/storetest"
)

// useClock makes the server and its store read the time from a clock of the test's, starting now.
func (s *apiServer) useClock() *storetest.Clock {
	c := storetest.NewClock(time.Now().UTC())
	s.Server.Now, s.db.Now = c.Now, c.Now
	return c
}

// An admin's session ends after 12 idle hours, a player's after 30 idle days; using a session keeps it.
func TestSessionIdleTimeout(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		clock := s.useClock()
		admin := s.admin(t)
		player, _ := s.register(t, "1990-01-01", "NY")

		// Used after 11 hours: both still signed in, the sessions slide.
		clock.Add(11 * time.Hour)
		admin.get("/api/auth/user").want(http.StatusOK)
		if r := player.get("/api/auth/user").want(http.StatusOK); r.cookie() == nil || r.cookie().MaxAge != 30*24*3600 {
			t.Errorf("a touched session's cookie was not renewed: %v", r.cookie())
		}
		// 12 idle hours later the admin is signed out; the player is not.
		clock.Add(12 * time.Hour)
		admin.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		admin.get("/api/admin/audit").wantError(http.StatusUnauthorized, "unauthorized", "")
		player.get("/api/auth/user").want(http.StatusOK)
		// 30 idle days end the player's.
		clock.Add(30 * 24 * time.Hour)
		player.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
	})
}

func TestAdminUpdateUser(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		player, p := s.register(t, "1990-01-01", "NY")
		other, _ := s.register(t, "", "")
		admin := s.admin(t)
		path := "/api/admin/users/" + p["id"].(string) + "/update"

		users := admin.get("/api/admin/users").want(http.StatusOK).list()
		if len(users) != 3 {
			t.Fatalf("users = %v", users)
		}
		u := users[0]
		for k, v := range map[string]any{"email": p["email"], "firstName": "Pat", "lastName": "Lee", "role": "user",
			"isAgeVerified": true, "isEligibleToBet": true, "complianceStatus": "verified", "dateOfBirth": "1990-01-01",
			"residenceState": "NY", "isDisabled": false} {
			if u[k] != v {
				t.Errorf("listed user %s = %v, want %v", k, u[k], v)
			}
		}
		if u["createdAt"] == nil || u["updatedAt"] == nil || u["id"] != p["id"] {
			t.Errorf("listed user = %v", u)
		}

		// Bad input: 400 or 404, and nothing changes.
		admin.post(path, `{}`).wantError(http.StatusBadRequest, "invalid", "")
		admin.post(path, ``).wantError(http.StatusBadRequest, "invalid", "Request body is required.")
		admin.post(path, `[true]`).wantError(http.StatusBadRequest, "invalid", "")
		admin.post(path, `{"isAgeVerified":"yes"}`).wantError(http.StatusBadRequest, "invalid", "Invalid value for isAgeVerified.",
			"isAgeVerified", "Invalid value for isAgeVerified.")
		admin.post(path, `{"role":null}`).wantError(http.StatusBadRequest, "invalid", "Invalid value for role.", "role", "Invalid value for role.")
		admin.post(path, `{"role":"superuser"}`).wantError(http.StatusBadRequest, "invalid", "Role must be user or admin",
			"role", "Role must be user or admin")
		admin.post(path, `{"dateOfBirth":"1990-13-01"}`).wantError(http.StatusBadRequest, "invalid", "Please enter a valid date of birth")
		admin.post(path, `{"dateOfBirth":19900101}`).wantError(http.StatusBadRequest, "invalid", "Invalid value for dateOfBirth.")
		admin.post(path, `{"residenceState":"XX"}`).wantError(http.StatusBadRequest, "invalid",
			"Please enter a valid two-letter US state code")
		admin.post(path, `{"email":"new@example.com","role":"user"}`).wantError(http.StatusBadRequest, "invalid", "")
		admin.post("/api/admin/users/9999/update", `{"role":"admin"}`).wantError(http.StatusNotFound, "not_found", "User not found.")
		admin.post("/api/admin/users/abc/update", `{"role":"admin"}`).wantError(http.StatusBadRequest, "invalid", "")
		admin.post(path, `{"dateOfBirth":"2015-06-01"}`).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"A user under 18 cannot be age verified.")
		if got := admin.get("/api/admin/users").list()[0]; got["role"] != "user" || got["dateOfBirth"] != "1990-01-01" ||
			got["residenceState"] != "NY" || got["updatedAt"] != u["updatedAt"] {
			t.Errorf("after refused updates: %v", got)
		}
		player.get("/api/auth/user").want(http.StatusOK)

		// A change answers the user and the spec's message; it is audited with before and after.
		b := admin.post(path, map[string]any{"isEligibleToBet": false, "residenceState": "tx"}).want(http.StatusOK).obj()
		if b["message"] != "User information has been updated successfully." {
			t.Errorf("update answer = %v", b)
		}
		if got := b["user"].(map[string]any); got["isEligibleToBet"] != false || got["residenceState"] != "TX" ||
			got["complianceStatus"] != "restricted" {
			t.Errorf("updated user = %v", got)
		}
		audit := admin.get("/api/admin/audit?action=user.update&userId=" + p["id"].(string)).want(http.StatusOK).obj()
		entries := audit["entries"].([]any)
		if len(entries) != 1 {
			t.Fatalf("audit = %v", audit)
		}
		e := entries[0].(map[string]any)
		before, after := e["before"].(map[string]any), e["after"].(map[string]any)
		if e["adminName"] != "boss" || e["targetType"] != "user" || e["targetId"] != p["id"] ||
			before["isEligibleToBet"] != true || before["residenceState"] != "NY" || after["isEligibleToBet"] != false ||
			after["residenceState"] != "TX" || len(before) != 2 || len(after) != 2 {
			t.Errorf("audit entry = %v", e)
		}

		// The last admin cannot be demoted or disabled.
		adminID := admin.get("/api/auth/user").obj()["id"].(string)
		self := "/api/admin/users/" + adminID + "/update"
		admin.post(self, `{"role":"user"}`).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"This is the last active admin: make another user an admin before demoting or disabling this one.")
		admin.post(self, `{"isDisabled":true}`).wantError(http.StatusUnprocessableEntity, "unprocessable", "")
		admin.get("/api/auth/user").want(http.StatusOK)

		// A promoted player is an admin from their next request; demoted, their sessions end at once.
		admin.post(path, `{"role":"admin"}`).want(http.StatusOK)
		player.get("/api/admin/users").want(http.StatusOK)
		admin.post(path, `{"role":"user"}`).want(http.StatusOK)
		player.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		// Disabled: the sessions end, and signing in is refused with a clear message, but only to whoever
		// knows the password.
		otherID := admin.get("/api/admin/users").list()[1]["id"].(string)
		other.get("/api/auth/user").want(http.StatusOK)
		admin.post("/api/admin/users/"+otherID+"/update", `{"isDisabled":true}`).want(http.StatusOK)
		other.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		email := admin.get("/api/admin/users").list()[1]["email"].(string)
		s.client(t).post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).
			wantError(http.StatusForbidden, "forbidden", "This account has been disabled. Please contact support.")
		s.client(t).post("/api/auth/login", map[string]string{"email": email, "password": "wrong-horse"}).
			wantError(http.StatusUnauthorized, "unauthorized", "Invalid email or password")
		s.client(t).post("/api/auth/emergency-login", map[string]string{"email": email}).
			wantError(http.StatusForbidden, "forbidden", "This account has been disabled. Please contact support.")
		admin.post("/api/admin/users/"+otherID+"/update", `{"isDisabled":false}`).want(http.StatusOK)
		s.client(t).post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).want(http.StatusOK)

		if n := admin.get("/api/admin/audit?action=user.update").obj()["total"]; n != 5.0 {
			t.Errorf("user.update entries = %v, want 5", n)
		}
	})
}
