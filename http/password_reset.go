package http

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Reset requests are throttled per address asked about (whether or not it is an account's, so that the
// answer tells nothing) and per client address, on budgets of their own: asking for resets never locks
// anyone out of signing in. A browser known to the account (device.go) spends its own budget first, so
// that requests made elsewhere do not keep the owner from getting a link.
const (
	resetWindow      = time.Hour
	maxResetsAccount = 5
	maxResetsAddress = 20
	maxResetsDevice  = 5
)

var errTooManyResets = squares.Errorf(squares.ETOOMANY,
	"Too many password reset requests. Please wait a while and try again.")

// resetRequested answers every reset request that gets past validation and the throttle, whether or not
// an e-mail was sent.
const resetRequested = "If an account uses this email address, we've sent it a link to reset the password. " +
	"The link works for 60 minutes."

type passwordResetRequest struct {
	Email string `json:"email"`
}

// handlePasswordReset asks for a reset link by e-mail: POST /api/auth/password-reset {email}. It answers
// 202 whatever the address: an account's, no one's, or an admin's username (admins are reset with
// `squares create-admin`); for a player's account a reset token is kept and its e-mail queued in one
// transaction.
func (s *Server) handlePasswordReset(w http.ResponseWriter, r *http.Request) {
	var req passwordResetRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	email := squares.NormalizeEmail(req.Email)
	if email == "" || len(email) > 254 {
		s.Error(w, r, squares.FieldError("email", "Please enter a valid email address"))
		return
	}
	attempt, wait, err := s.reserveReset(r.Context(), r, email)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if attempt == nil {
		s.tooMany(w, r, errTooManyResets, wait)
		return
	}
	// A token is made for every request, and the store's transaction is the same up to finding the
	// account, so that unknown addresses take about as long as known ones.
	token, _, err := squares.NewPasswordResetToken()
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if _, err := s.Store.RequestPasswordReset(r.Context(), email, token); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, success(resetRequested))
}

// reserveReset counts a reset request under its budgets, or returns a nil attempt and how long to wait.
func (s *Server) reserveReset(ctx context.Context, r *http.Request, email string) (*store.Attempt, time.Duration, error) {
	nonce, err := s.knownDevice(ctx, r, "email:"+email)
	if err != nil {
		return nil, 0, err
	}
	if nonce != "" {
		a, wait, err := s.Store.ReserveAttempt(ctx, store.Limit{Key: "reset-device:" + nonce, Max: maxResetsDevice, Window: resetWindow})
		if err != nil || a != nil {
			return a, wait, err
		}
	}
	return s.Store.ReserveAttempt(ctx,
		store.Limit{Key: "reset:" + email, Max: maxResetsAccount, Window: resetWindow},
		store.Limit{Key: s.addressKey("reset-ip:", r), Max: maxResetsAddress, Window: resetWindow})
}

type passwordResetConfirmRequest struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// handlePasswordResetConfirm sets a new password through a reset link: POST /api/auth/password-reset/confirm
// {token, password}. The password follows registration's rules; the token works once, within 60 minutes,
// while it is the account's newest. Every session of the account ends (their websockets close). A used,
// expired, replaced or unknown token answers 400 with what is wrong.
func (s *Server) handlePasswordResetConfirm(w http.ResponseWriter, r *http.Request) {
	var req passwordResetConfirmRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	token := strings.TrimSpace(req.Token)
	var v squares.Validation
	if token == "" {
		v.Add("token", "This password reset link is incomplete. Open the link from the e-mail again, or request a new one.")
	}
	if msg := squares.CheckNewPassword(req.Password); msg != "" {
		v.Add("password", msg)
	}
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	// The link is checked before the (costly) hash, so that junk tokens cost a read only.
	if _, err := s.Store.CheckPasswordReset(r.Context(), token); err != nil {
		s.Error(w, r, err)
		return
	}
	hash, err := squares.HashPasswordContext(r.Context(), req.Password)
	if r.Context().Err() != nil {
		return // the client has gone
	} else if err != nil {
		s.Error(w, r, err)
		return
	}
	u, err := s.Store.ResetPassword(r.Context(), token, hash)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	// This browser proved it reads the account's e-mail: it becomes a known device, so that failed sign-ins
	// elsewhere (which lock out unknown browsers) do not keep the owner from signing in with the new password.
	if err := s.rememberDevice(r.Context(), w, r, "email:"+u.Email); err != nil {
		s.Error(w, r, err)
		return
	}
	// Whatever session this browser held ended with the others: its cookie goes too.
	if err := s.endSession(w, r); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success("Your password has been reset. Sign in with your new password."))
}
