package squares

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
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
	AccountPaymentsFailed = "house:losses"   // captured money given back outside Squares (refunds in the provider's dashboard, disputes), which the house covers
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
	LedgerRelease  = "release"   // an authorisation released: nothing charged
	LedgerRefund   = "refund"    // a capture returned to the card
	LedgerStake    = "stake"     // the house stakes the squares it fills
	LedgerUnstake  = "unstake"   // the house's stakes returned when their pool is cancelled
	LedgerHouseFee = "house_fee" // the fee taken from a settled pot
	LedgerPrize    = "prize"     // a period's prize credited to its winner
	LedgerPayout   = "payout"    // a credited prize paid out
	LedgerForfeit  = "forfeit"   // a prize unclaimed within the window, kept by the house
	// A captured payment's money refunded outside Squares (in the provider's dashboard): the player keeps
	// the squares and the house covers it.
	LedgerExternalRefund = "external_refund"
	LedgerDispute        = "dispute"     // a captured payment's amount taken back by a dispute, covered by the house
	LedgerDisputeWon     = "dispute_won" // a disputed amount given back to the house when the dispute is won
	LedgerRecover        = "recover"     // what the house covered of a payment, back from its cancelled pool's escrow
)

// LedgerKinds lists every transaction kind, in the order money moves through a pool.
var LedgerKinds = []string{LedgerHold, LedgerCapture, LedgerRelease, LedgerRefund, LedgerStake, LedgerUnstake,
	LedgerHouseFee, LedgerPrize, LedgerClaim, LedgerPayout, LedgerForfeit, LedgerExternalRefund, LedgerDispute, LedgerDisputeWon,
	LedgerRecover}

// IsLedgerKind reports whether kind is a transaction kind of the ledger.
func IsLedgerKind(kind string) bool { return slices.Contains(LedgerKinds, kind) }

// LedgerAccountOf reads whose an account is from its name: the pool of a pool's held or escrow account,
// the player of a player's winnings account (0 for the platform's own accounts and for a name it does
// not know).
func LedgerAccountOf(account string) (poolID, userID int64) {
	parts := strings.Split(account, ":")
	if len(parts) != 3 {
		return 0, 0
	}
	id, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != parts[1] {
		return 0, 0
	}
	switch {
	case parts[0] == "pool" && (parts[2] == "held" || parts[2] == "escrow"):
		return id, 0
	case parts[0] == "user" && parts[2] == "winnings":
		return 0, id
	}
	return 0, 0
}

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

// ReleaseTransaction records an authorisation released before capture.
func ReleaseTransaction(p *Payment) LedgerTransaction {
	t := transfer("release:"+p.ID, LedgerRelease, p.Amount, PoolHeldAccount(p.PoolID), AccountWorld)
	t.PoolID, t.UserID, t.PaymentID = p.PoolID, p.UserID, p.ID
	return t
}

// RefundTransactions record a captured payment returned to the card when its pool is cancelled. What the
// house covered of it (refunds outside Squares, disputes: money the card has already had) goes back from
// the pool's escrow to the house, and the rest to the card.
func RefundTransactions(p *Payment, covered Cents) []LedgerTransaction {
	covered = max(0, min(covered, p.Amount))
	var out []LedgerTransaction
	if rest := p.Amount - covered; rest > 0 {
		out = append(out, transfer("refund:"+p.ID, LedgerRefund, rest, PoolEscrowAccount(p.PoolID), AccountWorld))
	}
	if covered > 0 {
		t := transfer("recover:"+p.ID, LedgerRecover, covered, PoolEscrowAccount(p.PoolID), AccountPaymentsFailed)
		out = append(out, t)
	}
	for i := range out {
		out[i].PoolID, out[i].PaymentID = p.PoolID, p.ID
		if out[i].Kind == LedgerRefund {
			out[i].UserID = p.UserID
		}
	}
	return out
}

// ExternalRefundTransaction records what of a captured payment was refunded outside Squares (in the
// provider's dashboard) beyond what is recorded already: refunded is the provider's total refunded so
// far, recorded the total of the payment's earlier refunds outside. The player keeps the squares, so the
// pool's escrow stays whole and the house covers what went back to the card. It reports false when
// nothing is new (an event delivered again). Its key names the total reached, so it is written once.
func ExternalRefundTransaction(p *Payment, recorded, refunded Cents) (LedgerTransaction, bool) {
	total := min(refunded, p.Amount)
	if total <= recorded {
		return LedgerTransaction{}, false
	}
	t := transfer(fmt.Sprintf("external_refund:%s:%d", p.ID, int64(total)), LedgerExternalRefund, total-recorded,
		AccountPaymentsFailed, AccountWorld)
	t.PoolID, t.UserID, t.PaymentID = p.PoolID, p.UserID, p.ID
	return t, true
}

// DisputeTransactions record a cardholder's dispute of a captured payment, as far as its status goes: the
// disputed amount (at most the payment's) taken back by the card's issuer and covered by the house once
// withdrawn, and given back to the house once the dispute is won. Each is keyed by the dispute, so it is
// written once however often the provider reports it (and a dispute reported won first is recorded
// whole). An inquiry gives none.
func DisputeTransactions(p *Payment, d ProviderDispute) []LedgerTransaction {
	amount := min(d.Amount, p.Amount)
	if amount <= 0 || !DisputeWithdrawn(d.Status) {
		return nil
	}
	out := []LedgerTransaction{transfer("dispute:"+d.ID, LedgerDispute, amount, AccountPaymentsFailed, AccountWorld)}
	if d.Status == DisputeWon {
		out = append(out, transfer("dispute_won:"+d.ID, LedgerDisputeWon, amount, AccountWorld, AccountPaymentsFailed))
	}
	for i := range out {
		out[i].PoolID, out[i].UserID, out[i].PaymentID, out[i].Memo = p.PoolID, p.UserID, p.ID, d.ID
	}
	return out
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
