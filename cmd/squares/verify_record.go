package main

import (
	"context"
	"crypto/ed25519"
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/store"
)

// publishedRecord is a pool's record as the server publishes it, the key that signs its checkpoints, and
// the pool as the server shows it now: what verify-record checks against each other.
type publishedRecord struct {
	Pool        int64
	Entries     []squares.RecordEntry
	Checkpoints []squares.RecordCheckpoint
	Seq         int64
	Head        string
	Key         ed25519.PublicKey
	Shown       shownPool
	// Chains are the beacon chains the verifier trusts besides quicknet and the development chain
	// (SQUARES_DRAND_CHAIN's).
	Chains []*drand.Chain
}

// shownPool is what the server shows of a pool now: every square's owner ("" for a free one) in row-major
// order, its winners, and the fee it keeps.
type shownPool struct {
	Owners  []string
	Winners []shownWinner
	Fee     squares.Cents
}

// shownWinner is a winner as the pool shows it: its award, square, owner and amount.
type shownWinner struct {
	Award       string
	Row, Column int
	Owner       string
	Amount      squares.Cents
}

// runVerifyRecord checks a pool's record, from the database or from the public API of a running server
// (--url), then compares the pool it replays with the pool the server shows.
func runVerifyRecord(ctx context.Context, fs *flag.FlagSet, args []string, stdout io.Writer) error {
	t, err := parseVerifyArgs(fs, args, "verify-record")
	if err != nil {
		return err
	}
	var rec *publishedRecord
	if t.url != "" {
		rec, err = fetchRecord(ctx, t.url, t.pool)
	} else {
		rec, err = loadRecord(ctx, t.databaseURL, t.pool)
	}
	if err != nil {
		return err
	}
	rec.Chains = append(rec.Chains, t.chains...)
	return verifyRecord(rec, stdout)
}

// verifyRecord recomputes the chain, checks the checkpoints, replays the record (squares.ReplayRecord),
// checks the beacon's signature against its chain, then compares the replay with the pool as shown:
// every square's owner, every winner's square, owner and amount, the fee. It says what it checked, line by
// line, and returns an error naming the first fault.
func verifyRecord(rec *publishedRecord, w io.Writer) error {
	fail := func(what, format string, args ...any) error {
		msg := fmt.Sprintf(format, args...)
		fmt.Fprintf(w, "%-11s FAIL  %s\n", what, msg)
		return fmt.Errorf("pool %d: the record does not hold: %s", rec.Pool, msg)
	}
	if len(rec.Entries) == 0 {
		return fail("record", "pool %d has no record: it was made before records existed", rec.Pool)
	}
	r, f := squares.ReplayRecord(squares.RecordReplayInput{Pool: rec.Pool, Entries: rec.Entries, Checkpoints: rec.Checkpoints,
		PublicKey: rec.Key, Seq: rec.Seq, Head: rec.Head})
	if f != nil {
		return fail("record", "%s", squares.RecordFaultText(rec.Entries, f))
	}
	fmt.Fprintf(w, "chain       ok    %d entries, head %s\n", r.Entries, r.Head)
	if c := r.LastCheckpoint; c != nil {
		fmt.Fprintf(w, "checkpoints ok    %d signed by key %x, the last at entry %d (%s)\n", len(rec.Checkpoints), []byte(rec.Key), c.Seq, c.Reason)
	} else {
		fmt.Fprintf(w, "checkpoints none  no checkpoint signed yet (the first is at the lock)\n")
	}
	fmt.Fprintf(w, "replay      ok    %s: %d squares taken, %d payments, %d prizes\n", r.Status, taken(r.Owners), len(r.Payments), len(r.Prizes))
	if err := checkRecordBeacon(r, rec.Chains, w, fail); err != nil {
		return err
	}
	if r.Draw != nil {
		fmt.Fprintf(w, "draw        ok    %d number set(s) from their committed seeds (%s)\n", len(r.NumberSets), r.Draw.Derivation)
	}
	if r.FeeSeq != 0 {
		fmt.Fprintf(w, "fee         ok    $%s (entry %d)\n", r.Fee, r.FeeSeq)
	}
	if t := r.Totals; t.Settled {
		fmt.Fprintf(w, "totals      ok    money in $%s = fee $%s + prizes $%s + refunds $%s\n", t.MoneyIn, t.Fee, t.Prizes, t.Refunds)
	}
	if err := compareShown(rec, r, fail); err != nil {
		return err
	}
	fmt.Fprintf(w, "pool shown  ok    every square's owner, every winner and the fee as the record says\n")
	fmt.Fprintf(w, "pool %d: all %d entries hold; head %s\n", rec.Pool, r.Entries, r.Head)
	return nil
}

func taken(owners []string) int {
	n := 0
	for _, o := range owners {
		if o != "" {
			n++
		}
	}
	return n
}

// checkRecordBeacon checks what the replay leaves to the caller of the beacon the draw mixed in: the round
// the first due 10 s after the lock on the pool's chain, and its BLS signature against the chain's key.
func checkRecordBeacon(r *squares.RecordReplay, chains []*drand.Chain, w io.Writer, fail func(string, string, ...any) error) error {
	b := r.Beacon
	if b == nil {
		if r.Lock != nil && r.Lock.Beacon == squares.BeaconOff {
			fmt.Fprintf(w, "beacon      off   the server ran without a beacon: drawn from the seeds and owners (squares-draw-v1)\n")
		}
		return nil
	}
	chain := chainFor(b.ChainHash, chains)
	if chain == nil {
		return fail("beacon", "chain %s is not one this verifier knows (quicknet, the development chain); give its /info "+
			"JSON in SQUARES_DRAND_CHAIN", b.ChainHash)
	}
	locked := b.LockedAt
	pb := squares.PoolBeacon{Status: squares.BeaconPending, Round: b.Round, LockedAt: &locked, ChainHash: b.ChainHash}
	if b.DueAt != "" {
		due, err := time.Parse(time.RFC3339Nano, b.DueAt)
		if err != nil {
			return fail("round", "entry %d: due at %q is not a time", r.LockSeq, b.DueAt)
		}
		pb.DueAt = &due
	}
	if err := squares.CheckBeaconRound(chain.Info(), pb); err != nil {
		return fail("round", "entry %d (locked): %v", r.LockSeq, err)
	}
	fmt.Fprintf(w, "round       ok    %d, the first due %s after the lock at %s\n", b.Round, squares.BeaconDelay,
		b.LockedAt.UTC().Format(time.RFC3339Nano))
	if b.Dev {
		fmt.Fprintf(w, "beacon      dev   the built-in development beacon: its key is public, it proves nothing\n")
	}
	if b.Status == squares.BeaconUnavailable {
		fmt.Fprintf(w, "beacon      unavailable  no relay served round %d in time: drawn without it (squares-draw-v1)\n", b.Round)
		return nil
	}
	if _, err := chain.Verify(b.Round, b.Signature); err != nil {
		return fail("signature", "entry %d (beacon): %v", b.Seq, err)
	}
	fmt.Fprintf(w, "signature   ok    round %d verifies against chain %s's public key\n", b.Round, chain.Hash())
	return nil
}

// compareShown compares the pool as the server shows it with the pool its record replays.
func compareShown(rec *publishedRecord, r *squares.RecordReplay, fail func(string, string, ...any) error) error {
	s := rec.Shown
	if len(s.Owners) != len(r.Owners) {
		return fail("pool shown", "the pool shows %d squares; its record's grid has %d", len(s.Owners), len(r.Owners))
	}
	g, _ := squares.GridOf(r.Rules.Grid)
	for i, o := range s.Owners {
		if o == r.Owners[i] {
			continue
		}
		c := g.CellAt(i)
		return fail("pool shown", "square %s: the pool shows %s; the record %s says %s", squares.SquareText(c),
			ownerPhrase(o), entryPhrase(rec.Entries, r.OwnerSeq[i]), ownerOrNobody(r.Owners[i]))
	}
	prizes := map[string]*squares.ReplayPrize{}
	for _, p := range r.Prizes {
		prizes[p.Award] = p
	}
	shown := map[string]bool{}
	for _, wn := range s.Winners {
		shown[wn.Award] = true
		p := prizes[wn.Award]
		switch {
		case p == nil:
			return fail("pool shown", "the pool shows a winner of %s (%s, $%s) that no prize entry records",
				wn.Award, squares.SquareText(squares.Cell{Row: wn.Row, Column: wn.Column}), wn.Amount)
		case wn.Row != p.Row || wn.Column != p.Column || wn.Amount != p.Amount || wn.Owner != p.Owner:
			return fail("pool shown", "winner of %s: the pool shows %s, %s, $%s; the record %s says %s, %s, $%s", wn.Award,
				squares.SquareText(squares.Cell{Row: wn.Row, Column: wn.Column}), ownerPhrase(wn.Owner), wn.Amount,
				entryPhrase(rec.Entries, p.Seq), squares.SquareText(squares.Cell{Row: p.Row, Column: p.Column}), ownerPhrase(p.Owner), p.Amount)
		}
	}
	for _, p := range r.Prizes {
		if !shown[p.Award] {
			return fail("pool shown", "the record %s records a winner of %s that the pool does not show", entryPhrase(rec.Entries, p.Seq), p.Award)
		}
	}
	if r.FeeSeq != 0 && s.Fee != r.Fee {
		return fail("pool shown", "the pool shows a fee of $%s; the record %s says $%s", s.Fee, entryPhrase(rec.Entries, r.FeeSeq), r.Fee)
	}
	return nil
}

func ownerPhrase(o string) string {
	if o == "" {
		return "nobody"
	}
	return "owner " + o
}

// entryPhrase names an entry as a sentence quotes it: "(entry 9, taken)".
func entryPhrase(entries []squares.RecordEntry, seq int64) string {
	if seq < 1 || seq > int64(len(entries)) {
		return "(no entry)"
	}
	// ReplayRecord checked the entries are seqs 1, 2, ... in order.
	return fmt.Sprintf("(entry %d, %s)", seq, squares.RecordEntryLabel(entries[seq-1]))
}

// loadRecord reads a pool's whole record, its key and the pool as shown from the database.
func loadRecord(ctx context.Context, url string, id int64) (*publishedRecord, error) {
	db := store.New(url)
	if err := db.Open(ctx); err != nil {
		return nil, err
	}
	defer db.Close()
	return recordFromStore(ctx, db, id)
}

// recordFromStore reads a pool's whole record, its key and the pool as shown from an open store.
func recordFromStore(ctx context.Context, db *store.DB, id int64) (*publishedRecord, error) {
	rec := &publishedRecord{Pool: id, Key: db.RecordPublicKey()}
	for after := int64(0); ; {
		page, err := db.ReadPoolRecord(ctx, id, after, 500)
		if err != nil {
			return nil, err
		}
		rec.Entries = append(rec.Entries, page.Entries...)
		rec.Seq, rec.Head, rec.Checkpoints = page.Seq, page.Head, page.Checkpoints
		if !page.More || len(page.Entries) == 0 {
			break
		}
		after = page.Entries[len(page.Entries)-1].Seq
	}
	p, err := db.FindPool(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	grid := p.Grid()
	rec.Shown = shownPool{Owners: make([]string, grid.Squares()), Fee: p.HouseFee()}
	sqs, err := db.ListSquares(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, sq := range sqs {
		if c := (squares.Cell{Row: sq.Row, Column: sq.Column}); sq.State == squares.SquareOwned && grid.Contains(c) {
			rec.Shown.Owners[grid.Index(c)] = store.OwnerID(sq)
		}
	}
	ws, err := db.ListWinners(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, wn := range ws {
		owner := strconv.FormatInt(wn.UserID, 10)
		switch {
		case wn.UserID == 0 && wn.GuestID != 0:
			owner = "guest-" + strconv.FormatInt(wn.GuestID, 10)
		case wn.UserID == 0:
			owner = squares.HouseUserID
		}
		rec.Shown.Winners = append(rec.Shown.Winners, shownWinner{Award: wn.Award, Row: wn.Row, Column: wn.Column,
			Owner: owner, Amount: wn.Amount})
	}
	return rec, nil
}
