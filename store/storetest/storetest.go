// Package storetest gives tests real databases: a file-backed SQLite database, or a database on a
// throwaway PostgreSQL server that it starts from /usr/lib/postgresql/15/bin in a temporary directory
// (or reaches at SQUARES_TEST_POSTGRES_URL). Every call gets a fresh, migrated database.
package storetest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Engines are the database engines every store test runs on.
var Engines = []string{store.SQLite, store.Postgres}

// PostgresBin is where the PostgreSQL server binaries are.
var PostgresBin = envOr("SQUARES_TEST_POSTGRES_BIN", "/usr/lib/postgresql/15/bin")

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Main runs the tests of a package and stops the PostgreSQL server it may have started. Call it from
// TestMain: func TestMain(m *testing.M) { storetest.Main(m) }.
func Main(m *testing.M) {
	os.Exit(Run(m))
}

// Run is Main for a TestMain with more to clean up: it runs the tests, stops the server and returns the
// exit code.
func Run(m *testing.M) int {
	// The packages using storetest sign accounts up by the hundred; the hashing itself is tested at its
	// real cost in the root package, which does not use storetest.
	squares.CheapPasswordHashes()
	code := m.Run()
	closeAdmin()
	stopServer()
	if sqliteDir != "" {
		os.RemoveAll(sqliteDir)
	}
	return code
}

// ForEachEngine runs fn as a subtest per engine; at once, in a package that asked for it
// (ParallelEngines).
func ForEachEngine(t *testing.T, fn func(t *testing.T, engine string)) {
	forEachEngine(t, parallelEngines.Load(), fn)
}

// ForEachEngineInTurn runs fn as a subtest per engine, one after the other even in a package of
// ParallelEngines: for a test that changes something of the whole process (a hook, a global setting).
func ForEachEngineInTurn(t *testing.T, fn func(t *testing.T, engine string)) {
	forEachEngine(t, false, fn)
}

// ForEachEngineAtOnce runs fn as a subtest per engine, both at the same time (t.Parallel) in any package:
// for a long test whose engines share nothing (its own servers, ports and processes), which mostly waits.
func ForEachEngineAtOnce(t *testing.T, fn func(t *testing.T, engine string)) {
	forEachEngine(t, true, fn)
}

func forEachEngine(t *testing.T, parallel bool, fn func(t *testing.T, engine string)) {
	for _, e := range Engines {
		t.Run(e, func(t *testing.T) {
			if parallel {
				t.Parallel()
			}
			fn(t, e)
		})
	}
}

var parallelEngines atomic.Bool

// ParallelEngines has ForEachEngine run a test's subtests of the engines at the same time (t.Parallel):
// a PostgreSQL subtest waits for its server much of its time, when the SQLite one can run. Only for a
// package whose tests share nothing between their engines' subtests (no counters, hooks, clocks or
// environment variables of the package, no fixed ports); call it from TestMain before Run.
func ParallelEngines() { parallelEngines.Store(true) }

// Open returns an open store on a fresh database of the engine, closed when the test ends.
func Open(t testing.TB, engine string) *store.DB {
	t.Helper()
	db := store.New(URL(t, engine))
	if err := db.Open(context.Background()); err != nil {
		t.Fatalf("open %s store: %v", engine, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

var dbCounter atomic.Int64

// URL returns the URL of a fresh, migrated database of the engine: a copy of a template migrated once per
// test process (template.go).
func URL(t testing.TB, engine string) string {
	t.Helper()
	switch engine {
	case store.SQLite:
		return sqliteURL(t)
	case store.Postgres:
		base, err := serverURL()
		if err != nil {
			t.Fatalf("postgres for tests: %v", err)
		}
		u, err := postgresURL(base)
		if err != nil {
			t.Fatalf("postgres for tests: %v", err)
		}
		return u
	}
	t.Fatalf("unknown engine %q", engine)
	return ""
}

var (
	serverOnce sync.Once
	serverBase string
	serverErr  error
	serverDir  string
	asUser     string
)

// serverURL starts the throwaway server once per test binary and returns postgres://user@host:port.
func serverURL() (string, error) {
	serverOnce.Do(func() {
		if u := os.Getenv("SQUARES_TEST_POSTGRES_URL"); u != "" {
			serverBase = strings.TrimSuffix(u, "/")
			return
		}
		serverBase, serverErr = startServer()
	})
	return serverBase, serverErr
}

func startServer() (string, error) {
	sweepAbandoned()
	srv, err := newServer(false)
	if err != nil {
		return "", err
	}
	serverDir, asUser = srv.Dir, srv.asUser
	return srv.URL(), nil
}

// sweepAbandoned stops and removes the servers of earlier test processes that died without stopping them
// (a panic, a timeout, a kill), and their SQLite templates, so that they do not pile up on a machine.
func sweepAbandoned() {
	templates, _ := filepath.Glob(filepath.Join(os.TempDir(), "squares-sqlite-*"))
	for _, dir := range templates {
		if b, err := os.ReadFile(filepath.Join(dir, "owner.pid")); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && !processAlive(pid) {
				os.RemoveAll(dir)
			}
		}
	}
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "squares-pg-*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, "owner.pid"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || processAlive(pid) {
			continue
		}
		pgCommandAs(dirOwner(dir), "pg_ctl", "-D", filepath.Join(dir, "data"), "-m", "immediate", "-w", "-t", "30", "stop").Run()
		os.RemoveAll(dir)
	}
}

// processAlive reports whether a process with this id exists.
func processAlive(pid int) bool {
	_, err := os.Stat(fmt.Sprintf("/proc/%d", pid))
	return err == nil
}

// dirOwner is the user to run pg_ctl as for a server directory: postgres when we are root.
func dirOwner(string) string {
	if os.Geteuid() == 0 {
		return "postgres"
	}
	return ""
}

func pgCommand(name string, args ...string) *exec.Cmd {
	return pgCommandAs(asUser, name, args...)
}

func pgCommandAs(asUser, name string, args ...string) *exec.Cmd {
	bin := filepath.Join(PostgresBin, name)
	if asUser != "" {
		return exec.Command("runuser", append([]string{"-u", asUser, "--", bin}, args...)...)
	}
	return exec.Command(bin, args...)
}

func stopServer() {
	if serverDir == "" {
		return
	}
	cmd := pgCommand("pg_ctl", "-D", filepath.Join(serverDir, "data"), "-m", "immediate", "-w", "-t", "30", "stop")
	cmd.Run()
	os.RemoveAll(serverDir)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Clock is a settable clock for tests.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock stopped at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t.UTC()} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t.UTC()
	c.mu.Unlock()
}

// Add moves the clock forward by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
