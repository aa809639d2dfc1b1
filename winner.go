package squares

import (
	"fmt"
	"time"
)

// Winner statuses: a player's prize credited to their winnings, a house square's prize kept by the
// house, and a free pool's win, recorded with no money. In a host-collected pool the host pays the prize
// outside Squares: host_pays until the host marks it paid, then host_paid.
const (
	WinnerCredited = "credited"
	WinnerHouse    = "house"
	WinnerFree     = "free"
	WinnerHostPays = "host_pays"
	WinnerHostPaid = "host_paid"
)

// Winner is the winning square of one period of a pool.
type Winner struct {
	ID        int64
	PoolID    int64
	Period    int
	HomeScore int
	AwayScore int
	Row       int
	Column    int
	UserID    int64 // 0 for a house square
	// GuestID is the guest whose square won in a host-collected pool; 0 otherwise.
	GuestID   int64
	FirstName string
	Amount    Cents
	Status    string
	// PaidAt is when the host of a host-collected pool marked the prize paid (WinnerHostPaid); nil before.
	PaidAt *time.Time
	// Kind is the award's kind (AwardPeriod, AwardReverse, AwardScore), Award its key in the pool
	// (Award.Key), PeriodCode the paying period whose prize or numbers decided it, and Label the period
	// the winners list names (Award.PeriodLabel). Period is PeriodCode's place among the pool's paying
	// periods (1 for the first).
	Kind, Award, PeriodCode, Label string
}

// Name names what the winner won as every screen and notice does: the period ("Q1", "Final"), "Reverse
// Q1", or a score change's "Score 14-7" (away-home, as scores are written everywhere).
func (w Winner) Name() string {
	return AwardName(w.Kind, w.Label, w.HomeScore, w.AwayScore)
}

// NameIn is Name, or for a winner read without its label the label of its period in a game paid over
// periods periods (PeriodLabel).
func (w Winner) NameIn(periods int) string {
	if w.Label == "" {
		return PeriodLabel(w.Period, periods)
	}
	return w.Name()
}

// AwardName names an award from its kind, its period's label and its score (Winner.Name).
func AwardName(kind, label string, home, away int) string {
	switch kind {
	case AwardReverse:
		return "Reverse " + label
	case AwardScore:
		return fmt.Sprintf("Score %d-%d", away, home)
	}
	return label
}

// AwardWinner is the winner an award makes of a pool's square: the square's owner (0 for the house) gets
// the award's amount, which a house square keeps with the house; a host-collected pool's host pays it; a
// free pool records the win only.
func AwardWinner(p *Pool, a Award, ownerID int64) Winner {
	w := Winner{PoolID: p.ID, HomeScore: a.HomeScore, AwayScore: a.AwayScore, Row: a.Row, Column: a.Column,
		UserID: ownerID, Amount: a.Amount, Status: WinnerCredited, Kind: a.Kind, Award: a.Key(),
		PeriodCode: a.Period, Label: a.PeriodLabel}
	for i, s := range p.EffectiveRules().orderedPayouts() {
		if s.Period == a.Period {
			w.Period = i + 1
		}
	}
	switch {
	case p.HostCollects():
		w.Status = WinnerHostPays
	case p.IsFree():
		w.Amount, w.Status = 0, WinnerFree
	case ownerID == 0:
		w.Status = WinnerHouse
	}
	return w
}

// PeriodLabel names a period of a game paid over periods periods: Q1..Q3 and "Final" in quarters, "1st
// Half" and "Final" in halves.
func PeriodLabel(period, periods int) string {
	if period == periods {
		return "Final"
	}
	if periods == 2 {
		return "1st Half"
	}
	return fmt.Sprintf("Q%d", period)
}

// WinningCell returns the square that wins a period with the given end score: the row whose drawn away
// digit is the last digit of the away score, the column whose home digit is the home score's. The pool's
// digits must be drawn.
func WinningCell(p *Pool, s PeriodScore) (Cell, error) {
	if !p.NumbersGenerated() {
		return Cell{}, Errorf(EUNPROCESSABLE, "%s has no numbers drawn; it has no winners.", p.Name)
	}
	if s.Home < 0 || s.Away < 0 {
		return Cell{}, Errorf(EINVALID, "Scores cannot be negative.")
	}
	c := Cell{Row: -1, Column: -1}
	for i := 0; i < GridSize; i++ {
		if p.AwayNumbers[i] == s.Away%10 {
			c.Row = i
		}
		if p.HomeNumbers[i] == s.Home%10 {
			c.Column = i
		}
	}
	if c.Row < 0 || c.Column < 0 {
		return Cell{}, Errorf(EINTERNAL, "%s has digits that are not a permutation.", p.Name)
	}
	return c, nil
}

// SettlementFeePercent is the fee kept from a pool's pot when it is decided: the pool's HouseFeePercent,
// which its JSON shows too (10%, 5% for a non-profit, none for a private pool).
func SettlementFeePercent(p *Pool) int64 { return p.HouseFeePercent() }

// SettlementPrizes returns each paying period's prize of a pool, in period order: the pot less the
// settlement fee, split by the pool's rules (Rules.PeriodShares: the floor of each share, the remainder to
// the final; an every-score share apart).
func SettlementPrizes(p *Pool) []Cents {
	shares, _ := p.EffectiveRules().PeriodShares(p.PrizePool(), p.leagueID())
	out := make([]Cents, len(shares))
	for i, s := range shares {
		out[i] = s.Amount
	}
	return out
}

// PayoutLabel names what a period of a game paid over periods periods pays for, as every screen shows it:
// Q1, Halftime, Q3 and Final in quarters; Halftime and Final in halves.
func PayoutLabel(period, periods int) string {
	switch {
	case period == periods:
		return "Final"
	case period == periods/2:
		return "Halftime"
	}
	return fmt.Sprintf("Q%d", period)
}

// Payout is what one paying period of a pool pays: its share of the prize pool, in percent, and the
// amount. Period is its place among the pool's paying periods (1 for the first), Code its code (Q1 ...).
type Payout struct {
	Period  int
	Code    string
	Label   string
	Percent int64
	Amount  Cents
}

// IfFull is the pool as it will be once every square of its grid is taken: the pool itself once it is full.
func IfFull(p *Pool) *Pool {
	if p.SquaresTaken >= p.GridSquares() {
		return p
	}
	q := *p
	q.SquaresTaken = p.GridSquares()
	return &q
}

// Payouts returns what each paying period of a pool pays, as settlement pays it (SettlementPrizes): on the
// pot of the pool full until it is, then on its real pot, which is the same. A free pool's amounts are
// zero. Labels are Q1, Halftime, Q3, Q4 and Final (Halftime and Final in halves).
func Payouts(p *Pool) []Payout {
	full := IfFull(p)
	shares, _ := full.EffectiveRules().PeriodShares(full.PrizePool(), p.leagueID())
	out := make([]Payout, len(shares))
	for i, s := range shares {
		label := s.Label
		switch s.Period {
		case PeriodQ2, PeriodH1:
			label = "Halftime"
		}
		out[i] = Payout{Period: i + 1, Code: s.Period, Label: label, Percent: int64(s.Percent), Amount: s.Amount}
	}
	return out
}

// EveryScoreShare is the share of a pool's prize pool (if full) that its score changes split, 0 without one.
func EveryScoreShare(p *Pool) Cents {
	full := IfFull(p)
	_, every := full.EffectiveRules().PeriodShares(full.PrizePool(), p.leagueID())
	return every
}

// SettlementFeeTransaction moves a decided pool's fee from its escrow to the house (or, for a
// non-profit pool, to the organisation's account). It reports false when there is no fee to take.
func SettlementFeeTransaction(p *Pool) (LedgerTransaction, bool) {
	fee := p.Pot().Percent(SettlementFeePercent(p))
	if fee <= 0 || p.HostCollects() {
		return LedgerTransaction{}, false
	}
	to := AccountHouseFees
	if p.IsNonprofit {
		to = AccountNonprofitFees
	}
	t := transfer(fmt.Sprintf("fee:%d", p.ID), LedgerHouseFee, fee, PoolEscrowAccount(p.ID), to)
	t.PoolID = p.ID
	return t, true
}

// PrizeTransaction moves a period's prize from the pool's escrow to its winner's winnings, or to the
// house's for a house square. It reports false when the win moves no money (a free pool, a host-collected
// pool, whose host pays outside Squares, a zero prize).
func PrizeTransaction(w Winner) (LedgerTransaction, bool) {
	if w.Amount <= 0 || w.Status != WinnerCredited && w.Status != WinnerHouse {
		return LedgerTransaction{}, false
	}
	to := AccountHouseWinnings
	if w.UserID != 0 {
		to = UserWinningsAccount(w.UserID)
	}
	// A period's whole prize keeps the key it had before rules existed, so that a period paid then is never
	// paid again; every other award is keyed by its own key.
	key := fmt.Sprintf("prize:%d:%d", w.PoolID, w.Period)
	if w.Kind != "" && w.Award != AwardPeriod+":"+w.PeriodCode {
		key = fmt.Sprintf("prize:%d:%s", w.PoolID, w.Award)
	}
	t := transfer(key, LedgerPrize, w.Amount, PoolEscrowAccount(w.PoolID), to)
	t.PoolID, t.UserID = w.PoolID, w.UserID
	t.Memo = fmt.Sprintf("period %d: %d-%d", w.Period, w.HomeScore, w.AwayScore)
	if w.Kind != "" && w.Kind != AwardPeriod {
		t.Memo = fmt.Sprintf("%s: %d-%d", w.Name(), w.AwayScore, w.HomeScore)
	}
	return t, true
}
