package squares

import (
	"sort"
	"strings"
	"time"
)

// A pool's settlement report: every square's owner and what they paid, each award's score, winner and
// prize, the claims, refunds and payouts, and the totals. Its money comes from the ledger, the only record
// of what moved: the totals are sums of the pool's ledger transactions (ReportTotalsOf), never amounts
// worked out again from the pool's rules.

// ReportTotals is a pool's money as its ledger records it. MoneyIn = Fee + Prizes + Refunds + InEscrow
// always holds; a settled pool has nothing left in escrow.
type ReportTotals struct {
	// MoneyIn is what came into the pool's escrow: players' payments captured, and what the house staked
	// on the squares it filled.
	MoneyIn Cents
	// Held is what is authorised on players' cards and not yet captured nor released.
	Held Cents
	// Fee is the fee taken from the pot.
	Fee Cents
	// Prizes is what the pool's escrow credited to its winners (the house's squares' prizes included).
	Prizes Cents
	// Refunds is what went back out of the escrow: captured payments refunded, and the house's stakes of a
	// cancelled pool.
	Refunds Cents
	// InEscrow is what the escrow still holds.
	InEscrow Cents
	// PaidOut is the prizes paid out to their winners.
	PaidOut Cents
	// Forfeited is the prizes not claimed in time, kept by the house.
	Forfeited Cents
	// StillOwed is the prizes credited to players and neither paid out nor forfeited yet.
	StillOwed Cents
}

// ReportTotalsOf sums a pool's ledger transactions (those whose PoolID is the pool's, with their entries):
// what entered its escrow, what left it by kind, what is held on cards, and what of its players' prizes
// was paid out, forfeited or is still owed.
func ReportTotalsOf(poolID int64, txs []*LedgerTransaction) ReportTotals {
	var t ReportTotals
	escrow, held := PoolEscrowAccount(poolID), PoolHeldAccount(poolID)
	var credited Cents // prizes credited to players' winnings
	for _, tx := range txs {
		if tx.PoolID != poolID {
			continue
		}
		for _, e := range tx.Entries {
			switch {
			case e.Account == held:
				t.Held += e.Amount
			case e.Account == escrow && e.Amount > 0:
				t.MoneyIn += e.Amount
			case e.Account == escrow:
				switch tx.Kind {
				case LedgerHouseFee:
					t.Fee -= e.Amount
				case LedgerPrize:
					t.Prizes -= e.Amount
				default: // refund, recover, unstake: the money goes back where it came from
					t.Refunds -= e.Amount
				}
			}
			if tx.Kind == LedgerPrize && e.Amount > 0 {
				if _, user := LedgerAccountOf(e.Account); user != 0 {
					credited += e.Amount
				}
			}
		}
		switch tx.Kind {
		case LedgerPayout:
			t.PaidOut += tx.Amount
		case LedgerForfeit:
			t.Forfeited += tx.Amount
		}
	}
	t.InEscrow = t.MoneyIn - t.Fee - t.Prizes - t.Refunds
	t.StillOwed = credited - t.PaidOut - t.Forfeited
	return t
}

// ReportMoney is what one owner of a pool put in and got back, as the ledger records it: Paid is captured
// (for the house, staked), Held authorised and not yet captured nor released, Refunded given back.
type ReportMoney struct {
	Paid, Held, Refunded Cents
}

// ReportMoneyByUser reads each owner's money from a pool's ledger transactions, by user id (0 for the
// house). A refund counts whole for the payment's player, what the house had covered of it included (the
// card had that back already).
func ReportMoneyByUser(poolID int64, txs []*LedgerTransaction) map[int64]ReportMoney {
	payer := map[string]int64{}
	for _, tx := range txs {
		if tx.PoolID == poolID && tx.Kind == LedgerHold {
			payer[tx.PaymentID] = tx.UserID
		}
	}
	out := map[int64]ReportMoney{}
	for _, tx := range txs {
		if tx.PoolID != poolID {
			continue
		}
		user := tx.UserID
		if tx.PaymentID != "" {
			if u, ok := payer[tx.PaymentID]; ok {
				user = u
			}
		}
		m := out[user]
		switch tx.Kind {
		case LedgerHold:
			m.Held += tx.Amount
		case LedgerCapture:
			m.Held -= tx.Amount
			m.Paid += tx.Amount
		case LedgerRelease:
			m.Held -= tx.Amount
		case LedgerRefund, LedgerRecover:
			m.Refunded += tx.Amount
		case LedgerStake:
			m.Paid += tx.Amount
		case LedgerUnstake:
			m.Refunded += tx.Amount
		default:
			continue
		}
		out[user] = m
	}
	return out
}

// SquareOwnerName names a square's owner as the board shows them: "House", a host's guest by their name,
// a member by their first name and initial.
func SquareOwnerName(sq *Square) string {
	switch {
	case sq.IsHouse:
		return "House"
	case sq.UserID == 0 && sq.GuestID != 0:
		return sq.GuestName
	}
	return ShortName(sq.OwnerFirst, sq.OwnerLast)
}

// ReportPlayer is one owner's line of a report: the squares they own, what they paid (through Squares;
// in a host-collected pool what the host recorded as received), what is held on their card, what was
// refunded, and what their squares won.
type ReportPlayer struct {
	Owner    string // as the draw names an owner: a user id, "admin", "guest-{id}"
	Name     string
	Squares  int
	Paid     Cents
	Held     Cents
	Refunded Cents
	Won      Cents
}

// SortReportPlayers orders a report's players by the squares they own (most first), then by name.
func SortReportPlayers(ps []ReportPlayer) {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Squares != ps[j].Squares {
			return ps[i].Squares > ps[j].Squares
		}
		return strings.ToLower(ps[i].Name) < strings.ToLower(ps[j].Name)
	})
}

// ReportAward is one award of a pool as the report shows it: what was won ("Q1", "Reverse Final", "Score
// 14-7"), at what score, by which square and owner, the prize, and what became of it.
type ReportAward struct {
	Award      string // the award's key in the pool (Award.Key)
	Name       string
	HomeScore  int
	AwayScore  int
	Row        int
	Column     int
	Owner      string
	OwnerName  string
	Amount     Cents
	Status     string // the winner's status: credited, house, free, host_pays, host_paid
	Prize      string // a player's prize's status: unclaimed, payout_pending, paid, forfeited; "" for none
	ClaimedAt  *time.Time
	PaidAt     *time.Time // paid out by Squares, or marked paid by a host-collected pool's host
	ForfeitAt  *time.Time
	CreditedAt *time.Time
}

// Report movements of prizes (ReportPayout.Kind).
const (
	ReportClaimed   = "claim"     // a player claimed a prize
	ReportPaidOut   = "payout"    // a claimed prize paid out
	ReportForfeited = "forfeit"   // a prize not claimed in time, kept by the house
	ReportHostPaid  = "host_paid" // a host-collected pool's host marked a prize paid
)

// ReportPayout is a claim, payout or forfeit of a prize, or a host's payment of one.
type ReportPayout struct {
	Kind      string
	Award     string // the award's name
	Owner     string
	OwnerName string
	Amount    Cents
	At        time.Time
}

// ReportPayoutsOf lists the claims, payouts and forfeits of a pool's awards (and a host's payments of
// them), oldest first.
func ReportPayoutsOf(awards []ReportAward) []ReportPayout {
	var out []ReportPayout
	add := func(kind string, a ReportAward, at *time.Time) {
		if at != nil {
			out = append(out, ReportPayout{Kind: kind, Award: a.Name, Owner: a.Owner, OwnerName: a.OwnerName, Amount: a.Amount, At: at.UTC()})
		}
	}
	for _, a := range awards {
		if a.Status == WinnerHostPaid {
			add(ReportHostPaid, a, a.PaidAt)
			continue
		}
		add(ReportClaimed, a, a.ClaimedAt)
		add(ReportPaidOut, a, a.PaidAt)
		add(ReportForfeited, a, a.ForfeitAt)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return out
}

// ReportRefund is a payment of a pool given back to its owner (the house's stakes of a cancelled pool
// included).
type ReportRefund struct {
	Owner     string
	OwnerName string
	Amount    Cents
	At        time.Time
}
