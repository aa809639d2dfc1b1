package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// SQLite appends every commit's pages to the WAL and copies them into the database file at a checkpoint,
// which, with synchronous=NORMAL, is also the only time it syncs the disk. By default the connection whose
// commit takes the WAL past 1,000 pages runs the checkpoint inside that commit: here the writer, in the
// middle of a batch of claims, which waited for the copy and the sync (a tenth of the writer's time under
// the load of bench/claims, and a disk's sync in the batch's latency). The checkpointer runs PASSIVE checkpoints on a connection of
// its own, beside the writer, a little after commits; the writer checkpoints itself only past
// writerAutoCheckpoint pages, should the checkpointer fall behind.
const (
	// defaultCheckpointDelay is how long after a commit the checkpointer starts: a page that many commits
	// write is copied once, and under the load of bench/claims the WAL stays under a few thousand pages.
	defaultCheckpointDelay = 100 * time.Millisecond
	// writerAutoCheckpoint is the WAL size, in pages, at which the writer checkpoints in its commit.
	writerAutoCheckpoint = 10000
)

// Checkpointer copies the SQLite WAL into the database in the background.
type Checkpointer struct {
	conn  *sql.DB // one connection of its own: the writer's is busy writing
	delay time.Duration
	warn  func(error)
	kick  chan struct{}
	quit  chan struct{}
	done  sync.WaitGroup
	stop  sync.Once
	// copied is how many frames the background checkpoints have copied, for tests.
	copied atomic.Int64
}

// StartCheckpointer starts a checkpointer on conn, which it closes when stopped; a delay of 0 is
// defaultCheckpointDelay, a negative one leaves checkpoints to the writer's backstop alone (tests). warn,
// when not nil, is told of the background checkpoints that failed.
func StartCheckpointer(conn *sql.DB, delay time.Duration, warn func(error)) *Checkpointer {
	c := &Checkpointer{conn: conn, delay: delay, warn: warn, kick: make(chan struct{}, 1), quit: make(chan struct{})}
	if c.delay == 0 {
		c.delay = defaultCheckpointDelay
	}
	if c.delay < 0 {
		return c
	}
	c.done.Add(1)
	go c.run()
	return c
}

// Wrote tells the checkpointer that a write committed; it never waits.
func (c *Checkpointer) Wrote() {
	select {
	case c.kick <- struct{}{}:
	default:
	}
}

// run checkpoints c.delay after the first commit since the last checkpoint, until Stop.
func (c *Checkpointer) run() {
	defer c.done.Done()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-c.kick:
		case <-c.quit:
			return
		}
		timer.Reset(c.delay)
		select {
		case <-timer.C:
		case <-c.quit:
			timer.Stop()
			return
		}
		if _, copied, err := c.Checkpoint(context.Background()); err != nil {
			if c.warn != nil {
				c.warn(err)
			}
		} else {
			c.copied.Add(int64(copied))
		}
	}
}

// Checkpoint copies what it can of the SQLite WAL into the database file without waiting for the writer or
// readers (PRAGMA wal_checkpoint(PASSIVE)). It returns the frames in the WAL and how many of them are in
// the database now.
func (c *Checkpointer) Checkpoint(ctx context.Context) (frames, copied int, err error) {
	var busy int
	if err := c.conn.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied); err != nil {
		return 0, 0, fmt.Errorf("checkpoint: %w", err)
	}
	return frames, copied, nil
}

// Copied is how many WAL frames the background checkpoints have copied into the database.
func (c *Checkpointer) Copied() int64 { return c.copied.Load() }

// Stop stops the checkpointer and closes its connection; again, it does nothing.
func (c *Checkpointer) Stop() error {
	var err error
	c.stop.Do(func() {
		close(c.quit)
		c.done.Wait()
		err = c.conn.Close()
	})
	return err
}
