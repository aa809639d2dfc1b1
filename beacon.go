package squares

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
)

// The draw mixes in a public randomness beacon (drand's quicknet, docs/fairness.md): when a pool's grid is
// complete the server fixes, in that same transaction, the first beacon round published at least
// BeaconDelay later; once the round is out it fetches and verifies it, and derives the digits from the seed,
// the ownership text and the round's randomness (DrawVersionBeacon). Neither the operator, who knew the
// seed, nor the players, who chose the squares, can know the randomness before the ownership is fixed.

// Beacon statuses as a pool shows them.
const (
	// BeaconWaiting: the pool is not full; no round is fixed yet.
	BeaconWaiting = "waiting"
	// BeaconPending: the round is fixed (at the lock) and not fetched yet; the numbers are not drawn.
	BeaconPending = "pending"
	// BeaconVerified: the round was fetched and its signature verified; the digits are drawn from it.
	BeaconVerified = "verified"
	// BeaconUnavailable: no relay answered by BeaconGiveUp before kickoff; drawn without a beacon.
	BeaconUnavailable = "unavailable"
	// BeaconOff: the server runs without the beacon (SQUARES_DRAND=off); drawn without one.
	BeaconOff = "off"
	// BeaconNone: the pool was drawn before beacons existed.
	BeaconNone = "none"
)

const (
	// BeaconDelay is the least time between the lock (the grid complete) and the round the draw uses.
	BeaconDelay = 10 * time.Second
	// BeaconGiveUp is how long before kickoff a pool whose round no relay has served is drawn without it.
	BeaconGiveUp = 15 * time.Minute
	// beaconMaxRetry caps the wait between two fetches of a round.
	beaconMaxRetry = time.Minute
)

// Quicknet chain: drand's League of Entropy mainnet chain of unchained BLS signatures on G1, a round
// every 3 seconds.
const (
	QuicknetHash      = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"
	QuicknetPublicKey = "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a"
	QuicknetScheme    = "bls-unchained-g1-rfc9380"
)

// Quicknet is the quicknet chain's information.
var Quicknet = ChainInfo{Hash: QuicknetHash, Genesis: 1692803367, Period: 3 * time.Second,
	Scheme: QuicknetScheme, PublicKey: QuicknetPublicKey}

// ChainInfo is what a verifier needs of a drand chain: its hash (the chain's identity), the time of its
// first round (Unix seconds), the time between rounds, its signature scheme and its public key (hex).
type ChainInfo struct {
	Hash      string
	Genesis   int64
	Period    time.Duration
	Scheme    string
	PublicKey string
}

// Check reports what is wrong with the chain information, or nil.
func (c ChainInfo) Check() error {
	switch {
	case !isHex(c.Hash, 32):
		return fmt.Errorf("chain hash %q is not 64 hex characters", c.Hash)
	case c.Genesis <= 0:
		return fmt.Errorf("chain genesis %d is not a time", c.Genesis)
	case c.Period < time.Second || c.Period%time.Second != 0:
		return fmt.Errorf("chain period %s is not a whole number of seconds", c.Period)
	case c.Scheme == "":
		return fmt.Errorf("chain has no scheme")
	case c.PublicKey == "" || !isHex(c.PublicKey, len(c.PublicKey)/2):
		return fmt.Errorf("chain public key is not hex")
	}
	return nil
}

// RoundTime is when round r is published: genesis + (r - 1) x period. Round 0 does not exist.
func (c ChainInfo) RoundTime(r uint64) time.Time {
	if r == 0 {
		r = 1
	}
	return time.Unix(c.Genesis, 0).Add(time.Duration(r-1) * c.Period).UTC()
}

// RoundAt is the first round published at or after t.
func (c ChainInfo) RoundAt(t time.Time) uint64 {
	d := t.Sub(time.Unix(c.Genesis, 0))
	if d <= 0 {
		return 1
	}
	n := uint64(d / c.Period)
	if d%c.Period != 0 {
		n++
	}
	return n + 1
}

// LockRound is the round a pool locked at lockedAt draws with: the first published at least BeaconDelay
// after the lock.
func (c ChainInfo) LockRound(lockedAt time.Time) uint64 { return c.RoundAt(lockedAt.Add(BeaconDelay)) }

// BeaconRandomness is a round's randomness: the hex SHA-256 of its signature's bytes.
func BeaconRandomness(signature string) (string, error) {
	sig, err := hex.DecodeString(signature)
	if err != nil || len(sig) == 0 {
		return "", fmt.Errorf("beacon signature %q is not hex", signature)
	}
	sum := sha256.Sum256(sig)
	return hex.EncodeToString(sum[:]), nil
}

// CheckBeaconRandomness reports whether randomness is SHA-256 of signature.
func CheckBeaconRandomness(signature, randomness string) error {
	want, err := BeaconRandomness(signature)
	if err != nil {
		return err
	}
	if !strings.EqualFold(want, randomness) {
		return fmt.Errorf("beacon randomness %s is not SHA-256 of its signature (%s)", randomness, want)
	}
	return nil
}

// PoolBeacon is a pool's beacon: the round fixed when its grid completed, and once fetched the round's
// signature and randomness. Status is one of the beacon statuses; Dev marks the built-in development
// beacon (a local key, not drand).
type PoolBeacon struct {
	Status     string
	Round      uint64
	LockedAt   *time.Time
	DueAt      *time.Time
	ChainHash  string
	Signature  string
	Randomness string
	Dev        bool
}

// BeaconOf is a pool's beacon as shown: the stored one, or for a pool without one "waiting" before its
// draw and "none" after a draw made before beacons existed.
func BeaconOf(p *Pool) PoolBeacon {
	if p.Beacon.Status != "" {
		return p.Beacon
	}
	if p.NumbersGenerated() {
		return PoolBeacon{Status: BeaconNone}
	}
	return PoolBeacon{Status: BeaconWaiting}
}

// Locked reports whether the pool's ownership is final for its draw: its numbers are drawn, or its grid
// is complete and it waits for its beacon round (pending). Nothing may free its squares then.
func (p *Pool) Locked() bool { return p.NumbersGenerated() || p.Beacon.Status == BeaconPending }

// BeaconLock is the beacon fixed when a pool locks at lockedAt on chain c: status pending, the lock round
// and the time it is due.
func BeaconLock(c ChainInfo, lockedAt time.Time, dev bool) PoolBeacon {
	r := c.LockRound(lockedAt)
	due := c.RoundTime(r)
	at := lockedAt.UTC()
	return PoolBeacon{Status: BeaconPending, Round: r, LockedAt: &at, DueAt: &due, ChainHash: c.Hash, Dev: dev}
}

// BeaconStep is what the beacon worker does with a pending pool now.
type BeaconStep int

const (
	// BeaconWait: the round is not due yet, or the last failed fetch's retry is not due.
	BeaconWait BeaconStep = iota
	// BeaconFetch: fetch the round now.
	BeaconFetch
	// BeaconGiveUpNow: no relay answered in time: draw without the beacon (status unavailable).
	BeaconGiveUpNow
)

// BeaconInput is what decides a pending pool's next step.
type BeaconInput struct {
	Now, DueAt, Kickoff time.Time
	// NextTry is when a failed fetch may be retried (zero before the first failure); Failures counts
	// the failed fetches.
	NextTry  time.Time
	Failures int
}

// NextBeaconStep decides a pending pool's step: nothing before its round is due; fetch once it is (and
// its retry is due); draw without the beacon once a fetch has failed at or after BeaconGiveUp before
// kickoff. A pool that locked within that quarter hour still gets one fetch once its round is due.
func NextBeaconStep(in BeaconInput) BeaconStep {
	if in.Now.Before(in.DueAt) {
		return BeaconWait
	}
	if in.Failures > 0 && !in.Now.Before(in.Kickoff.Add(-BeaconGiveUp)) {
		return BeaconGiveUpNow
	}
	if !in.NextTry.IsZero() && in.Now.Before(in.NextTry) {
		return BeaconWait
	}
	return BeaconFetch
}

// BeaconRetryAfter is how long after its failures-th failed fetch a round is fetched again: 1 s doubled
// each time, at most a minute.
func BeaconRetryAfter(failures int) time.Duration {
	if failures < 1 {
		failures = 1
	}
	d := time.Second
	for i := 1; i < failures && d < beaconMaxRetry; i++ {
		d *= 2
	}
	return min(d, beaconMaxRetry)
}

// CheckBeaconRound checks what a verifier checks of a pool's beacon before the digits: the round is the
// one due at least BeaconDelay after the lock on chain c, dueAt its publication time, the chain the pool's,
// and the randomness SHA-256 of the signature. The signature itself is checked against the chain's key by
// the caller (package drand).
func CheckBeaconRound(c ChainInfo, b PoolBeacon) error {
	if b.LockedAt == nil {
		return fmt.Errorf("beacon: no lock time")
	}
	if !strings.EqualFold(b.ChainHash, c.Hash) {
		return fmt.Errorf("beacon: chain %s is not the verifier's chain %s", b.ChainHash, c.Hash)
	}
	if want := c.LockRound(*b.LockedAt); b.Round != want {
		return fmt.Errorf("beacon: round %d is not the first due %s after the lock at %s (round %d)",
			b.Round, BeaconDelay, b.LockedAt.UTC().Format(time.RFC3339Nano), want)
	}
	if b.DueAt != nil && !b.DueAt.Equal(c.RoundTime(b.Round)) {
		return fmt.Errorf("beacon: round %d is due at %s, not %s", b.Round, c.RoundTime(b.Round).Format(time.RFC3339),
			b.DueAt.UTC().Format(time.RFC3339))
	}
	if b.Status == BeaconVerified {
		return CheckBeaconRandomness(b.Signature, b.Randomness)
	}
	return nil
}

func isHex(s string, bytes int) bool {
	if len(s) != 2*bytes || len(s) == 0 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}
