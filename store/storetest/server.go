package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"testing"
)

// Server is a throwaway PostgreSQL server in a temporary directory, for a test that stops and starts it
// (the tests' shared server is never stopped under them).
type Server struct {
	Dir    string // the server's directory: data/ and server.log in it
	Port   int
	asUser string
	// durable keeps synchronous_commit on: a commit is acknowledged once its WAL is written, so that an
	// immediate stop (a crash) loses no acknowledged commit. The shared server turns it off for speed.
	durable bool
}

// StartServer starts a PostgreSQL server of the test's own on a free port, durable against an immediate
// stop; it is stopped and removed when the test ends. The test is skipped when the server binaries are absent and SQUARES_TEST_POSTGRES_URL
// points at a server to use instead (which it cannot stop).
func StartServer(t testing.TB) *Server {
	t.Helper()
	if _, err := os.Stat(filepath.Join(PostgresBin, "initdb")); err != nil && os.Getenv("SQUARES_TEST_POSTGRES_URL") != "" {
		t.Skipf("no PostgreSQL server binaries at %s to start a server of the test's own", PostgresBin)
	}
	sweepAbandoned()
	srv, err := newServer(true)
	if err != nil {
		t.Fatalf("postgres for tests: %v", err)
	}
	t.Cleanup(func() {
		srv.Stop("immediate")
		os.RemoveAll(srv.Dir)
	})
	return srv
}

// newServer initialises a data directory and starts a server on it.
func newServer(durable bool) (*Server, error) {
	if _, err := os.Stat(filepath.Join(PostgresBin, "initdb")); err != nil {
		return nil, fmt.Errorf("no PostgreSQL server binaries at %s (set SQUARES_TEST_POSTGRES_BIN or SQUARES_TEST_POSTGRES_URL): %w", PostgresBin, err)
	}
	dir, err := os.MkdirTemp("", "squares-pg-")
	if err != nil {
		return nil, err
	}
	srv := &Server{Dir: dir, durable: durable}
	// The owner file lets a later run stop this server if this process dies without stopping it.
	if err := os.WriteFile(filepath.Join(dir, "owner.pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return nil, err
	}
	// PostgreSQL refuses to run as root; as root, run it as the postgres user.
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("running as root needs a postgres user to run the server as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, err
		}
		srv.asUser = "postgres"
	}
	if srv.Port, err = freePort(); err != nil {
		return nil, err
	}
	if out, err := pgCommandAs(srv.asUser, "initdb", "-D", srv.data(), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	return srv, srv.Start()
}

func (s *Server) data() string { return filepath.Join(s.Dir, "data") }

// URL is the server's address, postgres://postgres@127.0.0.1:PORT, without a database.
func (s *Server) URL() string { return fmt.Sprintf("postgres://postgres@127.0.0.1:%d", s.Port) }

// Start starts the server (again) on its data directory and port, and waits until it accepts connections.
func (s *Server) Start() error {
	// fsync stays off even when durable: the tests crash the server's processes, never the machine.
	sync := "off"
	if s.durable {
		sync = "on"
	}
	opts := fmt.Sprintf("-p %d -k %s -h 127.0.0.1 -c fsync=off -c synchronous_commit=%s -c full_page_writes=off -c max_connections=300", s.Port, s.Dir, sync)
	if out, err := pgCommandAs(s.asUser, "pg_ctl", "-D", s.data(), "-o", opts, "-l", filepath.Join(s.Dir, "server.log"), "-w", "-t", "60", "start").CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(s.Dir, "server.log"))
		return fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	return nil
}

// Stop stops the server with pg_ctl's shutdown mode: smart, fast (every session ended, transactions
// rolled back) or immediate (no clean shutdown: recovery at the next start).
func (s *Server) Stop(mode string) error {
	if out, err := pgCommandAs(s.asUser, "pg_ctl", "-D", s.data(), "-m", mode, "-w", "-t", "60", "stop").CombinedOutput(); err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return nil
}

// Database creates a fresh, empty database on the server and returns its URL.
func (s *Server) Database(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("t_%d_%d", os.Getpid(), dbCounter.Add(1))
	admin, err := sql.Open("pgx", s.URL()+"/postgres?sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	return s.URL() + "/" + name + "?sslmode=disable"
}
