package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/squaresapp/squares/store"
)

// runBackup writes a consistent copy of the SQLite database to a new file while servers keep running on
// it (store.Backup: VACUUM INTO); it needs no sqlite3 program. PostgreSQL is backed up with pg_dump.
func runBackup(ctx context.Context, fs *flag.FlagSet, args []string, stdout io.Writer) error {
	cfg, err := parseConfig(fs, args)
	if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: squares backup [--database-url sqlite:PATH] NEW-FILE.db")
	}
	if err := store.Backup(ctx, cfg.DatabaseURL, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", cfg.DatabaseURL, fs.Arg(0))
	return nil
}
