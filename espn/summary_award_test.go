package espn_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/espn"
)

// awardsFromESPN reads an event's recorded scoring plays through the client and decides a full board's
// prizes from them, as settlement will: ScoringPlays, ScoreChanges, PeriodEndsOf (the game final), Awards.
func awardsFromESPN(t *testing.T, path, file, league, eventID string, leagueID int64, rules squares.Rules,
	prizePool squares.Cents, set squares.NumberSet) []squares.Award {
	t.Helper()
	srv, _ := serveRecorded(t, path, file)
	plays, err := espn.New(srv.URL, srv.Client()).ScoringPlays(context.Background(), league, eventID)
	if err != nil {
		t.Fatal(err)
	}
	rules = rules.WithDefaults(leagueID)
	if err := squares.CheckRules(squares.RulesInput{Rules: rules, LeagueID: leagueID, Private: true}); err != nil {
		t.Fatal(err)
	}
	changes := squares.ScoreChanges(plays, leagueID)
	taken := make([]bool, rules.Grid)
	for i := range taken {
		taken[i] = true
	}
	awards, err := squares.Awards(squares.AwardInput{Rules: rules, LeagueID: leagueID, PrizePool: prizePool, Taken: taken,
		NumberSets: []squares.NumberSet{set},
		Ends:       squares.PeriodEndsOf(changes, leagueID, len(squares.PayingPeriods(leagueID))),
		Changes:    changes})
	if err != nil {
		t.Fatal(err)
	}
	var sum squares.Cents
	keys := map[string]bool{}
	for _, a := range awards {
		sum += a.Amount
		if keys[a.Key()] {
			t.Errorf("award %s decided twice", a.Key())
		}
		keys[a.Key()] = true
	}
	if sum != prizePool {
		t.Errorf("awards sum to %s, the prize pool is %s", sum, prizePool)
	}
	return awards
}

func TestEveryScoreFromRecordedNFLPlays(t *testing.T) {
	// GB at ATL, 25-24, on a full 100-square board with the "Every score" preset (Q1 10%, Q2 15%, Q3 10%,
	// FINAL 15%, every score 50%) and a prize pool of $987.65, so that every floor leaves a remainder.
	set := squares.NumberSet{HomeNumbers: []int{3, 8, 1, 6, 0, 9, 4, 7, 2, 5}, AwayNumbers: []int{7, 2, 9, 0, 5, 1, 8, 3, 6, 4}}
	rules := squares.Rules{Payouts: []squares.PayoutShare{{Period: "Q1", Percent: 10}, {Period: "Q2", Percent: 15},
		{Period: "Q3", Percent: 10}, {Period: "FINAL", Percent: 15}}, EveryScorePercent: 50}
	got := awardsFromESPN(t, "/apis/site/v2/sports/football/nfl/summary", "summary/nfl-401547417.json", "NFL",
		"401547417", squares.LeagueNFL, rules, 98765, set)

	// By hand: Q1 and Q3 floor($98,765 x 10%) = $98.76, Q2 and FINAL floor(x 15%) = $148.14, every score
	// floor(x 50%) = $493.82, 3 cents left over; ten score changes of $49.38, 2 cents left over; the FINAL
	// winner takes $148.14 + 3 + 2 cents = $148.19. A score wins the square whose row holds the away score's
	// last digit in awayNumbers and whose column the home score's in homeNumbers.
	period := func(p, label string, row, col, home, away int, amount squares.Cents) squares.Award {
		return squares.Award{Kind: squares.AwardPeriod, Period: p, PeriodLabel: label, Row: row, Column: col,
			HomeScore: home, AwayScore: away, Amount: amount}
	}
	score := func(n int, inPlay, decides string, row, col, home, away int) squares.Award {
		return squares.Award{Kind: squares.AwardScore, Period: decides, PeriodLabel: inPlay, InPlay: inPlay, Change: n,
			Row: row, Column: col, HomeScore: home, AwayScore: away, Amount: 4938}
	}
	want := []squares.Award{
		period("Q1", "Q1", 3, 0, 3, 0, 9876),
		period("Q2", "Q2", 3, 5, 9, 10, 14814),
		period("Q3", "Q3", 9, 8, 12, 24, 9876),
		score(1, "Q1", "Q1", 3, 0, 3, 0),
		score(2, "Q2", "Q2", 0, 0, 3, 7),
		score(3, "Q2", "Q2", 3, 0, 3, 10),
		score(4, "Q2", "Q2", 3, 5, 9, 10),
		score(5, "Q3", "Q3", 0, 5, 9, 17),
		score(6, "Q3", "Q3", 0, 8, 12, 17),
		score(7, "Q3", "Q3", 9, 8, 12, 24),
		// Q4 pays nothing in these rules: its changes are decided with the FINAL's numbers.
		score(8, "Q4", "FINAL", 9, 5, 19, 24),
		score(9, "Q4", "FINAL", 9, 8, 22, 24),
		score(10, "Q4", "FINAL", 9, 9, 25, 24),
		period("FINAL", "Final", 9, 9, 25, 24, 14819),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("awards:\n got %+v\nwant %+v", got, want)
	}
}

func TestEveryScoreFromRecordedCollegeBasketballPlays(t *testing.T) {
	// Saint Louis at St. Bonaventure, 97-62, 78 scoring plays, on a 25-square board with the "Every score"
	// preset of college basketball (H1 20%, FINAL 30%, every score 50%) and a prize pool of $250.00.
	set := squares.NumberSet{HomeNumbers: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, AwayNumbers: []int{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}}
	rules := squares.Rules{Grid: squares.Grid25, Payouts: []squares.PayoutShare{{Period: "H1", Percent: 20},
		{Period: "FINAL", Percent: 30}}, EveryScorePercent: 50}
	got := awardsFromESPN(t, "/apis/site/v2/sports/basketball/mens-college-basketball/summary", "summary/ncaab-401828387.json",
		"NCAAB", "401828387", squares.LeagueNCAAB, rules, 25000, set)

	// $125.00 over 78 score changes: $1.60 each (78 x 160 = 12,480), 20 cents left over to the FINAL winner.
	// The halftime score 26-58 wins row 0 (away 8 is awayNumbers[1]) and column 3 (home 6 is
	// homeNumbers[6]); the final 62-97 row 1 (7 is awayNumbers[2]) and column 1 (2 is homeNumbers[2]).
	var scores int
	var h1, final *squares.Award
	for i, a := range got {
		switch {
		case a.Kind == squares.AwardScore:
			scores++
			if a.Amount != 160 || a.Change != scores {
				t.Errorf("score award %+v", a)
			}
			wantLabel := "1st Half"
			if a.InPlay == squares.InPlayH2 {
				wantLabel = "Final"
			}
			if a.PeriodLabel != wantLabel {
				t.Errorf("score award %d in %s labelled %q", a.Change, a.InPlay, a.PeriodLabel)
			}
		case a.Period == "H1":
			h1 = &got[i]
		case a.Period == "FINAL":
			final = &got[i]
		}
	}
	if scores != 78 || h1 == nil || final == nil || len(got) != 80 {
		t.Fatalf("%d awards, %d for scores: %+v", len(got), scores, got)
	}
	if h1.Row != 0 || h1.Column != 3 || h1.HomeScore != 26 || h1.AwayScore != 58 || h1.Amount != 5000 {
		t.Errorf("1st half award %+v", *h1)
	}
	if final.Row != 1 || final.Column != 1 || final.HomeScore != 62 || final.AwayScore != 97 || final.Amount != 7520 {
		t.Errorf("final award %+v", *final)
	}
}
