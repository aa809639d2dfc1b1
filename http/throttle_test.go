package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"testing"

	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store/storetest"
)

const tooManySignIns = "Too many sign-in attempts. Please wait a few minutes and try again."

// answer is what a request sent from a goroutine got back.
type answer struct {
	status     int
	retryAfter string
	err        error
}

// postFrom sends a JSON POST without a cookie jar, with headers as name, value pairs. It never calls
// t.Fatal, so goroutines may use it.
func postFrom(base, path string, body any, headers ...string) answer {
	j, err := json.Marshal(body)
	if err != nil {
		return answer{err: err}
	}
	req, err := http.NewRequest("POST", base+path, bytes.NewReader(j))
	if err != nil {
		return answer{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return answer{status: resp.StatusCode, retryAfter: resp.Header.Get("Retry-After")}
}

// wantRetryAfter fails unless a 429 says when to come back: whole seconds, within the window.
func wantRetryAfter(t *testing.T, value string, max int) {
	t.Helper()
	n, err := strconv.Atoi(value)
	if err != nil || n < 1 || n > max {
		t.Errorf("Retry-After = %q, want 1..%d seconds", value, max)
	}
}

// Forty wrong passwords for one account, at once, from forty addresses: only the account's five
// failures are ever checked against the password; the others are refused before, with Retry-After.
func TestParallelWrongPasswords(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPIWith(t, engine, func(c *squareshttp.Config) { c.TrustedProxies = 1 })
		s.register(t, "1990-01-01", "NY")
		victim := s.lastEmail

		answers := make([]answer, 40)
		var wg sync.WaitGroup
		for i := range answers {
			wg.Go(func() {
				answers[i] = postFrom(s.URL(), "/api/auth/login", map[string]string{"email": victim, "password": "wrong-password"},
					"X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i+1))
			})
		}
		wg.Wait()
		checked, refused := 0, 0
		for _, a := range answers {
			switch {
			case a.err != nil:
				t.Fatal(a.err)
			case a.status == http.StatusUnauthorized:
				checked++
			case a.status == http.StatusTooManyRequests:
				refused++
				wantRetryAfter(t, a.retryAfter, 15*60)
			default:
				t.Errorf("answer %d", a.status)
			}
		}
		if checked > 5 || checked+refused != 40 {
			t.Errorf("%d guesses checked against the password, %d refused; want at most 5 checked", checked, refused)
		}
		// The account stays closed to unknown browsers, even with the right password.
		a := postFrom(s.URL(), "/api/auth/login", map[string]string{"email": victim, "password": "correct-horse"},
			"X-Forwarded-For", "198.51.100.99")
		if a.status != http.StatusTooManyRequests {
			t.Errorf("the right password from an unknown browser during the lockout = %d", a.status)
		}
	})
}

// Behind one trusted proxy, the client address is the one the proxy appended (the rightmost), not the
// leftmost that the client writes itself: rotating a made-up first entry does not escape the address's
// limit.
func TestSpoofedForwardedFor(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPIWith(t, engine, func(c *squareshttp.Config) { c.TrustedProxies = 1 })
		c := s.client(t)
		for i := range 20 {
			c.do("POST", "/api/auth/login", map[string]string{"email": fmt.Sprintf("spray%d@example.com", i), "password": "wrong-password"},
				"X-Forwarded-For", fmt.Sprintf("10.%d.0.1, 203.0.113.7", i)).wantError(http.StatusUnauthorized, "unauthorized", "")
		}
		r := c.do("POST", "/api/auth/login", map[string]string{"email": "spray99@example.com", "password": "wrong-password"},
			"X-Forwarded-For", "10.99.0.1, 203.0.113.7")
		r.wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
		wantRetryAfter(t, r.Header.Get("Retry-After"), 15*60)
		// Another client behind the same proxy is another address.
		c.do("POST", "/api/auth/login", map[string]string{"email": "spray99@example.com", "password": "wrong-password"},
			"X-Forwarded-For", "10.99.0.1, 203.0.113.8").wantError(http.StatusUnauthorized, "unauthorized", "")
		// An IPv6 client holds a whole /64: its addresses share one limit.
		for i := range 20 {
			c.do("POST", "/api/auth/login", map[string]string{"email": fmt.Sprintf("six%d@example.com", i), "password": "wrong-password"},
				"X-Forwarded-For", fmt.Sprintf("2001:db8:1:2::%x", i+1)).wantError(http.StatusUnauthorized, "unauthorized", "")
		}
		c.do("POST", "/api/auth/login", map[string]string{"email": "six99@example.com", "password": "wrong-password"},
			"X-Forwarded-For", "2001:db8:1:2:ffff::1").wantError(http.StatusTooManyRequests, "too_many_requests", tooManySignIns)
		c.do("POST", "/api/auth/login", map[string]string{"email": "six99@example.com", "password": "wrong-password"},
			"X-Forwarded-For", "2001:db8:1:3::1").wantError(http.StatusUnauthorized, "unauthorized", "")
	})
}

// One address may create RegisterLimit accounts an hour, even all at once; the next is 429 with
// Retry-After, and other addresses are not affected.
func TestRegisterLimit(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPIWith(t, engine, func(c *squareshttp.Config) { c.TrustedProxies, c.RegisterLimit = 1, 3 })
		register := func(i int, addr string) answer {
			return postFrom(s.URL(), "/api/auth/register", map[string]any{"email": fmt.Sprintf("bulk%d@example.com", i),
				"password": "correct-horse", "firstName": "Bulk"}, "X-Forwarded-For", addr)
		}
		answers := make([]answer, 12)
		var wg sync.WaitGroup
		for i := range answers {
			wg.Go(func() { answers[i] = register(i, "192.0.2.1") })
		}
		wg.Wait()
		created := 0
		for _, a := range answers {
			switch {
			case a.err != nil:
				t.Fatal(a.err)
			case a.status == http.StatusCreated:
				created++
			case a.status == http.StatusTooManyRequests:
				wantRetryAfter(t, a.retryAfter, 3600)
			default:
				t.Errorf("registration answered %d", a.status)
			}
		}
		if n, err := s.db.CountUsers(context.Background()); err != nil || created != 3 || n != 3 {
			t.Errorf("%d registrations at once from one address created %d accounts (%d in the store, %v); want 3",
				len(answers), created, n, err)
		}
		r := s.client(t).do("POST", "/api/auth/register", map[string]any{"email": "late@example.com", "password": "correct-horse",
			"firstName": "Late"}, "X-Forwarded-For", "192.0.2.1")
		r.wantError(http.StatusTooManyRequests, "too_many_requests", "Too many accounts created from your network. Please try again later.")
		wantRetryAfter(t, r.Header.Get("Retry-After"), 3600)
		if a := register(100, "192.0.2.2"); a.status != http.StatusCreated {
			t.Errorf("registration from another address = %d", a.status)
		}
		// Bad input does not count.
		for range 5 {
			s.client(t).do("POST", "/api/auth/register", map[string]any{"email": "x"}, "X-Forwarded-For", "192.0.2.3").
				want(http.StatusBadRequest)
		}
		if a := register(101, "192.0.2.3"); a.status != http.StatusCreated {
			t.Errorf("registration after refused input = %d", a.status)
		}
	})
}
