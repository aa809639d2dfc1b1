package squares_test

import (
	"slices"
	"testing"

	"github.com/squaresapp/squares"
)

// play applies updates in order to a new game paid over periods periods, failing on a refusal, and
// returns the game and every period ended along the way.
func play(t *testing.T, periods int, updates ...squares.ScoreUpdate) (squares.Game, []squares.PeriodScore) {
	t.Helper()
	g := squares.Game{Status: squares.GameScheduled}
	var ended []squares.PeriodScore
	for i, u := range updates {
		res, err := squares.ApplyScore(g, periods, u)
		if err != nil {
			t.Fatalf("update %d %+v: %v", i, u, err)
		}
		g = res.Game
		ended = append(ended, res.Ended...)
	}
	return g, ended
}

func up(home, away, quarter int, status string) squares.ScoreUpdate {
	return squares.ScoreUpdate{HomeScore: home, AwayScore: away, Quarter: quarter, Status: status}
}

func TestScoreStatus(t *testing.T) {
	for _, c := range []struct {
		in, want string
		quarter  int
		half     bool
	}{
		{"ns", squares.GameScheduled, 0, false}, {"TBD", squares.GameScheduled, 0, false},
		{"scheduled", squares.GameScheduled, 0, false}, {"1q", squares.GameLive, 1, false},
		{"4Q", squares.GameLive, 4, false}, {"ot", squares.GameLive, 5, false}, {"ht", squares.GameLive, 0, true},
		{"live", squares.GameLive, 0, false}, {"ft", squares.GameCompleted, 0, false},
		{"aet", squares.GameCompleted, 0, false}, {"completed", squares.GameCompleted, 0, false},
		{"postponed", squares.GamePostponed, 0, false}, {"canceled", squares.GameCancelled, 0, false},
		{"cancelled", squares.GameCancelled, 0, false},
	} {
		got, q, half, err := squares.ScoreStatus(c.in)
		if err != nil || got != c.want || q != c.quarter || half != c.half {
			t.Errorf("ScoreStatus(%q) = %s %d %v %v, want %s %d %v", c.in, got, q, half, err, c.want, c.quarter, c.half)
		}
	}
	if _, _, _, err := squares.ScoreStatus("bogus"); squares.ErrorCode(err) != squares.EINVALID {
		t.Errorf("ScoreStatus(bogus) = %v, want invalid", err)
	}
}

func TestApplyScoreWholeGame(t *testing.T) {
	g, ended := play(t, 4,
		up(0, 0, 1, "live"), up(7, 0, 1, "live"), up(7, 3, 1, "1q"),
		up(10, 3, 2, "2q"), // Q1 ended at 7-3: the last score reported within it
		up(14, 3, 2, "2q"), up(14, 10, 3, "3q"), up(21, 10, 4, "4q"), up(21, 17, 4, "4q"),
		up(24, 17, 4, "ft"))
	want := []squares.PeriodScore{{Period: 1, Home: 7, Away: 3}, {Period: 2, Home: 14, Away: 3},
		{Period: 3, Home: 14, Away: 10}, {Period: 4, Home: 24, Away: 17}}
	if !slices.Equal(ended, want) || !slices.Equal(g.PeriodScores(4), want) {
		t.Fatalf("ended %v, stored %v, want %v", ended, g.PeriodScores(4), want)
	}
	if g.Status != squares.GameCompleted || *g.HomeScore != 24 || *g.AwayScore != 17 {
		t.Fatalf("game %s %d-%d", g.Status, *g.HomeScore, *g.AwayScore)
	}
	// Replaying the final changes nothing; any other update to a completed game is refused.
	res, err := squares.ApplyScore(g, 4, up(24, 17, 4, "ft"))
	if err != nil || res.Changed || len(res.Ended) != 0 {
		t.Fatalf("replayed final: %+v %v", res, err)
	}
	if _, err := squares.ApplyScore(g, 4, up(27, 17, 4, "ft")); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
		t.Fatalf("update after the final: %v, want unprocessable", err)
	}
}

func TestApplyScoreOvertimeCountsTowardTheFinal(t *testing.T) {
	_, ended := play(t, 4, up(3, 0, 1, "1q"), up(10, 7, 2, "2q"), up(17, 14, 3, "3q"), up(24, 24, 4, "4q"),
		up(24, 24, 5, "ot"), up(30, 24, 5, "ot"), up(30, 24, 5, "ft"))
	want := []squares.PeriodScore{{Period: 1, Home: 3, Away: 0}, {Period: 2, Home: 10, Away: 7},
		{Period: 3, Home: 17, Away: 14}, {Period: 4, Home: 30, Away: 24}}
	if !slices.Equal(ended, want) {
		t.Fatalf("ended %v, want %v (regulation ended 24-24 but overtime counts toward the final)", ended, want)
	}
}

func TestApplyScoreCollegeBasketballHalves(t *testing.T) {
	_, ended := play(t, 2, up(20, 18, 1, "live"), up(35, 31, 1, "live"), up(38, 31, 2, "live"),
		up(70, 66, 2, "live"), up(70, 70, 3, "ot"), up(79, 75, 3, "ft"))
	want := []squares.PeriodScore{{Period: 1, Home: 35, Away: 31}, {Period: 2, Home: 79, Away: 75}}
	if !slices.Equal(ended, want) {
		t.Fatalf("ended %v, want %v", ended, want)
	}
	// Halftime ends the first half with the score it reports.
	_, ended = play(t, 2, up(20, 18, 1, "live"), up(35, 31, 0, "ht"))
	if want := []squares.PeriodScore{{Period: 1, Home: 35, Away: 31}}; !slices.Equal(ended, want) {
		t.Fatalf("halftime ended %v, want %v", ended, want)
	}
}

func TestApplyScoreHalftimeInQuarters(t *testing.T) {
	// ht ends Q2 with the score it reports; the third quarter then starts from it.
	g, ended := play(t, 4, up(7, 3, 1, "1q"), up(14, 3, 2, "2q"), up(17, 3, 0, "ht"))
	want := []squares.PeriodScore{{Period: 1, Home: 7, Away: 3}, {Period: 2, Home: 17, Away: 3}}
	if !slices.Equal(ended, want) || g.Quarter != 2 {
		t.Fatalf("ended %v (quarter %d), want %v", ended, g.Quarter, want)
	}
	res, err := squares.ApplyScore(g, 4, up(17, 3, 0, "ht"))
	if err != nil || res.Changed {
		t.Fatalf("halftime replayed: %+v %v", res, err)
	}
	res, err = squares.ApplyScore(g, 4, up(24, 3, 3, "3q"))
	if err != nil || len(res.Ended) != 0 {
		t.Fatalf("Q3 after halftime ended %v, %v", res.Ended, err)
	}
}

func TestApplyScoreSkippedPeriods(t *testing.T) {
	// A report from Q3 after Q1: Q1 and Q2 end at the last score reported (nothing was reported in Q2).
	_, ended := play(t, 4, up(7, 0, 1, "1q"), up(14, 0, 3, "3q"))
	want := []squares.PeriodScore{{Period: 1, Home: 7, Away: 0}, {Period: 2, Home: 7, Away: 0}}
	if !slices.Equal(ended, want) {
		t.Fatalf("ended %v, want %v", ended, want)
	}
	// A final straight after Q1: the remaining periods end, the final with the final score.
	_, ended = play(t, 4, up(7, 0, 1, "1q"), up(20, 3, 0, "ft"))
	want = []squares.PeriodScore{{Period: 1, Home: 7, Away: 0}, {Period: 2, Home: 7, Away: 0},
		{Period: 3, Home: 7, Away: 0}, {Period: 4, Home: 20, Away: 3}}
	if !slices.Equal(ended, want) {
		t.Fatalf("ended %v, want %v", ended, want)
	}
}

func TestApplyScoreRefusals(t *testing.T) {
	g, _ := play(t, 4, up(7, 3, 1, "1q"), up(10, 3, 2, "2q"))
	for name, c := range map[string]struct {
		u    squares.ScoreUpdate
		code string
	}{
		"score down":            {up(9, 3, 2, "2q"), squares.EUNPROCESSABLE},
		"below an ended period": {squares.ScoreUpdate{HomeScore: 6, AwayScore: 3, Quarter: 2, Status: "2q", Correction: true}, squares.EUNPROCESSABLE},
		"period back":           {up(10, 3, 1, "1q"), squares.EUNPROCESSABLE},
		"back to scheduled":     {up(10, 3, 0, "ns"), squares.EUNPROCESSABLE},
		"negative score":        {up(-1, 3, 2, "2q"), squares.EINVALID},
		"score too high":        {up(1000, 3, 2, "2q"), squares.EINVALID},
		"quarter out of range":  {up(10, 3, 21, "live"), squares.EINVALID},
		"unknown status":        {up(10, 3, 2, "halfway"), squares.EINVALID},
	} {
		if _, err := squares.ApplyScore(g, 4, c.u); squares.ErrorCode(err) != c.code {
			t.Errorf("%s: %v, want %s", name, err, c.code)
		}
	}
	// A correction may lower the score of the period in play, down to the end of the last ended period.
	res, err := squares.ApplyScore(g, 4, squares.ScoreUpdate{HomeScore: 7, AwayScore: 3, Quarter: 2, Status: "2q", Correction: true})
	if err != nil || !res.Changed || *res.Game.HomeScore != 7 {
		t.Fatalf("correction: %+v %v", res, err)
	}
	// A first report from a later period cannot end the periods before it with a score nobody reported;
	// at 0-0 they certainly ended 0-0.
	fresh := squares.Game{Status: squares.GameScheduled}
	if _, err := squares.ApplyScore(fresh, 4, up(10, 3, 2, "2q")); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
		t.Errorf("first report from Q2 at 10-3: %v, want unprocessable", err)
	}
	if res, err := squares.ApplyScore(fresh, 4, up(0, 0, 2, "2q")); err != nil || len(res.Ended) != 1 || res.Ended[0].Home != 0 {
		t.Errorf("first report from Q2 at 0-0: %+v %v", res, err)
	}
	// A cancelled game takes no more scores.
	res, err = squares.ApplyScore(g, 4, up(10, 3, 0, "cancelled"))
	if err != nil || res.Game.Status != squares.GameCancelled || len(res.Ended) != 0 {
		t.Fatalf("cancel: %+v %v", res, err)
	}
	if _, err := squares.ApplyScore(res.Game, 4, up(10, 3, 2, "live")); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
		t.Fatalf("score after cancel: %v", err)
	}
}

func TestApplyScoreFeedPeriodEnds(t *testing.T) {
	// A feed that was down for Q1 and Q2 reports Q3 with its linescores: the ends are the feed's, not the
	// score at the poll.
	ends := []squares.PeriodScore{{Period: 1, Home: 7, Away: 0}, {Period: 2, Home: 10, Away: 10}}
	u := up(17, 13, 3, "live")
	u.PeriodEnds = ends
	res, err := squares.ApplyScore(squares.Game{Status: squares.GameScheduled}, 4, u)
	if err != nil || !slices.Equal(res.Ended, ends) {
		t.Fatalf("ended %v, %v; want %v", res.Ended, err, ends)
	}
	g := res.Game
	again, err := squares.ApplyScore(g, 4, u)
	if err != nil || again.Changed {
		t.Fatalf("replay: %+v %v", again, err)
	}
	final := up(27, 20, 4, "ft")
	final.PeriodEnds = append(ends[:2:2], squares.PeriodScore{Period: 3, Home: 17, Away: 13}, squares.PeriodScore{Period: 4, Home: 27, Away: 20})
	res, err = squares.ApplyScore(g, 4, final)
	if err != nil || len(res.Ended) != 2 || res.Ended[1].Home != 27 {
		t.Fatalf("final: %+v %v", res.Ended, err)
	}
	for name, pe := range map[string][]squares.PeriodScore{
		"a paid period changed": {{Period: 1, Home: 3, Away: 0}, {Period: 2, Home: 10, Away: 10}},
		"out of order":          {{Period: 2, Home: 7, Away: 0}},
		"above the score":       {{Period: 1, Home: 7, Away: 0}, {Period: 2, Home: 10, Away: 10}, {Period: 3, Home: 30, Away: 13}},
		"final short":           {{Period: 1, Home: 7, Away: 0}, {Period: 2, Home: 10, Away: 10}},
	} {
		bad := up(27, 20, 4, "ft")
		if name != "final short" {
			bad = up(17, 13, 4, "live")
		}
		bad.PeriodEnds = pe
		if _, err := squares.ApplyScore(g, 4, bad); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
			t.Errorf("%s: %v, want unprocessable", name, err)
		}
	}
}

func TestEndedPeriodsOfAnImportedFinal(t *testing.T) {
	// A schedule import stores a final with no period scores (home_q4 only): no period counts as ended,
	// and replaying that final changes nothing.
	g := squares.Game{Status: squares.GameCompleted, HomeScore: ptr(24), AwayScore: ptr(17), Quarter: 4}
	g.HomePeriod[3], g.AwayPeriod[3] = ptr(24), ptr(17)
	if n := g.EndedPeriods(4); n != 0 || len(g.PeriodScores(4)) != 0 {
		t.Fatalf("ended %d, scores %v", n, g.PeriodScores(4))
	}
	if res, err := squares.ApplyScore(g, 4, up(24, 17, 4, "ft")); err != nil || res.Changed {
		t.Fatalf("replayed imported final: %+v %v", res, err)
	}
}

func ptr(n int) *int { return &n }
