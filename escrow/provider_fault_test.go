package escrow_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store/storetest"
	"github.com/squaresapp/squares/stripe"
	"github.com/squaresapp/squares/stripe/stripetest"
)

// The ways the fault proxy breaks a call to Stripe.
const (
	pass    = "pass"      // forwarded untouched
	timeout = "timeout"   // held past the client's timeout, then forwarded: Stripe acts, nobody hears
	fail500 = "500"       // answered 500 without forwarding: Stripe never saw it
	lost500 = "500 after" // forwarded, then answered 500: Stripe acted, the answer is lost
	twice   = "twice"     // forwarded twice at once: Stripe gets the request two times
)

// clientTimeout is the Stripe client's timeout in the test.
const clientTimeout = 500 * time.Millisecond

// faultStep is one entry of a call's schedule: the fault for the next times calls.
type faultStep struct {
	kind  string
	times int
}

// faultRequest is one request the proxy received.
type faultRequest struct {
	op, path, key, form, fault string
}

// faultProxy is an HTTP proxy between the Stripe provider and Stateful stripe-mock that breaks calls on a
// schedule per kind of call. It forwards by hand rather than with httputil.ReverseProxy, to send a request
// twice, or after its client has given up on it.
type faultProxy struct {
	URL string

	target string
	mu     sync.Mutex
	plan   map[string][]faultStep
	reqs   []faultRequest
	late   sync.WaitGroup
}

func startFaultProxy(t *testing.T, target string) *faultProxy {
	t.Helper()
	p := &faultProxy{target: target, plan: map[string][]faultStep{}}
	srv := httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(func() { p.late.Wait(); srv.Close() })
	p.URL = srv.URL
	return p
}

// op names the kind of Stripe call.
func op(method, path string) string {
	switch {
	case method == http.MethodPost && path == "/v1/payment_intents":
		return "create"
	case method == http.MethodGet && strings.HasPrefix(path, "/v1/payment_intents/"):
		return "get"
	case method == http.MethodPost && strings.HasSuffix(path, "/capture"):
		return "capture"
	case method == http.MethodPost && strings.HasSuffix(path, "/cancel"):
		return "cancel"
	case method == http.MethodPost && path == "/v1/refunds":
		return "refund"
	}
	return method + " " + path
}

// schedule sets the faults of the next calls of a kind, in order; the calls after them pass.
func (p *faultProxy) schedule(op string, steps ...faultStep) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.plan[op] = steps
}

// next takes the fault of the next call of a kind.
func (p *faultProxy) next(op string) string {
	steps := p.plan[op]
	for len(steps) > 0 && steps[0].times == 0 {
		steps = steps[1:]
	}
	p.plan[op] = steps
	if len(steps) == 0 {
		return pass
	}
	steps[0].times--
	return steps[0].kind
}

func (p *faultProxy) requests() []faultRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]faultRequest(nil), p.reqs...)
}

func (p *faultProxy) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	form, _ := url.ParseQuery(string(body))
	o := op(r.Method, r.URL.Path)
	p.mu.Lock()
	fault := p.next(o)
	p.reqs = append(p.reqs, faultRequest{op: o, path: r.URL.Path, key: r.Header.Get("Idempotency-Key"),
		form: form.Encode(), fault: fault})
	p.mu.Unlock()
	switch fault {
	case timeout:
		// The request reaches Stripe after the client gave up; the answer goes nowhere.
		p.late.Add(1)
		go func() {
			defer p.late.Done()
			time.Sleep(clientTimeout + 300*time.Millisecond)
			p.forward(r, body)
		}()
		<-r.Context().Done()
		return
	case fail500:
	case lost500:
		p.forward(r, body)
	case twice:
		var wg sync.WaitGroup
		var status int
		var answer []byte
		wg.Go(func() { status, answer = p.forward(r, body) })
		wg.Go(func() { p.forward(r, body) })
		wg.Wait()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(answer)
		return
	default:
		status, answer := p.forward(r, body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(answer)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusInternalServerError)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"type": "api_error",
		"message": "Something went wrong on Stripe's end."}})
}

// forward sends the request on to Stateful, with its own context: it is Stripe's to finish.
func (p *faultProxy) forward(r *http.Request, body []byte) (int, []byte) {
	req, err := http.NewRequest(r.Method, p.target+r.URL.RequestURI(), bytes.NewReader(body))
	if err != nil {
		return http.StatusBadGateway, nil
	}
	req.Header = r.Header.Clone()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return http.StatusBadGateway, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// TestProviderFaults drives the escrow's whole life of payments through Stripe (stripe-mock made
// stateful by stripetest.Stateful) behind a proxy that breaks the calls: it holds them past the client's
// timeout (Stripe acts late, nobody hears), answers 500 before forwarding (Stripe never saw the call) or
// after (Stripe acted, the answer is lost), three times in a row so that stripe-go's own retries give up
// too, or forwards them twice. Players check out and confirm (retrying what failed, as the browser
// does, or leaving a paid checkout unconfirmed); two pools fill and are captured; one of them and a third
// pool with holds are cancelled, so their captures are refunded, their holds released and their open
// checkouts ended; the escrow's passes retry with backoff on an injected
// clock. At the end, with the faults over: no square without payment and no payment kept without squares
// (the books, and every PaymentIntent holding money is a held or captured payment of ours), nothing moved
// twice at Stripe, every POST carried its idempotency key, and a call sent again (after a timeout, or by
// the escrow's next pass) went with the same key and parameters.
func TestProviderFaults(t *testing.T) {
	for _, engine := range storetest.Engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			testProviderFaults(t, engine)
		})
	}
}

func testProviderFaults(t *testing.T, engine string) {
	state := stripetest.StartStateful(t)
	proxy := startFaultProxy(t, state.URL)
	provider, err := stripe.New(stripe.Config{SecretKey: stripetest.SecretKey, APIBase: proxy.URL,
		HTTPClient: &http.Client{Timeout: clientTimeout}})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, engine)
	e.wrap = func(*sandbox.Provider) squares.PaymentProvider { return provider }
	e.restart()
	a := storetest.NewAuditor(t, e.url)
	pools := e.game()
	captured, refunded, released := pools[1], pools[2], pools[3]

	// Checkouts and confirmations.
	proxy.schedule("create", faultStep{timeout, 1}, faultStep{pass, 3}, faultStep{lost500, 1}, faultStep{pass, 3},
		faultStep{twice, 1}, faultStep{pass, 3}, faultStep{fail500, 3}, faultStep{pass, 3}, faultStep{lost500, 3})
	proxy.schedule("get", faultStep{pass, 2}, faultStep{timeout, 1}, faultStep{pass, 2}, faultStep{lost500, 3},
		faultStep{pass, 2}, faultStep{fail500, 1}, faultStep{pass, 2}, faultStep{twice, 1})
	checkoutFailures, confirmFailures := 0, 0
	var lastBuyer *squares.User
	var lastPayment string
	buy := func(pool *squares.PoolView, cells []squares.Cell) {
		t.Helper()
		u := e.player("Buyer")
		for range 4 {
			pay, err := e.esc.Checkout(e.ctx, u, pool.ID, cells, pool.EntryFee*squares.Cents(len(cells)))
			if err != nil {
				// Stripe not answering the checkout is 503 too, not a refusal (422).
				wantCode(t, err, squares.EUNAVAILABLE, "try again")
				checkoutFailures++ // the player tries again
				continue
			}
			if err := state.Authorize(pay.ProviderPaymentID); err != nil {
				t.Fatal(err)
			}
			for range 4 {
				if _, err = e.esc.Confirm(e.ctx, u, pay.ProviderPaymentID); err == nil {
					lastBuyer, lastPayment = u, pay.ProviderPaymentID
					return
				}
				// Stripe failing is not our bug: the player is told to try again (503), not shown a 500.
				wantCode(t, err, squares.EUNAVAILABLE, "try again")
				confirmFailures++
			}
			t.Fatalf("confirm %s: %v", pay.ID, err)
		}
		t.Fatalf("no checkout of %v in pool %d went through", cells, pool.ID)
	}
	for _, pool := range []*squares.PoolView{captured, refunded} {
		for i := 0; i < squares.SquaresPerPool; i += squares.PublicSquaresPerPlayer {
			buy(pool, cellsFrom(i, squares.PublicSquaresPerPlayer))
		}
	}
	for i := range 5 {
		buy(released, cellsFrom(i*squares.PublicSquaresPerPlayer, squares.PublicSquaresPerPlayer))
	}
	// Two players pay and close the browser before the confirmation: their checkouts stay pending with
	// the money on hold at Stripe until the escrow ends them.
	for i := 5; i < 7; i++ {
		pay, err := e.esc.Checkout(e.ctx, e.player("Leaver"), released.ID, cellsFrom(i*squares.PublicSquaresPerPlayer,
			squares.PublicSquaresPerPlayer), released.EntryFee*squares.PublicSquaresPerPlayer)
		if err != nil {
			t.Fatal(err)
		}
		if err := state.Authorize(pay.ProviderPaymentID); err != nil {
			t.Fatal(err)
		}
	}
	if checkoutFailures == 0 || confirmFailures == 0 {
		t.Fatalf("%d checkouts and %d confirmations failed: the faults did not bite", checkoutFailures, confirmFailures)
	}
	// A player reloading the confirmation of a payment already confirmed gets their squares while Stripe
	// fails: there is nothing to ask Stripe.
	proxy.schedule("get", faultStep{fail500, 1}, faultStep{timeout, 1})
	for range 2 {
		res, err := e.esc.Confirm(e.ctx, lastBuyer, lastPayment)
		if err != nil || !res.Already || len(res.Squares) != squares.PublicSquaresPerPlayer {
			t.Fatalf("confirm a confirmed payment again while Stripe fails: %+v, %v", res, err)
		}
	}
	proxy.schedule("get")
	a.Snapshot(t, e.db).CheckBooks(t, e.db)

	// The escrow captures the two full pools.
	proxy.schedule("capture", faultStep{lost500, 3}, faultStep{pass, 2}, faultStep{timeout, 1}, faultStep{pass, 2},
		faultStep{twice, 1}, faultStep{pass, 2}, faultStep{fail500, 3})
	proxy.schedule("get", faultStep{pass, 5}, faultStep{fail500, 3}, faultStep{pass, 5}, faultStep{timeout, 1})
	settle := func(what string, done func() bool) {
		t.Helper()
		for range 20 {
			e.esc.RunOnce(e.ctx) // failures are retried by the next passes, after their backoff
			if done() {
				return
			}
			e.clock.Add(10 * time.Minute)
		}
		t.Fatalf("the escrow did not %s", what)
	}
	all := func(status string, pools ...*squares.PoolView) func() bool {
		return func() bool {
			for _, p := range a.Snapshot(t, e.db).Payments {
				for _, pool := range pools {
					if p.PoolID == pool.ID && p.Status != status && p.Status != squares.PaymentFailed {
						return false
					}
				}
			}
			return true
		}
	}
	settle("capture the full pools", all(squares.PaymentCaptured, captured, refunded))
	a.Snapshot(t, e.db).CheckBooks(t, e.db)

	// Two pools are cancelled: one's captures are refunded, the other's holds released.
	proxy.schedule("refund", faultStep{lost500, 3}, faultStep{pass, 2}, faultStep{timeout, 1}, faultStep{pass, 2},
		faultStep{twice, 1}, faultStep{pass, 2}, faultStep{fail500, 3})
	proxy.schedule("cancel", faultStep{fail500, 3}, faultStep{pass, 1}, faultStep{lost500, 3}, faultStep{pass, 1},
		faultStep{timeout, 1}, faultStep{pass, 1}, faultStep{twice, 1})
	proxy.schedule("get", faultStep{pass, 3}, faultStep{lost500, 3}, faultStep{pass, 3}, faultStep{timeout, 1})
	for _, pool := range []*squares.PoolView{refunded, released} {
		if _, err := e.esc.CancelPool(e.ctx, pool.ID); err != nil {
			t.Fatalf("cancel pool %d: %v", pool.ID, err)
		}
	}
	settle("refund the cancelled pool", all(squares.PaymentRefunded, refunded))
	settle("release the cancelled holds", func() bool {
		// Released here, and cancelled at Stripe (an ended checkout's hold is cancelled by a later step).
		var live int
		if err := a.Conn.QueryRow(`SELECT COUNT(*) FROM payments WHERE status IN ('released', 'failed')
			AND provider_payment_id IS NOT NULL AND provider_status NOT IN ('canceled', 'succeeded')`).Scan(&live); err != nil {
			t.Fatal(err)
		}
		return live == 0 && all(squares.PaymentReleased, released)()
	})
	proxy.late.Wait()

	// The books, and the books against Stripe's.
	snap := a.Snapshot(t, e.db)
	snap.CheckBooks(t, e.db)
	snap.CheckSettled(t)
	snap.CheckProvider(t, provider)
	ours := map[string]*storetest.AuditPayment{}
	for _, p := range snap.Payments {
		if p.ProviderID != "" {
			ours[p.ProviderID] = p
		}
	}
	for id, in := range state.Intents() {
		if in.Captures > 1 || in.Cancels > 1 || in.Refunds > 1 {
			t.Fatalf("PaymentIntent %s moved money twice: %+v", id, in)
		}
		if p := ours[id]; p == nil && in.Status != "requires_payment_method" && in.Status != "canceled" {
			t.Fatalf("PaymentIntent %s of no payment of ours holds money: %+v", id, in)
		}
	}

	// Idempotency keys: every POST carries the key of its act (the kind of call and our payment), the
	// same key is always the same request, and every act sent again (by stripe-go after a timeout, by the
	// escrow's next pass after a 500) went with the same key. A broken create is not sent again: its
	// checkout fails and the player starts another, with a key of its own; the intent it may have left
	// holds no money (checked above).
	faults := map[string]int{}
	keys := map[string]map[string]bool{} // act -> keys
	first := map[string]faultRequest{}
	resent := map[string]int{}
	for _, r := range proxy.requests() {
		if r.fault != pass {
			faults[r.op+" "+r.fault]++
		}
		if r.op == "get" {
			continue
		}
		form, _ := url.ParseQuery(r.form)
		act := map[string]string{"create": "create " + form.Get("metadata[payment_id]"), "capture": "capture " + r.path,
			"cancel": "cancel " + r.path, "refund": "refund " + form.Get("payment_intent")}[r.op]
		prefix := map[string]string{"create": "create:pay_", "capture": "capture:pay_", "cancel": "cancel:pay_",
			"refund": "refund:pay_"}[r.op]
		if act == "" || !strings.HasPrefix(r.key, prefix) {
			t.Fatalf("%s %s sent with idempotency key %q", r.op, r.path, r.key)
		}
		if f, ok := first[r.key]; ok {
			if f.path != r.path || f.form != r.form {
				t.Fatalf("key %s sent with other parameters: %s %s, then %s %s", r.key, f.path, f.form, r.path, r.form)
			}
			resent[r.op]++
		}
		first[r.key] = r
		if keys[act] == nil {
			keys[act] = map[string]bool{}
		}
		keys[act][r.key] = true
	}
	for act, ks := range keys {
		if len(ks) != 1 {
			t.Fatalf("%s was sent with %d idempotency keys: %v", act, len(ks), ks)
		}
	}
	for _, o := range []string{"create", "capture", "cancel", "refund"} {
		if resent[o] == 0 {
			t.Errorf("no %s was sent again", o)
		}
	}
	for _, o := range []string{"create", "capture", "cancel", "refund"} {
		for _, f := range []string{timeout, fail500, lost500, twice} {
			if faults[o+" "+f] == 0 {
				t.Errorf("no %s of a %s call", f, o)
			}
		}
	}
	t.Logf("faults: %v; sent again with the same key: %v; %d checkouts and %d confirmations failed and were tried again", faults, resent, checkoutFailures, confirmFailures)
}
