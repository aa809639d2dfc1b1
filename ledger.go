package squares

import (
	"fmt"
	"time"
)

// Ledger accounts. Every movement of money is a transaction of entries whose amounts sum to zero, so the
// sum over all accounts is always zero. Money that comes from or goes back to players' cards passes
// through the world account, whose balance is the negative of what the platform holds.
const (
	AccountWorld          = "world"          // players' cards: money outside the platform
	AccountHouseFees      = "house:fees"     // the house fee of each settled pool
	AccountNonprofitFees  = "nonprofit:fees" // the organisation's share of non-profit pools
	AccountHouseStakes    = "house:stakes"   // what the house stakes on squares it fills
	AccountHouseWinnings  = "house:winnings" // prizes won by house squares
	AccountHouseForfeits  = "house:forfeits" // prizes not claimed within the claim window
	AccountPaymentsFailed = "house:losses"   // captured money the provider could not keep (disputes)
)

// PoolHeldAccount holds the authorised, uncaptured payments for a pool's squares.
func PoolHeldAccount(poolID int64) string { return fmt.Sprintf("pool:%d:held", poolID) }

// PoolEscrowAccount holds a pool's captured money until it is settled.
func PoolEscrowAccount(poolID int64) string { return fmt.Sprintf("pool:%d:escrow", poolID) }

// UserWinningsAccount holds a player's credited prizes until they are paid out or forfeited.
func UserWinningsAccount(userID int64) string { return fmt.Sprintf("user:%d:winnings", userID) }

// Ledger transaction kinds.
const (
	LedgerHold     = "hold"      // a card authorisation for squares
	LedgerCapture  = "capture"   // an authorisation captured into the pool's escrow
	LedgerRelease  = "release"   // an authorisation cancelled: nothing charged
	LedgerRefund   = "refund"    // a capture returned to the card
	LedgerStake    = "stake"     // the house stakes the squares it fills
	LedgerUnstake  = "unstake"   // the house's stakes returned when their pool is cancelled
	LedgerHouseFee = "house_fee" // the fee taken from a settled pot
	LedgerPrize    = "prize"     // a period's prize credited to its winner
	LedgerPayout   = "payout"    // a credited prize paid out
	LedgerForfeit  = "forfeit"   // a prize unclaimed within the window, kept by the house
)

// LedgerEntry moves Amount into Account (negative: out of it).
type LedgerEntry struct {
	Account string
	Amount  Cents
}

// LedgerTransaction is one balanced movement of money. Key makes it idempotent: a transaction whose key
// exists is never written twice.
type LedgerTransaction struct {
	ID        int64
	Key       string
	Kind      string
	PoolID    int64
	UserID    int64
	PaymentID string
	Amount    Cents // the amount moved, positive
	Memo      string
	Entries   []LedgerEntry
	CreatedAt time.Time
}

// Balanced reports whether the entries sum to zero and no entry is zero.
func (t *LedgerTransaction) Balanced() bool {
	var sum Cents
	for _, e := range t.Entries {
		if e.Amount == 0 || e.Account == "" {
			return false
		}
		sum += e.Amount
	}
	return len(t.Entries) >= 2 && sum == 0
}

// transfer builds a two-entry transaction moving amount from one account to another.
func transfer(key, kind string, amount Cents, from, to string) LedgerTransaction {
	return LedgerTransaction{Key: key, Kind: kind, Amount: amount,
		Entries: []LedgerEntry{{Account: from, Amount: -amount}, {Account: to, Amount: amount}}}
}

// HoldTransaction records a player's card authorisation for squares of a pool.
func HoldTransaction(p *Payment) LedgerTransaction {
	t := transfer("hold:"+p.ID, LedgerHold, p.Amount, AccountWorld, PoolHeldAccount(p.PoolID))
	t.PoolID, t.UserID, t.PaymentID = p.PoolID, p.UserID, p.ID
	return t
}

// CaptureTransaction records an authorisation captured into the pool's escrow.
func CaptureTransaction(p *Payment) LedgerTransaction {
	t := transfer("capture:"+p.ID, LedgerCapture, p.Amount, PoolHeldAccount(p.PoolID), PoolEscrowAccount(p.PoolID))
	t.PoolID, t.UserID, t.PaymentID = p.PoolID, p.UserID, p.ID
	return t
}

// ReleaseTransaction records an authorisation cancelled before capture.
func ReleaseTransaction(p *Payment) LedgerTransaction {
	t := transfer("release:"+p.ID, LedgerRelease, p.Amount, PoolHeldAccount(p.PoolID), AccountWorld)
	t.PoolID, t.UserID, t.PaymentID = p.PoolID, p.UserID, p.ID
	return t
}

// RefundTransaction records a captured payment returned to the card.
func RefundTransaction(p *Payment) LedgerTransaction {
	t := transfer("refund:"+p.ID, LedgerRefund, p.Amount, PoolEscrowAccount(p.PoolID), AccountWorld)
	t.PoolID, t.UserID, t.PaymentID = p.PoolID, p.UserID, p.ID
	return t
}

// StakeTransaction records the house staking the squares it fills in a pool.
func StakeTransaction(poolID int64, amount Cents) LedgerTransaction {
	t := transfer(fmt.Sprintf("stake:%d", poolID), LedgerStake, amount, AccountHouseStakes, PoolEscrowAccount(poolID))
	t.PoolID = poolID
	return t
}

// UnstakeTransaction returns to the house what it staked in a pool that was cancelled.
func UnstakeTransaction(poolID int64, amount Cents) LedgerTransaction {
	t := transfer(fmt.Sprintf("unstake:%d", poolID), LedgerUnstake, amount, PoolEscrowAccount(poolID), AccountHouseStakes)
	t.PoolID = poolID
	return t
}
