package stripe_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	stripego "github.com/stripe/stripe-go/v85"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/stripe"
	"github.com/squaresapp/squares/stripe/stripetest"
)

// recordedRequest is one request the provider sent.
type recordedRequest struct {
	Method, Path   string
	Query, Form    url.Values
	IdempotencyKey string
	Authorization  string
}

// cannedAnswer replaces stripe-mock's answer to one request.
type cannedAnswer struct {
	status int
	body   string
}

// recordingProxy sits between the provider and stripe-mock: it records every request, can cut the
// connection of the next ones (a network failure), answer them itself (Stripe's errors), or edit
// stripe-mock's fixtures (an object in a state the stateless mock cannot reach).
type recordingProxy struct {
	URL string

	mu     sync.Mutex
	reqs   []recordedRequest
	drop   int
	canned []cannedAnswer
	patch  func(path string, obj map[string]any)
}

func startProxy(t *testing.T, mockURL string) *recordingProxy {
	t.Helper()
	target, err := url.Parse(mockURL)
	if err != nil {
		t.Fatal(err)
	}
	p := &recordingProxy{}
	rp := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) { r.SetURL(target) },
		ModifyResponse: func(resp *http.Response) error {
			p.mu.Lock()
			patch := p.patch
			p.mu.Unlock()
			if patch == nil || resp.StatusCode != http.StatusOK {
				return nil
			}
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				return err
			}
			var obj map[string]any
			if err := json.Unmarshal(b, &obj); err != nil {
				return err
			}
			patch(resp.Request.URL.Path, obj)
			if b, err = json.Marshal(obj); err != nil {
				return err
			}
			resp.Body = io.NopCloser(bytes.NewReader(b))
			resp.ContentLength = int64(len(b))
			resp.Header.Set("Content-Length", strconv.Itoa(len(b)))
			return nil
		},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("proxy: read body: %v", err)
		}
		form, _ := url.ParseQuery(string(body))
		p.mu.Lock()
		p.reqs = append(p.reqs, recordedRequest{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Form: form,
			IdempotencyKey: r.Header.Get("Idempotency-Key"), Authorization: r.Header.Get("Authorization")})
		drop := p.drop > 0
		if drop {
			p.drop--
		}
		var answer *cannedAnswer
		if !drop && len(p.canned) > 0 {
			answer = &p.canned[0]
			p.canned = p.canned[1:]
		}
		p.mu.Unlock()
		switch {
		case drop:
			panic(http.ErrAbortHandler) // the connection is cut before any answer
		case answer != nil:
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Request-Id", "req_canned")
			w.WriteHeader(answer.status)
			io.WriteString(w, answer.body)
		default:
			r.Body = io.NopCloser(bytes.NewReader(body))
			rp.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

// take returns the requests recorded since the last call.
func (p *recordingProxy) take() []recordedRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.reqs
	p.reqs = nil
	return out
}

func (p *recordingProxy) set(fn func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fn()
}

// setup starts stripe-mock, a recording proxy in front of it, and a provider talking to the proxy.
func setup(t *testing.T) (*stripe.Provider, *recordingProxy) {
	t.Helper()
	proxy := startProxy(t, stripetest.Start(t))
	p, err := stripe.New(stripe.Config{SecretKey: stripetest.SecretKey, APIBase: proxy.URL})
	if err != nil {
		t.Fatal(err)
	}
	return p, proxy
}

// wantOne checks that exactly one request was sent, with this method, path and idempotency key.
func wantOne(t *testing.T, reqs []recordedRequest, method, path, key string) recordedRequest {
	t.Helper()
	if len(reqs) != 1 {
		t.Fatalf("sent %d requests, want 1: %+v", len(reqs), reqs)
	}
	r := reqs[0]
	if r.Method != method || r.Path != path || r.IdempotencyKey != key {
		t.Fatalf("sent %s %s key %q, want %s %s key %q", r.Method, r.Path, r.IdempotencyKey, method, path, key)
	}
	if r.Authorization != "Bearer "+stripetest.SecretKey {
		t.Errorf("Authorization = %q", r.Authorization)
	}
	return r
}

func wantForm(t *testing.T, r recordedRequest, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got := r.Form.Get(k); got != v {
			t.Errorf("%s %s: form %s = %q, want %q (form %v)", r.Method, r.Path, k, got, v, r.Form)
		}
	}
}

func TestNewNeedsAKey(t *testing.T) {
	if _, err := stripe.New(stripe.Config{}); err == nil {
		t.Fatal("New without a secret key succeeded")
	}
}

func TestCreate(t *testing.T) {
	p, proxy := setup(t)
	ctx := context.Background()
	if p.Name() != "stripe" {
		t.Errorf("Name = %q", p.Name())
	}
	req := squares.PaymentRequest{Amount: 2500, Currency: "USD", Description: "Squares: 2 square(s) in pool 7",
		Metadata:       map[string]string{"payment_id": "pay_abc", "pool_id": "7", "user_id": "3"},
		IdempotencyKey: "create:pay_abc"}
	pp, err := p.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	// stripe-mock accepted the request (it refuses anything Stripe's specification does not allow) and
	// echoes amount, currency and capture method into its fixture.
	if !strings.HasPrefix(pp.ID, "pi_") || pp.ClientSecret == "" || pp.Amount != 2500 || pp.Currency != "usd" ||
		pp.Status != squares.ProviderRequiresPaymentMethod || pp.AmountCapturable != 0 || pp.AmountReceived != 0 {
		t.Errorf("created %+v", pp)
	}
	r := wantOne(t, proxy.take(), "POST", "/v1/payment_intents", "create:pay_abc")
	wantForm(t, r, map[string]string{"amount": "2500", "currency": "usd", "capture_method": "manual",
		"payment_method_types[0]": "card", "description": "Squares: 2 square(s) in pool 7",
		"metadata[payment_id]": "pay_abc", "metadata[pool_id]": "7", "metadata[user_id]": "3",
		"expand[0]": "latest_charge"})

	// A retried Create (the escrow after a crash) sends the same key and the same parameters, so Stripe
	// replays the first PaymentIntent instead of making a second.
	if _, err := p.Create(ctx, req); err != nil {
		t.Fatal(err)
	}
	again := wantOne(t, proxy.take(), "POST", "/v1/payment_intents", "create:pay_abc")
	if again.Form.Encode() != r.Form.Encode() {
		t.Errorf("the retry sent other parameters:\n%s\n%s", again.Form.Encode(), r.Form.Encode())
	}

	// A connection cut before the answer is retried by stripe-go with the same key.
	proxy.set(func() { proxy.drop = 1 })
	if _, err := p.Create(ctx, squares.PaymentRequest{Amount: 100, Currency: "usd", IdempotencyKey: "create:pay_def"}); err != nil {
		t.Fatal(err)
	}
	reqs := proxy.take()
	if len(reqs) < 2 {
		t.Fatalf("a cut connection was not retried: %+v", reqs)
	}
	for _, r := range reqs {
		if r.Method != "POST" || r.Path != "/v1/payment_intents" || r.IdempotencyKey != "create:pay_def" {
			t.Errorf("attempt %s %s key %q, want the same key on every attempt", r.Method, r.Path, r.IdempotencyKey)
		}
	}
	if _, ok := reqs[0].Form["description"]; ok {
		t.Errorf("an empty description was sent: %v", reqs[0].Form)
	}

	// Nothing is sent without an amount or a key.
	for _, bad := range []squares.PaymentRequest{{Amount: 0, IdempotencyKey: "k"}, {Amount: 100}} {
		if _, err := p.Create(ctx, bad); squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("Create(%+v) = %v, want invalid", bad, err)
		}
	}
	if reqs := proxy.take(); len(reqs) != 0 {
		t.Errorf("invalid requests reached Stripe: %+v", reqs)
	}
}

func TestGetCaptureCancelRefund(t *testing.T) {
	p, proxy := setup(t)
	ctx := context.Background()

	pp, err := p.Get(ctx, "pi_123")
	if err != nil {
		t.Fatal(err)
	}
	// stripe-mock's fixture: 1099 cents awaiting a card.
	if pp.ID != "pi_123" || pp.Amount != 1099 || pp.Currency != "usd" || pp.Status != squares.ProviderRequiresPaymentMethod {
		t.Errorf("got %+v", pp)
	}
	r := wantOne(t, proxy.take(), "GET", "/v1/payment_intents/pi_123", "")
	if r.Query.Get("expand[0]") != "latest_charge" {
		t.Errorf("Get query = %v, want the latest charge expanded", r.Query)
	}

	if pp, err = p.Capture(ctx, "pi_123", "capture:pay_abc"); err != nil || pp.ID != "pi_123" {
		t.Fatalf("Capture = %+v, %v", pp, err)
	}
	r = wantOne(t, proxy.take(), "POST", "/v1/payment_intents/pi_123/capture", "capture:pay_abc")
	if _, ok := r.Form["amount_to_capture"]; ok {
		t.Errorf("Capture sent an amount: %v (it captures in full)", r.Form)
	}

	if pp, err = p.Release(ctx, "pi_123", "cancel:pay_abc"); err != nil || pp.ID != "pi_123" {
		t.Fatalf("Cancel = %+v, %v", pp, err)
	}
	wantOne(t, proxy.take(), "POST", "/v1/payment_intents/pi_123/cancel", "cancel:pay_abc")

	// A refund is a Refund on the PaymentIntent, then a read of the PaymentIntent. stripe-mock's refund
	// fixture is 100 cents, succeeded; its charge fixture shows nothing refunded, so the refund counts.
	if pp, err = p.Refund(ctx, "pi_123", "refund:pay_abc"); err != nil {
		t.Fatal(err)
	}
	if pp.ID != "pi_123" || pp.AmountRefunded != 100 {
		t.Errorf("Refund = %+v, want 100 refunded", pp)
	}
	reqs := proxy.take()
	if len(reqs) != 2 {
		t.Fatalf("Refund sent %d requests: %+v", len(reqs), reqs)
	}
	wantOne(t, reqs[:1], "POST", "/v1/refunds", "refund:pay_abc")
	wantForm(t, reqs[0], map[string]string{"payment_intent": "pi_123"})
	if _, ok := reqs[0].Form["amount"]; ok {
		t.Errorf("Refund sent an amount: %v (it refunds in full)", reqs[0].Form)
	}
	wantOne(t, reqs[1:], "GET", "/v1/payment_intents/pi_123", "")
}

// TestMapping reads PaymentIntents in states stripe-mock's fixtures do not show, by editing its answers:
// what stripe-go decodes from Stripe's JSON is what Squares sees.
func TestMapping(t *testing.T) {
	p, proxy := setup(t)
	ctx := context.Background()

	// A declined card.
	proxy.set(func() {
		proxy.patch = func(path string, o map[string]any) {
			o["status"] = "requires_payment_method"
			o["last_payment_error"] = map[string]any{"type": "card_error", "code": "card_declined",
				"decline_code": "generic_decline", "message": "Your card was declined."}
			o["metadata"] = map[string]any{"payment_id": "pay_abc"}
		}
	})
	pp, err := p.Get(ctx, "pi_declined")
	if err != nil {
		t.Fatal(err)
	}
	if pp.Status != squares.ProviderRequiresPaymentMethod || pp.LastError != "Your card was declined." ||
		pp.Metadata["payment_id"] != "pay_abc" {
		t.Errorf("declined = %+v", pp)
	}

	// An authorised hold.
	proxy.set(func() {
		proxy.patch = func(path string, o map[string]any) {
			o["status"], o["amount"], o["amount_capturable"], o["last_payment_error"] = "requires_capture", 2500, 2500, nil
		}
	})
	if pp, err = p.Get(ctx, "pi_held"); err != nil {
		t.Fatal(err)
	}
	if pp.Status != squares.ProviderRequiresCapture || !squares.PaidStatus(pp.Status) || pp.Amount != 2500 ||
		pp.AmountCapturable != 2500 || pp.LastError != "" {
		t.Errorf("held = %+v", pp)
	}

	// Captured, then refunded in full: the expanded latest charge carries amount_refunded.
	proxy.set(func() {
		proxy.patch = func(path string, o map[string]any) {
			if o["object"] != "payment_intent" {
				return
			}
			o["status"], o["amount"], o["amount_capturable"], o["amount_received"] = "succeeded", 2500, 0, 2500
			charge, _ := o["latest_charge"].(map[string]any)
			if charge == nil {
				t.Errorf("latest_charge not expanded: %v", o["latest_charge"])
				return
			}
			charge["amount"], charge["amount_refunded"], charge["refunded"] = 2500, 2500, true
		}
	})
	if pp, err = p.Refund(ctx, "pi_refunded", "refund:pay_abc"); err != nil {
		t.Fatal(err)
	}
	if pp.Status != squares.ProviderSucceeded || pp.AmountReceived != 2500 || pp.AmountRefunded != 2500 {
		t.Errorf("refunded = %+v", pp)
	}
}

func TestErrors(t *testing.T) {
	p, proxy := setup(t)
	ctx := context.Background()
	stripeErr := func(typ, code, message string) string {
		b, _ := json.Marshal(map[string]any{"error": map[string]any{"type": typ, "code": code, "message": message}})
		return string(b)
	}
	for _, tc := range []struct {
		name     string
		answers  []cannedAnswer
		patch    func(path string, o map[string]any)
		call     func() (*squares.ProviderPayment, error)
		code     string
		message  string
		requests int
	}{
		{"card declined at capture", []cannedAnswer{{402, stripeErr("card_error", "card_declined", "Your card was declined.")}},
			nil,
			func() (*squares.ProviderPayment, error) { return p.Capture(ctx, "pi_1", "capture:pay_1") },
			squares.EUNPROCESSABLE, "Your card was declined.", 1},
		{"refused request", []cannedAnswer{{400, stripeErr("invalid_request_error", "amount_too_small", "Amount must be at least $0.50 usd")}},
			nil,
			func() (*squares.ProviderPayment, error) {
				return p.Create(ctx, squares.PaymentRequest{Amount: 10, Currency: "usd", IdempotencyKey: "create:pay_2"})
			},
			squares.EUNPROCESSABLE, "Amount must be at least $0.50 usd", 1},
		{"no such payment intent", []cannedAnswer{{404, stripeErr("invalid_request_error", "resource_missing", "No such payment_intent: 'pi_nope'")}},
			nil,
			func() (*squares.ProviderPayment, error) { return p.Get(ctx, "pi_nope") },
			squares.ENOTFOUND, "Payment not found.", 1},
		{"wrong key", []cannedAnswer{{401, stripeErr("invalid_request_error", "", "Invalid API Key provided: sk_test_***")}},
			nil,
			func() (*squares.ProviderPayment, error) { return p.Get(ctx, "pi_1") },
			squares.EINTERNAL, "", 1},
		{"stripe failure", []cannedAnswer{{500, stripeErr("api_error", "", "Something went wrong on Stripe's end.")}},
			nil,
			func() (*squares.ProviderPayment, error) { return p.Release(ctx, "pi_1", "cancel:pay_1") },
			squares.EUNAVAILABLE, "The payment provider is not answering. Nothing was lost: try again in a moment.", 1},
		{"same key, other parameters", []cannedAnswer{{400, stripeErr("idempotency_error", "", "Keys for idempotent requests can only be used with the same parameters they were first used with.")}},
			nil,
			func() (*squares.ProviderPayment, error) { return p.Refund(ctx, "pi_1", "refund:pay_1") },
			squares.EINTERNAL, "", 1},
		// Capturing a captured PaymentIntent is refused by Stripe; the provider reads it and returns it.
		{"capture twice", []cannedAnswer{{400, stripeErr("invalid_request_error", "payment_intent_unexpected_state",
			"This PaymentIntent could not be captured because it has a status of succeeded.")}},
			func(path string, o map[string]any) { o["status"] = "succeeded" },
			func() (*squares.ProviderPayment, error) { return p.Capture(ctx, "pi_1", "capture:pay_1") },
			"", "", 2},
		{"cancel a captured payment", []cannedAnswer{{400, stripeErr("invalid_request_error", "payment_intent_unexpected_state",
			"You cannot cancel this PaymentIntent because it has a status of succeeded.")}},
			func(path string, o map[string]any) { o["status"] = "succeeded" },
			func() (*squares.ProviderPayment, error) { return p.Release(ctx, "pi_1", "cancel:pay_1") },
			squares.ECONFLICT, "This payment is captured: refund it instead.", 2},
		{"cancel twice", []cannedAnswer{{400, stripeErr("invalid_request_error", "payment_intent_unexpected_state",
			"You cannot cancel this PaymentIntent because it has a status of canceled.")}},
			func(path string, o map[string]any) { o["status"] = "canceled" },
			func() (*squares.ProviderPayment, error) { return p.Release(ctx, "pi_1", "cancel:pay_1") },
			"", "", 2},
		{"refund twice", []cannedAnswer{{400, stripeErr("invalid_request_error", "charge_already_refunded",
			"Charge ch_1 has already been refunded.")}},
			func(path string, o map[string]any) {
				o["status"] = "succeeded"
				o["latest_charge"].(map[string]any)["amount_refunded"] = o["amount"]
			},
			func() (*squares.ProviderPayment, error) { return p.Refund(ctx, "pi_1", "refund:pay_1") },
			"", "", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proxy.set(func() { proxy.canned, proxy.patch = tc.answers, tc.patch })
			pp, err := tc.call()
			if got := squares.ErrorCode(err); got != tc.code {
				t.Fatalf("code %q (%v), want %q", got, err, tc.code)
			}
			if tc.message != "" && squares.ErrorMessage(err) != tc.message {
				t.Errorf("message %q, want %q", squares.ErrorMessage(err), tc.message)
			}
			if err == nil && pp == nil {
				t.Error("no error and no payment")
			}
			if err != nil {
				// Stripe's error stays in the chain for logs and callers.
				var se *stripego.Error
				if !errors.As(err, &se) || !strings.Contains(err.Error(), "req_canned") {
					t.Errorf("error %q does not carry Stripe's error", err)
				}
			}
			if reqs := proxy.take(); len(reqs) != tc.requests {
				t.Errorf("%d requests, want %d: %+v", len(reqs), tc.requests, reqs)
			}
		})
	}
	proxy.set(func() { proxy.patch = nil })

	// stripe-mock itself refuses a key that is not a test key, as Stripe refuses a wrong one.
	bad, err := stripe.New(stripe.Config{SecretKey: "not-a-key", APIBase: proxy.URL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bad.Get(ctx, "pi_1"); squares.ErrorCode(err) != squares.EINTERNAL || !strings.Contains(err.Error(), "401") {
		t.Errorf("wrong key: %v", err)
	}
	proxy.take()

	// A network failure is Stripe being unavailable, for the escrow (or the player) to retry.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	down, err := stripe.New(stripe.Config{SecretKey: stripetest.SecretKey, APIBase: "http://" + addr})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := down.Get(ctx, "pi_1"); err == nil || squares.ErrorCode(err) != squares.EUNAVAILABLE {
		t.Errorf("unreachable Stripe: %v", err)
	}
}
