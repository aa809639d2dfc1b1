package squares

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The lock, the beacon and the draw of a record's replay.

func (r *replayer) locked(e RecordEntry, fault faultf) *RecordFault {
	var d RecordLockData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a lock's: %v", err)
	}
	if r.out.Lock != nil {
		return fault("the grid was locked before, at entry %d", r.out.LockSeq)
	}
	if want := GridOwnershipText(r.out.Owners); d.Ownership != want {
		return fault("the ownership locked is not the one the record's squares give: %s", ownershipDiff(r.grid, want, d.Ownership))
	}
	if want := DrawInputSHA256(d.Ownership); d.OwnershipSHA256 != want {
		return fault("the ownership's SHA-256 is %s; the entry says %s", want, d.OwnershipSHA256)
	}
	switch d.Beacon {
	case BeaconPending:
		if d.Round == 0 || !isHex(d.ChainHash, 32) {
			return fault("a lock waiting for a beacon names no round or chain")
		}
	case BeaconOff:
		if d.Round != 0 {
			return fault("a lock without a beacon names round %d", d.Round)
		}
	default:
		return fault("beacon %q at the lock: it is %q or %q", d.Beacon, BeaconPending, BeaconOff)
	}
	at, err := time.Parse(time.RFC3339Nano, e.At)
	if err != nil {
		return fault("its time %q is not a time", e.At)
	}
	r.out.Lock, r.out.LockSeq, r.out.LockedAt, r.out.Status = &d, e.Seq, at, ReplayLocked
	return nil
}

// ownershipDiff names the first square where two ownership texts differ.
func ownershipDiff(g Grid, want, got string) string {
	w, o := strings.Split(want, ","), strings.Split(got, ",")
	if len(w) != len(o) {
		return fmt.Sprintf("it names %d squares, the grid has %d", len(o), len(w))
	}
	for i := range w {
		if w[i] != o[i] {
			return fmt.Sprintf("square %s is %s; the entry says %s", SquareText(g.CellAt(i)), w[i], o[i])
		}
	}
	return "they differ"
}

func (r *replayer) beacon(e RecordEntry, fault faultf) *RecordFault {
	var d RecordBeaconData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a beacon's: %v", err)
	}
	switch {
	case r.out.Lock == nil:
		return fault("a beacon before the grid was locked")
	case r.out.Lock.Beacon != BeaconPending:
		return fault("the lock at entry %d waits for no beacon", r.out.LockSeq)
	case r.out.Beacon != nil:
		return fault("a second beacon: the first is entry %d", r.out.Beacon.Seq)
	case d.Round != r.out.Lock.Round:
		return fault("round %d is not the round %d fixed at the lock (entry %d)", d.Round, r.out.Lock.Round, r.out.LockSeq)
	}
	switch d.Status {
	case BeaconVerified:
		if err := CheckBeaconRandomness(d.Signature, d.Randomness); err != nil {
			return fault("%v", err)
		}
	case BeaconUnavailable:
		if d.Randomness != "" {
			return fault("an unavailable beacon gives randomness %s", d.Randomness)
		}
	default:
		return fault("beacon %q: it is %q or %q", d.Status, BeaconVerified, BeaconUnavailable)
	}
	r.out.Beacon = &ReplayBeacon{Status: d.Status, Round: d.Round, Signature: d.Signature, Randomness: d.Randomness,
		ChainHash: r.out.Lock.ChainHash, Dev: r.out.Lock.Dev, LockedAt: r.out.LockedAt, DueAt: r.out.Lock.DueAt, Seq: e.Seq}
	return nil
}

func (r *replayer) drawn(e RecordEntry, fault faultf) *RecordFault {
	var d RecordDrawData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a draw's: %v", err)
	}
	switch {
	case r.out.Lock == nil:
		return fault("digits drawn before the grid was locked")
	case r.out.Draw != nil:
		return fault("the digits were drawn before, at entry %d", r.out.DrawSeq)
	case r.out.Lock.Beacon == BeaconPending && r.out.Beacon == nil:
		return fault("drawn before the beacon round %d the lock (entry %d) waits for", r.out.Lock.Round, r.out.LockSeq)
	case d.Ownership != r.out.Lock.Ownership:
		return fault("the draw reads another ownership than the one locked at entry %d: %s", r.out.LockSeq,
			ownershipDiff(r.grid, r.out.Lock.Ownership, d.Ownership))
	}
	randomness, derivation := "", DrawVersion
	if r.out.Beacon != nil && r.out.Beacon.Status == BeaconVerified {
		randomness, derivation = r.out.Beacon.Randomness, DrawVersionBeacon
	}
	if d.Randomness != randomness {
		return fault("the draw mixes in randomness %q; the beacon gives %q", d.Randomness, randomness)
	}
	if d.Derivation != derivation {
		return fault("derivation %q; a draw %s a beacon is %s", d.Derivation, map[bool]string{true: "with", false: "without"}[randomness != ""], derivation)
	}
	commitments := r.commitments()
	if len(d.Sets) != len(commitments) {
		return fault("%d number sets drawn; the pool committed to %d", len(d.Sets), len(commitments))
	}
	sets := make([]NumberSet, len(d.Sets))
	seeds := map[string]string{}
	for i, s := range d.Sets {
		c := commitments[i]
		name := periodName(s.Period)
		switch {
		case s.Period != c.Period:
			return fault("set %d is %s's; the pool committed to %s's", i+1, name, periodName(c.Period))
		case c.SeedSHA256 == "":
			return fault("%s: the record holds no commitment to its seed", name)
		case DrawCommitment(s.Seed) != c.SeedSHA256:
			return fault("%s: SHA-256 of the seed is %s; the pool committed to %s", name, DrawCommitment(s.Seed), c.SeedSHA256)
		case seeds[s.Seed] != "":
			return fault("%s: the same seed as %s", name, seeds[s.Seed])
		}
		seeds[s.Seed] = name
		sets[i] = NumberSet{Period: s.Period, Seed: s.Seed, SeedSHA256: c.SeedSHA256}
	}
	sets = DrawNumberSetsWithBeacon(sets, r.out.Pool, d.Ownership, randomness)
	for i, s := range d.Sets {
		if !slices.Equal(s.HomeNumbers, sets[i].HomeNumbers) || !slices.Equal(s.AwayNumbers, sets[i].AwayNumbers) {
			return fault("%s: the seed, pool, ownership and randomness give home %s away %s; the entry says home %s away %s",
				periodName(s.Period), FormatDigits(sets[i].HomeNumbers), FormatDigits(sets[i].AwayNumbers),
				FormatDigits(s.HomeNumbers), FormatDigits(s.AwayNumbers))
		}
	}
	r.out.Draw, r.out.DrawSeq, r.out.NumberSets, r.out.Status = &d, e.Seq, sets, ReplayDrawn
	return nil
}

// commitments are the seeds' commitments the pool opened with, one for each number set of its rules: the
// draw commitment for numbers drawn once.
func (r *replayer) commitments() []RecordSetCommitment {
	o := r.out.Opened
	if r.out.Rules.Numbers != NumbersPerPeriod {
		return []RecordSetCommitment{{Period: "", SeedSHA256: o.DrawCommitment}}
	}
	out := []RecordSetCommitment{}
	for _, p := range r.out.Rules.NumberSetPeriods() {
		c := RecordSetCommitment{Period: p}
		for _, s := range o.NumberSets {
			if s.Period == p {
				c.SeedSHA256 = s.SeedSHA256
			}
		}
		out = append(out, c)
	}
	if len(out) > 0 && out[0].SeedSHA256 == "" {
		out[0].SeedSHA256 = o.DrawCommitment
	}
	return out
}

func periodName(p string) string {
	if p == "" {
		return "the numbers"
	}
	return p
}
