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

// SettlementPrizes returns each period's prize of a pool: the pot less the settlement fee, split by the
// pool's payout schedule (floor of each share, the remainder to the final).
func SettlementPrizes(p *Pool) []Cents {
	pot := p.Pot()
	return PeriodPrizes(pot-pot.Percent(SettlementFeePercent(p)), p.PayoutSchedule)
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

// Payout is what one period of a pool pays: its share of the prize pool, in percent, and the amount.
type Payout struct {
	Period  int
	Label   string
	Percent int64
	Amount  Cents
}

// IfFull is the pool as it will be once every square is taken: the pool itself once it is full.
func IfFull(p *Pool) *Pool {
	if p.SquaresTaken >= SquaresPerPool {
		return p
	}
	q := *p
	q.SquaresTaken = SquaresPerPool
	return &q
}

// Payouts returns what each period of a pool pays, as settlement pays it (SettlementPrizes): on the pot of
// the pool full until it is, then on its real pot, which is the same. A free pool's amounts are zero.
func Payouts(p *Pool) []Payout {
	full := IfFull(p)
	prizes := SettlementPrizes(full)
	out := make([]Payout, len(prizes))
	for i, amount := range prizes {
		out[i] = Payout{Period: i + 1, Label: PayoutLabel(i+1, len(prizes)), Percent: full.PayoutSchedule[i], Amount: amount}
	}
	return out
}

// PeriodWinner is the winner of a period: the winning cell's owner (0 for the house) gets the period's
// prize, which a house square keeps with the house; a free pool records the win only.
func PeriodWinner(p *Pool, s PeriodScore, c Cell, ownerID int64) (Winner, error) {
	prizes := SettlementPrizes(p)
	if s.Period < 1 || s.Period > len(prizes) {
		return Winner{}, Errorf(EINVALID, "%s pays %d periods; there is no period %d.", p.Name, len(prizes), s.Period)
	}
	w := Winner{PoolID: p.ID, Period: s.Period, HomeScore: s.Home, AwayScore: s.Away, Row: c.Row, Column: c.Column,
		UserID: ownerID, Amount: prizes[s.Period-1], Status: WinnerCredited}
	switch {
	case p.HostCollects():
		w.Status = WinnerHostPays
	case p.IsFree():
		w.Amount, w.Status = 0, WinnerFree
	case ownerID == 0:
		w.Status = WinnerHouse
	}
	return w, nil
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
	t := transfer(fmt.Sprintf("prize:%d:%d", w.PoolID, w.Period), LedgerPrize, w.Amount, PoolEscrowAccount(w.PoolID), to)
	t.PoolID, t.UserID = w.PoolID, w.UserID
	t.Memo = fmt.Sprintf("period %d: %d-%d", w.Period, w.HomeScore, w.AwayScore)
	return t, true
}
