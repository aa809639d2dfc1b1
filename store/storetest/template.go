package storetest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/squaresapp/squares/store"
)

// Migrating a database takes longer than copying one: every test's database is a copy of a template
// migrated once per test process. SQLite's template is a file in a directory of the process's own,
// copied into the test's temporary directory. PostgreSQL's is a database named by a hash of the
// migrations, made under an advisory lock, so that test processes sharing a server
// (SQUARES_TEST_POSTGRES_URL) make it once and never use one made of other migrations; each test's
// database is created from it (CREATE DATABASE ... TEMPLATE).

// templateLock is the advisory lock taken, on the server's postgres database, while a template is made.
const templateLock = 0x5371756172657354 // "SquaresT"

var (
	sqliteOnce sync.Once
	sqliteDir  string // the process's directory holding the SQLite template
	sqliteTpl  string
	sqliteErr  error

	pgOnce sync.Once
	pgTpl  string
	pgErr  error

	adminMu sync.Mutex
	admin   *sql.DB // the server's postgres database, for creating databases
)

// sqliteURL returns a fresh copy of the migrated SQLite template in the test's temporary directory.
func sqliteURL(t testing.TB) string {
	sqliteOnce.Do(func() { sqliteTpl, sqliteErr = makeSQLiteTemplate() })
	if sqliteErr != nil {
		t.Fatalf("sqlite template for tests: %v", sqliteErr)
	}
	path := filepath.Join(t.TempDir(), "squares.db")
	if err := copyFile(sqliteTpl, path); err != nil {
		t.Fatalf("copy the sqlite template: %v", err)
	}
	if _, err := os.Stat(sqliteTpl + "-wal"); err == nil {
		if err := copyFile(sqliteTpl+"-wal", path+"-wal"); err != nil {
			t.Fatalf("copy the sqlite template: %v", err)
		}
	}
	return "sqlite:" + path
}

func makeSQLiteTemplate() (string, error) {
	dir, err := os.MkdirTemp("", "squares-sqlite-")
	if err != nil {
		return "", err
	}
	sqliteDir = dir
	// The owner file lets a later run remove this directory if this process dies without removing it.
	if err := os.WriteFile(filepath.Join(dir, "owner.pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return "", err
	}
	path := filepath.Join(dir, "template.db")
	db := store.New("sqlite:" + path)
	ctx := context.Background()
	if err := db.Open(ctx); err != nil {
		return "", err
	}
	// The last connection to close copies the WAL into the database file and removes it: the file alone
	// is the migrated database (sqliteURL copies a WAL left behind all the same).
	if err := db.Close(); err != nil {
		return "", err
	}
	return path, nil
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// postgresURL creates a database on the server at base from the migrated template and returns its URL.
func postgresURL(base string) (string, error) {
	pgOnce.Do(func() { pgTpl, pgErr = makePostgresTemplate(base) })
	if pgErr != nil {
		return "", fmt.Errorf("template: %w", pgErr)
	}
	a, err := adminDB(base)
	if err != nil {
		return "", err
	}
	name := fmt.Sprintf("t_%d_%d", os.Getpid(), dbCounter.Add(1))
	if _, err := a.Exec("CREATE DATABASE " + name + " TEMPLATE " + pgTpl); err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	return base + "/" + name + "?sslmode=disable", nil
}

// adminDB returns the pool of connections to the server's postgres database.
func adminDB(base string) (*sql.DB, error) {
	adminMu.Lock()
	defer adminMu.Unlock()
	if admin == nil {
		a, err := sql.Open("pgx", base+"/postgres?sslmode=disable")
		if err != nil {
			return nil, err
		}
		a.SetMaxIdleConns(4)
		admin = a
	}
	return admin, nil
}

func closeAdmin() {
	adminMu.Lock()
	defer adminMu.Unlock()
	if admin != nil {
		admin.Close()
		admin = nil
	}
}

// makePostgresTemplate makes the template of the embedded migrations on the server at base, unless a
// test process made it before, and returns its name.
func makePostgresTemplate(base string) (string, error) {
	hash, err := migrationsHash(store.Postgres)
	if err != nil {
		return "", err
	}
	name := "tpl_" + hash
	a, err := adminDB(base)
	if err != nil {
		return "", err
	}
	ctx := context.Background()
	conn, err := a.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, int64(templateLock)); err != nil {
		return "", fmt.Errorf("lock: %w", err)
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, int64(templateLock))
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	// The template is migrated under another name and renamed when done: a process that dies while
	// migrating leaves no template behind, only a half-made database the next one drops.
	tmp := name + "_new"
	for _, q := range []string{"DROP DATABASE IF EXISTS " + tmp + " WITH (FORCE)", "CREATE DATABASE " + tmp} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return "", fmt.Errorf("%s: %w", q, err)
		}
	}
	db := store.New(base + "/" + tmp + "?sslmode=disable")
	if err := db.Open(ctx); err != nil {
		return "", err
	}
	if err := db.Close(); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+tmp+" RENAME TO "+name); err != nil {
		return "", fmt.Errorf("rename %s: %w", tmp, err)
	}
	return name, nil
}

// migrationsHash is a short hash of the names and contents of the engine's migrations.
func migrationsHash(engine string) (string, error) {
	fsys, err := store.Migrations(engine)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	n := 0
	err = fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return err
		}
		n++
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	if n == 0 {
		return "", errors.New("no migrations")
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}
