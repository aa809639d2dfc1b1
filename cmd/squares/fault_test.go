package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// The fault tests (purchase_kill_test.go, decide_kill_test.go, provider_fault_test.go) kill a real
// `squares serve` or break its payment provider and then check the books with storetest's audit.

// buyerPassword is the password of every buyer the fault tests create.
const buyerPassword = "fault-test-password"

// buyer is a signed-in player of a child server.
type buyer struct {
	u *squares.User
	c *http.Client
}

// createBuyers creates n players eligible for paid pools, all with buyerPassword (hashed once).
func createBuyers(t *testing.T, ctx context.Context, db *store.DB, prefix string, n int) []*squares.User {
	t.Helper()
	hash, err := squares.HashPassword(buyerPassword)
	if err != nil {
		t.Fatal(err)
	}
	var out []*squares.User
	for i := range n {
		u := &squares.User{Email: fmt.Sprintf("%s%d@example.com", prefix, i), PasswordHash: hash, FirstName: "Buyer",
			LastName: strconv.Itoa(i), Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
			ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		out = append(out, u)
	}
	return out
}

// signIn signs each player in on the server at base. The sessions live in the database, so they outlast
// the server process.
func signIn(t *testing.T, base string, us []*squares.User) []*buyer {
	t.Helper()
	var out []*buyer
	for _, u := range us {
		jar, _ := cookiejar.New(nil)
		b := &buyer{u: u, c: &http.Client{Jar: jar, Timeout: 20 * time.Second}}
		status, body, err := b.post(base, "/api/auth/login", map[string]string{"email": u.Email, "password": buyerPassword})
		if err != nil || status != http.StatusOK {
			t.Fatalf("sign in %s: %d %v %v", u.Email, status, body, err)
		}
		out = append(out, b)
	}
	return out
}

// post sends a JSON body and decodes the JSON answer; err is a transport error (the server is gone).
func (b *buyer) post(base, path string, body any) (int, map[string]any, error) {
	j, _ := json.Marshal(body)
	resp, err := b.c.Post(base+path, "application/json", bytes.NewReader(j))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out, nil
}

// dollars formats cents as the browser sends an amount: "10.00".
func dollars(c squares.Cents) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// freeCells picks up to n cells at random among those the pool's board shows free, as a player picks on
// the board (another player may take them first: the server says so). It returns none when the board is
// full; err is a transport error.
func (b *buyer) freeCells(base string, poolID int64, rng *rand.Rand, n int) ([]map[string]int, error) {
	resp, err := b.c.Get(fmt.Sprintf("%s/api/pools/%d/squares", base, poolID))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var board []struct{ Row, Column int }
	if err := json.NewDecoder(resp.Body).Decode(&board); err != nil {
		return nil, err
	}
	taken := map[int]bool{}
	for _, sq := range board {
		taken[sq.Row*squares.GridSize+sq.Column] = true
	}
	var free []int
	for i := range squares.SquaresPerPool {
		if !taken[i] {
			free = append(free, i)
		}
	}
	rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	var out []map[string]int
	for _, i := range free[:min(n, len(free))] {
		out = append(out, map[string]int{"row": i / squares.GridSize, "column": i % squares.GridSize})
	}
	return out, nil
}

// lockedRand is a random source several goroutines share.
type lockedRand struct {
	mu sync.Mutex
	r  *rand.Rand
}

func (l *lockedRand) intN(n int) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.IntN(n)
}

// fork returns a source of its own, seeded from this one.
func (l *lockedRand) fork() *rand.Rand {
	l.mu.Lock()
	defer l.mu.Unlock()
	return rand.New(rand.NewPCG(l.r.Uint64(), l.r.Uint64()))
}

// newRand returns a source seeded from SQUARES_FAULT_SEED or the clock, logging the seed to replay a run.
func newRand(t *testing.T) *lockedRand {
	t.Helper()
	seed := uint64(time.Now().UnixNano())
	if s, err := strconv.ParseUint(os.Getenv("SQUARES_FAULT_SEED"), 10, 64); err == nil {
		seed = s
	}
	t.Logf("random seed %d (SQUARES_FAULT_SEED=%d replays it)", seed, seed)
	return &lockedRand{r: rand.New(rand.NewPCG(seed, seed^0x5eed))}
}
