// Package loadenv starts what the load programs under bench/ measure: a fresh database (a SQLite file in a
// temporary directory, or a database on a throwaway PostgreSQL server), a real Squares server on it, open
// free pools and signed-in players. It replicates the few lines of store/storetest that need a testing.TB.
package loadenv

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, for the throwaway server's admin connection

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
)

// PostgresBin is where the PostgreSQL server binaries are (as for store/storetest).
var PostgresBin = envOr("SQUARES_TEST_POSTGRES_BIN", "/usr/lib/postgresql/15/bin")

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Env is a database, and once Serve has run, a server on it. Close removes everything it made.
type Env struct {
	URL    string
	DB     *store.DB
	Events squares.Events
	Server *squareshttp.Server
	Logger *slog.Logger

	dir     string
	pgData  string
	pgAsUsr string
	closers []func()
}

// New makes a fresh, migrated database of the engine. With databaseURL set it uses that database instead
// (PostgreSQL only; it must be empty or hold only what earlier runs of the same program made).
func New(ctx context.Context, engine, databaseURL string) (*Env, error) {
	e := &Env{Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	dir, err := os.MkdirTemp("", "squares-bench-")
	if err != nil {
		return nil, err
	}
	e.dir = dir
	switch {
	case databaseURL != "":
		e.URL = databaseURL
	case engine == store.SQLite:
		e.URL = "sqlite:" + filepath.Join(dir, "squares.db")
	case engine == store.Postgres:
		base, err := e.startPostgres()
		if err != nil {
			e.Close()
			return nil, err
		}
		admin, err := sql.Open("pgx", base+"/postgres?sslmode=disable")
		if err != nil {
			e.Close()
			return nil, err
		}
		_, err = admin.ExecContext(ctx, "CREATE DATABASE bench")
		admin.Close()
		if err != nil {
			e.Close()
			return nil, fmt.Errorf("create database: %w", err)
		}
		e.URL = base + "/bench?sslmode=disable"
	default:
		e.Close()
		return nil, fmt.Errorf("unknown engine %q: want sqlite or postgres", engine)
	}
	e.DB = store.New(e.URL)
	e.DB.Logger = e.Logger
	if err := e.DB.Open(ctx); err != nil {
		e.Close()
		return nil, err
	}
	e.closers = append(e.closers, func() { e.DB.Close() })
	return e, nil
}

// startPostgres starts a throwaway server in e.dir, as the postgres user when running as root, with the
// same settings as store/storetest (fsync off: the figures are about locking, not the disk).
func (e *Env) startPostgres() (string, error) {
	if _, err := os.Stat(filepath.Join(PostgresBin, "initdb")); err != nil {
		return "", fmt.Errorf("no PostgreSQL server binaries at %s (set SQUARES_TEST_POSTGRES_BIN or pass -database-url): %w", PostgresBin, err)
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return "", fmt.Errorf("running as root needs a postgres user to run the server as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(e.dir, uid, gid); err != nil {
			return "", err
		}
		e.pgAsUsr = "postgres"
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	data := filepath.Join(e.dir, "data")
	if out, err := e.pg("initdb", "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync").CombinedOutput(); err != nil {
		return "", fmt.Errorf("initdb: %v\n%s", err, out)
	}
	opts := fmt.Sprintf("-p %d -k %s -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300", port, e.dir)
	if out, err := e.pg("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(e.dir, "server.log"), "-w", "-t", "60", "start").CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(e.dir, "server.log"))
		return "", fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	e.pgData = data
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d", port), nil
}

func (e *Env) pg(name string, args ...string) *exec.Cmd {
	bin := filepath.Join(PostgresBin, name)
	if e.pgAsUsr != "" {
		return exec.Command("runuser", append([]string{"-u", e.pgAsUsr, "--", bin}, args...)...)
	}
	return exec.Command(bin, args...)
}

// Serve starts a server on port 0 with live updates, wired as cmd/squares wires them: in-process events
// for SQLite, LISTEN/NOTIFY for PostgreSQL. wrap, when set, may wrap the event bus the store publishes to.
func (e *Env) Serve(ctx context.Context, wrap func(squares.Events) squares.Events) error {
	var events squares.Events = pubsub.NewLocal(e.Logger)
	if e.DB.Engine() == store.Postgres {
		ps := pubsub.NewPostgres(e.URL, e.Logger)
		if err := ps.Open(ctx); err != nil {
			return err
		}
		e.closers = append(e.closers, func() { ps.Close() })
		events = ps
	}
	e.Events = events
	e.DB.Events = events
	if wrap != nil {
		e.DB.Events = wrap(events)
	}
	elig, err := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
	if err != nil {
		return err
	}
	srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true, Eligibility: elig}, e.DB, e.Logger)
	srv.Events = events
	if err := srv.Open(); err != nil {
		return err
	}
	e.Server = srv
	e.closers = append(e.closers, func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
	return nil
}

// Close stops the server, closes the database, stops PostgreSQL and removes the temporary directory.
func (e *Env) Close() {
	for i := len(e.closers) - 1; i >= 0; i-- {
		e.closers[i]()
	}
	e.closers = nil
	if e.pgData != "" {
		e.pg("pg_ctl", "-D", e.pgData, "-m", "immediate", "-w", "-t", "30", "stop").Run()
		e.pgData = ""
	}
	if e.dir != "" {
		os.RemoveAll(e.dir)
		e.dir = ""
	}
}

// OpenFreePools creates n games kicking off in three days (a minute apart) and opens the free pool of each.
func (e *Env) OpenFreePools(ctx context.Context, n int) ([]*squares.PoolView, error) {
	kickoff := time.Now().Add(72 * time.Hour).Truncate(time.Minute)
	out := make([]*squares.PoolView, 0, n)
	for i := 0; i < n; i++ {
		g := &squares.Game{LeagueID: squares.LeagueNFL, HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs",
			HomeTeamColor: "#00338D", AwayTeamColor: "#E31837", GameDate: kickoff.Add(time.Duration(i) * time.Minute),
			Status: squares.GameScheduled}
		if err := e.DB.CreateGame(ctx, g); err != nil {
			return nil, err
		}
		pools, err := e.DB.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
		if err != nil {
			return nil, err
		}
		var free *squares.PoolView
		for _, p := range pools {
			if p.IsFree() {
				free = p
			}
		}
		if free == nil {
			return nil, fmt.Errorf("game %d has no free pool", g.ID)
		}
		p, err := e.DB.SetPoolStatus(ctx, free.ID, squares.PoolActive)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Player is a verified player with a session; send Cookie with every request.
type Player struct {
	User   *squares.User
	Cookie string // "squares_session=TOKEN", the development-mode cookie
}

// CreatePlayers inserts n verified players through the store with one precomputed password hash, and a
// session each with a known token, as a sign-in would make it.
func (e *Env) CreatePlayers(ctx context.Context, n int) ([]Player, error) {
	hash, err := squares.HashPassword("load-test-password")
	if err != nil {
		return nil, err
	}
	out := make([]Player, n)
	for i := range out {
		u := &squares.User{Email: fmt.Sprintf("player%d@load.test", i), PasswordHash: hash, FirstName: "Load",
			LastName: fmt.Sprintf("Player%d", i), Role: squares.RoleUser, DateOfBirth: "1990-01-01",
			ResidenceState: "NY", ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
		if err := e.DB.CreateUser(ctx, u); err != nil {
			return nil, err
		}
		b := make([]byte, 32)
		rand.Read(b)
		token := base64.RawURLEncoding.EncodeToString(b)
		sum := sha256.Sum256([]byte(token))
		sess := &store.Session{TokenHash: hex.EncodeToString(sum[:]), UserID: u.ID, ExpiresAt: time.Now().Add(24 * time.Hour)}
		if err := e.DB.CreateSession(ctx, sess, ""); err != nil {
			return nil, err
		}
		out[i] = Player{User: u, Cookie: "squares_session=" + token}
	}
	return out, nil
}

// RawDB opens a second, plain connection to the database for checks that read tables directly.
func (e *Env) RawDB() (*sql.DB, error) {
	if path, ok := strings.CutPrefix(e.URL, "sqlite:"); ok {
		return sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=query_only(1)")
	}
	return sql.Open("pgx", e.URL)
}
