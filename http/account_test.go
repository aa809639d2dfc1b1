package http_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store/storetest"
)

const iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"

// TestChangePassword: a wrong current password is a 400 on currentPassword, throttled as sign-in is
// (429 with Retry-After); a right one changes the password, keeps this session and ends the others
// (their websockets close).
func TestChangePassword(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		live := startLive(t, storetest.URL(t, engine))
		s := &apiServer{Server: live.Server, db: live.db}
		me, u := s.register(t, "1990-01-01", "NY")
		email := u["email"].(string)
		other := s.client(t)
		other.post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).want(http.StatusOK)
		ws := signedInSocket(t, other)

		change := func(c *apiClient, current, next string) *apiResponse {
			return c.post("/api/user/password", map[string]string{"currentPassword": current, "newPassword": next})
		}
		s.client(t).post("/api/user/password", map[string]string{"currentPassword": "correct-horse", "newPassword": "whatever-1"}).
			wantError(http.StatusUnauthorized, "unauthorized", "")
		change(me, "", "short").wantError(http.StatusBadRequest, "invalid", "", "currentPassword", "Enter your current password",
			"newPassword", "Password must be at least 8 characters")
		change(me, "correct-horse", "correct-horse").
			wantError(http.StatusBadRequest, "invalid", "", "newPassword", "Choose a password different from your current one")
		change(me, "wrong-horse", "new-password-1").
			wantError(http.StatusBadRequest, "invalid", "Your current password is incorrect.", "currentPassword", "Your current password is incorrect.")
		me.get("/api/auth/user").want(http.StatusOK) // a wrong guess does not sign out

		// The right password: changed; this device stays signed in, the other is signed out.
		b := change(me, "correct-horse", "new-password-1").want(http.StatusOK).obj()
		if b["signedOut"] != float64(1) || b["message"] != "Your password has been changed. Your other devices have been signed out." {
			t.Errorf("change = %v", b)
		}
		me.get("/api/auth/user").want(http.StatusOK)
		other.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		wantClosed(t, ws)
		s.client(t).post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).want(http.StatusUnauthorized)
		s.client(t).post("/api/auth/login", map[string]string{"email": email, "password": "new-password-1"}).want(http.StatusOK)

		// Guessing is throttled as sign-in is: this browser's own budget (3), then the account's (5); then 429.
		for i := range 8 {
			r := change(me, "guess-"+strconv.Itoa(i), "new-password-2")
			if r.Status != http.StatusBadRequest {
				t.Fatalf("guess %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		r := change(me, "new-password-1", "new-password-2")
		r.wantError(http.StatusTooManyRequests, "too_many_requests", "")
		if wait, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || wait < 1 {
			t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
		}
		me.get("/api/auth/user").want(http.StatusOK)
	})
}

// TestSessions: the devices signed in, with a shown id (never the token or its hash), the browser, when
// each signed in and was last seen, this device first; "Sign out other devices" keeps this one only.
func TestSessions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		live := startLive(t, storetest.URL(t, engine))
		s := &apiServer{Server: live.Server, db: live.db}
		laptop, u := s.register(t, "1990-01-01", "NY")
		email := u["email"].(string)
		phone := s.client(t)
		phone.do("POST", "/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}, "User-Agent", iPhone).
			want(http.StatusOK)
		ws := signedInSocket(t, phone)
		someoneElse, _ := s.register(t, "1990-01-01", "NY")

		var list []map[string]any
		r := phone.get("/api/user/sessions").want(http.StatusOK)
		r.decode(&list)
		if len(list) != 2 || list[0]["current"] != true || list[1]["current"] != false || list[0]["device"] != "Safari on iPhone" ||
			list[0]["userAgent"] != iPhone {
			t.Fatalf("sessions = %v", list)
		}
		for _, x := range list {
			id, _ := x["id"].(string)
			if len(id) != 24 || strings.Contains(string(r.Body), phone.token()) || strings.Contains(string(r.Body), laptop.token()) {
				t.Errorf("session %v: id %q, or the body shows a token", x, id)
			}
			for _, k := range []string{"createdAt", "lastSeenAt"} {
				if _, err := time.Parse(time.RFC3339, x[k].(string)); err != nil {
					t.Errorf("%s = %v", k, x[k])
				}
			}
		}
		var fromLaptop []map[string]any
		laptop.get("/api/user/sessions").want(http.StatusOK).decode(&fromLaptop)
		if len(fromLaptop) != 2 || fromLaptop[0]["id"] != list[1]["id"] || fromLaptop[0]["current"] != true {
			t.Errorf("from the laptop = %v", fromLaptop)
		}

		b := laptop.post("/api/user/sessions/revoke-others", nil).want(http.StatusOK).obj()
		if b["revoked"] != float64(1) || b["message"] != "Signed out of 1 other device." {
			t.Errorf("revoke-others = %v", b)
		}
		phone.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		wantClosed(t, ws)
		laptop.get("/api/auth/user").want(http.StatusOK)
		someoneElse.get("/api/auth/user").want(http.StatusOK)
		if n := len(laptop.get("/api/user/sessions").want(http.StatusOK).list()); n != 1 {
			t.Errorf("%d sessions left", n)
		}
		if b := laptop.post("/api/user/sessions/revoke-others", nil).want(http.StatusOK).obj(); b["revoked"] != float64(0) {
			t.Errorf("second revoke-others = %v", b)
		}
		s.client(t).get("/api/user/sessions").wantError(http.StatusUnauthorized, "unauthorized", "")
		s.client(t).post("/api/user/sessions/revoke-others", nil).wantError(http.StatusUnauthorized, "unauthorized", "")
	})
}

// TestExport: "Download my data" is a JSON attachment with the profile, e-mail choice, devices, squares,
// payments, prizes and notifications, and no password hash or secret.
func TestExport(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		c, u := s.register(t, "1990-01-01", "NY")
		other, _ := s.register(t, "1990-01-01", "NY")
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0])
		path := "/api/pools/" + strconv.FormatInt(pools[0].ID, 10) + "/squares"
		c.post(path, map[string]int{"row": 3, "column": 7}).want(http.StatusCreated)
		other.post(path, map[string]int{"row": 4, "column": 4}).want(http.StatusCreated)
		c.post("/api/user/email-preferences", map[string]bool{"optOut": true}).want(http.StatusOK)

		r := c.get("/api/user/export").want(http.StatusOK)
		day := time.Now().UTC().Format("2006-01-02")
		if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="squares-my-data-`+day+`.json"` {
			t.Errorf("Content-Disposition = %q", cd)
		}
		if r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control = %q", r.Header.Get("Cache-Control"))
		}
		body := string(r.Body)
		for _, secret := range []string{"argon2", "passwordHash", c.token(), "clientSecret", "token"} {
			if strings.Contains(body, secret) {
				t.Errorf("the export shows %q", secret)
			}
		}
		var d struct {
			Profile          map[string]any   `json:"profile"`
			EmailPreferences map[string]any   `json:"emailPreferences"`
			Sessions         []map[string]any `json:"sessions"`
			Squares          []map[string]any `json:"squares"`
			Payments         []map[string]any `json:"payments"`
			Prizes           []map[string]any `json:"prizes"`
			Notifications    []map[string]any `json:"notifications"`
		}
		if err := json.Unmarshal(r.Body, &d); err != nil {
			t.Fatal(err)
		}
		if d.Profile["email"] != u["email"] || d.Profile["dateOfBirth"] != "1990-01-01" || d.EmailPreferences["optOut"] != true ||
			len(d.Sessions) != 1 || d.Sessions[0]["current"] != true {
			t.Errorf("profile %v, e-mail %v, sessions %v", d.Profile, d.EmailPreferences, d.Sessions)
		}
		if len(d.Squares) != 1 || d.Squares[0]["row"] != float64(3) || d.Squares[0]["column"] != float64(7) ||
			d.Squares[0]["poolName"] != pools[0].Name || d.Squares[0]["game"] != "Kansas City Chiefs @ Buffalo Bills" ||
			d.Squares[0]["status"] != "owned" {
			t.Errorf("squares = %v", d.Squares)
		}
		if d.Payments == nil || d.Prizes == nil || d.Notifications == nil {
			t.Errorf("empty lists must be [], not null: %s", body)
		}
		s.client(t).get("/api/user/export").wantError(http.StatusUnauthorized, "unauthorized", "")
	})
}

// TestSupportEmail: the web app learns the support address from GET /api/config.
func TestSupportEmail(t *testing.T) {
	s := startAPI(t, "sqlite")
	if b := s.client(t).get("/api/config").want(http.StatusOK).obj(); b["supportEmail"] != nil {
		t.Errorf("supportEmail unset = %v", b["supportEmail"])
	}
	s = startAPIWith(t, "sqlite", func(c *squareshttp.Config) { c.SupportEmail = "help@squares.example.com" })
	if b := s.client(t).get("/api/config").want(http.StatusOK).obj(); b["supportEmail"] != "help@squares.example.com" {
		t.Errorf("supportEmail = %v", b["supportEmail"])
	}
}
