package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunBackup: `squares backup` copies a SQLite database that a server is using to a new file that opens
// with its data; it refuses a file that exists, a missing database, and PostgreSQL (pg_dump's job).
func TestRunBackup(t *testing.T) {
	clearConfigEnv(t, nil)
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "live.db")
	live := openURL(t, url) // stays open, as a running server's would
	if _, err := live.EnsureAdmin(context.Background(), "boss", "not-a-hash"); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "backups", "squares-1.db")
	out, _, err := runCmd(t, "", "backup", "--database-url", url, backup)
	if err != nil || out != "backed up "+url+" to "+backup+"\n" {
		t.Fatalf("backup = %q, %v", out, err)
	}
	if u, err := openURL(t, "sqlite:"+backup).FindUserByUsername(context.Background(), "boss"); err != nil || !u.IsAdmin() {
		t.Errorf("admin in the backup: %+v, %v", u, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"backup", "--database-url", url, backup}, "exists"},
		{[]string{"backup", "--database-url", url}, "usage: squares backup"},
		{[]string{"backup", "--database-url", "sqlite:" + filepath.Join(dir, "missing.db"), filepath.Join(dir, "x.db")}, "no such file"},
		{[]string{"backup", "--database-url", "postgres://u@127.0.0.1:1/squares", filepath.Join(dir, "y.db")}, "pg_dump"},
	} {
		if _, _, err := runCmd(t, "", c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error containing %q", c.args, err, c.want)
		}
	}
}
