package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/squaresapp/squares"
)

// A PostgreSQL claim in two round trips. Each statement through database/sql is a round trip of its own,
// and a claim was seven (BEGIN, the pool's lock, the sale's read, the insert, the counters, the NOTIFY,
// COMMIT) against the bare INSERT's one. claimPostgres sends them in two pgx batches, each one write and
// one wait on the connection (the extended protocol's pipeline):
//
//  1. BEGIN, the pool's row locked, and everything the rules of the sale read (claimSelect);
//  2. the squares, the pool's counters (claimWrite: one statement), the NOTIFY of the event, COMMIT.
//
// Between the two the rules decide (squares.CheckSale) with what the read returned; a refused claim sends
// ROLLBACK instead of the second batch. A claim that completes the grid, one in a hundred, draws the numbers:
// it takes the general path (claimSquares in one transaction).
//
// Claims that arrive together now share such a transaction (claimBatchPostgres); this is the path of a
// claim alone: one its batch gave back (errClaimAlone), or one on the reserved connections.
//
// The claim's record entry (taken) joins the second batch in claimWrite: the record's head comes with the
// pool's row the first batch locked, and the entry is built between the two.

// errClaimGeneral says a claim runs on the general path (claimSquares in one transaction): it would
// complete the grid, which draws the numbers, or the store's Events sends events within transactions but
// cannot say with what statement (not a TxNotifier).
var errClaimGeneral = errors.New("the claim takes the general path")

// errClaimDraw says a claim of a batch completes its pool's grid: it takes the general path, which draws,
// and the pool's later claims wait for it (claimWait).
var errClaimDraw = fmt.Errorf("%w: it completes the grid", errClaimGeneral)

// errClaimAfterDraw says a claim of a batch came after the claim that completes its pool's grid: it waits
// for that claim's draw (claimWait).
var errClaimAfterDraw = errors.New("the claim comes after its pool's draw")

// claimWait says a claim waits for the end of its pool's draw (done closed), then runs in a later batch. A
// batch that locked the pool would wait for the draw with all its other claims; the later batch reads the
// pool as the draw left it (full, or as it was should the draw have failed).
type claimWait struct{ done <-chan struct{} }

func (claimWait) Error() string { return "the claim waits for its pool's draw" }

// claimLockSQL locks the pool's row. The sale is read by the next statement, which starts after the lock is
// granted and so sees every sale of the pool committed before: a locking read evaluates its own subqueries
// on the snapshot it started with, which may miss a sale committed while it waited (lockSale).
//
// It also sets plan_cache_mode to force_generic_plan for the rest of the transaction (set_config's third
// argument: local; the setting ends with the COMMIT or ROLLBACK), so that the statements after it (the
// read, the write, the foreign keys' checks) run on the plan built once on the connection instead of being
// planned again at a claim. In the default mode (auto) PostgreSQL kept planning claimSelect: its generic
// plan counts 10 cells for unnest of an array parameter and costs more than a custom plan counting the one
// cell, and a plan of it costs 1-2 ms against 0.2 ms an execution (pg_stat_statements under bench/claims:
// 554-2,090 plans in 10,267-10,735 calls; perf: the planner was 16 % of PostgreSQL's CPU, 3 % after). The
// generic plan has the custom plans' shape (docs/performance.md). A generic plan is built with the
// statistics of its time and rebuilt when they change (autovacuum's analyze invalidates it).
const claimLockSQL = `SELECT id, set_config('plan_cache_mode', 'force_generic_plan', true) FROM pools WHERE id = $1 FOR UPDATE`

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
// time $6, counts $7 more squares taken and $8 more distinct players on the pool, and appends the claim's
// entry to the pool's record ($9 seq, $10 at, $11 data, $12 previous hash, $13 hash; seq 0 for a pool
// without a record, which gets none) after its head at seq $14, as the first batch read it with the
// pool's row locked, in one statement. It answers the squares written, each with the count of pool rows
// updated (1, or 0 had the head moved). The unique key of (pool, row, column) still refuses a square taken
// twice.
const claimWrite = `WITH ins AS (
	INSERT INTO squares (pool_id, row_idx, col_idx, user_id, is_house, state, purchase_price_cents,
		purchased_at, hold_expires_at, payment_id, created_at, guest_id)
	SELECT $1, c.r, c.k, $4, FALSE, 'owned', $5, $6, NULL, NULL, $6, NULL FROM unnest($2::int[], $3::int[]) AS c(r, k)
	RETURNING id, row_idx, col_idx
), rec AS (
	INSERT INTO pool_records (pool_id, seq, at, kind, data, prev_hash, hash)
	SELECT $1, $9, $10, 'taken', $11, $12, $13 WHERE $9::bigint > 0
), counted AS (
	UPDATE pools SET squares_taken = squares_taken + $7, distinct_players = distinct_players + $8, updated_at = $6,
		record_seq = CASE WHEN $9::bigint > 0 THEN $9::bigint ELSE record_seq END,
		record_head = CASE WHEN $9::bigint > 0 THEN $13::text ELSE record_head END
	WHERE id = $1 AND record_seq = $14
	RETURNING id
)
SELECT id, row_idx, col_idx, (SELECT COUNT(*) FROM counted) FROM ins`

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
		return nil, fmt.Errorf("begin: %w", err)
	}
	defer conn.Close()
	// PostgreSQL keeps microseconds: the answer shows the times as a later read will.
	now := db.Now().UTC().Truncate(time.Microsecond)
	var res *ClaimResult
	var events []squares.Event
	var published bool
	err = conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		var err error
		res, events, published, err = claimPipelined(ctx, pc, txn, c, now)
		if err != nil && pc.PgConn().TxStatus() != 'I' {
			// The transaction is still open (a refusal, an error): end it. Should that fail too, database/sql
			// discards the connection, which pgx reports as still in a transaction.
			rbCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if _, rbErr := pc.Exec(rbCtx, "rollback"); rbErr != nil {
				return errors.Join(err, rbErr)
			}
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	db.committedEvents(ctx, events, published)
	return res, nil
}

// claimPipelined runs a claim's two batches on pc (see above). It returns the claim's result and events, and
// whether txn sent them in the transaction; on an error the transaction may still be open.
func claimPipelined(ctx context.Context, pc *pgx.Conn, txn TxNotifier, c Claim, now time.Time) (*ClaimResult, []squares.Event, bool, error) {
	rows, cols := cellArrays(c.Cells)
	buyer := userID(c.User)

	// 1. BEGIN, the lock, the read.
	read := &pgx.Batch{}
	read.Queue("begin")
	read.Queue(claimLockSQL, c.PoolID)
	read.Queue(claimSelect, buyer, c.PoolID, rows, cols)
	br := pc.SendBatch(ctx, read)
	var p *squares.PoolView
	var week string
	var have, taken int
	var member bool
	_, err := br.Exec()
	if err == nil {
		_, err = br.Exec()
	}
	if err == nil {
		p, err = scanPoolAnd(br.QueryRow(), &week, &have, &member, &taken)
		err = notFound(err, "Pool")
	}
	if closeErr := br.Close(); err == nil && closeErr != nil {
		err = closeErr
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
	if _, err := squares.CheckSale(sale); err != nil {
		return nil, nil, false, err
	}
	if p.SquaresTaken+len(c.Cells) >= p.GridSquares() {
		return nil, nil, false, errClaimGeneral
	}

	// 2. The write, the event, COMMIT.
	owned := p.ViewerSquares
	newPlayers := 0
	if owned == 0 {
		newPlayers = 1
	}
	e := squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID, Cells: c.Cells}
	entry, record, err := nextRecordEntry(p.Record, now, squares.RecordTaken, claimTaken(p.Pool, c))
	if err != nil {
		return nil, nil, false, fmt.Errorf("record of pool %d: %w", p.ID, err)
	}
	if !record {
		entry = squares.RecordEntry{}
	}
	wr := &pgx.Batch{}
	wr.Queue(claimWrite, p.ID, rows, cols, buyer, int64(p.EntryFee), now, len(c.Cells), newPlayers,
		entry.Seq, entry.At, string(entry.Data), entry.PrevHash, entry.Hash, p.Record.Seq)
	if txn != nil {
		query, args, err := txn.Notification(e)
		if err != nil {
			return nil, nil, false, fmt.Errorf("publish %s event: %w", e.Kind, err)
		}
		wr.Queue(query, args...)
	}
	wr.Queue("commit")
	br = pc.SendBatch(ctx, wr)
	ids := map[squares.Cell]int64{}
	if err := endWrite(br, readWritten(br, p.ID, ids), txn != nil); err != nil {
		return nil, nil, false, err
	}
	if len(ids) != len(c.Cells) {
		return nil, nil, false, fmt.Errorf("claim: %d squares written of %d", len(ids), len(c.Cells))
	}

	written := make([]int64, len(c.Cells))
	for i, cell := range c.Cells {
		written[i] = ids[cell]
	}
	head := p.Record
	if record {
		head = squares.RecordHead{Seq: entry.Seq, Head: entry.Hash}
	}
	return takenAnswer(p, c, written, now, owned, newPlayers, head), []squares.Event{e}, txn != nil, nil
}

// takenAnswer is the answer of the claim c that took its cells (written: its squares' ids, in the cells'
// order) at now: its squares, and the pool as it was locked with what the claim changed (as claimSquares
// answers), the buyer owning owned squares of it before, newPlayers its new players, head its record's head.
func takenAnswer(p *squares.PoolView, c Claim, written []int64, now time.Time, owned, newPlayers int, head squares.RecordHead) *ClaimResult {
	res := &ClaimResult{}
	for i, cell := range c.Cells {
		res.Squares = append(res.Squares, &squares.Square{ID: written[i], PoolID: p.ID, UserID: c.User.ID,
			Row: cell.Row, Column: cell.Column, State: squares.SquareOwned, PurchasePrice: p.EntryFee,
			PurchasedAt: now, OwnerFirst: c.User.FirstName, OwnerLast: c.User.LastName})
	}
	p.SquaresTaken += len(c.Cells)
	p.DistinctPlayers += newPlayers
	p.UpdatedAt = now
	p.ViewerSquares = owned + len(c.Cells)
	p.Record = head
	res.Pool = p
	return res
}

// endWrite reads what follows a claim's write in its batch, once the write's answer was read with err: the
// NOTIFY of its events when notified, then COMMIT; and closes the batch. Its error is the claim's.
func endWrite(br pgx.BatchResults, err error, notified bool) error {
	if err == nil && notified {
		if _, err = br.Exec(); err != nil {
			err = fmt.Errorf("publish %s events: %w", squares.EventPool, err)
		}
	}
	if err == nil {
		if _, err = br.Exec(); err != nil {
			err = fmt.Errorf("commit: %w", err)
		}
	}
	if closeErr := br.Close(); err == nil && closeErr != nil {
		err = closeErr
	}
	if err != nil {
		return claimError(err)
	}
	return nil
}

// cellArrays are the rows and the columns of cells, as claimSelect and claimWrite take them.
func cellArrays(cells []squares.Cell) (rows, cols []int32) {
	rows, cols = make([]int32, len(cells)), make([]int32, len(cells))
	for i, cell := range cells {
		rows[i], cols[i] = int32(cell.Row), int32(cell.Column)
	}
	return rows, cols
}

// readWritten reads the answer of claimWrite for the pool poolID into ids, the square written at each cell.
func readWritten(br pgx.BatchResults, poolID int64, ids map[squares.Cell]int64) error {
	written, err := br.Query()
	if err != nil {
		return err
	}
	defer written.Close()
	for written.Next() {
		var id, counted int64
		var cell squares.Cell
		if err := written.Scan(&id, &cell.Row, &cell.Column, &counted); err != nil {
			return err
		}
		if counted != 1 {
			return fmt.Errorf("record of pool %d: its head moved during the claim", poolID)
		}
		ids[cell] = id
	}
	written.Close()
	return written.Err()
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
