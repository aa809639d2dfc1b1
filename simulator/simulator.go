// Package simulator plays demo games in development mode so that a visitor always has a live game to watch:
// it kicks off the demo game at its kickoff, plays it one step every Interval with football's scoring plays
// (field goals, touchdowns with or without the extra point or a two-point conversion, safeties, and drives
// that end with nothing), quarter by quarter to the final, through a scores.Applier, the path an admin's
// manual score takes (winners recorded, prizes credited, pools started and completed). After a final and
// a Pause it has the next demo game made (NewGame). The game's state is read from the database at every
// step, so a restart continues the game where it stands and an admin's score updates are played on from.
package simulator

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/scores"
	"github.com/squaresapp/squares/store"
)

// ExternalPrefix starts the external id of every game the simulator plays ("demo_live_3"): the simulator
// plays those games and no other.
const ExternalPrefix = "demo_live_"

// Defaults of a Simulator made by New.
const (
	DefaultInterval = 15 * time.Second
	// PlaysPerQuarter is how many steps a quarter lasts before it ends: with the kickoff and the quarter
	// ends, a game takes 41 steps, about 10 minutes at the default interval.
	PlaysPerQuarter = 9
)

// IsDemo reports whether the simulator plays g.
func IsDemo(g *squares.Game) bool { return strings.HasPrefix(g.ExternalID, ExternalPrefix) }

// InPlay reports a demo game the simulator has still to play to its end.
func InPlay(g *squares.Game) bool { return IsDemo(g) && !over(g) }

// Simulator plays the demo games.
type Simulator struct {
	Store *store.DB
	// Applier applies each play's score (and returns the money of a called-off game's pools).
	Applier *scores.Applier
	Logger  *slog.Logger
	// Now is the clock (tests set it).
	Now func() time.Time
	// Interval is the time between two steps of play.
	Interval time.Duration
	// Pause is how long a final stays on the board before the next demo game is made.
	Pause time.Duration
	// PlaysPerQuarter is how many steps a quarter lasts.
	PlaysPerQuarter int
	// NewGame makes demo game number seq (1 for the first), kicking off at now, with its pools full and
	// drawn, its external id ExternalPrefix followed by seq. Nil: the simulator only plays the games it finds.
	NewGame func(ctx context.Context, seq int, now time.Time) (*squares.Game, error)
	// Rand draws the plays; New seeds it from the clock.
	Rand *rand.Rand

	mu    sync.Mutex
	plays map[int64]progress
}

// progress counts the plays of a game's quarter in play. It is kept in memory only: after a restart the
// quarter in play starts its count again, from the score the database holds.
type progress struct{ quarter, plays int }

// New returns a simulator on db stepping every DefaultInterval on the wall clock, pausing four steps
// after a final.
func New(db *store.DB, apply *scores.Applier, logger *slog.Logger) *Simulator {
	now := time.Now()
	return &Simulator{Store: db, Applier: apply, Logger: logger, Now: time.Now, Interval: DefaultInterval,
		Pause: 4 * DefaultInterval, PlaysPerQuarter: PlaysPerQuarter,
		Rand: rand.New(rand.NewPCG(uint64(now.UnixNano()), uint64(now.Unix())))}
}

// Step is what one pass did to one demo game.
type Step struct {
	Game *squares.Game // the game as it stands after the step
	// Created reports that the pass made this game.
	Created bool
	// Update is the score update applied; nil when the step was a drive without points (or the game
	// has not kicked off).
	Update *squares.ScoreUpdate
	// Winners is how many period winners the update recorded.
	Winners int
}

// Run makes a pass at once, then every Interval, until ctx ends.
func (s *Simulator) Run(ctx context.Context) {
	t := time.NewTicker(s.Interval)
	defer t.Stop()
	for {
		if _, err := s.RunOnce(ctx); err != nil && ctx.Err() == nil {
			s.Logger.Warn("demo game", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RunOnce makes one step of every demo game that has kicked off and is not over. When no demo game is
// left to play and the last one ended at least Pause ago (or there was none), it has the next one made
// and kicks it off.
//
// Steps run one at a time across every server on the database (store.Exclusive), so that two development
// servers on one database play each demo game once.
func (s *Simulator) RunOnce(ctx context.Context) ([]Step, error) {
	var out []Step
	err := s.Store.Exclusive(ctx, store.PassDemoGame, func() error {
		var err error
		out, err = s.runOnce(ctx)
		return err
	})
	return out, err
}

func (s *Simulator) runOnce(ctx context.Context) ([]Step, error) {
	now := s.Now()
	games, err := s.Store.ListGames(ctx, store.GameFilter{LeagueID: squares.LeagueNFL})
	if err != nil {
		return nil, err
	}
	var playing []*squares.Game
	var lastEnd time.Time
	demos := 0
	for _, g := range games {
		if !IsDemo(g) {
			continue
		}
		demos++
		if over(g) {
			if g.UpdatedAt.After(lastEnd) {
				lastEnd = g.UpdatedAt
			}
			continue
		}
		playing = append(playing, g)
	}
	var out []Step
	created := false
	if len(playing) == 0 && s.NewGame != nil && (demos == 0 || !now.Before(lastEnd.Add(s.Pause))) {
		g, err := s.NewGame(ctx, demos+1, now)
		if err != nil {
			return nil, err
		}
		s.Logger.Info("demo game ready", "game", g.ID, "away", g.AwayTeam, "home", g.HomeTeam, "kickoff", g.GameDate)
		playing, created = []*squares.Game{g}, true
	}
	for _, g := range playing {
		st, err := s.step(ctx, g.ID, now)
		if err != nil {
			return out, err
		}
		st.Created = created
		out = append(out, st)
	}
	return out, nil
}

// over reports a game the simulator has finished with.
func over(g *squares.Game) bool {
	switch g.Status {
	case squares.GameCompleted, squares.GameCancelled, squares.GamePostponed:
		return true
	}
	return false
}

// step plays one step of a game as the database holds it now.
func (s *Simulator) step(ctx context.Context, gameID int64, now time.Time) (Step, error) {
	g, err := s.Store.FindGame(ctx, gameID)
	if err != nil {
		return Step{}, err
	}
	if over(g) || now.Before(g.GameDate) {
		return Step{Game: g}, nil
	}
	s.mu.Lock()
	if s.plays == nil {
		s.plays = map[int64]progress{}
	}
	p := s.plays[g.ID]
	if p.quarter != g.Quarter {
		p = progress{quarter: g.Quarter}
	}
	u, play := Next(g, p.plays, s.PlaysPerQuarter, s.Rand)
	if play {
		p.plays++
	}
	s.plays[g.ID] = p
	s.mu.Unlock()
	if u == nil {
		return Step{Game: g}, nil
	}
	applied, err := s.Applier.Apply(ctx, g.ID, *u)
	if err != nil {
		return Step{Game: g}, err
	}
	g = applied.Game
	for _, e := range applied.Ended {
		s.Logger.Info("demo game period ended", "game", g.ID, "period", e.Period, "home", e.Home, "away", e.Away)
	}
	if g.Status == squares.GameCompleted {
		s.Logger.Info("demo game final", "game", g.ID, "home", *g.HomeScore, "away", *g.AwayScore,
			"next", now.Add(s.Pause))
		s.mu.Lock()
		delete(s.plays, g.ID)
		s.mu.Unlock()
	}
	return Step{Game: g, Update: u, Winners: len(applied.Winners)}, nil
}

// Next is the step that follows a game's state when plays plays of its quarter in play have been made,
// of perQuarter: the kickoff (0-0 in the first quarter) of a scheduled game; a play while the quarter
// lasts (reported as a score update when it scores; play is true); then the quarter's end, reported as the
// next quarter, or after the fourth as the final, or overtime when the score is tied. Overtime is sudden
// death: the first score is the final, and a scoreless overtime ends in a tie. A nil update is a drive
// without points.
func Next(g *squares.Game, plays, perQuarter int, r *rand.Rand) (u *squares.ScoreUpdate, play bool) {
	home, away := 0, 0
	if g.HomeScore != nil {
		home = *g.HomeScore
	}
	if g.AwayScore != nil {
		away = *g.AwayScore
	}
	q := max(g.Quarter, 1)
	if g.Status == squares.GameScheduled {
		return &squares.ScoreUpdate{HomeScore: home, AwayScore: away, Quarter: 1, Status: squares.GameLive}, false
	}
	if plays < perQuarter {
		points := Play(r)
		if points == 0 {
			return nil, true
		}
		if r.IntN(2) == 0 {
			home += points
		} else {
			away += points
		}
		status := squares.GameLive
		if q > 4 {
			status = squares.GameCompleted // sudden death
		}
		return &squares.ScoreUpdate{HomeScore: home, AwayScore: away, Quarter: q, Status: status}, true
	}
	switch {
	case q < 4:
		return &squares.ScoreUpdate{HomeScore: home, AwayScore: away, Quarter: q + 1, Status: squares.GameLive}, false
	case q == 4 && home == away:
		return &squares.ScoreUpdate{HomeScore: home, AwayScore: away, Quarter: 5, Status: squares.GameLive}, false
	default:
		return &squares.ScoreUpdate{HomeScore: home, AwayScore: away, Quarter: q, Status: squares.GameCompleted}, false
	}
}

// Play draws the points of one drive: mostly none, else a field goal (3) or a touchdown with the extra
// point (7), now and then a touchdown with the extra point missed (6) or a two-point conversion (8), or a
// safety (2). A game of 36 drives scores about 45 points, as the NFL's do.
func Play(r *rand.Rand) int {
	switch n := r.IntN(1000); {
	case n < 750:
		return 0
	case n < 860:
		return 3
	case n < 970:
		return 7
	case n < 985:
		return 6
	case n < 995:
		return 8
	default:
		return 2
	}
}
