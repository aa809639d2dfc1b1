package main

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// childAppName names the PostgreSQL sessions of a child server (application_name), so that a test that
// killed one can wait for them to end.
const childAppName = "squares-test-child"

// childDatabaseURL is the database URL a child server is given: on PostgreSQL, with its sessions named
// childAppName.
func childDatabaseURL(url string) string {
	if strings.HasPrefix(url, "sqlite:") {
		return url
	}
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "application_name=" + childAppName
}

// waitChildSessions waits, once a killed child server is reaped, until PostgreSQL has ended its sessions:
// they stay open for a moment after the process is gone (up to 17 were counted), and a transaction of one
// can still commit meanwhile. An audit reading the tables then, a statement each, once saw a payment still
// held whose capture the ledger already had (TestKillMidDecision). It asks through the audit's own
// connection. On SQLite the writes end with the process.
func waitChildSessions(t *testing.T, url string, audit *storetest.Auditor) {
	t.Helper()
	if strings.HasPrefix(url, "sqlite:") {
		return
	}
	if err := childSessionsEnded(audit.Conn, 30*time.Second); err != nil {
		t.Fatal(err)
	}
}

// childSessionsEnded polls db (a PostgreSQL database) until no session named childAppName is open in it, or
// within has passed.
func childSessionsEnded(db *sql.DB, within time.Duration) error {
	deadline := time.Now().Add(within)
	for {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()
			AND application_name = $1`, childAppName).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d sessions of the killed child server still open after %s", n, within)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestWaitChildSessions: the wait holds while a session named as a child server's is open in the
// test's database, however long, and returns once it ends; other sessions do not hold it.
func TestWaitChildSessions(t *testing.T) {
	if !slices.Contains(storetest.Engines, store.Postgres) {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	url := storetest.URL(t, store.Postgres)
	// The wait asks through a session of its own, which does not hold it.
	other := openSQL(t, url)
	child := openSQL(t, childDatabaseURL(url))
	conn, err := child.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var name string
	if err := conn.QueryRowContext(ctx, `SELECT current_setting('application_name')`).Scan(&name); err != nil || name != childAppName {
		t.Fatalf("the child's session is named %q (%v), want %q", name, err, childAppName)
	}

	done := make(chan error, 1)
	go func() { done <- childSessionsEnded(other, 20*time.Second) }()
	select {
	case err := <-done:
		t.Fatalf("the wait ended (%v) while the child's session was open", err)
	case <-time.After(300 * time.Millisecond):
	}
	conn.Close()
	child.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("still waiting 10 s after the child's session ended")
	}
}

// openSQL opens database/sql on url (PostgreSQL), closed when the test ends.
func openSQL(t *testing.T, url string) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
