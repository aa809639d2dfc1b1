package scores_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/espn"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/scores"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

var goodCard = sandbox.Card{Number: "4242 4242 4242 4242", Expiry: "12/30", CVC: "123"}

// feed is an httptest server standing in for ESPN: it serves a recorded answer (or a broken one) and
// counts the requests.
type feed struct {
	mu          sync.Mutex
	status      int
	contentType string
	body        []byte
	leagues     map[string][]byte // answers by ESPN league path, such as football/nfl, over body
	paths       []string
	srv         *httptest.Server
}

func newFeed(t *testing.T) *feed {
	f := &feed{status: http.StatusOK, contentType: "application/json"}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.paths = append(f.paths, r.URL.Path+"?"+r.URL.RawQuery)
		w.Header().Set("Content-Type", f.contentType)
		for path, body := range f.leagues {
			if strings.Contains(r.URL.Path, "/"+path+"/") {
				w.Write(body)
				return
			}
		}
		w.WriteHeader(f.status)
		w.Write(f.body)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *feed) serve(status int, contentType string, body []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.status, f.contentType, f.body = status, contentType, body
}

// serveLeague answers a league's scoreboard (ESPN's path, such as football/nfl) with a whole recorded answer.
func (f *feed) serveLeague(path string, body []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.leagues == nil {
		f.leagues = map[string][]byte{}
	}
	f.leagues[path] = body
}

func recorded(t *testing.T, file string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "espn", "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// env is a store, the sandbox, the escrow and an ESPN poller pointed at a fake feed, with one clock.
type env struct {
	t      *testing.T
	ctx    context.Context
	clock  *storetest.Clock
	db     *store.DB
	sb     *sandbox.Provider
	esc    *escrow.Escrow
	feed   *feed
	poller *scores.Poller
	log    *bytes.Buffer
	n      int
}

func newEnv(t *testing.T, engine string, now time.Time) *env {
	e := &env{t: t, ctx: context.Background(), clock: storetest.NewClock(now), log: &bytes.Buffer{}}
	e.db = storetest.Open(t, engine)
	e.db.Now = e.clock.Now
	e.sb = sandbox.New(e.db)
	e.sb.Now = e.clock.Now
	logger := slog.New(slog.NewTextHandler(e.log, nil))
	e.esc = escrow.New(e.db, e.sb, logger)
	e.sb.OnEvent = e.esc.HandleEvent
	e.feed = newFeed(t)
	e.poller = scores.NewPoller(e.db, scores.NewApplier(e.db, e.esc, logger), espn.New(e.feed.srv.URL, e.feed.srv.Client()), "espn", logger)
	e.poller.Now = e.clock.Now
	return e
}

// game creates an NFL game and opens its pools; it returns the game and its $10 pool.
func (e *env) game(home, away string, kickoff time.Time, espnID string) (*squares.Game, *squares.PoolView) {
	e.t.Helper()
	return e.leagueGame(squares.LeagueNFL, home, away, kickoff, espnID)
}

// leagueGame creates a game of a league and opens its pools; it returns the game and its $10 pool.
func (e *env) leagueGame(league int64, home, away string, kickoff time.Time, espnID string) (*squares.Game, *squares.PoolView) {
	e.t.Helper()
	e.n++
	g := &squares.Game{LeagueID: league, ExternalID: fmt.Sprintf("feed_%d", e.n), ESPNID: espnID,
		Season: 2024, Week: "W15", HomeTeam: home, AwayTeam: away, GameDate: kickoff, Status: squares.GameScheduled}
	if err := e.db.CreateGame(e.ctx, g); err != nil {
		e.t.Fatal(err)
	}
	pools, err := e.db.ListPools(e.ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		e.t.Fatal(err)
	}
	var ten *squares.PoolView
	for _, p := range pools {
		if p, err = e.db.SetPoolStatus(e.ctx, p.ID, squares.PoolActive); err != nil {
			e.t.Fatal(err)
		}
		if p.EntryFee == 1000 {
			ten = p
		}
	}
	if ten == nil {
		e.t.Fatal("no $10 pool")
	}
	return g, ten
}

// player creates an eligible player.
func (e *env) player() *squares.User {
	e.t.Helper()
	e.n++
	u := &squares.User{Email: fmt.Sprintf("p%d@example.com", e.n), PasswordHash: "x", FirstName: fmt.Sprintf("P%d", e.n),
		LastName: "Tester", Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
		ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
	if err := e.db.CreateUser(e.ctx, u); err != nil {
		e.t.Fatal(err)
	}
	return u
}

// fill sells every square of a paid pool through the sandbox, so that it is full and drawn.
func (e *env) fill(p *squares.PoolView) {
	e.t.Helper()
	const each = 5 // squares.PublicSquaresPerPlayer
	for start := 0; start < squares.SquaresPerPool; start += each {
		u := e.player()
		var cells []squares.Cell
		for i := start; i < start+each; i++ {
			cells = append(cells, squares.Cell{Row: i / 10, Column: i % 10})
		}
		pay, err := e.esc.Checkout(e.ctx, u, p.ID, cells, p.EntryFee*each)
		if err != nil {
			e.t.Fatal(err)
		}
		if _, err := e.sb.Confirm(e.ctx, pay.ProviderPaymentID, goodCard); err != nil {
			e.t.Fatal(err)
		}
	}
	if err := e.esc.RunOnce(e.ctx); err != nil {
		e.t.Fatal(err)
	}
	if got := e.pool(p.ID); got.Status != squares.PoolFull || !got.NumbersGenerated() {
		e.t.Fatalf("pool %d is %s, drawn %v", p.ID, got.Status, got.NumbersGenerated())
	}
}

func (e *env) pool(id int64) *squares.PoolView {
	e.t.Helper()
	p, err := e.db.FindPool(e.ctx, id, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

func (e *env) findGame(id int64) *squares.Game {
	e.t.Helper()
	g, err := e.db.FindGame(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return g
}

// books fails unless the ledger sums to zero; it returns the balances by account.
func (e *env) books() map[string]squares.Cents {
	e.t.Helper()
	return storetest.Books(e.t, e.db)
}
