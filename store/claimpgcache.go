package store

import (
	"time"

	"github.com/squaresapp/squares"
)

// claimPoolCacheMax is how many pools a PostgreSQL claim batcher keeps in memory at most; past it, it
// starts again.
const claimPoolCacheMax = 4096

// claimPoolCache keeps, for one PostgreSQL claim batcher, the pools of its batches as its last batch left
// them, each with its version: the row versions (xmin) of the pool, its game and its league, and the id of
// the pool's last checkpoint. Reading a pool with its game, league and checkpoint was a third of a batch's
// first round trip in PostgreSQL and most of the process's part of it, for a row that the batcher itself
// had written last.
//
// A batch reads only the versions of the pools it holds (claimVersionsSQL), with the pools locked, and reads
// whole only those whose version moved (claimPoolsSQL, one more round trip): any other transaction's write of
// the pool, its game or its league gives that row a new xmin, and a checkpoint is a new row. The version after
// a batch's own write is the xmin its update returned. A batch that fails forgets every pool; a pool that a
// claim completes (it draws on the general path) is forgotten. Only its batcher's goroutine uses it.
type claimPoolCache struct {
	pools map[int64]*cachedPool
}

// cachedPool is a pool as a batch read it or left it, with the league's active week and its version.
type cachedPool struct {
	p    *squares.PoolView
	week string
	// xmin is the pool row's version; rest is its game's and league's and its last checkpoint's.
	xmin, rest string
}

// split parts the pools ids into those it holds and the others; all are others on a nil cache.
func (c *claimPoolCache) split(ids []int64) (held, fresh []int64) {
	for _, id := range ids {
		if c.get(id) != nil {
			held = append(held, id)
		} else {
			fresh = append(fresh, id)
		}
	}
	return held, fresh
}

// get returns a pool it holds, nil for one it does not.
func (c *claimPoolCache) get(id int64) *cachedPool {
	if c == nil {
		return nil
	}
	return c.pools[id]
}

// forget drops every pool.
func (c *claimPoolCache) forget() {
	if c != nil {
		c.pools = nil
	}
}

// keep holds the pools of a committed batch (bases, as read or taken from the cache) as the batch left them
// (states): a pool its claims took squares of with its counters, record head and time after the write and the
// version xmin the write returned, the others as they were; a pool that a claim completes is dropped.
func (c *claimPoolCache) keep(bases map[int64]*cachedPool, states map[int64]*claimPool, xmin string, now time.Time) {
	if c == nil {
		return
	}
	if c.pools == nil || len(c.pools)+len(bases) > claimPoolCacheMax {
		c.pools = map[int64]*cachedPool{}
	}
	for id, base := range bases {
		st := states[id]
		switch {
		case st != nil && st.general:
			delete(c.pools, id)
		case st != nil && len(st.bought) > 0:
			pool := *base.p.Pool
			pool.SquaresTaken, pool.DistinctPlayers, pool.UpdatedAt = st.taken, st.players, now
			pool.Record = squares.RecordHead{Seq: st.record.Seq, Head: st.record.Head, Checkpoint: base.p.Record.Checkpoint}
			c.pools[id] = &cachedPool{p: &squares.PoolView{Pool: &pool}, week: base.week, xmin: xmin, rest: base.rest}
		default:
			c.pools[id] = base
		}
	}
}
