package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Backup writes a consistent copy of the SQLite database at url (sqlite:PATH) to the new file path, with
// SQLite's VACUUM INTO, while servers keep using the database: the copy is a snapshot of one moment, and
// writers wait for nothing (WAL mode). It neither migrates nor changes the database, and refuses a path
// that exists. A PostgreSQL database is backed up with pg_dump instead (docs/operations.md).
func Backup(ctx context.Context, url, path string) error {
	src, ok := strings.CutPrefix(url, "sqlite:")
	if !ok {
		if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
			return errors.New("backup: a PostgreSQL database is backed up with pg_dump -Fc (docs/operations.md, Backups and restores)")
		}
		return fmt.Errorf("backup: database url %q: want sqlite:PATH", url)
	}
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if path == "" {
		return errors.New("backup: no file to write")
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("backup: %s exists; give a new file", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	conn, err := sql.Open("sqlite", "file:"+src+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		os.Remove(path)
		return fmt.Errorf("backup %s: %w", src, err)
	}
	// VACUUM INTO does not sync the new file; a backup should survive a crash that follows it.
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("backup: sync %s: %w", path, err)
	}
	return nil
}
