package sqlite

import (
	"container/list"
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// stmtCacheSize is how many statements each SQLite connection keeps prepared, the least recently used
// finalized first. The store has a few hundred statement texts; the hot ones stay.
const stmtCacheSize = 256

// The SQLite driver parses and plans a statement from its text on every call that is not made on a
// prepared statement, and database/sql prepares one only for the call's duration: about a third of a claim's
// CPU went to parsing. stmtCacheConnector opens connections that keep each statement prepared after its first
// use and hand it out again for the same text, transparently to every caller of database/sql (the store's
// helpers, goose). PostgreSQL needs none of this: pgx caches statements per connection itself.
type stmtCacheConnector struct {
	driver.Connector
	// serial, when set, numbers the connections (WriteMark): the writer's.
	serial *atomic.Int64
}

// newConnector returns a connector to the SQLite database of dsn whose connections cache their
// statements (stmtCacheConnector), numbered when numbered is set (WriteMark).
func newConnector(dsn string, numbered bool) (driver.Connector, error) {
	base, err := msqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	c := stmtCacheConnector{Connector: base}
	if numbered {
		c.serial = new(atomic.Int64)
	}
	return c, nil
}

// Connect opens a connection with an empty statement cache.
func (c stmtCacheConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	inner, ok := conn.(sqliteConn)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("sqlite: connection %T lacks the interfaces the statement cache needs", conn)
	}
	if c.serial != nil {
		if err := markConn(ctx, inner, c.serial.Add(1)); err != nil {
			conn.Close()
			return nil, err
		}
	}
	return &stmtCacheConn{inner: inner, max: stmtCacheSize, stmts: map[string]*list.Element{}}, nil
}

// sqliteConn is what the statement cache needs of the driver's connection.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// sqliteStmt is what the statement cache needs of the driver's statement.
type sqliteStmt interface {
	driver.Stmt
	driver.StmtExecContext
	driver.StmtQueryContext
}

// stmtCacheConn is a SQLite connection that keeps its statements prepared. It deliberately does not
// implement driver.ExecerContext or driver.QueryerContext, so that database/sql prepares every statement
// through PrepareContext (served from the cache) and closes it when done (back into the cache).
// database/sql never uses a connection from two goroutines at once; the mutex only keeps the cache
// consistent should a statement be closed from elsewhere.
type stmtCacheConn struct {
	inner sqliteConn
	max   int

	mu    sync.Mutex
	stmts map[string]*list.Element // of *cachedStmt, by text
	lru   list.List                // most recently used first
}

// cachedStmt is a statement of a connection's cache, lent to one caller at a time.
type cachedStmt struct {
	conn  *stmtCacheConn
	query string
	inner sqliteStmt
	// busy: lent out, until database/sql closes it (after an Exec, or when the rows of a Query close).
	busy bool
	// cached: in the cache; an evicted statement is finalized when it is given back.
	cached bool
	elem   *list.Element
}

// PrepareContext lends the connection's prepared statement for query, preparing it on first use. A
// statement already lent out (its rows still open while a caller runs the same text again, nested) cannot
// be run twice at once: that caller gets a statement of its own, finalized when closed.
func (c *stmtCacheConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	c.mu.Lock()
	if e, ok := c.stmts[query]; ok {
		s := e.Value.(*cachedStmt)
		if !s.busy {
			s.busy = true
			c.lru.MoveToFront(e)
			c.mu.Unlock()
			return s, nil
		}
		c.mu.Unlock()
		return c.inner.PrepareContext(ctx, query)
	}
	c.mu.Unlock()
	st, err := c.inner.PrepareContext(ctx, query)
	if err != nil || !cacheable(query) {
		return st, err
	}
	inner, ok := st.(sqliteStmt)
	if !ok {
		return st, nil
	}
	s := &cachedStmt{conn: c, query: query, inner: inner, busy: true, cached: true}
	var evicted []sqliteStmt
	c.mu.Lock()
	s.elem = c.lru.PushFront(s)
	c.stmts[query] = s.elem
	for c.lru.Len() > c.max {
		old := c.lru.Back().Value.(*cachedStmt)
		c.evictLocked(old)
		if !old.busy {
			evicted = append(evicted, old.inner)
		}
	}
	c.mu.Unlock()
	for _, st := range evicted {
		st.Close()
	}
	return s, nil
}

func (c *stmtCacheConn) evictLocked(s *cachedStmt) {
	c.lru.Remove(s.elem)
	delete(c.stmts, s.query)
	s.cached = false
}

// Prepare is PrepareContext without a context.
func (c *stmtCacheConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

// Close finalizes the cached statements, then closes the connection. database/sql closes a connection's
// statements before the connection.
func (c *stmtCacheConn) Close() error {
	c.mu.Lock()
	var all []sqliteStmt
	for e := c.lru.Front(); e != nil; e = e.Next() {
		s := e.Value.(*cachedStmt)
		s.cached = false
		if !s.busy {
			all = append(all, s.inner)
		}
	}
	c.stmts, c.lru = map[string]*list.Element{}, list.List{}
	c.mu.Unlock()
	for _, st := range all {
		st.Close()
	}
	return c.inner.Close()
}

// Begin starts a transaction (deprecated by database/sql, which calls BeginTx).
func (c *stmtCacheConn) Begin() (driver.Tx, error) {
	return c.inner.BeginTx(context.Background(), driver.TxOptions{})
}

// BeginTx starts a transaction.
func (c *stmtCacheConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.inner.BeginTx(ctx, opts)
}

// Ping checks the connection.
func (c *stmtCacheConn) Ping(ctx context.Context) error { return c.inner.Ping(ctx) }

// ResetSession is called before the connection is reused.
func (c *stmtCacheConn) ResetSession(ctx context.Context) error { return c.inner.ResetSession(ctx) }

// IsValid reports whether the connection may go back to the pool.
func (c *stmtCacheConn) IsValid() bool { return c.inner.IsValid() }

// Close gives the statement back to its connection's cache (or finalizes it when it was evicted meanwhile).
func (s *cachedStmt) Close() error {
	c := s.conn
	c.mu.Lock()
	s.busy = false
	keep := s.cached
	c.mu.Unlock()
	if keep {
		return nil
	}
	return s.inner.Close()
}

// NumInput is the driver's answer: -1, database/sql does not check the argument count.
func (s *cachedStmt) NumInput() int { return s.inner.NumInput() }

// Exec runs the statement without a context (deprecated by database/sql, which calls ExecContext).
func (s *cachedStmt) Exec(args []driver.Value) (driver.Result, error) {
	return s.ExecContext(context.Background(), namedValues(args))
}

// Query runs the statement without a context (deprecated by database/sql, which calls QueryContext).
func (s *cachedStmt) Query(args []driver.Value) (driver.Rows, error) {
	return s.QueryContext(context.Background(), namedValues(args))
}

// ExecContext runs the statement.
func (s *cachedStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	r, err := s.inner.ExecContext(ctx, args)
	if schemaChanged(err) && s.reprepare(ctx) == nil {
		r, err = s.inner.ExecContext(ctx, args)
	}
	return r, err
}

// QueryContext runs the statement; its rows are read before the statement is closed.
func (s *cachedStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	r, err := s.inner.QueryContext(ctx, args)
	if schemaChanged(err) && s.reprepare(ctx) == nil {
		r, err = s.inner.QueryContext(ctx, args)
	}
	return r, err
}

// reprepare replaces the statement with one prepared from its text again. SQLite recompiles a statement
// whose schema changed by itself and reports SQLITE_SCHEMA only when that keeps failing; a statement
// prepared afresh is the last resort before the error goes to the caller.
func (s *cachedStmt) reprepare(ctx context.Context) error {
	st, err := s.conn.inner.PrepareContext(ctx, s.query)
	if err != nil {
		return err
	}
	fresh, ok := st.(sqliteStmt)
	if !ok {
		st.Close()
		return errors.New("sqlite: statement lacks the interfaces the statement cache needs")
	}
	s.inner.Close()
	s.inner = fresh
	return nil
}

// cacheable reports whether a statement is worth keeping: queries and changes of rows, run again and
// again; not the schema changes of migrations, run once.
func cacheable(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n(")
	for _, kw := range []string{"SELECT", "INSERT", "UPDATE", "DELETE", "WITH"} {
		if len(q) >= len(kw) && strings.EqualFold(q[:len(kw)], kw) {
			return true
		}
	}
	return false
}

// schemaChanged reports whether err is SQLite's "database schema has changed" (SQLITE_SCHEMA).
func schemaChanged(err error) bool {
	var e *msqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_SCHEMA
}

// CachedStatements returns the texts a connection of this package keeps prepared, most recently used
// first, for tests; conn is the driver's connection (database/sql's Conn.Raw). ok is false for a
// connection of another driver.
func CachedStatements(conn any) (texts []string, ok bool) {
	c, ok := conn.(*stmtCacheConn)
	if !ok {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	texts = []string{}
	for e := c.lru.Front(); e != nil; e = e.Next() {
		texts = append(texts, e.Value.(*cachedStmt).query)
	}
	return texts, true
}

func namedValues(args []driver.Value) []driver.NamedValue {
	out := make([]driver.NamedValue, len(args))
	for i, v := range args {
		out[i] = driver.NamedValue{Ordinal: i + 1, Value: v}
	}
	return out
}
