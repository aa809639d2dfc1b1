package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
)

// poolSelect reads a pool with its game and the squares of the viewer (the last argument, $1, is the
// viewer's user id, 0 when signed out). Its distinct players are a column that every change of ownership
// keeps (addTaken, countPlayers); the viewer's squares are found through the squares_user index.
const poolSelect = poolColumns + poolFrom

// poolColumns and poolFrom are poolSelect's two halves, for a read of more columns (saleSelect).
const (
	poolColumns = `SELECT p.id, p.game_id, p.name, p.entry_fee_cents, p.max_squares_per_player, p.status,
	p.is_private, p.creator_id, p.invite_code, p.is_nonprofit, p.is_featured, p.featured_reason, p.featured_until,
	p.payout_schedule, p.draw_seed, p.draw_commitment, p.home_numbers, p.away_numbers, p.drawn_at,
	p.draw_input, p.draw_input_sha256, p.squares_taken, p.created_at, p.updated_at, p.distinct_players,
	p.collection, p.payment_instructions, p.pay_by, p.rules, p.number_sets,
	p.beacon_status, p.beacon_round, p.beacon_locked_at, p.beacon_due_at, p.beacon_chain_hash, p.beacon_signature,
	p.beacon_randomness, p.beacon_dev, p.record_seq, p.record_head, (SELECT CAST(c.seq AS TEXT) || '|' || c.head || '|' ||
		c.at || '|' || c.signature || '|' || c.reason FROM pool_checkpoints c WHERE c.pool_id = p.id
		ORDER BY c.seq DESC, c.id DESC LIMIT 1) AS checkpoint,
	(SELECT COUNT(*) FROM squares s WHERE s.user_id = $1 AND s.pool_id = p.id AND s.state = 'owned') AS mine,
	` + gameColumns
	poolFrom = `
	FROM pools p JOIN games g ON g.id = p.game_id JOIN leagues l ON l.id = g.league_id`
)

// parseCheckpoint reads the last checkpoint of a pool as poolColumns writes it (seq|head|at|signature|reason),
// nil for none.
func parseCheckpoint(poolID int64, s sql.NullString) (*squares.RecordCheckpoint, error) {
	if !s.Valid {
		return nil, nil
	}
	f := strings.SplitN(s.String, "|", 5)
	if len(f) != 5 {
		return nil, fmt.Errorf("checkpoint of pool %d: %q", poolID, s.String)
	}
	seq, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("checkpoint of pool %d: %w", poolID, err)
	}
	return &squares.RecordCheckpoint{Pool: poolID, Seq: seq, Head: f[1], At: f[2], Signature: f[3], Reason: f[4]}, nil
}

func scanPool(s scanner) (*squares.PoolView, error) {
	return scanPoolAnd(s)
}

// scanPoolAnd scans a row of poolSelect's columns followed by the columns of extra.
func scanPoolAnd(s scanner, extra ...any) (*squares.PoolView, error) {
	var p squares.Pool
	var g squares.Game
	var creator sql.NullInt64
	var invite, drawInput, drawInputSum sql.NullString
	var featuredUntil, drawnAt, payBy sql.NullTime
	var schedule, home, away, rules, sets string
	var mine int
	var ext sql.NullString
	var n [10]sql.NullInt64
	dest := []any{&p.ID, &p.GameID, &p.Name, &p.EntryFee, &p.MaxSquaresPerPlayer, &p.Status, &p.IsPrivate,
		&creator, &invite, &p.IsNonprofit, &p.IsFeatured, &p.FeaturedReason, &featuredUntil, &schedule,
		&p.DrawSeed, &p.DrawCommitment, &home, &away, &drawnAt, &drawInput, &drawInputSum, &p.SquaresTaken, &p.CreatedAt, &p.UpdatedAt,
		&p.DistinctPlayers, &p.Collection, &p.PaymentInstructions, &payBy, &rules, &sets}
	var checkpoint sql.NullString
	var beaconLocked, beaconDue sql.NullTime
	var beaconRound int64
	dest = append(dest, &p.Beacon.Status, &beaconRound, &beaconLocked, &beaconDue, &p.Beacon.ChainHash,
		&p.Beacon.Signature, &p.Beacon.Randomness, &p.Beacon.Dev, &p.Record.Seq, &p.Record.Head, &checkpoint, &mine)
	dest = append(dest, gameDest(&g, &ext, &n)...)
	if err := s.Scan(append(dest, extra...)...); err != nil {
		return nil, err
	}
	finishGame(&g, ext, n)
	p.Game = &g
	p.CreatorID, p.InviteCode = creator.Int64, invite.String
	p.DrawInput, p.DrawInputSHA256 = drawInput.String, drawInputSum.String
	p.FeaturedUntil, p.DrawnAt, p.PayBy = nullTime(featuredUntil), nullTime(drawnAt), nullTime(payBy)
	p.Beacon.Round, p.Beacon.LockedAt, p.Beacon.DueAt = uint64(beaconRound), nullTime(beaconLocked), nullTime(beaconDue)
	p.CreatedAt, p.UpdatedAt = p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	var err error
	if p.Record.Checkpoint, err = parseCheckpoint(p.ID, checkpoint); err != nil {
		return nil, err
	}
	if p.PayoutSchedule, err = parseSchedule(schedule); err != nil {
		return nil, err
	}
	if p.HomeNumbers, err = squares.ParseDigits(home); err != nil {
		return nil, err
	}
	if p.AwayNumbers, err = squares.ParseDigits(away); err != nil {
		return nil, err
	}
	if err := readRules(&p, g.LeagueID, rules, sets); err != nil {
		return nil, err
	}
	return &squares.PoolView{Pool: &p, ViewerSquares: mine}, nil
}

func parseSchedule(s string) ([]int64, error) {
	out := make([]int64, 0, strings.Count(s, "/")+1)
	for part := range strings.SplitSeq(s, "/") {
		v, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("payout schedule %q: %w", s, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// insertPool inserts p with a fresh draw seed and its published commitment.
func insertPool(ctx context.Context, tx *Tx, p *squares.Pool) error {
	seed, err := squares.NewDrawSeed()
	if err != nil {
		return err
	}
	p.DrawSeed, p.DrawCommitment = seed, squares.DrawCommitment(seed)
	league := &squares.League{}
	if p.Game != nil {
		league.ID = p.Game.LeagueID
	}
	if len(p.PayoutSchedule) == 0 && p.Rules.Grid == 0 {
		p.PayoutSchedule, _ = squares.ParsePayoutSchedule("", league.Periods())
	}
	if err := commitRules(p, league.ID); err != nil {
		return err
	}
	rules, err := rulesText(p, league.ID)
	if err != nil {
		return err
	}
	sets, err := numberSetsText(p.NumberSets)
	if err != nil {
		return err
	}
	var creator any
	if p.CreatorID > 0 {
		creator = p.CreatorID
	}
	p.CreatedAt, p.UpdatedAt = tx.now, tx.now
	if p.Collection == "" {
		p.Collection = squares.CollectionCard
	}
	err = tx.QueryRowContext(ctx, `INSERT INTO pools (game_id, name, entry_fee_cents, max_squares_per_player,
		status, is_private, creator_id, invite_code, is_nonprofit, payout_schedule, draw_seed, draw_commitment,
		created_at, updated_at, collection, payment_instructions, pay_by, rules, number_sets)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17, $18) RETURNING id`,
		p.GameID, p.Name, int64(p.EntryFee), p.MaxSquaresPerPlayer, p.Status, p.IsPrivate, creator,
		nullString(p.InviteCode), p.IsNonprofit, squares.FormatPayoutSchedule(p.PayoutSchedule), p.DrawSeed,
		p.DrawCommitment, tx.now, p.Collection, p.PaymentInstructions, timeArg(p.PayBy), rules, sets).Scan(&p.ID)
	if isUniqueViolation(err) {
		return squares.Errorf(squares.ECONFLICT, "This game already has a %s.", squares.TierName(p.EntryFee))
	} else if isForeignKeyViolation(err) {
		return squares.Errorf(squares.ENOTFOUND, "Game not found.")
	} else if err != nil {
		return fmt.Errorf("insert pool: %w", err)
	}
	return appendRecord(ctx, tx, p.ID, squares.RecordOpened, squares.RecordOpenOf(p))
}

// CreatePool inserts a public pool for a game as a draft (logged as "pool.create"). The game keeps one pool
// per tier.
func (db *DB) CreatePool(ctx context.Context, in squares.PoolInput) (*squares.PoolView, error) {
	var out *squares.PoolView
	err := db.update(ctx, func(tx *Tx) error {
		g, err := findGame(ctx, tx, in.GameID)
		if err != nil {
			return err
		}
		p := &squares.Pool{GameID: g.ID, Game: g, Name: in.Name, EntryFee: in.EntryFee,
			MaxSquaresPerPlayer: squares.PublicSquaresPerPlayer, Status: squares.PoolDraft}
		if err := insertPool(ctx, tx, p); err != nil {
			return err
		}
		if err := auditPoolCreated(ctx, tx, p, ""); err != nil {
			return err
		}
		out, err = findPool(ctx, tx, p.ID, 0)
		return err
	})
	return out, err
}

// FindPool returns a pool as the viewer (a user id, 0 when signed out) sees it.
func (db *DB) FindPool(ctx context.Context, id, viewer int64) (*squares.PoolView, error) {
	var p *squares.PoolView
	err := db.single(ctx, func(tx *Tx) (err error) {
		p, err = findPool(ctx, tx, id, viewer)
		return err
	})
	return p, err
}

func findPool(ctx context.Context, tx *Tx, id, viewer int64) (*squares.PoolView, error) {
	p, err := scanPool(tx.QueryRowContext(ctx, poolSelect+` WHERE p.id = $2`, viewer, id))
	return p, notFound(err, "Pool")
}

// FindPoolViewer reads, in one statement, what the rule of who may see a pool (squares.Pool.VisibleTo)
// needs to know of a signed-in user: the squares they own in the pool, and whether they joined it (a
// private pool's creator did). Admin, which comes from the session, is left for the caller.
func (db *DB) FindPoolViewer(ctx context.Context, poolID, userID int64) (squares.PoolViewer, error) {
	var v squares.PoolViewer
	err := db.single(ctx, func(tx *Tx) error {
		var member int
		if err := tx.QueryRowContext(ctx, `SELECT
			(SELECT COUNT(*) FROM squares WHERE pool_id = $1 AND user_id = $2 AND state = 'owned'),
			(SELECT COUNT(*) FROM pool_members WHERE pool_id = $1 AND user_id = $2)`, poolID, userID).
			Scan(&v.Owned, &member); err != nil {
			return fmt.Errorf("pool viewer: %w", err)
		}
		v.Member = member > 0
		return nil
	})
	return v, err
}

// ListPools returns pools by kickoff, then entry fee.
func (db *DB) ListPools(ctx context.Context, f squares.PoolFilter) ([]*squares.PoolView, error) {
	var out []*squares.PoolView
	err := db.single(ctx, func(tx *Tx) (err error) {
		out, err = listPools(ctx, tx, f)
		return err
	})
	return out, err
}

func listPools(ctx context.Context, tx *Tx, f squares.PoolFilter) ([]*squares.PoolView, error) {
	args := []any{f.Viewer}
	arg := func(v any) string { args = append(args, v); return fmt.Sprintf("$%d", len(args)) }
	var where []string
	if f.LeagueID > 0 {
		where = append(where, "g.league_id = "+arg(f.LeagueID))
	}
	if f.GameID > 0 {
		where = append(where, "p.game_id = "+arg(f.GameID))
	}
	if f.Week != "" {
		where = append(where, "g.week = "+arg(f.Week))
	}
	if f.Status != "" {
		where = append(where, "p.status = "+arg(f.Status))
	}
	if len(f.Statuses) > 0 {
		var in []string
		for _, st := range f.Statuses {
			in = append(in, arg(st))
		}
		where = append(where, "p.status IN ("+strings.Join(in, ", ")+")")
	}
	if f.Listed {
		where = append(where, `p.status IN ('active', 'full', 'started') AND p.is_private = FALSE
			AND (l.active_week = '' OR g.week = l.active_week)`)
	}
	if f.Public {
		where = append(where, "p.is_private = FALSE")
	}
	if f.OwnedBy > 0 {
		u := arg(f.OwnedBy)
		where = append(where, `(EXISTS (SELECT 1 FROM squares s WHERE s.pool_id = p.id AND s.state = 'owned'
			AND s.user_id = `+u+`) OR EXISTS (SELECT 1 FROM pool_members m WHERE m.pool_id = p.id AND m.user_id = `+u+`))`)
	}
	if f.FeaturedAt != nil {
		where = append(where, "p.is_featured = TRUE AND (p.featured_until IS NULL OR p.featured_until > "+
			arg(f.FeaturedAt.UTC())+")")
	}
	q := poolSelect
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY g.game_date, g.id, p.entry_fee_cents, p.id"
	out, err := queryAll(ctx, tx, scanPool, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list pools: %w", err)
	}
	return out, nil
}

// SetPoolStatus is an admin's change of a pool's status (squares.CheckSetByHand): along the lifecycle, any
// other change refused (422), and never to started or completed, which follow the game. It is logged as
// "pool.status".
func (db *DB) SetPoolStatus(ctx context.Context, id int64, to string) (*squares.PoolView, error) {
	return db.changePoolStatus(ctx, id, to, squares.CheckSetByHand, "pool.status")
}

// RefundPool cancels a pool as an admin's refund, logged as "pool.refund"; the escrow then returns its
// money (escrow.CancelPool).
func (db *DB) RefundPool(ctx context.Context, id int64) (*squares.PoolView, error) {
	return db.changePoolStatus(ctx, id, squares.PoolCancelled, squares.CheckSetByHand, "pool.refund")
}

type statusChange struct {
	Status string `json:"status"`
}

// FollowGame moves a pool to started or completed as its game goes (squares.CheckFollowGame): the
// game-day automation's call.
func (db *DB) FollowGame(ctx context.Context, id int64, to string) (*squares.PoolView, error) {
	return db.changePoolStatus(ctx, id, to, squares.CheckFollowGame, "pool.status")
}

func (db *DB) changePoolStatus(ctx context.Context, id int64, to string, rule func(from, to string) error, action string) (*squares.PoolView, error) {
	var out *squares.PoolView
	err := db.update(ctx, func(tx *Tx) error {
		if _, err := changeStatus(ctx, tx, id, to, rule, action, ""); err != nil {
			return err
		}
		var err error
		out, err = findPool(ctx, tx, id, 0)
		return err
	})
	return out, err
}

// changeStatus is the one path of a pool's status change: setPoolStatus, then the audit entry (action,
// with the reason naming the call that made it) when the status changed. It returns the pool as it was.
func changeStatus(ctx context.Context, tx *Tx, id int64, to string, rule func(from, to string) error, action, reason string) (*squares.PoolView, error) {
	why := reason
	if why == "" {
		why = map[string]string{"pool.refund": "Refunded by an admin.", "pool.status": "Cancelled by an admin."}[action]
	}
	before, err := setPoolStatusFor(ctx, tx, id, to, rule, why)
	if err != nil {
		return nil, err
	}
	if before.Status != to {
		if err := audit(ctx, tx, Change{Action: action, TargetType: "pool", TargetID: id, PoolID: id,
			Before: statusChange{before.Status}, After: statusChange{to}, Reason: reason}); err != nil {
			return nil, err
		}
	}
	return before, nil
}

// setPoolStatus moves a pool to a status the rule allows (squares.CheckStatusChange) and returns the pool
// as it was before; a pool already in that status is left as it is.
func setPoolStatus(ctx context.Context, tx *Tx, id int64, to string, rule func(from, to string) error) (*squares.PoolView, error) {
	return setPoolStatusFor(ctx, tx, id, to, rule, "")
}

// setPoolStatusFor is setPoolStatus with the reason the record gives a cancellation. A pool cancelled
// appends its cancelled entry, a pool cancelled or completed signs its record (checkpoint).
func setPoolStatusFor(ctx context.Context, tx *Tx, id int64, to string, rule func(from, to string) error, reason string) (*squares.PoolView, error) {
	p, err := scanPool(tx.QueryRowContext(ctx, poolSelect+` WHERE p.id = $2`+tx.forUpdate("p"), 0, id))
	if err != nil {
		return nil, notFound(err, "Pool")
	}
	change, err := squares.CheckStatusChange(squares.StatusChange{Pool: p.Pool, To: to, Rule: rule, Now: tx.now})
	if err != nil {
		return nil, err
	}
	if !change {
		return p, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE pools SET status = $1, updated_at = $2 WHERE id = $3`, to, tx.now, id); err != nil {
		return nil, fmt.Errorf("set pool status: %w", err)
	}
	if to == squares.PoolCancelled {
		if err := returnStakes(ctx, tx, id); err != nil {
			return nil, err
		}
		if err := pushPoolCancelled(ctx, tx, p); err != nil {
			return nil, err
		}
		if err := appendRecord(ctx, tx, id, squares.RecordCancelled, squares.RecordCancelData{Reason: reason}); err != nil {
			return nil, err
		}
		if err := checkpointRecord(ctx, tx, id, "cancelled"); err != nil {
			return nil, err
		}
	}
	if to == squares.PoolCompleted {
		if err := checkpointRecord(ctx, tx, id, "completed"); err != nil {
			return nil, err
		}
	}
	tx.emit(squares.Event{Kind: squares.EventPool, PoolID: id, GameID: p.GameID})
	return p, nil
}

// PoolStats are counts for the dashboards.
type PoolStats struct {
	TotalPools   int
	ActivePools  int
	DraftPools   int
	SquaresSold  int
	TotalRevenue squares.Cents
	RevenueToday squares.Cents
}

// Stats are the public stats: the public pools and their squares sold, and the revenue of public pools:
// the entry fees captured into escrow, net of what was refunded of them, from the ledger (by the time of
// capture). Holds not captured, and the squares of cancelled pools, bring nothing. Private pools are never
// counted, nor their squares or fees: they are their members' business (AdminStats counts everything).
func (db *DB) Stats(ctx context.Context, dayStart time.Time) (PoolStats, error) {
	var s PoolStats
	err := db.view(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*),
			COALESCE(SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN status = 'draft' THEN 1 ELSE 0 END), 0) FROM pools WHERE is_private = FALSE`).
			Scan(&s.TotalPools, &s.ActivePools, &s.DraftPools); err != nil {
			return fmt.Errorf("pool stats: %w", err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM squares s JOIN pools p ON p.id = s.pool_id
			WHERE s.state = 'owned' AND s.is_house = FALSE AND p.is_private = FALSE`).
			Scan(&s.SquaresSold); err != nil {
			return fmt.Errorf("squares sold: %w", err)
		}
		var err error
		s.TotalRevenue, s.RevenueToday, err = revenue(ctx, tx, dayStart, true)
		return err
	})
	return s, err
}
