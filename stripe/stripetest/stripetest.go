// Package stripetest runs stripe-mock (github.com/stripe/stripe-mock) for tests: a local server that
// checks requests against Stripe's OpenAPI specification and answers with fixtures. It keeps no state, so
// tests use it to prove that Stripe accepts what we send and that we read what Stripe answers.
//
// Install it with `make tools` or `go install github.com/stripe/stripe-mock@v0.203.0`.
package stripetest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Install is the command that installs the stripe-mock these tests expect.
const Install = "go install github.com/stripe/stripe-mock@v0.203.0"

// SecretKey is a test key stripe-mock accepts.
const SecretKey = "sk_test_squares"

// Binary finds stripe-mock: $SQUARES_STRIPE_MOCK, then $(go env GOBIN), then $(go env GOPATH)/bin, then
// the PATH.
func Binary() (string, error) {
	if p := os.Getenv("SQUARES_STRIPE_MOCK"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("SQUARES_STRIPE_MOCK: %w", err)
		}
		return p, nil
	}
	var dirs []string
	if out, err := exec.Command("go", "env", "GOBIN", "GOPATH").Output(); err == nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) > 0 && strings.TrimSpace(lines[0]) != "" {
			dirs = append(dirs, strings.TrimSpace(lines[0]))
		}
		if len(lines) > 1 {
			for _, gp := range filepath.SplitList(strings.TrimSpace(lines[1])) {
				dirs = append(dirs, filepath.Join(gp, "bin"))
			}
		}
	}
	for _, d := range dirs {
		p := filepath.Join(d, "stripe-mock")
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("stripe-mock not found (not in $SQUARES_STRIPE_MOCK, $(go env GOPATH)/bin or the PATH); install it with `make tools` or `%s`", Install)
}

// Start runs a stripe-mock of its own on loopback ports the system picks, waits until it answers, and
// returns its base URL (http://127.0.0.1:PORT). The process is killed when the test ends. A missing
// binary fails the test.
func Start(t testing.TB) string {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:0", "-https-addr", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})

	// It prints "Listening for HTTP at address: 127.0.0.1:PORT" once it listens.
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sent := false
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "Listening for HTTP at address: "); ok && !sent {
				addr <- strings.TrimSpace(a)
				sent = true
			}
		}
		io.Copy(io.Discard, stdout)
		if !sent {
			close(addr)
		}
	}()
	var base string
	select {
	case a, ok := <-addr:
		if !ok {
			t.Fatalf("stripe-mock exited before listening: %s", stderr.String())
		}
		base = "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatalf("stripe-mock did not start in 30 s: %s", stderr.String())
	}

	// Wait until it answers an API call.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		req, _ := http.NewRequestWithContext(ctx, "GET", base+"/v1/payment_intents/pi_probe", nil)
		req.Header.Set("Authorization", "Bearer "+SecretKey)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
			err = fmt.Errorf("status %s", resp.Status)
		}
		select {
		case <-ctx.Done():
			t.Fatalf("stripe-mock at %s does not answer: %v", base, err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}
