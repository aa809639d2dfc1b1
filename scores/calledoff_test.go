package scores_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/espn"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// postponing reads the feed's real scoreboard and reports one event postponed: no recorded NFL or college
// answer with a postponed game exists (espn/testdata/README.md), and ESPN's status is read by squares.FeedStatus,
// tested on the recorded soccer postponement.
type postponing struct {
	src   *espn.Client
	event string
	phase string
}

func (p postponing) Scoreboard(ctx context.Context, league string, date time.Time) ([]squares.FeedGame, error) {
	games, err := p.src.Scoreboard(ctx, league, date)
	for i := range games {
		if games[i].EventID == p.event {
			games[i].Phase, games[i].Completed, games[i].Detail = p.phase, false, "Postponed"
		}
	}
	return games, err
}

// TestPollCalledOffGame: a game the feed reports postponed is postponed, its pools cancelled through the
// escrow and every payment of its full $10 pool refunded (escrow and ledger at zero); the next poll
// leaves it alone. A cancelled game is the same.
func TestPollCalledOffGame(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		for _, phase := range []string{squares.FeedPostponed, squares.FeedCancelled} {
			e := newEnv(t, engine, sold)
			e.feed.serve(http.StatusOK, "application/json", recorded(t, "nfl-20241215.json"))
			e.poller.Source = postponing{src: espn.New(e.feed.srv.URL, e.feed.srv.Client()), event: "401671854", phase: phase}
			s := sunday[0]
			g, ten := e.game(s.home, s.away, s.kickoff, "")
			e.fill(ten)
			e.clock.Set(s.kickoff.Add(-time.Hour))
			rep, err := e.poller.RunOnce(e.ctx)
			if err != nil || rep.Matched != 1 || rep.Applied != 1 {
				t.Fatalf("%s: poll %+v, %v\n%s", phase, rep, err, e.log)
			}
			want := map[string]string{squares.FeedPostponed: squares.GamePostponed, squares.FeedCancelled: squares.GameCancelled}[phase]
			if got := e.findGame(g.ID); got.Status != want {
				t.Errorf("%s: game %s", phase, got.Status)
			}
			pools, err := e.db.ListPools(e.ctx, squares.PoolFilter{GameID: g.ID})
			if err != nil || len(pools) != 5 {
				t.Fatalf("pools %d, %v", len(pools), err)
			}
			for _, p := range pools {
				if p.Status != squares.PoolCancelled {
					t.Errorf("%s: pool %d %s", phase, p.ID, p.Status)
				}
			}
			if err := e.esc.RunOnce(e.ctx); err != nil {
				t.Fatal(err)
			}
			pays, err := e.db.ListPoolPayments(e.ctx, ten.ID)
			if err != nil || len(pays) != 20 {
				t.Fatalf("payments %d, %v", len(pays), err)
			}
			for _, pay := range pays {
				if pay.Status != squares.PaymentRefunded && pay.Status != squares.PaymentReleased {
					t.Errorf("%s: payment %s %s", phase, pay.ID, pay.Status)
				}
			}
			books := e.books()
			if b := books[squares.PoolEscrowAccount(ten.ID)]; b != 0 {
				t.Errorf("%s: escrow %s", phase, b)
			}
			if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Games != 0 || rep.Applied != 0 {
				t.Errorf("%s: next poll %+v, %v", phase, rep, err)
			}
		}
	})
}

// TestRun: Run polls at once and again every Interval, and returns when its context ends.
func TestRun(t *testing.T) {
	e := newEnv(t, store.SQLite, sold)
	e.feed.serve(http.StatusOK, "application/json", recorded(t, "nfl-20241215.json"))
	s := sunday[0]
	g, _ := e.game(s.home, s.away, s.kickoff, "")
	e.clock.Set(s.kickoff.Add(time.Hour))
	e.poller.Interval = 20 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.poller.Run(ctx); close(done) }()
	deadline := time.Now().Add(10 * time.Second)
	// The game completes inside the first poll, before that poll records its status; a cancel then would
	// cut the poll short, which (rightly) records nothing. Wait for both.
	for (e.findGame(g.ID).Status != squares.GameCompleted || e.poller.Status().LastPoll.IsZero()) &&
		time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return")
	}
	if got := e.findGame(g.ID); got.Status != squares.GameCompleted {
		t.Errorf("game %s after Run", got.Status)
	}
	if st := e.poller.Status(); !st.OK || st.LastError != "" || st.LastPoll.IsZero() {
		t.Errorf("status %+v", st)
	}
}

// TestPollTimeoutAndWindow: ESPN accepting the request and never answering is cut off by the HTTP
// client's timeout, changes nothing and is recorded; a game kicking off more than 6 hours ahead is not
// polled at all.
func TestPollTimeoutAndWindow(t *testing.T) {
	e := newEnv(t, store.SQLite, sold)
	release := make(chan struct{})
	stall := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(stall.Close)
	t.Cleanup(func() { close(release) })
	hc := stall.Client()
	hc.Timeout = 200 * time.Millisecond
	e.poller.Source = espn.New(stall.URL, hc)
	s := sunday[0]
	g, _ := e.game(s.home, s.away, s.kickoff, "")
	e.clock.Set(s.kickoff.Add(-7 * time.Hour))
	if rep, err := e.poller.RunOnce(e.ctx); err != nil || rep.Games != 0 || rep.Fetched != 0 {
		t.Errorf("7 hours ahead: %+v, %v", rep, err)
	}
	e.clock.Set(s.kickoff.Add(-5 * time.Hour))
	start := time.Now()
	rep, err := e.poller.RunOnce(e.ctx)
	if err == nil || rep.Games != 1 || rep.Matched != 0 || time.Since(start) > 5*time.Second {
		t.Errorf("stalled feed: %+v, %v after %s", rep, err, time.Since(start))
	}
	if got := e.findGame(g.ID); got.Status != squares.GameScheduled || got.ESPNID != "" {
		t.Errorf("stalled feed changed the game: %+v", got)
	}
	if st := e.poller.Status(); st.OK || st.LastError == "" {
		t.Errorf("status %+v", st)
	}
}
