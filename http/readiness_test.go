package http_test

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// startConfigured starts a server with the given configuration (address and, unless set, eligibility
// filled in) and, when the provider is the sandbox, the sandbox and the escrow as cmd/squares wires them.
func startConfigured(t *testing.T, engine string, cfg squareshttp.Config) *payAPI {
	t.Helper()
	db := storetest.Open(t, engine)
	cfg.Addr = "127.0.0.1:0"
	if cfg.Eligibility.Restricted == nil {
		elig, err := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Eligibility = elig
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := squareshttp.NewServer(cfg, db, logger)
	sb := sandbox.New(db)
	esc := escrow.New(db, sb, logger)
	srv.Escrow = esc
	if cfg.PaymentsProvider != "stripe" {
		srv.Sandbox = sb
	}
	openServer(t, srv)
	return &payAPI{apiServer: &apiServer{Server: srv, db: db}, clock: storetest.NewClock(time.Now()), sb: sb, esc: esc}
}

// TestConfigTestPayments: the web app is told to show its "test payments" banner when payments move no
// real money outside development mode (the sandbox, or Stripe with test keys), and not in development
// mode, where everything is a test, nor with live Stripe keys. The other fields stay as they were.
func TestConfigTestPayments(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  squareshttp.Config
		test bool
	}{
		{"sandbox in development mode", squareshttp.Config{Dev: true, PaymentsProvider: "sandbox"}, false},
		{"sandbox outside development mode", squareshttp.Config{PaymentsProvider: "sandbox"}, true},
		{"no provider named outside development mode", squareshttp.Config{}, true},
		{"Stripe test keys outside development mode", squareshttp.Config{PaymentsProvider: "stripe",
			StripePublishableKey: "pk_test_x", StripeWebhookSecret: "whsec_x"}, true},
		{"Stripe test keys in development mode", squareshttp.Config{Dev: true, PaymentsProvider: "stripe",
			StripePublishableKey: "pk_test_x", StripeWebhookSecret: "whsec_x"}, false},
		{"Stripe live keys", squareshttp.Config{PaymentsProvider: "stripe", StripePublishableKey: "pk_live_x",
			StripeWebhookSecret: "whsec_x"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startConfigured(t, store.SQLite, tc.cfg)
			c := s.client(t).get("/api/config").want(http.StatusOK).obj()
			if c["testPayments"] != tc.test {
				t.Errorf("testPayments = %v, want %v (config %v)", c["testPayments"], tc.test, c)
			}
			provider := map[bool]string{true: "stripe", false: "sandbox"}[tc.cfg.PaymentsProvider == "stripe"]
			if c["devMode"] != tc.cfg.Dev || c["paymentsProvider"] != provider || len(c["restrictedStates"].([]any)) != 7 {
				t.Errorf("config = %v", c)
			}
		})
	}
}

// ReadinessCheck is one line of GET /api/admin/readiness.
type ReadinessCheck struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// readiness reads the checklist, by key, checking that every check has a label and a detail.
func readiness(t *testing.T, c *apiClient) (map[string]ReadinessCheck, []string) {
	t.Helper()
	var checks []ReadinessCheck
	c.get("/api/admin/readiness").want(http.StatusOK).decode(&checks)
	byKey := map[string]ReadinessCheck{}
	var keys []string
	for _, ch := range checks {
		if ch.Label == "" || ch.Detail == "" || byKey[ch.Key].Key != "" {
			t.Errorf("check %+v: empty, or its key is repeated", ch)
		}
		byKey[ch.Key] = ch
		keys = append(keys, ch.Key)
	}
	return byKey, keys
}

// wantCheck fails unless the check has this outcome and its detail contains every part.
func wantCheck(t *testing.T, checks map[string]ReadinessCheck, key string, ok bool, parts ...string) {
	t.Helper()
	ch, found := checks[key]
	if !found {
		t.Errorf("no %s check in %v", key, checks)
		return
	}
	if ch.OK != ok {
		t.Errorf("%s ok = %v, want %v (%q)", key, ch.OK, ok, ch.Detail)
	}
	for _, p := range parts {
		if !strings.Contains(ch.Detail, p) {
			t.Errorf("%s detail %q does not contain %q", key, ch.Detail, p)
		}
	}
}

func TestReadinessNeedsAnAdmin(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startAPI(t, engine)
		s.client(t).get("/api/admin/readiness").wantError(http.StatusUnauthorized, "unauthorized", "")
		player, _ := s.register(t, "1990-01-01", "NY")
		player.get("/api/admin/readiness").wantError(http.StatusForbidden, "forbidden", "Admin access required.")
		s.admin(t).get("/api/admin/readiness").want(http.StatusOK)
	})
}

// TestReadiness: the checklist reports what the server and its database really have, and changes as
// they do.
func TestReadiness(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		engineName := map[string]string{store.SQLite: "SQLite", store.Postgres: "PostgreSQL"}[engine]

		// A development server with the sandbox on a fresh database.
		s := startConfigured(t, engine, squareshttp.Config{Dev: true, PaymentsProvider: "sandbox"})
		admin := s.admin(t)
		checks, keys := readiness(t, admin)
		if want := "mode database payments admin eligibility games pools scores"; strings.Join(keys, " ") != want {
			t.Errorf("checks = %v, want %s", keys, want)
		}
		wantCheck(t, checks, "mode", false, "Development mode")
		wantCheck(t, checks, "database", true, engineName, "up to date")
		wantCheck(t, checks, "payments", false, "Sandbox", "no real money")
		wantCheck(t, checks, "admin", true, "1 admin")
		wantCheck(t, checks, "eligibility", true, "7 states: HI, ID, LA, MT, NV, UT, WA", "AZ 21")
		wantCheck(t, checks, "games", false, "No games")
		wantCheck(t, checks, "pools", false, "No pools are open")
		wantCheck(t, checks, "scores", false, "Manual scores")

		// A game this week with two open pools, and an active week set; a later game's open pool is not
		// this week's.
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		s.activate(t, pools[0], pools[1])
		_, later := s.game(t, "W13", time.Now().Add(10*24*time.Hour))
		s.activate(t, later[0])
		s.game(t, "W1", time.Now().Add(-300*24*time.Hour))
		if _, err := s.db.SetActiveWeek(ctx, squares.LeagueNFL, "W12"); err != nil {
			t.Fatal(err)
		}
		checks, _ = readiness(t, admin)
		wantCheck(t, checks, "games", true, "3 games", "2 still to play")
		wantCheck(t, checks, "pools", true, "NFL W12: 2 open")
		if strings.Contains(checks["pools"].Detail, "NBA") {
			t.Errorf("pools lists a league with nothing open: %q", checks["pools"].Detail)
		}

		// A migration the database has not applied.
		rawExec(t, s.db, `DELETE FROM goose_db_version WHERE version_id = (SELECT MAX(version_id) FROM goose_db_version)`)
		checks, _ = readiness(t, admin)
		wantCheck(t, checks, "database", false, engineName, "pending")
	})
}

// TestReadinessPayments: outside development mode the payments check is ready only with live Stripe
// keys and a webhook signing secret; no restricted state is reported as not ready.
func TestReadinessPayments(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		noStates, err := squares.ParseEligibility("", "")
		if err != nil {
			t.Fatal(err)
		}
		live := startConfigured(t, engine, squareshttp.Config{PaymentsProvider: "stripe", StripePublishableKey: "pk_live_x",
			StripeWebhookSecret: "whsec_x", Eligibility: noStates})
		admin, _ := live.storePlayer(t, squares.RoleAdmin)
		checks, keys := readiness(t, admin)
		if want := "mode database payments webhook admin eligibility games pools scores"; strings.Join(keys, " ") != want {
			t.Errorf("checks = %v, want %s", keys, want)
		}
		wantCheck(t, checks, "mode", true, "Production mode")
		wantCheck(t, checks, "payments", true, "Stripe", "live keys")
		wantCheck(t, checks, "webhook", true, "signing secret")
		wantCheck(t, checks, "eligibility", false, "No state")
		player, _ := live.storePlayer(t, squares.RoleUser)
		player.get("/api/admin/readiness").wantError(http.StatusForbidden, "forbidden", "Admin access required.")

		test := startConfigured(t, engine, squareshttp.Config{PaymentsProvider: "stripe", StripePublishableKey: "pk_test_x"})
		admin, _ = test.storePlayer(t, squares.RoleAdmin)
		checks, _ = readiness(t, admin)
		wantCheck(t, checks, "payments", false, "Stripe", "test keys", "no real money")
		wantCheck(t, checks, "webhook", false, "No signing secret")

		sandboxed := startConfigured(t, engine, squareshttp.Config{PaymentsProvider: "sandbox"})
		admin, _ = sandboxed.storePlayer(t, squares.RoleAdmin)
		checks, _ = readiness(t, admin)
		wantCheck(t, checks, "payments", false, "Sandbox", "no real money")
		if _, found := checks["webhook"]; found {
			t.Errorf("the sandbox has a webhook check: %+v", checks["webhook"])
		}
	})
}

// rawExec runs a statement straight on the database, for states no API call makes.
func rawExec(t *testing.T, db *store.DB, query string) {
	t.Helper()
	driver, dsn := "pgx", db.URL
	if db.Engine() == store.SQLite {
		driver, dsn = "sqlite", strings.TrimPrefix(db.URL, "sqlite:")
	}
	conn, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Exec(query); err != nil {
		t.Fatal(err)
	}
}
