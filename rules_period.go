package squares

import (
	"fmt"
	"slices"
)

// Paying periods: the end of each quarter (Q2 is halftime, Q4 the end of regulation) and the final score,
// overtime included; in college basketball the first half and the final.
const (
	PeriodQ1    = "Q1"
	PeriodQ2    = "Q2"
	PeriodQ3    = "Q3"
	PeriodQ4    = "Q4"
	PeriodH1    = "H1"
	PeriodFinal = "FINAL"
)

// Periods in play, as a score change names the time it was scored: a quarter, a half in college
// basketball, or overtime, which counts with the final.
const (
	InPlayQ1 = "Q1"
	InPlayQ2 = "Q2"
	InPlayQ3 = "Q3"
	InPlayQ4 = "Q4"
	InPlayH1 = "H1"
	InPlayH2 = "H2"
	InPlayOT = "OT"
)

// HalvesLeague reports whether a league's games are paid over halves (college basketball) rather than
// quarters; League.Periods says the same.
func HalvesLeague(leagueID int64) bool { return leagueID == LeagueNCAAB }

// PayingPeriods lists a league's paying periods in order: Q1, Q2, Q3, Q4 and FINAL, or H1 and FINAL in
// college basketball.
func PayingPeriods(leagueID int64) []string {
	if HalvesLeague(leagueID) {
		return []string{PeriodH1, PeriodFinal}
	}
	return []string{PeriodQ1, PeriodQ2, PeriodQ3, PeriodQ4, PeriodFinal}
}

// PayingPeriod reports whether period is one of a league's paying periods.
func PayingPeriod(period string, leagueID int64) bool {
	return slices.Contains(PayingPeriods(leagueID), period)
}

// periodOrdinal places a paying period or a period in play on one time line, in quarters: a paying period
// at the quarter it ends with (H1 with Q2, FINAL after Q4 with overtime), a period in play at the quarter
// it ends with (H2 with Q4). A paying period decides the score changes made in play up to its ordinal and
// after the paying period before it. Unknown codes come last.
func periodOrdinal(code string) int {
	switch code {
	case PeriodQ1:
		return 1
	case PeriodQ2, PeriodH1:
		return 2
	case PeriodQ3:
		return 3
	case PeriodQ4, InPlayH2:
		return 4
	case PeriodFinal, InPlayOT:
		return 5
	}
	return 99
}

// PayingPeriodLabel names a paying period as players read it (periodLabel): Q1, Q2, Q3, Q4 and Final, or
// 1st Half and Final in college basketball.
func PayingPeriodLabel(period string, leagueID int64) string {
	switch period {
	case PeriodFinal:
		return "Final"
	case PeriodH1:
		return "1st Half"
	}
	return period
}

// InPlayLabel names the period in play of a score change as the winners list it (periodLabel): Q1 to Q4,
// 1st Half, and Final for overtime and for college basketball's second half, which the final pays for.
func InPlayLabel(inPlay string) string {
	switch inPlay {
	case InPlayH1:
		return "1st Half"
	case InPlayH2, InPlayOT:
		return "Final"
	}
	return inPlay
}

// InPlayPeriod is the period in play that a quarter, as the score feeds number it, names in a league's
// games: 1-4 the quarters and 5 and up overtime; in college basketball 1 and 2 the halves and 3 and up
// overtime. Before the first period (0) is the first.
func InPlayPeriod(quarter int, leagueID int64) string {
	if HalvesLeague(leagueID) {
		switch {
		case quarter <= 1:
			return InPlayH1
		case quarter == 2:
			return InPlayH2
		}
		return InPlayOT
	}
	switch {
	case quarter <= 1:
		return InPlayQ1
	case quarter == 2:
		return InPlayQ2
	case quarter == 3:
		return InPlayQ3
	case quarter == 4:
		return InPlayQ4
	}
	return InPlayOT
}

// DecidingPeriod is the paying period of the rules whose numbers decide a score change made while inPlay
// was in play: the first paying period that ends with it or after it (overtime counts with FINAL, and a
// period that pays nothing with the next one that does). Rules always pay FINAL, so there is one.
func (r Rules) DecidingPeriod(inPlay string) string {
	at := periodOrdinal(inPlay)
	best, bestAt := PeriodFinal, periodOrdinal(PeriodFinal)
	for _, p := range r.Payouts {
		if o := periodOrdinal(p.Period); o >= at && o < bestAt {
			best, bestAt = p.Period, o
		}
	}
	return best
}

// PeriodEndOf is the paying period's end score that a recorded period end of today's game model stands
// for (Game.PeriodScores, periods as League.Periods): the first three quarters are Q1-Q3 and the last
// period, whose score is the final one with overtime, is FINAL; in halves the first is H1. The end of
// regulation apart from the final (Q4) is not recorded there: PeriodEndsOf tells it from the score changes.
func PeriodEndOf(s PeriodScore, periods int) PeriodEnd {
	e := PeriodEnd{Home: s.Home, Away: s.Away, Period: fmt.Sprintf("Q%d", s.Period)}
	switch {
	case s.Period == periods:
		e.Period = PeriodFinal
	case periods == 2:
		e.Period = PeriodH1
	}
	return e
}
