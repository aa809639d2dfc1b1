package squares

import (
	"strings"
)

// ScoreUpdate is one report of a game's score by the manual feed: an admin's entry or the developer
// simulator. Scores are running totals; Quarter is the period in play as the provider numbers it (5 and up
// is overtime in quarters, 3 and up in college basketball's halves); Status is a game status or a provider
// code (ns, 1q, ht, ft...). Correction lets an admin lower a score entered by mistake.
type ScoreUpdate struct {
	HomeScore  int
	AwayScore  int
	Quarter    int
	Status     string
	Correction bool
	// PeriodEnds, when set, are end scores a feed computed itself (PeriodEndScores, from its points per
	// period), in period order from the first: they end the periods they list instead of the manual rule.
	PeriodEnds []PeriodScore
}

// MaxQuarter bounds the period numbers a score update may carry.
const MaxQuarter = 20

// ScoreStatus maps a status sent with a score, a game status or a provider code, case-insensitively, to
// a game status: ns/tbd/scheduled to scheduled; 1q..4q, ot, ht and live to live; ft, aet, final and
// completed to completed; postponed and cancelled (or canceled) as they are. It also returns the quarter
// the code names (1 for 1q, 5 for ot; 0 for none) and whether it means halftime.
func ScoreStatus(s string) (status string, quarter int, halftime bool, err error) {
	switch c := strings.ToLower(strings.TrimSpace(s)); c {
	case "ns", "tbd", "scheduled", "pre":
		return GameScheduled, 0, false, nil
	case "1q", "2q", "3q", "4q":
		return GameLive, int(c[0] - '0'), false, nil
	case "ot":
		return GameLive, 5, false, nil
	case "ht", "halftime":
		return GameLive, 0, true, nil
	case "live", "in":
		return GameLive, 0, false, nil
	case "ft", "aet", "final", "completed", "post":
		return GameCompleted, 0, false, nil
	case "postponed", "pst":
		return GamePostponed, 0, false, nil
	case "cancelled", "canceled", "canc":
		return GameCancelled, 0, false, nil
	}
	return "", 0, false, FieldError("status",
		"Status must be scheduled, live, completed, postponed or cancelled (or a code such as ns, 1q, ht, ot, ft)")
}

// ScoreResult is what a score update does to a game: its new state, the periods it ends (with their end
// scores, in order) and whether anything changed at all.
type ScoreResult struct {
	Game       Game
	Ended      []PeriodScore
	Changed    bool
	FromStatus string
}

// periodSlot maps a provider's quarter to the paying period it belongs to (overtime to the last), for a
// game paid over periods periods; 0 stays 0.
func periodSlot(quarter, periods int) int {
	return min(max(quarter, 0), periods)
}

// EndedPeriods is how many of a game's paying periods, from the first, have a recorded end score. A
// schedule import's final alone (Q4 without Q1-Q3) ends none.
func (g *Game) EndedPeriods(periods int) int {
	n := 0
	for n < periods && n < len(g.HomePeriod) && g.HomePeriod[n] != nil && g.AwayPeriod[n] != nil {
		n++
	}
	return n
}

// PeriodScores returns the recorded end scores of a game's ended periods.
func (g *Game) PeriodScores(periods int) []PeriodScore {
	var out []PeriodScore
	for i := 0; i < g.EndedPeriods(periods); i++ {
		out = append(out, PeriodScore{Period: i + 1, Home: *g.HomePeriod[i], Away: *g.AwayPeriod[i]})
	}
	return out
}

// ApplyScore applies a manual score update to a game paid over periods periods (League.Periods) and
// returns the game as it becomes. A period ends when a later one is reported, at halftime for the first
// half's periods, or when the game is completed; its end score is the last score reported within it (the
// game's score before the update that reports a later period), and the final period's is the final score,
// overtime included. Scores never go down unless the update is a correction, and even a correction
// cannot go below a period end already recorded (its winners are paid); the period in play never goes
// back; a period cannot end on a game that never had a score reported unless the score is 0-0 (its end
// score would be a guess); a completed or cancelled game takes no other update. Replaying an update already applied
// changes nothing.
func ApplyScore(g Game, periods int, u ScoreUpdate) (ScoreResult, error) {
	res := ScoreResult{Game: g, FromStatus: g.Status}
	if periods <= 0 || periods > len(g.HomePeriod) {
		return res, Errorf(EINVALID, "A game must have 1 to %d scoring periods.", len(g.HomePeriod))
	}
	status, codeQuarter, halftime, err := ScoreStatus(u.Status)
	if err != nil {
		return res, err
	}
	var v Validation
	if u.HomeScore < 0 || u.HomeScore > 999 {
		v.Add("homeScore", "Home score must be 0 to 999")
	}
	if u.AwayScore < 0 || u.AwayScore > 999 {
		v.Add("awayScore", "Away score must be 0 to 999")
	}
	if u.Quarter < 0 || u.Quarter > MaxQuarter {
		v.Add("quarter", "Quarter must be 0 to 20")
	}
	if err := v.Err(); err != nil {
		return res, err
	}
	quarter := u.Quarter
	if quarter == 0 {
		quarter = codeQuarter
	}
	if status == GameLive && quarter == 0 {
		quarter = max(g.Quarter, 1)
		if halftime {
			quarter = max(g.Quarter, periods/2)
		}
	}
	if status == GameCompleted && quarter == 0 {
		quarter = max(g.Quarter, periods)
	}
	if (status == GameCancelled || status == GamePostponed) && quarter == 0 {
		quarter = g.Quarter
	}
	oldHome, oldAway := deref(g.HomeScore), deref(g.AwayScore)
	same := g.Status == status && g.Quarter == quarter && g.HomeScore != nil && g.AwayScore != nil &&
		oldHome == u.HomeScore && oldAway == u.AwayScore
	if same && !(halftime && g.EndedPeriods(periods) < periods/2) && len(u.PeriodEnds) <= g.EndedPeriods(periods) {
		return res, nil
	}
	switch g.Status {
	case GameCompleted:
		return res, Errorf(EUNPROCESSABLE, "The game is completed and its winners are paid; its score cannot change.")
	case GameCancelled:
		return res, Errorf(EUNPROCESSABLE, "The game is cancelled; it takes no scores.")
	case GameLive:
		if status == GameScheduled {
			return res, Errorf(EUNPROCESSABLE, "A live game cannot go back to scheduled.")
		}
	}
	if quarter < g.Quarter && status != GameCancelled && status != GamePostponed {
		return res, Errorf(EUNPROCESSABLE, "The game is in period %d; an update cannot go back to period %d.", g.Quarter, quarter)
	}
	if (u.HomeScore < oldHome || u.AwayScore < oldAway) && !u.Correction {
		return res, Errorf(EUNPROCESSABLE,
			"Scores never go down: the game stands at %d-%d (home-away). Send a correction to lower a score entered by mistake.",
			oldHome, oldAway)
	}
	ended := g.EndedPeriods(periods)
	if ended > 0 && (u.HomeScore < *g.HomePeriod[ended-1] || u.AwayScore < *g.AwayPeriod[ended-1]) {
		return res, Errorf(EUNPROCESSABLE, "Period %d ended at %d-%d (home-away) and is paid; no score can go below it.",
			ended, *g.HomePeriod[ended-1], *g.AwayPeriod[ended-1])
	}
	next := g
	next.Status, next.Quarter = status, quarter
	next.HomeScore, next.AwayScore = &u.HomeScore, &u.AwayScore
	if u.PeriodEnds != nil && (status == GameLive || status == GameCompleted) {
		if err := checkPeriodEnds(g, periods, ended, status, u); err != nil {
			return res, err
		}
		for _, e := range u.PeriodEnds[ended:] {
			next.HomePeriod[e.Period-1], next.AwayPeriod[e.Period-1] = intPtr(e.Home), intPtr(e.Away)
			res.Ended = append(res.Ended, e)
		}
	} else if status == GameLive || status == GameCompleted {
		inPlay := max(periodSlot(quarter, periods), 1)
		n := min(inPlay-1, periods-1)
		if halftime {
			n = max(n, periods/2)
		}
		if status == GameCompleted {
			n = periods
		}
		for k := ended + 1; k <= n; k++ {
			// A period before the one reported ended with the score as it stood; the reported one (the
			// final, or the first half at halftime) ends with this update's score.
			h, a := oldHome, oldAway
			if k >= inPlay || (status == GameCompleted && k == periods) {
				h, a = u.HomeScore, u.AwayScore
			} else if g.HomeScore == nil && (u.HomeScore > 0 || u.AwayScore > 0) {
				// Nobody reported a score in or before this period; only at 0-0 is its end score certain.
				return res, Errorf(EUNPROCESSABLE, "No score was reported for %s; report the score at its end first.",
					PeriodLabel(k, periods))
			}
			next.HomePeriod[k-1], next.AwayPeriod[k-1] = intPtr(h), intPtr(a)
			res.Ended = append(res.Ended, PeriodScore{Period: k, Home: h, Away: a})
		}
	}
	res.Game, res.Changed = next, true
	return res, nil
}

// checkPeriodEnds checks a feed's period end scores against the update and the ends already recorded:
// periods in order from the first, never more than the game pays, every one at the final; scores that
// never go down nor pass the update's, the final's equal to it; and the ends already recorded (and paid)
// unchanged.
func checkPeriodEnds(g Game, periods, ended int, status string, u ScoreUpdate) error {
	ends := u.PeriodEnds
	if len(ends) > periods || (status == GameCompleted && len(ends) != periods) {
		return Errorf(EUNPROCESSABLE, "The feed lists %d period ends for a game of %d periods.", len(ends), periods)
	}
	h, a := 0, 0
	for i, e := range ends {
		if e.Period != i+1 || e.Home < h || e.Away < a || e.Home > u.HomeScore || e.Away > u.AwayScore {
			return Errorf(EUNPROCESSABLE, "The feed's period ends %v do not fit its score %d-%d.", ends, u.HomeScore, u.AwayScore)
		}
		h, a = e.Home, e.Away
		if i < ended && (e.Home != *g.HomePeriod[i] || e.Away != *g.AwayPeriod[i]) {
			return Errorf(EUNPROCESSABLE, "The feed says %s ended %d-%d; it is recorded (and paid) at %d-%d.",
				PeriodLabel(i+1, periods), e.Home, e.Away, *g.HomePeriod[i], *g.AwayPeriod[i])
		}
	}
	if status == GameCompleted && (h != u.HomeScore || a != u.AwayScore) {
		return Errorf(EUNPROCESSABLE, "The feed's final %d-%d differs from its score %d-%d.", h, a, u.HomeScore, u.AwayScore)
	}
	if len(ends) < ended {
		return Errorf(EUNPROCESSABLE, "The feed lists %d period ends; %d are recorded.", len(ends), ended)
	}
	return nil
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func intPtr(n int) *int { return &n }
