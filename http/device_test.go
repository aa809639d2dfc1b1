package http_test

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

// deviceCookies returns the device cookies the client's jar holds.
func (c *apiClient) deviceCookies() []*http.Cookie {
	c.t.Helper()
	u, err := url.Parse(c.base)
	if err != nil {
		c.t.Fatal(err)
	}
	var out []*http.Cookie
	for _, k := range c.hc.Jar.Cookies(u) {
		if strings.HasPrefix(k.Name, "squares_device") {
			out = append(out, k)
		}
	}
	return out
}

// withCookies returns a new client whose jar holds the given cookies.
func (s *apiServer) withCookies(t *testing.T, cookies ...*http.Cookie) *apiClient {
	t.Helper()
	c := s.client(t)
	u, err := url.Parse(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	c.hc.Jar.SetCookies(u, cookies)
	return c
}

// An attacker who exhausts an account's failures locks out unknown browsers only: the owner's browser,
// known by the signed device cookie it got at its last sign-in, still signs in, with a smaller budget of
// its own; a device cookie that fails its budget is locked too.
func TestDeviceCookieSignIn(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		s.register(t, "1990-01-01", "NY")
		email := s.lastEmail
		login := func(c *apiClient, password string) *apiResponse {
			t.Helper()
			return c.post("/api/auth/login", map[string]string{"email": email, "password": password})
		}

		owner := s.client(t)
		r := login(owner, "correct-horse").want(http.StatusOK)
		var device *http.Cookie
		for _, k := range r.resp.Cookies() {
			if strings.HasPrefix(k.Name, "squares_device") {
				device = k
			}
		}
		if device == nil || device.Value == "" || !device.HttpOnly || device.Path != "/" || device.MaxAge < 30*24*3600 ||
			device.SameSite != http.SameSiteStrictMode {
			t.Fatalf("device cookie = %+v", device)
		}
		if len(owner.deviceCookies()) != 1 {
			t.Fatalf("device cookies in the jar = %v", owner.deviceCookies())
		}

		// The attack, from browsers the account has never seen.
		attacker := s.client(t)
		for range 5 {
			login(attacker, "wrong-password").wantError(http.StatusUnauthorized, "unauthorized", "Invalid email or password")
		}
		r = login(attacker, "wrong-password")
		r.wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
		wantRetryAfter(t, r.Header.Get("Retry-After"), 15*60)
		stranger := s.client(t)
		login(stranger, "correct-horse").wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
		stranger.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")

		// The owner's browser signs in during the attack.
		login(owner, "correct-horse").want(http.StatusOK)
		owner.get("/api/auth/user").want(http.StatusOK)

		// A forged or altered device cookie is an unknown browser.
		forged := *device
		forged.Value = device.Value[:len(device.Value)-2] + "xx"
		login(s.withCookies(t, &forged), "correct-horse").wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
		renamed := *device
		renamed.Name = "squares_device_000000000000"
		login(s.withCookies(t, &renamed), "correct-horse").wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
		// The owner's cookie copied to another browser is the owner's device (it is a bearer token for
		// the budget, not for the account).
		login(s.withCookies(t, device), "correct-horse").want(http.StatusOK)

		// The device's own budget: three failures, then it is locked like any unknown browser.
		for range 3 {
			login(owner, "wrong-password").wantError(http.StatusUnauthorized, "unauthorized", "Invalid email or password")
		}
		login(owner, "correct-horse").wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
	})
}

// The admin door works the same way: failures from anywhere do not lock the admin's own browser out.
func TestDeviceCookieAdminSignIn(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		admin := s.admin(t) // signed in through /api/admin/login: a known device
		login := func(c *apiClient, password string) *apiResponse {
			t.Helper()
			return c.post("/api/admin/login", map[string]string{"username": "boss", "password": password})
		}
		attacker := s.client(t)
		for range 5 {
			login(attacker, "wrong-password").wantError(http.StatusUnauthorized, "unauthorized", "Invalid credentials")
		}
		login(attacker, "wrong-password").wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
		login(s.client(t), "admin-password").wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
		login(admin, "admin-password").want(http.StatusOK)
		if me := admin.get("/api/auth/user").want(http.StatusOK).obj(); me["role"] != "admin" {
			t.Errorf("admin after signing in during an attack = %v", me)
		}
		// A player's device cookie is not the admin's.
		player, _ := s.register(t, "1990-01-01", "NY")
		player.post("/api/auth/login", map[string]string{"email": s.lastEmail,
			"password": "correct-horse"}).want(http.StatusOK)
		login(player, "admin-password").wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
	})
}

// The device cookie is an opaque random id (issue 19 item 7): neither its name nor its value says whose
// it is (it carried "email:..." in base64), the same browser keeps one id for each account it signs in to,
// and two browsers never share one. The cookies of the old form are cleared at the next sign-in.
func TestDeviceCookieIsOpaque(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		_, _ = s.register(t, "1990-01-01", "NY")
		email := s.lastEmail
		browser := s.client(t)
		browser.post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).want(http.StatusOK)
		cookies := browser.deviceCookies()
		if len(cookies) != 1 {
			t.Fatalf("device cookies = %v", cookies)
		}
		device := cookies[0]
		if device.Name != "squares_device" {
			t.Errorf("device cookie name %q (development mode), want squares_device", device.Name)
		}
		id, err := base64.RawURLEncoding.DecodeString(device.Value)
		if err != nil || len(id) != 32 {
			t.Errorf("device cookie %q is not 256 random bits in base64url: %v", device.Value, err)
		}
		for _, b := range []string{device.Value, device.Name} {
			for _, leak := range []string{"email", "@", "player", "example", "boss", "admin"} {
				if strings.Contains(strings.ToLower(b), leak) {
					t.Errorf("device cookie %s=%s says %q", device.Name, device.Value, leak)
				}
			}
		}
		// Nor does it carry the account encoded: no part decodes to the e-mail or its domain. (Not merely no
		// "@": 32 random bytes hold the byte 0x40 one time in eight.)
		domain := email[strings.Index(email, "@"):]
		for _, part := range strings.Split(device.Value, ".") {
			if d, err := base64.RawURLEncoding.DecodeString(part); err == nil && (strings.Contains(string(d), email) || strings.Contains(string(d), domain)) {
				t.Errorf("device cookie part %q decodes to %q", part, d)
			}
		}

		// The admin's sign-in in the same browser keeps its id; another browser gets another.
		hash, err := squares.HashPassword("admin-password")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.EnsureAdmin(context.Background(), "boss", hash); err != nil {
			t.Fatal(err)
		}
		browser.post("/api/admin/login", map[string]string{"username": "boss", "password": "admin-password"}).want(http.StatusOK)
		if again := browser.deviceCookies(); len(again) != 1 || again[0].Value != device.Value {
			t.Errorf("after the admin's sign-in in the same browser: %v, want the same id %s", again, device.Value)
		}
		other := s.client(t)
		other.post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).want(http.StatusOK)
		if o := other.deviceCookies(); len(o) != 1 || o[0].Value == device.Value {
			t.Errorf("another browser's device cookie %v, the first's %s", o, device.Value)
		}

		// A cookie of the old form (signed, naming its account) is no device, and is cleared at sign-in.
		old := &http.Cookie{Name: "squares_device_0123456789ab", Value: base64.RawURLEncoding.EncodeToString([]byte("email:"+email)) + ".bm9uY2U.c2ln"}
		oldBrowser := s.withCookies(t, old)
		r := oldBrowser.post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).want(http.StatusOK)
		cleared := false
		for _, k := range r.resp.Cookies() {
			if k.Name == old.Name && k.MaxAge < 0 {
				cleared = true
			}
		}
		if !cleared || len(oldBrowser.deviceCookies()) != 1 || oldBrowser.deviceCookies()[0].Name != "squares_device" {
			t.Errorf("old device cookie not cleared: answer %v, jar %v", r.resp.Cookies(), oldBrowser.deviceCookies())
		}
	})
}
