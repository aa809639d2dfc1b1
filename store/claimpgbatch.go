package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/squaresapp/squares"
)

// PostgreSQL claims in groups. One claim a transaction cost PostgreSQL six statements, a BEGIN and a
// COMMIT each, two wake-ups of a backend and of the process, and a turn at the lock every notifying commit
// takes; the bare INSERT costs one statement. claimBatchPostgres runs the claims waiting (claimBatcher) in
// one transaction and the two round trips of claimPipelined:
//
//  1. BEGIN, the batch's pools locked in the order of their ids (claimLockManySQL: two batches that share
//     pools wait for each other instead of deadlocking), then, after the locks are granted, the pools read
//     once each (claimPoolsSQL; only their versions for those the batcher holds, claimPoolCache, and whole in
//     one more round trip those whose version moved) and what each claim's rules read besides
//     (claimBuyersSQL);
//  2. what the accepted claims take, in one statement (claimWriteManySQL), the NOTIFY of their events in
//     one statement (TxNotifier.Notifications), COMMIT.
//
// Between the two the rules decide each claim in the batch's order (squares.CheckSale), with what its read
// returned and what the claims before it in the batch took of its pool (claimPool): each is decided as it
// would be in a transaction of its own after theirs. A refused claim writes nothing, so it cannot abort the
// others. The unique key stays the last word: should the second batch fail (a square taken twice, the
// record's head moved, the connection), nothing of it is committed and each of its claims runs again on
// its own (claimPostgres). A claim that would complete its pool's grid (it draws) takes the general path
// after the batch; the claims of that pool after it in the batch, and those of later batches until its
// transaction ends, wait for it and then run in a batch (claimWait), which reads the pool full.

// claimLockManySQL locks the pools of a batch of claims, in the order of their ids, and sets the plan cache
// mode of the transaction as claimLockSQL does. A locking read locks the rows as it returns them: sorted.
const claimLockManySQL = `SELECT id, set_config('plan_cache_mode', 'force_generic_plan', true) FROM pools
	WHERE id = ANY($1) ORDER BY id FOR UPDATE`

// claimBuyersSQL reads, for each claim of a batch in order (the pools $1 and the buyers $2), the squares the
// buyer holds or owns in the pool, those they own, whether they joined it, and how many of the claim's cells
// a square already occupies (the cells are $4 rows and $5 columns, each of the claim numbered $3 from 1).
const claimBuyersSQL = `SELECT h.have, h.mine,
	EXISTS (SELECT 1 FROM pool_members m WHERE m.pool_id = q.pool_id AND m.user_id = q.buyer),
	(SELECT COUNT(*) FROM unnest($3::bigint[], $4::int[], $5::int[]) AS c(i, r, k)
		JOIN squares s ON s.pool_id = q.pool_id AND s.row_idx = c.r AND s.col_idx = c.k WHERE c.i = q.i)
	FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS q(pool_id, buyer, i)
	CROSS JOIN LATERAL (SELECT COUNT(*) AS have, COUNT(*) FILTER (WHERE s.state = 'owned') AS mine
		FROM squares s WHERE s.user_id = q.buyer AND s.pool_id = q.pool_id) h
	ORDER BY q.i`

// claimWriteManySQL writes what the accepted claims of a batch took at the time $1, in one statement: the
// squares (their pools $2, rows $3, columns $4, buyers $5, prices $6), the record's taken entries (pools $7,
// seq $8, at $9, data $10, previous hashes $11, hashes $12), and each pool's counters and record head (pools
// $13 with $14 squares and $15 players more, the head $16 seq and $17 hash), where the head still stands at
// $18, as the first round trip read it with the pool locked. It answers the squares written, each with the
// count of pools updated (all of them, or the head of one had moved) and their xmin (this transaction's, the
// same for all). The unique key of (pool, row, column) still refuses a square taken twice.
const claimWriteManySQL = `WITH ins AS (
	INSERT INTO squares (pool_id, row_idx, col_idx, user_id, is_house, state, purchase_price_cents,
		purchased_at, hold_expires_at, payment_id, created_at, guest_id)
	SELECT c.pool_id, c.r, c.k, c.buyer, FALSE, 'owned', c.price, $1, NULL, NULL, $1, NULL
	FROM unnest($2::bigint[], $3::int[], $4::int[], $5::bigint[], $6::bigint[]) AS c(pool_id, r, k, buyer, price)
	RETURNING id, pool_id, row_idx, col_idx
), rec AS (
	INSERT INTO pool_records (pool_id, seq, at, kind, data, prev_hash, hash)
	SELECT e.pool_id, e.seq, e.at, 'taken', e.data, e.prev, e.hash
	FROM unnest($7::bigint[], $8::bigint[], $9::text[], $10::text[], $11::text[], $12::text[]) AS e(pool_id, seq, at, data, prev, hash)
), counted AS (
	UPDATE pools p SET squares_taken = p.squares_taken + u.n, distinct_players = p.distinct_players + u.players,
		updated_at = $1, record_seq = u.seq, record_head = u.head
	FROM unnest($13::bigint[], $14::int[], $15::int[], $16::bigint[], $17::text[], $18::bigint[]) AS u(id, n, players, seq, head, old)
	WHERE p.id = u.id AND p.record_seq = u.old
	RETURNING p.id, p.xmin::text AS xmin
)
SELECT id, pool_id, row_idx, col_idx, (SELECT COUNT(*) FROM counted), (SELECT MIN(xmin) FROM counted) FROM ins`

// claimBatchTimeout is how long a PostgreSQL batch of claims may take.
const claimBatchTimeout = 30 * time.Second

// errClaimAlone says a claim of a batch runs again on its own: nothing of its batch was committed.
var errClaimAlone = errors.New("the claim runs on its own")

// claimBatchPostgres runs a batch of claims on PostgreSQL (see above) and answers each: its result, its
// refusal, errClaimGeneral, errClaimDraw, claimWait or errClaimAlone, which its caller then runs.
func (db *DB) claimBatchPostgres(batch []*claimRequest, cache *claimPoolCache) {
	// As on SQLite, one claim's request ending must not roll back the others'; a batch that hangs (the
	// server or the network) gives its claims back to run on their own, each with its request's context.
	ctx, cancel := context.WithTimeout(context.Background(), claimBatchTimeout)
	defer cancel()
	live := make([]*claimRequest, 0, len(batch))
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			r.err = err
			continue
		}
		if done := db.claims.drawing(r.c.PoolID); done != nil {
			r.err = claimWait{done}
			continue
		}
		live = append(live, r)
	}
	if len(live) > 0 {
		if err := db.claimMany(ctx, live, cache); err != nil {
			cache.forget()
			if db.Logger != nil {
				db.Logger.Info("claim batch rolled back, its claims run on their own", "claims", len(live), "err", err)
			}
			for _, r := range live {
				r.res, r.err = nil, errClaimAlone
			}
		}
	}
	// Before the next batch: the pools whose grid a claim of this one completes are drawing until that
	// claim's transaction ends (claimAfter), and their later claims wait for it.
	for _, r := range live {
		switch r.err {
		case errClaimDraw:
			db.claims.startDraw(r.c.PoolID)
		case errClaimAfterDraw:
			r.err = claimWait{db.claims.drawing(r.c.PoolID)}
		}
	}
	for _, r := range batch {
		close(r.done)
	}
}

// claimMany runs the claims reqs in one transaction on a connection of its own, with the pools of cache (nil
// for none), answers each in its request, and publishes the events of those it took once they are committed.
// An error means nothing was committed.
func (db *DB) claimMany(ctx context.Context, reqs []*claimRequest, cache *claimPoolCache) error {
	txn := db.txNotifier()
	if txp, ok := db.Events.(TxPublisher); ok && txn == nil && txp.DatabaseURL() == db.URL {
		for _, r := range reqs {
			r.err = errClaimGeneral
		}
		return nil
	}
	write, _ := db.conns(ctx)
	conn, err := write.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer conn.Close()
	now := db.Now().UTC().Truncate(time.Microsecond)
	var events []squares.Event
	err = conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		var err error
		events, err = claimManyPipelined(ctx, pc, txn, reqs, now, cache)
		if err != nil && pc.PgConn().TxStatus() != 'I' {
			rbCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
			defer cancel()
			if _, rbErr := pc.Exec(rbCtx, "rollback"); rbErr != nil {
				return errors.Join(err, rbErr)
			}
		}
		return err
	})
	if err != nil {
		return err
	}
	db.committedEvents(ctx, events, txn != nil)
	return nil
}

// claimManyPipelined runs the claims reqs in two batches on pc (see above), with the pools of cache, and
// returns the events of those it took; it keeps the pools as it leaves them in cache. On an error the
// transaction may still be open and nothing is committed.
func claimManyPipelined(ctx context.Context, pc *pgx.Conn, txn TxNotifier, reqs []*claimRequest, now time.Time, cache *claimPoolCache) ([]squares.Event, error) {
	// 1. BEGIN, the locks, each claim's read.
	var pools []int64
	for _, r := range reqs {
		if !slices.Contains(pools, r.c.PoolID) {
			pools = append(pools, r.c.PoolID)
		}
	}
	slices.Sort(pools)
	var qPools, qBuyers, cIdx []int64
	var cRows, cCols []int32
	for i, r := range reqs {
		qPools, qBuyers = append(qPools, r.c.PoolID), append(qBuyers, userID(r.c.User))
		for _, cell := range r.c.Cells {
			cIdx = append(cIdx, int64(i+1))
			cRows, cCols = append(cRows, int32(cell.Row)), append(cCols, int32(cell.Column))
		}
	}
	held, fresh := cache.split(pools)
	read := &pgx.Batch{}
	read.Queue("begin")
	read.Queue(claimLockManySQL, pools)
	if len(held) > 0 {
		read.Queue(claimVersionsSQL, held)
	}
	if len(fresh) > 0 {
		read.Queue(claimPoolsSQL, 0, fresh)
	}
	read.Queue(claimBuyersSQL, qPools, qBuyers, cIdx, cRows, cCols)
	first, err := readClaims(pc.SendBatch(ctx, read), len(held) > 0, len(fresh) > 0, len(reqs))
	if err != nil {
		return nil, err
	}
	bases, err := claimBases(ctx, pc, first, cache)
	if err != nil {
		return nil, err
	}
	reads := first.claimReads(reqs, bases)

	// The rules, claim after claim; then 2. the writes, the events, COMMIT.
	var taking []claimTaking
	var events []squares.Event
	states := map[int64]*claimPool{}
	for i, r := range reqs {
		rd := reads[i]
		if rd == nil {
			continue
		}
		t, ok, err := decideClaim(states, r, rd, now)
		if err != nil {
			return nil, err
		}
		if ok {
			taking = append(taking, t)
			events = append(events, squares.Event{Kind: squares.EventPool, PoolID: t.p.ID, GameID: t.p.GameID, Cells: r.c.Cells})
		}
	}
	if len(taking) == 0 {
		if _, err := pc.Exec(ctx, "rollback"); err != nil {
			return nil, fmt.Errorf("rollback: %w", err)
		}
		cache.keep(bases, states, "", now)
		return nil, nil
	}
	wr := &pgx.Batch{}
	wr.Queue(claimWriteManySQL, claimWriteArgs(now, taking, states)...)
	if txn != nil {
		query, args, err := txn.Notifications(events)
		if err != nil {
			return nil, fmt.Errorf("publish %s events: %w", squares.EventPool, err)
		}
		wr.Queue(query, args...)
	}
	wr.Queue("commit")
	xmin, err := writeClaims(pc.SendBatch(ctx, wr), taking, updatedPools(states), txn != nil)
	if err != nil {
		return nil, err
	}
	cache.keep(bases, states, xmin, now)
	for _, t := range taking {
		head := t.p.Record
		if t.record {
			head.Seq, head.Head = t.entry.Seq, t.entry.Hash
		}
		t.r.res, t.r.err = takenAnswer(t.p, t.r.c, t.ids, now, t.owned, t.player, head), nil
	}
	return events, nil
}

// writeClaims reads the answers of the second batch: the squares written, with the count of pools updated
// (want pools) and their xmin, the NOTIFY of the events when notified, COMMIT. It fills in the ids of the
// squares written and returns the pools' xmin.
func writeClaims(br pgx.BatchResults, taking []claimTaking, pools int, notified bool) (string, error) {
	xmin, err := scanWritten(br, taking, pools)
	return xmin, endWrite(br, err, notified)
}

// poolCell is a square's place in a pool.
type poolCell struct {
	pool int64
	cell squares.Cell
}

// scanWritten reads the squares claimWriteManySQL wrote, each with the count of pools it updated (want pools),
// into the ids of the claims taking, and returns the pools' xmin.
func scanWritten(br pgx.BatchResults, taking []claimTaking, pools int) (string, error) {
	rows, err := br.Query()
	if err != nil {
		return "", err
	}
	var xmin string
	defer rows.Close()
	ids := map[poolCell]int64{}
	for rows.Next() {
		var id, counted int64
		var at poolCell
		if err := rows.Scan(&id, &at.pool, &at.cell.Row, &at.cell.Column, &counted, &xmin); err != nil {
			return "", err
		}
		if counted != int64(pools) {
			return "", fmt.Errorf("claims: %d pools counted of %d: a record's head moved during the claims", counted, pools)
		}
		ids[at] = id
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return "", err
	}
	for i, t := range taking {
		taking[i].ids = make([]int64, len(t.r.c.Cells))
		for k, cell := range t.r.c.Cells {
			id, ok := ids[poolCell{t.p.ID, cell}]
			if !ok {
				return "", fmt.Errorf("claims: no square written at %v of pool %d", cell, t.p.ID)
			}
			taking[i].ids[k] = id
		}
	}
	return xmin, nil
}
