package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

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
