package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/automation"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/mail"
	"github.com/squaresapp/squares/scores"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// apiServer is a real server on a port of its own, over a fresh database of one engine.
type apiServer struct {
	*squareshttp.Server
	db *store.DB
	// lastEmail is the email of the player register made last.
	lastEmail string
}

// startAPI starts a development-mode server with the default eligibility rules on a fresh database.
func startAPI(t *testing.T, engine string) *apiServer {
	t.Helper()
	return startAPIWith(t, engine, nil)
}

// startAPIWith starts a server as startAPI does, its configuration changed first by configure.
func startAPIWith(t *testing.T, engine string, configure func(*squareshttp.Config)) *apiServer {
	t.Helper()
	db := storetest.Open(t, engine)
	elig, err := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg := squareshttp.Config{Addr: "127.0.0.1:0", Dev: true, Eligibility: elig}
	if configure != nil {
		configure(&cfg)
	}
	srv := squareshttp.NewServer(cfg, db, logger)
	wire(srv)
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
	// The mailer of development mode, as serve gives it, its links to this server.
	m, err := mail.New(db, mail.Config{Dev: true, BaseURL: srv.URL()}, logger)
	if err != nil {
		t.Fatal(err)
	}
	srv.Mail = m
	return &apiServer{Server: srv, db: db}
}

// wire gives a test's server the components cmd/squares builds for it, on the server's store, escrow
// and logger (set them first) and its clock (read at each call: tests move it): the score applier and
// the automation. Those set already are kept.
func wire(srv *squareshttp.Server) {
	if srv.Applier == nil {
		srv.Applier = scores.NewApplier(srv.Store, srv.Escrow, srv.Logger)
	}
	if srv.Automation == nil {
		auto := automation.New(srv.Store, srv.Escrow, srv.Logger)
		auto.Now = func() time.Time { return srv.Now() }
		srv.Automation = auto
	}
}

// apiClient is a browser stand-in: a cookie jar, no redirects followed.
type apiClient struct {
	t    *testing.T
	base string
	hc   *http.Client
}

func (s *apiServer) client(t *testing.T) *apiClient {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &apiClient{t: t, base: s.URL(), hc: &http.Client{Jar: jar, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// apiResponse is an answer read whole.
type apiResponse struct {
	t      *testing.T
	what   string
	Status int
	Header http.Header
	Body   []byte
	resp   *http.Response
}

// do sends a request. body is sent as is when it is a string or []byte, as JSON otherwise, and not at
// all when nil. headers are name, value pairs.
func (c *apiClient) do(method, path string, body any, headers ...string) *apiResponse {
	c.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			c.t.Fatal(err)
		}
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, c.base+path, r)
	if err != nil {
		c.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatalf("%s %s: read body: %v", method, path, err)
	}
	return &apiResponse{t: c.t, what: method + " " + path, Status: resp.StatusCode, Header: resp.Header, Body: b, resp: resp}
}

func (c *apiClient) get(path string) *apiResponse { c.t.Helper(); return c.do("GET", path, nil) }
func (c *apiClient) post(path string, body any) *apiResponse {
	c.t.Helper()
	return c.do("POST", path, body)
}

// want fails the test unless the status is the expected one; it returns the response for chaining.
func (r *apiResponse) want(status int) *apiResponse {
	r.t.Helper()
	if r.Status != status {
		r.t.Fatalf("%s = %d %s, want %d", r.what, r.Status, r.Body, status)
	}
	return r
}

// decode reads the JSON body into v.
func (r *apiResponse) decode(v any) {
	r.t.Helper()
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		r.t.Fatalf("%s: content type %q, want JSON (body %s)", r.what, ct, r.Body)
	}
	if err := json.Unmarshal(r.Body, v); err != nil {
		r.t.Fatalf("%s: body %s: %v", r.what, r.Body, err)
	}
}

// obj returns the body as a JSON object.
func (r *apiResponse) obj() map[string]any {
	r.t.Helper()
	var m map[string]any
	r.decode(&m)
	return m
}

// list returns the body as a JSON array of objects.
func (r *apiResponse) list() []map[string]any {
	r.t.Helper()
	var l []map[string]any
	r.decode(&l)
	return l
}

// wantError checks an error answer: its status, code, message and, when given, its fields.
func (r *apiResponse) wantError(status int, code, message string, fields ...string) {
	r.t.Helper()
	r.want(status)
	var e struct {
		Message string            `json:"message"`
		Code    string            `json:"code"`
		Fields  map[string]string `json:"fields"`
	}
	r.decode(&e)
	if e.Code != code || (message != "" && e.Message != message) {
		r.t.Fatalf("%s: error %q %q, want %q %q", r.what, e.Code, e.Message, code, message)
	}
	for i := 0; i+1 < len(fields); i += 2 {
		if e.Fields[fields[i]] != fields[i+1] {
			r.t.Fatalf("%s: field %s = %q, want %q (fields %v)", r.what, fields[i], e.Fields[fields[i]], fields[i+1], e.Fields)
		}
	}
	if len(fields) > 0 && len(e.Fields) != len(fields)/2 {
		r.t.Fatalf("%s: fields %v, want only %v", r.what, e.Fields, fields)
	}
}

// cookie returns the session cookie the answer sets, or nil.
func (r *apiResponse) cookie() *http.Cookie {
	for _, c := range r.resp.Cookies() {
		if c.Name == "squares_session" {
			return c
		}
	}
	return nil
}

// emailCounter numbers the players the tests make, unique across tests run at once.
var emailCounter atomic.Int64

// register creates a player through the API and returns a client signed in as them. dob and state may
// be empty; a dob makes it the main form (last name required).
func (s *apiServer) register(t *testing.T, dob, state string) (*apiClient, map[string]any) {
	t.Helper()
	s.lastEmail = fmt.Sprintf("player%d@example.com", emailCounter.Add(1))
	c := s.client(t)
	body := map[string]any{"email": s.lastEmail, "password": "correct-horse",
		"firstName": "Pat", "lastName": "Lee"}
	if dob != "" {
		body["dateOfBirth"] = dob
	}
	if state != "" {
		body["residenceState"] = state
	}
	u := c.post("/api/auth/register", body).want(http.StatusCreated).obj()["user"].(map[string]any)
	return c, u
}

// admin creates an admin in the store and returns a client signed in through POST /api/admin/login.
func (s *apiServer) admin(t *testing.T) *apiClient {
	t.Helper()
	hash, err := squares.HashPassword("admin-password")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.EnsureAdmin(context.Background(), "boss", hash); err != nil {
		t.Fatal(err)
	}
	c := s.client(t)
	c.post("/api/admin/login", map[string]string{"username": "boss", "password": "admin-password"}).want(http.StatusOK)
	return c
}

// game creates an NFL game in the store kicking off at the given time, with its five draft pools.
func (s *apiServer) game(t *testing.T, week string, kickoff time.Time) (*squares.Game, []*squares.PoolView) {
	t.Helper()
	ctx := context.Background()
	g := &squares.Game{LeagueID: squares.LeagueNFL, Season: 2026, Week: week, HomeTeam: "Buffalo Bills",
		AwayTeam: "Kansas City Chiefs", HomeTeamColor: "#00338D", AwayTeamColor: "#E31837", GameDate: kickoff,
		Venue: "Highmark Stadium", Status: squares.GameScheduled}
	if err := s.db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pools, err := s.db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil || len(pools) != 5 {
		t.Fatalf("pools = %d, %v", len(pools), err)
	}
	return g, pools
}

// activate opens pools in the store.
func (s *apiServer) activate(t *testing.T, pools ...*squares.PoolView) {
	t.Helper()
	for _, p := range pools {
		if _, err := s.db.SetPoolStatus(context.Background(), p.ID, squares.PoolActive); err != nil {
			t.Fatal(err)
		}
	}
}

// num reads a JSON number as an int64.
func num(t *testing.T, v any) int64 {
	t.Helper()
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("%v (%T) is not a number", v, v)
	}
	return int64(f)
}

// clientWithToken returns a client whose jar holds the given session token, as a replayed cookie.
func (s *apiServer) clientWithToken(t *testing.T, token string) *apiClient {
	t.Helper()
	c := s.client(t)
	u, err := url.Parse(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	c.hc.Jar.SetCookies(u, []*http.Cookie{{Name: "squares_session", Value: token, Path: "/"}})
	return c
}

// token returns the session token the client's jar holds.
func (c *apiClient) token() string {
	c.t.Helper()
	u, err := url.Parse(c.base)
	if err != nil {
		c.t.Fatal(err)
	}
	for _, k := range c.hc.Jar.Cookies(u) {
		if k.Name == "squares_session" {
			return k.Value
		}
	}
	return ""
}
