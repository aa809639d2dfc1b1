// Package automation runs a pool's life around kickoff without anybody's help: at squares.DecisionLead
// before kickoff every pool still awaiting its final decision gets it (continue, cancel with every payment
// returned, or house fill then draw; squares.Decide), and at kickoff a full pool whose game no feed has
// reported starts. A pool whose game is live or completed and that is still undecided, or full and not
// started, follows its game at once (store.CatchUpGame). Host-collected pools' members who owe are
// reminded a day and 2 hours before the payment deadline, and the squares unpaid at it are released
// before the draw (store.SweepDeadlines). Each decision is logged once per pool in the
// store (two passes, or two servers, never decide twice) and in the log with its reason.
package automation

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/store"
)

// Automation applies the pools' final decisions and starts pools at kickoff.
type Automation struct {
	Store *store.DB
	// Escrow returns a cancelled pool's money and captures a house-filled pool's holds; nil when payments
	// are disabled (its work is then left to whoever runs the escrow).
	Escrow *escrow.Escrow
	Logger *slog.Logger
	// Now is the clock (tests set it).
	Now func() time.Time
	// Interval is how often Run makes a pass.
	Interval time.Duration
	// OnDecision, when set, is told of each final decision this automation makes, once per pool (the
	// metrics count them); it must not block.
	OnDecision func(squares.Decision)
}

// DefaultInterval is how often the automation runs unless configured (SQUARES_AUTOMATION_INTERVAL).
const DefaultInterval = 15 * time.Minute

// New returns an automation on db, running every DefaultInterval on the wall clock.
func New(db *store.DB, esc *escrow.Escrow, logger *slog.Logger) *Automation {
	return &Automation{Store: db, Escrow: esc, Logger: logger, Now: time.Now, Interval: DefaultInterval}
}

// Run makes a pass at once, then every Interval, and also at the moment the next pool's decision, or a
// host pool's reminder or release, falls due when that comes sooner, until ctx ends.
func (a *Automation) Run(ctx context.Context) {
	for {
		if _, err := a.RunOnce(ctx); err != nil && ctx.Err() == nil {
			a.Logger.Warn("automation pass", "err", err)
		}
		t := time.NewTimer(a.nextWait(ctx))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// nextWait is how long Run waits for its next pass: Interval, or less when a pool's decision falls due
// sooner.
func (a *Automation) nextWait(ctx context.Context) time.Duration {
	now := a.Now()
	pending, err := a.Store.ListUndecidedPools(ctx, now.Add(a.Interval))
	if err != nil {
		return a.Interval
	}
	var dues []time.Time
	for _, in := range pending {
		dues = append(dues, squares.DecisionDueAt(in.Kickoff))
	}
	// Host pools' payment deadlines: their reminders and the release at payBy, on time too.
	if more, err := a.Store.ListDeadlineDues(ctx, now.Add(a.Interval)); err == nil {
		dues = append(dues, more...)
	}
	return NextWait(now, a.Interval, dues)
}

// NextWait is the wait from now until the earliest of the due times still ahead, at most interval and at
// least a second. Due times already past are left to the regular interval: a pool whose decision failed is
// not retried in a tight loop.
func NextWait(now time.Time, interval time.Duration, dues []time.Time) time.Duration {
	wait := interval
	for _, due := range dues {
		if d := due.Sub(now); d > 0 && d < wait {
			wait = d
		}
	}
	return max(wait, time.Second)
}

// RunOnce makes one pass: it applies the final decision of every pool whose decision is due and not yet
// made, starts full pools whose game has kicked off, reminds of and forfeits unclaimed prizes, and keeps
// host pools' payment deadlines (reminders, then the release of unpaid squares). It
// returns the decisions it made; a pool that fails is reported with the others and tried again next pass.
// Passes run one at a time across every server on the database (store.Exclusive).
func (a *Automation) RunOnce(ctx context.Context) ([]squares.Decision, error) {
	var out []squares.Decision
	err := a.Store.Exclusive(ctx, store.PassAutomation, func() error {
		var err error
		out, err = a.runOnce(ctx)
		return err
	})
	return out, err
}

func (a *Automation) runOnce(ctx context.Context) ([]squares.Decision, error) {
	now := a.Now()
	due, err := a.Store.ListUndecidedPools(ctx, now)
	if err != nil {
		return nil, err
	}
	out := []squares.Decision{}
	var errs []error
	kick := false
	caughtUp := map[int64]bool{}
	decided := func(d squares.Decision) {
		a.Logger.Info("pool decided", "pool", d.PoolID, "action", d.Action, "reason", d.Reason,
			"players", d.ParticipantsAffected, "houseSquares", d.HouseSquaresNeeded, "refund", d.RefundAmount.String())
		out = append(out, d)
		if a.OnDecision != nil {
			a.OnDecision(d)
		}
		kick = kick || d.Action != squares.DecideContinue
	}
	for _, in := range due {
		if gameStarted(in.GameStatus) {
			// Its game is live or completed: its pools follow it at once, as a score update makes them.
			if caughtUp[in.GameID] {
				continue
			}
			caughtUp[in.GameID] = true
			res, err := a.Store.CatchUpGame(ctx, in.GameID)
			if err != nil {
				errs = append(errs, fmt.Errorf("game %d: %w", in.GameID, err))
				continue
			}
			for _, d := range res.Decisions {
				decided(d)
			}
			continue
		}
		d, err := a.Store.DecidePool(ctx, in.PoolID, now)
		if err != nil {
			errs = append(errs, fmt.Errorf("pool %d: %w", in.PoolID, err))
			continue
		}
		if d == nil {
			continue // decided meanwhile by another pass or an admin, or no longer due
		}
		decided(*d)
	}
	if kick && a.Escrow != nil {
		// Return the cancelled pools' money and capture the filled pools' holds now, not at the escrow's next tick.
		if err := a.Escrow.RunOnce(ctx); err != nil {
			a.Logger.Warn("escrow after decisions", "err", err)
		}
	}
	if err := a.startPools(ctx, now); err != nil {
		errs = append(errs, err)
	}
	if err := a.sweepPrizes(ctx, now); err != nil {
		errs = append(errs, err)
	}
	if err := a.sweepDeadlines(ctx, now); err != nil {
		errs = append(errs, err)
	}
	return out, errors.Join(errs...)
}

// sweepDeadlines sends the reminders due before host pools' payment deadlines and releases the squares
// still unpaid at them (store.SweepDeadlines: each once).
func (a *Automation) sweepDeadlines(ctx context.Context, now time.Time) error {
	sw, err := a.Store.SweepDeadlines(ctx, now)
	for _, r := range sw.Reminders {
		a.Logger.Info("payment deadline reminder sent", "pool", r.PoolID, "reminder", r.Kind, "emails", r.Sent)
	}
	for _, r := range sw.Releases {
		a.Logger.Info("unpaid squares released at the payment deadline", "pool", r.PoolID, "squares", r.Squares)
	}
	return err
}

// sweepPrizes reminds the winners of prizes a week from their claim deadline and forfeits to the house the
// prizes past it (store.SweepPrizes: each once).
func (a *Automation) sweepPrizes(ctx context.Context, now time.Time) error {
	sw, err := a.Store.SweepPrizes(ctx, now)
	for _, id := range sw.Reminded {
		a.Logger.Info("prize claim deadline reminded", "prize", id)
	}
	for _, id := range sw.Forfeited {
		a.Logger.Info("prize forfeited to the house", "prize", id)
	}
	return err
}

// startPools moves full pools whose game has kicked off to started: a feed that reports the game live
// does the same sooner; a game cancelled or postponed is left to the feed. A full pool of a game already
// live or completed follows it at once (store.CatchUpGame: started, and settled as far as the game is).
func (a *Automation) startPools(ctx context.Context, now time.Time) error {
	pools, err := a.Store.ListPools(ctx, squares.PoolFilter{Status: squares.PoolFull})
	if err != nil {
		return err
	}
	var errs []error
	caughtUp := map[int64]bool{}
	for _, p := range pools {
		if p.Game != nil && p.Game.Started() {
			if !caughtUp[p.GameID] {
				caughtUp[p.GameID] = true
				if _, err := a.Store.CatchUpGame(ctx, p.GameID); err != nil {
					errs = append(errs, fmt.Errorf("game %d: %w", p.GameID, err))
				} else {
					a.Logger.Info("pools follow their started game", "game", p.GameID)
				}
			}
			continue
		}
		if p.Game == nil || now.Before(p.Game.GameDate) || !startsAtKickoff(p.Game.Status) {
			continue
		}
		if _, err := a.Store.FollowGame(ctx, p.ID, squares.PoolStarted); err != nil {
			errs = append(errs, fmt.Errorf("start pool %d: %w", p.ID, err))
			continue
		}
		a.Logger.Info("pool started at kickoff", "pool", p.ID, "game", p.GameID)
	}
	return errors.Join(errs...)
}

// gameStarted reports whether a game of this status has begun: live or completed.
func gameStarted(status string) bool {
	return status == squares.GameLive || status == squares.GameCompleted
}

// startsAtKickoff reports whether a pool of a game in this status starts at kickoff: not when the game is
// cancelled or postponed (its pools are cancelled instead).
func startsAtKickoff(gameStatus string) bool {
	return gameStatus != squares.GameCancelled && gameStatus != squares.GamePostponed
}
