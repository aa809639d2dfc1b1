package squares

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"
)

// PasswordResetTTL is how long a password reset link works after it is asked for.
const PasswordResetTTL = 60 * time.Minute

// maxResetToken bounds the length of a token worth looking up: ours are 43 characters.
const maxResetToken = 128

// NewPasswordResetToken returns a new reset link's token, 256 random bits in URL-safe base64, and the hash
// to keep of it (HashPasswordResetToken).
func NewPasswordResetToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashPasswordResetToken(token), nil
}

// HashPasswordResetToken is what the database keeps of a reset token, its SHA-256 in hex: a leaked table
// resets no password.
func HashPasswordResetToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// PlausibleResetToken reports whether a token is worth looking up: not empty, not absurdly long.
func PlausibleResetToken(token string) bool { return token != "" && len(token) <= maxResetToken }

// PasswordReset is a reset link's token as the database keeps it.
type PasswordReset struct {
	UserID     int64
	CreatedAt  time.Time
	ExpiresAt  time.Time
	UsedAt     *time.Time // the link set a password
	ReplacedAt *time.Time // a newer link was asked for, or the password was changed
}

// The answers to a reset link that cannot set a password (400, on the token field).
var (
	ErrResetLinkUnknown  = FieldError("token", "This password reset link is not valid. Please request a new one.")
	ErrResetLinkUsed     = FieldError("token", "This password reset link has already been used. Request a new one if you still need to reset your password.")
	ErrResetLinkExpired  = FieldError("token", "This password reset link has expired. Please request a new one.")
	ErrResetLinkReplaced = FieldError("token", "This password reset link is no longer valid: a newer one was sent, or the password was changed since. Use the newest link, or request a new one.")
)

// Check reports whether the link may set a password at now: once, within PasswordResetTTL, while it is
// the account's newest. A nil reset (no such token) is ErrResetLinkUnknown.
func (p *PasswordReset) Check(now time.Time) error {
	switch {
	case p == nil:
		return ErrResetLinkUnknown
	case p.UsedAt != nil:
		return ErrResetLinkUsed
	case p.ReplacedAt != nil:
		return ErrResetLinkReplaced
	case !now.Before(p.ExpiresAt):
		return ErrResetLinkExpired
	}
	return nil
}

// CanResetByEmail reports whether an account's password may be reset by e-mail: a player's account with
// an address, not disabled. Admins sign in with a username and are reset with `squares create-admin`.
func (u *User) CanResetByEmail() bool {
	return u != nil && u.Role == RoleUser && u.Email != "" && !u.Disabled
}
