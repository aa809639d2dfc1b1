package squares_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

func TestFeedStatus(t *testing.T) {
	// The combinations of status.type name, state and completed that ESPN's scoreboards carry.
	for _, tc := range []struct {
		name, state string
		completed   bool
		phase       string
		halftime    bool
	}{
		{"STATUS_SCHEDULED", "pre", false, squares.FeedPre, false},
		{"STATUS_DELAYED", "pre", false, squares.FeedPre, false},
		{"STATUS_IN_PROGRESS", "in", false, squares.FeedIn, false},
		{"STATUS_END_PERIOD", "in", false, squares.FeedIn, false},
		{"STATUS_HALFTIME", "in", false, squares.FeedIn, true},
		{"status_halftime", "IN", false, squares.FeedIn, true},
		{"STATUS_FINAL", "post", true, squares.FeedPost, false},
		{"STATUS_FULL_TIME", "post", true, squares.FeedPost, false},
		{"STATUS_POSTPONED", "post", false, squares.FeedPostponed, false},
		{"STATUS_CANCELED", "post", false, squares.FeedCancelled, false},
		{"STATUS_CANCELLED", "post", false, squares.FeedCancelled, false},
		// Stopped without a result: not final, so nothing settles until the feed says final or cancelled.
		{"STATUS_SUSPENDED", "post", false, squares.FeedIn, false},
		// A final is state post and completed together; either alone is not.
		{"STATUS_FINAL", "in", true, squares.FeedIn, false},
		{"STATUS_FINAL", "pre", false, squares.FeedPre, false},
		// Nothing known: the game has not started as far as we can tell.
		{"", "", false, squares.FeedPre, false},
		{"STATUS_SOMETHING_NEW", "", false, squares.FeedPre, false},
	} {
		phase, halftime := squares.FeedStatus(tc.name, tc.state, tc.completed)
		if phase != tc.phase || halftime != tc.halftime {
			t.Errorf("FeedStatus(%q, %q, %v) = %q, %v; want %q, %v", tc.name, tc.state, tc.completed,
				phase, halftime, tc.phase, tc.halftime)
		}
	}
}

// feedGame builds a FeedGame for the period tests from per-period points; the running scores are their sums.
func feedGame(phase string, period int, home, away []int) squares.FeedGame {
	sum := func(p []int) (n int) {
		for _, v := range p {
			n += v
		}
		return n
	}
	return squares.FeedGame{Phase: phase, Completed: phase == squares.FeedPost, Period: period,
		Home: squares.FeedSide{Score: sum(home), Periods: home}, Away: squares.FeedSide{Score: sum(away), Periods: away}}
}

func TestPeriodEndScores(t *testing.T) {
	halftime := func(g squares.FeedGame) squares.FeedGame { g.Halftime = true; return g }
	type ps = squares.PeriodScore
	pe := func(period, home, away int) ps { return ps{Period: period, Home: home, Away: away} }
	for _, tc := range []struct {
		name    string
		game    squares.FeedGame
		periods int
		want    []squares.PeriodScore
	}{
		// ESPN lists a 0 for period 1 before kickoff and reports period 1: nothing has ended.
		{"pre-game", feedGame(squares.FeedPre, 1, []int{0}, []int{0}), 4, nil},
		{"pre-game without linescores", feedGame(squares.FeedPre, 0, nil, nil), 4, nil},
		{"first quarter", feedGame(squares.FeedIn, 1, []int{7}, []int{3}), 4, nil},
		{"second quarter", feedGame(squares.FeedIn, 2, []int{21, 7}, []int{7, 0}), 4, []ps{pe(1, 21, 7)}},
		// STATUS_HALFTIME ends period 2 whatever period the feed shows.
		{"halftime", halftime(feedGame(squares.FeedIn, 2, []int{0, 0}, []int{14, 10})), 4,
			[]ps{pe(1, 0, 14), pe(2, 0, 24)}},
		{"halftime reported as period 1", halftime(feedGame(squares.FeedIn, 1, []int{17, 21}, []int{0, 0})), 4,
			[]ps{pe(1, 17, 0), pe(2, 38, 0)}},
		// ATL-NO, 2022 week 1, 0:48 left in the 4th: three quarters are over, the 4th waits for the final.
		{"fourth quarter", feedGame(squares.FeedIn, 4, []int{3, 13, 7, 3}, []int{7, 0, 3, 14}), 4,
			[]ps{pe(1, 3, 7), pe(2, 16, 7), pe(3, 23, 10)}},
		// Overtime in play: the 4th quarter's square is the final's, so it is not settled yet.
		{"overtime in play", feedGame(squares.FeedIn, 5, []int{7, 3, 7, 3, 0}, []int{0, 10, 3, 7, 0}), 4,
			[]ps{pe(1, 7, 0), pe(2, 10, 10), pe(3, 17, 13)}},
		// MIA-NE, 2022 week 1.
		{"final", feedGame(squares.FeedPost, 4, []int{3, 14, 3, 0}, []int{0, 0, 7, 0}), 4,
			[]ps{pe(1, 3, 0), pe(2, 17, 0), pe(3, 20, 7), pe(4, 20, 7)}},
		// Overtime points count toward the final.
		{"final in overtime", feedGame(squares.FeedPost, 5, []int{0, 10, 7, 3, 6}, []int{3, 7, 0, 10, 0}), 4,
			[]ps{pe(1, 0, 3), pe(2, 10, 10), pe(3, 17, 10), pe(4, 26, 20)}},
		{"final in double overtime", feedGame(squares.FeedPost, 6, []int{7, 7, 7, 7, 0, 3}, []int{14, 0, 7, 7, 0, 0}), 4,
			[]ps{pe(1, 7, 14), pe(2, 14, 14), pe(3, 21, 21), pe(4, 31, 28)}},
		// College basketball halves: Duke-Florida State and Virginia Tech-Syracuse (Final/OT, period 3), 2025-03-01.
		{"halves final", feedGame(squares.FeedPost, 2, []int{47, 53}, []int{30, 35}), 2, []ps{pe(1, 47, 30), pe(2, 100, 65)}},
		{"halves final in overtime", feedGame(squares.FeedPost, 3, []int{38, 44, 19}, []int{47, 35, 13}), 2,
			[]ps{pe(1, 38, 47), pe(2, 101, 95)}},
		{"halves halftime", halftime(feedGame(squares.FeedIn, 1, []int{30}, []int{28})), 2, []ps{pe(1, 30, 28)}},
		{"second half", feedGame(squares.FeedIn, 2, []int{30, 12}, []int{28, 20}), 2, []ps{pe(1, 30, 28)}},
		{"halves overtime in play", feedGame(squares.FeedIn, 3, []int{30, 40, 2}, []int{28, 42, 0}), 2, []ps{pe(1, 30, 28)}},
		// A called-off game settles nothing.
		{"postponed", feedGame(squares.FeedPostponed, 0, nil, nil), 4, nil},
		{"cancelled mid-game", feedGame(squares.FeedCancelled, 3, []int{7, 7, 0}, []int{0, 3, 0}), 4, nil},
	} {
		got, err := squares.PeriodEndScores(tc.game, tc.periods)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
		} else if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: PeriodEndScores = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestPeriodEndScoresRefusesInconsistentFeeds(t *testing.T) {
	// A feed whose points per period do not explain its score, or that lacks an ended period, settles
	// nothing: the caller logs it and asks again at the next poll.
	short := feedGame(squares.FeedIn, 3, []int{7}, []int{0, 3})
	short.Home.Score = 7
	wrongSum := feedGame(squares.FeedPost, 4, []int{7, 0, 3, 7}, []int{3, 3, 3, 3})
	wrongSum.Away.Score = 13
	negative := feedGame(squares.FeedIn, 2, []int{-3, 3}, []int{0, 0})
	finalShort := feedGame(squares.FeedPost, 3, []int{7, 7, 7}, []int{0, 0, 3})
	for name, tc := range map[string]struct {
		game    squares.FeedGame
		periods int
	}{
		"missing period":       {short, 4},
		"sum differs":          {wrongSum, 4},
		"negative points":      {negative, 4},
		"final without all":    {finalShort, 4},
		"no periods to settle": {feedGame(squares.FeedPost, 4, []int{1, 1, 1, 1}, []int{0, 0, 0, 0}), 0},
	} {
		if got, err := squares.PeriodEndScores(tc.game, tc.periods); err == nil {
			t.Errorf("%s: PeriodEndScores = %v, want an error", name, got)
		}
	}
	// A running score the linescores do not add up to is refused even mid-game, since either may be stale.
	live := feedGame(squares.FeedIn, 3, []int{7, 7, 0}, []int{0, 3, 0})
	live.Home.Score = 20
	if _, err := squares.PeriodEndScores(live, 4); err == nil {
		t.Error("a running score the linescores do not explain was accepted")
	}
}

func TestFeedTeamMatches(t *testing.T) {
	side := func(name, abbr string) squares.FeedSide { return squares.FeedSide{Name: name, Abbreviation: abbr} }
	for _, tc := range []struct {
		league, ours string
		side         squares.FeedSide
		want         bool
	}{
		{"NFL", "Washington Commanders", side("Washington Commanders", "WSH"), true},
		{"NFL", "  washington  commanders ", side("Washington Commanders", "WSH"), true},
		{"NFL", "WSH", side("Washington Commanders", "WSH"), true},
		// nflverse and our teams table say WAS and LA; ESPN says WSH and LAR.
		{"NFL", "WAS", side("Washington Commanders", "WSH"), true},
		{"nfl", "was", side("Washington Commanders", "WSH"), true},
		{"NFL", "LA", side("Los Angeles Rams", "LAR"), true},
		{"NFL", "LAR", side("Los Angeles Rams", "LAR"), true},
		{"NFL", "Los Angeles Rams", side("Los Angeles Rams", "LAR"), true},
		{"NFL", "LA", side("Los Angeles Chargers", "LAC"), false},
		{"NFL", "LAC", side("Los Angeles Chargers", "LAC"), true},
		{"NFL", "Kansas City Chiefs", side("Jacksonville Jaguars", "JAX"), false},
		{"NFL", "Rams", side("Los Angeles Rams", "LAR"), false},
		{"NFL", "", side("", ""), false},
		// NBA.com codes against ESPN's.
		{"NBA", "GSW", side("Golden State Warriors", "GS"), true},
		{"NBA", "NYK", side("New York Knicks", "NY"), true},
		{"NBA", "SAS", side("San Antonio Spurs", "SA"), true},
		{"NBA", "NOP", side("New Orleans Pelicans", "NO"), true},
		{"NBA", "UTA", side("Utah Jazz", "UTAH"), true},
		{"NBA", "WAS", side("Washington Wizards", "WSH"), true},
		{"NBA", "Los Angeles Clippers", side("LA Clippers", "LAC"), true},
		// An alias belongs to its league: WAS is no NCAAF code for Washington State's WSU.
		{"NCAAB", "WAS", side("Washington Wizards", "WSH"), false},
		{"NCAAB", "Duke Blue Devils", side("Duke Blue Devils", "DUKE"), true},
	} {
		if got := squares.FeedTeamMatches(tc.league, tc.ours, tc.side); got != tc.want {
			t.Errorf("FeedTeamMatches(%q, %q, %+v) = %v, want %v", tc.league, tc.ours, tc.side, got, tc.want)
		}
	}
}

func TestMatchFeedGame(t *testing.T) {
	kickoff := time.Date(2022, 9, 11, 13, 0, 0, 0, squares.Eastern)
	game := func(id, league, home, homeAbbr, away, awayAbbr string, start time.Time) squares.FeedGame {
		return squares.FeedGame{EventID: id, League: league, Start: start,
			Home: squares.FeedSide{Name: home, Abbreviation: homeAbbr}, Away: squares.FeedSide{Name: away, Abbreviation: awayAbbr}}
	}
	wshJax := game("401437646", "NFL", "Washington Commanders", "WSH", "Jacksonville Jaguars", "JAX",
		time.Date(2022, 9, 11, 17, 0, 0, 0, time.UTC))
	larBuf := game("401437654", "NFL", "Los Angeles Rams", "LAR", "Buffalo Bills", "BUF",
		time.Date(2022, 9, 9, 0, 20, 0, 0, time.UTC))
	candidates := []squares.FeedGame{larBuf, wshJax}
	for _, tc := range []struct {
		name, league, home, away string
		kickoff                  time.Time
		want                     string
	}{
		{"full names", "NFL", "Washington Commanders", "Jacksonville Jaguars", kickoff, "401437646"},
		{"nflverse codes", "NFL", "WAS", "JAX", kickoff, "401437646"},
		{"league case", "nfl", "WAS", "JAX", kickoff, "401437646"},
		{"rams by nflverse code", "NFL", "LA", "BUF", time.Date(2022, 9, 8, 20, 20, 0, 0, squares.Eastern), "401437654"},
		{"home and away swapped", "NFL", "Jacksonville Jaguars", "Washington Commanders", kickoff, ""},
		{"other league", "NCAAF", "Washington Commanders", "Jacksonville Jaguars", kickoff, ""},
		{"one team differs", "NFL", "Washington Commanders", "Dallas Cowboys", kickoff, ""},
		// The feed's date within 12 hours of our kickoff matches; a game moved further is another game.
		{"ours 11h59 before the feed's", "NFL", "WAS", "JAX", kickoff.Add(-11*time.Hour - 59*time.Minute), "401437646"},
		{"ours 12h before", "NFL", "WAS", "JAX", kickoff.Add(-12 * time.Hour), "401437646"},
		{"ours 12h01 before", "NFL", "WAS", "JAX", kickoff.Add(-12*time.Hour - time.Minute), ""},
		{"a week later", "NFL", "WAS", "JAX", kickoff.AddDate(0, 0, 7), ""},
	} {
		got, ok := squares.MatchFeedGame(tc.league, tc.home, tc.away, tc.kickoff, candidates)
		if ok != (tc.want != "") || got.EventID != tc.want {
			t.Errorf("%s: MatchFeedGame = %q, %v; want %q", tc.name, got.EventID, ok, tc.want)
		}
	}

	// Two events of the same teams within the window: the one nearer our kickoff.
	early := wshJax
	early.EventID, early.Start = "early", kickoff.Add(-10*time.Hour)
	late := wshJax
	late.EventID, late.Start = "late", kickoff.Add(2*time.Hour)
	for _, order := range [][]squares.FeedGame{{early, late}, {late, early}} {
		if got, ok := squares.MatchFeedGame("NFL", "WAS", "JAX", kickoff, order); !ok || got.EventID != "late" {
			t.Errorf("nearest event: got %q, %v; want late", got.EventID, ok)
		}
	}
	if _, ok := squares.MatchFeedGame("NFL", "WAS", "JAX", kickoff, nil); ok {
		t.Error("matched an empty scoreboard")
	}
}

func TestFeedGameStatus(t *testing.T) {
	// The feed is authoritative: what it says becomes the game's status, whatever the scheduled kickoff.
	for phase, want := range map[string]string{
		squares.FeedPre: squares.GameScheduled, squares.FeedIn: squares.GameLive, squares.FeedPost: squares.GameCompleted,
		squares.FeedCancelled: squares.GameCancelled, squares.FeedPostponed: squares.GamePostponed, "": squares.GameScheduled,
	} {
		if got := (squares.FeedGame{Phase: phase}).GameStatus(); got != want {
			t.Errorf("GameStatus of phase %q = %q, want %q", phase, got, want)
		}
	}
}
