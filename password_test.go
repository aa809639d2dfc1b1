package squares_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

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

// 96 registrations at once hash their passwords at most GOMAXPROCS at a time, so the process grows by
// about GOMAXPROCS x 19 MiB, not 96 x 19 MiB (1.8 GiB) as it did.
func TestParallelHashesBounded(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	// Watch how many hashes run at once.
	done := make(chan struct{})
	peak := make(chan int64)
	go func() {
		var most int64
		for {
			select {
			case <-done:
				peak <- most
				return
			default:
				most = max(most, squares.HashesRunning())
				time.Sleep(50 * time.Microsecond)
			}
		}
	}()
	var wg sync.WaitGroup
	for range 96 {
		wg.Go(func() {
			if _, err := squares.HashPassword("correct horse battery staple"); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	close(done)
	if most := <-peak; most > int64(procs) || most < 1 || squares.HashSlots() != procs {
		t.Errorf("%d hashes ran at once with %d slots; want at most GOMAXPROCS = %d", most, squares.HashSlots(), procs)
	}
	// Sys never shrinks: its growth is the most the hashes ever asked of the system at once. Each hash
	// holds 19 MiB; the garbage collector lets the heap reach about twice what is live before it runs.
	growth := int64(after.Sys) - int64(before.Sys)
	bound := int64(procs)*19<<20*2 + 64<<20
	t.Logf("GOMAXPROCS %d: the process grew by %d MiB for 96 parallel hashes (bound %d MiB)", procs, growth>>20, bound>>20)
	if growth > bound {
		t.Errorf("96 parallel hashes grew the process by %d MiB, over %d MiB", growth>>20, bound>>20)
	}
}

// A request waiting for a hashing slot stops waiting when its context ends (its client has gone).
func TestHashWaitRespectsContext(t *testing.T) {
	h, err := squares.HashPassword("secret-password")
	if err != nil {
		t.Fatal(err)
	}
	release := squares.FillHashSlots()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := squares.HashPasswordContext(ctx, "another-password"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("hash while every slot is taken = %v, want the context's error", err)
	}
	if ok, err := squares.CheckPasswordContext(ctx, h, "secret-password"); ok || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("check while every slot is taken = %v, %v", ok, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("gave up after %v", d)
	}
	// A wait that gets its slot goes on.
	ctx2, cancel2 := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel2()
	result := make(chan error, 1)
	go func() {
		ok, err := squares.CheckPasswordContext(ctx2, h, "secret-password")
		if err == nil && !ok {
			err = errors.New("the right password is refused")
		}
		result <- err
	}()
	time.Sleep(20 * time.Millisecond)
	release()
	if err := <-result; err != nil {
		t.Error(err)
	}
}
