package squares

import (
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
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

// recordMoney reads money as the API writes it ("12.50").
func recordMoney(s string) (Cents, bool) {
	c, err := ParseDollars(s)
	return c, err == nil && c.String() == s
}

// cellText names a square as people do.
func cellText(c Cell) string { return fmt.Sprintf("row %d, column %d", c.Row, c.Column) }

// cells checks an entry's squares: on the grid, none twice, at least one.
func (r *replayer) cells(cs []Cell, fault faultf) *RecordFault {
	if len(cs) == 0 {
		return fault("it names no square")
	}
	seen := map[Cell]bool{}
	for _, c := range cs {
		if !r.grid.Contains(c) {
			return fault("square %s is not on the pool's %d-square grid", cellText(c), r.grid.Squares())
		}
		if seen[c] {
			return fault("square %s is named twice", cellText(c))
		}
		seen[c] = true
	}
	return nil
}

func (r *replayer) taken(e RecordEntry, fault faultf) *RecordFault {
	var d RecordTakenData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a taking's: %v", err)
	}
	if f := r.cells(d.Squares, fault); f != nil {
		return f
	}
	if d.Owner == "" || d.Owner == EmptySquareOwner || strings.ContainsAny(d.Owner, ", \t\r\n") {
		return fault("owner %q is not an owner's id", d.Owner)
	}
	amount, ok := recordMoney(d.Amount)
	if !ok {
		return fault("amount %q is not money as the API writes it", d.Amount)
	}
	fee, _ := recordMoney(r.out.Opened.EntryFee)
	want := fee * Cents(len(d.Squares))
	host := r.out.Opened.Collection == CollectionHost
	switch {
	case d.By == TakenJoin:
		want = 0 // the guest's squares, paid to the host, become their account's
	case d.By == TakenHouse && host:
		want = 0 // the house stakes nothing where the host holds the pot
	}
	if amount != want {
		return fault("%d squares at the entry fee of $%s cost $%s; the entry says $%s", len(d.Squares), fee, want, amount)
	}
	if d.By != TakenTakeover && d.By != TakenJoin && r.out.Lock != nil {
		return fault("squares taken after the grid was locked at entry %d", r.out.LockSeq)
	}
	switch d.By {
	case TakenClaim, TakenHost:
	case TakenHouse:
		if d.Owner != HouseUserID {
			return fault("the house fills squares for %q; the house is %q", d.Owner, HouseUserID)
		}
	case TakenPurchase:
		p := r.payments[d.Payment]
		switch {
		case d.Payment == "":
			// A sale confirmed by payment without one the record names (store.Claim's Paid): its money counts
			// as paid in.
			r.out.Totals.PaidClaims += amount
		case p == nil:
			return fault("payment %q was never held", d.Payment)
		case p.Owner != d.Owner:
			return fault("payment %s is %s's; the squares are given to %s", d.Payment, p.Owner, d.Owner)
		case p.Status != PaymentHeld && p.Status != PaymentCaptured:
			return fault("payment %s is %s: it buys nothing", d.Payment, p.Status)
		case p.Amount != amount:
			return fault("payment %s holds $%s; the squares cost $%s", d.Payment, p.Amount, amount)
		}
		for _, c := range d.Squares {
			if p != nil && !slices.Contains(p.Squares, c) {
				return fault("square %s is not one payment %s was held for", cellText(c), d.Payment)
			}
		}
	case TakenTakeover, TakenJoin:
		if d.By == TakenTakeover && d.Owner != HouseUserID {
			return fault("a takeover gives squares to %q; only the house takes over", d.Owner)
		}
		if d.By == TakenJoin && (!strings.HasPrefix(d.From, "guest-") || strings.HasPrefix(d.Owner, "guest-") || d.Owner == HouseUserID) {
			return fault("a join gives a guest's squares to their account; %q is not a guest or %q not an account", d.From, d.Owner)
		}
		for _, c := range d.Squares {
			if o := r.out.Owners[r.grid.Index(c)]; o != d.From {
				return fault("square %s is %s's, not %s's whom the %s replaces", cellText(c), ownerText(o), d.From, d.By)
			}
		}
	default:
		return fault("squares taken by %q: not a way squares are taken", d.By)
	}
	for _, c := range d.Squares {
		i := r.grid.Index(c)
		if o := r.out.Owners[i]; o != "" && d.By != TakenTakeover && d.By != TakenJoin {
			return fault("square %s is %s's since entry %d: only a free square can be taken", cellText(c), o, r.out.OwnerSeq[i])
		}
		r.out.Owners[i], r.out.OwnerSeq[i] = d.Owner, e.Seq
	}
	if d.Owner == HouseUserID {
		r.out.Totals.HousePaid += amount
	}
	return nil
}

func ownerText(o string) string {
	if o == "" {
		return "nobody"
	}
	return o
}

func (r *replayer) payment(e RecordEntry, fault faultf) *RecordFault {
	var d RecordPaymentData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a payment's: %v", err)
	}
	amount, ok := recordMoney(d.Amount)
	if !ok {
		return fault("amount %q is not money as the API writes it", d.Amount)
	}
	p := r.payments[d.Payment]
	if e.Kind == RecordHeld {
		if d.Payment == "" || p != nil {
			return fault("payment %q is held a second time, or has no id", d.Payment)
		}
		if f := r.cells(d.Squares, fault); f != nil {
			return f
		}
		if r.out.Lock != nil {
			return fault("a payment held after the grid was locked at entry %d", r.out.LockSeq)
		}
		p = &ReplayPayment{ID: d.Payment, Owner: d.Owner, Amount: amount, Squares: d.Squares, Status: PaymentHeld, Seq: e.Seq}
		r.payments[d.Payment] = p
		r.out.Payments = append(r.out.Payments, p)
		return r.freed(e, d, fault)
	}
	if d.Payment == "" {
		// A host's take-back of a square: no payment, the squares freed.
		if e.Kind != RecordReleased || !d.Freed {
			return fault("a %s entry without a payment", e.Kind)
		}
		return r.freed(e, d, fault)
	}
	if p == nil {
		return fault("payment %s was never held", d.Payment)
	}
	if p.Owner != d.Owner || p.Amount != amount {
		return fault("payment %s is %s's for $%s; the entry says %s's for $%s", d.Payment, p.Owner, p.Amount, d.Owner, amount)
	}
	from := map[string]string{RecordCaptured: PaymentHeld, RecordReleased: PaymentHeld, RecordRefunded: PaymentCaptured}[e.Kind]
	if p.Status != from {
		return fault("payment %s is %s: only a %s payment can be %s", d.Payment, p.Status, from, e.Kind)
	}
	p.Status = e.Kind
	switch e.Kind {
	case RecordCaptured:
		r.out.Totals.Captured += amount
	case RecordRefunded:
		r.out.Totals.Refunds += amount
	}
	return r.freed(e, d, fault)
}

// freed puts the squares of an entry that frees them back on sale: each must be the payment's owner's.
func (r *replayer) freed(e RecordEntry, d RecordPaymentData, fault faultf) *RecordFault {
	if !d.Freed {
		return nil
	}
	if e.Kind == RecordHeld || e.Kind == RecordCaptured {
		return fault("a %s payment frees no square", e.Kind)
	}
	if r.out.Lock != nil && r.out.Status != ReplayCancelled {
		return fault("squares freed after the grid was locked at entry %d: its owners stand", r.out.LockSeq)
	}
	if f := r.cells(d.Squares, fault); f != nil {
		return f
	}
	for _, c := range d.Squares {
		i := r.grid.Index(c)
		if o := r.out.Owners[i]; o != d.Owner {
			return fault("square %s is %s's, not %s's: it cannot be freed by this payment", cellText(c), ownerText(o), d.Owner)
		}
		r.out.Owners[i], r.out.OwnerSeq[i] = "", e.Seq
	}
	return nil
}
