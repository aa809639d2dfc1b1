package store

import (
	"context"
	"errors"
	"sync"
)

// claimBatchMax is how many waiting claims one transaction takes at most.
const claimBatchMax = 64

// claimWorkersPostgres is how many PostgreSQL claim batchers run at once, each on a connection of its own
// and for pools of its own (by id): one batch's round trips overlap another's work, and two batches never
// wait for each other's pools.
const claimWorkersPostgres = 3

// claimBatcher commits SQLite claims in groups. SQLite has one writer: every claim waited for the write
// connection, and each paid for its own BEGIN, COMMIT and WAL write, and for handing the connection to the
// next claim's goroutine. The batcher holds the connection and runs the claims waiting for it in one
// transaction, each in a SAVEPOINT of its own: a claim refused (a square taken, the limit) rolls back to
// its savepoint and leaves the others, and all of them commit together. A claim's answer leaves only after
// that commit and its events, as with one transaction per claim.
type claimBatcher struct {
	once sync.Once
	// reqs are the batchers' queues: a claim waits in that of its pool (one on SQLite).
	reqs []chan *claimRequest
	quit chan struct{}
	done sync.WaitGroup
	mu   sync.Mutex
	shut bool

	// draws are the PostgreSQL pools whose grid a claim is completing on the general path, each with a
	// channel closed when that claim's transaction ends (claimWait).
	drawMu sync.Mutex
	draws  map[int64]chan struct{}
}

// drawing returns the channel of a pool's draw in progress, nil when none is.
func (b *claimBatcher) drawing(pool int64) <-chan struct{} {
	b.drawMu.Lock()
	defer b.drawMu.Unlock()
	return b.draws[pool]
}

// startDraw marks a pool drawing: the claim that completes its grid is on its way to the general path. A
// pool already drawing keeps its channel: replaced, the claims waiting on it would wait for their context.
func (b *claimBatcher) startDraw(pool int64) {
	b.drawMu.Lock()
	defer b.drawMu.Unlock()
	if b.draws == nil {
		b.draws = map[int64]chan struct{}{}
	}
	if _, ok := b.draws[pool]; !ok {
		b.draws[pool] = make(chan struct{})
	}
}

// endDraw ends a pool's draw, done or failed: the claims that wait for it go on.
func (b *claimBatcher) endDraw(pool int64) {
	b.drawMu.Lock()
	defer b.drawMu.Unlock()
	if ch, ok := b.draws[pool]; ok {
		close(ch)
		delete(b.draws, pool)
	}
}

// claimRequest is one claim waiting for its batch.
type claimRequest struct {
	ctx  context.Context
	c    Claim
	res  *ClaimResult
	err  error
	done chan struct{}
}

var errStoreClosed = errors.New("store closed")

// claimBatched runs a claim in the next batch: of the SQLite writer, or of a PostgreSQL batcher.
func (db *DB) claimBatched(ctx context.Context, c Claim) (*ClaimResult, error) {
	b := &db.claims
	b.mu.Lock()
	if b.shut {
		b.mu.Unlock()
		return nil, errStoreClosed
	}
	b.once.Do(func() {
		b.quit = make(chan struct{})
		workers := 1
		if db.engine != SQLite {
			workers = claimWorkersPostgres
		}
		for range workers {
			run := db.claimBatch
			if db.engine != SQLite {
				cache := &claimPoolCache{}
				run = func(batch []*claimRequest) { db.claimBatchPostgres(batch, cache) }
			}
			reqs := make(chan *claimRequest)
			b.reqs = append(b.reqs, reqs)
			b.done.Add(1)
			go db.runClaims(reqs, run)
		}
	})
	b.mu.Unlock()
	r := &claimRequest{ctx: ctx, c: c, done: make(chan struct{})}
	select {
	case b.reqs[uint64(c.PoolID)%uint64(len(b.reqs))] <- r:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-b.quit:
		return nil, errStoreClosed
	}
	// Once taken, the claim is in a transaction with others: its answer waits for their commit.
	<-r.done
	return r.res, r.err
}

// runClaims takes claims as they come, with every other claim already waiting, until the store closes.
func (db *DB) runClaims(reqs chan *claimRequest, run func([]*claimRequest)) {
	b := &db.claims
	defer b.done.Done()
	for {
		var first *claimRequest
		select {
		case first = <-reqs:
		case <-b.quit:
			return
		}
		batch := []*claimRequest{first}
	more:
		for len(batch) < claimBatchMax {
			select {
			case r := <-reqs:
				batch = append(batch, r)
			default:
				break more
			}
		}
		run(batch)
	}
}

// claimBatch runs the claims of a batch in one transaction, each in its savepoint.
func (db *DB) claimBatch(batch []*claimRequest) {
	// One claim's request ending must not roll back the others': the transaction has a context of its own.
	ctx := context.Background()
	var mark [3]int64
	err := db.update(ctx, func(tx *Tx) error {
		tx.sales = &db.sales
		if err := db.sales.begin(ctx, tx); err != nil {
			return err
		}
		for _, r := range batch {
			if err := r.ctx.Err(); err != nil {
				r.err = err
				continue
			}
			if _, err := tx.ExecContext(ctx, `SAVEPOINT claim`); err != nil {
				return err
			}
			events := len(tx.events)
			r.res, r.err = claimSquares(ctx, tx, r.c)
			switch {
			case r.err != nil:
				r.res, tx.events = nil, tx.events[:events]
				if _, err := tx.ExecContext(ctx, `ROLLBACK TO claim`); err != nil {
					return err
				}
			case r.res.Drew:
				db.sales.drop(r.c.PoolID)
			default:
				db.sales.claimed(r.res.Pool.Pool)
			}
			if _, err := tx.ExecContext(ctx, `RELEASE claim`); err != nil {
				return err
			}
		}
		var err error
		mark, err = readMark(ctx, tx)
		return err
	})
	if err == nil {
		db.sales.committed(mark)
	} else {
		db.sales.forget()
	}
	for _, r := range batch {
		if err != nil && r.err == nil {
			// Nothing of the batch was committed: a claim that had succeeded, or was not reached, fails as
			// its own transaction would have.
			r.res, r.err = nil, err
		}
		close(r.done)
	}
}

// closeClaims stops the batcher after the batch it is running.
func (db *DB) closeClaims() {
	b := &db.claims
	b.mu.Lock()
	started := b.quit != nil && !b.shut
	b.shut = true
	b.mu.Unlock()
	if started {
		close(b.quit)
		b.done.Wait()
	}
}
