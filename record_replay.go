package squares

import (
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"time"
)

// A record's replay (docs/fairness.md, "Checking a pool's record") rebuilds a pool from its record alone and
// checks every entry against what came before it: the chain and the checkpoints first, then who owns each
// square, the payments, the lock, the beacon, the draw, the prizes each score decides, the fee, the claims
// and payouts, and the totals of a settled pool. A verifier then compares the replayed pool with the pool
// the server shows. The beacon's BLS signature is the one check left to the caller (the root has no pairing
// code): the replay gives the round, its signature and chain.

// RecordReplayInput is a pool's whole record as published, and the key that signs its checkpoints.
type RecordReplayInput struct {
	Pool        int64
	Entries     []RecordEntry // from seq 1, every page
	Checkpoints []RecordCheckpoint
	PublicKey   ed25519.PublicKey
	// Seq and Head are the record's head as the server published it beside the entries; Head "" skips the
	// check that the entries reach it.
	Seq  int64
	Head string
}

// Replayed statuses of a pool (RecordReplay.Status).
const (
	ReplayOpen      = "open"      // selling
	ReplayLocked    = "locked"    // the ownership fixed, the draw due
	ReplayDrawn     = "drawn"     // the digits drawn
	ReplayCompleted = "completed" // the final's prizes recorded
	ReplayCancelled = "cancelled"
)

// RecordReplay is a pool as its record rebuilds it.
type RecordReplay struct {
	Pool    int64
	Entries int
	Head    string
	Status  string
	Opened  RecordOpenData
	// Rules are the rules the pool plays by: the opened entry's, or the last change's before the lock.
	Rules Rules
	// Owners are the squares' owners now, in row-major order of the rules' grid ("" for a free square), and
	// OwnerSeq the entry that gave each its owner.
	Owners   []string
	OwnerSeq []int64
	Payments []*ReplayPayment
	// Lock is the locked entry's data (nil before the lock), LockSeq its seq and LockedAt its time.
	Lock     *RecordLockData
	LockSeq  int64
	LockedAt time.Time
	// Beacon is the beacon round the draw mixed in; the caller checks its signature against its chain.
	Beacon *ReplayBeacon
	// Draw is the drawn entry's data, DrawSeq its seq, NumberSets the sets as the prizes read them.
	Draw       *RecordDrawData
	DrawSeq    int64
	NumberSets []NumberSet
	// Score is the last score entry's data.
	Score  *RecordScoreData
	Prizes []*ReplayPrize
	// Fee is the fee entry's amount and FeeSeq its seq (0 without one).
	Fee    Cents
	FeeSeq int64
	Totals RecordTotals
	// LastCheckpoint is the checkpoint of the highest seq, nil without one.
	LastCheckpoint *RecordCheckpoint
}

// ReplayPayment is a payment as the record tells it.
type ReplayPayment struct {
	ID      string
	Owner   string
	Amount  Cents
	Squares []Cell
	Status  string // held, captured, released, refunded
	Seq     int64  // its held entry
}

// ReplayBeacon is the beacon round a pool's draw waited for.
type ReplayBeacon struct {
	Status     string // BeaconVerified or BeaconUnavailable
	Round      uint64
	Signature  string
	Randomness string
	ChainHash  string
	Dev        bool
	LockedAt   time.Time
	DueAt      string
	Seq        int64
}

// ReplayPrize is a prize entry, with its claim and payout.
type ReplayPrize struct {
	RecordPrizeData
	Seq          int64
	Amount       Cents
	ClaimSeq     int64
	PayoutSeq    int64
	PayoutStatus string
}

// RecordTotals are a pool's money as its record tells it. MoneyIn is what came into the pool: payments
// captured, what the house paid for its squares, and sales confirmed without a payment the record names.
// A settled pool (completed, or cancelled with its captures refunded; no payment left held) must tie:
// MoneyIn = Fee + Prizes + Refunds + Returned, where Returned is what a cancelled pool gives back without
// a refund entry: the house's stakes, and the sales without a payment.
type RecordTotals struct {
	Captured   Cents
	HousePaid  Cents
	PaidClaims Cents
	MoneyIn    Cents
	Fee        Cents
	Prizes     Cents
	Refunds    Cents
	Returned   Cents
	// Settled reports that the totals were checked.
	Settled bool
}

// ReplayRecord checks a pool's record, in order: the chain, the checkpoints, the published head, then the
// replay of every entry. It returns the pool replayed, or the first entry that does not hold.
func ReplayRecord(in RecordReplayInput) (*RecordReplay, *RecordFault) {
	if len(in.Entries) == 0 {
		return nil, &RecordFault{Seq: 0, Reason: "the pool has no record: it was made before records existed, or its record is gone"}
	}
	if f := CheckRecordChain(in.Entries, RecordZeroHash, 0); f != nil {
		return nil, f
	}
	if f := CheckCheckpoints(in.PublicKey, in.Pool, in.Entries, in.Checkpoints); f != nil {
		return nil, f
	}
	last := in.Entries[len(in.Entries)-1]
	if in.Head != "" && (last.Seq != in.Seq || last.Hash != in.Head) {
		return nil, &RecordFault{Seq: last.Seq, Reason: fmt.Sprintf("the record ends at entry %d, the server's head is "+
			"entry %d %s: the record read is not the whole record", last.Seq, in.Seq, in.Head)}
	}
	r := &replayer{out: &RecordReplay{Pool: in.Pool, Entries: len(in.Entries), Head: last.Hash, Status: ReplayOpen},
		payments: map[string]*ReplayPayment{}, awards: map[string]replayAward{}, prizes: map[string]*ReplayPrize{}}
	for i := range in.Checkpoints {
		if c := &in.Checkpoints[i]; r.out.LastCheckpoint == nil || c.Seq >= r.out.LastCheckpoint.Seq {
			r.out.LastCheckpoint = c
		}
	}
	for _, e := range in.Entries {
		if f := r.entry(e); f != nil {
			return nil, f
		}
	}
	if f := r.end(last.Seq); f != nil {
		return nil, f
	}
	return r.out, nil
}

// RecordEntryLabel names an entry as a fault names it: its kind, and the award of a prize, claim or payout,
// the action of an action.
func RecordEntryLabel(e RecordEntry) string {
	var d struct {
		Award  string `json:"award"`
		Action string `json:"action"`
	}
	if json.Unmarshal(e.Data, &d) == nil {
		switch {
		case d.Award != "" && (e.Kind == RecordPrize || e.Kind == RecordClaim || e.Kind == RecordPayout):
			return e.Kind + " " + d.Award
		case d.Action != "" && e.Kind == RecordAction:
			return e.Kind + " " + d.Action
		}
	}
	return e.Kind
}

// RecordFaultText says a fault as a person reads it: "entry 17 (prize period:Q1): the award pays ...".
func RecordFaultText(entries []RecordEntry, f *RecordFault) string {
	for _, e := range entries {
		if e.Seq == f.Seq {
			return fmt.Sprintf("entry %d (%s): %s", f.Seq, RecordEntryLabel(e), f.Reason)
		}
	}
	return fmt.Sprintf("entry %d: %s", f.Seq, f.Reason)
}

// replayer replays a record entry by entry.
type replayer struct {
	out      *RecordReplay
	grid     Grid
	payments map[string]*ReplayPayment
	// awards are the prizes the scores so far decide, by key; prizes the prize entries, by award.
	awards     map[string]replayAward
	prizes     map[string]*ReplayPrize
	awardOrder []string // the awards' keys in the order decided
	scoreSeq   int64    // the last score entry
	completed  bool     // the final's awards decided
}

// replayAward is an award and the score entry that decided it.
type replayAward struct {
	Award
	Seq int64
}

func (r *replayer) entry(e RecordEntry) *RecordFault {
	fault := func(format string, args ...any) *RecordFault {
		return &RecordFault{Seq: e.Seq, Reason: fmt.Sprintf(format, args...)}
	}
	if e.Seq == 1 {
		if e.Kind != RecordOpened {
			return fault("the record starts with %q: a pool's record starts with its opened entry", e.Kind)
		}
		return r.opened(e, fault)
	}
	if e.Kind == RecordOpened {
		return fault("a second opened entry: the pool opened at entry 1")
	}
	if r.out.Status == ReplayCancelled {
		switch e.Kind {
		case RecordReleased, RecordRefunded, RecordAction, RecordCaptured:
		default:
			return fault("the pool was cancelled before it: a cancelled pool only returns money")
		}
	}
	switch e.Kind {
	case RecordTaken:
		return r.taken(e, fault)
	case RecordHeld, RecordCaptured, RecordReleased, RecordRefunded:
		return r.payment(e, fault)
	case RecordLocked:
		return r.locked(e, fault)
	case RecordBeacon:
		return r.beacon(e, fault)
	case RecordDrawn:
		return r.drawn(e, fault)
	case RecordScore:
		return r.score(e, fault)
	case RecordPrize:
		return r.prize(e, fault)
	case RecordFee:
		return r.fee(e, fault)
	case RecordClaim, RecordPayout:
		return r.prizeAct(e, fault)
	case RecordCancelled:
		var d RecordCancelData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return fault("its data is not a cancellation's: %v", err)
		}
		if r.out.Draw != nil && r.completed {
			return fault("the pool's prizes were all decided before: a completed pool cannot be cancelled")
		}
		r.out.Status = ReplayCancelled
		return nil
	case RecordAction:
		return r.action(e, fault)
	}
	return fault("unknown kind %q", e.Kind)
}

type faultf func(format string, args ...any) *RecordFault

func (r *replayer) opened(e RecordEntry, fault faultf) *RecordFault {
	var d RecordOpenData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not an opening's: %v", err)
	}
	if _, ok := recordMoney(d.EntryFee); !ok {
		return fault("entry fee %q is not money as the API writes it", d.EntryFee)
	}
	if d.FeePercent < 0 || d.FeePercent > 100 {
		return fault("fee percent %d is not a percent", d.FeePercent)
	}
	if !isHex(d.DrawCommitment, 32) {
		return fault("the draw commitment %q is not a SHA-256", d.DrawCommitment)
	}
	r.out.Opened = d
	return r.setRules(d.Rules, fault)
}

// setRules puts rules in force and sizes the board by their grid.
func (r *replayer) setRules(rules Rules, fault faultf) *RecordFault {
	rules = rules.WithDefaults(r.out.Opened.LeagueID)
	g, err := GridOf(rules.Grid)
	if err != nil {
		return fault("the rules' grid: %v", err)
	}
	r.out.Rules, r.grid = rules, g
	r.out.Owners, r.out.OwnerSeq = make([]string, g.Squares()), make([]int64, g.Squares())
	return nil
}

func (r *replayer) action(e RecordEntry, fault faultf) *RecordFault {
	var d RecordActionData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not an action's: %v", err)
	}
	if d.Rules == nil {
		return nil
	}
	// New rules commit new seeds, which replace the opening entry's.
	if d.DrawCommitment != "" {
		if !isHex(d.DrawCommitment, 32) {
			return fault("the draw commitment %q is not a SHA-256", d.DrawCommitment)
		}
		r.out.Opened.DrawCommitment = d.DrawCommitment
	}
	if d.NumberSets != nil {
		r.out.Opened.NumberSets = d.NumberSets
	}
	if r.out.Lock != nil {
		return fault("the rules changed after the lock at entry %d", r.out.LockSeq)
	}
	for _, o := range r.out.Owners {
		if o != "" {
			return fault("the rules changed after squares were taken: their buyers bought them under the rules before")
		}
	}
	return r.setRules(*d.Rules, fault)
}
