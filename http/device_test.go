package http_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

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
		email := fmt.Sprintf("player%d@example.com", emailCounter)
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
		player.post("/api/auth/login", map[string]string{"email": fmt.Sprintf("player%d@example.com", emailCounter),
			"password": "correct-horse"}).want(http.StatusOK)
		login(player, "admin-password").wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
	})
}
