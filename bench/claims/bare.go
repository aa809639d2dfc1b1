package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the SQLite driver the store uses

	"github.com/squaresapp/squares/bench/internal/loadenv"
)

// bareServer is the baseline a claim is measured against: net/http, a session cookie looked up in a map,
// the same JSON body decoded, and one INSERT into a table with the same unique key on (pool, row, column),
// through the same driver and connection limits as the store (one writer connection for SQLite; 32 for
// PostgreSQL), with the statement prepared once.
type bareServer struct {
	db     *sql.DB
	insert *sql.Stmt
	users  map[string]int64
	srv    *http.Server
	url    string
}

func startBare(ctx context.Context, url string, players []loadenv.Player) (*bareServer, error) {
	b := &bareServer{users: map[string]int64{}}
	var err error
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		b.db, err = sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_time_format=sqlite")
		b.db.SetMaxOpenConns(1)
	} else {
		b.db, err = sql.Open("pgx", url)
		b.db.SetMaxOpenConns(32)
		b.db.SetMaxIdleConns(16)
	}
	if err != nil {
		return nil, err
	}
	if _, err := b.db.ExecContext(ctx, `CREATE TABLE squares (id INTEGER NOT NULL, pool_id INTEGER NOT NULL,
		row_idx INTEGER NOT NULL, col_idx INTEGER NOT NULL, user_id INTEGER NOT NULL, created_at TIMESTAMP NOT NULL,
		UNIQUE (pool_id, row_idx, col_idx))`); err != nil {
		b.db.Close()
		return nil, err
	}
	ph := "?, ?, ?, ?, ?"
	if !strings.HasPrefix(url, "sqlite:") {
		ph = "$1, $2, $3, $4, $5"
	}
	if b.insert, err = b.db.PrepareContext(ctx, `INSERT INTO squares (id, pool_id, row_idx, col_idx, user_id, created_at)
		VALUES (0, `+ph+`)`); err != nil {
		b.db.Close()
		return nil, err
	}
	for _, p := range players {
		b.users[strings.TrimPrefix(p.Cookie, "squares_session=")] = p.User.ID
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/pools/{id}/squares", b.claim)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.db.Close()
		return nil, err
	}
	b.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	b.url = "http://" + l.Addr().String()
	go b.srv.Serve(l)
	return b, nil
}

func (b *bareServer) claim(w http.ResponseWriter, r *http.Request) {
	var user int64
	ok := false
	if c, err := r.Cookie("squares_session"); err == nil {
		user, ok = b.users[c.Value]
	}
	if !ok {
		http.Error(w, `{"message":"sign in"}`, http.StatusUnauthorized)
		return
	}
	pool, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	var req struct{ Row, Column *int }
	if err != nil || json.NewDecoder(r.Body).Decode(&req) != nil || req.Row == nil || req.Column == nil {
		http.Error(w, `{"message":"bad request"}`, http.StatusBadRequest)
		return
	}
	_, err = b.insert.ExecContext(r.Context(), pool, *req.Row, *req.Column, user, time.Now().UTC())
	w.Header().Set("Content-Type", "application/json")
	switch {
	case err == nil:
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"square":{"poolId":%d,"row":%d,"column":%d}}`, pool, *req.Row, *req.Column)
	case isUnique(err):
		w.WriteHeader(http.StatusConflict)
		w.Write([]byte(`{"message":"That square is already taken."}`))
	default:
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"message":%q}`, err.Error())
	}
}

func isUnique(err error) bool {
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint") || strings.Contains(s, "23505")
}

func (b *bareServer) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b.srv.Shutdown(ctx)
	b.insert.Close()
	b.db.Close()
}

// verifyBare checks the baseline's table: as many rows as 201 answers, no square twice.
func verifyBare(ctx context.Context, b *bareServer, created int64) error {
	var rows, distinct int64
	if err := b.db.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT pool_id * 100 + row_idx * 10 + col_idx) FROM squares`).Scan(&rows, &distinct); err != nil {
		return err
	}
	if rows != created || distinct != rows {
		return errors.New(fmt.Sprintf("bare: %d rows, %d distinct squares, %d answered 201", rows, distinct, created))
	}
	return nil
}
