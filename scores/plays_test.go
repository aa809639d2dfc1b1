package scores_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/espn"
	"github.com/squaresapp/squares/store/storetest"
)

// headerGame is a recorded ESPN summary's game as the scoreboard reports it: the summary's header holds
// the scoreboard's competition (teams, final score, status, points per period as display values). No
// recorded scoreboard holds this game; its scoring plays come from the same recorded answer.
type headerGame struct {
	*espn.Client
	ev squares.FeedGame
}

func (h headerGame) Scoreboard(context.Context, string, time.Time) ([]squares.FeedGame, error) {
	return []squares.FeedGame{h.ev}, nil
}

func feedGameOfSummary(t *testing.T, body []byte) squares.FeedGame {
	t.Helper()
	var doc struct {
		Header struct {
			ID           string `json:"id"`
			Competitions []struct {
				Date        string `json:"date"`
				Competitors []struct {
					HomeAway string `json:"homeAway"`
					Score    string `json:"score"`
					Team     struct {
						DisplayName  string `json:"displayName"`
						Abbreviation string `json:"abbreviation"`
					} `json:"team"`
					Linescores []struct {
						DisplayValue string `json:"displayValue"`
					} `json:"linescores"`
				} `json:"competitors"`
			} `json:"competitions"`
		} `json:"header"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	c := doc.Header.Competitions[0]
	start, err := time.Parse("2006-01-02T15:04Z", c.Date)
	if err != nil {
		t.Fatal(err)
	}
	ev := squares.FeedGame{EventID: doc.Header.ID, League: "NFL", Start: start, Phase: squares.FeedPost, Completed: true,
		Period: 4, Detail: "Final"}
	for _, side := range c.Competitors {
		s := squares.FeedSide{Name: side.Team.DisplayName, Abbreviation: side.Team.Abbreviation}
		s.Score, _ = strconv.Atoi(side.Score)
		for _, l := range side.Linescores {
			n, _ := strconv.Atoi(l.DisplayValue)
			s.Periods = append(s.Periods, n)
		}
		if side.HomeAway == "home" {
			ev.Home = s
		} else {
			ev.Away = s
		}
	}
	return ev
}

// TestPollPaysEveryScoreOnRecordedPlays: GB at ATL of 2023-09-17 (ESPN event 401547417, ATL 25-24, ten
// scoring plays) reaches its final through the poller for a $10 pool playing "Every score" (Q1 10, Q2 15,
// Q3 10, Final 15, every score 50): the poller reads the game's recorded summary before it applies the
// final, and the pool pays the four periods and one prize for each of the ten score changes, 45.00 each
// (the prize pool of 900.00 x 50% / 10), the whole prize pool to the cent, once.
func TestPollPaysEveryScoreOnRecordedPlays(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, time.Date(2023, 9, 14, 15, 0, 0, 0, time.UTC))
		body := recorded(t, "summary/nfl-401547417.json")
		e.feed.serve(http.StatusOK, "application/json", body)
		ev := feedGameOfSummary(t, body)
		e.poller.Source = headerGame{Client: espn.New(e.feed.srv.URL, e.feed.srv.Client()), ev: ev}
		g, ten := e.game("Atlanta Falcons", "Green Bay Packers", ev.Start, "")
		rules := squares.RulesPresets(squares.LeagueNFL)[2].Rules
		if _, err := e.db.SetPoolRules(e.ctx, ten.ID, rules); err != nil {
			t.Fatal(err)
		}
		e.fill(ten)
		e.clock.Set(time.Date(2023, 9, 17, 21, 0, 0, 0, time.UTC))
		rep, err := e.poller.RunOnce(e.ctx)
		if err != nil || rep.Applied != 1 {
			t.Fatalf("poll: %+v, %v\n%s", rep, err, e.log)
		}
		if len(e.feed.paths) != 1 || e.feed.paths[0] != "/apis/site/v2/sports/football/nfl/summary?event=401547417" {
			t.Errorf("requested %v", e.feed.paths)
		}
		if got := e.findGame(g.ID); got.Status != squares.GameCompleted || *got.HomeScore != 25 || *got.AwayScore != 24 {
			t.Fatalf("game %s", got.Status)
		}
		ws, err := e.db.ListWinners(e.ctx, ten.ID)
		if err != nil {
			t.Fatal(err)
		}
		p := e.pool(ten.ID)
		var sum squares.Cents
		scores := 0
		for _, w := range ws {
			sum += w.Amount
			if w.Kind == squares.AwardScore {
				scores++
				if w.Amount != 4_500 {
					t.Errorf("score prize %s: %s", w.Award, w.Amount)
				}
			}
		}
		if scores != 10 || len(ws) != 14 || sum != p.PrizePool() || p.PrizePool() != 90_000 {
			t.Fatalf("%d winners, %d score prizes, %s paid of %s", len(ws), scores, sum, p.PrizePool())
		}
		// The last change, 24-25 (away-home) in the fourth quarter, won with the final's numbers.
		last := ws[len(ws)-2]
		if last.Award != "score:10" || last.HomeScore != 25 || last.AwayScore != 24 || p.HomeNumbers[last.Column] != 5 ||
			p.AwayNumbers[last.Row] != 4 || last.Label != "Q4" {
			t.Errorf("last score prize %+v", *last)
		}
		books := e.books()
		if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Applied != 0 {
			t.Fatalf("second poll: %+v, %v", rep, err)
		}
		if again := e.books(); len(again) != len(books) || again[squares.PoolEscrowAccount(ten.ID)] != 0 {
			t.Errorf("books after a second poll: %v", again)
		}
	})
}

// failingPlays is a feed whose scoreboard reports the game final but whose scoring plays cannot be read.
type failingPlays struct{ ev squares.FeedGame }

func (f failingPlays) Scoreboard(context.Context, string, time.Time) ([]squares.FeedGame, error) {
	return []squares.FeedGame{f.ev}, nil
}

func (failingPlays) ScoringPlays(context.Context, string, string) ([]squares.ReportedScore, error) {
	return nil, errors.New("summary: 503 Service Unavailable")
}

// TestPollFinalWaitsForPlays: a game whose pool pays every score is not completed, and pays nothing, while
// its scoring plays cannot be read; the poll reports the error, and the next one that reads them settles it.
func TestPollFinalWaitsForPlays(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, time.Date(2023, 9, 14, 15, 0, 0, 0, time.UTC))
		body := recorded(t, "summary/nfl-401547417.json")
		e.feed.serve(http.StatusOK, "application/json", body)
		ev := feedGameOfSummary(t, body)
		g, ten := e.game("Atlanta Falcons", "Green Bay Packers", ev.Start, "")
		if _, err := e.db.SetPoolRules(e.ctx, ten.ID, squares.RulesPresets(squares.LeagueNFL)[2].Rules); err != nil {
			t.Fatal(err)
		}
		e.fill(ten)
		e.clock.Set(time.Date(2023, 9, 17, 21, 0, 0, 0, time.UTC))
		e.poller.Source = failingPlays{ev: ev}
		if rep, err := e.poller.RunOnce(e.ctx); err == nil || rep.Applied != 0 || !strings.Contains(err.Error(), "scoring plays") {
			t.Fatalf("poll without plays: %+v, %v", rep, err)
		}
		if got := e.findGame(g.ID); got.Status == squares.GameCompleted {
			t.Fatal("the final was applied without its scoring plays")
		}
		if ws, _ := e.db.ListWinners(e.ctx, ten.ID); len(ws) != 0 {
			t.Fatalf("%d winners paid without the plays", len(ws))
		}
		e.poller.Source = headerGame{Client: espn.New(e.feed.srv.URL, e.feed.srv.Client()), ev: ev}
		if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Applied != 1 {
			t.Fatalf("poll with plays: %+v, %v", rep, err)
		}
		if ws, _ := e.db.ListWinners(e.ctx, ten.ID); len(ws) != 14 {
			t.Fatalf("%d winners, want 14", len(ws))
		}
	})
}
