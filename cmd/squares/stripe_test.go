package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
	"github.com/squaresapp/squares/stripe/stripetest"
)

// syncBuffer is a buffer the server's logger writes to while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestServeWithStripe runs `squares serve` with SQUARES_PAYMENTS=stripe against stripe-mock: the web app
// is told to use Stripe, a checkout creates a PaymentIntent at Stripe, and the webhook endpoint takes
// events signed with STRIPE_WEBHOOK_SECRET.
func TestServeWithStripe(t *testing.T) {
	ctx := context.Background()
	mock := stripetest.Start(t)
	url := storetest.URL(t, store.SQLite)
	clearConfigEnv(t, nil)
	const secret = "whsec_cmd_test"
	for k, v := range map[string]string{"SQUARES_PAYMENTS": "stripe", "STRIPE_SECRET_KEY": stripetest.SecretKey,
		"STRIPE_PUBLISHABLE_KEY": "pk_test_squares", "STRIPE_WEBHOOK_SECRET": secret, "STRIPE_API_BASE": mock} {
		t.Setenv(k, v)
	}

	serveCtx, stop := context.WithCancel(ctx)
	var logs syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(serveCtx, []string{"serve", "--database-url", url, "--addr", "127.0.0.1:0", "--demo=0", "--log-format", "text"},
			strings.NewReader(""), io.Discard, &logs)
	}()
	defer func() {
		stop()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Error("serve did not stop")
		}
	}()
	listening := regexp.MustCompile(`msg="squares listening" url=(http://\S+)`)
	var base string
	for deadline := time.Now().Add(20 * time.Second); base == ""; time.Sleep(20 * time.Millisecond) {
		if m := listening.FindStringSubmatch(logs.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("serve did not start:\n%s", logs.String())
		}
		select {
		case err := <-done:
			t.Fatalf("serve ended: %v\n%s", err, logs.String())
		default:
		}
	}

	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, Timeout: 20 * time.Second}
	call := func(method, path string, body any, header ...string) (int, map[string]any) {
		t.Helper()
		var r io.Reader
		if b, ok := body.([]byte); ok {
			r = bytes.NewReader(b)
		} else if body != nil {
			j, _ := json.Marshal(body)
			r = bytes.NewReader(j)
		}
		req, _ := http.NewRequest(method, base+path, r)
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}

	if status, cfg := call("GET", "/api/config", nil); status != 200 || cfg["paymentsProvider"] != "stripe" ||
		cfg["stripePublishableKey"] != "pk_test_squares" {
		t.Fatalf("config = %d %v", status, cfg)
	}

	// A checkout creates a PaymentIntent at Stripe (stripe-mock validates it) and hands its client secret
	// to the browser.
	db := openURL(t, url)
	g := &squares.Game{LeagueID: squares.LeagueNFL, Season: 2026, Week: "W12", HomeTeam: "Buffalo Bills",
		AwayTeam: "Kansas City Chiefs", GameDate: time.Now().Add(72 * time.Hour), Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		t.Fatal(err)
	}
	var pool *squares.PoolView
	for _, p := range pools {
		if p.EntryFee == 1000 {
			pool = p
		}
	}
	if _, err := db.SetPoolStatus(ctx, pool.ID, squares.PoolActive); err != nil {
		t.Fatal(err)
	}
	if status, out := call("POST", "/api/auth/register", map[string]any{"email": "stripe@example.com",
		"password": "correct-horse", "firstName": "Pat", "lastName": "Lee", "dateOfBirth": "1990-01-01",
		"residenceState": "NY"}); status != http.StatusCreated {
		t.Fatalf("register = %d %v", status, out)
	}
	status, co := call("POST", "/api/create-escrow-payment", map[string]any{"poolId": pool.ID,
		"squares": []map[string]int{{"row": 1, "column": 2}}, "amount": "10.00"})
	if status != http.StatusCreated || co["provider"] != "stripe" ||
		!strings.HasPrefix(co["paymentIntentId"].(string), "pi_") || !strings.Contains(co["clientSecret"].(string), "_secret_") {
		t.Fatalf("checkout = %d %v\n%s", status, co, logs.String())
	}
	pay, err := db.FindPayment(ctx, co["paymentId"].(string))
	if err != nil || pay.Provider != "stripe" || pay.ProviderPaymentID != co["paymentIntentId"] || pay.Status != squares.PaymentPending {
		t.Fatalf("payment = %+v, %v", pay, err)
	}
	// stripe-mock's PaymentIntent never becomes paid: confirming is refused and the square stays held.
	if status, out := call("POST", "/api/purchase-squares", map[string]any{"poolId": pool.ID,
		"paymentIntentId": pay.ProviderPaymentID}); status != http.StatusUnprocessableEntity {
		t.Errorf("confirm an unpaid intent = %d %v", status, out)
	}

	// Webhooks: signed with the configured secret they are taken (this one is about nobody's payment),
	// unsigned they are refused.
	event := []byte(`{"id":"evt_cmd_1","object":"event","type":"payment_intent.succeeded",` +
		`"data":{"object":{"id":"pi_nobody","object":"payment_intent"}}}`)
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: event, Secret: secret}).Header
	anon := &http.Client{Timeout: 20 * time.Second}
	for _, tc := range []struct {
		signature string
		want      int
	}{{signed, http.StatusOK}, {"", http.StatusBadRequest}} {
		req, _ := http.NewRequest("POST", base+"/api/stripe/webhook", bytes.NewReader(event))
		if tc.signature != "" {
			req.Header.Set("Stripe-Signature", tc.signature)
		}
		resp, err := anon.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("webhook with signature %q = %d, want %d", tc.signature, resp.StatusCode, tc.want)
		}
	}
}

// TestOpenPaymentsSandboxHasNoWebhook checks that the webhook endpoint is off with the sandbox, even
// with a secret in the environment.
func TestOpenPaymentsSandboxHasNoWebhook(t *testing.T) {
	cfg := &Config{Payments: "sandbox", StripeWebhookSecret: "whsec_x"}
	if s := webhookSecret(cfg); s != "" {
		t.Errorf("sandbox webhook secret = %q", s)
	}
	cfg.Payments = "stripe"
	if s := webhookSecret(cfg); s != "whsec_x" {
		t.Errorf("stripe webhook secret = %q", s)
	}
}
