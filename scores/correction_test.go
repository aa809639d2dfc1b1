package scores_test

import (
	"context"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/espn"
	"github.com/squaresapp/squares/store"
)

// overturning reads the feed's real scoreboard and takes points back from one event's home team in the
// period in play, as ESPN does when a score is overturned on review (no recorded answer of one exists).
type overturning struct {
	src    *espn.Client
	event  string
	points int
}

func (o overturning) Scoreboard(ctx context.Context, league string, date time.Time) ([]squares.FeedGame, error) {
	games, err := o.src.Scoreboard(ctx, league, date)
	for i := range games {
		if g := &games[i]; g.EventID == o.event {
			g.Home.Score -= o.points
			g.Home.Periods = append([]int(nil), g.Home.Periods...)
			g.Home.Periods[len(g.Home.Periods)-1] -= o.points
		}
	}
	return games, err
}

// TestPollScoreOverturned: the feed is authoritative, so a score it lowers in the period in play (a
// touchdown overturned) is taken as a correction, not refused; the ended periods stay as paid.
func TestPollScoreOverturned(t *testing.T) {
	e := newEnv(t, store.SQLite, time.Date(2022, 9, 8, 15, 0, 0, 0, time.UTC))
	e.feed.serveLeague("football/nfl", recorded(t, "nfl-2022-week1.json"))
	det, _ := e.game("Detroit Lions", "Philadelphia Eagles", time.Date(2022, 9, 11, 17, 0, 0, 0, time.UTC), "")
	e.clock.Set(time.Date(2022, 9, 11, 19, 30, 0, 0, time.UTC))
	if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Applied != 1 {
		t.Fatalf("first poll: %+v, %v", rep, err)
	}
	e.poller.Source = overturning{src: espn.New(e.feed.srv.URL, e.feed.srv.Client()), event: "401437648", points: 7}
	e.clock.Add(30 * time.Second)
	if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Applied != 1 {
		t.Fatalf("overturned: %+v, %v", rep, err)
	}
	e.wantGame(det.ID, squares.GameLive, 4, "401437648", 21, 38, [][2]int{{7, 0}, {14, 24}, {21, 38}})
}

// TestPollSkipsLeaguesWithoutFeed: a game of a league ESPN's scoreboards are not read for is left to
// manual entry, not polled into an error every interval.
func TestPollSkipsLeaguesWithoutFeed(t *testing.T) {
	e := newEnv(t, store.SQLite, sold)
	ufl := &squares.League{Name: "UFL", DisplayName: "United Football League", Sport: "football", IsActive: true}
	if err := e.db.CreateLeague(e.ctx, ufl); err != nil {
		t.Fatal(err)
	}
	e.leagueGame(ufl.ID, "Birmingham Stallions", "Houston Roughnecks", sold.Add(5*time.Hour), "")
	e.clock.Add(3 * time.Hour)
	if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Games != 0 || len(e.feed.paths) != 0 {
		t.Errorf("UFL: %+v, %v, requests %v", rep, err, e.feed.paths)
	}
	if st := e.poller.Status(); !st.OK {
		t.Errorf("status %+v", st)
	}
}
