package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/internal/sqlite"
)

// saleCacheMax is how many pools the SQLite claim writer keeps in memory at most; past it, it starts again.
const saleCacheMax = 4096

// saleCache keeps, for SQLite's claim writer, the pools its claims locked: the pool with its game and its
// league's active week, as the writer's last committed batch left them. A claim of a pool in it reads only
// the buyer's squares of the pool instead of the pool's full row with its game, league and checkpoint (a
// quarter of the writer's time went to that read).
//
// It holds only while nothing else wrote: every batch first reads the writer's mark (sqlite.WriteMark) and
// forgets every pool when the mark moved since the batch before it, which any other write does (another
// transaction on the writer's connection, another connection's commit, the connection replaced). A batch
// that fails forgets every pool too. Only the one SQLite claim writer goroutine uses it.
type saleCache struct {
	pools map[int64]*cachedSale
	// mark is the writer's mark after the last batch committed; valid says whether there is one.
	mark  [3]int64
	valid bool
}

// cachedSale is a pool of the sale cache.
type cachedSale struct {
	pool squares.Pool
	game squares.Game
	week string
}

// begin starts a batch in tx: it forgets every pool when anything else wrote since the last batch.
func (c *saleCache) begin(ctx context.Context, tx *Tx) error {
	mark, err := readMark(ctx, tx)
	if err != nil {
		return err
	}
	if !c.valid || mark != c.mark {
		c.forget()
	}
	return nil
}

// readMark reads the writer's mark (sqlite.WriteMark) in tx: at a batch's start, and at its end for
// committed once it committed.
func readMark(ctx context.Context, tx *Tx) ([3]int64, error) {
	var mark [3]int64
	if err := tx.QueryRowContext(ctx, sqlite.WriteMark).Scan(&mark[0], &mark[1], &mark[2]); err != nil {
		return mark, fmt.Errorf("read write mark: %w", err)
	}
	return mark, nil
}

// committed keeps the pools after their batch committed, with the mark it ended with (readMark); a batch
// that did not commit calls forget instead.
func (c *saleCache) committed(mark [3]int64) {
	c.mark, c.valid = mark, true
}

// forget drops every pool.
func (c *saleCache) forget() {
	c.pools, c.valid = nil, false
}

// get returns a copy of the pool poolID as the cache holds it, with its league's active week.
func (c *saleCache) get(poolID int64) (*squares.PoolView, string, bool) {
	s, ok := c.pools[poolID]
	if !ok {
		return nil, "", false
	}
	p, g := s.pool, s.game
	p.Game = &g
	return &squares.PoolView{Pool: &p}, s.week, true
}

// put keeps a copy of the pool p, with its league's active week, as the transaction now has it.
func (c *saleCache) put(p *squares.Pool, week string) {
	if c.pools == nil || len(c.pools) >= saleCacheMax {
		c.pools = make(map[int64]*cachedSale)
	}
	s := &cachedSale{pool: *p, week: week}
	if p.Game != nil {
		s.game = *p.Game
	}
	s.pool.Game = nil
	c.pools[p.ID] = s
}

// claimed keeps the pool p as a claim of it left it in the transaction. The entry a claim appends to the
// record moves the pool's head but not its last checkpoint, which its answer leaves out: the cache keeps
// the checkpoint it read.
func (c *saleCache) claimed(p *squares.Pool) {
	s, ok := c.pools[p.ID]
	if !ok {
		return
	}
	checkpoint := s.pool.Record.Checkpoint
	s.pool = *p
	s.pool.Game = nil
	if s.pool.Record.Checkpoint == nil {
		s.pool.Record.Checkpoint = checkpoint
	}
}

// drop forgets the pool poolID.
func (c *saleCache) drop(poolID int64) {
	delete(c.pools, poolID)
}
