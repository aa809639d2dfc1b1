package squares_test

import (
	"encoding/base64"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

func TestPasswordResetToken(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		token, hash, err := squares.NewPasswordResetToken()
		if err != nil {
			t.Fatal(err)
		}
		raw, err := base64.RawURLEncoding.DecodeString(token)
		if err != nil || len(raw) != 32 {
			t.Fatalf("token %q: %d bytes, %v; want 256 bits of URL-safe base64", token, len(raw), err)
		}
		if hash != squares.HashPasswordResetToken(token) || len(hash) != 64 || hash == token {
			t.Fatalf("hash %q of %q", hash, token)
		}
		if seen[token] {
			t.Fatal("a token came twice")
		}
		seen[token] = true
	}
	// The known SHA-256 of "abc".
	if got := squares.HashPasswordResetToken("abc"); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Errorf("hash = %s", got)
	}
}

func TestPasswordResetCheck(t *testing.T) {
	asked := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	at := asked.Add(time.Minute)
	fresh := func() *squares.PasswordReset {
		return &squares.PasswordReset{UserID: 1, CreatedAt: asked, ExpiresAt: asked.Add(squares.PasswordResetTTL)}
	}
	used, replaced := fresh(), fresh()
	used.UsedAt, replaced.ReplacedAt = &at, &at
	for _, tc := range []struct {
		name string
		p    *squares.PasswordReset
		now  time.Time
		want error
	}{
		{"unknown", nil, at, squares.ErrResetLinkUnknown},
		{"fresh", fresh(), at, nil},
		{"a second before the hour", fresh(), asked.Add(time.Hour - time.Second), nil},
		{"at the hour", fresh(), asked.Add(time.Hour), squares.ErrResetLinkExpired},
		{"used", used, at, squares.ErrResetLinkUsed},
		{"replaced", replaced, at, squares.ErrResetLinkReplaced},
	} {
		if got := tc.p.Check(tc.now); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	for _, e := range []*squares.Error{squares.ErrResetLinkUnknown, squares.ErrResetLinkUsed, squares.ErrResetLinkExpired,
		squares.ErrResetLinkReplaced} {
		if e.Code != squares.EINVALID || e.Fields["token"] != e.Message {
			t.Errorf("%+v is not a 400 on the token", e)
		}
	}
	if squares.PasswordResetTTL != 60*time.Minute {
		t.Errorf("a link works for %v, want 60 minutes", squares.PasswordResetTTL)
	}
	if squares.PlausibleResetToken("") || squares.PlausibleResetToken(string(make([]byte, 129))) {
		t.Error("an empty or overlong token is looked up")
	}
}

func TestCanResetByEmail(t *testing.T) {
	for _, tc := range []struct {
		u    *squares.User
		want bool
	}{
		{&squares.User{Role: squares.RoleUser, Email: "a@example.com"}, true},
		{&squares.User{Role: squares.RoleUser, Email: "a@example.com", Disabled: true}, false},
		{&squares.User{Role: squares.RoleAdmin, Username: "boss"}, false},
		{&squares.User{Role: squares.RoleAdmin, Email: "boss@example.com"}, false},
		{&squares.User{Role: squares.RoleUser}, false},
		{nil, false},
	} {
		if got := tc.u.CanResetByEmail(); got != tc.want {
			t.Errorf("%+v: %v, want %v", tc.u, got, tc.want)
		}
	}
}

func TestCheckNewPassword(t *testing.T) {
	for pw, want := range map[string]string{
		"":                        "Password must be at least 8 characters",
		"1234567":                 "Password must be at least 8 characters",
		"ééééééé":                 "Password must be at least 8 characters",
		"12345678":                "",
		string(make([]byte, 128)): "",
		string(make([]byte, 129)): "Password must be at most 128 characters",
	} {
		if got := squares.CheckNewPassword(pw); got != want {
			t.Errorf("%q: %q, want %q", pw, got, want)
		}
	}
}
