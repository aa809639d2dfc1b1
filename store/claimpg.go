package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/squaresapp/squares"
)

// A PostgreSQL claim in two round trips. Each statement through database/sql is a round trip of its own,
// and a claim was seven (BEGIN, the pool's lock, the sale's read, the insert, the counters, the NOTIFY,
// COMMIT) against the bare INSERT's one. claimPostgres runs it as one pipeline of the extended protocol on
// the connection (pgconn.Pipeline), in one implicit transaction, the one that every statement sent before a
// Sync runs in, committed by the Sync:
//
//  1. the pool's row locked, and everything the rules of the sale read (claimSelect); a Flush, not a Sync:
//     the transaction stays open, the lock held, while the rules decide (squares.CheckSale);
//  2. the squares and the pool's counters (claimWrite: one statement), the NOTIFY of the event, and the
//     Sync that commits them. A claim the rules refuse sends only the Sync: its transaction wrote nothing.
//
// No BEGIN and no COMMIT: four statements for a claim, two for a refusal. An error in a statement has the
// server skip the rest and roll the transaction back at the Sync; a pipeline left without its Sync (an
// error on this side) closes the connection, which rolls it back. A claim that completes the grid, one in
// a hundred, draws the numbers: it takes the general path (claimSquares in one transaction).
//
// A later write of the claim (a record entry per square taken) joins the second step: one more CTE of
// claimWrite, or one more statement sent before the Sync.

// errClaimGeneral says a claim runs on the general path (claimSquares in one transaction): it would
// complete the grid, which draws the numbers, or the store's Events sends events within transactions but
// cannot say with what statement (not a TxNotifier).
var errClaimGeneral = errors.New("the claim takes the general path")

// claimLockSQL locks the pool's row. The sale is read by the next statement, which starts after the lock is
// granted and so sees every sale of the pool committed before: a locking read evaluates its own subqueries
// on the snapshot it started with, which may miss a sale committed while it waited (lockSale).
const claimLockSQL = `SELECT id FROM pools WHERE id = $1 FOR UPDATE`

// claimSelect is poolSelect with what the rules of a claim read besides, for the buyer $1 and the cells
// $3 (rows) and $4 (columns): the active week of the pool's league, the squares the buyer holds or owns
// in the pool, whether they joined it, and how many of the cells a square already occupies.
const claimSelect = poolColumns + `, l.active_week,
	(SELECT COUNT(*) FROM squares s WHERE s.user_id = $1 AND s.pool_id = p.id) AS have,
	EXISTS (SELECT 1 FROM pool_members m WHERE m.pool_id = p.id AND m.user_id = $1) AS member,
	(SELECT COUNT(*) FROM unnest($3::int[], $4::int[]) AS c(r, k)
		JOIN squares s ON s.pool_id = p.id AND s.row_idx = c.r AND s.col_idx = c.k) AS taken` + poolFrom + `
	WHERE p.id = $2`

// claimWrite takes the cells ($2 rows, $3 columns) of the pool $1 for the buyer $4 at the price $5 at the
// time $6, and counts $7 more squares taken and $8 more distinct players on the pool, in one statement.
// The unique key of (pool, row, column) still refuses a square taken twice.
const claimWrite = `WITH ins AS (
	INSERT INTO squares (pool_id, row_idx, col_idx, user_id, is_house, state, purchase_price_cents,
		purchased_at, hold_expires_at, payment_id, created_at, guest_id)
	SELECT $1, c.r, c.k, $4, FALSE, 'owned', $5, $6, NULL, NULL, $6, NULL FROM unnest($2::int[], $3::int[]) AS c(r, k)
	RETURNING id, row_idx, col_idx
), counted AS (
	UPDATE pools SET squares_taken = squares_taken + $7, distinct_players = distinct_players + $8, updated_at = $6
	WHERE id = $1
)
SELECT id, row_idx, col_idx FROM ins`

// claimPostgres runs a claim on PostgreSQL in two round trips (see above), or returns errClaimGeneral,
// having taken nothing.
func (db *DB) claimPostgres(ctx context.Context, c Claim) (*ClaimResult, error) {
	txn := db.txNotifier()
	if txp, ok := db.Events.(TxPublisher); ok && txn == nil && db.engine == Postgres && txp.DatabaseURL() == db.URL {
		return nil, errClaimGeneral
	}
	write, _ := db.conns(ctx)
	conn, err := write.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("claim: %w", err)
	}
	defer conn.Close()
	// PostgreSQL keeps microseconds: the answer shows the times as a later read will.
	now := db.Now().UTC().Truncate(time.Microsecond)
	var res *ClaimResult
	var events []squares.Event
	var published bool
	err = conn.Raw(func(dc any) error {
		var err error
		res, events, published, err = claimPipelined(ctx, dc.(*stdlib.Conn).Conn(), txn, c, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	db.committedEvents(ctx, events, published)
	return res, nil
}

// claimStatements are the statements of a claim on one connection, prepared there once: pgx keeps a
// statement prepared with its text as its name.
type claimStatements struct {
	lock, read, write, notify *pgconn.StatementDescription
}

func prepareClaim(ctx context.Context, pc *pgx.Conn, notifySQL string) (claimStatements, error) {
	var st claimStatements
	var err error
	for _, s := range []struct {
		sd  **pgconn.StatementDescription
		sql string
	}{{&st.lock, claimLockSQL}, {&st.read, claimSelect}, {&st.write, claimWrite}, {&st.notify, notifySQL}} {
		if s.sql == "" {
			continue
		}
		if *s.sd, err = pc.Prepare(ctx, s.sql, s.sql); err != nil {
			return st, fmt.Errorf("claim: prepare: %w", err)
		}
	}
	return st, nil
}

// claimPipeline is a claim's pipeline on a connection.
type claimPipeline struct {
	*pgconn.Pipeline
	types *pgtype.Map
}

// send queues a prepared statement with its arguments. Each statement has a builder of its own: the
// pipeline keeps the result formats until it reads the statement's result.
func (pl claimPipeline) send(sd *pgconn.StatementDescription, args ...any) error {
	var b pgx.ExtendedQueryBuilder
	if err := b.Build(pl.types, sd, args); err != nil {
		return fmt.Errorf("claim: %w", err)
	}
	pl.SendQueryStatement(sd, b.ParamValues, b.ParamFormats, b.ResultFormats)
	return nil
}

// rows reads the next statement's rows.
func (pl claimPipeline) rows() (pgx.Rows, error) {
	r, err := pl.GetResults()
	if err != nil {
		return nil, err
	}
	rr, ok := r.(*pgconn.ResultReader)
	if !ok {
		return nil, fmt.Errorf("claim: pipeline answered %T", r)
	}
	return pgx.RowsFromResultReader(pl.types, rr), nil
}

// exec reads the next statement's result, its rows discarded.
func (pl claimPipeline) exec() error {
	rows, err := pl.rows()
	if err != nil {
		return err
	}
	rows.Close()
	return rows.Err()
}

// claimPipelined runs a claim's pipeline on pc (see above). It returns the claim's result and events, and
// whether txn sent them in the transaction.
func claimPipelined(ctx context.Context, pc *pgx.Conn, txn TxNotifier, c Claim, now time.Time) (res *ClaimResult, events []squares.Event, published bool, err error) {
	cellRows, cellCols := make([]int32, len(c.Cells)), make([]int32, len(c.Cells))
	for i, cell := range c.Cells {
		cellRows[i], cellCols[i] = int32(cell.Row), int32(cell.Column)
	}
	buyer := userID(c.User)
	var notifySQL string
	if txn != nil {
		if notifySQL, _, err = txn.Notification(squares.Event{Kind: squares.EventPool}); err != nil {
			return nil, nil, false, fmt.Errorf("publish event: %w", err)
		}
	}
	st, err := prepareClaim(ctx, pc, notifySQL)
	if err != nil {
		return nil, nil, false, err
	}

	pl := claimPipeline{pc.PgConn().StartPipeline(ctx), pc.TypeMap()}
	synced := false
	defer func() {
		// Without its Sync the pipeline closes the connection, which rolls the transaction back.
		if closeErr := pl.Close(); err == nil && closeErr != nil {
			res, events, published, err = nil, nil, false, claimError(closeErr)
		} else if err == nil && !synced {
			res, events, published, err = nil, nil, false, errors.New("claim: pipeline left unsynced")
		}
	}()

	// 1. The lock and the read, in the transaction the Sync will end.
	if err := pl.send(st.lock, c.PoolID); err != nil {
		return nil, nil, false, err
	}
	if err := pl.send(st.read, buyer, c.PoolID, cellRows, cellCols); err != nil {
		return nil, nil, false, err
	}
	pl.SendFlushRequest()
	if err := pl.Flush(); err != nil {
		return nil, nil, false, claimError(err)
	}
	if err := pl.exec(); err != nil {
		return nil, nil, false, claimError(err)
	}
	rows, err := pl.rows()
	if err != nil {
		return nil, nil, false, claimError(err)
	}
	var p *squares.PoolView
	var week string
	var have, taken int
	var member bool
	if rows.Next() {
		p, err = scanPoolAnd(rows, &week, &have, &member, &taken)
	}
	rows.Close()
	if err == nil {
		err = rows.Err()
	}
	if err == nil && p == nil {
		err = squares.Errorf(squares.ENOTFOUND, "Pool not found.")
	}
	if err != nil {
		return nil, nil, false, claimError(err)
	}

	// The rules, with what the read returned.
	kind := squares.SaleClaim
	if c.Paid {
		kind = squares.SalePaid
	}
	sale := squares.Sale{Kind: kind, Pool: p.Pool, Now: now, Buyer: c.User, Cells: c.Cells, ActiveWeek: week,
		Have: have, Taken: taken}
	if c.User != nil && p.IsPrivate {
		sale.Member = member
	}
	refusal := error(nil)
	if _, refusal = squares.CheckSale(sale); refusal == nil && p.SquaresTaken+len(c.Cells) >= p.GridSquares() {
		refusal = errClaimGeneral
	}
	if refusal != nil {
		// The transaction read and locked, and wrote nothing: the Sync ends it.
		synced = true
		if err := pl.Sync(); err != nil {
			return nil, nil, false, claimError(err)
		}
		return nil, nil, false, refusal
	}

	// 2. The write and the event, committed by the Sync.
	owned := p.ViewerSquares
	newPlayers := 0
	if owned == 0 {
		newPlayers = 1
	}
	e := squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID, Cells: c.Cells}
	if err := pl.send(st.write, p.ID, cellRows, cellCols, buyer, int64(p.EntryFee), now, len(c.Cells), newPlayers); err != nil {
		return nil, nil, false, err
	}
	if txn != nil {
		_, args, err := txn.Notification(e)
		if err != nil {
			return nil, nil, false, fmt.Errorf("publish %s event: %w", e.Kind, err)
		}
		if err := pl.send(st.notify, args...); err != nil {
			return nil, nil, false, err
		}
	}
	synced = true
	if err := pl.Sync(); err != nil {
		return nil, nil, false, claimError(err)
	}
	ids := map[squares.Cell]int64{}
	written, err := pl.rows()
	if err == nil {
		for written.Next() {
			var id int64
			var cell squares.Cell
			if err = written.Scan(&id, &cell.Row, &cell.Column); err != nil {
				break
			}
			ids[cell] = id
		}
		written.Close()
		if err == nil {
			err = written.Err()
		}
	}
	if err == nil && txn != nil {
		if err = pl.exec(); err != nil {
			err = fmt.Errorf("publish %s event: %w", e.Kind, err)
		}
	}
	if err == nil {
		// The Sync's answer: the transaction committed.
		var r any
		if r, err = pl.GetResults(); err == nil {
			if _, ok := r.(*pgconn.PipelineSync); !ok {
				err = fmt.Errorf("claim: pipeline answered %T for the commit", r)
			}
		}
	}
	if err != nil {
		return nil, nil, false, claimError(err)
	}
	if len(ids) != len(c.Cells) {
		return nil, nil, false, fmt.Errorf("claim: %d squares written of %d", len(ids), len(c.Cells))
	}

	res = &ClaimResult{}
	for _, cell := range c.Cells {
		res.Squares = append(res.Squares, &squares.Square{ID: ids[cell], PoolID: p.ID, UserID: c.User.ID,
			Row: cell.Row, Column: cell.Column, State: squares.SquareOwned, PurchasePrice: p.EntryFee,
			PurchasedAt: now, OwnerFirst: c.User.FirstName, OwnerLast: c.User.LastName})
	}
	// The pool as it was locked, with what this claim changed (as claimSquares answers).
	p.SquaresTaken += len(c.Cells)
	p.DistinctPlayers += newPlayers
	p.UpdatedAt = now
	p.ViewerSquares = owned + len(c.Cells)
	res.Pool = p
	return res, []squares.Event{e}, txn != nil, nil
}

// claimError is the error of a claim's statement: a square taken twice is the sale's conflict (the unique
// key caught what the read did not see).
func claimError(err error) error {
	if isUniqueViolation(err) {
		return squares.Errorf(squares.ECONFLICT, squares.MsgSquareTaken)
	}
	var e *squares.Error
	if errors.As(err, &e) {
		return err
	}
	return fmt.Errorf("claim: %w", err)
}
