package http_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// liveServer is a server with live updates on its own database (or a shared one).
type liveServer struct {
	*squareshttp.Server
	db *store.DB
}

// startLive starts a server with live updates on the database at url: in-process events for SQLite,
// LISTEN/NOTIFY for PostgreSQL, as cmd/squares wires them. configure, if any, changes the configuration.
func startLive(t *testing.T, url string, configure ...func(*squareshttp.Config)) *liveServer {
	t.Helper()
	ctx := context.Background()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	db := store.New(url)
	if err := db.Open(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var events squares.Events = pubsub.NewLocal(logger)
	if db.Engine() == store.Postgres {
		ps := pubsub.NewPostgres(url, logger)
		if err := ps.Open(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ps.Close() })
		events = ps
	}
	db.Events = events
	elig, _ := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
	cfg := squareshttp.Config{Addr: "127.0.0.1:0", Dev: true, Eligibility: elig}
	for _, c := range configure {
		c(&cfg)
	}
	srv := squareshttp.NewServer(cfg, db, logger)
	srv.Events = events
	wire(srv)
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
	return &liveServer{Server: srv, db: db}
}

// openFreePool makes a game four days out with its free pool open for sale.
func openFreePool(t *testing.T, db *store.DB) *squares.PoolView {
	t.Helper()
	return storetest.OpenFreePool(t, db, time.Now().Add(96*time.Hour))
}

// player registers a verified player on the server and returns a client holding the session.
func player(t *testing.T, baseURL, email string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	body := fmt.Sprintf(`{"email":%q,"password":"correct horse","firstName":"Pat","lastName":"Lee","dateOfBirth":"1990-01-01","residenceState":"NY"}`, email)
	resp, err := c.Post(baseURL+"/api/auth/register", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("register %s: %d", email, resp.StatusCode)
	}
	return c
}

func claim(t *testing.T, c *http.Client, baseURL string, poolID int64, row, col int) int {
	t.Helper()
	resp, err := c.Post(fmt.Sprintf("%s/api/pools/%d/squares", baseURL, poolID), "application/json",
		bytes.NewReader([]byte(fmt.Sprintf(`{"row":%d,"column":%d}`, row, col))))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func dialWS(t *testing.T, baseURL string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(baseURL, "http")+"/ws", nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return c
}

func sendWS(t *testing.T, c *websocket.Conn, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	if err := c.Write(context.Background(), websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
}

// readUntil reads messages until one has the given type, failing after a generous deadline.
func readUntil(t *testing.T, c *websocket.Conn, typ string) map[string]any {
	t.Helper()
	return readMatching(t, c, typ, func(map[string]any) bool { return true })
}

// readMatching reads messages until one has the given type and satisfies ok; earlier messages (such as the
// update of a pool's opening, which may arrive after a subscription) are skipped.
func readMatching(t *testing.T, c *websocket.Conn, typ string, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for %q: %v", typ, err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("bad frame %s: %v", data, err)
		}
		if m["type"] == typ && ok(m) {
			return m
		}
	}
}

func TestWebsocketPoolUpdates(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		srv := startLive(t, storetest.URL(t, engine))
		p := openFreePool(t, srv.db)
		ws := dialWS(t, srv.URL())
		sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": p.ID})
		if m := readUntil(t, ws, "subscribed"); m["poolId"] != float64(p.ID) {
			t.Fatalf("subscribed = %v", m)
		}
		alice := player(t, srv.URL(), "alice@example.com")
		if code := claim(t, alice, srv.URL(), p.ID, 3, 7); code != http.StatusCreated {
			t.Fatalf("claim = %d", code)
		}
		m := readMatching(t, ws, "poolUpdate", hasSquare(3, 7))
		if m["poolId"] != float64(p.ID) {
			t.Fatalf("poolUpdate for %v", m["poolId"])
		}
		sqs := m["squares"].([]any)
		if len(sqs) != 1 {
			t.Fatalf("squares = %v", sqs)
		}
		sq := sqs[0].(map[string]any)
		if sq["row"] != float64(3) || sq["column"] != float64(7) || sq["user"].(map[string]any)["firstName"] != "Pat" {
			t.Fatalf("square = %v", sq)
		}
		if pool := m["pool"].(map[string]any); pool["currentParticipants"] != float64(1) {
			t.Fatalf("pool = %v", pool)
		}

		// After unsubscribing, another claim sends nothing more for the pool: the next frame is the
		// answer to a ping.
		sendWS(t, ws, map[string]any{"type": "unsubscribe", "poolId": p.ID})
		readUntil(t, ws, "unsubscribed")
		if code := claim(t, alice, srv.URL(), p.ID, 4, 4); code != http.StatusCreated {
			t.Fatalf("claim = %d", code)
		}
		sendWS(t, ws, map[string]any{"type": "ping"})
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, data, err := ws.Read(ctx)
		if err != nil || !strings.Contains(string(data), `"pong"`) {
			t.Fatalf("after unsubscribe got %s, %v", data, err)
		}
	})
}

func TestWebsocketGameUpdates(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	p := openFreePool(t, srv.db)
	ws := dialWS(t, srv.URL())
	sendWS(t, ws, map[string]any{"type": "subscribeToGame", "gameId": p.GameID})
	readUntil(t, ws, "subscribed")
	sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": p.ID})
	readUntil(t, ws, "subscribed")
	srv.db.Events.Publish(context.Background(), squares.Event{Kind: squares.EventGame, GameID: p.GameID})
	g := readUntil(t, ws, "gameUpdate")
	if g["gameId"] != float64(p.GameID) || g["status"] != "scheduled" {
		t.Fatalf("gameUpdate = %v", g)
	}
	pu := readUntil(t, ws, "poolUpdate")
	if pu["poolId"] != float64(p.ID) || pu["gameUpdate"] == nil {
		t.Fatalf("poolUpdate = %v", pu)
	}
}

func TestWebsocketBadMessages(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	ws := dialWS(t, srv.URL())
	for _, msg := range []string{`not json`, `{"type":"dance"}`, `{"type":"subscribe"}`,
		`{"type":"subscribe","poolId":999999}`, `{"type":"subscribeToGame","gameId":"x"}`} {
		if err := ws.Write(context.Background(), websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		if m := readUntil(t, ws, "error"); m["message"] == "" {
			t.Fatalf("%s: error frame without message", msg)
		}
	}
	// The connection survives bad messages.
	sendWS(t, ws, map[string]any{"type": "ping"})
	readUntil(t, ws, "pong")
}

func TestWebsocketFloodIsCut(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	ws := dialWS(t, srv.URL())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Far more messages than the per-connection rate allows; the server closes with policy violation.
	go func() {
		for i := 0; i < 200; i++ {
			if ws.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`)) != nil {
				return
			}
		}
	}()
	for {
		_, _, err := ws.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("closed with %v, want policy violation", err)
			}
			return
		}
	}
}

func TestWebsocketRefusesOtherOrigins(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL(), "http")+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("dial from another origin: %v, %v", resp, err)
	}
}

// TestWebsocketAcrossInstances runs two servers on one PostgreSQL database: a claim made through one
// reaches a websocket of the other through LISTEN/NOTIFY.
func TestWebsocketAcrossInstances(t *testing.T) {
	url := storetest.URL(t, store.Postgres)
	a, b := startLive(t, url), startLive(t, url)
	p := openFreePool(t, a.db)
	ws := dialWS(t, b.URL())
	sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": p.ID})
	readUntil(t, ws, "subscribed")
	bob := player(t, a.URL(), "bob@example.com")
	if code := claim(t, bob, a.URL(), p.ID, 0, 0); code != http.StatusCreated {
		t.Fatalf("claim on a = %d", code)
	}
	m := readMatching(t, ws, "poolUpdate", hasSquare(0, 0))
	if m["poolId"] != float64(p.ID) {
		t.Fatalf("b saw %v", m)
	}
}

func TestWebsocketShutdownClosesConnections(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	ws := dialWS(t, srv.URL())
	sendWS(t, ws, map[string]any{"type": "ping"})
	readUntil(t, ws, "pong")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The browser side keeps reading, as a browser does, so it answers the server's close handshake.
	read := make(chan error, 1)
	go func() {
		_, _, err := ws.Read(ctx)
		read <- err
	}()
	if err := srv.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-read; websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("after shutdown: %v, want going away", err)
	}
}

// hasSquare reports whether a poolUpdate carries the square at row, col.
func hasSquare(row, col int) func(map[string]any) bool {
	return func(m map[string]any) bool {
		sqs, _ := m["squares"].([]any)
		for _, s := range sqs {
			sq, _ := s.(map[string]any)
			if sq["row"] == float64(row) && sq["column"] == float64(col) {
				return true
			}
		}
		return false
	}
}

// TestWebsocketSlowClientDropped: a subscriber that stops reading is dropped, and the server closes its
// connection, while a subscriber that keeps reading gets every update of the same pool.
func TestWebsocketSlowClientDropped(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	p := openFreePool(t, srv.db)
	ctx := context.Background()

	// The slow client speaks websocket by hand, subscribes, and never reads again.
	raw, err := net.Dial("tcp", srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	fmt.Fprintf(raw, "GET /ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", srv.Addr())
	br := bufio.NewReader(raw)
	status, err := br.ReadString('\n')
	if err != nil || !strings.HasPrefix(status, "HTTP/1.1 101") {
		t.Fatalf("upgrade: %q, %v", status, err)
	}
	msg := fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, p.ID)
	mask := []byte{1, 2, 3, 4}
	frame := append([]byte{0x81, 0x80 | byte(len(msg))}, mask...)
	for i := range len(msg) {
		frame = append(frame, msg[i]^mask[i%4])
	}
	if _, err := raw.Write(frame); err != nil {
		t.Fatal(err)
	}
	// Read the upgrade's headers and the "subscribed" frame, then stop reading.
	_, reply, err := readFirstFrame(t, br)
	if err != nil || !strings.Contains(string(reply), `"subscribed"`) {
		t.Fatalf("slow client's subscription: %s, %v", reply, err)
	}

	good := dialWS(t, srv.URL())
	sendWS(t, good, map[string]any{"type": "subscribe", "poolId": p.ID})
	readUntil(t, good, "subscribed")

	// Publish in batches, each read in full by the good client, until far more has been sent than the
	// slow client's socket buffers can hold (about 7 MB).
	received := 0
	for batch := 0; batch < 80; batch++ {
		for i := 0; i < 50; i++ {
			srv.db.Events.Publish(ctx, squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID})
		}
		for i := 0; i < 50; i++ {
			readUntil(t, good, "poolUpdate")
			received++
		}
	}
	if received != 4000 {
		t.Fatalf("good client received %d updates", received)
	}
	// The slow client's stream ends: reading what is buffered reaches the close, not a timeout.
	raw.SetReadDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.Copy(io.Discard, br); err != nil {
		t.Fatalf("slow client was not dropped: %v", err)
	}
}

// TestWebsocketResyncSendsWatchedAfresh: a claim whose event this instance missed (made through a store
// that publishes nothing, as when the PostgreSQL listener was down) reaches the pool's watcher once a
// resync event is delivered: the pool whole (the claimed square, and every other cell released), and
// the watched game.
func TestWebsocketResyncSendsWatchedAfresh(t *testing.T) {
	ctx := context.Background()
	url := storetest.URL(t, store.SQLite)
	srv := startLive(t, url)
	p := openFreePool(t, srv.db)
	player(t, srv.URL(), "quiet@example.com")
	ws := dialWS(t, srv.URL())
	sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": p.ID})
	readUntil(t, ws, "subscribed")
	sendWS(t, ws, map[string]any{"type": "subscribeToGame", "gameId": p.GameID})
	readUntil(t, ws, "subscribed")

	quiet := store.New(url) // no Events: its changes reach no one
	if err := quiet.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer quiet.Close()
	u, err := quiet.FindUserByEmail(ctx, "quiet@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := quiet.ClaimSquares(ctx, store.Claim{PoolID: p.ID, User: u, Cells: []squares.Cell{{Row: 2, Column: 5}}}); err != nil {
		t.Fatal(err)
	}
	// Missed: the next frame is the answer to a ping.
	sendWS(t, ws, map[string]any{"type": "ping"})
	readUntil(t, ws, "pong")

	if err := srv.db.Events.Publish(ctx, squares.Event{Kind: squares.EventResync}); err != nil {
		t.Fatal(err)
	}
	// The game's update comes first, then the pool whole.
	if g := readUntil(t, ws, "gameUpdate"); g["gameId"] != float64(p.GameID) {
		t.Fatalf("gameUpdate = %v", g)
	}
	m := readMatching(t, ws, "poolUpdate", hasSquare(2, 5))
	if released := m["released"].([]any); len(released) != squares.SquaresPerPool-1 {
		t.Fatalf("released %d cells, want %d", len(released), squares.SquaresPerPool-1)
	}
	if pool := m["pool"].(map[string]any); pool["currentParticipants"] != float64(1) {
		t.Fatalf("pool = %v", pool)
	}
}

// TestWebsocketSubscriptionCapKeepsTheConnection: past the cap of pools and games on one connection the
// browser gets an error message, and the connection stays: its subscriptions still get their updates,
// and after an unsubscribe there is room again.
func TestWebsocketSubscriptionCapKeepsTheConnection(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	first := openFreePool(t, srv.db)
	ws := dialWS(t, srv.URL())
	// The cap counts games and pools together: one game, then pools up to the cap.
	sendWS(t, ws, map[string]any{"type": "subscribeToGame", "gameId": first.GameID})
	readUntil(t, ws, "subscribed")
	pools := []int64{first.ID}
	for len(pools) < 51 {
		pools = append(pools, openFreePool(t, srv.db).ID)
	}
	for i, id := range pools {
		if i >= 15 {
			time.Sleep(110 * time.Millisecond) // under the message rate limit
		}
		sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": id})
		if i < 49 {
			readMatching(t, ws, "subscribed", func(m map[string]any) bool { return m["poolId"] == float64(id) })
		}
	}
	for range 2 { // pools 50 and 51: over the cap of 50 with the game
		if m := readUntil(t, ws, "error"); !strings.Contains(m["message"].(string), "Too many subscriptions") {
			t.Fatalf("over the cap: %v", m)
		}
	}
	srv.db.Events.Publish(context.Background(), squares.Event{Kind: squares.EventPool, PoolID: first.ID})
	if m := readUntil(t, ws, "poolUpdate"); m["poolId"] != float64(first.ID) {
		t.Fatalf("after the cap: %v", m)
	}
	sendWS(t, ws, map[string]any{"type": "unsubscribeFromGame", "gameId": first.GameID})
	sendWS(t, ws, map[string]any{"type": "subscribe", "poolId": pools[50]})
	readMatching(t, ws, "subscribed", func(m map[string]any) bool { return m["poolId"] == float64(pools[50]) })
}

// TestWebsocketFrameSentWithTheUpgrade: a client may send its first frame right behind the upgrade
// request, in the same packet; the server reads it from what it had buffered with the request.
func TestWebsocketFrameSentWithTheUpgrade(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	raw, err := net.Dial("tcp", srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	msg := `{"type":"ping"}`
	mask := []byte{9, 8, 7, 6}
	frame := append([]byte{0x81, 0x80 | byte(len(msg))}, mask...)
	for i := range len(msg) {
		frame = append(frame, msg[i]^mask[i%4])
	}
	req := fmt.Sprintf("GET /ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", srv.Addr())
	if _, err := raw.Write(append([]byte(req), frame...)); err != nil {
		t.Fatal(err)
	}
	raw.SetReadDeadline(time.Now().Add(10 * time.Second))
	br := bufio.NewReader(raw)
	if status, err := br.ReadString('\n'); err != nil || !strings.HasPrefix(status, "HTTP/1.1 101") {
		t.Fatalf("upgrade: %q, %v", status, err)
	}
	head, reply, err := readFirstFrame(t, br)
	if err != nil || head[0] != 0x81 || string(reply) != `{"type":"pong"}` {
		t.Fatalf("answer: %x %s, %v", head, reply, err)
	}
}

// TestWebsocketMessageTooBig: a message over the read limit closes the connection with 1009.
func TestWebsocketMessageTooBig(t *testing.T) {
	srv := startLive(t, storetest.URL(t, store.SQLite))
	ws := dialWS(t, srv.URL())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	big := `{"type":"ping","pad":"` + strings.Repeat("x", 5000) + `"}`
	if err := ws.Write(ctx, websocket.MessageText, []byte(big)); err != nil {
		t.Fatal(err)
	}
	_, _, err := ws.Read(ctx)
	if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Fatalf("after a %d-byte message: %v, want a close with 1009", len(big), err)
	}
}

// readFirstFrame reads the rest of an upgrade's headers from br, then the first frame's two header bytes and
// its payload (shorter than 126 bytes); the payload's read error is returned.
func readFirstFrame(t *testing.T, br *bufio.Reader) (head, payload []byte, err error) {
	t.Helper()
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if line == "\r\n" {
			break
		}
	}
	head = make([]byte, 2)
	if _, err := io.ReadFull(br, head); err != nil {
		t.Fatal(err)
	}
	payload = make([]byte, head[1]&0x7f)
	_, err = io.ReadFull(br, payload)
	return head, payload, err
}
