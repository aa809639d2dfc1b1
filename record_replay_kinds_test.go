package squares_test

import (
	"strings"
	"testing"

	"github.com/squaresapp/squares"
)

// prizeSteps are the prize entries of the awards a score decides (squares.Awards), paid to the owners.
func prizeSteps(t *testing.T, in squares.AwardInput, owners []string, status func(owner string) string) []planStep {
	t.Helper()
	awards, err := squares.Awards(in)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := squares.GridOf(in.Rules.Grid)
	var out []planStep
	for _, a := range awards {
		o := owners[g.Index(squares.Cell{Row: a.Row, Column: a.Column})]
		out = append(out, planStep{name: "prize " + a.Key(), kind: squares.RecordPrize, data: squares.RecordPrizeData{
			Award: a.Key(), Kind: a.Kind, Period: a.Period, Row: a.Row, Column: a.Column, HomeScore: a.HomeScore,
			AwayScore: a.AwayScore, Owner: o, Amount: a.Amount.String(), Status: status(o)}})
	}
	return out
}

func replayOK(t *testing.T, p recordPlan) *squares.RecordReplay {
	t.Helper()
	in := p.build(t)
	r, f := squares.ReplayRecord(in)
	if f != nil {
		t.Fatalf("a good record fails: %s", squares.RecordFaultText(in.Entries, f))
	}
	return r
}

// TestReplayRecordFreeUnfilled: a free private pool on a 25-square grid, numbers drawn per period, played
// unfilled without a beacon: every set's seed against its commitment, the empty squares' prizes passed on.
func TestReplayRecordFreeUnfilled(t *testing.T) {
	rules := squares.Rules{Grid: squares.Grid25, Numbers: squares.NumbersPerPeriod, Unfilled: squares.UnfilledPlay}.WithDefaults(squares.LeagueNFL)
	seeds := []string{replaySeed, strings.Repeat("01", 32), strings.Repeat("02", 32), strings.Repeat("03", 32)}
	var commits []squares.RecordSetCommitment
	var sets []squares.NumberSet
	for i, period := range rules.NumberSetPeriods() {
		commits = append(commits, squares.RecordSetCommitment{Period: period, SeedSHA256: squares.DrawCommitment(seeds[i])})
		sets = append(sets, squares.NumberSet{Period: period, Seed: seeds[i], SeedSHA256: commits[i].SeedSHA256})
	}
	owners := make([]string, 25)
	// The pool opens on today's rules; its rules change before any sale, committing new seeds.
	steps := []planStep{{name: "opened", kind: squares.RecordOpened, data: squares.RecordOpenData{Name: "Family", LeagueID: squares.LeagueNFL,
		EntryFee: "0.00", MaxSquaresPerPlayer: 25, Private: true, Collection: squares.CollectionCard, Rules: squares.DefaultRules(squares.LeagueNFL),
		DrawCommitment: commits[0].SeedSHA256, NumberSets: commits[:1]}},
		{name: "rules", kind: squares.RecordAction, data: map[string]any{"action": "pool.rules", "by": "admin", "reason": "",
			"rules": rules, "drawCommitment": commits[0].SeedSHA256, "numberSets": commits}}}
	for i := 0; i < 25; i++ {
		if i%4 == 3 {
			continue
		}
		owners[i] = []string{"1", "2", "guest-9"}[i%3]
		steps = append(steps, planStep{name: "claim", kind: squares.RecordTaken, data: squares.RecordTakenData{
			Squares: []squares.Cell{{Row: i / 5, Column: i % 5}}, Owner: owners[i], By: squares.TakenClaim, Amount: "0.00"}})
	}
	ownership := squares.GridOwnershipText(owners)
	sets = squares.DrawNumberSets(sets, replayPool, ownership)
	drawn := squares.RecordDrawData{Derivation: squares.DrawVersion, Ownership: ownership}
	for _, s := range sets {
		drawn.Sets = append(drawn.Sets, squares.RecordDrawSet{Period: s.Period, Seed: s.Seed, HomeNumbers: s.HomeNumbers, AwayNumbers: s.AwayNumbers})
	}
	steps = append(steps,
		planStep{name: "locked", kind: squares.RecordLocked, checkpoint: "full", data: squares.RecordLockData{Ownership: ownership,
			OwnershipSHA256: squares.DrawInputSHA256(ownership), Beacon: squares.BeaconOff}},
		planStep{name: "drawn", kind: squares.RecordDrawn, checkpoint: "drawn", data: drawn})
	taken := make([]bool, 25)
	for i, o := range owners {
		taken[i] = o != ""
	}
	ends := []squares.PeriodEnd{{Period: "Q1", Home: 3, Away: 0}, {Period: "Q2", Home: 10, Away: 7},
		{Period: "Q3", Home: 13, Away: 14}, {Period: "FINAL", Home: 23, Away: 21}}
	free := func(string) string { return squares.WinnerFree }
	for i := range ends {
		steps = append(steps, scoreStep("score", i+1, ends[i].Home, ends[i].Away, squares.GameLive, ends[:i+1]...))
		in := squares.AwardInput{Rules: rules, LeagueID: squares.LeagueNFL, Taken: taken, NumberSets: sets, Ends: ends[:i+1]}
		done := map[string]bool{}
		for _, s := range steps {
			if s.kind == squares.RecordPrize {
				done[s.data.(squares.RecordPrizeData).Award] = true
			}
		}
		for _, s := range prizeSteps(t, in, owners, free) {
			if !done[s.data.(squares.RecordPrizeData).Award] {
				steps = append(steps, s)
			}
		}
	}
	p := recordPlan{pool: replayPool, steps: steps}
	r := replayOK(t, p)
	if r.Status != squares.ReplayCompleted || len(r.NumberSets) != 4 || r.Beacon != nil || r.Totals.Settled || len(r.Prizes) == 0 {
		t.Fatalf("replay: status %s, %d sets, beacon %v, totals %+v, %d prizes", r.Status, len(r.NumberSets), r.Beacon, r.Totals, len(r.Prizes))
	}
	// A set drawn with another set's seed, or a paid status in a free pool, is named.
	bad := p.with(t, "drawn", func(s *planStep) {
		d := s.data.(squares.RecordDrawData)
		d.Sets = append([]squares.RecordDrawSet(nil), d.Sets...)
		d.Sets[1].Seed = seeds[0]
		s.data = d
	})
	if _, f := squares.ReplayRecord(bad.build(t)); f == nil || !strings.Contains(f.Reason, "Q2: SHA-256 of the seed") {
		t.Fatalf("a set on another seed: %v", f)
	}
	// Rules changed without the commitments of their new seeds leave those seeds unchecked: named.
	bad = p.with(t, "rules", func(s *planStep) {
		s.data = squares.RecordActionData{Action: "pool.rules", By: "admin", Rules: &rules}
	})
	if _, f := squares.ReplayRecord(bad.build(t)); f == nil || f.Seq != bad.seq(t, "drawn") ||
		!strings.Contains(f.Reason, "Q2: the record holds no commitment to its seed") {
		t.Fatalf("new rules without their commitments: %v", f)
	}
	i := len(p.steps) - 1
	bad = p
	bad.steps = append([]planStep(nil), p.steps...)
	d := bad.steps[i].data.(squares.RecordPrizeData)
	d.Status = squares.WinnerCredited
	bad.steps[i].data = d
	if _, f := squares.ReplayRecord(bad.build(t)); f == nil || f.Seq != int64(i+1) || !strings.Contains(f.Reason, `in this pool it is "free"`) {
		t.Fatalf("a credited prize in a free pool: %v", f)
	}
}

// TestReplayRecordCancelled: a cancelled paid pool returns its money: a hold released, a capture refunded;
// its totals tie.
func TestReplayRecordCancelled(t *testing.T) {
	p := playedPlan()
	steps := append([]planStep(nil), p.steps[:p.index(t, "held 13")]...)
	pay := func(kind, id, owner, amount string, cells []squares.Cell) planStep {
		return planStep{name: kind + " " + id, kind: kind, data: squares.RecordPaymentData{Payment: id, Owner: owner, Amount: amount,
			Squares: cells, Reason: "The pool was cancelled."}}
	}
	steps = append(steps,
		pay(squares.RecordCaptured, "pay_7", "7", "500.00", cellsFrom(0, 50)),
		planStep{name: "cancelled", kind: squares.RecordCancelled, checkpoint: "cancelled", data: squares.RecordCancelData{Reason: "Not full."}},
		pay(squares.RecordReleased, "pay_12", "12", "400.00", cellsFrom(50, 90)),
		pay(squares.RecordRefunded, "pay_7", "7", "500.00", cellsFrom(0, 50)))
	p.steps = steps
	r := replayOK(t, p)
	want := squares.RecordTotals{Captured: 500_00, MoneyIn: 500_00, Refunds: 500_00, Settled: true}
	if r.Status != squares.ReplayCancelled || r.Totals != want {
		t.Fatalf("status %s totals %+v", r.Status, r.Totals)
	}
	// The house's stake in a cancelled pool goes back to it.
	house := playedPlan().steps[playedPlan().index(t, "house")]
	withHouse := p.before(t, "captured pay_7", house)
	want = squares.RecordTotals{Captured: 500_00, HousePaid: 100_00, MoneyIn: 600_00, Refunds: 500_00, Returned: 100_00, Settled: true}
	if r := replayOK(t, withHouse); r.Totals != want {
		t.Fatalf("cancelled with the house's squares: totals %+v", r.Totals)
	}
	// Read before the refund, nothing ties yet; a refund of more than was captured is named.
	if r := replayOK(t, p.without(t, "refunded pay_7")); r.Totals.Settled {
		t.Fatal("a cancelled pool with a capture not refunded is settled")
	}
	bad := p.with(t, "refunded pay_7", func(s *planStep) {
		d := s.data.(squares.RecordPaymentData)
		d.Amount = "600.00"
		s.data = d
	})
	if _, f := squares.ReplayRecord(bad.build(t)); f == nil || f.Seq != bad.seq(t, "refunded pay_7") ||
		!strings.Contains(f.Reason, "payment pay_7 is 7's for $500.00; the entry says 7's for $600.00") {
		t.Fatalf("a refund of more: %v", f)
	}
}

// TestReplayRecordTakeover: a payment released after the draw: the house takes its squares over and wins
// what they win; the totals count what the house staked.
func TestReplayRecordTakeover(t *testing.T) {
	p := playedPlan().without(t, "captured pay_12")
	owners := replayOwners()
	for i := 50; i < 90; i++ {
		owners[i] = squares.HouseUserID
	}
	p = p.before(t, "score Q1", planStep{name: "release", kind: squares.RecordReleased, data: squares.RecordPaymentData{
		Payment: "pay_12", Owner: "12", Amount: "400.00", Squares: cellsFrom(50, 90), Reason: "hold lapsed"}})
	p = p.before(t, "score Q1", planStep{name: "takeover", kind: squares.RecordTaken, data: squares.RecordTakenData{
		Squares: cellsFrom(50, 90), Owner: squares.HouseUserID, By: squares.TakenTakeover, Amount: "400.00", From: "12"}})
	// The prizes go to the owners after the takeover.
	for _, name := range []string{"prize Q1", "prize Q2", "prize Q3", "prize FINAL"} {
		p = p.with(t, name, func(s *planStep) {
			d := s.data.(squares.RecordPrizeData)
			d.Owner = owners[d.Row*10+d.Column]
			d.Status = squares.WinnerCredited
			if d.Owner == squares.HouseUserID {
				d.Status = squares.WinnerHouse
			}
			s.data = d
		})
	}
	p = p.without(t, "claim", "payout")
	r := replayOK(t, p)
	want := squares.RecordTotals{Captured: 500_00, HousePaid: 500_00, MoneyIn: 1000_00, Fee: 100_00, Prizes: 900_00, Settled: true}
	if r.Totals != want || r.Owners[55] != squares.HouseUserID || r.OwnerSeq[55] != p.seq(t, "takeover") {
		t.Fatalf("totals %+v, square 55 %s since %d", r.Totals, r.Owners[55], r.OwnerSeq[55])
	}
	// A takeover naming another owner than the square's is named; so is a takeover by anyone but the house.
	bad := p.with(t, "takeover", func(s *planStep) {
		d := s.data.(squares.RecordTakenData)
		d.From = "13"
		s.data = d
	})
	if _, f := squares.ReplayRecord(bad.build(t)); f == nil || !strings.Contains(f.Reason, "square row 6, column 1 is 12's, not 13's") {
		t.Fatalf("a takeover from another owner: %v", f)
	}
	bad = p.with(t, "takeover", func(s *planStep) {
		d := s.data.(squares.RecordTakenData)
		d.Owner = "7"
		s.data = d
	})
	if _, f := squares.ReplayRecord(bad.build(t)); f == nil || !strings.Contains(f.Reason, "only the house takes over") {
		t.Fatalf("a takeover by a player: %v", f)
	}
}

// TestReplayRecordHost: a host-collected pool: the host assigns squares (a guest's too) and takes one back,
// no fee, prizes the host pays and marks paid.
func TestReplayRecordHost(t *testing.T) {
	commit := squares.DrawCommitment(replaySeed)
	rules := squares.DefaultRules(squares.LeagueNFL)
	owners := make([]string, 100)
	for i := range owners {
		owners[i] = []string{"8", "guest-3"}[i%2]
	}
	steps := []planStep{
		{name: "opened", kind: squares.RecordOpened, data: squares.RecordOpenData{Name: "Office", LeagueID: squares.LeagueNFL,
			EntryFee: "5.00", MaxSquaresPerPlayer: 100, Private: true, Collection: squares.CollectionHost, Rules: rules,
			DrawCommitment: commit, NumberSets: []squares.RecordSetCommitment{{SeedSHA256: commit}}}},
		{name: "assign 8", kind: squares.RecordTaken, data: squares.RecordTakenData{Squares: cellsFrom(0, 1), Owner: "guest-3",
			By: squares.TakenHost, Amount: "5.00"}},
		{name: "take back", kind: squares.RecordReleased, data: squares.RecordPaymentData{Owner: "guest-3", Amount: "5.00",
			Squares: cellsFrom(0, 1), Freed: true, Reason: "taken back by the host"}},
	}
	// Guest 4 holds square 1, then joins as player 15, whose square it becomes; the host later takes it back.
	steps = append(steps,
		planStep{name: "assign 4", kind: squares.RecordTaken, data: squares.RecordTakenData{Squares: cellsFrom(1, 2), Owner: "guest-4",
			By: squares.TakenHost, Amount: "5.00"}},
		planStep{name: "join", kind: squares.RecordTaken, data: squares.RecordTakenData{Squares: cellsFrom(1, 2), Owner: "15",
			By: squares.TakenJoin, Amount: "0.00", From: "guest-4"}},
		planStep{name: "take back 15", kind: squares.RecordReleased, data: squares.RecordPaymentData{Owner: "15", Amount: "5.00",
			Squares: cellsFrom(1, 2), Freed: true}})
	for i := range owners {
		steps = append(steps, planStep{name: "assign", kind: squares.RecordTaken, data: squares.RecordTakenData{
			Squares: []squares.Cell{{Row: i / 10, Column: i % 10}}, Owner: owners[i], By: squares.TakenHost, Amount: "5.00"}})
	}
	ownership := squares.GridOwnershipText(owners)
	set := squares.DrawNumberSets([]squares.NumberSet{{Seed: replaySeed, SeedSHA256: commit}}, replayPool, ownership)[0]
	ends := []squares.PeriodEnd{{Period: "Q1", Home: 0, Away: 7}, {Period: "Q2", Home: 3, Away: 7},
		{Period: "Q3", Home: 10, Away: 7}, {Period: "FINAL", Home: 13, Away: 17}}
	steps = append(steps,
		planStep{name: "locked", kind: squares.RecordLocked, data: squares.RecordLockData{Ownership: ownership,
			OwnershipSHA256: squares.DrawInputSHA256(ownership), Beacon: squares.BeaconOff}},
		planStep{name: "drawn", kind: squares.RecordDrawn, data: squares.RecordDrawData{Derivation: squares.DrawVersion, Ownership: ownership,
			Sets: []squares.RecordDrawSet{{Seed: replaySeed, HomeNumbers: set.HomeNumbers, AwayNumbers: set.AwayNumbers}}}},
		scoreStep("score final", 4, 13, 17, squares.GameCompleted, ends...))
	taken := make([]bool, 100)
	for i := range taken {
		taken[i] = true
	}
	prizes := prizeSteps(t, squares.AwardInput{Rules: rules, LeagueID: squares.LeagueNFL, PrizePool: 500_00, Taken: taken,
		NumberSets: []squares.NumberSet{set}, Ends: ends}, owners, func(string) string { return squares.WinnerHostPays })
	steps = append(steps, prizes...)
	won := prizes[0].data.(squares.RecordPrizeData)
	steps = append(steps, planStep{name: "host paid", kind: squares.RecordPayout, data: squares.RecordPrizeActData{Award: won.Award,
		Owner: won.Owner, Amount: won.Amount, Status: squares.WinnerHostPaid}})
	p := recordPlan{pool: replayPool, steps: steps}
	r := replayOK(t, p)
	if r.Status != squares.ReplayCompleted || r.Fee != 0 || r.Totals.Settled || r.Totals.Prizes != 500_00 || r.Prizes[0].PayoutStatus != squares.WinnerHostPaid {
		t.Fatalf("replay: status %s fee %s totals %+v", r.Status, r.Fee, r.Totals)
	}
	// A join of squares the guest does not hold is named.
	bad := p.with(t, "join", func(s *planStep) {
		d := s.data.(squares.RecordTakenData)
		d.From = "guest-3"
		s.data = d
	})
	if _, f := squares.ReplayRecord(bad.build(t)); f == nil || f.Seq != bad.seq(t, "join") || !strings.Contains(f.Reason, "is guest-4's, not guest-3's") {
		t.Fatalf("a join of another guest's square: %v", f)
	}
	// A host pool keeps no fee; a host's prize is not "paid" by Squares.
	withFee := p.before(t, "host paid", planStep{name: "fee", kind: squares.RecordFee, data: squares.RecordFeeData{Amount: "50.00", To: squares.AccountHouseFees}})
	if _, f := squares.ReplayRecord(withFee.build(t)); f == nil || !strings.Contains(f.Reason, "this pool keeps no fee") {
		t.Fatalf("a host pool's fee: %v", f)
	}
	paid := p.with(t, "host paid", func(s *planStep) {
		d := s.data.(squares.RecordPrizeActData)
		d.Status = squares.PrizePaid
		s.data = d
	})
	if _, f := squares.ReplayRecord(paid.build(t)); f == nil || !strings.Contains(f.Reason, "paid by its host") {
		t.Fatalf("a host pool's payout by Squares: %v", f)
	}
}
