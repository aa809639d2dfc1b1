package squares_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

// RFC 6238's SHA-1 test vectors (appendix B), cut to 6 digits: the codes are the ones every authenticator
// app shows.
func TestTOTPCodeVectors(t *testing.T) {
	const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" // "12345678901234567890"
	for _, tc := range []struct {
		unix int64
		want string
	}{{59, "287082"}, {1111111109, "081804"}, {1111111111, "050471"}, {1234567890, "005924"}, {2000000000, "279037"}} {
		if got, err := squares.TOTPCode(secret, time.Unix(tc.unix, 0)); err != nil || got != tc.want {
			t.Errorf("code at %d = %q, %v; want %q", tc.unix, got, err, tc.want)
		}
	}
}

func TestMatchTOTP(t *testing.T) {
	key, err := squares.NewTOTPKey("boss")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 20, 15, 0, 10, 0, time.UTC)
	step := squares.TOTPStep(now)
	code := func(d time.Duration) string {
		c, err := squares.TOTPCode(key.Secret(), now.Add(d))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, tc := range []struct {
		name     string
		code     string
		last     int64
		wantStep int64
		ok       bool
	}{
		{"current", code(0), 0, step, true},
		{"typed with a space", code(0)[:3] + " " + code(0)[3:], 0, step, true},
		{"one step behind", code(-30 * time.Second), 0, step - 1, true},
		{"one step ahead", code(30 * time.Second), 0, step + 1, true},
		{"two steps behind", code(-60 * time.Second), 0, 0, false},
		{"two steps ahead", code(60 * time.Second), 0, 0, false},
		{"already used", code(0), step, 0, false},
		{"older than the last used", code(-30 * time.Second), step, 0, false},
		{"five digits", code(0)[:5], 0, 0, false},
		{"letters", "12345a", 0, 0, false},
	} {
		if !tc.ok && tc.last == 0 && (tc.code == code(-30*time.Second) || tc.code == code(0) || tc.code == code(30*time.Second)) {
			continue // another step's code equals one in the window, one time in a million
		}
		if got, ok := squares.MatchTOTP(key.Secret(), tc.code, now, tc.last); ok != tc.ok || got != tc.wantStep {
			t.Errorf("%s: MatchTOTP(%q, last %d) = %d, %v; want %d, %v", tc.name, tc.code, tc.last, got, ok, tc.wantStep, tc.ok)
		}
	}
}

func TestRecoveryCodes(t *testing.T) {
	codes, err := squares.NewRecoveryCodes()
	if err != nil || len(codes) != squares.RecoveryCodeCount {
		t.Fatalf("codes = %v, %v", codes, err)
	}
	shape := regexp.MustCompile(`^[a-z2-7]{5}-[a-z2-7]{5}$`)
	seen := map[string]bool{}
	for _, c := range codes {
		if !shape.MatchString(c) || seen[c] {
			t.Errorf("code %q: wrong shape or repeated", c)
		}
		seen[c] = true
	}
	// Typed in capitals, without the dash or with spaces, a code hashes the same; another code does not.
	c := codes[0]
	for _, typed := range []string{c, " " + c[:5] + c[6:] + " ", upper(c), c[:5] + " " + c[6:]} {
		if squares.HashRecoveryCode(typed) != squares.HashRecoveryCode(c) {
			t.Errorf("%q hashes differently from %q", typed, c)
		}
	}
	if squares.HashRecoveryCode(codes[1]) == squares.HashRecoveryCode(c) {
		t.Error("two codes hash the same")
	}
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
