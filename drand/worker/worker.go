// Package worker draws the pools waiting for their beacon round (store.PendingBeacons): once a pool's
// round is due it fetches the round (drand.Source), verifies it, and draws the pool with it in one
// transaction; when no relay has served it squares.BeaconGiveUp before kickoff, it draws without.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/store"
)

// Worker draws pending pools. Run it in one goroutine; RunOnce is one pass (tests call it).
type Worker struct {
	Store  *store.DB
	Source drand.Source
	// Now is the clock (time.Now when nil); Interval the time between passes (1 s when 0).
	Now      func() time.Time
	Interval time.Duration
	Logger   *slog.Logger
	// OnDraw, when set, is told of each pool drawn (the escrow's Kick).
	OnDraw func(poolID int64)
}

// Result is what one pass did.
type Result struct {
	Verified, Unavailable, Failed int
}

// Run passes every Interval until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	t := time.NewTicker(w.interval())
	defer t.Stop()
	for {
		if _, err := w.RunOnce(ctx); err != nil && ctx.Err() == nil {
			w.logger().Error("beacon worker", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RunOnce fetches the due rounds of the pending pools and draws them: a pool whose round verifies is drawn
// with it (verified); a failed fetch is retried after squares.BeaconRetryAfter, and once a fetch has failed
// squares.BeaconGiveUp before kickoff or later the pool is drawn without (unavailable). A crash between
// the fetch and the draw leaves the pool pending: the next pass fetches the round again.
func (w *Worker) RunOnce(ctx context.Context) (Result, error) {
	var res Result
	pending, err := w.Store.PendingBeacons(ctx)
	if err != nil {
		return res, err
	}
	chain := w.Source.Chain().Hash()
	var errs []error
	for _, p := range pending {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		now := w.now()
		in := squares.BeaconInput{Now: now, DueAt: p.DueAt, Kickoff: p.Kickoff, NextTry: p.NextTry, Failures: p.Failures}
		switch squares.NextBeaconStep(in) {
		case squares.BeaconWait:
			continue
		case squares.BeaconGiveUpNow:
			if err := w.giveUp(ctx, p, "no relay served the round by 15 minutes before kickoff", &res); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		var b drand.Beacon
		if p.ChainHash != chain {
			err = fmt.Errorf("the pool waits for chain %s; this server fetches chain %s", p.ChainHash, chain)
		} else {
			b, err = w.Source.Fetch(ctx, p.Round)
		}
		if err != nil {
			res.Failed++
			w.logger().Warn("beacon round not fetched", "pool", p.PoolID, "round", p.Round, "err", err)
			if err := w.Store.BeaconFailed(ctx, p.PoolID, p.Round, err.Error()); err != nil {
				return res, err
			}
			in.Failures++
			if squares.NextBeaconStep(in) == squares.BeaconGiveUpNow {
				if err := w.giveUp(ctx, p, err.Error(), &res); err != nil {
					errs = append(errs, err)
				}
			}
			continue
		}
		drew, err := w.Store.DrawWithBeacon(ctx, p.PoolID, p.Round, b.Signature, b.Randomness)
		if err != nil {
			// One pool that cannot be drawn must not hold up the others: reported, tried again next pass.
			res.Failed++
			errs = append(errs, fmt.Errorf("pool %d: %w", p.PoolID, err))
			continue
		}
		if drew {
			res.Verified++
			w.logger().Info("pool drawn with its beacon round", "pool", p.PoolID, "round", p.Round)
			w.drew(p.PoolID)
		}
	}
	return res, errors.Join(errs...)
}

func (w *Worker) giveUp(ctx context.Context, p store.PendingBeacon, reason string, res *Result) error {
	drew, err := w.Store.DrawWithoutBeacon(ctx, p.PoolID, p.Round, reason)
	if err != nil {
		return fmt.Errorf("pool %d: %w", p.PoolID, err)
	}
	if drew {
		res.Unavailable++
		w.logger().Warn("pool drawn without its beacon round", "pool", p.PoolID, "round", p.Round, "reason", reason)
		w.drew(p.PoolID)
	}
	return nil
}

func (w *Worker) drew(poolID int64) {
	if w.OnDraw != nil {
		w.OnDraw(poolID)
	}
}

func (w *Worker) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}

func (w *Worker) interval() time.Duration {
	if w.Interval > 0 {
		return w.Interval
	}
	return time.Second
}

func (w *Worker) logger() *slog.Logger {
	if w.Logger != nil {
		return w.Logger
	}
	return slog.Default()
}
