package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// runCmd runs the binary's run with the arguments and standard input, returning its output.
func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

// openURL opens the store at url, closed when the test ends.
func openURL(t *testing.T, url string) *store.DB {
	t.Helper()
	db := store.New(url)
	if err := db.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestRunUnknownCommand(t *testing.T) {
	clearConfigEnv(t, nil)
	_, _, err := runCmd(t, "", "frobnicate")
	if err == nil || !strings.Contains(err.Error(), `unknown command "frobnicate"`) {
		t.Errorf("unknown command: %v", err)
	}
	out, _, err := runCmd(t, "", "help")
	if err != nil || !strings.Contains(out, "usage: squares") || !strings.Contains(out, "create-admin") {
		t.Errorf("help = %q, %v", out, err)
	}
	// A flag error is reported, not a crash.
	if _, stderr, err := runCmd(t, "", "migrate", "--bogus"); err == nil || !strings.Contains(stderr, "bogus") {
		t.Errorf("bad flag: %v, stderr %q", err, stderr)
	}
}

func TestRunMigrate(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		clearConfigEnv(t, nil)
		url := storetest.URL(t, engine)
		for range 2 { // migrating an up-to-date database is fine
			out, _, err := runCmd(t, "", "migrate", "--database-url", url)
			if err != nil || out != engine+" database is up to date\n" {
				t.Fatalf("migrate = %q, %v", out, err)
			}
		}
		if ls, err := openURL(t, url).ListLeagues(context.Background()); err != nil || len(ls) != 4 {
			t.Errorf("leagues after migrate = %d, %v", len(ls), err)
		}
		// The database URL may come from the environment.
		t.Setenv("SQUARES_DATABASE_URL", url)
		if out, _, err := runCmd(t, "", "migrate"); err != nil || !strings.Contains(out, "up to date") {
			t.Errorf("migrate from SQUARES_DATABASE_URL = %q, %v", out, err)
		}
	})
	clearConfigEnv(t, nil)
	if _, _, err := runCmd(t, "", "migrate", "--database-url", "mysql://nope"); err == nil {
		t.Error("migrate accepted an unknown database URL")
	}
}

func TestRunCreateAdmin(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		clearConfigEnv(t, nil)
		url := storetest.URL(t, engine)

		out, stderr, err := runCmd(t, "first-password\n", "create-admin", "--database-url", url, "boss")
		if err != nil || out != "admin boss is ready\n" || !strings.Contains(stderr, "Password:") {
			t.Fatalf("create-admin = %q %q, %v", out, stderr, err)
		}
		db := openURL(t, url)
		a, err := db.FindUserByUsername(ctx, "boss")
		if err != nil || !a.IsAdmin() || !squares.CheckPassword(a.PasswordHash, "first-password") {
			t.Fatalf("admin = %+v, %v", a, err)
		}
		if strings.Contains(a.PasswordHash, "first-password") {
			t.Fatal("the password is stored in clear")
		}

		// Running it again resets the password (a Windows line ending is not part of it).
		if _, _, err := runCmd(t, "second-password\r\n", "create-admin", "--database-url", url, "boss"); err != nil {
			t.Fatal(err)
		}
		again, err := db.FindUserByUsername(ctx, "boss")
		if err != nil || again.ID != a.ID || !squares.CheckPassword(again.PasswordHash, "second-password") ||
			squares.CheckPassword(again.PasswordHash, "first-password") {
			t.Fatalf("after the reset: %+v, %v", again, err)
		}

		for _, tc := range []struct {
			stdin string
			args  []string
			want  string
		}{
			{"short\n", []string{"boss"}, "at least 8 characters"},
			{"", []string{"boss"}, "read password"},
			{"long-enough\n", nil, "usage"},
			{"long-enough\n", []string{"boss", "extra"}, "usage"},
			{"long-enough\n", []string{"ann@example.com"}, "username"},
			{"long-enough\n", []string{"ab"}, "username"},
			{"long-enough\n", []string{"two words"}, "username"},
		} {
			args := append([]string{"create-admin", "--database-url", url}, tc.args...)
			if _, _, err := runCmd(t, tc.stdin, args...); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("create-admin %v with %q: %v, want an error containing %q", tc.args, tc.stdin, err, tc.want)
			}
		}
		if _, err := db.FindUserByUsername(ctx, "ab"); squares.ErrorCode(err) != squares.ENOTFOUND {
			t.Errorf("a refused admin exists: %v", err)
		}
	})
}

// TestRunCreateAdminPasswordFromEnv covers the other documented way to give the password.
func TestRunCreateAdminPasswordFromEnv(t *testing.T) {
	clearConfigEnv(t, map[string]string{"SQUARES_ADMIN_PASSWORD": "from-the-environment"})
	url := storetest.URL(t, store.SQLite)
	out, _, err := runCmd(t, "", "create-admin", "--database-url", url, "envboss")
	if err != nil || out != "admin envboss is ready\n" {
		t.Fatalf("create-admin with SQUARES_ADMIN_PASSWORD = %q, %v", out, err)
	}
	a, err := openURL(t, url).FindUserByUsername(context.Background(), "envboss")
	if err != nil || !squares.CheckPassword(a.PasswordHash, "from-the-environment") {
		t.Fatalf("admin = %+v, %v", a, err)
	}
	// To serve, a start-up admin's password needs its username; the server refuses before starting. (The
	// context is already cancelled so that a server that did start would stop at once.)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = run(ctx, []string{"serve", "--database-url", url, "--addr", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "SQUARES_ADMIN_USERNAME") {
		t.Errorf("serve with a password and no username: %v", err)
	}
}

func TestRunImportSchedule(t *testing.T) {
	clearConfigEnv(t, nil)
	url := storetest.URL(t, store.SQLite)
	out, _, err := runCmd(t, "", "import-schedule", "--database-url", url, "--league", "nfl", schedulePath)
	if want := fmt.Sprintf("imported %s: 272 games created, 0 updated, 0 unchanged\n", schedulePath); err != nil || out != want {
		t.Fatalf("import-schedule = %q, %v; want %q", out, err, want)
	}
	out, _, err = runCmd(t, "", "import-schedule", "--database-url", url, schedulePath)
	if err != nil || !strings.HasSuffix(out, ": 0 games created, 0 updated, 272 unchanged\n") {
		t.Errorf("second import-schedule = %q, %v", out, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--league", "NBA", schedulePath}, "only NFL"},
		{[]string{"--league", "XFL", schedulePath}, "League not found"},
		{nil, "usage"},
		{[]string{filepath.Join(t.TempDir(), "missing.csv")}, "missing.csv"},
	} {
		args := append([]string{"import-schedule", "--database-url", url}, tc.args...)
		if _, _, err := runCmd(t, "", args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("import-schedule %v: %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}

// serveOnce runs `squares serve` on the SQLite database at path (a fresh one when empty) until it is
// listening (then stops it) or ends; it returns the server's log and error, and whether the database
// exists.
func serveOnce(t *testing.T, path string, env map[string]string, args ...string) (logs string, created bool, err error) {
	t.Helper()
	clearConfigEnv(t, env)
	if path == "" {
		path = filepath.Join(t.TempDir(), "serve.db")
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var errOut syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"serve", "--database-url", "sqlite:" + path, "--addr", "127.0.0.1:0", "--log-format", "text"}, args...),
			strings.NewReader(""), io.Discard, &errOut)
	}()
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(errOut.String(), "squares listening"); {
		select {
		case err = <-done:
			_, statErr := os.Stat(path)
			return errOut.String(), statErr == nil, err
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve neither started nor ended:\n%s", errOut.String())
		}
	}
	stop()
	err = <-done
	return errOut.String(), true, err
}

// TestServeRefusesTestDefaults: outside development mode serve does not start on the sandbox by default
// or with demo data, and says which variable to set; it refuses before it touches the database.
func TestServeRefusesTestDefaults(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, nil, "SQUARES_PAYMENTS"},
		{map[string]string{"SQUARES_DEMO": "1", "SQUARES_PAYMENTS": "sandbox"}, nil, "SQUARES_DEMO=1 needs development mode"},
		{map[string]string{"SQUARES_PAYMENTS": "sandbox"}, []string{"--demo=1"}, "SQUARES_DEMO=1 needs development mode"},
	} {
		logs, created, err := serveOnce(t, "", tc.env, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("serve %v %v: %v, want an error containing %q\n%s", tc.env, tc.args, err, tc.want, logs)
		}
		if created {
			t.Errorf("serve %v %v created the database before refusing", tc.env, tc.args)
		}
	}
}

// TestServeWarnsOfTestPayments: the sandbox chosen outside development mode starts with a warning in
// the log; in development mode it is the quiet default.
func TestServeWarnsOfTestPayments(t *testing.T) {
	warning := regexp.MustCompile(`level=WARN msg="payments are in test mode: no real money moves"`)
	logs, _, err := serveOnce(t, "", map[string]string{"SQUARES_PAYMENTS": "sandbox"})
	if err != nil || !warning.MatchString(logs) || !strings.Contains(logs, "squares listening") {
		t.Errorf("serve with the sandbox outside development mode: %v\n%s", err, logs)
	}
	logs, _, err = serveOnce(t, "", map[string]string{"SQUARES_DEV": "1", "SQUARES_DEMO": "0"})
	if err != nil || warning.MatchString(logs) || !strings.Contains(logs, `provider=sandbox`) {
		t.Errorf("serve in development mode: %v\n%s", err, logs)
	}
}

// TestServeRefusesDemoAccounts: a database seeded with demo data in development mode holds accounts whose
// passwords are published; outside development mode serve refuses it. Once an operator has given the
// demo admin its own password and the demo players are gone, it starts.
func TestServeRefusesDemoAccounts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "demo.db")
	if logs, _, err := serveOnce(t, path, map[string]string{"SQUARES_DEV": "1"}); err != nil || !strings.Contains(logs, "demo data seeded") {
		t.Fatalf("serve in development mode: %v\n%s", err, logs)
	}
	logs, _, err := serveOnce(t, path, map[string]string{"SQUARES_PAYMENTS": "sandbox"})
	if err == nil || !strings.Contains(err.Error(), "demo accounts") || !strings.Contains(err.Error(), demoPlayerEmail) ||
		!strings.Contains(err.Error(), `"admin"`) || strings.Contains(logs, "squares listening") {
		t.Fatalf("serve of a demo database outside development mode: %v\n%s", err, logs)
	}
	// The operator's own password for "admin" leaves the demo players, which still refuse.
	_, _, err = serveOnce(t, path, map[string]string{"SQUARES_PAYMENTS": "sandbox", "SQUARES_ADMIN_USERNAME": "admin",
		"SQUARES_ADMIN_PASSWORD": "operators-own-secret"})
	if err == nil || strings.Contains(err.Error(), `"admin"`) || !strings.Contains(err.Error(), demoPlayerEmail) {
		t.Errorf("serve with the demo admin's password changed: %v", err)
	}
}
