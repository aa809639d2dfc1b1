package http

import (
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

var errWrongCurrentPassword = squares.FieldError("currentPassword", "Your current password is incorrect.")

type changePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// accountKey is the sign-in throttle's key of an account (checkCredentials): a player's e-mail, an
// admin's username.
func accountKey(u *squares.User) string {
	if u.IsAdmin() && u.Username != "" {
		return "admin:" + strings.ToLower(u.Username)
	}
	return "email:" + u.Email
}

// handleChangePassword changes the signed-in user's password: POST /api/user/password {currentPassword,
// newPassword}. The current password is checked as at sign-in, under the same throttle (a wrong one is a
// 400 on currentPassword; too many, 429); the new one follows registration's rules. The session making
// the change stays; every other session of the account ends.
func (s *Server) handleChangePassword(w http.ResponseWriter, r *http.Request) {
	var req changePasswordRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	me := userFrom(r.Context())
	var v squares.Validation
	if req.CurrentPassword == "" {
		v.Add("currentPassword", "Enter your current password")
	}
	if msg := squares.CheckNewPassword(req.NewPassword); msg != "" {
		v.Add("newPassword", msg)
	} else if req.NewPassword == req.CurrentPassword {
		v.Add("newPassword", "Choose a password different from your current one")
	}
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	if len(req.CurrentPassword) > squares.MaxPasswordLength {
		s.Error(w, r, errWrongCurrentPassword)
		return
	}
	u, ok := s.checkCredentials(w, r, accountKey(me), req.CurrentPassword, func() (*squares.User, error) {
		return s.Store.FindUserByID(r.Context(), me.ID)
	}, errWrongCurrentPassword)
	if !ok {
		return
	}
	hash, err := squares.HashPasswordContext(r.Context(), req.NewPassword)
	if r.Context().Err() != nil {
		return
	} else if err != nil {
		s.Error(w, r, err)
		return
	}
	ended, err := s.Store.ChangePassword(r.Context(), u.ID, hash, s.sessionHash(r))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, PasswordChanged{Success: true, SignedOut: ended,
		Message: "Your password has been changed. Your other devices have been signed out."})
}

// PasswordChanged answers a password change: how many other sessions it signed out.
type PasswordChanged struct {
	Message   string `json:"message"`
	SignedOut int    `json:"signedOut"`
	Success   bool   `json:"success"`
}

// SessionsRevoked answers signing out everywhere else: how many sessions ended.
type SessionsRevoked struct {
	Message string `json:"message"`
	Revoked int    `json:"revoked"`
	Success bool   `json:"success"`
}

// AccountSession is a signed-in session as its user sees it: never its token or the token's hash.
type AccountSession struct {
	ID         string    `json:"id"`
	Device     string    `json:"device"`
	UserAgent  string    `json:"userAgent"`
	CreatedAt  time.Time `json:"createdAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	Current    bool      `json:"current"` // the session of the request: this device
}

func toSessionsJSON(ss []*store.Session, current string) []AccountSession {
	out := make([]AccountSession, 0, len(ss))
	for _, x := range ss {
		out = append(out, AccountSession{ID: x.PublicID(), Device: squares.DeviceLabel(x.UserAgent), UserAgent: x.UserAgent,
			CreatedAt: x.CreatedAt, LastSeenAt: x.LastSeenAt, Current: x.TokenHash == current})
	}
	// This device first, then the most recently used.
	sort.SliceStable(out, func(i, j int) bool { return out[i].Current && !out[j].Current })
	return out
}

// handleListSessions lists the devices signed in to the account: GET /api/user/sessions.
func (s *Server) handleListSessions(w http.ResponseWriter, r *http.Request) {
	ss, err := s.Store.ListSessions(r.Context(), viewerID(r.Context()))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toSessionsJSON(ss, s.sessionHash(r)))
}

// handleRevokeOtherSessions signs the account out everywhere but here: POST /api/user/sessions/revoke-others.
// The other sessions' websockets close.
func (s *Server) handleRevokeOtherSessions(w http.ResponseWriter, r *http.Request) {
	n, err := s.Store.EndOtherSessions(r.Context(), viewerID(r.Context()), s.sessionHash(r))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	message := "No other device was signed in."
	switch {
	case n == 1:
		message = "Signed out of 1 other device."
	case n > 1:
		message = "Signed out of " + itoa(int64(n)) + " other devices."
	}
	writeJSON(w, http.StatusOK, SessionsRevoked{Success: true, Revoked: n, Message: message})
}
