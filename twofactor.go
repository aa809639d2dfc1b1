package squares

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// Two-factor sign-in for admins: time-based one-time codes (RFC 6238) as every authenticator app reads
// them (SHA-1, 6 digits, 30-second steps), and one-time recovery codes for a lost phone.
const (
	TOTPPeriod        = 30 // seconds a code is current
	TOTPDigits        = 6
	RecoveryCodeCount = 8
	// TOTPIssuer names the site in the authenticator app.
	TOTPIssuer = "Squares"
)

// Two-factor errors a caller shows as they are.
var (
	ErrBadTwoFactorCode = FieldError("code", "Invalid authentication code")
	ErrTwoFactorEnabled = Errorf(ECONFLICT, "Two-factor sign-in is already on.")
	ErrTwoFactorOff     = Errorf(ECONFLICT, "Two-factor sign-in is not on.")
)

// NewTOTPKey generates a fresh secret for account, with the otpauth:// URI an authenticator app reads.
func NewTOTPKey(account string) (*otp.Key, error) {
	return totp.Generate(totp.GenerateOpts{Issuer: TOTPIssuer, AccountName: account, Period: TOTPPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
}

// TOTPStep is the time step t falls in.
func TOTPStep(t time.Time) int64 { return t.Unix() / TOTPPeriod }

// TOTPCode is the code of secret at the step of t.
func TOTPCode(secret string, t time.Time) (string, error) {
	return totp.GenerateCodeCustom(secret, t, totp.ValidateOpts{Period: TOTPPeriod, Digits: otp.DigitsSix,
		Algorithm: otp.AlgorithmSHA1})
}

// NormalizeTOTPCode strips the spaces and dashes people type or paste; ok is false unless what remains
// is six digits.
func NormalizeTOTPCode(code string) (string, bool) {
	code = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, code)
	if len(code) != TOTPDigits {
		return "", false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return code, true
}

// MatchTOTP checks code against secret at now, allowing one step of clock skew either way, and returns
// the step it matched. A step at or before lastStep is refused: a code is accepted once only, and never
// one older than the last accepted.
func MatchTOTP(secret, code string, now time.Time, lastStep int64) (int64, bool) {
	code, ok := NormalizeTOTPCode(code)
	if !ok {
		return 0, false
	}
	step := TOTPStep(now)
	for _, s := range []int64{step - 1, step, step + 1} {
		if s <= lastStep {
			continue
		}
		want, err := TOTPCode(secret, time.Unix(s*TOTPPeriod, 0))
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s, true
		}
	}
	return 0, false
}

// NewRecoveryCodes returns RecoveryCodeCount fresh recovery codes, each 50 random bits written as two
// groups of five letters and digits (xxxxx-xxxxx).
func NewRecoveryCodes() ([]string, error) {
	enc := base32.StdEncoding.WithPadding(base32.NoPadding)
	codes := make([]string, RecoveryCodeCount)
	for i := range codes {
		b := make([]byte, 7)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		s := strings.ToLower(enc.EncodeToString(b))[:10]
		codes[i] = s[:5] + "-" + s[5:]
	}
	return codes, nil
}

// NormalizeRecoveryCode reduces a typed recovery code to the form its hash is taken of: lower case,
// without spaces or dashes.
func NormalizeRecoveryCode(code string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(code)))
}

// HashRecoveryCode is what is kept of a recovery code. The codes are random and long enough that a fast
// hash does; guessing is throttled like passwords.
func HashRecoveryCode(code string) string {
	sum := sha256.Sum256([]byte(NormalizeRecoveryCode(code)))
	return hex.EncodeToString(sum[:])
}
