package main

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/scores"
	"github.com/squaresapp/squares/simulator"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// liveEnv is a database seeded with demo data on a test clock, and the demo game player of serve.
type liveEnv struct {
	t     *testing.T
	ctx   context.Context
	db    *store.DB
	clock *storetest.Clock
	log   *slog.Logger
	cfg   *Config
}

func newLiveEnv(t *testing.T, engine string) *liveEnv {
	t.Helper()
	e := &liveEnv{t: t, ctx: context.Background(), db: storetest.Open(t, engine),
		clock: storetest.NewClock(time.Date(2026, 11, 22, 18, 0, 7, 0, time.UTC)),
		log:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		cfg:   &Config{Dev: true, Demo: true, Payments: "sandbox", DemoPlayInterval: 15 * time.Second}}
	e.db.Now = e.clock.Now
	if ok, err := seedDemo(e.ctx, e.db, e.clock.Now(), true, e.log); err != nil || !ok {
		t.Fatalf("seedDemo = %v, %v", ok, err)
	}
	return e
}

// player returns serve's demo game player on the test clock, as a (re)started server makes it.
func (e *liveEnv) player(seed uint64) *simulator.Simulator {
	e.t.Helper()
	sim, err := newDemoPlayer(e.ctx, e.cfg, e.db, scores.NewApplier(e.db, nil, e.log), e.log)
	if err != nil || sim == nil {
		e.t.Fatalf("newDemoPlayer = %v, %v", sim, err)
	}
	sim.Now, sim.Rand = e.clock.Now, rand.New(rand.NewPCG(seed, 1))
	return sim
}

// pass moves the clock one interval on (but for the first) and makes one pass.
func (e *liveEnv) pass(sim *simulator.Simulator, advance bool) []simulator.Step {
	e.t.Helper()
	if advance {
		e.clock.Add(e.cfg.DemoPlayInterval)
	}
	steps, err := sim.RunOnce(e.ctx)
	if err != nil {
		e.t.Fatalf("RunOnce: %v", err)
	}
	return steps
}

// playOn steps the game until stop says so or it is final, checking at every step that the score never
// goes down and the quarter never back; it returns the game as it stands.
func (e *liveEnv) playOn(sim *simulator.Simulator, g *squares.Game, stop func(*squares.Game) bool) *squares.Game {
	e.t.Helper()
	for range 200 {
		if g.Status == squares.GameCompleted || stop(g) {
			return g
		}
		steps := e.pass(sim, true)
		if len(steps) != 1 || steps[0].Game.ID != g.ID || steps[0].Created {
			e.t.Fatalf("pass played %+v, want a step of game %d", steps, g.ID)
		}
		next := steps[0].Game
		if next.Quarter < g.Quarter || *next.HomeScore < *g.HomeScore || *next.AwayScore < *g.AwayScore {
			e.t.Fatalf("game went back: q%d %d-%d after q%d %d-%d", next.Quarter, *next.HomeScore, *next.AwayScore,
				g.Quarter, *g.HomeScore, *g.AwayScore)
		}
		if u := steps[0].Update; u != nil {
			if d := u.HomeScore + u.AwayScore - *g.HomeScore - *g.AwayScore; d != 0 && d != 2 && d != 3 && d != 6 && d != 7 && d != 8 {
				e.t.Fatalf("a play scored %d points", d)
			}
		}
		g = next
	}
	e.t.Fatalf("game %d not final after 200 steps: q%d %s", g.ID, g.Quarter, g.Status)
	return nil
}

// checkFinal checks the settled game: both pools completed with four winners, the paid pool's prizes
// credited from a $500 pot less the $50 house fee, and the books balanced with the pot emptied.
func (e *liveEnv) checkFinal(g *squares.Game) {
	e.t.Helper()
	pools, err := e.db.ListPools(e.ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil || len(pools) != 3 {
		e.t.Fatalf("pools of game %d: %d, %v", g.ID, len(pools), err)
	}
	books := storetest.Books(e.t, e.db)
	for _, p := range pools {
		if p.Status != squares.PoolCompleted {
			e.t.Errorf("pool %d (%s) is %s", p.ID, p.Name, p.Status)
		}
		if p.Name == demoRulesPoolName {
			// Every score pays: more prizes than periods, each named by its kind.
			ws, err := e.db.ListWinners(e.ctx, p.ID)
			kinds := map[string]int{}
			for _, w := range ws {
				kinds[w.Kind]++
			}
			if err != nil || kinds[squares.AwardPeriod] != 4 || kinds[squares.AwardScore] == 0 {
				e.t.Errorf("every-score pool's winners: %v, %v", kinds, err)
			}
			continue
		}
		ws, err := e.db.ListWinners(e.ctx, p.ID)
		if err != nil || len(ws) != 4 {
			e.t.Fatalf("pool %d winners: %d, %v", p.ID, len(ws), err)
		}
		var paid squares.Cents
		for i, w := range ws {
			want := g.PeriodScores(4)[i]
			if w.Period != i+1 || w.HomeScore != want.Home || w.AwayScore != want.Away {
				e.t.Errorf("pool %d winner %+v, want period %d at %d-%d", p.ID, *w, i+1, want.Home, want.Away)
			}
			paid += w.Amount
		}
		switch {
		case p.IsFree() && paid != 0:
			e.t.Errorf("free pool paid %s", paid)
		case !p.IsFree() && (paid != 45_000 || books[squares.PoolEscrowAccount(p.ID)] != 0 ||
			books[squares.PoolHeldAccount(p.ID)] != 0):
			e.t.Errorf("paid pool: prizes %s, escrow %s, held %s; want 450.00 and an empty pot", paid,
				books[squares.PoolEscrowAccount(p.ID)], books[squares.PoolHeldAccount(p.ID)])
		}
	}
}

// TestDemoGamePlaysToFinal: on demo data the player makes the live demo game at once (kicking off now,
// its free and $5 pools full and drawn, the $5 squares bought through the sandbox), plays it by the clock
// quarter by quarter through a scores.Applier to the final (four winners in each pool, prizes credited, pools
// completed, books balanced), and after the pause makes the next demo game.
func TestDemoGamePlaysToFinal(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		e := newLiveEnv(t, engine)
		sim := e.player(1)
		steps := e.pass(sim, false)
		if len(steps) != 1 || !steps[0].Created {
			t.Fatalf("first pass: %+v", steps)
		}
		g := steps[0].Game
		if !simulator.IsDemo(g) || g.Status != squares.GameLive || g.Quarter != 1 || *g.HomeScore != 0 ||
			*g.AwayScore != 0 || !g.GameDate.Equal(e.clock.Now().Truncate(time.Second)) {
			t.Fatalf("demo game: %+v", g)
		}
		all, err := e.db.ListPools(e.ctx, squares.PoolFilter{GameID: g.ID})
		var pools []*squares.PoolView
		var rules *squares.PoolView
		for _, p := range all {
			if p.IsPrivate {
				rules = p
			} else {
				pools = append(pools, p)
			}
		}
		if err != nil || len(pools) != 2 || !pools[0].IsFree() || pools[1].EntryFee != demoLiveFee {
			t.Fatalf("pools: %v, %v", pools, err)
		}
		if rules == nil || rules.Name != demoRulesPoolName || rules.GridSquares() != 25 || rules.SquaresTaken != 25 ||
			rules.Status != squares.PoolStarted || len(rules.NumberSets) != 4 || rules.Rules.EveryScorePercent != 40 {
			t.Fatalf("the every-score pool: %+v", rules)
		}
		demo, _ := e.db.FindUserByEmail(e.ctx, demoPlayerEmail)
		for _, p := range pools {
			if p.Status != squares.PoolStarted || p.SquaresTaken != 100 || !p.NumbersGenerated() || p.DistinctPlayers < 20 {
				t.Errorf("pool %s: %s, %d squares, drawn %v, %d players", p.Name, p.Status, p.SquaresTaken,
					p.NumbersGenerated(), p.DistinctPlayers)
			}
		}
		if mine, err := e.db.ListPools(e.ctx, squares.PoolFilter{GameID: g.ID, OwnedBy: demo.ID}); err != nil || len(mine) != 3 {
			t.Errorf("the demo player is in %d of the demo game's pools, %v", len(mine), err)
		}
		if books := storetest.Books(t, e.db); books[squares.PoolEscrowAccount(pools[1].ID)] != 50_000 {
			t.Errorf("pot captured: %s, want 500.00", books[squares.PoolEscrowAccount(pools[1].ID)])
		}

		start := e.clock.Now()
		g = e.playOn(sim, g, func(*squares.Game) bool { return false })
		if took := e.clock.Now().Sub(start); took < 8*time.Minute || took > 14*time.Minute {
			t.Errorf("the game took %v of play", took)
		}
		e.checkFinal(g)

		// The final stays on the board for the pause, then the next demo game kicks off.
		if steps := e.pass(sim, true); len(steps) != 0 {
			t.Fatalf("a pass during the pause: %+v", steps)
		}
		e.clock.Add(sim.Pause)
		steps = e.pass(sim, false)
		if len(steps) != 1 || !steps[0].Created || steps[0].Game.ID == g.ID || steps[0].Game.HomeTeam == g.HomeTeam ||
			steps[0].Game.Status != squares.GameLive {
			t.Fatalf("after the pause: %+v", steps)
		}
		storetest.Books(t, e.db)
	})
}

// TestDemoGameRestart: a server restarted in the second quarter continues the game from the stored score
// (no new game, nothing going back), and plays on from an admin's score update made meanwhile.
func TestDemoGameRestart(t *testing.T) {
	e := newLiveEnv(t, store.SQLite)
	steps := e.pass(e.player(2), false)
	g := e.playOn(e.player(2), steps[0].Game, func(g *squares.Game) bool { return g.Quarter == 2 })
	n := 0
	g = e.playOn(e.player(2), g, func(g *squares.Game) bool { n++; return n > 4 })
	if g.Quarter != 2 {
		t.Fatalf("game in q%d", g.Quarter)
	}
	before := *g
	if _, err := scores.NewApplier(e.db, nil, e.log).Apply(e.ctx, g.ID, squares.ScoreUpdate{HomeScore: *g.HomeScore + 7,
		AwayScore: *g.AwayScore, Quarter: 2, Status: squares.GameLive}); err != nil {
		t.Fatal(err)
	}
	g, _ = e.db.FindGame(e.ctx, g.ID)
	restarted := e.player(3)
	steps = e.pass(restarted, true)
	if len(steps) != 1 || steps[0].Created || steps[0].Game.ID != g.ID || steps[0].Game.Quarter < 2 ||
		*steps[0].Game.HomeScore < *before.HomeScore+7 {
		t.Fatalf("after restart: %+v (game was q%d %d-%d)", steps, before.Quarter, *before.HomeScore, *before.AwayScore)
	}
	g = e.playOn(restarted, steps[0].Game, func(*squares.Game) bool { return false })
	// The first quarter ended before the restart keeps its end score.
	if ends := g.PeriodScores(4); len(ends) != 4 || ends[0].Home != *before.HomePeriod[0] || ends[0].Away != *before.AwayPeriod[0] {
		t.Errorf("period ends %+v, Q1 ended %d-%d before the restart", ends, *before.HomePeriod[0], *before.AwayPeriod[0])
	}
	e.checkFinal(g)
}
