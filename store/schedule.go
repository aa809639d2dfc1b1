package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// ScheduleGame is a game of a league's schedule with the pools a player may open from it.
type ScheduleGame struct {
	*squares.Game
	Pools []SchedulePool
}

// SchedulePool is a public pool of a scheduled game, as far as a schedule links to it.
type SchedulePool struct {
	ID           int64
	Name         string
	EntryFee     squares.Cents
	Status       string
	SquaresTaken int
}

// schedulePoolStatuses are the pools a schedule links to: those a player may open and that are or were
// played (not drafts, hidden, or cancelled ones).
const schedulePoolStatuses = `('active', 'full', 'started', 'completed')`

// ListSchedule returns a league's games of a season by kickoff, each with its public pools by entry fee.
// A season of 0 is the latest season the league has games in; the season read is returned with the games.
func (db *DB) ListSchedule(ctx context.Context, leagueID int64, season int) (int, []*ScheduleGame, error) {
	var out []*ScheduleGame
	err := db.view(ctx, func(tx *Tx) error {
		if season == 0 {
			var latest sql.NullInt64
			if err := tx.QueryRowContext(ctx, `SELECT MAX(season) FROM games WHERE league_id = $1`, leagueID).Scan(&latest); err != nil {
				return fmt.Errorf("latest season: %w", err)
			}
			if !latest.Valid {
				return nil
			}
			season = int(latest.Int64)
		}
		games, err := queryAll(ctx, tx, scanGame, `SELECT `+gameColumns+` FROM games g
			WHERE g.league_id = $1 AND g.season = $2 ORDER BY g.game_date, g.id`, leagueID, season)
		if err != nil {
			return fmt.Errorf("list schedule: %w", err)
		}
		byID := make(map[int64]*ScheduleGame, len(games))
		for _, g := range games {
			sg := &ScheduleGame{Game: g, Pools: []SchedulePool{}}
			byID[g.ID] = sg
			out = append(out, sg)
		}
		rows, err := tx.QueryContext(ctx, `SELECT p.game_id, p.id, p.name, p.entry_fee_cents, p.status, p.squares_taken
			FROM pools p JOIN games g ON g.id = p.game_id
			WHERE g.league_id = $1 AND g.season = $2 AND p.is_private = FALSE AND p.status IN `+schedulePoolStatuses+`
			ORDER BY p.entry_fee_cents, p.id`, leagueID, season)
		if err != nil {
			return fmt.Errorf("list schedule pools: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var gameID int64
			var p SchedulePool
			if err := rows.Scan(&gameID, &p.ID, &p.Name, &p.EntryFee, &p.Status, &p.SquaresTaken); err != nil {
				return fmt.Errorf("scan schedule pool: %w", err)
			}
			if g := byID[gameID]; g != nil {
				g.Pools = append(g.Pools, p)
			}
		}
		return rows.Err()
	})
	return season, out, err
}

// Seasons is what a league has to show on its schedule: every season it has games in, latest first, and
// the current one.
type Seasons struct {
	Seasons []int
	// Current is the season of the next game to kick off (or of one that kicked off within the last
	// liveWindow: it may still be played); with none to come, the latest season; 0 without games.
	Current int
}

// ListSeasons returns the seasons a league has games in, and which is current at now.
func (db *DB) ListSeasons(ctx context.Context, leagueID int64, liveWindow time.Duration) (*Seasons, error) {
	out := &Seasons{Seasons: []int{}}
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT season FROM games WHERE league_id = $1 ORDER BY season DESC`, leagueID)
		if err != nil {
			return fmt.Errorf("list seasons: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var n int
			if err := rows.Scan(&n); err != nil {
				return fmt.Errorf("scan season: %w", err)
			}
			out.Seasons = append(out.Seasons, n)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if len(out.Seasons) == 0 {
			return nil
		}
		out.Current = out.Seasons[0]
		var next sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT season FROM games WHERE league_id = $1 AND game_date >= $2
			ORDER BY game_date, id LIMIT 1`, leagueID, tx.now.Add(-liveWindow)).Scan(&next); err != nil && err != sql.ErrNoRows {
			return fmt.Errorf("current season: %w", err)
		}
		if next.Valid {
			out.Current = int(next.Int64)
		}
		return nil
	})
	return out, err
}
