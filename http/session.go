package http

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// cookieName is the session cookie's name; behind TLS it takes the __Host- prefix, which pins it to this
// host, path / and Secure.
func (s *Server) cookieName() string {
	if s.Config.Dev {
		return "squares_session"
	}
	return "__Host-squares_session"
}

// hashToken is what the database keeps of a session token: a leaked table gives no usable session.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// sessionHash is the hash of the request's session token, or "".
func (s *Server) sessionHash(r *http.Request) string {
	if c, err := r.Cookie(s.cookieName()); err == nil && c.Value != "" {
		return hashToken(c.Value)
	}
	return ""
}

// secondFactorPrefix begins the token of a session that passed the second factor: started with a code,
// or by turning two-factor sign-in on. The prefix is part of what the database keeps the hash of, so it
// cannot be added to another session's token; '.' is no letter of base64url, so no other token begins so.
const secondFactorPrefix = "2f."

// passedSecondFactor reports whether the session of this token passed the second factor.
func passedSecondFactor(token string) bool { return strings.HasPrefix(token, secondFactorPrefix) }

// startSession signs the user in: a new session with a fresh 256-bit token, replacing the one the
// browser held (rotation at sign-in). secondFactor says the session passed the second factor, which an
// admin's powers may need (sessionUser).
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *squares.User, secondFactor bool) error {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	if secondFactor {
		token = secondFactorPrefix + token
	}
	sess := &store.Session{TokenHash: hashToken(token), UserID: u.ID, ExpiresAt: s.now().Add(squares.SessionIdle(u.Role)),
		UserAgent: r.UserAgent()}
	if err := s.Store.CreateSession(r.Context(), sess, s.sessionHash(r)); err != nil {
		return err
	}
	s.setSessionCookie(w, token, sess.ExpiresAt)
	return nil
}

// setSessionCookie gives the browser the session's token until the session would expire unused.
func (s *Server) setSessionCookie(w http.ResponseWriter, token string, expires time.Time) {
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(), Value: token, Path: "/", Expires: expires,
		MaxAge: int(expires.Sub(s.now()).Seconds()), HttpOnly: true, Secure: !s.Config.Dev, SameSite: http.SameSiteLaxMode})
}

// endSession deletes the browser's session on the server and clears its cookie.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request) error {
	if hash := s.sessionHash(r); hash != "" {
		if err := s.Store.DeleteSession(r.Context(), hash); err != nil {
			return err
		}
	}
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(), Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		Secure: !s.Config.Dev, SameSite: http.SameSiteLaxMode})
	return nil
}

// withUser loads the session's user, if any, into the request context of API and websocket requests
// (the web app's files need no user, and no database read; its pages read the session themselves, for
// what they preload), as sessionUser makes it: this is where an admin's powers come from, for every route
// and the websocket.
func (s *Server) withUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") && r.URL.Path != "/ws" {
			next.ServeHTTP(w, r)
			return
		}
		u, err := s.requestUser(w, r)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		if u != nil {
			r = r.WithContext(squares.NewContextWithUser(r.Context(), u))
		}
		next.ServeHTTP(w, r)
	})
}

// requestUser is the signed-in user of the request's session cookie, or nil. Sessions read recently come
// from the session cache (sessions). When the store slid the session's expiry (every few minutes of use),
// the cookie's expiry slides with it.
func (s *Server) requestUser(w http.ResponseWriter, r *http.Request) (*squares.User, error) {
	c, err := r.Cookie(s.cookieName())
	if err != nil || c.Value == "" || len(c.Value) > 100 {
		return nil, nil
	}
	hash := hashToken(c.Value)
	sess, gen := s.sessions.get(hash, s.Store.Now().UTC())
	if sess == nil {
		sess, err = s.Store.FindSession(r.Context(), hash)
		if err != nil && squares.ErrorCode(err) != squares.ENOTFOUND {
			return nil, err
		}
		if sess == nil {
			return nil, nil
		}
		if sess.Touched {
			s.setSessionCookie(w, c.Value, sess.ExpiresAt)
		}
		s.sessions.put(hash, sess, gen)
	}
	return sessionUser(sess, passedSecondFactor(c.Value), s.Config.AdminTwoFactor), nil
}

// sessionUser is the signed-in user of a session, each call its own copy (the session's is shared). An
// admin whose session has not passed the second factor where the server requires one (required) or the
// admin turned it on keeps the role but has none of an admin's powers (squares.AdminSession): IsAdmin
// answers false for them on every route and on the websocket.
func sessionUser(sess *store.Session, secondFactor, required bool) *squares.User {
	u := *sess.User
	if u.HasAdminRole() {
		u.NeedsSecondFactor = !squares.AdminSession{Required: required, Enabled: sess.TwoFactor, SecondFactor: secondFactor}.HasPowers()
	}
	return &u
}

// userFrom returns the signed-in user, or nil.
func userFrom(ctx context.Context) *squares.User {
	return squares.UserFromContext(ctx)
}

// viewerID is the signed-in user's id, or 0.
func viewerID(ctx context.Context) int64 {
	if u := userFrom(ctx); u != nil {
		return u.ID
	}
	return 0
}

var errSignedOut = squares.Errorf(squares.EUNAUTHORIZED, "Not authenticated. Please sign in.")

// requireUser answers 401 unless someone is signed in.
func (s *Server) requireUser(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if userFrom(r.Context()) == nil {
			s.Error(w, r, errSignedOut)
			return
		}
		h(w, r)
	}
}

// requireAdmin answers 401 when signed out, 403 for anyone but an admin, and 403 two_factor_required to an
// admin whose session has no admin powers for want of the second factor (sessionUser), except on the
// set-up's routes (twoFactorExempt), which need only the admin's account.
func (s *Server) requireAdmin(pattern string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		if u == nil {
			s.Error(w, r, errSignedOut)
			return
		}
		if !u.HasAdminRole() {
			s.Error(w, r, squares.Errorf(squares.EFORBIDDEN, "Admin access required."))
			return
		}
		if !u.IsAdmin() && !twoFactorExempt[pattern] {
			s.Error(w, r, errTwoFactorRequired)
			return
		}
		h(w, r)
	}
}

// requireAdminOrPlayer is requireAdmin for a route a private pool's host may call too (AccessHost): a
// player signed in reaches the handler, which answers anyone but the host 403; an admin passes the admin
// checks first.
func (s *Server) requireAdminOrPlayer(pattern string, h http.HandlerFunc) http.HandlerFunc {
	admin := s.requireAdmin(pattern, h)
	return func(w http.ResponseWriter, r *http.Request) {
		if u := userFrom(r.Context()); u != nil && !u.HasAdminRole() {
			h(w, r)
			return
		}
		admin(w, r)
	}
}

// requirePayments answers 422 when the server takes no payments (no escrow is configured).
func (s *Server) requirePayments(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.Escrow == nil {
			s.Error(w, r, squares.Errorf(squares.EUNPROCESSABLE, "Payments are not enabled on this server."))
			return
		}
		h(w, r)
	}
}

// clientIP is the address a request came from: the peer's, or behind n trusted proxies the n-th
// X-Forwarded-For entry from the right.
func (s *Server) clientIP(r *http.Request) string {
	return clientAddress(r.RemoteAddr, r.Header.Values("X-Forwarded-For"), s.Config.TrustedProxies)
}

// clientAddress picks the client's address. Each proxy appends the address it got the request from, so
// behind n proxies the last n entries of X-Forwarded-For were written by them, and the n-th from the
// right (appended by the outermost) is the client's; anything to its left is whatever the client wrote.
// With fewer entries than n (the request skipped an outer proxy) the rightmost is used, the one entry the
// client cannot choose. A missing or malformed entry gives the peer's address.
func clientAddress(remoteAddr string, forwardedFor []string, trusted int) string {
	peer := remoteAddr
	if host, _, err := net.SplitHostPort(remoteAddr); err == nil {
		peer = host
	}
	if trusted <= 0 {
		return peer
	}
	var hops []string
	for _, h := range forwardedFor {
		for e := range strings.SplitSeq(h, ",") {
			hops = append(hops, strings.TrimSpace(e))
		}
	}
	if len(hops) == 0 {
		return peer
	}
	hop := hops[len(hops)-1]
	if len(hops) >= trusted {
		hop = hops[len(hops)-trusted]
	}
	if ap, err := netip.ParseAddrPort(hop); err == nil {
		return ap.Addr().Unmap().String()
	}
	if a, err := netip.ParseAddr(hop); err == nil {
		return a.Unmap().String()
	}
	return peer
}
