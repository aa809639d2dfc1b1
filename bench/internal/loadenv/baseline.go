// The Env's other parts for baselines: a bare database beside the server's, and a second instance.

package loadenv

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
)

// PostgresDir is the throwaway PostgreSQL server's data directory, "" for SQLite or -database-url.
func (e *Env) PostgresDir() string { return e.pgData }

// BareURL makes a second, empty database next to the Squares one, for a bare baseline: a SQLite file in
// the same directory, or a database on the same PostgreSQL server.
func (e *Env) BareURL(ctx context.Context) (string, error) {
	if path, ok := strings.CutPrefix(e.URL, "sqlite:"); ok {
		return "sqlite:" + filepath.Join(filepath.Dir(path), "bare.db"), nil
	}
	admin, err := sql.Open("pgx", e.URL)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS bare"); err != nil {
		return "", err
	}
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE bare"); err != nil {
		return "", err
	}
	i := strings.LastIndex(e.URL, "/")
	rest := e.URL[i+1:]
	q := ""
	if j := strings.IndexByte(rest, '?'); j >= 0 {
		q = rest[j:]
	}
	return e.URL[:i+1] + "bare" + q, nil
}

// ServeSecond starts a second instance on the same PostgreSQL database, as a second machine would run:
// its own store connections, its own LISTEN/NOTIFY bus, its own server on port 0. Close stops it too.
func (e *Env) ServeSecond(ctx context.Context) (*squareshttp.Server, error) {
	if e.DB.Engine() != store.Postgres {
		return nil, fmt.Errorf("a second instance needs PostgreSQL")
	}
	db := store.New(e.URL)
	db.Logger = e.Logger
	if err := db.Open(ctx); err != nil {
		return nil, err
	}
	e.closers = append(e.closers, func() { db.Close() })
	ps := pubsub.NewPostgres(e.URL, e.Logger)
	if err := ps.Open(ctx); err != nil {
		return nil, err
	}
	e.closers = append(e.closers, func() { ps.Close() })
	db.Events = ps
	elig, err := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
	if err != nil {
		return nil, err
	}
	srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true, Eligibility: elig}, db, e.Logger)
	srv.Events = ps
	if err := srv.Open(); err != nil {
		return nil, err
	}
	e.closers = append(e.closers, func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
	return srv, nil
}
