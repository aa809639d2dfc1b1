package http

import (
	"time"

	"github.com/squaresapp/squares"
)

// Beacon is the drand round a pool's draw mixes in (docs/fairness.md). Status: "waiting" (not full: no
// round fixed), "pending" (round fixed at the lock, due at dueAt, not fetched yet), "verified" (signature
// and randomness stored, the digits drawn from them), "unavailable" (no relay answered 15 minutes before
// kickoff: drawn without), "off" (the server runs without the beacon: drawn without) or "none" (drawn before
// beacons existed). round, dueAt, lockedAt and chainHash are set from the lock on; signature and randomness
// once verified; dev marks the built-in development beacon (a local key, not drand).
type Beacon struct {
	Status     string     `json:"status" tstype:"'waiting' | 'pending' | 'verified' | 'unavailable' | 'off' | 'none' | (string & {})"`
	Round      *uint64    `json:"round"`
	DueAt      *time.Time `json:"dueAt"`
	LockedAt   *time.Time `json:"lockedAt"`
	ChainHash  *string    `json:"chainHash"`
	Signature  *string    `json:"signature"`
	Randomness *string    `json:"randomness"`
	Dev        bool       `json:"dev"`
}

func toBeaconJSON(p *squares.Pool) Beacon {
	b := squares.BeaconOf(p)
	out := Beacon{Status: b.Status, Dev: b.Dev, DueAt: b.DueAt, LockedAt: b.LockedAt,
		ChainHash: optional(b.ChainHash), Signature: optional(b.Signature), Randomness: optional(b.Randomness)}
	if b.Round != 0 {
		r := b.Round
		out.Round = &r
	}
	return out
}
