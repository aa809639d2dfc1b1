package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/squaresapp/squares/nflverse"
	"github.com/squaresapp/squares/store"
)

// runImportSchedule reads an nflverse schedule and creates or updates its games, each with its five tier
// pools as drafts. Importing the same file twice changes nothing.
func runImportSchedule(ctx context.Context, fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	league := fs.String("league", "NFL", "league code")
	cfg, err := parseConfig(fs, args)
	if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: squares import-schedule --league NFL FILE.csv")
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return err
	}
	defer f.Close()
	db := store.New(cfg.DatabaseURL)
	if err := db.Open(ctx); err != nil {
		return err
	}
	defer db.Close()
	created, updated, unchanged, err := importSchedule(ctx, db, strings.ToUpper(*league), f)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "imported %s: %d games created, %d updated, %d unchanged\n", fs.Arg(0), created, updated, unchanged)
	return nil
}

// importSchedule is nflverse.Import, named for the command.
func importSchedule(ctx context.Context, db *store.DB, leagueCode string, r io.Reader) (created, updated, unchanged int, err error) {
	return nflverse.Import(ctx, db, leagueCode, r)
}
