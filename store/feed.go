package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// FeedTarget is one of our games that a live score feed should look at, with its league's code.
type FeedTarget struct {
	Game   *squares.Game
	League string // the league's code, such as NFL
}

// ListFeedGames returns the games a live score feed should poll at now, by kickoff: every live game,
// and every scheduled game kicking off from now-behind to now+ahead (a game whose kickoff passed without
// a feed reporting it live is still looked for, since games start late and move). Completed, cancelled
// and postponed games are left alone.
func (db *DB) ListFeedGames(ctx context.Context, now time.Time, ahead, behind time.Duration) ([]FeedTarget, error) {
	var out []FeedTarget
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+gameColumns+`, l.name FROM games g
			JOIN leagues l ON l.id = g.league_id
			WHERE g.status = $1 OR (g.status = $2 AND g.game_date <= $3 AND g.game_date >= $4)
			ORDER BY g.game_date, g.id`, squares.GameLive, squares.GameScheduled, now.Add(ahead).UTC(),
			now.Add(-behind).UTC())
		if err != nil {
			return fmt.Errorf("list feed games: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var g squares.Game
			var t FeedTarget
			var ext sql.NullString
			var n [10]sql.NullInt64
			if err := rows.Scan(append(gameDest(&g, &ext, &n), &t.League)...); err != nil {
				return fmt.Errorf("list feed games: %w", err)
			}
			finishGame(&g, ext, n)
			t.Game = &g
			out = append(out, t)
		}
		return rows.Err()
	})
	return out, err
}

// SetGameFeedEvent remembers the feed's event id of a game it matched, so that later polls find the
// game by id; an id already set (by the schedule import or an earlier match) is kept. It reports
// whether the id was set.
func (db *DB) SetGameFeedEvent(ctx context.Context, gameID int64, eventID string) (bool, error) {
	var set bool
	err := db.update(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET espn_id = $1, updated_at = $2 WHERE id = $3 AND espn_id = ''`,
			eventID, tx.now, gameID)
		if err != nil {
			return fmt.Errorf("set feed event of game %d: %w", gameID, err)
		}
		n, err := res.RowsAffected()
		set = n > 0
		return err
	})
	return set, err
}
