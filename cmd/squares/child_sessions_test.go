package main

import (
	"context"
	"database/sql"
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

// waitChildSessions waits, once a killed child server is reaped, until PostgreSQL has ended its sessions.
// A transaction whose COMMIT had reached the server before the child died still commits, after the
// process is gone; an audit reading the tables meanwhile, a statement each, once saw a payment still held
// whose capture the ledger already had (TestKillMidDecision). On SQLite the writes end with the process.
func waitChildSessions(t *testing.T, url string) {
	t.Helper()
	if strings.HasPrefix(url, "sqlite:") {
		return
	}
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()
			AND application_name = $1`, childAppName).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions of the killed child server still open after 30 s", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestWaitChildSessions: waitChildSessions waits while a session named as a child server's is open in the
// test's database, however long, and returns once it ends; other sessions do not hold it.
func TestWaitChildSessions(t *testing.T) {
	if !slices.Contains(storetest.Engines, store.Postgres) {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	url := storetest.URL(t, store.Postgres)
	other := openSQL(t, url)
	if err := other.PingContext(ctx); err != nil {
		t.Fatal(err)
	}
	child := openSQL(t, childDatabaseURL(url))
	conn, err := child.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var name string
	if err := conn.QueryRowContext(ctx, `SELECT current_setting('application_name')`).Scan(&name); err != nil || name != childAppName {
		t.Fatalf("the child's session is named %q (%v), want %q", name, err, childAppName)
	}

	done := make(chan struct{})
	go func() { waitChildSessions(t, url); close(done) }()
	select {
	case <-done:
		t.Fatal("waitChildSessions returned while the child's session was open")
	case <-time.After(300 * time.Millisecond):
	}
	conn.Close()
	child.Close()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("waitChildSessions still waiting 10 s after the child's session ended")
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
