package store_test

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// wireProxy stands between the store and PostgreSQL and counts round trips: each time a connection's
// client sends after the server last answered is one. It reads the frontend protocol's messages to name
// the statements each round trip ran (the text of a Parse, found again by a Bind of its statement; "sync"
// for a Sync).
type wireProxy struct {
	l       net.Listener
	backend string
	mu      sync.Mutex
	trips   [][]string // the statements of each round trip since the last reset
}

func startWireProxy(t *testing.T, backend string) *wireProxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &wireProxy{l: l, backend: backend}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go p.serve(c)
		}
	}()
	return p
}

// proxied is a database URL with its host and port those of the proxy.
func (p *wireProxy) proxied(t *testing.T, raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = p.l.Addr().String()
	return u.String()
}

func (p *wireProxy) reset() {
	p.mu.Lock()
	p.trips = nil
	p.mu.Unlock()
}

// roundTrips returns the statements of each round trip since the last reset.
func (p *wireProxy) roundTrips() [][]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]string(nil), p.trips...)
}

// wireConn is one proxied connection: whether the server spoke last, and the prepared statements' texts.
type wireConn struct {
	mu         sync.Mutex
	serverLast bool
	trip       int // index of the connection's current round trip in p.trips, -1 before its first
	named      map[string]string
	buf        []byte
	started    bool
}

func (p *wireProxy) serve(client net.Conn) {
	server, err := net.Dial("tcp", p.backend)
	if err != nil {
		client.Close()
		return
	}
	wc := &wireConn{trip: -1, named: map[string]string{}, serverLast: true}
	done := make(chan struct{}, 2)
	go func() { // server -> client
		buf := make([]byte, 64<<10)
		for {
			n, err := server.Read(buf)
			if n > 0 {
				wc.mu.Lock()
				wc.serverLast = true
				wc.mu.Unlock()
				if _, err := client.Write(buf[:n]); err != nil {
					break
				}
			}
			if err != nil {
				break
			}
		}
		done <- struct{}{}
	}()
	go func() { // client -> server
		buf := make([]byte, 64<<10)
		for {
			n, err := client.Read(buf)
			if n > 0 {
				p.clientSent(wc, buf[:n])
				if _, err := server.Write(buf[:n]); err != nil {
					break
				}
			}
			if err != nil {
				break
			}
		}
		done <- struct{}{}
	}()
	<-done
	client.Close()
	server.Close()
	<-done
}

// clientSent counts a new round trip when the server spoke last, and names the statements the bytes run.
func (p *wireProxy) clientSent(wc *wireConn, b []byte) {
	wc.mu.Lock()
	defer wc.mu.Unlock()
	p.mu.Lock()
	defer p.mu.Unlock()
	if wc.serverLast {
		wc.serverLast = false
		p.trips = append(p.trips, nil)
		wc.trip = len(p.trips) - 1
	}
	wc.buf = append(wc.buf, b...)
	for {
		if !wc.started { // the startup message (or SSLRequest) has no type byte
			if len(wc.buf) < 8 {
				return
			}
			n := int(binary.BigEndian.Uint32(wc.buf))
			if len(wc.buf) < n {
				return
			}
			if binary.BigEndian.Uint32(wc.buf[4:]) != 80877103 { // not an SSLRequest
				wc.started = true
			}
			wc.buf = wc.buf[n:]
			continue
		}
		if len(wc.buf) < 5 {
			return
		}
		n := int(binary.BigEndian.Uint32(wc.buf[1:])) + 1
		if len(wc.buf) < n {
			return
		}
		kind, body := wc.buf[0], wc.buf[5:n]
		cstr := func(b []byte) (string, []byte) {
			i := strings.IndexByte(string(b), 0)
			if i < 0 {
				return string(b), nil
			}
			return string(b[:i]), b[i+1:]
		}
		stmt := ""
		switch kind {
		case 'Q':
			stmt, _ = cstr(body)
		case 'P':
			name, rest := cstr(body)
			text, _ := cstr(rest)
			wc.named[name] = text
			if name == "" {
				stmt = text
			} else {
				stmt = "(prepare) " + text
			}
		case 'S':
			stmt = "sync"
		case 'B':
			_, rest := cstr(body)
			name, _ := cstr(rest)
			if name != "" {
				stmt = wc.named[name]
			}
		}
		if stmt != "" && wc.trip >= 0 && wc.trip < len(p.trips) {
			p.trips[wc.trip] = append(p.trips[wc.trip], oneLine(stmt))
		}
		wc.buf = wc.buf[n:]
	}
}

// oneLine is a statement's text on one line, cut short.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 110 {
		s = s[:110] + "..."
	}
	return s
}

// overhead reports whether a round trip only prepared statements.
func overhead(trip []string) bool {
	prepared := false
	for _, s := range trip {
		switch {
		case strings.HasPrefix(s, "(prepare) "):
			prepared = true
		case s != "sync":
			return false
		}
	}
	return prepared
}

// busOn is a PostgreSQL event bus that says it is on the database at url (the proxied URL of the one it
// listens on), so that the store sends its NOTIFY within its transactions, through the proxy.
type busOn struct {
	*pubsub.Postgres
	url string
}

func (b busOn) DatabaseURL() string { return b.url }

// What a claim costs in round trips at most: a claim that takes its squares; one the rules refuse.
const (
	claimRoundTrips   = 2
	refusedRoundTrips = 2
)

// TestClaimRoundTrips counts the round trips between the store and PostgreSQL of one claim of a free
// pool, from the store's call to the commit, with the event sent in the transaction (as cmd/squares wires
// it), once the connection's statements are prepared: a claim that takes a square, one refused for a
// square already taken, one refused by the limit. It logs the statements of each.
func TestClaimRoundTrips(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		if engine != store.Postgres {
			t.Skip("round trips are PostgreSQL's: SQLite runs in the process")
		}
		ctx := context.Background()
		raw := storetest.URL(t, engine)
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		proxy := startWireProxy(t, u.Host)
		db := store.New(proxy.proxied(t, raw))
		if err := db.Open(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		bus := pubsub.NewPostgres(raw, nil)
		if err := bus.Open(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { bus.Close() })
		db.Events = busOn{bus, db.URL}

		p, users := raceFixture(t, db, 3)
		claim := func(u *squares.User, row, col int) error {
			_, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: []squares.Cell{{Row: row, Column: col}}})
			return err
		}
		// Warm the connections: every statement prepared on each of them (the pool keeps 16 idle).
		for i := range 5 {
			if err := claim(users[0], 0, i); err != nil {
				t.Fatal(err)
			}
		}
		for range 3 {
			if err := claim(users[1], 0, 0); squares.ErrorCode(err) != squares.ECONFLICT {
				t.Fatalf("claim of a taken square: %v", err)
			}
			if err := claim(users[0], 9, 9); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
				t.Fatalf("claim past the limit: %v", err)
			}
		}
		cases := []struct {
			name                    string
			run                     func() error
			want                    string
			maxTrips, maxStatements int
		}{
			// A batch of one claim (claimBatchPostgres): BEGIN, the locks, the pools' read, the claims' read;
			// the write, the NOTIFY, COMMIT (or ROLLBACK). A batch of n claims sends as many statements.
			{"taken", func() error { return claim(users[1], 1, 1) }, "", claimRoundTrips, 7},
			{"square already taken", func() error { return claim(users[2], 1, 1) }, squares.ECONFLICT, refusedRoundTrips, 5},
			{"over the limit", func() error { return claim(users[0], 9, 8) }, squares.EUNPROCESSABLE, refusedRoundTrips, 5},
		}
		for _, c := range cases {
			// Settle: the previous claim's answer is read, and the bus's listener is idle.
			time.Sleep(20 * time.Millisecond)
			proxy.reset()
			if err := c.run(); squares.ErrorCode(err) != c.want {
				t.Fatalf("%s: %v", c.name, err)
			}
			var b strings.Builder
			n, statements := 0, 0
			for _, tr := range proxy.roundTrips() {
				if overhead(tr) || (n == 0 && strings.Join(tr, "") == "sync") {
					// A statement prepared on a connection that had not run it yet, or database/sql's ping
					// (a Sync) of a connection idle for a second before lending it: once per connection,
					// not per claim under load.
					fmt.Fprintf(&b, "\n  -. %s", strings.Join(tr, " | "))
					continue
				}
				n++
				for _, s := range tr {
					if s != "sync" {
						statements++
					}
				}
				fmt.Fprintf(&b, "\n  %d. %s", n, strings.Join(tr, " | "))
			}
			t.Logf("%s: %d round trips, %d statements:%s", c.name, n, statements, b.String())
			if n > c.maxTrips || statements > c.maxStatements {
				t.Errorf("%s: %d round trips and %d statements, want at most %d and %d", c.name, n, statements,
					c.maxTrips, c.maxStatements)
			}
		}
	})
}

// TestClaimSettingsEndWithTheClaim: the planner setting a PostgreSQL claim makes for its transaction
// (plan_cache_mode, claimLockSQL) ends with it, whether the claim commits or is refused: the connection's
// next statements are planned as before.
func TestClaimSettingsEndWithTheClaim(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		if engine != store.Postgres {
			t.Skip("a setting of PostgreSQL's")
		}
		ctx := context.Background()
		db := storetest.Open(t, engine)
		p, users := raceFixture(t, db, 2)
		db.OneConnection()
		mode := func(when string) {
			t.Helper()
			var m string
			if err := db.QueryRow(ctx, "SHOW plan_cache_mode", nil, &m); err != nil {
				t.Fatal(err)
			}
			if m != "auto" {
				t.Errorf("%s: plan_cache_mode %q on the claim's connection, want auto", when, m)
			}
		}
		claim := func(u *squares.User) error {
			_, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: []squares.Cell{{Row: 2, Column: 3}}})
			return err
		}
		mode("before a claim")
		if err := claim(users[0]); err != nil {
			t.Fatal(err)
		}
		mode("after a claim")
		if err := claim(users[1]); squares.ErrorCode(err) != squares.ECONFLICT {
			t.Fatalf("claim of a taken square: %v", err)
		}
		mode("after a refused claim")
	})
}

// TestClaimReadsAfterTheLock: a claim that waited for the pool's lock reads the sale as the transaction
// that held it left it. Another transaction locks the pool and gives the player their fifth square; the
// player's claim of one more waits for the lock, and once that transaction commits, is refused by the limit
// (a read evaluated on the snapshot of before the wait would count four and sell a sixth).
func TestClaimReadsAfterTheLock(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		if engine != store.Postgres {
			t.Skip("SQLite runs one writer at a time: no claim waits inside its transaction")
		}
		ctx := context.Background()
		db := storetest.Open(t, engine)
		p, users := raceFixture(t, db, 1)
		ann := users[0]
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: ann, Cells: cellsFrom(0, 4)}); err != nil {
			t.Fatal(err)
		}
		raw, err := sql.Open("pgx", db.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		other, err := raw.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Rollback()
		if _, err := other.ExecContext(ctx, `SELECT id FROM pools WHERE id = $1 FOR UPDATE`, p.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := other.ExecContext(ctx, `INSERT INTO squares (pool_id, row_idx, col_idx, user_id, is_house, state,
			purchase_price_cents, purchased_at, created_at) VALUES ($1, 5, 5, $2, FALSE, 'owned', 0, now(), now())`, p.ID, ann.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := other.ExecContext(ctx, `UPDATE pools SET squares_taken = squares_taken + 1 WHERE id = $1`, p.ID); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := db.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: ann, Cells: []squares.Cell{{Row: 7, Column: 7}}})
			done <- err
		}()
		// Wait until the claim waits for the lock.
		waitForALockWait(t, raw, "the claim never waited for the pool's lock")
		if err := other.Commit(); err != nil {
			t.Fatal(err)
		}
		wantCode(t, <-done, squares.EUNPROCESSABLE,
			"You can only select 5 squares at a time. Remove a selected square first to select a different one.")
		sqs, err := db.ListSquares(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(sqs) != 5 {
			t.Errorf("%d squares, want 5", len(sqs))
		}
	})
}
