package squares_test

import (
	"slices"
	"testing"

	"github.com/squaresapp/squares"
)

func TestScoreChanges(t *testing.T) {
	type rep = squares.ReportedScore
	type ch = squares.ScoreChange
	for _, tc := range []struct {
		name    string
		league  int64
		reports []rep
		want    []ch
	}{
		{"no reports", squares.LeagueNFL, nil, nil},
		{"0-0 is not a change", squares.LeagueNFL, []rep{{0, 0, 0}, {1, 0, 0}, {4, 0, 0}, {5, 0, 0}}, nil},
		{"a game with overtime", squares.LeagueNFL,
			[]rep{{1, 0, 0}, {1, 7, 0}, {1, 7, 0}, {2, 7, 3}, {2, 14, 3}, {3, 14, 10}, {4, 17, 10}, {4, 17, 17}, {5, 17, 17}, {5, 23, 17}},
			[]ch{{"Q1", 7, 0}, {"Q2", 7, 3}, {"Q2", 14, 3}, {"Q3", 14, 10}, {"Q4", 17, 10}, {"Q4", 17, 17}, {"OT", 23, 17}}},
		{"both sides at once (a manual entry of several scores)", squares.LeagueNFL,
			[]rep{{2, 10, 7}, {3, 10, 7}, {4, 24, 14}},
			[]ch{{"Q2", 10, 7}, {"Q4", 24, 14}}},
		{"a correction back to the score before takes the mistake back", squares.LeagueNFL,
			[]rep{{1, 7, 0}, {1, 14, 0}, {1, 7, 0}, {2, 7, 3}},
			[]ch{{"Q1", 7, 0}, {"Q2", 7, 3}}},
		{"a correction to another score replaces the mistake", squares.LeagueNFL,
			[]rep{{1, 7, 0}, {2, 7, 10}, {2, 7, 6}},
			[]ch{{"Q1", 7, 0}, {"Q2", 7, 6}}},
		{"a correction of the wrong team's score", squares.LeagueNFL,
			[]rep{{1, 3, 0}, {1, 10, 0}, {1, 3, 7}},
			[]ch{{"Q1", 3, 0}, {"Q1", 3, 7}}},
		{"a correction to 0-0 takes every change back", squares.LeagueNFL,
			[]rep{{1, 7, 0}, {1, 0, 0}},
			nil},
		{"the period in play never goes back", squares.LeagueNBA,
			[]rep{{3, 50, 48}, {2, 52, 48}},
			[]ch{{"Q3", 50, 48}, {"Q3", 52, 48}}},
		{"before the first period counts in it", squares.LeagueNBA,
			[]rep{{0, 2, 0}},
			[]ch{{"Q1", 2, 0}}},
		{"college basketball halves and overtime", squares.LeagueNCAAB,
			[]rep{{1, 2, 0}, {1, 2, 3}, {2, 40, 38}, {2, 70, 70}, {3, 72, 70}, {4, 80, 75}},
			[]ch{{"H1", 2, 0}, {"H1", 2, 3}, {"H2", 40, 38}, {"H2", 70, 70}, {"OT", 72, 70}, {"OT", 80, 75}}},
	} {
		if got := squares.ScoreChanges(tc.reports, tc.league); !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, got, tc.want)
		}
	}
}

func TestPeriodEndsOf(t *testing.T) {
	type end = squares.PeriodEnd
	ot := squares.ScoreChanges([]squares.ReportedScore{{1, 7, 0}, {2, 7, 3}, {2, 14, 3}, {4, 17, 10}, {4, 17, 17}, {5, 23, 17}}, squares.LeagueNFL)
	for _, tc := range []struct {
		name    string
		changes []squares.ScoreChange
		league  int64
		ended   int
		want    []end
	}{
		{"none ended", ot, squares.LeagueNFL, 0, nil},
		{"halftime", ot, squares.LeagueNFL, 2, []end{{"Q1", 7, 0}, {"Q2", 14, 3}}},
		{"Q3 scoreless", ot, squares.LeagueNFL, 3, []end{{"Q1", 7, 0}, {"Q2", 14, 3}, {"Q3", 14, 3}}},
		{"overtime: Q4 is the end of regulation, FINAL the final", ot, squares.LeagueNFL, 5,
			[]end{{"Q1", 7, 0}, {"Q2", 14, 3}, {"Q3", 14, 3}, {"Q4", 17, 17}, {"FINAL", 23, 17}}},
		{"0-0", nil, squares.LeagueNFL, 5, []end{{"Q1", 0, 0}, {"Q2", 0, 0}, {"Q3", 0, 0}, {"Q4", 0, 0}, {"FINAL", 0, 0}}},
		{"more than there are", nil, squares.LeagueNCAAB, 9, []end{{"H1", 0, 0}, {"FINAL", 0, 0}}},
		{"college basketball in overtime", []squares.ScoreChange{{"H1", 30, 28}, {"H2", 60, 60}, {"OT", 66, 62}},
			squares.LeagueNCAAB, 2, []end{{"H1", 30, 28}, {"FINAL", 66, 62}}},
	} {
		if got := squares.PeriodEndsOf(tc.changes, tc.league, tc.ended); !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, got, tc.want)
		}
	}
}
