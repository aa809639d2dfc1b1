package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/squaresapp/squares"
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

func importSchedule(ctx context.Context, db *store.DB, leagueCode string, r io.Reader) (created, updated, unchanged int, err error) {
	league, err := db.FindLeagueByName(ctx, leagueCode)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("league %s: %w", leagueCode, err)
	}
	if league.ID != squares.LeagueNFL {
		return 0, 0, 0, fmt.Errorf("league %s: only NFL schedules in the nflverse format can be imported", leagueCode)
	}
	teams, err := db.ListTeams(ctx, league.ID)
	if err != nil {
		return 0, 0, 0, err
	}
	byCode := map[string]*squares.Team{}
	for _, t := range teams {
		byCode[t.Code] = t
	}
	games, err := nflverse.Read(r, league.ID, byCode)
	if err != nil {
		return 0, 0, 0, err
	}
	for _, g := range games {
		isNew, changed, err := db.UpsertGame(ctx, g)
		if err != nil {
			return created, updated, unchanged, fmt.Errorf("game %s: %w", g.ExternalID, err)
		}
		switch {
		case isNew:
			created++
		case changed:
			updated++
		default:
			unchanged++
		}
	}
	return created, updated, unchanged, nil
}
