package worker_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/drand/drandtest"
	"github.com/squaresapp/squares/drand/worker"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestMain(m *testing.M) {
	storetest.ParallelEngines()
	storetest.Main(m)
}

// clock is a test clock shared by the store, the relay and the worker.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

type env struct {
	db     *store.DB
	clock  *clock
	relay  *drandtest.Relay
	chain  *drand.Chain
	worker *worker.Worker
	drawn  atomic.Int64
}

func newEnv(t *testing.T, engine string) *env {
	t.Helper()
	e := &env{clock: &clock{t: time.Now().UTC().Truncate(time.Millisecond)}}
	e.db = storetest.Open(t, engine)
	e.db.Now = e.clock.Now
	e.relay = drandtest.New(e.clock.Now().Add(-time.Hour).Truncate(time.Second), 3*time.Second, e.clock.Now)
	t.Cleanup(e.relay.Close)
	var err error
	if e.chain, err = drand.ParseChain([]byte(e.relay.InfoJSON())); err != nil {
		t.Fatal(err)
	}
	info := e.chain.Info()
	e.db.Beacon = store.BeaconConfig{Chain: &info}
	client, err := drand.NewClient(e.chain, []string{e.relay.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	client.Tries, client.Backoff = 1, time.Millisecond
	e.worker = &worker.Worker{Store: e.db, Source: client, Now: e.clock.Now,
		OnDraw: func(int64) { e.drawn.Add(1) }}
	return e
}

var players atomic.Int64

// fill has 20 new players claim the 100 squares of a free pool and returns the pool after the last claim.
func fill(t *testing.T, db *store.DB, poolID int64) *store.ClaimResult {
	t.Helper()
	var last *store.ClaimResult
	for i := 0; i < squares.SquaresPerPool; i += squares.PublicSquaresPerPlayer {
		n := players.Add(1)
		u := &squares.User{Email: fmt.Sprintf("beacon%d@example.com", n), PasswordHash: "not-a-hash",
			FirstName: "Beacon", LastName: "Tester", DateOfBirth: "1990-01-01", ResidenceState: "NY",
			ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
		if err := db.CreateUser(context.Background(), u); err != nil {
			t.Fatal(err)
		}
		var cells []squares.Cell
		for j := i; j < i+squares.PublicSquaresPerPlayer; j++ {
			cells = append(cells, squares.Cell{Row: j / squares.GridSize, Column: j % squares.GridSize})
		}
		res, err := db.ClaimSquares(context.Background(), store.Claim{PoolID: poolID, User: u, Cells: cells})
		if err != nil {
			t.Fatalf("claim %d: %v", i, err)
		}
		last = res
	}
	return last
}

func (e *env) pool(t *testing.T, id int64) *squares.PoolView {
	t.Helper()
	p, err := e.db.FindPool(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (e *env) runOnce(t *testing.T) worker.Result {
	t.Helper()
	res, err := e.worker.RunOnce(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkVerified checks a pool drawn with its beacon as an outside verifier would: the round the one due
// after the lock, its signature against the relay's chain, the digits from the seed, ownership and
// randomness.
func (e *env) checkVerified(t *testing.T, p *squares.PoolView) {
	t.Helper()
	b := squares.BeaconOf(p.Pool)
	if b.Status != squares.BeaconVerified || !p.NumbersGenerated() || p.Status != squares.PoolFull {
		t.Fatalf("pool %d: status %s, beacon %+v, drawn %v", p.ID, p.Status, b, p.NumbersGenerated())
	}
	if err := squares.CheckBeaconRound(e.chain.Info(), b); err != nil {
		t.Error(err)
	}
	got, err := e.chain.Verify(b.Round, b.Signature)
	if err != nil || got.Randomness != b.Randomness {
		t.Errorf("beacon does not verify: %+v, %v", got, err)
	}
	if err := squares.VerifyNumberSetsWithBeacon(p.NumberSets, p.ID, p.DrawInput, b.Randomness); err != nil {
		t.Error(err)
	}
	// Drawn without the randomness, the digits would differ (the beacon is really mixed in).
	if err := squares.VerifyNumberSets(p.NumberSets, p.ID, p.DrawInput); err == nil {
		t.Error("the digits verify without the beacon's randomness")
	}
}

// TestBeaconDraw: a pool filled locks for the first round due 10 s later (pending, no numbers); a pass
// before the round is due does nothing; after it the pool is drawn with the verified round, once.
func TestBeaconDraw(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		p := storetest.OpenFreePool(t, e.db, e.clock.Now().Add(96*time.Hour))
		lockedAt := e.clock.Now()
		res := fill(t, e.db, p.ID)
		if !res.Drew {
			t.Fatal("the last claim did not complete the pool")
		}
		b := squares.BeaconOf(res.Pool.Pool)
		wantRound := e.chain.Info().LockRound(lockedAt)
		if b.Status != squares.BeaconPending || b.Round != wantRound || b.DueAt == nil ||
			!b.DueAt.Equal(e.chain.Info().RoundTime(wantRound)) || b.ChainHash != e.chain.Hash() || b.Signature != "" {
			t.Fatalf("beacon after the last claim = %+v, want pending round %d", b, wantRound)
		}
		if res.Pool.NumbersGenerated() || res.Pool.Status != squares.PoolFull {
			t.Fatalf("pool after the last claim: status %s, drawn %v", res.Pool.Status, res.Pool.NumbersGenerated())
		}
		if wait := b.DueAt.Sub(lockedAt); wait < squares.BeaconDelay || wait > squares.BeaconDelay+3*time.Second {
			t.Errorf("round due %s after the lock", wait)
		}

		e.clock.Set(b.DueAt.Add(-time.Millisecond))
		if r := e.runOnce(t); r != (worker.Result{}) || e.relay.Requests.Load() != 0 {
			t.Fatalf("before the round is due: %+v, %d requests", r, e.relay.Requests.Load())
		}
		if got := e.pool(t, p.ID); got.NumbersGenerated() || got.Beacon.Status != squares.BeaconPending {
			t.Fatal("drawn before its round")
		}

		e.clock.Set(*b.DueAt)
		if r := e.runOnce(t); r.Verified != 1 {
			t.Fatalf("at the round: %+v", r)
		}
		drawn := e.pool(t, p.ID)
		e.checkVerified(t, drawn)
		if e.drawn.Load() != 1 {
			t.Errorf("OnDraw told %d times", e.drawn.Load())
		}

		// Exactly once: another pass, or a late retry of the same round, draws nothing.
		if r := e.runOnce(t); r != (worker.Result{}) {
			t.Errorf("second pass: %+v", r)
		}
		again, err := e.db.DrawWithBeacon(context.Background(), p.ID, b.Round, drawn.Beacon.Signature, drawn.Beacon.Randomness)
		if err != nil || again {
			t.Errorf("a second draw: %v, %v", again, err)
		}
		if after := e.pool(t, p.ID); squares.FormatDigits(after.HomeNumbers) != squares.FormatDigits(drawn.HomeNumbers) {
			t.Error("the numbers changed")
		}
	})
}

// TestBeaconRelayDownThenUp: a failed fetch leaves the pool pending and is retried after its backoff.
func TestBeaconRelayDownThenUp(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		p := storetest.OpenFreePool(t, e.db, e.clock.Now().Add(96*time.Hour))
		b := squares.BeaconOf(fill(t, e.db, p.ID).Pool.Pool)
		e.clock.Set(*b.DueAt)
		e.relay.SetDown(true)
		if r := e.runOnce(t); r.Failed != 1 || r.Verified != 0 {
			t.Fatalf("relay down: %+v", r)
		}
		if got := e.pool(t, p.ID); got.NumbersGenerated() || got.Beacon.Status != squares.BeaconPending {
			t.Fatal("drawn while the relay is down")
		}
		asked := e.relay.Requests.Load()
		e.relay.SetDown(false)
		if r := e.runOnce(t); r != (worker.Result{}) || e.relay.Requests.Load() != asked {
			t.Fatalf("retried before its backoff: %+v", r)
		}
		e.clock.Add(squares.BeaconRetryAfter(1))
		if r := e.runOnce(t); r.Verified != 1 {
			t.Fatalf("relay up again: %+v", r)
		}
		e.checkVerified(t, e.pool(t, p.ID))
	})
}

// TestBeaconTamperedRelay: a relay serving a signature that does not verify is a failed fetch, never a
// draw.
func TestBeaconTamperedRelay(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		p := storetest.OpenFreePool(t, e.db, e.clock.Now().Add(96*time.Hour))
		b := squares.BeaconOf(fill(t, e.db, p.ID).Pool.Pool)
		e.clock.Set(*b.DueAt)
		e.relay.SetTamper(true)
		if r := e.runOnce(t); r.Failed != 1 {
			t.Fatalf("tampered relay: %+v", r)
		}
		if got := e.pool(t, p.ID); got.NumbersGenerated() {
			t.Fatal("drawn with a signature that does not verify")
		}
	})
}

// TestBeaconUnavailable: with no relay answering until 15 minutes before kickoff the pool is drawn
// without a beacon (unavailable, the v1 derivation), not before.
func TestBeaconUnavailable(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine)
		kickoff := e.clock.Now().Add(96 * time.Hour)
		p := storetest.OpenFreePool(t, e.db, kickoff)
		b := squares.BeaconOf(fill(t, e.db, p.ID).Pool.Pool)
		e.relay.SetDown(true)
		e.clock.Set(*b.DueAt)
		if r := e.runOnce(t); r.Failed != 1 {
			t.Fatalf("first fetch: %+v", r)
		}
		e.clock.Set(kickoff.Add(-squares.BeaconGiveUp - time.Second))
		if r := e.runOnce(t); r.Failed != 1 || r.Unavailable != 0 {
			t.Fatalf("15 min 1 s before kickoff: %+v", r)
		}
		e.clock.Set(kickoff.Add(-squares.BeaconGiveUp))
		if r := e.runOnce(t); r.Unavailable != 1 {
			t.Fatalf("15 min before kickoff: %+v", r)
		}
		got := e.pool(t, p.ID)
		if got.Beacon.Status != squares.BeaconUnavailable || !got.NumbersGenerated() || got.Beacon.Signature != "" {
			t.Fatalf("pool: %+v, drawn %v", got.Beacon, got.NumbersGenerated())
		}
		if err := squares.VerifyNumberSets(got.NumberSets, got.ID, got.DrawInput); err != nil {
			t.Error(err)
		}
		// The relay coming back later changes nothing.
		e.relay.SetDown(false)
		if r := e.runOnce(t); r != (worker.Result{}) {
			t.Errorf("after the draw: %+v", r)
		}
	})
}

// TestBeaconOff: without a chain the pool is drawn at once, as before beacons, and says "off".
func TestBeaconOff(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		db := storetest.Open(t, engine)
		p := storetest.OpenFreePool(t, db, time.Now().Add(96*time.Hour))
		res := fill(t, db, p.ID)
		if !res.Pool.NumbersGenerated() || squares.BeaconOf(res.Pool.Pool).Status != squares.BeaconOff {
			t.Fatalf("beacon off: drawn %v, beacon %+v", res.Pool.NumbersGenerated(), res.Pool.Beacon)
		}
		if err := squares.VerifyNumberSets(res.Pool.NumberSets, p.ID, res.Pool.DrawInput); err != nil {
			t.Error(err)
		}
	})
}
