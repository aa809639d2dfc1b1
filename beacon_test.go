package squares_test

import (
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

func TestChainRounds(t *testing.T) {
	q := squares.Quicknet
	genesis := time.Unix(1692803367, 0).UTC()
	for _, tc := range []struct {
		name  string
		at    time.Time
		round uint64
	}{
		{"before genesis", genesis.Add(-time.Hour), 1},
		{"at genesis", genesis, 1},
		{"a nanosecond after genesis", genesis.Add(time.Nanosecond), 2},
		{"one period after", genesis.Add(3 * time.Second), 2},
		{"just before round 3", genesis.Add(6*time.Second - time.Millisecond), 3},
		{"round 12040883 exactly", genesis.Add(12040882 * 3 * time.Second), 12040883},
		{"a second after round 12040883", genesis.Add(12040882*3*time.Second + time.Second), 12040884},
	} {
		if got := q.RoundAt(tc.at); got != tc.round {
			t.Errorf("%s: RoundAt = %d, want %d", tc.name, got, tc.round)
		}
	}
	for _, tc := range []struct {
		round uint64
		at    time.Time
	}{
		{1, genesis},
		{2, genesis.Add(3 * time.Second)},
		{67, genesis.Add(66 * 3 * time.Second)},
		{12040883, time.Date(2024, 10, 14, 17, 13, 33, 0, time.UTC)},
	} {
		if got := q.RoundTime(tc.round); !got.Equal(tc.at) {
			t.Errorf("RoundTime(%d) = %s, want %s", tc.round, got, tc.at)
		}
	}
}

func TestLockRound(t *testing.T) {
	q := squares.Quicknet
	due := q.RoundTime(5000)
	for _, tc := range []struct {
		name     string
		lockedAt time.Time
		round    uint64
	}{
		// The first round published at least 10 s after the lock.
		{"lock exactly 10 s before a round", due.Add(-10 * time.Second), 5000},
		{"lock a millisecond later", due.Add(-10*time.Second + time.Millisecond), 5001},
		{"lock 12 s before", due.Add(-12 * time.Second), 5000},
		{"lock 13 s before", due.Add(-13 * time.Second), 4999},
	} {
		got := q.LockRound(tc.lockedAt)
		if got != tc.round {
			t.Errorf("%s: LockRound = %d, want %d", tc.name, got, tc.round)
		}
		if wait := q.RoundTime(got).Sub(tc.lockedAt); wait < squares.BeaconDelay || wait >= squares.BeaconDelay+q.Period {
			t.Errorf("%s: round due %s after the lock", tc.name, wait)
		}
		b := squares.BeaconLock(q, tc.lockedAt, false)
		if b.Status != squares.BeaconPending || b.Round != got || !b.DueAt.Equal(q.RoundTime(got)) || b.ChainHash != q.Hash {
			t.Errorf("%s: BeaconLock = %+v", tc.name, b)
		}
		if err := squares.CheckBeaconRound(q, b); err != nil {
			t.Errorf("%s: CheckBeaconRound: %v", tc.name, err)
		}
		early := b
		early.Round--
		if err := squares.CheckBeaconRound(q, early); err == nil {
			t.Errorf("%s: an earlier round passes", tc.name)
		}
	}
}

func TestBeaconRandomness(t *testing.T) {
	// Round 12040883 of quicknet (drand/tlock's test data) and SHA-256 of its signature's bytes.
	sig := "929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394"
	r, err := squares.BeaconRandomness(sig)
	if err != nil || len(r) != 64 {
		t.Fatalf("BeaconRandomness = %q, %v", r, err)
	}
	for _, tc := range []struct {
		name, sig, randomness string
		ok                    bool
	}{
		{"matches", sig, r, true},
		{"upper case", sig, strings.ToUpper(r), true},
		{"another randomness", sig, strings.Repeat("0", 64), false},
		{"signature not hex", "zz", r, false},
		{"signature changed", "829906" + sig[6:], r, false},
	} {
		if err := squares.CheckBeaconRandomness(tc.sig, tc.randomness); (err == nil) != tc.ok {
			t.Errorf("%s: CheckBeaconRandomness = %v", tc.name, err)
		}
	}
}

func TestNextBeaconStep(t *testing.T) {
	kickoff := time.Date(2026, 9, 13, 17, 0, 0, 0, time.UTC)
	due := kickoff.Add(-time.Hour)
	for _, tc := range []struct {
		name string
		in   squares.BeaconInput
		want squares.BeaconStep
	}{
		{"before the round", squares.BeaconInput{Now: due.Add(-time.Second), DueAt: due, Kickoff: kickoff}, squares.BeaconWait},
		{"at the round", squares.BeaconInput{Now: due, DueAt: due, Kickoff: kickoff}, squares.BeaconFetch},
		{"retry not due", squares.BeaconInput{Now: due.Add(time.Second), DueAt: due, Kickoff: kickoff, NextTry: due.Add(2 * time.Second), Failures: 1}, squares.BeaconWait},
		{"retry due", squares.BeaconInput{Now: due.Add(2 * time.Second), DueAt: due, Kickoff: kickoff, NextTry: due.Add(2 * time.Second), Failures: 1}, squares.BeaconFetch},
		{"failing, 16 min before kickoff", squares.BeaconInput{Now: kickoff.Add(-16 * time.Minute), DueAt: due, Kickoff: kickoff, NextTry: kickoff.Add(-16 * time.Minute), Failures: 9}, squares.BeaconFetch},
		{"failing, 15 min before kickoff", squares.BeaconInput{Now: kickoff.Add(-15 * time.Minute), DueAt: due, Kickoff: kickoff, NextTry: kickoff, Failures: 9}, squares.BeaconGiveUpNow},
		{"locked late: one fetch first", squares.BeaconInput{Now: kickoff.Add(-5 * time.Minute), DueAt: kickoff.Add(-5 * time.Minute), Kickoff: kickoff}, squares.BeaconFetch},
		{"locked late, that fetch failed", squares.BeaconInput{Now: kickoff.Add(-5 * time.Minute), DueAt: kickoff.Add(-5 * time.Minute), Kickoff: kickoff, NextTry: kickoff, Failures: 1}, squares.BeaconGiveUpNow},
	} {
		if got := squares.NextBeaconStep(tc.in); got != tc.want {
			t.Errorf("%s: NextBeaconStep = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestBeaconRetryAfter(t *testing.T) {
	for failures, want := range map[int]time.Duration{0: time.Second, 1: time.Second, 2: 2 * time.Second,
		3: 4 * time.Second, 6: 32 * time.Second, 7: time.Minute, 50: time.Minute} {
		if got := squares.BeaconRetryAfter(failures); got != want {
			t.Errorf("BeaconRetryAfter(%d) = %s, want %s", failures, got, want)
		}
	}
}

func TestBeaconOf(t *testing.T) {
	open := &squares.Pool{}
	if got := squares.BeaconOf(open).Status; got != squares.BeaconWaiting {
		t.Errorf("open pool: %s", got)
	}
	old := &squares.Pool{HomeNumbers: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, AwayNumbers: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
	if got := squares.BeaconOf(old).Status; got != squares.BeaconNone {
		t.Errorf("pool drawn before beacons: %s", got)
	}
	off := &squares.Pool{Beacon: squares.PoolBeacon{Status: squares.BeaconOff}}
	if got := squares.BeaconOf(off).Status; got != squares.BeaconOff {
		t.Errorf("pool drawn with the beacon off: %s", got)
	}
}

func TestChainInfoCheck(t *testing.T) {
	if err := squares.Quicknet.Check(); err != nil {
		t.Fatal(err)
	}
	for name, mutate := range map[string]func(*squares.ChainInfo){
		"short hash":     func(c *squares.ChainInfo) { c.Hash = "52db" },
		"no genesis":     func(c *squares.ChainInfo) { c.Genesis = 0 },
		"half a second":  func(c *squares.ChainInfo) { c.Period = 1500 * time.Millisecond },
		"no scheme":      func(c *squares.ChainInfo) { c.Scheme = "" },
		"key is not hex": func(c *squares.ChainInfo) { c.PublicKey = "xyz" },
	} {
		c := squares.Quicknet
		mutate(&c)
		if c.Check() == nil {
			t.Errorf("%s: passes", name)
		}
	}
}

// TestPoolLocked: a pool waiting for its beacon round is as final as a drawn one: nothing may free its
// squares (a host pool's payment deadline releases unpaid squares only before).
func TestPoolLocked(t *testing.T) {
	digits := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, tc := range []struct {
		name   string
		p      squares.Pool
		locked bool
	}{
		{"open", squares.Pool{}, false},
		{"pending", squares.Pool{Beacon: squares.PoolBeacon{Status: squares.BeaconPending}}, true},
		{"drawn", squares.Pool{HomeNumbers: digits, AwayNumbers: digits, Beacon: squares.PoolBeacon{Status: squares.BeaconVerified}}, true},
		{"drawn before beacons", squares.Pool{HomeNumbers: digits, AwayNumbers: digits}, true},
	} {
		if got := tc.p.Locked(); got != tc.locked {
			t.Errorf("%s: Locked = %v", tc.name, got)
		}
		if got := squares.ReleaseDue(time.Time{}, time.Now(), tc.p.Locked(), false); got == tc.locked {
			t.Errorf("%s: ReleaseDue = %v", tc.name, got)
		}
	}
}
