package squares

import (
	"encoding/json"
	"fmt"
)

// The scores, prizes, fee, claims, payouts and totals of a record's replay.

// money is what the pool holds now as its record tells it: the pot (entry fee x squares taken), the fee
// kept from it, and the prize pool the winners share.
func (r *replayer) money() (pot, fee, prizePool Cents) {
	entryFee, _ := recordMoney(r.out.Opened.EntryFee)
	for _, o := range r.out.Owners {
		if o != "" {
			pot += entryFee
		}
	}
	if r.out.Opened.Collection != CollectionHost {
		fee = pot.Percent(r.out.Opened.FeePercent)
	}
	return pot, fee, pot - fee
}

func (r *replayer) score(e RecordEntry, fault faultf) *RecordFault {
	var d RecordScoreData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a score's: %v", err)
	}
	if r.out.Draw == nil {
		return fault("a score before the digits were drawn: no prize can be decided")
	}
	if f := r.missing(); f != nil {
		return f
	}
	taken := make([]bool, len(r.out.Owners))
	for i, o := range r.out.Owners {
		taken[i] = o != ""
	}
	_, _, prizePool := r.money()
	awards, err := Awards(AwardInput{Rules: r.out.Rules, LeagueID: r.out.Opened.LeagueID, PrizePool: prizePool,
		Taken: taken, NumberSets: r.out.NumberSets, Ends: d.Ends, Changes: d.Changes})
	if err != nil {
		return fault("the pool's rules cannot decide its prizes from it: %v", err)
	}
	for _, a := range awards {
		// An award decided once stands (the store records each once), whatever a later score says.
		if _, ok := r.awards[a.Key()]; !ok {
			r.awards[a.Key()] = replayAward{Award: a, Seq: e.Seq}
			r.awardOrder = append(r.awardOrder, a.Key())
		}
	}
	for _, end := range d.Ends {
		if end.Period == PeriodFinal {
			r.completed = true
		}
	}
	r.out.Score, r.scoreSeq = &d, e.Seq
	return nil
}

// missing names the first award decided that no prize entry records, or the fee a paid pool's first prize
// takes when no entry records it.
func (r *replayer) missing() *RecordFault {
	for _, k := range r.awardOrder {
		if a := r.awards[k]; r.prizes[k] == nil {
			return &RecordFault{Seq: a.Seq, Reason: fmt.Sprintf("its score decides award %s (%s, $%s) and no prize entry "+
				"records it", k, SquareText(Cell{Row: a.Row, Column: a.Column}), a.Amount)}
		}
	}
	if _, fee, _ := r.money(); fee > 0 && r.out.FeeSeq == 0 && len(r.out.Prizes) > 0 {
		return &RecordFault{Seq: r.out.Prizes[0].Seq, Reason: fmt.Sprintf("the pool's first prize takes the fee of $%s "+
			"and no fee entry records it", fee)}
	}
	return nil
}

// winnerStatus is the status a prize's winner has (AwardWinner's): the host pays in a host-collected pool,
// nobody in a free pool, the house wins its own squares.
func (r *replayer) winnerStatus(owner string) string {
	fee, _ := recordMoney(r.out.Opened.EntryFee)
	switch {
	case r.out.Opened.Collection == CollectionHost:
		return WinnerHostPays
	case fee == 0:
		return WinnerFree
	case owner == HouseUserID:
		return WinnerHouse
	}
	return WinnerCredited
}

func (r *replayer) prize(e RecordEntry, fault faultf) *RecordFault {
	var d RecordPrizeData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a prize's: %v", err)
	}
	amount, ok := recordMoney(d.Amount)
	if !ok {
		return fault("amount %q is not money as the API writes it", d.Amount)
	}
	a, ok := r.awards[d.Award]
	switch {
	case !ok:
		return fault("no score before it decides award %s: the pool's rules pay no such prize", d.Award)
	case r.prizes[d.Award] != nil:
		return fault("award %s was recorded at entry %d already", d.Award, r.prizes[d.Award].Seq)
	}
	cell := Cell{Row: a.Row, Column: a.Column}
	got := Cell{Row: d.Row, Column: d.Column}
	switch {
	case cell != got || a.Amount != amount:
		return fault("the award pays %s $%s; the entry says %s $%s", SquareText(cell), a.Amount, SquareText(got), amount)
	case a.Kind != d.Kind || a.Period != d.Period || a.HomeScore != d.HomeScore || a.AwayScore != d.AwayScore:
		return fault("the award is %s %s at %d-%d (home-away); the entry says %s %s at %d-%d", a.Kind, a.Period,
			a.HomeScore, a.AwayScore, d.Kind, d.Period, d.HomeScore, d.AwayScore)
	}
	i := r.grid.Index(cell)
	if o := r.out.Owners[i]; o != d.Owner {
		return fault("square %s is %s's (entry %d); the entry pays %s", SquareText(cell), ownerText(o), r.out.OwnerSeq[i], ownerText(d.Owner))
	}
	if want := r.winnerStatus(d.Owner); d.Status != want {
		return fault("the winner's status is %q; in this pool it is %q", d.Status, want)
	}
	p := &ReplayPrize{RecordPrizeData: d, Seq: e.Seq, Amount: amount}
	r.prizes[d.Award] = p
	r.out.Prizes = append(r.out.Prizes, p)
	r.out.Totals.Prizes += amount
	return nil
}

func (r *replayer) fee(e RecordEntry, fault faultf) *RecordFault {
	var d RecordFeeData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a fee's: %v", err)
	}
	amount, ok := recordMoney(d.Amount)
	if !ok {
		return fault("amount %q is not money as the API writes it", d.Amount)
	}
	pot, fee, _ := r.money()
	to := AccountHouseFees
	if r.out.Opened.Nonprofit {
		to = AccountNonprofitFees
	}
	switch {
	case r.out.FeeSeq != 0:
		return fault("the fee was taken at entry %d already", r.out.FeeSeq)
	case len(r.awards) == 0:
		return fault("a fee before any prize is decided: it is taken when the first prize is")
	case fee <= 0:
		return fault("this pool keeps no fee (%d%% of $%s)", r.out.Opened.FeePercent, pot)
	case amount != fee:
		return fault("the fee is %d%% of the pot of $%s, $%s; the entry says $%s", r.out.Opened.FeePercent, pot, fee, amount)
	case d.To != to:
		return fault("the fee goes to %s; the entry says %s", to, d.To)
	}
	r.out.Fee, r.out.FeeSeq, r.out.Totals.Fee = amount, e.Seq, amount
	return nil
}

func (r *replayer) prizeAct(e RecordEntry, fault faultf) *RecordFault {
	var d RecordPrizeActData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a prize's %s: %v", e.Kind, err)
	}
	amount, ok := recordMoney(d.Amount)
	if !ok {
		return fault("amount %q is not money as the API writes it", d.Amount)
	}
	p := r.prizes[d.Award]
	switch {
	case p == nil:
		return fault("no prize entry before it records award %s", d.Award)
	case p.Owner != d.Owner || p.Amount != amount:
		return fault("award %s pays %s $%s (entry %d); the entry says %s $%s", d.Award, p.Owner, p.Amount, p.Seq, d.Owner, amount)
	case p.PayoutSeq != 0:
		return fault("award %s was paid out at entry %d already", d.Award, p.PayoutSeq)
	}
	if e.Kind == RecordClaim {
		if p.ClaimSeq != 0 {
			return fault("award %s was claimed at entry %d already", d.Award, p.ClaimSeq)
		}
		p.ClaimSeq = e.Seq
		return nil
	}
	host := r.out.Opened.Collection == CollectionHost
	switch {
	case host && d.Status != WinnerHostPaid:
		return fault("a host-collected pool's prize is paid by its host (%q); the entry says %q", WinnerHostPaid, d.Status)
	case !host && d.Status != PrizePaid && d.Status != PrizeForfeited:
		return fault("a payout is %q or %q; the entry says %q", PrizePaid, PrizeForfeited, d.Status)
	}
	p.PayoutSeq, p.PayoutStatus = e.Seq, d.Status
	return nil
}

// end closes the replay after the last entry: every award recorded, the status, and the totals of a
// settled paid pool.
func (r *replayer) end(last int64) *RecordFault {
	if f := r.missing(); f != nil {
		return f
	}
	out := r.out
	if r.completed && out.Status != ReplayCancelled {
		out.Status = ReplayCompleted
	}
	t := &out.Totals
	t.MoneyIn = t.Captured + t.HousePaid + t.PaidClaims
	entryFee, _ := recordMoney(out.Opened.EntryFee)
	settled := entryFee > 0 && out.Opened.Collection != CollectionHost &&
		(out.Status == ReplayCompleted || out.Status == ReplayCancelled)
	for _, p := range out.Payments {
		if p.Status == PaymentHeld || p.Status == PaymentCaptured && out.Status == ReplayCancelled {
			settled = false // money still to capture, release or refund
		}
	}
	if !settled {
		return nil
	}
	t.Settled = true
	if out.Status == ReplayCancelled {
		// A cancelled pool gives the house its stakes back (the ledger's unstake), and the sales without a
		// payment their money.
		t.Returned = t.HousePaid + t.PaidClaims
	}
	if out := t.Fee + t.Prizes + t.Refunds + t.Returned; t.MoneyIn != out {
		returned := ""
		if t.Returned != 0 {
			returned = fmt.Sprintf(" + returned on cancellation $%s", t.Returned)
		}
		return &RecordFault{Seq: last, Reason: fmt.Sprintf("the totals do not tie: money in $%s (captured $%s, the house's "+
			"squares $%s%s) is not the fee $%s + prizes $%s + refunds $%s%s = $%s", t.MoneyIn, t.Captured, t.HousePaid,
			paidClaims(t.PaidClaims), t.Fee, t.Prizes, t.Refunds, returned, out)}
	}
	return nil
}

// paidClaims names the money of sales without a payment the record names, where there is any.
func paidClaims(c Cents) string {
	if c == 0 {
		return ""
	}
	return fmt.Sprintf(", sales without a payment $%s", c)
}
