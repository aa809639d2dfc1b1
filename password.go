package squares

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
)

// hashMemory and hashTime are the cost of the hashes HashPassword makes: the constants above, or less in a
// test binary that asked for cheap hashes (CheapPasswordHashes) before its tests started.
var hashMemory, hashTime uint32 = argonMemory, argonTime

// CheapPasswordHashes makes the hashes HashPassword makes from now on cost 64 KiB and one pass instead of
// 19 MiB and two, for test binaries that sign up many accounts: argon2 was half the CPU of the API tests.
// They stay argon2id hashes in the same format, checked by the same code (CheckPassword reads the cost
// from each hash). Call it from TestMain, before the tests start; it panics outside a test binary, so that
// no program can make its users' hashes cheap.
func CheapPasswordHashes() {
	if !testing.Testing() {
		panic("squares: CheapPasswordHashes outside a test binary")
	}
	hashMemory, hashTime = 64, 1
}

// hashSlots bounds how many argon2 computations run at once: each holds 19 MiB for its whole run, and
// with more of them than processors they only wait for CPU while holding their memory. 96 registrations
// at once would otherwise grow the process by 1.8 GiB.
var hashSlots = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))

// hashesRunning counts the computations holding a slot; tests read it to check the bound.
var hashesRunning atomic.Int64

// withHashSlot runs fn once a hashing slot is free, or gives up with the context's error when ctx ends
// first (a request whose client has gone stops waiting).
func withHashSlot(ctx context.Context, fn func()) error {
	select {
	case hashSlots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	hashesRunning.Add(1)
	defer func() {
		hashesRunning.Add(-1)
		<-hashSlots
	}()
	fn()
	return nil
}

// HashPassword returns an argon2id hash of password in the PHC string format, with a random salt. It
// waits for a hashing slot however long that takes; requests use HashPasswordContext.
func HashPassword(password string) (string, error) {
	return HashPasswordContext(context.Background(), password)
}

// HashPasswordContext is HashPassword that stops waiting for a hashing slot when ctx ends.
func HashPasswordContext(ctx context.Context, password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	var key []byte
	if err := withHashSlot(ctx, func() {
		key = argon2.IDKey([]byte(password), salt, hashTime, hashMemory, argonThreads, argonKeyLen)
	}); err != nil {
		return "", err
	}
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, hashMemory, hashTime,
		argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword reports whether password matches an argon2id hash made by HashPassword, in constant time.
// It waits for a hashing slot however long that takes; requests use CheckPasswordContext.
func CheckPassword(hash, password string) bool {
	ok, _ := CheckPasswordContext(context.Background(), hash, password)
	return ok
}

// CheckPasswordContext is CheckPassword that stops waiting for a hashing slot when ctx ends, with ctx's
// error.
func CheckPasswordContext(ctx context.Context, hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, nil
	}
	var version int
	var memory, time uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, nil
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil || time < 1 || threads < 1 ||
		time > 16 || threads > 16 || memory > 1<<20 {
		return false, nil // argon2 panics on zero passes or lanes; a corrupt row must not ask for gigabytes either
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, nil
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, nil
	}
	var got []byte
	if err := withHashSlot(ctx, func() {
		got = argon2.IDKey([]byte(password), salt, time, memory, threads, uint32(len(want)))
	}); err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// DummyPasswordHash returns a hash to check against when an account does not exist, so that an unknown
// e-mail takes as long to refuse as a wrong password.
var DummyPasswordHash = sync.OnceValue(func() string {
	h, err := HashPassword("not a real password")
	if err != nil {
		panic(err)
	}
	return h
})
