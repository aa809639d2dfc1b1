package main

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
	"github.com/squaresapp/squares/stripe"
	"github.com/squaresapp/squares/stripe/stripetest"
)

// TestKillMidPurchase runs a real `squares serve` with the sandbox card processor as a child process while
// 24 players buy squares of a paid pool at once (checkout, the sandbox's card form, confirmation; a pool
// that fills is drawn and captured meanwhile), and kills it with SIGKILL after a random number of their
// requests, four times, a pool each time; after every kill the books are audited straight from the
// database. Then the server is restarted on the same database (its escrow's first pass re-derives what is
// due), the players confirm the checkouts they had paid, and an escrow pass after the checkout hold ends
// the rest. At the end: the ledger sums to zero, every paid square is its payer's, every payment gave its
// squares or was returned, and the books agree with the processor's.
func TestKillMidPurchase(t *testing.T) {
	// Long, and mostly waiting for its child servers: beside the other long ones.
	t.Parallel()
	if testing.Short() {
		t.Skip("starts server processes")
	}
	storetest.ForEachEngineAtOnce(t, func(t *testing.T, engine string) {
		killMidPurchase(t, engine, &purchaseProvider{
			pay: func(b *buyer, base, pi string) (int, map[string]any, error) {
				return b.post(base, "/api/sandbox/payments/"+pi+"/confirm", sandboxCard)
			},
			late: func(db *store.DB, now func() time.Time) squares.PaymentProvider {
				sb := sandbox.New(db)
				sb.Now = now
				return sb
			},
		})
	})
}

// TestKillMidPurchaseStripe is TestKillMidPurchase with payments through Stripe: the child server talks to
// stripe-mock made stateful (stripetest.Stateful), which outlives it, and the players' card form
// authorises their PaymentIntents there.
func TestKillMidPurchaseStripe(t *testing.T) {
	// Long, and mostly waiting for its child servers: beside the other long ones.
	t.Parallel()
	if testing.Short() {
		t.Skip("starts server processes")
	}
	storetest.ForEachEngineAtOnce(t, func(t *testing.T, engine string) {
		state := stripetest.StartStateful(t)
		killMidPurchase(t, engine, &purchaseProvider{
			env: []string{"SQUARES_PAYMENTS=stripe", "STRIPE_SECRET_KEY=" + stripetest.SecretKey,
				"STRIPE_PUBLISHABLE_KEY=pk_test_squares", "STRIPE_WEBHOOK_SECRET=whsec_kill_test", "STRIPE_API_BASE=" + state.URL},
			pay: func(b *buyer, base, pi string) (int, map[string]any, error) {
				if err := state.Authorize(pi); err != nil {
					return http.StatusUnprocessableEntity, map[string]any{"error": err.Error()}, nil
				}
				return http.StatusOK, nil, nil
			},
			late: func(*store.DB, func() time.Time) squares.PaymentProvider {
				p, err := stripe.New(stripe.Config{SecretKey: stripetest.SecretKey, APIBase: state.URL})
				if err != nil {
					t.Fatal(err)
				}
				return p
			},
		})
	})
}

// purchaseProvider is the card processor of a purchase kill test.
type purchaseProvider struct {
	// env configures the child server for it.
	env []string
	// pay plays the card form for a checkout's provider payment; err is a transport error.
	pay func(b *buyer, base, pi string) (int, map[string]any, error)
	// late returns the provider for an escrow of the test's own on db, at the clock now.
	late func(db *store.DB, now func() time.Time) squares.PaymentProvider
}

// killMidPurchase is the purchase kill test on an engine with a card processor.
func killMidPurchase(t *testing.T, engine string, pp *purchaseProvider) {
	ctx := context.Background()
	url := storetest.URL(t, engine)
	db := openURL(t, url)
	rng := newRand(t)
	pools := salePools(t, ctx, db, "kill_purchase")
	users := createBuyers(t, ctx, db, "purchase", 24)
	audit := storetest.NewAuditor(t, url)

	var buyers []*buyer
	var stats shopStats
	for round := range 4 {
		child, base := startChild(t, url, pp.env...)
		if buyers == nil {
			buyers = signIn(t, base, users)
		}
		// The kill comes after a random number of the players' answered requests: a fill takes about 400.
		stats.killAt = int64(1 + rng.intN(600))
		stats.answered.Store(0)
		stats.kill = sync.OnceFunc(func() { child.Process.Kill() })
		var wg sync.WaitGroup
		for _, b := range buyers {
			r := rng.fork()
			// Each round sells a pool of its own, which the kill may catch while it fills, while it is
			// drawn and captured, or after.
			wg.Go(func() { b.shop(t, base, pools[round%len(pools):][:1], r, pp, &stats) })
		}
		wg.Wait()
		stats.kill()
		child.Wait()
		waitChildSessions(t, url, audit)
		audit.Snapshot(t, db).CheckBooks(t, db)
		t.Logf("round %d: killed after %d requests; so far %d checkouts, %d confirmed", round, stats.killAt,
			stats.checkouts.Load(), stats.confirmed.Load())
	}

	// Restarted, the server's escrow makes its first pass; the players whose checkout was paid when the
	// server died confirm it again, as the browser does on reload.
	child, base := startChild(t, url, pp.env...)
	byID := map[int64]*buyer{}
	for _, b := range buyers {
		byID[b.u.ID] = b
	}
	reconfirmed := 0
	for _, p := range audit.Snapshot(t, db).Payments {
		if p.Status != squares.PaymentPending || p.ProviderID == "" {
			continue
		}
		status, out, err := byID[p.UserID].post(base, "/api/purchase-squares",
			map[string]any{"poolId": p.PoolID, "paymentIntentId": p.ProviderID})
		if err != nil || status >= http.StatusInternalServerError {
			t.Fatalf("confirm %s after the restart: %d %v %v", p.ID, status, out, err)
		}
		if status == http.StatusOK {
			reconfirmed++
		}
	}
	child.Process.Signal(os.Interrupt)
	child.Wait()

	// The checkouts nobody finished end when their hold runs out: an escrow pass after CheckoutHold.
	clock := storetest.NewClock(time.Now().Add(squares.CheckoutHold + time.Minute))
	late := store.New(url)
	late.Now = clock.Now
	if err := late.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer late.Close()
	provider := pp.late(late, clock.Now)
	esc := escrow.New(late, provider, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if sb, ok := provider.(*sandbox.Provider); ok {
		sb.OnEvent = esc.HandleEvent
	}
	for range 2 {
		if err := esc.RunOnce(ctx); err != nil {
			t.Fatalf("escrow pass after the holds: %v", err)
		}
	}
	snap := audit.Snapshot(t, late)
	snap.CheckBooks(t, late)
	snap.CheckSettled(t)
	snap.CheckProvider(t, provider)
	count := map[string]int{}
	for _, p := range snap.Payments {
		count[p.Status]++
	}
	complete := 0
	var taken []int64
	for _, p := range snap.Pools {
		taken = append(taken, p.Taken)
		if p.Taken == squares.SquaresPerPool {
			complete++
		}
	}
	t.Logf("squares taken: %v", taken)
	t.Logf("%d checkouts: %v; %d confirmed again after the restart; %d pools complete",
		len(snap.Payments), count, reconfirmed, complete)
	if count[squares.PaymentHeld]+count[squares.PaymentCaptured] == 0 {
		t.Fatal("no purchase went through: the test tested nothing")
	}
}

// salePools creates a game three days away and returns its paid pools, open for sale.
func salePools(t *testing.T, ctx context.Context, db *store.DB, external string) []*squares.PoolView {
	t.Helper()
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: external, Season: 2026, Week: "W12",
		HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: time.Now().Add(72 * time.Hour),
		Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	all, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		t.Fatal(err)
	}
	var out []*squares.PoolView
	for _, p := range all {
		if p.IsFree() {
			continue
		}
		p, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// shopStats counts what the players did, and kills the server after killAt answered requests.
type shopStats struct {
	checkouts, confirmed, answered atomic.Int64
	killAt                         int64
	kill                           func()
}

// answer counts an answered request, killing the server at the killAt-th.
func (s *shopStats) answer() {
	if s.answered.Add(1) == s.killAt {
		s.kill()
	}
}

// sandboxCard is the sandbox's good card as its card form sends it.
var sandboxCard = map[string]string{"cardNumber": "4242 4242 4242 4242", "expiry": "12/30", "cvc": "123"}

// shop has the player buy one or two random squares of a random pool at a time, among those its board
// shows free, until the server is gone or 40 tries are made; each answer counts towards the kill.
// Refusals (a square taken, the player's limit, a full pool, the rate limit) are expected; a 500 is not.
func (b *buyer) shop(t *testing.T, base string, pools []*squares.PoolView, r *rand.Rand, pp *purchaseProvider, stats *shopStats) {
	for range 40 {
		pool := pools[r.IntN(len(pools))]
		cells, err := b.freeCells(base, pool.ID, r, 1+r.IntN(2))
		if err != nil {
			return // the server is gone
		}
		stats.answer()
		if len(cells) == 0 {
			continue
		}
		status, co, err := b.post(base, "/api/create-escrow-payment", map[string]any{"poolId": pool.ID,
			"squares": cells, "amount": dollars(pool.EntryFee * squares.Cents(len(cells)))})
		if err != nil {
			return // the server is gone
		}
		stats.answer()
		if status >= http.StatusInternalServerError {
			t.Errorf("checkout: %d %v", status, co)
		}
		if status != http.StatusCreated {
			continue
		}
		stats.checkouts.Add(1)
		pi, _ := co["paymentIntentId"].(string)
		status, out, err := pp.pay(b, base, pi)
		if err != nil {
			return
		}
		stats.answer()
		if status != http.StatusOK {
			t.Errorf("card form: %d %v", status, out)
			continue
		}
		if r.IntN(8) == 0 {
			// The browser closes between the card form and the confirmation: the player's next checkout
			// in the pool replaces this paid one, whose money must come back.
			continue
		}
		status, out, err = b.post(base, "/api/purchase-squares", map[string]any{"poolId": pool.ID, "paymentIntentId": pi})
		if err != nil {
			return
		}
		stats.answer()
		if status >= http.StatusInternalServerError {
			t.Errorf("confirm: %d %v", status, out)
		}
		if status == http.StatusOK {
			stats.confirmed.Add(1)
		}
	}
}
