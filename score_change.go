package squares

// ReportedScore is one report of a game's running score, in the order reported: a manual entry (the game's
// quarter after it applied, ApplyScore's) or a scoring play of a feed (ESPN's scoringPlays: its period
// number and the scores after the play).
type ReportedScore struct {
	// Quarter is the period in play as the feeds number it (InPlayPeriod): 5 and up is overtime in quarters,
	// 3 and up in college basketball.
	Quarter    int
	Home, Away int
}

// ScoreChange is a change of a game's score: the new score, and the period in play when it was made.
type ScoreChange struct {
	InPlay string `json:"inPlay"`
	Home   int    `json:"homeScore"`
	Away   int    `json:"awayScore"`
}

// ScoreChanges returns the score changes of a game from its reported scores: a reported score that differs
// from the one before it, starting from 0-0 (0-0 itself is not a change), in the period in play then (the
// period never goes back: a report naming an earlier one counts in the latest). A score lower than the last
// change, on either side, is a correction (a game's score never goes down): it takes back the changes it
// undoes, those above it on either side, so that an entry made by mistake never pays, and is a change
// itself only if it differs from the change that stands before it. Reports repeating a score change
// nothing, so a feed's answers may be read again.
func ScoreChanges(reports []ReportedScore, leagueID int64) []ScoreChange {
	var out []ScoreChange
	quarter := 0
	for _, r := range reports {
		quarter = max(quarter, r.Quarter)
		for len(out) > 0 {
			last := out[len(out)-1]
			if last.Home <= r.Home && last.Away <= r.Away {
				break
			}
			out = out[:len(out)-1]
		}
		h, a := 0, 0
		if len(out) > 0 {
			h, a = out[len(out)-1].Home, out[len(out)-1].Away
		}
		if r.Home != h || r.Away != a {
			out = append(out, ScoreChange{InPlay: InPlayPeriod(quarter, leagueID), Home: r.Home, Away: r.Away})
		}
	}
	return out
}

// PeriodEnd is the score at the end of a paying period: PeriodQ4 the end of regulation, PeriodFinal the
// final score, overtime included.
type PeriodEnd struct {
	Period string `json:"period"`
	Home   int    `json:"homeScore"`
	Away   int    `json:"awayScore"`
}

// PeriodEndsOf returns the end scores of a league's paying periods that have ended, from the game's score
// changes: a period ends with the last change made up to it (0-0 without one). ended is how many of the
// league's paying periods (PayingPeriods) have ended, in order: a quarter ends when the next is reported,
// Q2 (H1) at halftime, Q4 when overtime starts or the game ends, FINAL when the game is final. It is the
// same rule ApplyScore follows, with the end of regulation told apart from the final.
func PeriodEndsOf(changes []ScoreChange, leagueID int64, ended int) []PeriodEnd {
	periods := PayingPeriods(leagueID)
	var out []PeriodEnd
	for _, p := range periods[:min(max(ended, 0), len(periods))] {
		e := PeriodEnd{Period: p}
		for _, c := range changes {
			if periodOrdinal(c.InPlay) <= periodOrdinal(p) {
				e.Home, e.Away = c.Home, c.Away
			}
		}
		out = append(out, e)
	}
	return out
}

// GameEnds returns the end scores of a game's paying periods that have ended, as a pool with rules r is
// paid: Q1-Q3 (H1) and FINAL as the game records them (Game.PeriodScores), and Q4, the end of regulation,
// when r pays it and regulation is over (the game final, or in overtime): the final score in a game
// without overtime, the last score change of regulation otherwise (PeriodEndsOf).
func GameEnds(g *Game, r Rules, changes []ScoreChange) []PeriodEnd {
	periods := (&League{ID: g.LeagueID}).Periods()
	var out []PeriodEnd
	for _, s := range g.PeriodScores(periods) {
		out = append(out, PeriodEndOf(s, periods))
	}
	if !r.Pays(PeriodQ4) || HalvesLeague(g.LeagueID) {
		return out
	}
	completed := g.Status == GameCompleted && g.HomeScore != nil && g.AwayScore != nil
	switch {
	case completed && g.Quarter <= 4:
		out = append(out, PeriodEnd{Period: PeriodQ4, Home: *g.HomeScore, Away: *g.AwayScore})
	case completed || g.Quarter > 4:
		ends := PeriodEndsOf(changes, g.LeagueID, 4)
		out = append(out, ends[len(ends)-1])
	}
	return out
}
