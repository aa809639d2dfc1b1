package squares

import (
	"fmt"
	"time"
)

// Prize statuses: credited and waiting for its winner's claim, claimed and waiting for the operator to
// pay it (Stripe), paid out, and forfeited to the house when not claimed in time.
const (
	PrizeUnclaimed     = "unclaimed"
	PrizePayoutPending = "payout_pending"
	PrizePaid          = "paid"
	PrizeForfeited     = "forfeited"
)

// PrizeClaimWindow is how long a winner has to claim a prize after it is credited; PrizeReminderLead is how
// long before the deadline the winner is reminded that it is about to be forfeited.
const (
	PrizeClaimWindow  = 30 * 24 * time.Hour
	PrizeReminderLead = 7 * 24 * time.Hour
)

// AccountPayoutsPending holds claimed prizes until they are paid out to their winners.
const AccountPayoutsPending = "payouts:pending"

// LedgerClaim is a claimed prize moved from its winner's winnings to the pending payouts.
const LedgerClaim = "claim"

// Prize is a player's prize: a credited period win, claimable until ClaimBy.
type Prize struct {
	ID       int64
	WinnerID int64
	UserID   int64
	PoolID   int64
	PoolName string
	// GameID, AwayTeam, HomeTeam and Kickoff name the pool's game.
	GameID             int64
	AwayTeam, HomeTeam string
	Kickoff            time.Time
	Period             int
	Periods            int // how many periods the pool's game is paid over, for the period's label
	Amount             Cents
	Status             string
	// FirstName, LastName and Email name the winner for admins.
	FirstName, LastName, Email string
	CreditedAt                 time.Time
	ClaimBy                    time.Time
	ClaimedAt, PaidAt          *time.Time
	ForfeitedAt, RemindedAt    *time.Time
	// Kind, Label and the winning score name what was won (Winner.Name); Label is "" for a prize read
	// without them.
	Kind, Label          string
	HomeScore, AwayScore int
}

// Name names what the prize was won for: "Q1", "Reverse Final", "Score 14-7".
func (p *Prize) Name() string {
	if p.Label == "" {
		return PeriodLabel(p.Period, p.Periods)
	}
	return AwardName(p.Kind, p.Label, p.HomeScore, p.AwayScore)
}

// PrizeOf reports whether a recorded winner's win is a claimable prize: credited to a player, not the
// house's, not a free pool's win, more than nothing.
func PrizeOf(w Winner) bool {
	return w.Status == WinnerCredited && w.UserID != 0 && w.Amount > 0
}

// Game names the prize's game as players read it: "Away @ Home".
func (p *Prize) Game() string { return GameName(p.AwayTeam, p.HomeTeam) }

// GameName names a game as players read it: "Away @ Home".
func GameName(away, home string) string { return away + " @ " + home }

// FreeWinOf reports whether a recorded winner is a player's win in a free pool: bragging rights, with no
// money and so nothing to claim and no deadline.
func FreeWinOf(w Winner) bool { return w.Status == WinnerFree && w.UserID != 0 }

// PrizeDaysLeft is how many days a winner has left to claim a prize: the time to its deadline in whole
// days, rounded up (an hour left is 1 day). 0 when there is nothing to claim: claimed, paid, forfeited, or
// the deadline passed.
func PrizeDaysLeft(p *Prize, now time.Time) int {
	if p.Status != PrizeUnclaimed || now.After(p.ClaimBy) {
		return 0
	}
	left := p.ClaimBy.Sub(now)
	days := int(left / (24 * time.Hour))
	if left%(24*time.Hour) != 0 {
		days++
	}
	return days
}

// SandboxPayoutText says where a claimed prize goes with the sandbox: it is paid at once, in test money.
const SandboxPayoutText = "Test payments: your prize is paid out now, as soon as you claim it. No real money moves."

// DefaultPayoutText says where a claimed prize goes with Stripe when the operator has not said
// (SQUARES_PAYOUT_TEXT): the operator pays it outside Squares (Stripe cannot pay card holders).
const DefaultPayoutText = "The operator pays your prize to you directly, outside Squares, and marks it paid here once it is sent."

// PayoutText is what players are told of where a claimed prize's money goes: with the sandbox it is paid
// now; with Stripe the operator's own text (configured), or DefaultPayoutText.
func PayoutText(provider, configured string) string {
	if provider == "sandbox" {
		return SandboxPayoutText
	}
	if configured != "" {
		return configured
	}
	return DefaultPayoutText
}

// ClaimedMessage tells a winner what their claim did: a prize paid at once (the sandbox) is "Paid"; one
// waiting for the operator is "Claimed — payout pending", with where the money goes.
func ClaimedMessage(p *Prize, payoutText string) string {
	switch p.Status {
	case PrizePaid:
		return fmt.Sprintf("Paid: $%s for %s of %s has been paid out to you.", p.Amount, p.Name(), p.PoolName)
	case PrizePayoutPending:
		return "Claimed — payout pending. " + payoutText
	}
	return ""
}

// PrizeClaimBy is the deadline of a prize credited at t.
func PrizeClaimBy(credited time.Time) time.Time { return credited.Add(PrizeClaimWindow) }

// CheckClaim says whether a prize may be claimed now: an unclaimed one until its deadline. A prize
// already claimed (or paid) may be claimed again, which changes nothing, so a claim is idempotent.
func CheckClaim(p *Prize, now time.Time) error {
	switch {
	case p.Status == PrizeForfeited:
		return Errorf(EUNPROCESSABLE, "This prize was not claimed by %s and was forfeited.", p.ClaimBy.Format("Jan 2, 2006"))
	case p.Status == PrizeUnclaimed && now.After(p.ClaimBy):
		return Errorf(EUNPROCESSABLE, "The claim period for this prize ended on %s.", p.ClaimBy.Format("Jan 2, 2006"))
	}
	return nil
}

// CheckMarkPaid says whether an admin may mark a prize's payout paid: a claimed one (paid already is no
// change); an unclaimed or forfeited prize has no payout.
func CheckMarkPaid(p *Prize) error {
	switch p.Status {
	case PrizeForfeited:
		return Errorf(EUNPROCESSABLE, "This prize was forfeited; it has no payout.")
	case PrizeUnclaimed:
		return Errorf(EUNPROCESSABLE, "This prize has not been claimed; it has no payout yet.")
	}
	return nil
}

// PrizeDueForReminder reports whether the winner of an unclaimed prize is to be reminded now: within
// PrizeReminderLead of its deadline, not reminded before, deadline not yet passed.
func PrizeDueForReminder(p *Prize, now time.Time) bool {
	return p.Status == PrizeUnclaimed && p.RemindedAt == nil && !now.Before(p.ClaimBy.Add(-PrizeReminderLead)) &&
		!now.After(p.ClaimBy)
}

// PrizeDueForForfeit reports whether an unclaimed prize's deadline has passed.
func PrizeDueForForfeit(p *Prize, now time.Time) bool {
	return p.Status == PrizeUnclaimed && now.After(p.ClaimBy)
}

// ClaimTransaction moves a claimed prize from its winner's winnings to the pending payouts.
func ClaimTransaction(p *Prize) LedgerTransaction {
	t := transfer(fmt.Sprintf("claim:%d", p.ID), LedgerClaim, p.Amount, UserWinningsAccount(p.UserID), AccountPayoutsPending)
	t.PoolID, t.UserID = p.PoolID, p.UserID
	return t
}

// PayoutTransaction records a claimed prize paid out to its winner: the money leaves the platform.
func PayoutTransaction(p *Prize) LedgerTransaction {
	t := transfer(fmt.Sprintf("payout:%d", p.ID), LedgerPayout, p.Amount, AccountPayoutsPending, AccountWorld)
	t.PoolID, t.UserID = p.PoolID, p.UserID
	return t
}

// ForfeitTransaction moves an unclaimed prize past its deadline from its winner's winnings to the house.
func ForfeitTransaction(p *Prize) LedgerTransaction {
	t := transfer(fmt.Sprintf("forfeit:%d", p.ID), LedgerForfeit, p.Amount, UserWinningsAccount(p.UserID), AccountHouseForfeits)
	t.PoolID, t.UserID = p.PoolID, p.UserID
	return t
}
