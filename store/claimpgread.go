package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/squaresapp/squares"
)

// The first round trip of a PostgreSQL batch of claims (claimBatchPostgres): BEGIN, the pools locked, the
// pools read (or, those its batcher holds, their versions: claimPoolCache), each claim's read.

// claimLastCheckpointSQL joins a pool's last checkpoint (lc), as poolColumns reads it.
const claimLastCheckpointSQL = `
	LEFT JOIN LATERAL (SELECT c.id FROM pool_checkpoints c WHERE c.pool_id = p.id ORDER BY c.seq DESC, c.id DESC
		LIMIT 1) lc ON TRUE`

// claimPoolRestSQL is the part of a pool's version (claimPoolCache) that the pool's own update leaves: its
// game's and its league's xmin and its last checkpoint's id.
const claimPoolRestSQL = `g.xmin::text || ':' || l.xmin::text || ':' || COALESCE(lc.id, 0)::text`

// claimPoolsSQL reads the pools $2 of a batch, each once, with their league's active week and their version
// (the pool's xmin, then claimPoolRestSQL); the viewer $1 is nobody (each claim's squares are
// claimBuyersSQL's).
const claimPoolsSQL = poolColumns + `, l.active_week, p.xmin::text, ` + claimPoolRestSQL + poolFrom +
	claimLastCheckpointSQL + ` WHERE p.id = ANY($2)`

// claimVersionsSQL reads the versions of the pools $1 of a batch that its batcher holds.
const claimVersionsSQL = `SELECT p.id, p.xmin::text, ` + claimPoolRestSQL + poolFrom + claimLastCheckpointSQL +
	` WHERE p.id = ANY($1)`

// claimFirstRead is what the first round trip of a batch answered.
type claimFirstRead struct {
	// locked are the pools locked: those of the batch that exist.
	locked []int64
	// versions are those of the pools the batcher holds, as they are now.
	versions map[int64]cachedPool
	// pools are those read whole.
	pools map[int64]*cachedPool
	// buyers are each claim's read, in the batch's order.
	buyers []claimBuyerRead
}

// claimBuyerRead is claimBuyersSQL's answer for one claim.
type claimBuyerRead struct {
	have, mine, taken int
	member            bool
}

// readClaims reads the answers of the first batch, which holds the versions of held pools when versions and
// the pools read whole when whole, and the reads of n claims.
func readClaims(br pgx.BatchResults, versions, whole bool, n int) (*claimFirstRead, error) {
	first, err := scanClaims(br, versions, whole, n)
	if closeErr := br.Close(); err == nil && closeErr != nil {
		err = closeErr
	}
	if err != nil {
		return nil, claimError(err)
	}
	return first, nil
}

func scanClaims(br pgx.BatchResults, versions, whole bool, n int) (*claimFirstRead, error) {
	first := &claimFirstRead{versions: map[int64]cachedPool{}, pools: map[int64]*cachedPool{}}
	if _, err := br.Exec(); err != nil { // BEGIN
		return nil, err
	}
	var setting string
	if err := scanEach(br, func(rows pgx.Rows) error {
		var id int64
		err := rows.Scan(&id, &setting)
		first.locked = append(first.locked, id)
		return err
	}); err != nil {
		return nil, err
	}
	if versions {
		if err := scanEach(br, func(rows pgx.Rows) error {
			var id int64
			var v cachedPool
			err := rows.Scan(&id, &v.xmin, &v.rest)
			first.versions[id] = v
			return err
		}); err != nil {
			return nil, err
		}
	}
	if whole {
		if err := scanEach(br, scanPoolsInto(first.pools)); err != nil {
			return nil, err
		}
	}
	if err := scanEach(br, func(rows pgx.Rows) error {
		var b claimBuyerRead
		err := rows.Scan(&b.have, &b.mine, &b.member, &b.taken)
		first.buyers = append(first.buyers, b)
		return err
	}); err != nil {
		return nil, err
	}
	if len(first.buyers) != n {
		return nil, fmt.Errorf("claims: %d read of %d", len(first.buyers), n)
	}
	return first, nil
}

// scanEach calls scan on each row of the next result of br.
func scanEach(br pgx.BatchResults, scan func(pgx.Rows) error) error {
	rows, err := br.Query()
	if err != nil {
		return err
	}
	return scanRows(rows, scan)
}

// scanRows calls scan on each of rows, and closes them.
func scanRows(rows pgx.Rows, scan func(pgx.Rows) error) error {
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	rows.Close()
	return rows.Err()
}

// scanPoolsInto scans rows of claimPoolsSQL into pools, by id.
func scanPoolsInto(pools map[int64]*cachedPool) func(pgx.Rows) error {
	return func(rows pgx.Rows) error {
		cp := &cachedPool{}
		var err error
		cp.p, err = scanPoolAnd(rows, &cp.week, &cp.xmin, &cp.rest)
		if err == nil {
			pools[cp.p.ID] = cp
		}
		return err
	}
}

// claimBases are the batch's pools that exist: those read whole, those the cache holds at the version they
// have now, and, read whole now (one more round trip, in the batch's transaction), those whose version moved.
func claimBases(ctx context.Context, pc *pgx.Conn, first *claimFirstRead, cache *claimPoolCache) (map[int64]*cachedPool, error) {
	bases := map[int64]*cachedPool{}
	var moved []int64
	for _, id := range first.locked {
		if cp := first.pools[id]; cp != nil {
			bases[id] = cp
			continue
		}
		cp, now := cache.get(id), first.versions[id]
		if cp == nil || now.xmin == "" {
			return nil, fmt.Errorf("claims: pool %d locked, neither read nor held", id)
		}
		if cp.xmin == now.xmin && cp.rest == now.rest {
			bases[id] = cp
		} else {
			moved = append(moved, id)
		}
	}
	if len(moved) == 0 {
		return bases, nil
	}
	rows, err := pc.Query(ctx, claimPoolsSQL, 0, moved)
	if err == nil {
		err = scanRows(rows, scanPoolsInto(bases))
	}
	if err != nil {
		return nil, claimError(err)
	}
	for _, id := range moved {
		if bases[id] == nil {
			return nil, fmt.Errorf("claims: pool %d locked but not read", id)
		}
	}
	return bases, nil
}

// claimReads are the reads of the claims reqs, from the batch's pools (bases) and each claim's read; a claim
// of a pool that does not exist is refused in its request. Each claim's pool is a copy of its pool's.
func (first *claimFirstRead) claimReads(reqs []*claimRequest, bases map[int64]*cachedPool) []*claimRead {
	reads := make([]*claimRead, len(reqs))
	for i, b := range first.buyers {
		base := bases[reqs[i].c.PoolID]
		if base == nil {
			reqs[i].err = squares.Errorf(squares.ENOTFOUND, "Pool not found.")
			continue
		}
		pool := *base.p.Pool
		reads[i] = &claimRead{p: &squares.PoolView{Pool: &pool, ViewerSquares: b.mine}, week: base.week,
			have: b.have, taken: b.taken, member: b.member}
	}
	return reads
}
