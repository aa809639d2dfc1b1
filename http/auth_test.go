package http_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares/store/storetest"
)

func TestRegister(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c := s.client(t)
		r := c.post("/api/auth/register", map[string]any{"email": " Ann.Lee@Example.COM ", "password": "correct-horse",
			"firstName": "Ann", "lastName": "Lee", "dateOfBirth": "1990-04-01", "residenceState": "ny"}).want(http.StatusCreated)
		body := r.obj()
		if body["message"] != "Account created successfully" {
			t.Errorf("message = %v", body["message"])
		}
		u := body["user"].(map[string]any)
		idText, _ := u["id"].(string)
		if n, err := strconv.ParseInt(idText, 10, 64); err != nil || n <= 0 {
			t.Errorf("user id %v (%T) is not a numeric string", u["id"], u["id"])
		}
		for k, want := range map[string]any{"email": "ann.lee@example.com", "firstName": "Ann", "lastName": "Lee",
			"role": "user", "isAgeVerified": true, "isEligibleToBet": true, "complianceStatus": "verified",
			"residenceState": "NY", "residenceCountry": "US", "dateOfBirth": "1990-04-01", "profileImageUrl": nil} {
			if v, ok := u[k]; !ok || v != want {
				t.Errorf("user %s = %v, want %v", k, v, want)
			}
		}
		if _, ok := u["username"]; ok {
			t.Errorf("a player carries a username: %v", u)
		}
		if _, ok := u["passwordHash"]; ok || strings.Contains(string(r.Body), "argon2") {
			t.Errorf("the answer leaks the password hash: %s", r.Body)
		}
		for _, k := range []string{"createdAt", "updatedAt"} {
			if _, err := time.Parse(time.RFC3339, fmt.Sprint(u[k])); err != nil {
				t.Errorf("%s = %v: %v", k, u[k], err)
			}
		}

		// The session cookie: HttpOnly, SameSite=Lax, for the whole site, lasting 30 days; not Secure in
		// development mode (plain HTTP).
		k := r.cookie()
		if k == nil || k.Value == "" || !k.HttpOnly || k.SameSite != http.SameSiteLaxMode || k.Path != "/" ||
			k.Secure || k.MaxAge < 29*24*3600 {
			t.Fatalf("session cookie = %+v", k)
		}
		// Registration signs in.
		me := c.get("/api/auth/user").want(http.StatusOK).obj()
		if me["id"] != u["id"] || me["email"] != "ann.lee@example.com" || me["complianceStatus"] != "verified" {
			t.Errorf("current user = %v", me)
		}

		// A taken e-mail, in any case.
		c2 := s.client(t)
		c2.post("/api/auth/register", map[string]any{"email": "ANN.LEE@example.com", "password": "another-pass",
			"firstName": "Ann"}).wantError(http.StatusConflict, "conflict", "An account with this email already exists")
		c2.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		// A restricted state: verified, not eligible.
		_, ut := s.register(t, "1985-06-01", "UT")
		if ut["isAgeVerified"] != true || ut["isEligibleToBet"] != false || ut["complianceStatus"] != "restricted" {
			t.Errorf("Utah player = %v", ut)
		}
		c3 := s.client(t)
		msg := c3.post("/api/auth/register", map[string]any{"email": "wa@example.com", "password": "correct-horse",
			"firstName": "Wa", "lastName": "Shington", "dateOfBirth": "1985-06-01", "residenceState": "WA"}).
			want(http.StatusCreated).obj()["message"]
		if msg != "You're verified but sports betting isn't available in your location." {
			t.Errorf("restricted message = %v", msg)
		}
		// Arizona's minimum age for paid play is 21: a 20-year-old is verified but not eligible.
		dob20 := time.Now().AddDate(-20, 0, -1).Format("2006-01-02")
		if _, az := s.register(t, dob20, "AZ"); az["isAgeVerified"] != true || az["isEligibleToBet"] != false {
			t.Errorf("20-year-old in Arizona = %v", az)
		}
		// A date of birth without a state: verification comes later.
		c4 := s.client(t)
		b4 := c4.post("/api/auth/register", map[string]any{"email": "nostate@example.com", "password": "correct-horse",
			"firstName": "No", "lastName": "State", "dateOfBirth": "1985-06-01"}).want(http.StatusCreated).obj()
		if u := b4["user"].(map[string]any); u["isAgeVerified"] != false || u["isEligibleToBet"] != false ||
			u["complianceStatus"] != "pending" || u["dateOfBirth"] != "1985-06-01" {
			t.Errorf("registration without a state = %v", u)
		}
		if b4["message"] != "Account created. Please verify your age to join pools." {
			t.Errorf("message = %v", b4["message"])
		}
		// The test page sends neither a date of birth nor a last name.
		c5 := s.client(t)
		u5 := c5.post("/api/auth/register", map[string]any{"email": "test-page@example.com", "password": "12345678",
			"firstName": "Tess"}).want(http.StatusCreated).obj()["user"].(map[string]any)
		if u5["complianceStatus"] != "pending" || u5["lastName"] != "" || u5["dateOfBirth"] != nil {
			t.Errorf("test-page registration = %v", u5)
		}
		if n, err := s.db.CountUsers(context.Background()); err != nil || n != 6 {
			t.Errorf("players = %d, %v; want 6", n, err)
		}
	})
}

func TestRegisterValidation(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c := s.client(t)
		valid := func() map[string]any {
			return map[string]any{"email": "ann@example.com", "password": "correct-horse", "firstName": "Ann",
				"lastName": "Lee", "dateOfBirth": "1990-04-01", "residenceState": "NY"}
		}
		under18 := time.Now().AddDate(-17, 0, 0).Format("2006-01-02")
		for _, tc := range []struct {
			field   string
			value   any
			message string
		}{
			{"email", "not-an-email", "Please enter a valid email address"},
			{"email", "", "Please enter a valid email address"},
			{"password", "1234567", "Password must be at least 8 characters"},
			{"firstName", " ", "First name is required"},
			{"lastName", "", "Last name is required"},
			{"dateOfBirth", "", "Date of birth is required"},
			{"dateOfBirth", "01/04/1990", "Please enter a valid date of birth"},
			{"dateOfBirth", "2999-01-01", "Please enter a valid date of birth"},
			{"dateOfBirth", under18, "You must be at least 18 years old to participate"},
			{"residenceState", "XX", "Please enter a valid two-letter US state code"},
		} {
			body := valid()
			body[tc.field] = tc.value
			c.post("/api/auth/register", body).wantError(http.StatusBadRequest, "invalid", tc.message, tc.field, tc.message)
		}
		// Every fault at once, each in its field; the message is the first one's.
		c.post("/api/auth/register", map[string]any{"email": "x", "password": "short", "dateOfBirth": ""}).wantError(
			http.StatusBadRequest, "invalid", "Please enter a valid email address",
			"email", "Please enter a valid email address", "password", "Password must be at least 8 characters",
			"firstName", "First name is required", "lastName", "Last name is required",
			"dateOfBirth", "Date of birth is required")

		// Bodies that are not a registration.
		c.post("/api/auth/register", `{"email": "ann@example.com", `).wantError(http.StatusBadRequest, "invalid", "Invalid JSON body.")
		c.post("/api/auth/register", `not json`).wantError(http.StatusBadRequest, "invalid", "Invalid JSON body.")
		c.post("/api/auth/register", "").wantError(http.StatusBadRequest, "invalid", "Request body is required.")
		c.do("POST", "/api/auth/register", nil).wantError(http.StatusBadRequest, "invalid", "Request body is required.")
		c.post("/api/auth/register", `{"email": 5}`).wantError(http.StatusBadRequest, "invalid", "", "email", "Invalid value for email.")
		c.post("/api/auth/register", `{"email":"a@b.co"} {"email":"c@d.co"}`).wantError(http.StatusBadRequest, "invalid", "")
		c.post("/api/auth/register", `[1, 2]`).wantError(http.StatusBadRequest, "invalid", "")
		big := `{"email": "ann@example.com", "password": "` + strings.Repeat("a", 70<<10) + `", "firstName": "Ann"}`
		c.post("/api/auth/register", big).wantError(http.StatusRequestEntityTooLarge, "too_large", "Request body is too large.")
		// Trailing spaces past the limit after a small object are too large as well, not accepted.
		c.post("/api/auth/register", `{"email": "x"}`+strings.Repeat(" ", 70<<10)).wantError(http.StatusRequestEntityTooLarge, "too_large", "")

		// Bad input never creates an account or a session.
		if n, err := s.db.CountUsers(context.Background()); err != nil || n != 0 {
			t.Errorf("players after refused registrations = %d, %v", n, err)
		}
		c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
	})
}

func TestLogin(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c := s.client(t)
		c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		reg := c.post("/api/auth/register", map[string]any{"email": "ann@example.com", "password": "correct-horse",
			"firstName": "Ann", "lastName": "Lee", "dateOfBirth": "1990-04-01", "residenceState": "NY"}).want(http.StatusCreated)
		first := c.token()
		if first == "" || reg.cookie() == nil || reg.cookie().Value != first {
			t.Fatal("registration set no session cookie")
		}

		other := s.client(t)
		other.post("/api/auth/login", map[string]string{"email": "ann@example.com", "password": "wrong-horse"}).
			wantError(http.StatusUnauthorized, "unauthorized", "Invalid email or password")
		unknown := other.post("/api/auth/login", map[string]string{"email": "nobody@example.com", "password": "whatever"})
		unknown.wantError(http.StatusUnauthorized, "unauthorized", "Invalid email or password")
		other.post("/api/auth/login", map[string]string{"email": "ann", "password": "correct-horse"}).
			wantError(http.StatusBadRequest, "invalid", "Please enter a valid email address", "email", "Please enter a valid email address")
		other.post("/api/auth/login", map[string]string{"email": "ann@example.com", "password": "12345"}).
			wantError(http.StatusBadRequest, "invalid", "Password must be at least 6 characters", "password", "Password must be at least 6 characters")
		other.post("/api/auth/login", `{"email":`).wantError(http.StatusBadRequest, "invalid", "")
		other.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		// Signing in on another device, with the e-mail in another case.
		body := other.post("/api/auth/login", map[string]string{"email": "ANN@Example.com", "password": "correct-horse"}).
			want(http.StatusOK).obj()
		if u := body["user"].(map[string]any); u["email"] != "ann@example.com" || u["complianceStatus"] != "verified" {
			t.Errorf("login user = %v", u)
		}
		if other.token() == "" || other.token() == first {
			t.Fatal("login on another device reused the session")
		}
		c.get("/api/auth/user").want(http.StatusOK) // the first device is still signed in

		// Signing in again on the first device rotates its session: the old token is dead.
		c.post("/api/auth/login", map[string]string{"email": "ann@example.com", "password": "correct-horse"}).want(http.StatusOK)
		second := c.token()
		if second == "" || second == first {
			t.Fatalf("session token not rotated at sign-in: %q then %q", first, second)
		}
		s.clientWithToken(t, first).get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		s.clientWithToken(t, second).get("/api/auth/user").want(http.StatusOK)
		s.clientWithToken(t, "made-up-token").get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		s.clientWithToken(t, strings.Repeat("x", 200)).get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		// Signing out ends the session on the server: replaying the cookie does not work.
		out := c.post("/api/auth/logout", nil).want(http.StatusOK)
		if out.obj()["success"] != true {
			t.Errorf("logout = %s", out.Body)
		}
		if k := out.cookie(); k == nil || k.MaxAge >= 0 || k.Value != "" {
			t.Errorf("logout cookie = %+v, want it cleared", k)
		}
		c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		s.clientWithToken(t, second).get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		other.get("/api/auth/user").want(http.StatusOK) // only this device signed out
		// Signing out twice is fine.
		c.post("/api/auth/logout", nil).want(http.StatusOK)

		// The sign-out link used by plain anchors.
		otherToken := other.token()
		r := other.get("/api/logout")
		if r.Status != http.StatusFound || r.Header.Get("Location") != "/" {
			t.Errorf("GET /api/logout = %d %q", r.Status, r.Header.Get("Location"))
		}
		other.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		s.clientWithToken(t, otherToken).get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		r = other.get("/api/login")
		if r.Status != http.StatusFound || r.Header.Get("Location") != "/login" {
			t.Errorf("GET /api/login = %d %q", r.Status, r.Header.Get("Location"))
		}
	})
}

func TestLoginThrottle(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		s.register(t, "1990-01-01", "NY")
		victim := s.lastEmail
		s.register(t, "1990-01-01", "NY")
		bystander := s.lastEmail
		c := s.client(t)
		login := func(email, password string) *apiResponse {
			t.Helper()
			return c.post("/api/auth/login", map[string]string{"email": email, "password": password})
		}
		const tooMany = "Too many sign-in attempts. Please wait a few minutes and try again."

		for range 5 {
			login(victim, "wrong-password").wantError(http.StatusUnauthorized, "unauthorized", "Invalid email or password")
		}
		login(victim, "wrong-password").wantError(http.StatusTooManyRequests, "too_many_requests", tooMany)
		// Even the right password is refused while throttled, and no session starts.
		login(victim, "correct-horse").wantError(http.StatusTooManyRequests, "too_many_requests", tooMany)
		c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		// The same e-mail in another case is the same account.
		login(strings.ToUpper(victim), "correct-horse").wantError(http.StatusTooManyRequests, "too_many_requests", tooMany)

		// An unknown e-mail is throttled the same way, so the answer reveals nothing.
		for range 5 {
			login("ghost@example.com", "wrong-password").wantError(http.StatusUnauthorized, "unauthorized", "Invalid email or password")
		}
		login("ghost@example.com", "wrong-password").wantError(http.StatusTooManyRequests, "too_many_requests", tooMany)

		// Other accounts still sign in from this address (10 failures so far)...
		login(bystander, "correct-horse").want(http.StatusOK)
		// ...until the address has failed 20 times: then browsers unknown to the account are refused...
		for i := range 10 {
			login(fmt.Sprintf("spray%d@example.com", i), "wrong-password").wantError(http.StatusUnauthorized, "unauthorized", "")
		}
		s.client(t).post("/api/auth/login", map[string]string{"email": bystander, "password": "correct-horse"}).
			wantError(http.StatusTooManyRequests, "too_many_requests", tooMany)
		// ...but this browser signed in to the bystander's account before: a known device, it still does.
		login(bystander, "correct-horse").want(http.StatusOK)
	})
}

func TestVerifyAge(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		s.client(t).post("/api/verify-age", map[string]string{"dateOfBirth": "1990-01-01", "residenceState": "NY",
			"residenceCountry": "US"}).wantError(http.StatusUnauthorized, "unauthorized", "")

		c, u := s.register(t, "", "")
		if u["isAgeVerified"] != false || u["complianceStatus"] != "pending" {
			t.Fatalf("new player = %v", u)
		}
		// Bad input.
		c.post("/api/verify-age", map[string]string{}).wantError(http.StatusBadRequest, "invalid", "",
			"dateOfBirth", "Date of birth is required", "residenceState", "Please select your state of residence",
			"residenceCountry", "Please select your country of residence")
		c.post("/api/verify-age", map[string]string{"dateOfBirth": "1990-01-01", "residenceState": "NY",
			"residenceCountry": "CA"}).wantError(http.StatusBadRequest, "invalid", "Squares is only available in the United States",
			"residenceCountry", "Squares is only available in the United States")
		c.post("/api/verify-age", map[string]string{"dateOfBirth": "yesterday", "residenceState": "PR",
			"residenceCountry": "US"}).wantError(http.StatusBadRequest, "invalid", "",
			"dateOfBirth", "Please enter a valid date of birth", "residenceState", "Please select your state of residence")

		// Under 18: refused, and the player stays unverified.
		under18 := time.Now().AddDate(-18, 0, 1).Format("2006-01-02")
		c.post("/api/verify-age", map[string]string{"dateOfBirth": under18, "residenceState": "NY", "residenceCountry": "US"}).
			wantError(http.StatusUnprocessableEntity, "unprocessable",
				"Age Requirement Not Met: You must be at least 18 years old to use this platform.")
		if me := c.get("/api/auth/user").want(http.StatusOK).obj(); me["isAgeVerified"] != false || me["dateOfBirth"] != nil {
			t.Errorf("after an underage attempt: %v", me)
		}

		// Verified and eligible.
		body := c.post("/api/verify-age", map[string]string{"dateOfBirth": "1990-01-01T00:00:00.000Z", "residenceState": "ny",
			"residenceCountry": "US"}).want(http.StatusOK).obj()
		v := body["user"].(map[string]any)
		if body["success"] != true || body["message"] != "Age verification complete" || v["isAgeVerified"] != true ||
			v["isEligibleToBet"] != true || v["complianceStatus"] != "verified" || v["dateOfBirth"] != "1990-01-01" ||
			v["residenceState"] != "NY" || v["residenceCountry"] != "US" || v["id"] != u["id"] {
			t.Errorf("verify-age = %v", body)
		}
		if me := c.get("/api/auth/user").obj(); me["complianceStatus"] != "verified" {
			t.Errorf("current user after verification = %v", me)
		}

		// A restricted state.
		c2, _ := s.register(t, "", "")
		body = c2.post("/api/verify-age", map[string]string{"dateOfBirth": "1980-05-05", "residenceState": "UT",
			"residenceCountry": "USA"}).want(http.StatusOK).obj()
		v = body["user"].(map[string]any)
		if body["success"] != true || body["message"] != "You meet age requirements but sports betting is not available in your state." ||
			v["isAgeVerified"] != true || v["isEligibleToBet"] != false || v["complianceStatus"] != "restricted" {
			t.Errorf("verify-age in Utah = %v", body)
		}
		// Old enough to play, too young for paid play where they live (AZ: 21).
		c3, _ := s.register(t, "", "")
		dob20 := time.Now().AddDate(-20, 0, 0).Format("2006-01-02")
		v = c3.post("/api/verify-age", map[string]string{"dateOfBirth": dob20, "residenceState": "AZ",
			"residenceCountry": "US"}).want(http.StatusOK).obj()["user"].(map[string]any)
		if v["isAgeVerified"] != true || v["isEligibleToBet"] != false {
			t.Errorf("20-year-old in Arizona = %v", v)
		}
	})
}

func TestAdminLogin(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		player, _ := s.register(t, "1990-01-01", "NY")
		playerEmail := s.lastEmail
		a := s.admin(t)

		me := a.get("/api/auth/user").want(http.StatusOK).obj()
		if me["role"] != "admin" || me["username"] != "boss" || me["email"] != nil {
			t.Errorf("admin = %v", me)
		}
		c := s.client(t)
		c.post("/api/admin/login", map[string]string{"username": "boss", "password": "wrong-password"}).
			wantError(http.StatusUnauthorized, "unauthorized", "Invalid credentials")
		c.post("/api/admin/login", map[string]string{"username": "nobody", "password": "admin-password"}).
			wantError(http.StatusUnauthorized, "unauthorized", "Invalid credentials")
		// A player's credentials do not open the admin door, by e-mail or otherwise.
		c.post("/api/admin/login", map[string]string{"username": playerEmail, "password": "correct-horse"}).
			wantError(http.StatusUnauthorized, "unauthorized", "Invalid credentials")
		c.post("/api/admin/login", map[string]string{}).wantError(http.StatusBadRequest, "invalid", "",
			"username", "Username is required", "password", "Password is required")
		c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		body := c.post("/api/admin/login", map[string]string{"username": " boss ", "password": "admin-password"}).want(http.StatusOK).obj()
		if body["success"] != true || body["user"].(map[string]any)["role"] != "admin" {
			t.Errorf("admin login = %v", body)
		}
		// The admin signs out through its own endpoint.
		c.post("/api/admin/logout", nil).want(http.StatusOK)
		c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		a.get("/api/auth/user").want(http.StatusOK)
		player.get("/api/auth/user").want(http.StatusOK)

		// Admins sign in with a username, not through the players' e-mail login.
		c.post("/api/auth/login", map[string]string{"email": "boss@example.com", "password": "admin-password"}).
			wantError(http.StatusUnauthorized, "unauthorized", "Invalid email or password")
	})
}

func TestCrossSiteRequests(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c, _ := s.register(t, "1990-01-01", "NY")
		evil := []string{"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"}

		c.do("POST", "/api/auth/logout", nil, evil...).wantError(http.StatusForbidden, "forbidden", "Cross-site requests are not allowed.")
		c.get("/api/auth/user").want(http.StatusOK) // still signed in
		c.do("POST", "/api/verify-age", map[string]string{"dateOfBirth": "1990-01-01", "residenceState": "UT",
			"residenceCountry": "US"}, evil...).wantError(http.StatusForbidden, "forbidden", "")
		if me := c.get("/api/auth/user").obj(); me["residenceState"] != "NY" {
			t.Errorf("a cross-site request changed the user: %v", me)
		}
		s.client(t).do("POST", "/api/auth/register", map[string]string{"email": "csrf@example.com", "password": "correct-horse",
			"firstName": "C"}, evil...).wantError(http.StatusForbidden, "forbidden", "")
		// An Origin of another site without Fetch metadata is refused too.
		c.do("POST", "/api/auth/logout", nil, "Origin", "https://evil.example").wantError(http.StatusForbidden, "forbidden", "")
		// Reading is not a state change.
		c.do("GET", "/api/auth/user", nil, evil...).want(http.StatusOK)

		// The app's own requests pass.
		c.do("POST", "/api/verify-age", map[string]string{"dateOfBirth": "1990-01-01", "residenceState": "NY",
			"residenceCountry": "US"}, "Origin", s.URL(), "Sec-Fetch-Site", "same-origin").want(http.StatusOK)
		c.do("POST", "/api/auth/logout", nil, "Origin", s.URL()).want(http.StatusOK)
		c.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
	})
}

// Once verified, a player's date of birth and state are locked: verify-age again with other details is a
// conflict that changes nothing, the same details again are an idempotent success, and a player verified
// in a restricted state cannot re-post another state to buy squares in paid pools.
func TestVerifiedDetailsLocked(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		five := s.paidGame(t)[2]
		const locked = "Your date of birth and state are already verified. To change them, please contact support."

		// Verified at registration in Utah, where paid play is restricted.
		c, u := s.register(t, "1985-06-01", "UT")
		if u["complianceStatus"] != "restricted" {
			t.Fatalf("Utah player = %v", u)
		}
		c.post("/api/verify-age", map[string]string{"dateOfBirth": "1985-06-01", "residenceState": "NY",
			"residenceCountry": "US"}).wantError(http.StatusConflict, "conflict", locked)
		c.post("/api/verify-age", map[string]string{"dateOfBirth": "1980-01-01", "residenceState": "UT",
			"residenceCountry": "US"}).wantError(http.StatusConflict, "conflict", locked)
		me := c.get("/api/auth/user").want(http.StatusOK).obj()
		if me["residenceState"] != "UT" || me["dateOfBirth"] != "1985-06-01" || me["isEligibleToBet"] != false {
			t.Errorf("after a refused change: %v", me)
		}
		r := c.post("/api/create-escrow-payment", checkoutBody(five.ID, 5, at(1, 1)))
		if r.Status != http.StatusForbidden && r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("a restricted player's checkout = %d %s, want it refused", r.Status, r.Body)
		}
		if sqs, err := s.db.ListSquares(context.Background(), five.ID); err != nil || len(sqs) != 0 {
			t.Errorf("squares after a refused checkout = %v, %v", sqs, err)
		}
		// The same details again: 200, nothing changes (the date in another accepted form is the same date).
		body := c.post("/api/verify-age", map[string]string{"dateOfBirth": "1985-06-01T00:00:00.000Z", "residenceState": "ut",
			"residenceCountry": "USA"}).want(http.StatusOK).obj()
		if v := body["user"].(map[string]any); body["success"] != true || v["residenceState"] != "UT" ||
			v["complianceStatus"] != "restricted" {
			t.Errorf("verify-age with the same details = %v", body)
		}

		// Verified through verify-age in New York: moving to Utah is refused as well.
		c2, _ := s.register(t, "", "")
		c2.post("/api/verify-age", map[string]string{"dateOfBirth": "1990-01-01", "residenceState": "NY",
			"residenceCountry": "US"}).want(http.StatusOK)
		c2.post("/api/verify-age", map[string]string{"dateOfBirth": "1990-01-01", "residenceState": "UT",
			"residenceCountry": "US"}).wantError(http.StatusConflict, "conflict", locked)
		c2.post("/api/verify-age", map[string]string{"dateOfBirth": "1990-01-01", "residenceState": "NY",
			"residenceCountry": "US"}).want(http.StatusOK)

		// A date of birth without a state does not verify: the player may still verify with another date.
		c3, _ := s.register(t, "1991-02-02", "")
		c3.post("/api/verify-age", map[string]string{"dateOfBirth": "1991-03-03", "residenceState": "NJ",
			"residenceCountry": "US"}).want(http.StatusOK)
	})
}
