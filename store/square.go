package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
)

const squareSelect = `SELECT s.id, s.pool_id, s.row_idx, s.col_idx, s.user_id, s.is_house, s.state,
	s.purchase_price_cents, s.purchased_at, s.hold_expires_at, s.payment_id,
	COALESCE(u.first_name, ''), COALESCE(u.last_name, ''), COALESCE(s.guest_id, 0), COALESCE(gu.name, '')
	FROM squares s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN pool_guests gu ON gu.id = s.guest_id`

func scanSquare(s scanner) (*squares.Square, error) {
	var sq squares.Square
	var user sql.NullInt64
	var purchased, expires sql.NullTime
	var payment sql.NullString
	if err := s.Scan(&sq.ID, &sq.PoolID, &sq.Row, &sq.Column, &user, &sq.IsHouse, &sq.State, &sq.PurchasePrice,
		&purchased, &expires, &payment, &sq.OwnerFirst, &sq.OwnerLast, &sq.GuestID, &sq.GuestName); err != nil {
		return nil, err
	}
	sq.UserID, sq.PaymentID = user.Int64, payment.String
	if t := nullTime(purchased); t != nil {
		sq.PurchasedAt = *t
	}
	sq.HoldExpiresAt = nullTime(expires)
	return &sq, nil
}

// ListSquares returns the taken squares of a pool in grid order: owned ones, and those held for a buyer
// during checkout (State held).
func (db *DB) ListSquares(ctx context.Context, poolID int64) ([]*squares.Square, error) {
	var out []*squares.Square
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = listSquares(ctx, tx, poolID)
		return err
	})
	return out, err
}

func listSquares(ctx context.Context, tx *Tx, poolID int64) ([]*squares.Square, error) {
	out, err := queryAll(ctx, tx, scanSquare, squareSelect+` WHERE s.pool_id = $1
		AND (s.state = 'owned' OR s.hold_expires_at > $2) ORDER BY s.row_idx, s.col_idx`, poolID, tx.now)
	if err != nil {
		return nil, fmt.Errorf("list squares: %w", err)
	}
	return out, nil
}

// Claim is a request to take squares of a pool for a user.
type Claim struct {
	PoolID int64
	User   *squares.User
	Cells  []squares.Cell
	// Paid marks a sale confirmed by payment; without it only free pools can be claimed.
	Paid bool
}

// ClaimResult is what a claim took and the pool afterwards.
type ClaimResult struct {
	Squares []*squares.Square
	Pool    *squares.PoolView
	// Drew reports that this claim completed the pool: its numbers drawn, or with the beacon on its round fixed.
	Drew bool
}

// ClaimSquares gives the user the requested squares of a pool, all or none, under the rules of a sale
// (squares.CheckSale): the pool is open for sale, the cells are on the grid and free, and the user may
// play and stays within the pool's limit.
// The unique key on (pool, row, column) makes a double sale impossible even when checks race. The claim
// that takes the 100th square draws the numbers in the same transaction. On SQLite, claims that arrive
// together commit together, each in a savepoint of one transaction (claimBatcher); each is answered as if
// it had its own. On PostgreSQL too claims that arrive together share a transaction of two round trips
// (claimBatchPostgres); the one that draws takes a transaction of its own.
func (db *DB) ClaimSquares(ctx context.Context, c Claim) (*ClaimResult, error) {
	if db.engine == SQLite {
		return db.claimBatched(ctx, c)
	}
	if ctx.Value(reservedKey{}) != nil {
		// The batchers use the store's connections, not the reserved ones.
		return db.claimAfter(ctx, c, nil, errClaimAlone)
	}
	res, err := db.claimBatched(ctx, c)
	return db.claimAfter(ctx, c, res, err)
}

// claimAfter finishes a PostgreSQL claim after its batch answered res and err: one that waits for its
// pool's draw runs in a batch after it (claimWait); one the batch did not take runs on its own
// (errClaimAlone, claimPostgres) or on the general path (errClaimGeneral; errClaimDraw ends its pool's
// draw when its transaction does).
func (db *DB) claimAfter(ctx context.Context, c Claim, res *ClaimResult, err error) (*ClaimResult, error) {
	for {
		var wait claimWait
		if !errors.As(err, &wait) {
			break
		}
		select {
		case <-wait.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		res, err = db.claimBatched(ctx, c)
	}
	if errors.Is(err, errClaimDraw) {
		defer db.claims.endDraw(c.PoolID)
	}
	if errors.Is(err, errClaimAlone) {
		res, err = db.claimPostgres(ctx, c)
	}
	if !errors.Is(err, errClaimGeneral) {
		return res, err
	}
	// The claim that completes the grid (it draws the numbers), or one whose events need a sql.Tx.
	err = db.update(ctx, func(tx *Tx) (err error) {
		res, err = claimSquares(ctx, tx, c)
		return err
	})
	return res, err
}

func claimSquares(ctx context.Context, tx *Tx, c Claim) (*ClaimResult, error) {
	kind := squares.SaleClaim
	if c.Paid {
		kind = squares.SalePaid
	}
	p, sale, owned, err := lockSale(ctx, tx, kind, c.PoolID, c.User, c.Cells)
	if err != nil {
		return nil, err
	}
	if _, err := squares.CheckSale(sale); err != nil {
		return nil, err
	}
	res := &ClaimResult{}
	for _, cell := range c.Cells {
		sq := &squares.Square{PoolID: p.ID, UserID: c.User.ID, Row: cell.Row, Column: cell.Column,
			State: squares.SquareOwned, PurchasePrice: p.EntryFee, PurchasedAt: tx.now,
			OwnerFirst: c.User.FirstName, OwnerLast: c.User.LastName}
		if err := insertSquare(ctx, tx, sq); err != nil {
			return nil, err
		}
		res.Squares = append(res.Squares, sq)
	}
	record, err := insertRecord(ctx, tx, p.ID, p.Record, squares.RecordTaken, claimTaken(p.Pool, c))
	if err != nil {
		return nil, err
	}
	newPlayers := 0
	if owned == 0 {
		newPlayers = 1
	}
	counts, err := addClaimed(ctx, tx, p.Pool, len(c.Cells), newPlayers, record)
	if err != nil {
		return nil, err
	}
	p.Record = record
	tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID, Cells: c.Cells})
	if res.Drew = counts.Drew; res.Drew {
		res.Pool, err = findPool(ctx, tx, p.ID, c.User.ID)
		return res, err
	}
	// The pool as it was locked, with what this claim changed: the answer needs no second read of the pool.
	p.SquaresTaken, p.DistinctPlayers, p.UpdatedAt = counts.Taken, counts.Players, counts.UpdatedAt
	p.ViewerSquares = owned + len(c.Cells)
	res.Pool = p
	return res, nil
}

// claimTaken is the taken entry of a claim of the pool p.
func claimTaken(p *squares.Pool, c Claim) squares.RecordTakenData {
	by := squares.TakenClaim
	if c.Paid {
		by = squares.TakenPurchase
	}
	return takenData(p, c.Cells, userOwner(c.User.ID), by, "")
}

// userID is the id of a user, 0 for none.
func userID(u *squares.User) int64 {
	if u == nil {
		return 0
	}
	return u.ID
}

func insertSquare(ctx context.Context, tx *Tx, sq *squares.Square) error {
	var user any
	if !sq.IsHouse {
		user = sq.UserID
	}
	var purchased any
	if sq.State == squares.SquareOwned {
		purchased = tx.now
	}
	if sq.GuestID != 0 {
		user = nil
	}
	const insert = `INSERT INTO squares (pool_id, row_idx, col_idx, user_id, is_house, state,
		purchase_price_cents, purchased_at, hold_expires_at, payment_id, created_at, guest_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`
	args := []any{sq.PoolID, sq.Row, sq.Column, user, sq.IsHouse, sq.State, int64(sq.PurchasePrice), purchased,
		timeArg(sq.HoldExpiresAt), nullString(sq.PaymentID), tx.now, zeroNull(sq.GuestID)}
	var err error
	if tx.db.engine == SQLite {
		// The row id without RETURNING, whose result set SQLite builds in a temporary table.
		var res sql.Result
		if res, err = tx.ExecContext(ctx, insert, args...); err == nil {
			sq.ID, err = res.LastInsertId()
		}
	} else {
		err = tx.QueryRowContext(ctx, insert+` RETURNING id`, args...).Scan(&sq.ID)
	}
	if isUniqueViolation(err) {
		return squares.Errorf(squares.ECONFLICT, squares.MsgSquareTaken)
	} else if err != nil {
		return fmt.Errorf("insert square: %w", err)
	}
	return nil
}

// takenCounts are a pool's counters after addTaken.
type takenCounts struct {
	Taken, Players int
	UpdatedAt      time.Time
	// Drew reports that the squares completed the grid: the pool is full, its numbers drawn or (beacon on) its round fixed.
	Drew bool
}

// addTaken counts n more owned squares on the pool, and newPlayers more distinct players (the buyer's
// first squares of the pool); when that completes the grid the pool becomes full and its numbers are drawn.
func addTaken(ctx context.Context, tx *Tx, poolID int64, n, newPlayers int) (takenCounts, error) {
	var c takenCounts
	var rules string
	if err := tx.QueryRowContext(ctx, `UPDATE pools SET squares_taken = squares_taken + $1,
		distinct_players = distinct_players + $2, updated_at = $3
		WHERE id = $4 RETURNING squares_taken, distinct_players, updated_at, rules`, n, newPlayers, tx.now, poolID).
		Scan(&c.Taken, &c.Players, &c.UpdatedAt, &rules); err != nil {
		return c, fmt.Errorf("count taken squares: %w", err)
	}
	c.UpdatedAt = c.UpdatedAt.UTC()
	grid, err := gridSquares(rules)
	if err != nil {
		return c, fmt.Errorf("pool %d: %w", poolID, err)
	}
	return c, drawIfFull(ctx, tx, poolID, grid, &c)
}

// addClaimed is addTaken for a claim of n squares of the pool p, read and locked by this transaction
// (lockSale) with nothing written to its row since, whose record's head the claim's entry moved to record.
// On SQLite, whose one writer runs nothing else in between, the counts follow from that read: the update
// does not read them back (RETURNING cost a quarter of it), and it moves the head too. PostgreSQL reads the
// counts back in the same round trip.
func addClaimed(ctx context.Context, tx *Tx, p *squares.Pool, n, newPlayers int, record squares.RecordHead) (takenCounts, error) {
	if tx.db.engine != SQLite {
		if record != p.Record {
			if err := moveRecordHead(ctx, tx, p.ID, p.Record, record); err != nil {
				return takenCounts{}, err
			}
		}
		return addTaken(ctx, tx, p.ID, n, newPlayers)
	}
	res, err := tx.ExecContext(ctx, `UPDATE pools SET squares_taken = squares_taken + $1,
		distinct_players = distinct_players + $2, updated_at = $3, record_seq = $5, record_head = $6
		WHERE id = $4 AND record_seq = $7`, n, newPlayers, tx.now, p.ID, record.Seq, record.Head, p.Record.Seq)
	if err != nil {
		return takenCounts{}, fmt.Errorf("count taken squares: %w", err)
	}
	if rows, err := res.RowsAffected(); err != nil || rows != 1 {
		return takenCounts{}, fmt.Errorf("count taken squares: pool %d (record at %d): %d rows, %v", p.ID, p.Record.Seq, rows, err)
	}
	c := takenCounts{Taken: p.SquaresTaken + n, Players: p.DistinctPlayers + newPlayers, UpdatedAt: tx.now}
	return c, drawIfFull(ctx, tx, p.ID, p.GridSquares(), &c)
}

// drawIfFull draws the pool's numbers when the counts c complete its grid of grid squares, and says so in c.
func drawIfFull(ctx context.Context, tx *Tx, poolID int64, grid int, c *takenCounts) error {
	if c.Taken < grid {
		return nil
	}
	c.Drew = true
	return drawPool(ctx, tx, poolID)
}

// countPlayers counts a pool's distinct players again from its squares, after a change of ownership that
// addTaken did not count: a confirmed checkout, squares freed or taken over by the house.
func countPlayers(ctx context.Context, tx *Tx, poolID int64) error {
	// A guest counts as a player until they join as an account (user_id then): -guest_id names them.
	if _, err := tx.ExecContext(ctx, `UPDATE pools SET distinct_players = (SELECT COUNT(DISTINCT COALESCE(s.user_id, -s.guest_id))
		FROM squares s WHERE s.pool_id = $1 AND s.state = 'owned' AND s.is_house = FALSE) WHERE id = $1`,
		poolID); err != nil {
		return fmt.Errorf("count players: %w", err)
	}
	return nil
}

// OwnerID is the id the API and the draw use for a square's owner: the user id, or "admin" for the house;
// the draw names a guest who has no account yet "guest-{id}" (the API shows userId null and the guestId).
func OwnerID(sq *squares.Square) string {
	if sq.IsHouse {
		return squares.HouseUserID
	}
	if sq.UserID == 0 && sq.GuestID != 0 {
		return "guest-" + strconv.FormatInt(sq.GuestID, 10)
	}
	return strconv.FormatInt(sq.UserID, 10)
}
