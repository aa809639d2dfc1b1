package squares_test

import (
	"strings"
	"testing"

	"github.com/squaresapp/squares"
)

func TestHashPassword(t *testing.T) {
	h, err := squares.HashPassword("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(h, "correct horse") {
		t.Errorf("hash %q is not an argon2id PHC string", h)
	}
	if !squares.CheckPassword(h, "correct horse battery staple") {
		t.Error("the right password is refused")
	}
	for _, wrong := range []string{"", "correct horse battery stapl", "Correct horse battery staple",
		"correct horse battery staple ", "x"} {
		if squares.CheckPassword(h, wrong) {
			t.Errorf("wrong password %q accepted", wrong)
		}
	}
	// Salted: the same password hashes differently each time, and each hash checks.
	h2, err := squares.HashPassword("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	if h2 == h || !squares.CheckPassword(h2, "correct horse battery staple") {
		t.Errorf("second hash %q (first %q)", h2, h)
	}
	if d := squares.DummyPasswordHash(); d != squares.DummyPasswordHash() || squares.CheckPassword(d, "") {
		t.Error("the dummy hash is not stable or accepts an empty password")
	}
}

func TestCheckPasswordMalformed(t *testing.T) {
	good, err := squares.HashPassword("secret-password")
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(good, "$") // "", argon2id, v=19, m=...,t=...,p=..., salt, key
	with := func(i int, v string) string {
		p := append([]string(nil), parts...)
		p[i] = v
		return strings.Join(p, "$")
	}
	for name, hash := range map[string]string{
		"empty":             "",
		"plain text":        "secret-password",
		"bcrypt":            "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
		"argon2i":           with(1, "argon2i"),
		"other version":     with(2, "v=16"),
		"no version":        with(2, "version"),
		"bad parameters":    with(3, "m=abc"),
		"zero passes":       with(3, "m=19456,t=0,p=1"),
		"zero lanes":        with(3, "m=19456,t=2,p=0"),
		"bad salt":          with(4, "!!!"),
		"bad key":           with(5, "%%%"),
		"empty key":         with(5, ""),
		"too few parts":     strings.Join(parts[:5], "$"),
		"too many parts":    good + "$extra",
		"other key (short)": with(5, "AAAA"),
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if v := recover(); v != nil {
					t.Fatalf("CheckPassword panicked on a malformed hash: %v", v)
				}
			}()
			if squares.CheckPassword(hash, "secret-password") {
				t.Errorf("CheckPassword(%q) = true", hash)
			}
		})
	}
}
