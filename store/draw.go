package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/squaresapp/squares"
)

// The draw of a pool whose grid is complete, in the transaction of the claim (or other change) that
// completed it.

// drawPool draws a pool whose grid is complete (or that plays unfilled): with the beacon on it locks the
// pool for its beacon round instead (lockBeacon), and the beacon worker draws it once the round is out;
// with the beacon off it draws at once, beacon "off".
func drawPool(ctx context.Context, tx *Tx, poolID int64) error {
	if c := tx.db.Beacon.Chain; c != nil {
		return lockBeacon(ctx, tx, poolID, *c, tx.db.Beacon.Dev)
	}
	// The lock's entry and the draw read the same ownership: read once.
	p, input, err := poolOwnership(ctx, tx, poolID)
	if err != nil {
		return fmt.Errorf("draw: %w", err)
	}
	off := squares.PoolBeacon{Status: squares.BeaconOff}
	if err := recordLockOf(ctx, tx, poolID, input, off); err != nil {
		return err
	}
	return drawNumbersOf(ctx, tx, p, input, off)
}

// drawNumbers draws a pool's numbers from its committed seeds, its final ownership and the beacon b's
// randomness when b is verified (squares.DrawNumberSetsWithBeacon), exactly once: the update only applies
// while no numbers exist. Each of its number sets (one, or one per paying period) is drawn from its own
// seed and the same ownership text. It stores what the derivation consumed, the ownership text and its
// SHA-256, and the beacon, beside the digits: squares may change hands later (a house takeover), and the
// draw must stay verifiable from its own input. The grid must be complete unless the pool's rules play it
// unfilled. A pool that started while its beacon was pending keeps its status.
func drawNumbers(ctx context.Context, tx *Tx, poolID int64, b squares.PoolBeacon) error {
	p, input, err := poolOwnership(ctx, tx, poolID)
	if err != nil {
		return fmt.Errorf("draw: %w", err)
	}
	return drawNumbersOf(ctx, tx, p, input, b)
}

// drawNumbersOf is drawNumbers of the pool p and its ownership text input, as its caller read them.
func drawNumbersOf(ctx context.Context, tx *Tx, p *squares.PoolView, input string, b squares.PoolBeacon) error {
	poolID := p.ID
	randomness := ""
	if b.Status == squares.BeaconVerified {
		randomness = b.Randomness
	}
	sets := squares.DrawNumberSetsWithBeacon(p.NumberSets, poolID, input, randomness)
	setsText, err := numberSetsText(sets)
	if err != nil {
		return fmt.Errorf("draw: %w", err)
	}
	res, err := tx.ExecContext(ctx, `UPDATE pools SET home_numbers = $1, away_numbers = $2, drawn_at = $3,
		status = CASE WHEN status IN ('started', 'completed') THEN status ELSE $4 END, draw_input = $5,
		draw_input_sha256 = $6, updated_at = $3, number_sets = $7, beacon_status = $9, beacon_signature = $10,
		beacon_randomness = $11, beacon_next_try_at = NULL WHERE id = $8 AND home_numbers = ''`,
		squares.FormatDigits(sets[0].HomeNumbers), squares.FormatDigits(sets[0].AwayNumbers), tx.now, squares.PoolFull, input,
		squares.DrawInputSHA256(input), setsText, poolID, b.Status, b.Signature, randomness)
	if err != nil {
		return fmt.Errorf("draw: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return squares.Errorf(squares.ECONFLICT, "This pool's numbers are already drawn.")
	}
	if err := recordDraw(ctx, tx, poolID, input, randomness, sets); err != nil {
		return err
	}
	return pushPoolDrawn(ctx, tx, poolID, p.Name)
}

// poolOwnership reads a pool and the ownership text its draw reads (squares.GridOwnershipText of its
// grid's owners), as the lock records it and the draw consumes it.
func poolOwnership(ctx context.Context, tx *Tx, poolID int64) (*squares.PoolView, string, error) {
	p, err := findPool(ctx, tx, poolID, 0)
	if err != nil {
		return nil, "", err
	}
	owners, err := gridOwners(ctx, tx, p.Pool)
	if err != nil {
		return nil, "", err
	}
	return p, squares.GridOwnershipText(owners), nil
}

// gridOwners returns the owner of every square of a pool's grid in row-major order, as the draw reads
// them ("" for a square nobody took, which only a pool played unfilled has). It reads only the columns the
// draw needs: it runs inside the claim that fills the pool, on the SQLite writer.
func gridOwners(ctx context.Context, tx *Tx, p *squares.Pool) ([]string, error) {
	grid := p.Grid()
	owners := make([]string, grid.Squares())
	rows, err := tx.QueryContext(ctx, `SELECT row_idx, col_idx, user_id, is_house, COALESCE(guest_id, 0) FROM squares
		WHERE pool_id = $1 AND state = 'owned'`, p.ID)
	if err != nil {
		return nil, fmt.Errorf("grid owners: %w", err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var sq squares.Square
		var user sql.NullInt64
		if err := rows.Scan(&sq.Row, &sq.Column, &user, &sq.IsHouse, &sq.GuestID); err != nil {
			return nil, fmt.Errorf("grid owners: %w", err)
		}
		c := squares.Cell{Row: sq.Row, Column: sq.Column}
		if !grid.Contains(c) || owners[grid.Index(c)] != "" {
			return nil, fmt.Errorf("draw: pool %d has a square at row %d, column %d twice or off the grid", p.ID, sq.Row, sq.Column)
		}
		sq.UserID = user.Int64
		owners[grid.Index(c)] = OwnerID(&sq)
		n++
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("grid owners: %w", err)
	}
	if n != grid.Squares() && (p.EffectiveRules().Unfilled != squares.UnfilledPlay || n == 0) {
		return nil, fmt.Errorf("draw: pool %d has %d owned squares, want %d", p.ID, n, grid.Squares())
	}
	return owners, nil
}
