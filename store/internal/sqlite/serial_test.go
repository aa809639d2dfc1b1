package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"path/filepath"
	"testing"
)

// The writer's mark moves with its own changes, with another connection's commit, and when a new
// connection replaces the writer's.
func TestWriteMark(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "mark.db")
	conns, err := Open(path, -1, func(error) {})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		conns.Checkpointer.Stop()
		conns.Write.Close()
		conns.Read.Close()
		conns.Reserved.Close()
	}()
	mark := func() [3]int64 {
		t.Helper()
		var m [3]int64
		if err := conns.Write.QueryRowContext(ctx, WriteMark).Scan(&m[0], &m[1], &m[2]); err != nil {
			t.Fatal(err)
		}
		return m
	}
	m0 := mark()
	if m0[2] != 1 || mark() != m0 {
		t.Fatalf("first connection's mark %v, then %v", m0, mark())
	}
	if _, err := conns.Write.ExecContext(ctx, `CREATE TABLE t (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	if _, err := conns.Write.ExecContext(ctx, `INSERT INTO t VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	m1 := mark()
	if m1[0] != m0[0]+1 || m1[2] != 1 {
		t.Fatalf("after an insert: %v, before %v", m1, m0)
	}

	oc, err := newConnector("file:"+path+"?_pragma=busy_timeout(10000)", false)
	if err != nil {
		t.Fatal(err)
	}
	other := sql.OpenDB(oc)
	defer other.Close()
	if _, err := other.ExecContext(ctx, `INSERT INTO t VALUES (2)`); err != nil {
		t.Fatal(err)
	}
	m2 := mark()
	if m2[0] != m1[0] || m2[1] == m1[1] || m2[2] != 1 {
		t.Fatalf("after another connection's insert: %v, before %v", m2, m1)
	}

	c, err := conns.Write.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c.Raw(func(any) error { return driver.ErrBadConn })
	c.Close()
	if m3 := mark(); m3[2] != 2 {
		t.Fatalf("the writer's next connection: %v, before %v", m3, m2)
	}
}
