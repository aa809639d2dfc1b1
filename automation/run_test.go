package automation_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/automation"
	"github.com/squaresapp/squares/store"
)

func TestNextWait(t *testing.T) {
	now := t0
	for _, c := range []struct {
		dues []time.Time
		want time.Duration
	}{
		{nil, 15 * time.Minute},
		{[]time.Time{now.Add(20 * time.Minute)}, 15 * time.Minute},
		{[]time.Time{now.Add(20 * time.Minute), now.Add(7 * time.Minute)}, 7 * time.Minute},
		{[]time.Time{now.Add(-time.Minute), now.Add(10 * time.Minute)}, 10 * time.Minute}, // a past due time waits the interval
		{[]time.Time{now.Add(time.Millisecond)}, time.Second},
	} {
		if got := automation.NextWait(now, 15*time.Minute, c.dues); got != c.want {
			t.Errorf("NextWait(%v) = %v, want %v", c.dues, got, c.want)
		}
	}
}

// TestRunDecidesAndStops: Run makes a pass at once and returns when its context ends.
func TestRunDecidesAndStops(t *testing.T) {
	e := newEnv(t, store.SQLite)
	e.game(kickoff)
	e.clock.Set(kickoff.Add(-2 * time.Hour))
	e.auto.Interval = time.Hour
	ctx, cancel := context.WithCancel(e.ctx)
	done := make(chan struct{})
	go func() { e.auto.Run(ctx); close(done) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		logged, err := e.db.ListDecisions(e.ctx, 10)
		if err == nil && len(logged) == 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Run decided %d pools, %v", len(logged), err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop")
	}
}

// TestOnDecision: the hook hears each decision the automation makes, once: a second pass decides nothing
// and tells nothing.
func TestOnDecision(t *testing.T) {
	e := newEnv(t, store.SQLite)
	pools := e.game(kickoff)
	e.take(pools[1], 3, 5, 0) // the $1 pool: 3 players, too few, so it is cancelled like the empty ones
	heard := map[string]int{}
	e.auto.OnDecision = func(d squares.Decision) { heard[d.Action]++ }
	e.clock.Set(kickoff.Add(-2 * time.Hour))
	ds := e.run()
	if len(ds) != 5 || heard[squares.DecideCancel]+heard[squares.DecideHouseFill]+heard[squares.DecideContinue] != 5 {
		t.Fatalf("decisions %v, heard %v", ds, heard)
	}
	for _, d := range ds {
		if heard[d.Action] == 0 {
			t.Errorf("decision %s of pool %d not heard", d.Action, d.PoolID)
		}
	}
	e.run()
	if n := heard[squares.DecideCancel] + heard[squares.DecideHouseFill] + heard[squares.DecideContinue]; n != 5 {
		t.Errorf("after a second pass the hook heard %d decisions, want 5", n)
	}
}
