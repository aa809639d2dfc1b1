package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// Who made a pool's final decision.
const (
	DecidedByAutomation = "automation"
	DecidedByAdmin      = "admin"
)

// DecisionRecord is a pool's final decision as logged.
type DecisionRecord struct {
	squares.Decision
	DecidedAt time.Time `json:"decidedAt"`
	DecidedBy string    `json:"decidedBy"`
}

// decisionDetails is what the log keeps beside the action and reason.
type decisionDetails struct {
	ParticipantsAffected int   `json:"participantsAffected"`
	HouseSquaresNeeded   int   `json:"houseSquaresNeeded"`
	RefundCents          int64 `json:"refundCents"`
}

// decisionRefund is the money a pool's cancellation returns: its held and captured payments.
const decisionRefund = `(SELECT COALESCE(SUM(y.amount_cents), 0) FROM payments y WHERE y.pool_id = p.id
	AND y.status IN ('held', 'captured'))`

func decisionInput(p *squares.PoolView, refund squares.Cents) squares.DecisionInput {
	return squares.DecisionInput{PoolID: p.ID, EntryFee: p.EntryFee, IsPrivate: p.IsPrivate, Status: p.Status,
		SquaresTaken: p.SquaresTaken, DistinctPlayers: p.DistinctPlayers, RefundAmount: refund, Kickoff: p.Game.GameDate,
		GameID: p.GameID, GameStatus: p.Game.Status, Squares: p.GridSquares(),
		PlayUnfilled: p.EffectiveRules().Unfilled == squares.UnfilledPlay}
}

// ListUndecidedPools returns what the final decision reads for every pool still awaiting it (draft,
// active, inactive or full, none logged) whose decision is due by dueBy, or whose game has started (live
// or completed: its decision is due at once), soonest kickoff first.
func (db *DB) ListUndecidedPools(ctx context.Context, dueBy time.Time) ([]squares.DecisionInput, error) {
	var out []squares.DecisionInput
	err := db.view(ctx, func(tx *Tx) error {
		pools, err := queryAll(ctx, tx, scanPool, poolSelect+` WHERE p.status IN ('draft', 'active', 'inactive', 'full')
			AND (g.game_date <= $2 OR g.status IN ('live', 'completed'))
			AND NOT EXISTS (SELECT 1 FROM pool_decisions d WHERE d.pool_id = p.id)
			ORDER BY g.game_date, g.id, p.entry_fee_cents, p.id`, 0, dueBy.Add(squares.DecisionLead).UTC())
		if err != nil {
			return fmt.Errorf("undecided pools: %w", err)
		}
		for _, p := range pools {
			var refund squares.Cents
			if err := tx.QueryRowContext(ctx, `SELECT `+decisionRefund+` FROM pools p WHERE p.id = $1`, p.ID).Scan(&refund); err != nil {
				return fmt.Errorf("pool refund: %w", err)
			}
			out = append(out, decisionInput(p, refund))
		}
		return nil
	})
	return out, err
}

// lockDecisionPool locks a pool and reads what its decision needs, and whether it has one logged.
func lockDecisionPool(ctx context.Context, tx *Tx, poolID int64) (*squares.PoolView, squares.DecisionInput, bool, error) {
	p, err := scanPool(tx.QueryRowContext(ctx, poolSelect+` WHERE p.id = $2`+tx.forUpdate("p"), 0, poolID))
	if err != nil {
		return nil, squares.DecisionInput{}, false, notFound(err, "Pool")
	}
	var refund squares.Cents
	var decided int
	if err := tx.QueryRowContext(ctx, `SELECT `+decisionRefund+`, (SELECT COUNT(*) FROM pool_decisions d
		WHERE d.pool_id = p.id) FROM pools p WHERE p.id = $1`, poolID).Scan(&refund, &decided); err != nil {
		return nil, squares.DecisionInput{}, false, fmt.Errorf("pool decision: %w", err)
	}
	return p, decisionInput(p, refund), decided > 0, nil
}

// DecidePool makes and applies a pool's final decision as the automation does at now: nothing (nil) when
// it is not due, the pool is past deciding or a decision is logged already (by another pass, another
// instance or an admin); otherwise the decision is logged and applied in the same transaction, under the
// pool's lock: a cancelled pool's money is then returned by the escrow (its release-or-refund step,
// WorkReleaseOrRefund), a house-filled pool's holds captured (its capture step).
func (db *DB) DecidePool(ctx context.Context, poolID int64, now time.Time) (*squares.Decision, error) {
	var out *squares.Decision
	err := db.update(ctx, func(tx *Tx) error {
		p, in, decided, err := lockDecisionPool(ctx, tx, poolID)
		if err != nil || decided {
			return err
		}
		d, due := squares.DecideAt(in, now)
		if !due {
			return nil
		}
		if err := applyDecision(ctx, tx, p, d); err != nil {
			return err
		}
		if err := logDecision(ctx, tx, d, DecidedByAutomation, false); err != nil {
			return err
		}
		out = &d
		return nil
	})
	return out, err
}

func applyDecision(ctx context.Context, tx *Tx, p *squares.PoolView, d squares.Decision) error {
	switch d.Action {
	case squares.DecideCancel:
		if _, err := setPoolStatusFor(ctx, tx, p.ID, squares.PoolCancelled, squares.CheckSetByHand, d.Reason); err != nil {
			return err
		}
		if p.IsFree() {
			// Paid players are told by the escrow as their payment comes back; free players only here.
			return notifyPlayers(ctx, tx, p.ID, squares.NotifyPoolCancelled, squares.PoolCancelledNotice(p.Name, d.Reason))
		}
	case squares.DecideHouseFill:
		return houseFill(ctx, tx, p)
	case squares.DecidePlay:
		// Played as it stands: drawn now, full for the game (the escrow captures its holds as a full pool's).
		return drawPool(ctx, tx, p.ID)
	}
	return nil
}

// notifyPlayers tells every player owning squares in the pool.
func notifyPlayers(ctx context.Context, tx *Tx, poolID int64, kind, message string) error {
	ids, err := queryAll(ctx, tx, func(s scanner) (int64, error) {
		var id int64
		return id, s.Scan(&id)
	}, `SELECT DISTINCT user_id FROM squares WHERE pool_id = $1 AND user_id IS NOT NULL ORDER BY user_id`, poolID)
	if err != nil {
		return fmt.Errorf("pool players: %w", err)
	}
	for _, id := range ids {
		if err := notify(ctx, tx, id, kind, message, poolID); err != nil {
			return err
		}
	}
	return nil
}

// logDecision writes a pool's decision to the log; an admin's (replace) supersedes one logged before.
func logDecision(ctx context.Context, tx *Tx, d squares.Decision, by string, replace bool) error {
	details, err := json.Marshal(decisionDetails{d.ParticipantsAffected, d.HouseSquaresNeeded, int64(d.RefundAmount)})
	if err != nil {
		return err
	}
	q := `INSERT INTO pool_decisions (pool_id, decided_at, action, reason, decided_by, details)
		VALUES ($1, $2, $3, $4, $5, $6)`
	if replace {
		q += ` ON CONFLICT (pool_id) DO UPDATE SET decided_at = excluded.decided_at, action = excluded.action,
			reason = excluded.reason, decided_by = excluded.decided_by, details = excluded.details`
	}
	_, err = tx.ExecContext(ctx, q, d.PoolID, tx.now, d.Action, d.Reason, by, string(details))
	if isUniqueViolation(err) {
		return squares.Errorf(squares.ECONFLICT, "This pool's final decision was already made.")
	} else if err != nil {
		return fmt.Errorf("log decision: %w", err)
	}
	return nil
}

// CancelPool is an admin's cancellation of a pool with a reason, logged as its final decision (replacing
// one made before). A completed or cancelled pool is refused. The escrow then returns its money.
func (db *DB) CancelPool(ctx context.Context, poolID int64, reason string) (*squares.PoolView, error) {
	return db.decideAsAdmin(ctx, poolID, "pool.cancel", func(in squares.DecisionInput) (squares.Decision, error) {
		return squares.CheckCancel(squares.Cancellation{Pool: in, Reason: reason})
	})
}

// HouseFill is an admin's house fill: the house takes every square still free (squaresNeeded must say how
// many, so that an admin acts on the pool as they saw it: a conflict otherwise), and the pool is drawn.
// It is logged as the pool's final decision (replacing one made before).
func (db *DB) HouseFill(ctx context.Context, poolID int64, squaresNeeded int) (*squares.PoolView, error) {
	return db.decideAsAdmin(ctx, poolID, "pool.house_fill", func(in squares.DecisionInput) (squares.Decision, error) {
		return squares.CheckHouseFill(squares.HouseFill{Pool: in, SquaresNeeded: squaresNeeded})
	})
}

// decisionRecord is a pool as the audit log records an admin's decision on it.
type decisionRecord struct {
	Status       string `json:"status"`
	SquaresTaken int    `json:"squaresTaken"`
	HouseSquares int    `json:"houseSquares,omitempty"`
}

// decideAsAdmin locks a pool, asks decide (the admin's rule: squares.CheckCancel, squares.CheckHouseFill)
// for the decision on it (or a refusal), applies the decision
// and logs it as the pool's final one (replacing one made before) and in the audit log as action, and
// returns the pool as it is then.
func (db *DB) decideAsAdmin(ctx context.Context, poolID int64, action string,
	decide func(in squares.DecisionInput) (squares.Decision, error)) (*squares.PoolView, error) {
	var out *squares.PoolView
	err := db.update(ctx, func(tx *Tx) error {
		p, in, _, err := lockDecisionPool(ctx, tx, poolID)
		if err != nil {
			return err
		}
		d, err := decide(in)
		if err != nil {
			return err
		}
		if err := applyDecision(ctx, tx, p, d); err != nil {
			return err
		}
		if err := logDecision(ctx, tx, d, DecidedByAdmin, true); err != nil {
			return err
		}
		if out, err = findPool(ctx, tx, poolID, 0); err != nil {
			return err
		}
		return audit(ctx, tx, Change{Action: action, TargetType: "pool", TargetID: poolID, PoolID: poolID,
			Before: decisionRecord{p.Status, p.SquaresTaken, 0}, After: decisionRecord{out.Status, out.SquaresTaken,
				d.HouseSquaresNeeded}, Reason: d.Reason})
	})
	return out, err
}

// houseFill gives every free square of a locked pool to the house and draws. Checkouts still open end
// first (sales close at the decision: their squares go to the house, their provider payments are
// cancelled by the escrow's settle step, and a payment that completes later is refused and released).
// In a paid pool the house stakes the entry fee of each square it fills.
func houseFill(ctx context.Context, tx *Tx, p *squares.PoolView) error {
	var pending []string
	rows, err := tx.QueryContext(ctx, `SELECT id FROM payments WHERE pool_id = $1 AND status = 'pending' ORDER BY id`, p.ID)
	if err != nil {
		return fmt.Errorf("house fill: %w", err)
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		pending = append(pending, id)
	}
	rows.Close()
	for _, id := range pending {
		if err := releasePayment(ctx, tx, id, squares.NoticeSalesClosed); err != nil {
			return err
		}
	}
	taken := map[squares.Cell]bool{}
	cells, err := queryAll(ctx, tx, func(s scanner) (squares.Cell, error) {
		var c squares.Cell
		return c, s.Scan(&c.Row, &c.Column)
	}, `SELECT row_idx, col_idx FROM squares WHERE pool_id = $1`, p.ID)
	if err != nil {
		return fmt.Errorf("house fill: %w", err)
	}
	for _, c := range cells {
		taken[c] = true
	}
	var filled []squares.Cell
	grid := p.Grid()
	for r := 0; r < grid.Rows; r++ {
		for c := 0; c < grid.Columns; c++ {
			cell := squares.Cell{Row: r, Column: c}
			if taken[cell] {
				continue
			}
			sq := &squares.Square{PoolID: p.ID, IsHouse: true, Row: r, Column: c, State: squares.SquareOwned,
				PurchasePrice: p.EntryFee}
			if err := insertSquare(ctx, tx, sq); err != nil {
				return err
			}
			filled = append(filled, cell)
		}
	}
	if len(filled) == 0 {
		return squares.Errorf(squares.ECONFLICT, "This pool is already full.")
	}
	// The house stakes money only where Squares holds the pot: never in a host-collected pool.
	stake := squares.Cents(0)
	if !p.IsFree() && !p.HostCollects() {
		stake = p.EntryFee * squares.Cents(len(filled))
		if _, err := insertLedger(ctx, tx, squares.StakeTransaction(p.ID, stake)); err != nil {
			return err
		}
	}
	if err := recordTaken(ctx, tx, p.ID, squares.RecordTakenData{Squares: filled, Owner: squares.HouseUserID,
		By: squares.TakenHouse, Amount: stake.String()}); err != nil {
		return err
	}
	counts, err := addTaken(ctx, tx, p.ID, len(filled), 0)
	if err != nil {
		return err
	}
	if !counts.Drew {
		return fmt.Errorf("house fill: pool %d counts fewer than 100 squares after filling %d", p.ID, len(filled))
	}
	tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID, Cells: filled})
	return nil
}

// ListDecisions returns the logged final decisions, latest first.
func (db *DB) ListDecisions(ctx context.Context, limit int) ([]*DecisionRecord, error) {
	var out []*DecisionRecord
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, func(s scanner) (*DecisionRecord, error) {
			var d DecisionRecord
			var details string
			var kickoff time.Time
			if err := s.Scan(&d.PoolID, &d.DecidedAt, &d.Action, &d.Reason, &d.DecidedBy, &details, &kickoff); err != nil {
				return nil, err
			}
			var det decisionDetails
			if err := json.Unmarshal([]byte(details), &det); err != nil {
				return nil, fmt.Errorf("decision %d details: %w", d.PoolID, err)
			}
			d.ParticipantsAffected, d.HouseSquaresNeeded, d.RefundAmount = det.ParticipantsAffected, det.HouseSquaresNeeded, squares.Cents(det.RefundCents)
			d.DecidedAt, d.DueAt = d.DecidedAt.UTC(), squares.DecisionDueAt(kickoff.UTC())
			return &d, nil
		}, fmt.Sprintf(`SELECT d.pool_id, d.decided_at, d.action, d.reason, d.decided_by, d.details, g.game_date
			FROM pool_decisions d JOIN pools p ON p.id = d.pool_id JOIN games g ON g.id = p.game_id
			ORDER BY d.decided_at DESC, d.pool_id DESC LIMIT %d`, limit))
		return err
	})
	return out, err
}
