package scores

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Source is a live score feed: the games it lists for a league on a day (US Eastern). A broken answer is
// an error and no games.
type Source interface {
	Scoreboard(ctx context.Context, league string, date time.Time) ([]squares.FeedGame, error)
}

// Coverage is what a Source may also tell: whether it has scores for a league at all. The games of a
// league it does not cover are left to manual entry rather than polled into an error every interval.
type Coverage interface {
	Covers(league string) bool
}

// Plays is what a Source may also give: a game's scoring plays (ESPN's summary), every score change in
// order. A game with pools paying every score, or the end of regulation apart from the final, has its plays
// read in overtime and before its final is applied, so that those prizes follow every change of the score
// rather than the scoreboard's look every interval.
type Plays interface {
	ScoringPlays(ctx context.Context, league, eventID string) ([]squares.ReportedScore, error)
}

// Polling windows: a game is polled from Ahead before its kickoff, and while it is live; a scheduled game
// whose kickoff passed without a report is looked for up to Behind after it.
const (
	Ahead  = 6 * time.Hour
	Behind = 24 * time.Hour
)

// DefaultInterval is how often the poller polls unless configured (SQUARES_SCORES_INTERVAL).
const DefaultInterval = 30 * time.Second

// Status is how the feed is doing, for the developer page and the admin readiness check.
type Status struct {
	Provider  string
	Interval  time.Duration
	LastPoll  time.Time
	LastError string
	// LastErrorAt is when the last error happened; it stays after later polls succeed.
	LastErrorAt time.Time
	// Matched is how many of our games the last poll found in the feed.
	Matched int
	// OK reports that the last poll had no error.
	OK bool
}

// Report is what one poll saw and did.
type Report struct {
	Games   int // our games due a look
	Fetched int // scoreboards read
	Matched int // our games found in the feed
	Applied int // updates that changed a game
	Errors  []string
}

// Poller polls a live score feed for our games and applies what it reports through its Applier: the feed is
// authoritative, so a game it reports live is live whatever its scheduled kickoff, and one it reports
// postponed or cancelled has its pools cancelled and refunded.
type Poller struct {
	Store *store.DB
	// Applier applies what the feed reports.
	Applier  *Applier
	Source   Source
	Provider string // the source's name, such as espn
	Logger   *slog.Logger
	// Now is the clock (tests set it).
	Now func() time.Time
	// Interval is how often Run polls.
	Interval time.Duration

	mu     sync.Mutex
	status Status
}

// NewPoller returns a poller of src on db applying what it reports through apply, polling every
// DefaultInterval on the wall clock.
func NewPoller(db *store.DB, apply *Applier, src Source, provider string, logger *slog.Logger) *Poller {
	return &Poller{Store: db, Applier: apply, Source: src, Provider: provider, Logger: logger, Now: time.Now,
		Interval: DefaultInterval}
}

// Status returns the feed's status as of the last poll.
func (p *Poller) Status() Status {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.status
	s.Provider, s.Interval = p.Provider, p.Interval
	return s
}

// Run polls at once, then every Interval, until ctx ends. A poll that fails is logged and retried at the
// next interval.
func (p *Poller) Run(ctx context.Context) {
	t := time.NewTicker(p.Interval)
	defer t.Stop()
	for {
		p.RunOnce(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RunOnce makes one poll: for each league and US Eastern date on which one of our games is due a look
// (kicking off within Ahead, or live), it reads the feed's scoreboard, matches our games to its events
// (by the remembered event id, else by league, teams and a start within squares.FeedMatchWindow,
// remembering the id) and applies each matched event's score with its period end scores. A broken
// scoreboard changes nothing for its games; the errors are logged, returned and kept in the status.
func (p *Poller) RunOnce(ctx context.Context) (Report, error) {
	now := p.Now()
	rep := Report{Errors: []string{}}
	var errs []error
	fail := func(err error) {
		errs = append(errs, err)
		rep.Errors = append(rep.Errors, err.Error())
		if ctx.Err() == nil {
			p.Logger.Warn("score feed", "provider", p.Provider, "err", err)
		}
	}
	// The feed keeps its pace under any load of requests: its store calls never wait for a connection
	// among theirs.
	ctx = store.Reserved(ctx)
	targets, err := p.Store.ListFeedGames(ctx, now, Ahead, Behind)
	if err != nil {
		fail(err)
	}
	if cov, ok := p.Source.(Coverage); ok {
		covered := targets[:0]
		for _, t := range targets {
			if cov.Covers(t.League) {
				covered = append(covered, t)
			}
		}
		targets = covered
	}
	rep.Games = len(targets)
	type day struct {
		league string
		date   string
	}
	var order []day
	byDay := map[day][]store.FeedTarget{}
	for _, t := range targets {
		d := day{t.League, t.Game.GameDate.In(squares.Eastern).Format("2006-01-02")}
		if _, ok := byDay[d]; !ok {
			order = append(order, d)
		}
		byDay[d] = append(byDay[d], t)
	}
	for _, d := range order {
		games := byDay[d]
		events, err := p.Source.Scoreboard(ctx, d.league, games[0].Game.GameDate)
		if err != nil {
			fail(fmt.Errorf("%s scoreboard of %s: %w", d.league, d.date, err))
			continue
		}
		rep.Fetched++
		for _, t := range games {
			ev, ok := p.match(ctx, t, events)
			if !ok {
				continue
			}
			rep.Matched++
			changed, err := p.apply(ctx, t, ev)
			if err != nil {
				fail(fmt.Errorf("game %d (event %s): %w", t.Game.ID, ev.EventID, err))
			}
			if changed {
				rep.Applied++
			}
		}
	}
	err = errors.Join(errs...)
	if ctx.Err() != nil {
		// Cut short (a shutdown, a caller gone): not the feed's fault, and not its status.
		return rep, err
	}
	p.mu.Lock()
	p.status.LastPoll, p.status.Matched, p.status.OK = now, rep.Matched, err == nil
	if err != nil {
		p.status.LastError, p.status.LastErrorAt = err.Error(), now
	}
	p.mu.Unlock()
	return rep, err
}

// match finds a game's event: by the event id remembered on the game, else by MatchFeedGame, then
// remembering the id.
func (p *Poller) match(ctx context.Context, t store.FeedTarget, events []squares.FeedGame) (squares.FeedGame, bool) {
	g := t.Game
	if g.ESPNID != "" {
		for _, ev := range events {
			if ev.EventID == g.ESPNID {
				return ev, true
			}
		}
		return squares.FeedGame{}, false
	}
	ev, ok := squares.MatchFeedGame(t.League, g.HomeTeam, g.AwayTeam, g.GameDate, events)
	if !ok {
		return ev, false
	}
	if _, err := p.Store.SetGameFeedEvent(ctx, g.ID, ev.EventID); err != nil {
		p.Logger.Warn("remember feed event", "game", g.ID, "event", ev.EventID, "err", err)
	}
	return ev, true
}

// apply applies one event's report to our game; an event not started changes nothing.
func (p *Poller) apply(ctx context.Context, t store.FeedTarget, ev squares.FeedGame) (bool, error) {
	u, ok, err := Update(t.Game, ev)
	if err != nil || !ok {
		return false, err
	}
	if err := p.readPlays(ctx, t, ev, u); err != nil {
		// The final waits for the plays: its prizes are paid on them (the next poll tries again).
		return false, err
	}
	out, err := p.Applier.Apply(ctx, t.Game.ID, u)
	if err != nil {
		return false, err
	}
	if out.Changed {
		p.Logger.Info("score from feed", "provider", p.Provider, "game", t.Game.ID, "event", ev.EventID,
			"status", out.Game.Status, "home", ev.Home.Score, "away", ev.Away.Score, "period", ev.Period,
			"ended", len(out.Ended), "winners", len(out.Winners), "cancelledPools", len(out.CancelledPools))
	}
	return out.Changed, nil
}

// readPlays stores the scoring plays of a game whose pools are paid on them (store.ScoringPlaysWanted),
// in overtime and when the update completes it, from a Source that gives them.
func (p *Poller) readPlays(ctx context.Context, t store.FeedTarget, ev squares.FeedGame, u squares.ScoreUpdate) error {
	src, ok := p.Source.(Plays)
	if !ok || ev.EventID == "" || t.Game.Status == squares.GameCompleted {
		return nil
	}
	overtime := ev.Period > (&squares.League{ID: t.Game.LeagueID}).Periods()
	if u.Status != squares.GameCompleted && !overtime {
		return nil
	}
	wanted, err := p.Store.ScoringPlaysWanted(ctx, t.Game.ID)
	if err != nil || !wanted {
		return err
	}
	plays, err := src.ScoringPlays(ctx, t.League, ev.EventID)
	if err != nil {
		return fmt.Errorf("scoring plays: %w", err)
	}
	return p.Store.SetScoringPlays(ctx, t.Game.ID, plays)
}

// Update is the score update a feed's event makes of our game g: none (false) for an event not started;
// for one called off, its status at the score as it stands; else the running score (as a correction: the
// feed may lower it), the period in play (halftime as such) and the period end scores from the event's
// points per period.
func Update(g *squares.Game, ev squares.FeedGame) (squares.ScoreUpdate, bool, error) {
	status := ev.GameStatus()
	switch status {
	case squares.GameScheduled:
		return squares.ScoreUpdate{}, false, nil
	case squares.GameCancelled, squares.GamePostponed:
		u := squares.ScoreUpdate{Status: status}
		if g.HomeScore != nil && g.AwayScore != nil {
			u.HomeScore, u.AwayScore = *g.HomeScore, *g.AwayScore
		}
		return u, true, nil
	}
	periods := (&squares.League{ID: g.LeagueID}).Periods()
	ends, err := squares.PeriodEndScores(ev, periods)
	if err != nil {
		return squares.ScoreUpdate{}, false, err
	}
	// The feed is authoritative: a score it lowers (a play overturned on review) is a correction, which
	// still cannot go below a period end already recorded and paid.
	u := squares.ScoreUpdate{HomeScore: ev.Home.Score, AwayScore: ev.Away.Score, Quarter: ev.Period,
		Status: status, PeriodEnds: ends, Correction: true}
	if ev.Halftime {
		u.Status = "ht"
	}
	if u.PeriodEnds == nil {
		u.PeriodEnds = []squares.PeriodScore{}
	}
	return u, true, nil
}
