package squares

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The payment deadline of a host-collected pool: its members who owe are reminded by e-mail a day and two
// hours before payBy, the host may remind them at any time (at most once every HostReminderInterval), and
// at payBy the squares still unpaid are released, unless the numbers are drawn already.
const (
	// ReminderDay and ReminderHours are the automatic reminders, each sent once per pool; they name the
	// pool history's entries too.
	ReminderDay   = "reminder.24h"
	ReminderHours = "reminder.2h"
	// ReminderDayLead and ReminderHoursLead are how long before payBy each is due.
	ReminderDayLead   = 24 * time.Hour
	ReminderHoursLead = 2 * time.Hour
	// HostReminderInterval is how often the host may send a reminder of their own.
	HostReminderInterval = 6 * time.Hour
)

// What the deadline does, for the pool's history: the host's reminder, the release at payBy, and the host's
// marking of a prize paid.
const (
	HostSendReminder  = "reminder.send"
	DeadlineRelease   = "square.release"
	HostMarkPrizePaid = "prize.paid"
)

// ReminderSent is which automatic reminders of a pool were sent already.
type ReminderSent struct {
	Day, Hours bool
}

// ReminderDue is the automatic reminder due now before a payment deadline payBy: ReminderDay from
// ReminderDayLead before it, ReminderHours from ReminderHoursLead before it, each once; "" when none is.
// Once the later one is due the earlier one is not sent any more (a server that was down, a deadline set
// less than a day ahead): the later one says the same, nearer the deadline. Nothing is due from payBy on.
func ReminderDue(payBy, now time.Time, sent ReminderSent) string {
	switch {
	case !now.Before(payBy):
		return ""
	case !now.Before(payBy.Add(-ReminderHoursLead)):
		if !sent.Hours {
			return ReminderHours
		}
	case !now.Before(payBy.Add(-ReminderDayLead)):
		if !sent.Day {
			return ReminderDay
		}
	}
	return ""
}

// ReleaseDue reports whether a host pool's unpaid squares are to be released now: from payBy on, once,
// and only while the numbers are not drawn (after the draw what is owed stays between host and player).
func ReleaseDue(payBy, now time.Time, drawn, released bool) bool {
	return !released && !drawn && !now.Before(payBy)
}

// DeadlineDues are the times a payment deadline payBy still has something to do: each automatic reminder
// not yet sent and the release not yet made (a scheduler wakes at the earliest still ahead).
func DeadlineDues(payBy time.Time, sent ReminderSent, released bool) []time.Time {
	var out []time.Time
	if !sent.Day {
		out = append(out, payBy.Add(-ReminderDayLead))
	}
	if !sent.Hours {
		out = append(out, payBy.Add(-ReminderHoursLead))
	}
	if !released {
		out = append(out, payBy)
	}
	return out
}

// DeadlineApplies reports whether a pool's payment deadline still does anything: a host-collected pool
// with a payBy that is taking squares or full, not cancelled, started nor completed.
func DeadlineApplies(p *Pool) bool {
	if p == nil || !p.HostCollects() || p.PayBy == nil {
		return false
	}
	switch p.Status {
	case PoolActive, PoolInactive, PoolFull:
		return true
	}
	return false
}

// HostReminder is the host's sending of a reminder now, with what its rule reads: the last one the host
// sent (nil for none).
type HostReminder struct {
	Actor *User
	Pool  *Pool
	Last  *time.Time
	Now   time.Time
}

// CheckHostReminder applies the rules of the host's reminder: the host's right (CheckHostAction), a pool
// whose deadline still applies (DeadlineApplies; 422 otherwise), and one reminder every
// HostReminderInterval (ETOOMANY, with how long to wait, otherwise).
func CheckHostReminder(r HostReminder) error {
	if err := CheckHostAction(HostAction{Actor: r.Actor, Pool: r.Pool, Action: HostSendReminder}); err != nil {
		return err
	}
	if !DeadlineApplies(r.Pool) {
		return Errorf(EUNPROCESSABLE, "This pool is %s: there is nothing to remind its players of.", r.Pool.Status)
	}
	if r.Last != nil {
		next := r.Last.Add(HostReminderInterval)
		if r.Now.Before(next) {
			return TooMany(next.Sub(r.Now), "A reminder was sent less than 6 hours ago: you can send the next one at %s.",
				FormatEastern(next))
		}
	}
	return nil
}

// OwingMembers returns the players of a host pool a reminder goes to: members (not guests, who have no
// account) with an unpaid balance, the host left out (what the host owes is theirs to settle).
func OwingMembers(bs []PlayerBalance, hostID int64) []PlayerBalance {
	var out []PlayerBalance
	for _, b := range bs {
		if b.UserID != 0 && b.UserID != hostID && b.Balance > 0 {
			out = append(out, b)
		}
	}
	return out
}

// UnpaidSquares is how many of a player's squares the release at payBy frees: those their payments do not
// cover (PaidSquares), the last taken first.
func UnpaidSquares(fee, paid Cents, squares int) int {
	return squares - PaidSquares(fee, paid, squares)
}

// PaymentReminderNotice reminds a member of a host pool what they owe the host, by when, and what happens
// then.
func PaymentReminderNotice(p *Pool, b PlayerBalance) string {
	msg := fmt.Sprintf("Reminder: you owe the host $%s for %s in %s. Please pay by %s.", b.Balance,
		countOf(b.Squares, "square"), p.Name, FormatEastern(*p.PayBy))
	if !p.NumbersGenerated() {
		msg += " Squares not paid for by then are released."
	}
	return msg
}

// UnpaidReleasedNotice tells a member that n of their squares were released at the payment deadline.
func UnpaidReleasedNotice(p *Pool, n int) string {
	return fmt.Sprintf("%s not paid for by the deadline in %s %s released and free for others to take.",
		capitalize(countOf(n, "square")), p.Name, wasWere(n))
}

// HostReleasedNotice tells the host what the release at the payment deadline freed: total squares of the
// players named.
func HostReleasedNotice(p *Pool, total int, players []string) string {
	return fmt.Sprintf("At the payment deadline of %s, %s not paid for %s released: %s.", p.Name,
		countOf(total, "square"), wasWere(total), strings.Join(players, ", "))
}

// HostPrizePaidNotice tells the winner of a host pool's period that the host marked their prize paid.
func HostPrizePaidNotice(p *Pool, w Winner) string {
	return fmt.Sprintf("The host marked your prize for %s, $%s, as paid.", wonWhere(p, w), w.Amount)
}

// HostPrizeWonNotice tells the winner of a host pool's period what they won and that the host pays it.
func HostPrizeWonNotice(p *Pool, w Winner) string {
	return fmt.Sprintf("You won %s: $%s. The host pays you directly; Squares does not hold this pool's money.",
		wonWhere(p, w), w.Amount)
}

// CheckHostPrizePaid says whether the host may mark a winner's prize paid: a host pool's prize (host_pays,
// or host_paid already, which changes nothing).
func CheckHostPrizePaid(w *Winner) error {
	switch w.Status {
	case WinnerHostPays, WinnerHostPaid:
		return nil
	}
	return Errorf(EUNPROCESSABLE, "This prize is not the host's to pay.")
}

// AwardOfLabel is the award a label names in a pool with rules r (paying periods of the league's games),
// as the winners list names them: a paying period's label (Q1, Q2, Q3, Q4, Final; 1st Half, Final) or the
// payouts' Halftime, in any case, names that period's prize ("period:Q1"); an award's key as the winners
// list gives it ("reverse:Q1", "score:7") names itself. ENOTFOUND for a label of no prize of the rules.
func AwardOfLabel(label string, r Rules, leagueID int64) (string, error) {
	label = strings.TrimSpace(label)
	var names []string
	for _, p := range r.orderedPayouts() {
		name := PayingPeriodLabel(p.Period, leagueID)
		half := (p.Period == PeriodQ2 || p.Period == PeriodH1) && strings.EqualFold(label, "Halftime")
		if strings.EqualFold(label, name) || strings.EqualFold(label, p.Period) || half {
			return AwardPeriod + ":" + p.Period, nil
		}
		names = append(names, name)
	}
	if kind, rest, ok := strings.Cut(label, ":"); ok && rest != "" && !strings.ContainsAny(rest, " /") {
		switch kind {
		case AwardPeriod, AwardReverse:
			for _, p := range r.Payouts {
				if rest == p.Period || strings.HasPrefix(rest, p.Period+":") {
					return label, nil
				}
			}
		case AwardScore:
			if n, err := strconv.Atoi(rest); err == nil && n > 0 && r.EveryScorePercent > 0 {
				return label, nil
			}
		}
	}
	return "", Errorf(ENOTFOUND, "This pool has no period %q: its periods are %s.", label, strings.Join(names, ", "))
}

func countOf(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func wasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
