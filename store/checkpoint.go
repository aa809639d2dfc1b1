package store

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

// checkpointer copies the SQLite WAL into the database in the background.
type checkpointer struct {
	conn  *sql.DB // one connection of its own: the writer's is busy writing
	delay time.Duration
	kick  chan struct{}
	quit  chan struct{}
	done  sync.WaitGroup
	stop  sync.Once
	// copied is how many frames the background checkpoints have copied, for tests.
	copied atomic.Int64
}

// startCheckpoints starts the checkpointer on conn; a negative delay leaves checkpoints to the writer's
// backstop alone (tests).
func (db *DB) startCheckpoints(conn *sql.DB, delay time.Duration) {
	c := &checkpointer{conn: conn, delay: delay, kick: make(chan struct{}, 1), quit: make(chan struct{})}
	if c.delay == 0 {
		c.delay = defaultCheckpointDelay
	}
	db.ckpt = c
	if c.delay < 0 {
		return
	}
	c.done.Add(1)
	go db.runCheckpoints()
}

// wrote tells the checkpointer that a write committed; it never waits.
func (c *checkpointer) wrote() {
	select {
	case c.kick <- struct{}{}:
	default:
	}
}

// runCheckpoints checkpoints c.delay after the first commit since the last checkpoint, until Close.
func (db *DB) runCheckpoints() {
	c := db.ckpt
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
		if _, copied, err := db.Checkpoint(context.Background()); err != nil {
			if db.Logger != nil {
				db.Logger.Warn("sqlite checkpoint", "err", err)
			}
		} else {
			c.copied.Add(int64(copied))
		}
	}
}

// Checkpoint copies what it can of the SQLite WAL into the database file without waiting for the writer or
// readers (PRAGMA wal_checkpoint(PASSIVE)). It returns the frames in the WAL and how many of them are in
// the database now. The store checkpoints in the background after commits; on PostgreSQL it does nothing.
func (db *DB) Checkpoint(ctx context.Context) (frames, copied int, err error) {
	if db.ckpt == nil {
		return 0, 0, nil
	}
	var busy int
	if err := db.ckpt.conn.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied); err != nil {
		return 0, 0, fmt.Errorf("checkpoint: %w", err)
	}
	return frames, copied, nil
}

// stopCheckpoints stops the checkpointer and closes its connection; again, it does nothing.
func (db *DB) stopCheckpoints() error {
	c := db.ckpt
	if c == nil {
		return nil
	}
	var err error
	c.stop.Do(func() {
		close(c.quit)
		c.done.Wait()
		err = c.conn.Close()
	})
	return err
}
