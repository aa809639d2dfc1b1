package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
)

// apiBeacon is what the verifier reads of a pool's beacon in GET /api/pools/{id}.
type apiBeacon struct {
	Status     string     `json:"status"`
	Round      uint64     `json:"round"`
	DueAt      *time.Time `json:"dueAt"`
	LockedAt   *time.Time `json:"lockedAt"`
	ChainHash  *string    `json:"chainHash"`
	Signature  *string    `json:"signature"`
	Randomness *string    `json:"randomness"`
	Dev        bool       `json:"dev"`
}

// domain is the beacon as squares.PoolBeacon; a server older than beacons publishes none ("none").
func (b *apiBeacon) domain() squares.PoolBeacon {
	if b == nil {
		return squares.PoolBeacon{Status: squares.BeaconNone}
	}
	deref := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	return squares.PoolBeacon{Status: b.Status, Round: b.Round, DueAt: b.DueAt, LockedAt: b.LockedAt,
		ChainHash: deref(b.ChainHash), Signature: deref(b.Signature), Randomness: deref(b.Randomness), Dev: b.Dev}
}

// chainFor is the chain of hash among those the verifier trusts: quicknet, the development chain, and
// the chains given (SQUARES_DRAND_CHAIN).
func chainFor(hash string, given []*drand.Chain) *drand.Chain {
	for _, c := range append([]*drand.Chain{drand.Quicknet(), drand.DevSigner().Chain()}, given...) {
		if strings.EqualFold(c.Hash(), hash) {
			return c
		}
	}
	return nil
}

// checkBeacon checks a drawn pool's beacon, line by line as verifyDraw does, and returns the randomness
// the digits derive from ("" for a pool drawn without a beacon): the round is the first due 10 s after
// the lock, its signature verifies against the chain's public key, the randomness is SHA-256 of the
// signature.
func checkBeacon(d *publishedDraw, w io.Writer, fail func(string, ...any)) string {
	b := d.Beacon
	switch b.Status {
	case squares.BeaconNone, "":
		fmt.Fprintf(w, "beacon      none  drawn before beacons existed (squares-draw-v1)\n")
		return ""
	case squares.BeaconOff:
		fmt.Fprintf(w, "beacon      off   the server ran without a beacon: drawn from the seed and owners (squares-draw-v1)\n")
		return ""
	case squares.BeaconUnavailable, squares.BeaconVerified:
	default:
		fail("beacon      FAIL  a drawn pool's beacon is %q", b.Status)
		return ""
	}
	chain := chainFor(b.ChainHash, d.Chains)
	if chain == nil {
		fail("beacon      FAIL  chain %s is not one this verifier knows (quicknet, the development chain); give its /info JSON in SQUARES_DRAND_CHAIN", b.ChainHash)
		return ""
	}
	if err := squares.CheckBeaconRound(chain.Info(), squares.PoolBeacon{Status: squares.BeaconPending, Round: b.Round,
		LockedAt: b.LockedAt, DueAt: b.DueAt, ChainHash: b.ChainHash}); err != nil {
		fail("round       FAIL  %v", err)
	} else {
		fmt.Fprintf(w, "round       ok    %d, the first due %s after the lock at %s (published %s)\n", b.Round,
			squares.BeaconDelay, b.LockedAt.UTC().Format(time.RFC3339Nano), chain.Info().RoundTime(b.Round).Format(time.RFC3339))
	}
	if b.Dev {
		fmt.Fprintf(w, "beacon      dev   the built-in development beacon: its key is public, it proves nothing\n")
	}
	if b.Status == squares.BeaconUnavailable {
		fmt.Fprintf(w, "beacon      unavailable  no relay served round %d by 15 minutes before kickoff: drawn without it (squares-draw-v1)\n", b.Round)
		return ""
	}
	got, err := chain.Verify(b.Round, b.Signature)
	if err != nil {
		fail("signature   FAIL  %v", err)
		return b.Randomness
	}
	fmt.Fprintf(w, "signature   ok    round %d verifies against chain %s's public key\n", b.Round, chain.Hash())
	if err := squares.CheckBeaconRandomness(b.Signature, b.Randomness); err != nil {
		fail("randomness  FAIL  %v", err)
	} else {
		fmt.Fprintf(w, "randomness  ok    sha256(signature) = %s (squares-draw-v2)\n", got.Randomness)
	}
	return b.Randomness
}
