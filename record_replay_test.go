package squares_test

import (
	"crypto/ed25519"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

// A record plan is the steps of a pool's life, each an entry (and maybe a checkpoint after it), built into
// a record with NextRecordEntry; the fault cases change a step and build again, so that the chain and the
// checkpoints hold and only the replay can find what is wrong.
type planStep struct {
	name       string
	kind       string
	data       any
	checkpoint string
}

type recordPlan struct {
	pool  int64
	steps []planStep
}

var replayKeyPub, replayKey, _ = ed25519.GenerateKey(nil)

func (p recordPlan) index(t *testing.T, name string) int {
	t.Helper()
	for i, s := range p.steps {
		if s.name == name {
			return i
		}
	}
	t.Fatalf("no step %q", name)
	return -1
}

// with is the plan with one step changed.
func (p recordPlan) with(t *testing.T, name string, change func(*planStep)) recordPlan {
	t.Helper()
	p.steps = slices.Clone(p.steps)
	change(&p.steps[p.index(t, name)])
	return p
}

func (p recordPlan) without(t *testing.T, names ...string) recordPlan {
	t.Helper()
	for _, n := range names {
		i := p.index(t, n)
		p.steps = slices.Delete(slices.Clone(p.steps), i, i+1)
	}
	return p
}

// before is the plan with a step put in before the named one ("" for at the end).
func (p recordPlan) before(t *testing.T, name string, s planStep) recordPlan {
	t.Helper()
	i := len(p.steps)
	if name != "" {
		i = p.index(t, name)
	}
	p.steps = slices.Insert(slices.Clone(p.steps), i, s)
	return p
}

func (p recordPlan) seq(t *testing.T, name string) int64 { return int64(p.index(t, name) + 1) }

func (p recordPlan) build(t *testing.T) squares.RecordReplayInput {
	t.Helper()
	in := squares.RecordReplayInput{Pool: p.pool, PublicKey: replayKeyPub}
	for i, s := range p.steps {
		var prev *squares.RecordEntry
		if i > 0 {
			prev = &in.Entries[i-1]
		}
		e, err := squares.NextRecordEntry(prev, recordStart.Add(time.Duration(i)*time.Minute), s.kind, s.data)
		if err != nil {
			t.Fatal(err)
		}
		in.Entries = append(in.Entries, e)
		if s.checkpoint != "" {
			in.Checkpoints = append(in.Checkpoints, squares.SignCheckpoint(replayKey, p.pool, e.Seq, e.Hash, recordStart, s.checkpoint))
		}
	}
	last := in.Entries[len(in.Entries)-1]
	in.Seq, in.Head = last.Seq, last.Hash
	return in
}

const (
	replaySeed  = "6d1f0e8c2b3a49587766554433221100ffeeddccbbaa99887766554433221100"
	replaySig   = "929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394"
	replayPool  = 42
	replayRound = 12040883
)

func cellsFrom(from, to int) []squares.Cell {
	var out []squares.Cell
	for i := from; i < to; i++ {
		out = append(out, squares.Cell{Row: i / 10, Column: i % 10})
	}
	return out
}

// replayOwners is the played pool's ownership: 0-49 player 7, 50-89 player 12, 90-99 the house.
func replayOwners() []string {
	o := make([]string, 100)
	for i := range o {
		switch {
		case i < 50:
			o[i] = "7"
		case i < 90:
			o[i] = "12"
		default:
			o[i] = squares.HouseUserID
		}
	}
	return o
}

// prizeStep is the prize of a period ended at home-away, its square found from the digits by hand.
func prizeStep(period string, set squares.NumberSet, owners []string, home, away int, amount string) planStep {
	c := squares.Cell{Row: slices.Index(set.AwayNumbers, away%10), Column: slices.Index(set.HomeNumbers, home%10)}
	owner := owners[c.Row*10+c.Column]
	status := squares.WinnerCredited
	if owner == squares.HouseUserID {
		status = squares.WinnerHouse
	}
	return planStep{name: "prize " + period, kind: squares.RecordPrize, data: squares.RecordPrizeData{Award: "period:" + period,
		Kind: squares.AwardPeriod, Period: period, Row: c.Row, Column: c.Column, HomeScore: home, AwayScore: away,
		Owner: owner, Amount: amount, Status: status}}
}

func scoreStep(name string, quarter, home, away int, status string, ends ...squares.PeriodEnd) planStep {
	return planStep{name: name, kind: squares.RecordScore, data: squares.RecordScoreData{Status: status, Quarter: quarter,
		HomeScore: home, AwayScore: away, Ends: ends, Changes: []squares.ScoreChange{}}}
}

// playedPlan is a paid public pool played from open to completed: $10 squares, two players buying (a third's
// payment released before the lock), the house filling the rest, the beacon, the draw, four quarters'
// prizes of $225.00 from a pot of $1,000.00 less the 10% fee, a claim and a payout.
func playedPlan() recordPlan {
	commit := squares.DrawCommitment(replaySeed)
	owners := replayOwners()
	ownership := squares.GridOwnershipText(owners)
	randomness, _ := squares.BeaconRandomness(replaySig)
	set := squares.DrawNumberSetsWithBeacon([]squares.NumberSet{{Seed: replaySeed, SeedSHA256: commit}}, replayPool, ownership, randomness)[0]
	held := func(name, id, owner string, cells []squares.Cell) planStep {
		return planStep{name: name, kind: squares.RecordHeld, data: squares.RecordPaymentData{Payment: id, Owner: owner,
			Amount: (squares.Cents(1000) * squares.Cents(len(cells))).String(), Squares: cells}}
	}
	paid := func(kind, id, owner string, cells []squares.Cell, freed bool) planStep {
		d := squares.RecordPaymentData{Payment: id, Owner: owner, Amount: (squares.Cents(1000) * squares.Cents(len(cells))).String(),
			Squares: cells, Freed: freed}
		return planStep{name: kind + " " + id, kind: kind, data: d}
	}
	taken := func(name, owner, by, payment string, cells []squares.Cell) planStep {
		return planStep{name: name, kind: squares.RecordTaken, data: squares.RecordTakenData{Squares: cells, Owner: owner, By: by,
			Payment: payment, Amount: (squares.Cents(1000) * squares.Cents(len(cells))).String()}}
	}
	q1 := squares.PeriodEnd{Period: squares.PeriodQ1, Home: 7, Away: 3}
	q2 := squares.PeriodEnd{Period: squares.PeriodQ2, Home: 14, Away: 10}
	q3 := squares.PeriodEnd{Period: squares.PeriodQ3, Home: 17, Away: 13}
	final := squares.PeriodEnd{Period: squares.PeriodFinal, Home: 24, Away: 21}
	prizeQ1 := prizeStep(squares.PeriodQ1, set, owners, 7, 3, "225.00")
	act := func(kind string, status string) planStep {
		d := prizeQ1.data.(squares.RecordPrizeData)
		return planStep{name: kind, kind: kind, data: squares.RecordPrizeActData{Award: d.Award, Owner: d.Owner, Amount: d.Amount, Status: status}}
	}
	return recordPlan{pool: replayPool, steps: []planStep{
		{name: "opened", kind: squares.RecordOpened, data: squares.RecordOpenData{Name: "Week 12", GameID: 3, LeagueID: squares.LeagueNFL,
			EntryFee: "10.00", MaxSquaresPerPlayer: 50, Collection: squares.CollectionCard, FeePercent: 10,
			Rules: squares.DefaultRules(squares.LeagueNFL), DrawCommitment: commit,
			NumberSets: []squares.RecordSetCommitment{{Period: "", SeedSHA256: commit}}}},
		{name: "rules", kind: squares.RecordAction, data: squares.RecordActionData{Action: "pool.rules", By: "admin",
			Rules: refOf(squares.DefaultRules(squares.LeagueNFL))}},
		held("held 7", "pay_7", "7", cellsFrom(0, 50)),
		taken("taken 7", "7", squares.TakenPurchase, "pay_7", cellsFrom(0, 50)),
		held("held 12", "pay_12", "12", cellsFrom(50, 90)),
		taken("taken 12", "12", squares.TakenPurchase, "pay_12", cellsFrom(50, 90)),
		held("held 13", "pay_13", "13", cellsFrom(90, 95)),
		taken("taken 13", "13", squares.TakenPurchase, "pay_13", cellsFrom(90, 95)),
		paid(squares.RecordReleased, "pay_13", "13", cellsFrom(90, 95), true),
		taken("house", squares.HouseUserID, squares.TakenHouse, "", cellsFrom(90, 100)),
		{name: "locked", kind: squares.RecordLocked, checkpoint: "full", data: squares.RecordLockData{Ownership: ownership,
			OwnershipSHA256: squares.DrawInputSHA256(ownership), Beacon: squares.BeaconPending, Round: replayRound,
			DueAt: "2024-10-14T17:13:33Z", ChainHash: squares.QuicknetHash}},
		{name: "beacon", kind: squares.RecordBeacon, data: squares.RecordBeaconData{Status: squares.BeaconVerified,
			Round: replayRound, Signature: replaySig, Randomness: randomness}},
		{name: "drawn", kind: squares.RecordDrawn, checkpoint: "drawn", data: squares.RecordDrawData{
			Derivation: squares.DrawVersionBeacon, Ownership: ownership, Randomness: randomness,
			Sets: []squares.RecordDrawSet{{Period: "", Seed: replaySeed, HomeNumbers: set.HomeNumbers, AwayNumbers: set.AwayNumbers}}}},
		paid(squares.RecordCaptured, "pay_7", "7", cellsFrom(0, 50), false),
		paid(squares.RecordCaptured, "pay_12", "12", cellsFrom(50, 90), false),
		scoreStep("score Q1", 2, 7, 3, squares.GameLive, q1),
		prizeQ1,
		{name: "fee", kind: squares.RecordFee, checkpoint: "settled Q1", data: squares.RecordFeeData{Amount: "100.00", To: squares.AccountHouseFees}},
		scoreStep("score Q2", 3, 14, 10, squares.GameLive, q1, q2),
		prizeStep(squares.PeriodQ2, set, owners, 14, 10, "225.00"),
		scoreStep("score Q3", 4, 17, 13, squares.GameLive, q1, q2, q3),
		prizeStep(squares.PeriodQ3, set, owners, 17, 13, "225.00"),
		scoreStep("score final", 4, 24, 21, squares.GameCompleted, q1, q2, q3, final),
		func() planStep {
			s := prizeStep(squares.PeriodFinal, set, owners, 24, 21, "225.00")
			s.checkpoint = "completed"
			return s
		}(),
		act(squares.RecordClaim, "claimed"),
		act(squares.RecordPayout, squares.PrizePaid),
	}}
}

func refOf[T any](v T) *T { return &v }

func TestReplayRecordPlayed(t *testing.T) {
	p := playedPlan()
	in := p.build(t)
	r, f := squares.ReplayRecord(in)
	if f != nil {
		t.Fatalf("a good record fails: %s", squares.RecordFaultText(in.Entries, f))
	}
	if r.Status != squares.ReplayCompleted || r.Entries != len(p.steps) || r.Head != in.Head {
		t.Fatalf("replay: status %s, %d entries, head %s", r.Status, r.Entries, r.Head)
	}
	if got := squares.GridOwnershipText(r.Owners); got != squares.GridOwnershipText(replayOwners()) {
		t.Fatalf("owners %s", got)
	}
	if r.OwnerSeq[0] != p.seq(t, "taken 7") || r.OwnerSeq[99] != p.seq(t, "house") {
		t.Fatalf("owner seqs %v", r.OwnerSeq)
	}
	if r.Beacon == nil || r.Beacon.Round != replayRound || r.Beacon.Signature != replaySig || r.Beacon.ChainHash != squares.QuicknetHash {
		t.Fatalf("beacon to check %+v", r.Beacon)
	}
	if len(r.Prizes) != 4 || r.Fee != 100_00 || r.Prizes[0].ClaimSeq == 0 || r.Prizes[0].PayoutStatus != squares.PrizePaid {
		t.Fatalf("prizes %+v fee %s", r.Prizes, r.Fee)
	}
	want := squares.RecordTotals{Captured: 900_00, HousePaid: 100_00, MoneyIn: 1000_00, Fee: 100_00, Prizes: 900_00, Settled: true}
	if r.Totals != want {
		t.Fatalf("totals %+v, want %+v", r.Totals, want)
	}
	if r.LastCheckpoint == nil || r.LastCheckpoint.Reason != "completed" {
		t.Fatalf("last checkpoint %+v", r.LastCheckpoint)
	}
	// Squares sold without a payment the record names (a paid claim) count as money in.
	claimed := p.without(t, "held 12", "captured pay_12").with(t, "taken 12", func(s *planStep) {
		d := s.data.(squares.RecordTakenData)
		d.Payment = ""
		s.data = d
	})
	if r := replayOK(t, claimed); r.Totals.PaidClaims != 400_00 || r.Totals.MoneyIn != 1000_00 || !r.Totals.Settled {
		t.Fatalf("paid claims: totals %+v", r.Totals)
	}
	// Read before the escrow captured anything, the pool is not settled yet: nothing to tie.
	early := p.without(t, "captured pay_7", "captured pay_12").build(t)
	if r, f := squares.ReplayRecord(early); f != nil || r.Totals.Settled {
		t.Fatalf("uncaptured pool: %v, settled %v", f, r != nil && r.Totals.Settled)
	}
}

// TestReplayRecordFaults: each kind of fault is named at its entry, with a reason a person understands.
func TestReplayRecordFaults(t *testing.T) {
	p := playedPlan()
	prizeQ1 := p.steps[p.index(t, "prize Q1")].data.(squares.RecordPrizeData)
	wonBy7 := prizeQ1.Owner == "7"
	tests := []struct {
		name   string
		plan   func() recordPlan
		in     func(*squares.RecordReplayInput)
		at     string // the step named, or "" with seq
		seq    int64
		reason string
	}{
		{name: "does not start with opened", plan: func() recordPlan { return p.without(t, "opened") }, seq: 1,
			reason: "starts with its opened entry"},
		{name: "a second opening", plan: func() recordPlan {
			return p.before(t, "locked", planStep{name: "again", kind: squares.RecordOpened, data: p.steps[0].data})
		}, at: "again", reason: "second opened"},
		{name: "one stored entry changed", in: func(in *squares.RecordReplayInput) {
			in.Entries[4].Data = []byte(strings.Replace(string(in.Entries[4].Data), `"12"`, `"13"`, 1))
		}, seq: 5, reason: "was changed"},
		{name: "checkpoint by another key", in: func(in *squares.RecordReplayInput) {
			in.PublicKey, _, _ = ed25519.GenerateKey(nil)
		}, at: "locked", reason: "signature"},
		{name: "record cut short", in: func(in *squares.RecordReplayInput) {
			in.Entries = in.Entries[:len(in.Entries)-1]
			in.Checkpoints = in.Checkpoints[:len(in.Checkpoints)-1]
		}, at: "claim", reason: "not the whole record"},
		{name: "a taken square taken again", plan: func() recordPlan {
			return p.before(t, "locked", planStep{name: "again", kind: squares.RecordTaken, data: squares.RecordTakenData{
				Squares: cellsFrom(3, 4), Owner: "99", By: squares.TakenClaim, Amount: "10.00"}})
		}, at: "again", reason: "square row 1, column 4 is 7's since entry 4: only a free square can be taken"},
		{name: "squares for the wrong price", plan: func() recordPlan {
			return p.with(t, "house", func(s *planStep) {
				d := s.data.(squares.RecordTakenData)
				d.Amount = "90.00"
				s.data = d
			})
		}, at: "house", reason: "10 squares at the entry fee of $10.00 cost $100.00; the entry says $90.00"},
		{name: "a purchase without a held payment", plan: func() recordPlan { return p.without(t, "held 12") },
			at: "taken 12", reason: `payment "pay_12" was never held`},
		{name: "freeing another owner's squares", plan: func() recordPlan {
			return p.with(t, "released pay_13", func(s *planStep) {
				d := s.data.(squares.RecordPaymentData)
				d.Squares = cellsFrom(89, 90)
				s.data = d
			})
		}, at: "released pay_13", reason: "square row 9, column 10 is 12's, not 13's"},
		{name: "a capture of a payment released", plan: func() recordPlan {
			return p.before(t, "score Q1", planStep{name: "bad capture", kind: squares.RecordCaptured, data: squares.RecordPaymentData{
				Payment: "pay_13", Owner: "13", Amount: "50.00", Squares: cellsFrom(90, 95)}})
		}, at: "bad capture", reason: "payment pay_13 is released: only a held payment can be captured"},
		{name: "a locked ownership not the squares'", plan: func() recordPlan {
			return p.with(t, "locked", func(s *planStep) {
				d := s.data.(squares.RecordLockData)
				o := replayOwners()
				o[55] = "7"
				d.Ownership = squares.GridOwnershipText(o)
				d.OwnershipSHA256 = squares.DrawInputSHA256(d.Ownership)
				s.data = d
			})
		}, at: "locked", reason: "square row 6, column 6 is 12; the entry says 7"},
		{name: "the ownership's hash", plan: func() recordPlan {
			return p.with(t, "locked", func(s *planStep) {
				d := s.data.(squares.RecordLockData)
				d.OwnershipSHA256 = strings.Repeat("0", 64)
				s.data = d
			})
		}, at: "locked", reason: "the ownership's SHA-256 is"},
		{name: "squares taken after the lock", plan: func() recordPlan {
			return p.before(t, "beacon", planStep{name: "late", kind: squares.RecordTaken, data: squares.RecordTakenData{
				Squares: cellsFrom(3, 4), Owner: "99", By: squares.TakenClaim, Amount: "10.00"}})
		}, at: "late", reason: "after the grid was locked at entry 11"},
		{name: "another round", plan: func() recordPlan {
			return p.with(t, "beacon", func(s *planStep) {
				d := s.data.(squares.RecordBeaconData)
				d.Round++
				s.data = d
			})
		}, at: "beacon", reason: "round 12040884 is not the round 12040883 fixed at the lock (entry 11)"},
		{name: "randomness not the signature's", plan: func() recordPlan {
			return p.with(t, "beacon", func(s *planStep) {
				d := s.data.(squares.RecordBeaconData)
				d.Randomness = strings.Repeat("ab", 32)
				s.data = d
			})
		}, at: "beacon", reason: "is not SHA-256 of its signature"},
		{name: "drawn before the beacon", plan: func() recordPlan { return p.without(t, "beacon") }, at: "drawn",
			reason: "drawn before the beacon round 12040883"},
		{name: "digits not the derivation's", plan: func() recordPlan {
			return p.with(t, "drawn", func(s *planStep) {
				d := s.data.(squares.RecordDrawData)
				d.Sets = slices.Clone(d.Sets)
				h := slices.Clone(d.Sets[0].HomeNumbers)
				h[0], h[1] = h[1], h[0]
				d.Sets[0].HomeNumbers = h
				s.data = d
			})
		}, at: "drawn", reason: "the numbers: the seed, pool, ownership and randomness give home"},
		{name: "a seed not committed to", plan: func() recordPlan {
			return p.with(t, "drawn", func(s *planStep) {
				d := s.data.(squares.RecordDrawData)
				d.Sets = []squares.RecordDrawSet{{Seed: strings.Repeat("11", 32)}}
				s.data = d
			})
		}, at: "drawn", reason: "the pool committed to " + squares.DrawCommitment(replaySeed)},
		{name: "a draw without the beacon's randomness", plan: func() recordPlan {
			return p.with(t, "drawn", func(s *planStep) {
				d := s.data.(squares.RecordDrawData)
				d.Randomness, d.Derivation = "", squares.DrawVersion
				s.data = d
			})
		}, at: "drawn", reason: "the draw mixes in randomness \"\""},
		{name: "a score before the draw", plan: func() recordPlan {
			return p.before(t, "locked", scoreStep("early", 1, 0, 0, squares.GameLive))
		}, at: "early", reason: "before the digits were drawn"},
		{name: "a prize amount changed", plan: func() recordPlan {
			return p.with(t, "prize Q1", func(s *planStep) {
				d := s.data.(squares.RecordPrizeData)
				d.Amount = "250.00"
				s.data = d
			})
		}, at: "prize Q1", reason: fmt.Sprintf("the award pays row %d, column %d $225.00; the entry says row %[1]d, column %[2]d $250.00",
			prizeQ1.Row+1, prizeQ1.Column+1)},
		{name: "a prize to another owner", plan: func() recordPlan {
			return p.with(t, "prize Q1", func(s *planStep) {
				d := s.data.(squares.RecordPrizeData)
				d.Owner = "55"
				s.data = d
			})
		}, at: "prize Q1", reason: fmt.Sprintf("square row %d, column %d is %s's", prizeQ1.Row+1, prizeQ1.Column+1, prizeQ1.Owner)},
		{name: "a prize no award decides", plan: func() recordPlan {
			q2 := p.steps[p.index(t, "prize Q2")]
			q2.name = "early Q2"
			return p.before(t, "score Q2", q2)
		}, at: "early Q2", reason: "no score before it decides award period:Q2"},
		{name: "an award without its prize", plan: func() recordPlan { return p.without(t, "prize Q2") }, at: "score Q2",
			reason: "its score decides award period:Q2"},
		{name: "the last award without its prize", plan: func() recordPlan {
			return p.without(t, "claim", "payout").with(t, "prize FINAL", func(s *planStep) {
				s.kind, s.data = squares.RecordAction, squares.RecordActionData{Action: "pool.note", By: "admin"}
			})
		}, at: "score final", reason: "award period:FINAL"},
		{name: "a fee of another amount", plan: func() recordPlan {
			return p.with(t, "fee", func(s *planStep) { s.data = squares.RecordFeeData{Amount: "90.00", To: squares.AccountHouseFees} })
		}, at: "fee", reason: "the fee is 10% of the pot of $1000.00, $100.00; the entry says $90.00"},
		{name: "a fee missing", plan: func() recordPlan { return p.without(t, "fee") }, at: "prize Q1",
			reason: "no fee entry records it"},
		{name: "a fee twice", plan: func() recordPlan {
			return p.before(t, "score Q2", planStep{name: "fee again", kind: squares.RecordFee, data: p.steps[p.index(t, "fee")].data})
		}, at: "fee again", reason: "the fee was taken at entry 18 already"},
		{name: "a payout of another amount", plan: func() recordPlan {
			return p.with(t, "payout", func(s *planStep) {
				d := s.data.(squares.RecordPrizeActData)
				d.Amount = "300.00"
				s.data = d
			})
		}, at: "payout", reason: "award period:Q1 pays"},
		{name: "a claim of no prize", plan: func() recordPlan {
			return p.with(t, "claim", func(s *planStep) {
				d := s.data.(squares.RecordPrizeActData)
				d.Award = "reverse:Q1"
				s.data = d
			})
		}, at: "claim", reason: "no prize entry before it records award reverse:Q1"},
		{name: "totals that do not tie", plan: func() recordPlan {
			return p.before(t, "", planStep{name: "refund", kind: squares.RecordRefunded, data: squares.RecordPaymentData{
				Payment: "pay_7", Owner: "7", Amount: "500.00", Squares: cellsFrom(0, 50)}})
		}, at: "refund", reason: "the totals do not tie: money in $1000.00 (captured $900.00, the house's squares $100.00) " +
			"is not the fee $100.00 + prizes $900.00 + refunds $500.00 = $1500.00"},
		{name: "taken after the cancellation", plan: func() recordPlan {
			return p.before(t, "held 12", planStep{name: "cancel", kind: squares.RecordCancelled,
				data: squares.RecordCancelData{Reason: "called off"}})
		}, at: "held 12", reason: "the pool was cancelled before it"},
		{name: "rules changed after a sale", plan: func() recordPlan {
			return p.before(t, "held 12", p.steps[p.index(t, "rules")])
		}, seq: 5, reason: "the rules changed after squares were taken"},
	}
	if !wonBy7 {
		t.Logf("Q1 is won by %s", prizeQ1.Owner)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan := p
			if tt.plan != nil {
				plan = tt.plan()
			}
			in := plan.build(t)
			if tt.in != nil {
				tt.in(&in)
			}
			seq := tt.seq
			if tt.at != "" {
				seq = plan.seq(t, tt.at)
			}
			r, f := squares.ReplayRecord(in)
			if f == nil {
				t.Fatalf("no fault; replay %+v", r)
			}
			text := squares.RecordFaultText(in.Entries, f)
			if f.Seq != seq || !strings.Contains(f.Reason, tt.reason) {
				t.Fatalf("fault %s\nwant entry %d: ...%s...", text, seq, tt.reason)
			}
			if !strings.HasPrefix(text, fmt.Sprintf("entry %d (", seq)) {
				t.Fatalf("fault text %q", text)
			}
		})
	}
}
