package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/scores"
	"github.com/squaresapp/squares/simulator"
	"github.com/squaresapp/squares/store"
)

// demoLiveMatchups are the matchups (away, home) of the demo games the simulator plays, in turn.
var demoLiveMatchups = [][2]string{
	{"Chicago Bears", "Green Bay Packers"},
	{"New England Patriots", "Miami Dolphins"},
	{"Cincinnati Bengals", "Cleveland Browns"},
	{"New York Giants", "Washington Commanders"},
	{"Denver Broncos", "Las Vegas Raiders"},
	{"Minnesota Vikings", "Tampa Bay Buccaneers"},
}

// demoLiveFee is the entry fee of the live demo game's paid pool: $5, a pot of $500.
const demoLiveFee squares.Cents = 500

// demoPlayerOn reports whether serve runs the demo game player: in development mode with demo data only,
// and with the sandbox's payments (the default there), through which it buys the demo game's squares.
func demoPlayerOn(cfg *Config) bool { return cfg.Dev && cfg.Demo && cfg.Payments == "sandbox" }

// newDemoPlayer returns the simulator that plays the live demo games of a development server with demo
// data, with its interval and a NewGame that makes each next game as newLiveDemoGame does; nil when the
// database has no demo players (it was not seeded with demo data).
func newDemoPlayer(ctx context.Context, cfg *Config, db *store.DB, apply *scores.Applier, logger *slog.Logger) (*simulator.Simulator, error) {
	demo, players, err := demoPlayers(ctx, db)
	if err != nil || demo == nil {
		return nil, err
	}
	// A restarted server plays on the game in play: say where to watch it.
	games, err := db.ListGames(ctx, store.GameFilter{LeagueID: squares.LeagueNFL})
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		if simulator.InPlay(g) {
			logDemoPools(ctx, db, logger, g.ID)
		}
	}
	sim := simulator.New(db, apply, logger.With("component", "demo-game"))
	sim.Interval, sim.Pause = cfg.DemoPlayInterval, 4*cfg.DemoPlayInterval
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	sim.NewGame = func(ctx context.Context, seq int, now time.Time) (*squares.Game, error) {
		return newLiveDemoGame(ctx, db, logger, seq, now, demo, players, rng)
	}
	return sim, nil
}

// demoPlayers finds the demo player and the other demo players of seedDemo; a nil demo player when the
// database has none.
func demoPlayers(ctx context.Context, db *store.DB) (*squares.User, []*squares.User, error) {
	demo, err := db.FindUserByEmail(ctx, demoPlayerEmail)
	if squares.ErrorCode(err) == squares.ENOTFOUND {
		return nil, nil, nil
	} else if err != nil {
		return nil, nil, err
	}
	var players []*squares.User
	for i := range demoNames {
		u, err := db.FindUserByEmail(ctx, fmt.Sprintf("player%02d@squares.test", i+1))
		if squares.ErrorCode(err) == squares.ENOTFOUND {
			continue
		} else if err != nil {
			return nil, nil, err
		}
		players = append(players, u)
	}
	if (len(players)+1)*squares.PublicSquaresPerPlayer < squares.SquaresPerPool {
		return nil, nil, nil // too few to fill a pool
	}
	return demo, players, nil
}

// newLiveDemoGame makes live demo game number seq, kicking off at now: its free pool and its $5 pool
// full and drawn, the demo player's 25-square every-score pool (seedRulesPool) too, the $5 squares bought the real way (checkout, the sandbox's test card, confirmation,
// capture) so that the ledger holds every cent, the demo player holding squares in both; its other tier
// pools, which nobody plays, are removed. The pools are filled while kickoff is still hours away (sales
// close two hours before it), then the kickoff moves to now, as a rescheduled game's does. A game that
// cannot be filled is cancelled and its money returned.
func newLiveDemoGame(ctx context.Context, db *store.DB, logger *slog.Logger, seq int, now time.Time,
	demo *squares.User, players []*squares.User, rng *rand.Rand) (*squares.Game, error) {
	league, err := db.FindLeague(ctx, squares.LeagueNFL)
	if err != nil {
		return nil, err
	}
	week := league.ActiveWeek
	if week == "" {
		week = demoWeek
	}
	teams, err := db.ListTeams(ctx, squares.LeagueNFL)
	if err != nil {
		return nil, err
	}
	colour := map[string]string{}
	for _, t := range teams {
		colour[t.Name] = t.PrimaryColor
	}
	m := demoLiveMatchups[(seq-1)%len(demoLiveMatchups)]
	kickoff := now.UTC().Truncate(time.Second)
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("%s%d", simulator.ExternalPrefix, seq),
		Season: seasonYear(now), Week: week, AwayTeam: m[0], HomeTeam: m[1], AwayTeamColor: colour[m[0]],
		HomeTeamColor: colour[m[1]], GameDate: kickoff.Add(squares.DecisionLead + time.Hour), Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		return nil, err
	}
	sb := sandbox.New(db)
	esc := escrow.New(db, sb, logger)
	sb.OnEvent = esc.HandleEvent
	err = fillLiveDemoPools(ctx, db, esc, sb, g, demo, players, rng)
	if err == nil {
		_, err = seedRulesPool(ctx, db, g.ID, demo, players[:4])
	}
	if err != nil {
		if _, cerr := scores.NewApplier(db, esc, logger).Apply(ctx, g.ID, squares.ScoreUpdate{Status: squares.GameCancelled}); cerr != nil {
			logger.Error("cancel unfilled demo game", "game", g.ID, "err", cerr)
		}
		return nil, fmt.Errorf("demo game %d: %w", g.ID, err)
	}
	g.GameDate = kickoff
	if _, _, err := db.UpsertGame(ctx, g); err != nil {
		return nil, err
	}
	// Moving the kickoff keeps the game's five tier pools; the drafts nobody plays go now.
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		return nil, err
	}
	for _, p := range pools {
		if p.Status == squares.PoolDraft {
			if err := db.DeletePool(ctx, p.ID); err != nil {
				return nil, err
			}
		}
	}
	logDemoPools(ctx, db, logger, g.ID)
	return db.FindGame(ctx, g.ID)
}

// logDemoPools tells where to watch a demo game: the paths of its pools.
func logDemoPools(ctx context.Context, db *store.DB, logger *slog.Logger, gameID int64) {
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: gameID})
	if err != nil {
		logger.Warn("demo game pools", "game", gameID, "err", err)
		return
	}
	for _, p := range pools {
		logger.Info("demo game pool: open it to watch the game", "pool", p.Name, "path", fmt.Sprintf("/pools/%d", p.ID),
			"game", fmt.Sprintf("%s at %s", p.Game.AwayTeam, p.Game.HomeTeam))
	}
}

// fillLiveDemoPools fills the free and the $5 pool of a live demo game.
func fillLiveDemoPools(ctx context.Context, db *store.DB, esc *escrow.Escrow, sb *sandbox.Provider, g *squares.Game,
	demo *squares.User, players []*squares.User, rng *rand.Rand) error {
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		return err
	}
	for _, p := range pools {
		if !p.IsFree() && p.EntryFee != demoLiveFee {
			continue
		}
		if _, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive); err != nil {
			return err
		}
		// The demo player takes squares first, so that My Pools follows the game too.
		n := 3 + rng.IntN(3)
		if p.IsFree() {
			if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: demo, Cells: freeCells(ctx, db, p.ID, n, rng)}); err != nil {
				return err
			}
			if err := fillFree(ctx, db, p.ID, squares.SquaresPerPool-n, players, rng); err != nil {
				return err
			}
			continue
		}
		if err := buyDemoSquares(ctx, db, esc, sb, p, demo, n, rng); err != nil {
			return err
		}
		left := squares.SquaresPerPool - n
		for i, u := range rng.Perm(len(players)) {
			if left == 0 {
				break
			}
			// Every player left must be able to take a share: at most PublicSquaresPerPlayer each.
			k := min(max(1+rng.IntN(squares.PublicSquaresPerPlayer), left-(len(players)-i-1)*squares.PublicSquaresPerPlayer),
				squares.PublicSquaresPerPlayer, left)
			if k <= 0 {
				continue
			}
			if err := buyDemoSquares(ctx, db, esc, sb, p, players[u], k, rng); err != nil {
				return err
			}
			left -= k
		}
		if left > 0 {
			return fmt.Errorf("pool %d: %d squares left unsold", p.ID, left)
		}
	}
	// Capture the full pool's payments now rather than at the server's next escrow pass.
	return esc.RunOnce(ctx)
}
