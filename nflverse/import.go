package nflverse

import (
	"context"
	"fmt"
	"io"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Import reads a schedule for the league with the given code (only NFL) and creates or updates its games,
// each with its five tier pools as drafts. The file is read whole before any game is written; importing
// the same file twice changes nothing.
func Import(ctx context.Context, db *store.DB, leagueCode string, r io.Reader) (created, updated, unchanged int, err error) {
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
	games, err := Read(r, league.ID, byCode)
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
