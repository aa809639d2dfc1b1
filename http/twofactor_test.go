package http_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store/storetest"
)

// code is the authenticator app's code for secret at t.
func code(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := squares.TOTPCode(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// enrol sets up and enables two-factor sign-in for the signed-in admin at the clock's time, returning the
// secret and the recovery codes.
func enrol(t *testing.T, admin *apiClient, clock *storetest.Clock) (string, []string) {
	t.Helper()
	setup := admin.post("/api/admin/2fa/setup", struct{}{}).want(http.StatusOK).obj()
	secret, _ := setup["secret"].(string)
	if url, _ := setup["otpauthUrl"].(string); secret == "" || !strings.HasPrefix(url, "otpauth://totp/Squares:boss?") ||
		!strings.Contains(url, "secret="+secret) {
		t.Fatalf("set-up = %v", setup)
	}
	if qr, _ := setup["qrCode"].(string); !strings.HasPrefix(qr, "data:image/png;base64,") || len(qr) < 200 {
		t.Errorf("QR code = %.60q", qr)
	}
	on := admin.post("/api/admin/2fa/enable", map[string]string{"code": code(t, secret, clock.Now())}).want(http.StatusOK).obj()
	raw, _ := on["recoveryCodes"].([]any)
	var recovery []string
	for _, c := range raw {
		recovery = append(recovery, c.(string))
	}
	if on["enabled"] != true || len(recovery) != squares.RecoveryCodeCount {
		t.Fatalf("enable = %v", on)
	}
	return secret, recovery
}

// signIn posts the admin's password from a new browser; with two-factor sign-in it returns the challenge.
func (s *apiServer) signIn(t *testing.T) (*apiClient, string) {
	t.Helper()
	c := s.client(t)
	r := c.post("/api/admin/login", map[string]string{"username": "boss", "password": "admin-password"}).want(http.StatusOK)
	body := r.obj()
	challenge, _ := body["challenge"].(string)
	if body["twoFactorRequired"] != true || challenge == "" || body["user"] != nil || r.cookie() != nil {
		t.Fatalf("sign-in of an admin with two-factor = %s (cookie %v)", r.Body, r.cookie())
	}
	return c, challenge
}

func TestAdminTwoFactor(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		clock := s.useClock()
		admin := s.admin(t)
		if st := admin.get("/api/admin/2fa").want(http.StatusOK).obj(); st["enabled"] != false || st["required"] != false {
			t.Fatalf("status before = %v", st)
		}
		// Another browser signed in with the password alone.
		laptop := s.client(t)
		laptop.post("/api/admin/login", map[string]string{"username": "boss", "password": "admin-password"}).want(http.StatusOK)
		laptop.get("/api/admin/stats").want(http.StatusOK)
		// A wrong code enables nothing.
		admin.post("/api/admin/2fa/setup", struct{}{}).want(http.StatusOK)
		admin.post("/api/admin/2fa/enable", map[string]string{"code": "12345"}).wantError(http.StatusBadRequest, "invalid", "Invalid authentication code")
		admin.post("/api/admin/2fa/enable", map[string]string{}).wantError(http.StatusBadRequest, "invalid", "", "code", "Enter the code from your authenticator app.")
		secret, recovery := enrol(t, admin, clock)
		enabledAt := clock.Now()
		// Turning it on ended the other browser's session, not this one's.
		laptop.get("/api/admin/stats").wantError(http.StatusUnauthorized, "unauthorized", "")
		admin.get("/api/admin/stats").want(http.StatusOK)
		if st := admin.get("/api/admin/2fa").want(http.StatusOK).obj(); st["enabled"] != true || st["recoveryCodesLeft"] != 8.0 {
			t.Fatalf("status after = %v", st)
		}
		// The secret is never given again.
		admin.post("/api/admin/2fa/setup", struct{}{}).wantError(http.StatusConflict, "conflict", "Two-factor sign-in is already on.")

		// The password alone signs no one in.
		c, challenge := s.signIn(t)
		c.get("/api/admin/stats").wantError(http.StatusUnauthorized, "unauthorized", "")
		// The code that enabled two-factor sign-in is spent: replay refused, and the same for a code of the
		// step before.
		c.post("/api/admin/login/2fa", map[string]string{"challenge": challenge, "code": code(t, secret, enabledAt)}).
			wantError(http.StatusBadRequest, "invalid", "Invalid authentication code")
		c.post("/api/admin/login/2fa", map[string]string{"challenge": challenge, "code": code(t, secret, enabledAt.Add(-30*time.Second))}).
			wantError(http.StatusBadRequest, "invalid", "Invalid authentication code")
		// The next step's code signs in, with a session.
		clock.Add(30 * time.Second)
		current := code(t, secret, clock.Now())
		r := c.post("/api/admin/login/2fa", map[string]string{"challenge": challenge, "code": current[:3] + " " + current[3:]}).want(http.StatusOK)
		if body := r.obj(); body["success"] != true || r.cookie() == nil || body["recoveryCodeUsed"] != nil {
			t.Fatalf("code sign-in = %s", r.Body)
		}
		c.get("/api/admin/stats").want(http.StatusOK)
		// The challenge is spent, and the code too: another sign-in cannot use it again.
		c.post("/api/admin/login/2fa", map[string]string{"challenge": challenge, "code": current}).
			wantError(http.StatusUnauthorized, "unauthorized", "This sign-in has expired. Please sign in again.")
		other, challenge2 := s.signIn(t)
		other.post("/api/admin/login/2fa", map[string]string{"challenge": challenge2, "code": current}).
			wantError(http.StatusBadRequest, "invalid", "Invalid authentication code")

		// A recovery code signs in once.
		r = other.post("/api/admin/login/2fa", map[string]string{"challenge": challenge2, "code": strings.ToUpper(recovery[0])}).want(http.StatusOK)
		if body := r.obj(); body["recoveryCodeUsed"] != true || body["recoveryCodesLeft"] != 7.0 {
			t.Fatalf("recovery sign-in = %s", r.Body)
		}
		third, challenge3 := s.signIn(t)
		third.post("/api/admin/login/2fa", map[string]string{"challenge": challenge3, "code": recovery[0]}).
			wantError(http.StatusBadRequest, "invalid", "Invalid authentication code")

		// A challenge lasts 5 minutes.
		clock.Add(5*time.Minute + time.Second)
		third.post("/api/admin/login/2fa", map[string]string{"challenge": challenge3, "code": code(t, secret, clock.Now())}).
			wantError(http.StatusUnauthorized, "unauthorized", "This sign-in has expired. Please sign in again.")
		third.post("/api/admin/login/2fa", map[string]string{"challenge": "made-up", "code": "123456"}).
			wantError(http.StatusUnauthorized, "unauthorized", "")
		third.get("/api/admin/stats").wantError(http.StatusUnauthorized, "unauthorized", "")

		// Disabling needs a good code; then the password alone signs in again.
		admin.post("/api/admin/2fa/disable", map[string]string{"code": "000000"}).wantError(http.StatusBadRequest, "invalid", "")
		admin.post("/api/admin/2fa/disable", map[string]string{"code": code(t, secret, clock.Now())}).want(http.StatusOK)
		if st := admin.get("/api/admin/2fa").want(http.StatusOK).obj(); st["enabled"] != false || st["recoveryCodesLeft"] != 0.0 {
			t.Fatalf("status after disabling = %v", st)
		}
		s.client(t).post("/api/admin/login", map[string]string{"username": "boss", "password": "admin-password"}).want(http.StatusOK).cookie()

		// Both changes are in the audit log.
		var log struct {
			Entries []squares.AuditEntry `json:"entries"`
		}
		admin.get("/api/admin/audit").want(http.StatusOK).decode(&log)
		var actions []string
		for _, e := range log.Entries {
			actions = append(actions, e.Action)
		}
		if strings.Join(actions, ",") != "user.two_factor.disable,user.two_factor.enable" {
			t.Errorf("audit = %v (%v)", actions, log.Entries)
		}
	})
}

// Wrong codes are throttled as wrong passwords are: 5 in 15 minutes, then even the right code waits.
func TestAdminTwoFactorThrottle(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		clock := s.useClock()
		admin := s.admin(t)
		secret, _ := enrol(t, admin, clock)
		clock.Add(30 * time.Second)
		c, challenge := s.signIn(t)
		for i := range 5 {
			c.post("/api/admin/login/2fa", map[string]string{"challenge": challenge, "code": "00000" + string(rune('0'+i))}).
				wantError(http.StatusBadRequest, "invalid", "Invalid authentication code")
		}
		r := c.post("/api/admin/login/2fa", map[string]string{"challenge": challenge, "code": code(t, secret, clock.Now())})
		r.wantError(http.StatusTooManyRequests, "too_many_requests", "Too many wrong codes. Please wait a few minutes and try again.")
		if r.Header.Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
		// The signed-in admin's code calls share the budget.
		admin.post("/api/admin/2fa/disable", map[string]string{"code": code(t, secret, clock.Now())}).
			wantError(http.StatusTooManyRequests, "too_many_requests", "")
		// After the window, the right code signs in (on a new challenge: the first has expired).
		clock.Add(15 * time.Minute)
		c, challenge = s.signIn(t)
		c.post("/api/admin/login/2fa", map[string]string{"challenge": challenge, "code": code(t, secret, clock.Now())}).want(http.StatusOK)
	})
}

// With SQUARES_ADMIN_2FA=1 an admin without two-factor sign-in may do nothing but set it up.
func TestAdminTwoFactorRequired(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPIWith(t, engine, func(c *squareshttp.Config) { c.AdminTwoFactor = true })
		clock := s.useClock()
		s.game(t, "W12", time.Now().Add(72*time.Hour))
		admin := s.admin(t)
		login := s.client(t).post("/api/admin/login", map[string]string{"username": "boss", "password": "admin-password"}).
			want(http.StatusOK).obj()
		if login["twoFactorSetupRequired"] != true || login["success"] != true {
			t.Fatalf("sign-in = %v", login)
		}
		exempt := 0
		for _, c := range callsOf(s.Routes(), squareshttp.AccessAdmin) {
			if strings.HasPrefix(c.path, "/api/admin/2fa") {
				exempt++
				continue
			}
			admin.do(c.method, c.path, c.body).wantError(http.StatusForbidden, "two_factor_required",
				"Two-factor sign-in is required for admins: set it up on the Security page first.")
		}
		if exempt != 4 {
			t.Errorf("%d set-up routes, want 4", exempt)
		}
		if st := admin.get("/api/admin/2fa").want(http.StatusOK).obj(); st["required"] != true || st["enabled"] != false {
			t.Fatalf("status = %v", st)
		}
		enrol(t, admin, clock)
		admin.get("/api/admin/stats").want(http.StatusOK)
		// A player made admin signs in through the admin sign-in only, where setting up comes first.
		player, u := s.register(t, "1990-01-01", "NY")
		admin.post("/api/admin/users/"+u["id"].(string)+"/update", map[string]string{"role": "admin"}).want(http.StatusOK)
		player.post("/api/auth/login", map[string]string{"email": u["email"].(string), "password": "correct-horse"}).
			wantError(http.StatusForbidden, "forbidden", "This account signs in with a second factor: please use the admin sign-in.")
	})
}
