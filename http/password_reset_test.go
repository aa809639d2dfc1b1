package http_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/storetest"
)

const resetAnswer = "If an account uses this email address, we've sent it a link to reset the password. " +
	"The link works for 60 minutes."

// resetTokens returns the tokens of the reset e-mails the outbox holds for an address, oldest first ("" for
// one no longer queued).
func (s *apiServer) resetTokens(t *testing.T, email string) []string {
	t.Helper()
	ms, err := s.db.ListMail(context.Background(), "", 500)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Kind == squares.MailPasswordReset && ms[i].To == email {
			out = append(out, ms[i].Secret)
		}
	}
	return out
}

// signedInSocket opens a websocket as the client's session and waits until the server has it.
func signedInSocket(t *testing.T, c *apiClient) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(c.base, "http")+"/ws", &websocket.DialOptions{HTTPClient: c.hc})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	if err := ws.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`)); err != nil {
		t.Fatal(err)
	}
	if _, data, err := ws.Read(ctx); err != nil || !strings.Contains(string(data), "pong") {
		t.Fatalf("first answer %s, %v", data, err)
	}
	return ws
}

// wantClosed fails unless the server closes the socket because its session ended.
func wantClosed(t *testing.T, ws *websocket.Conn) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, _, err := ws.Read(ctx)
		if err == nil {
			continue
		}
		if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
			t.Fatalf("socket ended with %v, want the session-ended close", err)
		}
		return
	}
}

// TestPasswordReset: the whole reset, through the API: 202 for any address, a link e-mailed to players
// only, the new password set through it, every session of the account ended (their websockets closed),
// sign-in with the new password; a used, expired, replaced or unknown link answers 400.
func TestPasswordReset(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		live := startLive(t, storetest.URL(t, engine))
		s := &apiServer{Server: live.Server, db: live.db}
		clock := s.useClock()
		phone, u := s.register(t, "1990-01-01", "NY")
		email := u["email"].(string)
		laptop := s.client(t)
		laptop.post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).want(http.StatusOK)
		ws := signedInSocket(t, laptop)
		s.admin(t)

		// The same answer for a player, an unknown address and an admin's username; a link for the player only.
		anon := s.client(t)
		for _, addr := range []string{strings.ToUpper(email), "nobody@example.com", "boss"} {
			b := anon.post("/api/auth/password-reset", map[string]string{"email": addr}).want(http.StatusAccepted).obj()
			if b["message"] != resetAnswer {
				t.Errorf("%s: %v", addr, b)
			}
		}
		tokens := s.resetTokens(t, email)
		if len(tokens) != 1 || len(tokens[0]) != 43 {
			t.Fatalf("reset e-mails to the player: %q", tokens)
		}
		if all, _ := s.db.ListMail(context.Background(), "", 500); len(all) != 1 {
			t.Errorf("%d messages queued, want only the player's", len(all))
		}
		anon.post("/api/auth/password-reset", map[string]string{"email": "  "}).
			wantError(http.StatusBadRequest, "invalid", "Please enter a valid email address", "email", "Please enter a valid email address")
		anon.post("/api/auth/password-reset", `{"email":`).want(http.StatusBadRequest)

		// A new password follows registration's rules; a refused one leaves the link usable.
		confirm := "/api/auth/password-reset/confirm"
		anon.post(confirm, map[string]string{"token": tokens[0], "password": "short"}).
			wantError(http.StatusBadRequest, "invalid", "", "password", "Password must be at least 8 characters")
		anon.post(confirm, map[string]string{"password": "new-password-1"}).want(http.StatusBadRequest)

		// The link sets the password and ends every session: both devices signed out, the socket closed.
		r := anon.post(confirm, map[string]string{"token": tokens[0], "password": "new-password-1"}).want(http.StatusOK)
		if b := r.obj(); b["message"] != "Your password has been reset. Sign in with your new password." {
			t.Errorf("confirm = %v", b)
		}
		device := false
		for _, k := range r.resp.Cookies() {
			device = device || strings.HasSuffix(k.Name, "squares_device") && k.Value != ""
		}
		if !device {
			t.Error("the browser that reset the password did not become a known device")
		}
		phone.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		laptop.get("/api/auth/user").wantError(http.StatusUnauthorized, "unauthorized", "")
		wantClosed(t, ws)
		s.client(t).post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).
			wantError(http.StatusUnauthorized, "unauthorized", "Invalid email or password")
		anon.post("/api/auth/login", map[string]string{"email": email, "password": "new-password-1"}).want(http.StatusOK)
		anon.get("/api/auth/user").want(http.StatusOK)

		// Used: 400, and nothing changes (the session just made stays).
		anon.post(confirm, map[string]string{"token": tokens[0], "password": "new-password-2"}).
			wantError(http.StatusBadRequest, "invalid", squares.ErrResetLinkUsed.Message, "token", squares.ErrResetLinkUsed.Message)
		anon.get("/api/auth/user").want(http.StatusOK)
		// Unknown.
		anon.post(confirm, map[string]string{"token": "not-a-token", "password": "new-password-2"}).
			wantError(http.StatusBadRequest, "invalid", squares.ErrResetLinkUnknown.Message)
		anon.post(confirm, map[string]string{"token": strings.Repeat("x", 5000), "password": "new-password-2"}).
			wantInvalidInput("token")
		// Replaced by a newer one.
		anon.post("/api/auth/password-reset", map[string]string{"email": email}).want(http.StatusAccepted)
		older := s.resetTokens(t, email)[1]
		anon.post("/api/auth/password-reset", map[string]string{"email": email}).want(http.StatusAccepted)
		newer := s.resetTokens(t, email)[2]
		if s.resetTokens(t, email)[1] != "" {
			t.Error("the replaced link's e-mail still holds its token")
		}
		anon.post(confirm, map[string]string{"token": older, "password": "new-password-2"}).
			wantError(http.StatusBadRequest, "invalid", squares.ErrResetLinkReplaced.Message)
		// Expired: 60 minutes after it was asked for.
		clock.Add(time.Hour)
		anon.post(confirm, map[string]string{"token": newer, "password": "new-password-2"}).
			wantError(http.StatusBadRequest, "invalid", squares.ErrResetLinkExpired.Message)
		anon.post("/api/auth/login", map[string]string{"email": email, "password": "new-password-1"}).want(http.StatusOK)
	})
}

// TestPasswordResetThrottle: reset requests are throttled per address asked about (known or not) and per
// client address, with 429 and Retry-After; they never lock anyone out of signing in, and a browser the
// account knows keeps a budget of its own.
func TestPasswordResetThrottle(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		owner, u := s.register(t, "1990-01-01", "NY")
		email := u["email"].(string)
		anon := s.client(t)
		for _, addr := range []string{email, "nobody@example.com"} {
			for range 5 {
				anon.post("/api/auth/password-reset", map[string]string{"email": addr}).want(http.StatusAccepted)
			}
			r := anon.post("/api/auth/password-reset", map[string]string{"email": addr})
			r.wantError(http.StatusTooManyRequests, "too_many_requests", "Too many password reset requests. Please wait a while and try again.")
			if wait, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || wait < 1 || wait > 3600 {
				t.Errorf("%s: Retry-After %q", addr, r.Header.Get("Retry-After"))
			}
		}
		if n := len(s.resetTokens(t, email)); n != 5 {
			t.Errorf("%d reset e-mails, want 5", n)
		}
		// The owner's browser (known since registration) still gets a link, and signing in works.
		owner.post("/api/auth/password-reset", map[string]string{"email": email}).want(http.StatusAccepted)
		s.client(t).post("/api/auth/login", map[string]string{"email": email, "password": "correct-horse"}).want(http.StatusOK)
		// Per client address: 20 an hour, whatever the addresses asked about.
		for i := range 10 {
			anon.post("/api/auth/password-reset", map[string]string{"email": "someone" + strconv.Itoa(i) + "@example.com"}).
				want(http.StatusAccepted)
		}
		anon.post("/api/auth/password-reset", map[string]string{"email": "one-more@example.com"}).
			want(http.StatusTooManyRequests)
	})
}
