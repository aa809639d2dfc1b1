package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

const cacheQuery = `SELECT name, n FROM cache_probe WHERE id >= $1 ORDER BY id`

// readProbe reads cacheQuery's rows from id on as "name=n" strings.
func readProbe(ctx context.Context, tx *store.Tx, from int) ([]string, error) {
	rows, err := tx.QueryContext(ctx, cacheQuery, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		var n int
		if err := rows.Scan(&name, &n); err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("%s=%d", name, n))
	}
	return out, rows.Err()
}

// TestStatementCacheNested runs a statement again, and others, while its own rows are still being read: a
// cached statement lent to the outer query must not be reset under it.
func TestStatementCacheNested(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		if err := db.Exec(ctx, `CREATE TABLE cache_probe (id INTEGER PRIMARY KEY, name TEXT NOT NULL, n INTEGER NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= 5; i++ {
			if err := db.Exec(ctx, `INSERT INTO cache_probe (id, name, n) VALUES ($1, $2, $3)`, i, fmt.Sprint("r", i), i*10); err != nil {
				t.Fatal(err)
			}
		}
		// pgx runs one statement at a time on a connection ("conn busy"): on PostgreSQL the inner
		// statements run after the outer rows are read, which still runs the texts again and again.
		nest := engine == store.SQLite
		nested := func(tx *store.Tx, write bool) error {
			rows, err := tx.QueryContext(ctx, cacheQuery, 1)
			if err != nil {
				return err
			}
			defer rows.Close()
			var outer []string
			var ns []int
			inner := func(i int) error {
				outer := outer[:i+1]
				n := ns[i]
				// The same text, and another, while the outer rows are open.
				rest, err := readProbe(ctx, tx, len(outer)+1)
				if err != nil {
					return err
				}
				if want := 5 - len(outer); len(rest) != want {
					return fmt.Errorf("nested read from %d: %v, want %d rows", len(outer)+1, rest, want)
				}
				var count int
				if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM cache_probe WHERE n > $1`, n).Scan(&count); err != nil {
					return err
				}
				if count != 5-len(outer) {
					return fmt.Errorf("count above %d = %d", n, count)
				}
				if write {
					if _, err := tx.ExecContext(ctx, `UPDATE cache_probe SET n = n + 1 WHERE id = $1`, len(outer)); err != nil {
						return err
					}
				}
				return nil
			}
			for rows.Next() {
				var name string
				var n int
				if err := rows.Scan(&name, &n); err != nil {
					return err
				}
				outer, ns = append(outer, fmt.Sprintf("%s=%d", name, n)), append(ns, n)
				if nest {
					if err := inner(len(outer) - 1); err != nil {
						return err
					}
				}
			}
			if err := rows.Err(); err != nil {
				return err
			}
			rows.Close()
			if !nest {
				for i := range outer {
					if err := inner(i); err != nil {
						return err
					}
				}
			}
			if want := []string{"r1=10", "r2=20", "r3=30", "r4=40", "r5=50"}; !slices.Equal(outer, want) {
				return fmt.Errorf("outer rows = %v, want %v", outer, want)
			}
			return nil
		}
		for range 3 {
			if err := db.Read(ctx, func(tx *store.Tx) error { return nested(tx, false) }); err != nil {
				t.Fatal(err)
			}
		}
		// Written in the loop, rolled back: the outer rows stay as they were read, and the next run
		// reads the same.
		for range 3 {
			err := db.Write(ctx, func(tx *store.Tx) error {
				if err := nested(tx, true); err != nil {
					return err
				}
				got, err := readProbe(ctx, tx, 1)
				if err != nil {
					return err
				}
				if want := []string{"r1=11", "r2=21", "r3=31", "r4=41", "r5=51"}; !slices.Equal(got, want) {
					return fmt.Errorf("after the updates: %v, want %v", got, want)
				}
				return errRollback
			})
			if err != errRollback {
				t.Fatal(err)
			}
		}
		// Readers at once on the pool of read connections.
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for range 16 {
			wg.Go(func() {
				errs <- db.Read(ctx, func(tx *store.Tx) error { return nested(tx, false) })
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if engine != store.SQLite {
			return
		}
		cached, err := db.CachedStatements(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// One prepared statement per text, kept after use: the nested run of the same text had its own.
		n := 0
		for _, q := range cached {
			if q == cacheQuery {
				n++
			}
		}
		if n != 1 || !slices.Contains(cached, `UPDATE cache_probe SET n = n + 1 WHERE id = $1`) {
			t.Fatalf("write connection caches %q", cached)
		}
		// Schema changes (the test's table, the migrations) run once and are not kept.
		for _, q := range cached {
			if !strings.HasPrefix(q, "SELECT") && !strings.HasPrefix(q, "INSERT") && !strings.HasPrefix(q, "UPDATE") {
				t.Fatalf("write connection caches %q", q)
			}
		}
	})
}

var errRollback = fmt.Errorf("roll back")

// TestStatementCacheSchemaChange changes the table under statements the connections keep prepared: they
// read the new table, and one that failed while the table was missing works once it is back.
func TestStatementCacheSchemaChange(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		if err := db.Exec(ctx, `CREATE TABLE cache_probe (id INTEGER PRIMARY KEY, name TEXT NOT NULL, n INTEGER NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		if err := db.Exec(ctx, `INSERT INTO cache_probe (id, name, n) VALUES (1, 'old', 1)`); err != nil {
			t.Fatal(err)
		}
		read := func(write bool) ([]string, error) {
			var out []string
			run := db.Read
			if write {
				run = db.Write
			}
			err := run(ctx, func(tx *store.Tx) (err error) {
				out, err = readProbe(ctx, tx, 1)
				return err
			})
			return out, err
		}
		// Prepared on the write connection and on the read connections.
		for range 10 {
			for _, w := range []bool{false, true} {
				if got, err := read(w); err != nil || !slices.Equal(got, []string{"old=1"}) {
					t.Fatalf("before: %v, %v", got, err)
				}
			}
		}
		// A new table of the same name, its columns in another order and one more.
		for _, q := range []string{`DROP TABLE cache_probe`,
			`CREATE TABLE cache_probe (extra TEXT NOT NULL DEFAULT 'x', n INTEGER NOT NULL, id INTEGER PRIMARY KEY, name TEXT NOT NULL)`,
			`INSERT INTO cache_probe (id, name, n) VALUES (1, 'new', 2), (2, 'newer', 3)`} {
			if err := db.Exec(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		for range 10 {
			for _, w := range []bool{false, true} {
				if got, err := read(w); err != nil || !slices.Equal(got, []string{"new=2", "newer=3"}) {
					t.Fatalf("after the table changed (write %v): %v, %v", w, got, err)
				}
			}
		}
		// A column added, then the table gone and back.
		if err := db.Exec(ctx, `ALTER TABLE cache_probe ADD COLUMN more INTEGER NOT NULL DEFAULT 7`); err != nil {
			t.Fatal(err)
		}
		for _, w := range []bool{false, true} {
			if got, err := read(w); err != nil || !slices.Equal(got, []string{"new=2", "newer=3"}) {
				t.Fatalf("after a column was added (write %v): %v, %v", w, got, err)
			}
		}
		if err := db.Exec(ctx, `DROP TABLE cache_probe`); err != nil {
			t.Fatal(err)
		}
		for _, w := range []bool{false, true} {
			if got, err := read(w); err == nil {
				t.Fatalf("read a dropped table (write %v): %v", w, got)
			}
		}
		for _, q := range []string{`CREATE TABLE cache_probe (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, name TEXT NOT NULL)`,
			`INSERT INTO cache_probe (id, name, n) VALUES (5, 'back', 9)`} {
			if err := db.Exec(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		for _, w := range []bool{false, true} {
			if got, err := read(w); err != nil || !slices.Equal(got, []string{"back=9"}) {
				t.Fatalf("after the table came back (write %v): %v, %v", w, got, err)
			}
		}
	})
}

// TestReadConnectionsStayOpen: after a burst of reads that used 8 connections, all 8 stay open and idle
// for the next burst (database/sql keeps 2 by default; a new SQLite connection parses the schema again
// and has no statement prepared).
func TestReadConnectionsStayOpen(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		db := storetest.Open(t, engine)
		var in, out sync.WaitGroup
		in.Add(8)
		release := make(chan struct{})
		for range 8 {
			out.Go(func() {
				err := db.Read(ctx, func(tx *store.Tx) error {
					var n int
					if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM leagues`).Scan(&n); err != nil {
						return err
					}
					in.Done()
					<-release
					return nil
				})
				if err != nil {
					t.Error(err)
				}
			})
		}
		in.Wait()
		close(release)
		out.Wait()
		if s := db.ReadPoolStats(); s.OpenConnections < 8 || s.Idle < 8 || s.MaxIdleClosed != 0 {
			t.Fatalf("read connections after the burst: %d open, %d idle, %d closed as surplus", s.OpenConnections,
				s.Idle, s.MaxIdleClosed)
		}
	})
}
