// Package sqlite is the store's SQLite driver: the connections the store opens on a database file with
// their pragmas, the statement cache each connection keeps, the checkpointer that copies the WAL into the
// database beside the writer, and what the driver's errors mean.
package sqlite

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Conns are the connections of one SQLite database.
type Conns struct {
	// Write is one connection whose transactions begin IMMEDIATE: SQLite has one writer at a time.
	Write *sql.DB
	// Read is a pool of read-only connections.
	Read *sql.DB
	// Reserved is a small pool of read-only connections of its own for the store's reserved calls.
	Reserved *sql.DB
	// Checkpointer copies the WAL into the database on a connection of its own.
	Checkpointer *Checkpointer
}

// Open opens the SQLite database at path, creating it and its directory if need be, with the checkpointer
// started (StartCheckpointer's checkpointDelay and warn).
func Open(path string, checkpointDelay time.Duration, warn func(error)) (*Conns, error) {
	if path == "" {
		return nil, errors.New("sqlite: empty path")
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("sqlite: create %s: %w", dir, err)
		}
	}
	base := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)" +
		"&_pragma=synchronous(NORMAL)&_time_format=sqlite"
	wc, err := newConnector(base+"&_txlock=immediate"+fmt.Sprintf("&_pragma=wal_autocheckpoint(%d)", writerAutoCheckpoint), true)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	cc, err := newConnector(base, false)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	rc, err := newConnector(base+"&_pragma=query_only(1)", false)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	w := sql.OpenDB(wc)
	// SQLite has one writer at a time; one connection queues writers in Go instead of in busy loops.
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	r := sql.OpenDB(rc)
	r.SetMaxOpenConns(8)
	// Every read connection stays open: database/sql keeps 2 idle by default and would close the others
	// after each burst, and a new connection parses the schema and has no statements prepared.
	r.SetMaxIdleConns(8)
	reserved := sql.OpenDB(rc)
	reserved.SetMaxOpenConns(2)
	reserved.SetMaxIdleConns(2)
	c := sql.OpenDB(cc)
	c.SetMaxOpenConns(1)
	return &Conns{Write: w, Read: r, Reserved: reserved, Checkpointer: StartCheckpointer(c, checkpointDelay, warn)}, nil
}
