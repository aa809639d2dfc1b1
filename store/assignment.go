package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/squaresapp/squares"
)

// Assignment is the host's giving of squares of a host-collected pool to a player: chosen cells, or Random
// squares at random.
type Assignment struct {
	PoolID int64
	Actor  *squares.User
	Player squares.Player
	Cells  []squares.Cell
	Random int
}

// AssignResult is what an assignment gave and the pool afterwards.
type AssignResult struct {
	Squares []*squares.Square
	Pool    *squares.PoolView
}

// AssignSquares gives squares of a host-collected pool to a member or a guest, for the host only
// (squares.CheckAssignment): the player's limit applies, the squares are free (409 otherwise) and the pool
// open as for a sale. The squares are the player's and unpaid until the host records payment. The one
// that completes the grid draws the numbers, as a claim does.
func (db *DB) AssignSquares(ctx context.Context, a Assignment) (*AssignResult, error) {
	var out *AssignResult
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockSalePool(ctx, tx, a.PoolID, 0)
		if err != nil {
			return err
		}
		if err := squares.CheckHostAction(squares.HostAction{Actor: a.Actor, Pool: p.Pool, Action: squares.HostAssign}); err != nil {
			return err
		}
		pl, name, err := resolvePlayer(ctx, tx, p.ID, a.Player)
		if err != nil {
			return err
		}
		have, err := countOwned(ctx, tx, p.ID, pl)
		if err != nil {
			return err
		}
		n, err := squares.CheckAssignment(squares.Assignment{Actor: a.Actor, Pool: p.Pool, Cells: a.Cells,
			Random: a.Random, Have: have, Now: tx.now})
		if err != nil {
			return err
		}
		cells := a.Cells
		if len(cells) == 0 {
			if cells, err = randomFree(ctx, tx, p.ID, p.Grid(), n); err != nil {
				return err
			}
		}
		res := &AssignResult{}
		for _, c := range cells {
			sq := &squares.Square{PoolID: p.ID, UserID: pl.UserID, GuestID: pl.GuestID, Row: c.Row, Column: c.Column,
				State: squares.SquareOwned, PurchasePrice: p.EntryFee, PurchasedAt: tx.now, GuestName: name}
			if err := insertSquare(ctx, tx, sq); err != nil {
				return err
			}
			res.Squares = append(res.Squares, sq)
		}
		if err := recordTaken(ctx, tx, p.ID, takenData(p.Pool, cells, playerOwner(pl), squares.TakenHost, "")); err != nil {
			return err
		}
		newPlayers := 0
		if have == 0 {
			newPlayers = 1
		}
		if _, err := addTaken(ctx, tx, p.ID, len(cells), newPlayers); err != nil {
			return err
		}
		if err := recordHistory(ctx, tx, historyEntry{PoolID: p.ID, Actor: a.Actor, Action: squares.HostAssign, Player: pl,
			Summary: fmt.Sprintf("Gave %s %s: %s.", name, plural(len(cells), "square"), cellList(cells))}); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID, Cells: cells})
		if res.Pool, err = findPool(ctx, tx, p.ID, a.Actor.ID); err != nil {
			return err
		}
		out = res
		return nil
	})
	return out, err
}

// countOwned counts the squares a player owns in a pool.
func countOwned(ctx context.Context, tx *Tx, poolID int64, pl squares.Player) (int, error) {
	q, arg := `SELECT COUNT(*) FROM squares WHERE pool_id = $1 AND user_id = $2 AND state = 'owned'`, pl.UserID
	if pl.UserID == 0 {
		q, arg = `SELECT COUNT(*) FROM squares WHERE pool_id = $1 AND guest_id = $2 AND user_id IS NULL AND state = 'owned'`, pl.GuestID
	}
	var n int
	if err := tx.QueryRowContext(ctx, q, poolID, arg).Scan(&n); err != nil {
		return 0, fmt.Errorf("count owned squares: %w", err)
	}
	return n, nil
}

// randomFree picks n free squares of a pool at random (squares.PickRandom with a cryptographic source):
// neither owned nor held for a checkout.
func randomFree(ctx context.Context, tx *Tx, poolID int64, grid squares.Grid, n int) ([]squares.Cell, error) {
	taken, err := queryAll(ctx, tx, func(s scanner) (squares.Cell, error) {
		var c squares.Cell
		return c, s.Scan(&c.Row, &c.Column)
	}, `SELECT row_idx, col_idx FROM squares WHERE pool_id = $1`, poolID)
	if err != nil {
		return nil, fmt.Errorf("taken squares: %w", err)
	}
	used := map[squares.Cell]bool{}
	for _, c := range taken {
		used[c] = true
	}
	var free []squares.Cell
	for r := range grid.Rows {
		for c := range grid.Columns {
			if cell := (squares.Cell{Row: r, Column: c}); !used[cell] {
				free = append(free, cell)
			}
		}
	}
	var rerr error
	cells, err := squares.PickRandom(free, n, func(k int) int {
		v, err := rand.Int(rand.Reader, big.NewInt(int64(k)))
		if err != nil {
			rerr = err
			return 0
		}
		return int(v.Int64())
	})
	if rerr != nil {
		return nil, fmt.Errorf("random squares: %w", rerr)
	}
	return cells, err
}

func cellList(cells []squares.Cell) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = fmt.Sprintf("row %d column %d", c.Row, c.Column)
	}
	return strings.Join(parts, ", ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// TakeBackSquare frees a square of a host-collected pool, for its host only (squares.CheckTakeBack): never
// after the draw, never a square paid by card. Payments already recorded stay; they cover the player's
// other squares, or are the host's to settle with the player.
func (db *DB) TakeBackSquare(ctx context.Context, actor *squares.User, poolID int64, cell squares.Cell) (*squares.PoolView, error) {
	if !squares.ValidCell(cell.Row, cell.Column) {
		return nil, squares.FieldError("row", "Row and column must be 0 to 9.")
	}
	var out *squares.PoolView
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockPool(ctx, tx, poolID)
		if err != nil {
			return err
		}
		sq, err := scanSquare(tx.QueryRowContext(ctx, squareSelect+` WHERE s.pool_id = $1 AND s.row_idx = $2 AND s.col_idx = $3`,
			poolID, cell.Row, cell.Column))
		if errors.Is(err, sql.ErrNoRows) {
			sq = nil
		} else if err != nil {
			return fmt.Errorf("square to take back: %w", err)
		}
		if err := squares.CheckTakeBack(squares.TakeBack{Actor: actor, Pool: p.Pool, Square: sq}); err != nil {
			return err
		}
		name, err := playerLabel(ctx, tx, poolID, playerKey(sq.UserID, sq.GuestID))
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM squares WHERE id = $1`, sq.ID); err != nil {
			return fmt.Errorf("take back square: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE pools SET squares_taken = squares_taken - 1, updated_at = $1 WHERE id = $2`,
			tx.now, poolID); err != nil {
			return fmt.Errorf("take back square: %w", err)
		}
		if err := countPlayers(ctx, tx, poolID); err != nil {
			return err
		}
		if err := recordFreed(ctx, tx, p.Pool, OwnerID(sq), []squares.Cell{cell}, "Taken back by the host."); err != nil {
			return err
		}
		if err := recordHistory(ctx, tx, historyEntry{PoolID: poolID, Actor: actor, Action: squares.HostTakeBack,
			Player:  playerKey(sq.UserID, sq.GuestID),
			Summary: fmt.Sprintf("Took back %s's square at row %d column %d.", name, cell.Row, cell.Column)}); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: poolID, GameID: p.GameID, Cells: []squares.Cell{cell}})
		out, err = findPool(ctx, tx, poolID, actor.ID)
		return err
	})
	return out, err
}

// SetPoolLimit changes a private pool's per-player limit, for its host only, until the first square is
// taken (squares.CheckLimitChange).
func (db *DB) SetPoolLimit(ctx context.Context, actor *squares.User, poolID int64, limit int) (*squares.PoolView, error) {
	var out *squares.PoolView
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockPool(ctx, tx, poolID)
		if err != nil {
			return err
		}
		if err := squares.CheckLimitChange(squares.LimitChange{Actor: actor, Pool: p.Pool, Limit: limit}); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE pools SET max_squares_per_player = $1, updated_at = $2 WHERE id = $3`,
			limit, tx.now, poolID); err != nil {
			return fmt.Errorf("set pool limit: %w", err)
		}
		if err := recordHistory(ctx, tx, historyEntry{PoolID: poolID, Actor: actor, Action: squares.HostSetLimit,
			Summary: fmt.Sprintf("Changed the limit from %d to %d squares a player.", p.MaxSquaresPerPlayer, limit),
			Record:  &squares.RecordActionData{Action: squares.HostSetLimit, Limit: &limit}}); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: poolID, GameID: p.GameID})
		out, err = findPool(ctx, tx, poolID, actor.ID)
		return err
	})
	return out, err
}
