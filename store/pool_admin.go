package store

import (
	"context"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// poolRecord is a pool as the audit log records it.
type poolRecord struct {
	Name           string     `json:"name"`
	GameID         int64      `json:"gameId"`
	EntryFee       string     `json:"entryFee"`
	Status         string     `json:"status"`
	IsFeatured     bool       `json:"isFeatured"`
	FeaturedReason string     `json:"featuredReason,omitempty"`
	FeaturedUntil  *time.Time `json:"featuredUntil,omitempty"`
}

func recordOf(p *squares.Pool) poolRecord {
	return poolRecord{Name: p.Name, GameID: p.GameID, EntryFee: p.EntryFee.String(), Status: p.Status,
		IsFeatured: p.IsFeatured, FeaturedReason: p.FeaturedReason, FeaturedUntil: p.FeaturedUntil}
}

// auditPoolCreated logs a pool just inserted, with the reason naming the call that made it.
func auditPoolCreated(ctx context.Context, tx *Tx, p *squares.Pool, reason string) error {
	return audit(ctx, tx, Change{Action: "pool.create", TargetType: "pool", TargetID: p.ID, PoolID: p.ID,
		After: recordOf(p), Reason: reason})
}

// Refusal is a pool a bulk call left as it was, and why.
type Refusal struct {
	PoolID  int64
	Message string
}

// BulkResult reports a bulk status change: how many pools changed and which were refused.
type BulkResult struct {
	Changed int
	Refused []Refusal
}

// SetPoolsStatus is an admin's change of many pools' status, each as SetPoolStatus does it (the same rule
// and the same "pool.status" entry, its reason naming the bulk call) in its own transaction; a pool
// refused, or already in that status, is reported and left as it was.
func (db *DB) SetPoolsStatus(ctx context.Context, ids []int64, to, reason string) BulkResult {
	return db.setEach(ctx, ids, to, reason, true)
}

// setEach changes each pool's status in its own transaction; strict reports a pool already in that status
// as refused.
func (db *DB) setEach(ctx context.Context, ids []int64, to, reason string, strict bool) BulkResult {
	res := BulkResult{Refused: []Refusal{}}
	for _, id := range ids {
		changed := false
		err := db.update(ctx, func(tx *Tx) error {
			before, err := changeStatus(ctx, tx, id, to, squares.CheckSetByHand, "pool.status", reason)
			if err == nil && before.Status == to && strict {
				err = squares.Errorf(squares.EUNPROCESSABLE, "%s is already %s.", before.Name, to)
			}
			changed = err == nil && before.Status != to
			return err
		})
		if err != nil {
			res.Refused = append(res.Refused, Refusal{PoolID: id, Message: squares.ErrorMessage(err)})
		} else if changed {
			res.Changed++
		}
	}
	return res
}

// poolIDs lists the ids of the public pools that match a condition on pools p and games g.
func poolIDs(ctx context.Context, tx *Tx, cond string, args ...any) ([]int64, error) {
	ids, err := queryAll(ctx, tx, func(s scanner) (int64, error) {
		var id int64
		return id, s.Scan(&id)
	}, `SELECT p.id FROM pools p JOIN games g ON g.id = p.game_id WHERE p.is_private = FALSE AND `+cond+`
		ORDER BY g.game_date, g.id, p.entry_fee_cents, p.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("pool ids: %w", err)
	}
	return ids, nil
}

// ActivateWeek opens every public pool of a league's week that is a draft or hidden (each in its own
// transaction, as SetPoolsStatus). It reports how many pools it tried and what it did.
func (db *DB) ActivateWeek(ctx context.Context, leagueID int64, week string) (BulkResult, int, error) {
	var ids []int64
	err := db.view(ctx, func(tx *Tx) (err error) {
		if _, err := findLeague(ctx, tx, leagueID); err != nil {
			return err
		}
		ids, err = poolIDs(ctx, tx, `g.league_id = $1 AND g.week = $2 AND p.status IN ('draft', 'inactive')`, leagueID, week)
		return err
	})
	if err != nil {
		return BulkResult{}, 0, err
	}
	return db.setEach(ctx, ids, squares.PoolActive, "bulk-activate "+week, false), len(ids), nil
}

// ActivateSeason opens every public draft pool (each in its own transaction, as SetPoolsStatus): the
// season's launch. A draft whose sales can no longer open is reported as refused and stays a draft.
func (db *DB) ActivateSeason(ctx context.Context) (BulkResult, int, error) {
	var ids []int64
	err := db.view(ctx, func(tx *Tx) (err error) {
		ids, err = poolIDs(ctx, tx, `p.status = 'draft'`)
		return err
	})
	if err != nil {
		return BulkResult{}, 0, err
	}
	return db.setEach(ctx, ids, squares.PoolActive, "season launch", false), len(ids), nil
}

// CreateMissingPools gives every game of a league's week the tier pools it lacks, as drafts, in one
// transaction; each pool created is logged. It returns how many pools it created and how many games the
// week has; called again, it creates nothing.
func (db *DB) CreateMissingPools(ctx context.Context, leagueID int64, week string) (created, games int, err error) {
	err = db.update(ctx, func(tx *Tx) error {
		if _, err := findLeague(ctx, tx, leagueID); err != nil {
			return err
		}
		gs, err := queryAll(ctx, tx, scanGame, `SELECT `+gameColumns+` FROM games g WHERE g.league_id = $1 AND g.week = $2
			ORDER BY g.game_date, g.id`, leagueID, week)
		if err != nil {
			return fmt.Errorf("games of %s: %w", week, err)
		}
		games, created = len(gs), 0
		for _, g := range gs {
			pools, err := ensureTierPools(ctx, tx, g)
			if err != nil {
				return err
			}
			for _, p := range pools {
				if err := auditPoolCreated(ctx, tx, p, "emergency pools "+week); err != nil {
					return err
				}
			}
			created += len(pools)
		}
		return nil
	})
	return created, games, err
}

// featureLock is the PostgreSQL advisory lock that makes features take turns, so that two admins featuring
// two pools at once leave one Pool of the Week (SQLite's writers are serialised already).
const featureLock = 0x5371_0002

// FeaturePool makes the pool the Pool of the Week until the given time (squares.CheckFeature); the pool
// featured before stops being featured. Both changes are logged.
func (db *DB) FeaturePool(ctx context.Context, id int64, reason string, until time.Time) (*squares.PoolView, error) {
	var out *squares.PoolView
	err := db.update(ctx, func(tx *Tx) error {
		if tx.db.engine == Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(featureLock)); err != nil {
				return fmt.Errorf("lock features: %w", err)
			}
		}
		p, err := lockPool(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := squares.CheckFeature(p.Pool, reason, until, tx.now); err != nil {
			return err
		}
		others, err := poolIDs(ctx, tx, `p.is_featured = TRUE AND p.id <> $1`, id)
		if err != nil {
			return err
		}
		for _, other := range others {
			if err := unfeature(ctx, tx, other, "another pool was featured"); err != nil {
				return err
			}
		}
		before := recordOf(p.Pool)
		if _, err := tx.ExecContext(ctx, `UPDATE pools SET is_featured = TRUE, featured_reason = $1,
			featured_until = $2, updated_at = $3 WHERE id = $4`, reason, until.UTC(), tx.now, id); err != nil {
			return fmt.Errorf("feature pool: %w", err)
		}
		if out, err = findPool(ctx, tx, id, 0); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: id, GameID: p.GameID})
		return audit(ctx, tx, Change{Action: "pool.feature", TargetType: "pool", TargetID: id, PoolID: id,
			Before: before, After: recordOf(out.Pool), Reason: reason})
	})
	return out, err
}

// UnfeaturePool stops featuring the pool (logged when it was featured).
func (db *DB) UnfeaturePool(ctx context.Context, id int64) (*squares.PoolView, error) {
	var out *squares.PoolView
	err := db.update(ctx, func(tx *Tx) error {
		if err := unfeature(ctx, tx, id, ""); err != nil {
			return err
		}
		var err error
		out, err = findPool(ctx, tx, id, 0)
		return err
	})
	return out, err
}

func unfeature(ctx context.Context, tx *Tx, id int64, reason string) error {
	p, err := lockPool(ctx, tx, id)
	if err != nil {
		return err
	}
	if !p.IsFeatured {
		return nil
	}
	before := recordOf(p.Pool)
	if _, err := tx.ExecContext(ctx, `UPDATE pools SET is_featured = FALSE, featured_reason = '',
		featured_until = NULL, updated_at = $1 WHERE id = $2`, tx.now, id); err != nil {
		return fmt.Errorf("unfeature pool: %w", err)
	}
	p.IsFeatured, p.FeaturedReason, p.FeaturedUntil = false, "", nil
	tx.emit(squares.Event{Kind: squares.EventPool, PoolID: id, GameID: p.GameID})
	return audit(ctx, tx, Change{Action: "pool.unfeature", TargetType: "pool", TargetID: id, PoolID: id,
		Before: before, After: recordOf(p.Pool), Reason: reason})
}

func lockPool(ctx context.Context, tx *Tx, id int64) (*squares.PoolView, error) {
	p, err := scanPool(tx.QueryRowContext(ctx, poolSelect+` WHERE p.id = $2`+tx.forUpdate("p"), 0, id))
	return p, notFound(err, "Pool")
}

// DeletePool removes a pool that never sold anything (squares.CheckDelete): a draft or hidden pool without
// squares or payments. Any other pool keeps its record (422); cancel it instead. The deletion is logged with what the pool was.
func (db *DB) DeletePool(ctx context.Context, id int64) error {
	return db.update(ctx, func(tx *Tx) error {
		p, err := lockPool(ctx, tx, id)
		if err != nil {
			return err
		}
		d := squares.Deletion{Status: p.Status}
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM squares WHERE pool_id = $1),
			(SELECT COUNT(*) FROM payments WHERE pool_id = $1)`, id).Scan(&d.Squares, &d.Payments); err != nil {
			return fmt.Errorf("delete pool: %w", err)
		}
		if err := squares.CheckDelete(d); err != nil {
			return err
		}
		if err := deleteRecord(ctx, tx, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM pools WHERE id = $1`, id); err != nil {
			return fmt.Errorf("delete pool: %w", err)
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: id, GameID: p.GameID})
		return audit(ctx, tx, Change{Action: "pool.delete", TargetType: "pool", TargetID: id, PoolID: id,
			Before: recordOf(p.Pool)})
	})
}
