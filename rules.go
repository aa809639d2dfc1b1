package squares

import (
	"fmt"
	"slices"
	"strings"
)

// A pool's rules are a value chosen when the pool is made (issue 22): the grid's size, whether the numbers
// are drawn once or for each paying period, what each period pays, the reverse winners' share, the share
// that every change of the score pays, and what becomes of a board that is not full at the final decision.
// The defaults are the rules every pool played before rules existed, so nothing existing changes.

// Grid sizes: 10 rows by 10 columns (one digit each), 10 rows by 5 columns (two home digits a column), and 5
// rows by 5 columns (two digits a row and a column).
const (
	Grid100 = 100
	Grid50  = 50
	Grid25  = 25
)

// How a pool's numbers are drawn: once for the whole game (today), or one set for each paying period, each
// from its own committed seed.
const (
	NumbersOnce      = "once"
	NumbersPerPeriod = "per-period"
)

// What a pool not full at its final decision does: it is cancelled and its money returned (today's rule),
// or, for a private pool, it is drawn and played as it stands.
const (
	UnfilledCancel = "cancel"
	UnfilledPlay   = "play"
)

// Limits of the shares a pool's rules give.
const (
	MaxReversePercent    = 50
	MaxEveryScorePercent = 100
)

// PayoutShare is what one paying period pays: an integer percent of the prize pool.
type PayoutShare struct {
	// Period is a paying period's code: PeriodQ1 to PeriodQ4 and PeriodFinal, or PeriodH1 and PeriodFinal in
	// college basketball.
	Period  string `json:"period"`
	Percent int    `json:"percent"`
}

// Rules are the rules a pool plays by. The zero value of a field means its default (WithDefaults).
type Rules struct {
	// Grid is the number of squares: Grid100, Grid50 or Grid25.
	Grid int `json:"grid"`
	// Numbers is NumbersOnce or NumbersPerPeriod.
	Numbers string `json:"numbers" tstype:"'once' | 'per-period'"`
	// Payouts lists the paying periods in period order, with their percents; PeriodFinal is always one.
	Payouts []PayoutShare `json:"payouts"`
	// ReversePercent (0-50) is the share of each period's prize that goes to its reverse winner.
	ReversePercent int `json:"reversePercent"`
	// EveryScorePercent (0-100) is the share of the prize pool split equally among the game's score changes.
	EveryScorePercent int `json:"everyScorePercent"`
	// Unfilled is UnfilledCancel or UnfilledPlay (private pools only).
	Unfilled string `json:"unfilled" tstype:"'cancel' | 'play'"`
}

// DefaultRules are today's rules for a league's pools: 100 squares, numbers drawn once, Q1, Q2, Q3 and the
// final at 25% each (the first half and the final at 50% in college basketball), no reverse, no every score,
// and a pool not full at its final decision cancelled.
func DefaultRules(leagueID int64) Rules {
	return Rules{Grid: Grid100, Numbers: NumbersOnce, Payouts: defaultPayouts(leagueID), Unfilled: UnfilledCancel}
}

func defaultPayouts(leagueID int64) []PayoutShare {
	if HalvesLeague(leagueID) {
		return []PayoutShare{{PeriodH1, 50}, {PeriodFinal, 50}}
	}
	return []PayoutShare{{PeriodQ1, 25}, {PeriodQ2, 25}, {PeriodQ3, 25}, {PeriodFinal, 25}}
}

// WithDefaults fills the fields left at their zero value with the league's defaults (DefaultRules), and
// puts the payouts in period order; it checks nothing (CheckRules does).
func (r Rules) WithDefaults(leagueID int64) Rules {
	d := DefaultRules(leagueID)
	if r.Grid == 0 {
		r.Grid = d.Grid
	}
	if r.Numbers == "" {
		r.Numbers = d.Numbers
	}
	if r.Unfilled == "" {
		r.Unfilled = d.Unfilled
	}
	if len(r.Payouts) == 0 {
		r.Payouts = d.Payouts
	} else {
		r.Payouts = r.orderedPayouts()
	}
	return r
}

// orderedPayouts returns a copy of the payouts in period order.
func (r Rules) orderedPayouts() []PayoutShare {
	out := slices.Clone(r.Payouts)
	slices.SortStableFunc(out, func(a, b PayoutShare) int { return periodOrdinal(a.Period) - periodOrdinal(b.Period) })
	return out
}

// RulesPreset is a set of rules offered by name when a pool is made.
type RulesPreset struct {
	Name  string `json:"name"`
	Rules Rules  `json:"rules"`
}

// RulesPresets lists the rules offered by name for a league's pools: "Standard" (DefaultRules),
// "20/30/20/30" (40/60 in college basketball's halves: the heavier halftime and final), "Every score" (half
// the prize pool split among the game's score changes, the rest over the periods) and "Reverse" (the
// standard split, a fifth of each period's prize to its reverse winner).
func RulesPresets(leagueID int64) []RulesPreset {
	std := DefaultRules(leagueID)
	heavy, every, reverse := std, std, std
	heavy.Payouts = []PayoutShare{{PeriodQ1, 20}, {PeriodQ2, 30}, {PeriodQ3, 20}, {PeriodFinal, 30}}
	every.Payouts = []PayoutShare{{PeriodQ1, 10}, {PeriodQ2, 15}, {PeriodQ3, 10}, {PeriodFinal, 15}}
	if HalvesLeague(leagueID) {
		heavy.Payouts = []PayoutShare{{PeriodH1, 40}, {PeriodFinal, 60}}
		every.Payouts = []PayoutShare{{PeriodH1, 20}, {PeriodFinal, 30}}
	}
	every.EveryScorePercent = 50
	reverse.ReversePercent = 20
	return []RulesPreset{{"Standard", std}, {"20/30/20/30", heavy}, {"Every score", every}, {"Reverse", reverse}}
}

// RulesInput is a pool's rules with what their check reads: the league of the pool's game, and whether the
// pool is private (only a private pool may play unfilled).
type RulesInput struct {
	Rules    Rules
	LeagueID int64
	Private  bool
}

// Field names of the rules' errors, as the API names the members of the request's "rules" object.
const (
	fieldRulesGrid       = "rules.grid"
	fieldRulesNumbers    = "rules.numbers"
	fieldRulesPayouts    = "rules.payouts"
	fieldRulesReverse    = "rules.reversePercent"
	fieldRulesEveryScore = "rules.everyScorePercent"
	fieldRulesUnfilled   = "rules.unfilled"
)

// CheckRules checks a pool's rules, zero values already filled in (WithDefaults): a grid of 100, 50 or 25
// squares; numbers "once" or "per-period"; payouts naming each of the league's paying periods at most once
// (Q1-Q4 and FINAL, or H1 and FINAL in college basketball), FINAL always, at 1-100% each (FINAL, which takes
// every remainder, may be 0%); a reverse share of 0-50%; an every-score share of 0-100%, which with the
// payouts' percents adds up to 100; unfilled "cancel", or "play" in a private pool. It answers an
// EINVALIDINPUT error (400 invalid_input) naming each field at fault ("rules.grid", "rules.payouts", ...).
func CheckRules(in RulesInput) error {
	r := in.Rules
	var v Validation
	switch r.Grid {
	case Grid100, Grid50, Grid25:
	default:
		v.Add(fieldRulesGrid, "Grid must be 100, 50 or 25 squares.")
	}
	if r.Numbers != NumbersOnce && r.Numbers != NumbersPerPeriod {
		v.Add(fieldRulesNumbers, `Numbers must be "once" or "per-period".`)
	}
	payoutsMsg := checkPayouts(r.Payouts, in.LeagueID)
	if payoutsMsg != "" {
		v.Add(fieldRulesPayouts, payoutsMsg)
	}
	if r.ReversePercent < 0 || r.ReversePercent > MaxReversePercent {
		v.Add(fieldRulesReverse, fmt.Sprintf("Reverse percent must be 0 to %d.", MaxReversePercent))
	}
	everyOK := r.EveryScorePercent >= 0 && r.EveryScorePercent <= MaxEveryScorePercent
	if !everyOK {
		v.Add(fieldRulesEveryScore, fmt.Sprintf("Every-score percent must be 0 to %d.", MaxEveryScorePercent))
	}
	if sum := payoutSum(r.Payouts) + r.EveryScorePercent; sum != 100 && payoutsMsg == "" && everyOK {
		v.Add(fieldRulesPayouts, fmt.Sprintf("The payout percents and the every-score percent must add up to 100; they add up to %d.", sum))
	}
	switch {
	case r.Unfilled != UnfilledCancel && r.Unfilled != UnfilledPlay:
		v.Add(fieldRulesUnfilled, `Unfilled must be "cancel" or "play".`)
	case r.Unfilled == UnfilledPlay && !in.Private:
		v.Add(fieldRulesUnfilled, "Only a private pool can play a board that is not full.")
	}
	err := v.Err()
	if e, ok := err.(*Error); ok {
		e.Code = EINVALIDINPUT
	}
	return err
}

// checkPayouts says what is wrong with a league's payouts, or "" when nothing is.
func checkPayouts(payouts []PayoutShare, leagueID int64) string {
	if len(payouts) == 0 {
		return "Payouts must list at least the final."
	}
	seen := map[string]bool{}
	for _, p := range payouts {
		switch {
		case !PayingPeriod(p.Period, leagueID):
			return fmt.Sprintf("Payouts name a period this game does not pay; its paying periods are %s.",
				strings.Join(PayingPeriods(leagueID), ", "))
		case seen[p.Period]:
			return fmt.Sprintf("Payouts name the period %s twice.", p.Period)
		case p.Percent < 0 || p.Percent > 100 || p.Percent == 0 && p.Period != PeriodFinal:
			return fmt.Sprintf("The percent of %s must be 1 to 100.", p.Period)
		}
		seen[p.Period] = true
	}
	if !seen[PeriodFinal] {
		return "Payouts must include the final (FINAL), which takes every rounding remainder."
	}
	return ""
}

func payoutSum(payouts []PayoutShare) int {
	sum := 0
	for _, p := range payouts {
		sum += p.Percent
	}
	return sum
}

// PayoutSchedule is the payout schedule the pool JSON keeps reporting (payoutSchedule), derived from the
// rules' payouts: their percents in period order. Today's rules give today's schedules, [25 25 25 25] and
// [50 50]; a pool whose payouts leave a period out lists only the periods that pay.
func (r Rules) PayoutSchedule() []int64 {
	payouts := r.orderedPayouts()
	out := make([]int64, len(payouts))
	for i, p := range payouts {
		out[i] = int64(p.Percent)
	}
	return out
}

// Pays reports whether the rules pay a paying period.
func (r Rules) Pays(period string) bool {
	return slices.ContainsFunc(r.Payouts, func(p PayoutShare) bool { return p.Period == period })
}

// ReadsScoreChanges reports whether the rules' prizes are decided from every change of the score, not only
// from the periods' ends: every-score prizes, or the end of regulation (Q4) apart from the final.
func (r Rules) ReadsScoreChanges() bool { return r.EveryScorePercent > 0 || r.Pays(PeriodQ4) }

// RulesFromSchedule is the rules of a pool made before rules existed, from its stored payout schedule
// (Q1, Q2, Q3 and the final in quarters; the first half and the final in halves): today's rules otherwise.
// A schedule of another length gives the league's default payouts.
func RulesFromSchedule(schedule []int64, leagueID int64) Rules {
	r := DefaultRules(leagueID)
	if len(schedule) != len(r.Payouts) {
		return r
	}
	r.Payouts = slices.Clone(r.Payouts)
	for i, pct := range schedule {
		r.Payouts[i].Percent = int(pct)
	}
	return r
}

// IsDefault reports whether the rules are a league's default rules (for the schedule they pay): a pool
// whose rules only choose a payout schedule plays as every pool did before rules existed.
func (r Rules) IsDefault(leagueID int64) bool {
	d := DefaultRules(leagueID)
	return r.Grid == d.Grid && r.Numbers == d.Numbers && r.ReversePercent == 0 && r.EveryScorePercent == 0 &&
		r.Unfilled == d.Unfilled && slices.Equal(r.Payouts, d.Payouts)
}

// PeriodShare is one paying period's share of a prize pool, as the pool's page shows what it pays.
type PeriodShare struct {
	Period  string `json:"period"`
	Label   string `json:"label"`
	Percent int    `json:"percent"`
	// Amount is floor(prize pool x percent / 100); the final's includes the rounding remainder of the
	// periods' floors (the every-score remainder is known only when the game ends).
	Amount Cents `json:"amount"`
}

// PeriodShares splits a prize pool over the rules' paying periods: each period's prize is floor(prize pool
// x percent / 100); the every-score share is floor(prize pool x everyScorePercent / 100); what rounding
// leaves goes to the final. It returns the periods' shares in order and the every-score share.
func (r Rules) PeriodShares(prizePool Cents, leagueID int64) ([]PeriodShare, Cents) {
	payouts := r.orderedPayouts()
	out := make([]PeriodShare, len(payouts))
	every := prizePool.Percent(int64(r.EveryScorePercent))
	left := prizePool - every
	final := -1
	for i, p := range payouts {
		out[i] = PeriodShare{Period: p.Period, Label: PayingPeriodLabel(p.Period, leagueID), Percent: p.Percent,
			Amount: prizePool.Percent(int64(p.Percent))}
		left -= out[i].Amount
		if p.Period == PeriodFinal {
			final = i
		}
	}
	if final >= 0 {
		out[final].Amount += left
	}
	return out, every
}

// RulesChange is an admin's change of a public pool's rules (PATCH /api/admin/pools/{id}/rules), with what
// its rule reads. The store fills it in under the pool's lock.
type RulesChange struct {
	// Pool is the pool as it is now, with its Game.
	Pool *Pool
	// Rules are the new rules, their defaults filled in (WithDefaults).
	Rules Rules
	// Held counts the pool's squares held by checkouts under way.
	Held int
}

// CheckRulesChange applies the rule of a change of a pool's rules: the rules themselves first (CheckRules:
// 400 invalid_input naming the field), then the pool, which must be public (a private pool's rules are
// chosen when it is made), not yet playing or over (a draft, or active or hidden with nothing sold), and
// have no square taken or held: once a square is taken its buyer bought it under the rules it had (422).
func CheckRulesChange(c RulesChange) error {
	p := c.Pool
	if p.Game == nil {
		return Errorf(EINTERNAL, "The pool's game is not loaded.")
	}
	if err := CheckRules(RulesInput{Rules: c.Rules, LeagueID: p.Game.LeagueID, Private: p.IsPrivate}); err != nil {
		return err
	}
	switch {
	case p.IsPrivate:
		return Errorf(EUNPROCESSABLE, "A private pool's rules are chosen when it is made; they cannot change.")
	case p.SquaresTaken > 0 || c.Held > 0:
		return Errorf(EUNPROCESSABLE, "Squares of this pool are taken; its rules can no longer change.")
	case p.Status != PoolDraft && p.Status != PoolActive && p.Status != PoolInactive:
		return Errorf(EUNPROCESSABLE, "This pool is %s; its rules can no longer change.", p.Status)
	}
	return nil
}
