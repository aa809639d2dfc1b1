package squares

import (
	"strings"
	"time"
)

// Phases of a game as a score feed reports it.
const (
	FeedPre       = "pre"       // not started
	FeedIn        = "in"        // in play, halftime included
	FeedPost      = "post"      // final
	FeedCancelled = "cancelled" // called off for good
	FeedPostponed = "postponed" // moved to another day
)

// FeedMatchWindow is how far a feed's start time may be from our kickoff for its event to be our game.
const FeedMatchWindow = 12 * time.Hour

// FeedSide is one team of a game in a score feed.
type FeedSide struct {
	Name         string // the feed's display name, "Washington Commanders"
	Abbreviation string // the feed's code, "WSH"
	Score        int    // running total
	Periods      []int  // points scored in each period (linescores), period 1 first, overtime periods after
}

// FeedGame is what a score feed reports about one game.
type FeedGame struct {
	EventID   string    // the provider's event id
	League    string    // our league code, such as NFL
	Home      FeedSide  // the home team, as the feed's homeAway says
	Away      FeedSide  // the away team
	Start     time.Time // scheduled start
	Phase     string    // FeedPre, FeedIn, FeedPost, FeedCancelled or FeedPostponed
	Halftime  bool      // in play and at halftime
	Completed bool      // the feed calls the game completed
	Period    int       // the period in play: 5 and up is overtime in quarters, 3 and up in college basketball's halves
	Detail    string    // the feed's status text, such as "Final/OT"
}

// PeriodScore is the cumulative score at the end of a period.
type PeriodScore struct {
	Period int
	Home   int
	Away   int
}

// FeedStatus maps a feed's status, in ESPN's terms (status.type name, state and completed), to a phase,
// and tells whether the game is at halftime. A final needs state "post" and completed together;
// STATUS_POSTPONED and STATUS_CANCELED call the game off; a game stopped without a result (post, not
// completed, such as STATUS_SUSPENDED) stays in play so that nothing settles until the feed decides; an
// unknown status counts as not started. The period number never decides the phase.
func FeedStatus(name, state string, completed bool) (phase string, halftime bool) {
	name = strings.ToUpper(strings.TrimSpace(name))
	state = strings.ToLower(strings.TrimSpace(state))
	switch {
	case name == "STATUS_POSTPONED":
		return FeedPostponed, false
	case name == "STATUS_CANCELED" || name == "STATUS_CANCELLED":
		return FeedCancelled, false
	case name == "STATUS_HALFTIME":
		return FeedIn, true
	case state == "post" && completed:
		return FeedPost, false
	case state == "post" || state == "in":
		return FeedIn, false
	default:
		return FeedPre, false
	}
}

// GameStatus is the status of our game that the feed's phase means (GameScheduled, GameLive,
// GameCompleted, GameCancelled or GamePostponed).
func (g FeedGame) GameStatus() string {
	switch g.Phase {
	case FeedIn:
		return GameLive
	case FeedPost:
		return GameCompleted
	case FeedCancelled:
		return GameCancelled
	case FeedPostponed:
		return GamePostponed
	default:
		return GameScheduled
	}
}

// completedPeriods is how many of a game's periods have ended: those before the period in play, both
// halves' worth of periods at halftime, and all of them at the final. The last regulation period ends
// only with the final, since overtime counts toward it.
func completedPeriods(g FeedGame, periods int) int {
	switch g.Phase {
	case FeedPost:
		return periods
	case FeedIn:
		n := g.Period - 1
		if g.Halftime && n < periods/2 {
			n = periods / 2
		}
		return max(0, min(n, periods-1))
	default:
		return 0
	}
}

// PeriodEndScores returns the cumulative score at the end of each completed period of a game paid over
// periods periods (4 quarters, or 2 halves in college basketball), computed from the points the feed
// lists per period rather than from when a poll looked: a period is complete when a later period has
// started, at halftime for the first half's periods, and when the game is final; the last period's score
// is the final one, overtime included, and is given only once the game is final. A game not started or
// called off has none. A feed whose listed points lack a completed period or do not add up to its running
// scores is refused with an error, so that nothing is settled on data that disagrees with itself.
func PeriodEndScores(g FeedGame, periods int) ([]PeriodScore, error) {
	if periods <= 0 {
		return nil, Errorf(EINVALID, "A game must have at least one scoring period.")
	}
	n := completedPeriods(g, periods)
	if n == 0 {
		return nil, nil
	}
	for _, side := range []struct {
		name string
		s    FeedSide
	}{{"home", g.Home}, {"away", g.Away}} {
		if len(side.s.Periods) < n {
			return nil, Errorf(EUNPROCESSABLE, "The feed lists %d periods for the %s team of event %s; %d have ended.",
				len(side.s.Periods), side.name, g.EventID, n)
		}
		total := 0
		for _, p := range side.s.Periods {
			if p < 0 {
				return nil, Errorf(EUNPROCESSABLE, "The feed lists negative points for the %s team of event %s.", side.name, g.EventID)
			}
			total += p
		}
		if total != side.s.Score {
			return nil, Errorf(EUNPROCESSABLE, "The %s team of event %s scored %d by period but %d in all.",
				side.name, g.EventID, total, side.s.Score)
		}
	}
	out := make([]PeriodScore, n)
	home, away := 0, 0
	for i := range n {
		home += g.Home.Periods[i]
		away += g.Away.Periods[i]
		out[i] = PeriodScore{Period: i + 1, Home: home, Away: away}
	}
	if n == periods {
		// The final: every point, overtime included (the totals checked above).
		out[n-1].Home, out[n-1].Away = g.Home.Score, g.Away.Score
	}
	return out, nil
}

// feedAliases maps, per league, the codes and names in our database (nflverse's for the NFL, the
// league's own elsewhere) that differ from ESPN's to ESPN's abbreviation.
var feedAliases = map[string]map[string]string{
	"NFL": {"WAS": "WSH", "LA": "LAR"},
	"NBA": {"GSW": "GS", "NYK": "NY", "SAS": "SA", "NOP": "NO", "UTA": "UTAH", "WAS": "WSH",
		"LOS ANGELES CLIPPERS": "LAC"},
}

// normalizeTeam upper-cases a team name or code and collapses its spaces.
func normalizeTeam(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), " "))
}

// FeedTeamMatches tells whether ours, a team as our database names it (full name or code), is the feed's
// side: the same display name or abbreviation, case-insensitively, or one of the league's known
// differences between our codes and ESPN's (WAS for WSH and LA for LAR in the NFL).
func FeedTeamMatches(league, ours string, side FeedSide) bool {
	o := normalizeTeam(ours)
	if o == "" {
		return false
	}
	abbr := normalizeTeam(side.Abbreviation)
	if o == normalizeTeam(side.Name) || o == abbr {
		return true
	}
	alias, ok := feedAliases[normalizeTeam(league)][o]
	return ok && alias == abbr
}

// MatchFeedGame finds our game among a feed's events: the same league, our home team at home and our away
// team away (as the feed's homeAway says), and a start within FeedMatchWindow of our kickoff; of several,
// the one starting nearest our kickoff.
func MatchFeedGame(ourLeague, ourHome, ourAway string, ourKickoff time.Time, candidates []FeedGame) (FeedGame, bool) {
	var best FeedGame
	var bestGap time.Duration
	found := false
	for _, c := range candidates {
		if normalizeTeam(c.League) != normalizeTeam(ourLeague) ||
			!FeedTeamMatches(ourLeague, ourHome, c.Home) || !FeedTeamMatches(ourLeague, ourAway, c.Away) {
			continue
		}
		gap := c.Start.Sub(ourKickoff).Abs()
		if gap > FeedMatchWindow || (found && gap >= bestGap) {
			continue
		}
		best, bestGap, found = c, gap, true
	}
	return best, found
}
