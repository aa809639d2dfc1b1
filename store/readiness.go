package store

import (
	"context"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
)

// Readiness is what the admin's readiness checklist reads from the database.
type Readiness struct {
	// SchemaVersion is the newest migration the database has applied; LatestMigration the newest this
	// binary embeds.
	SchemaVersion, LatestMigration int64
	Admins                         int
	Games                          int
	// UpcomingGames are the games that have not kicked off.
	UpcomingGames int
	// Weeks are the active leagues with their current week and its open pools.
	Weeks []LeagueWeek
}

// LeagueWeek is an active league's current week and how many public pools of it are open for sale.
type LeagueWeek struct {
	League string
	// Week is the league's active week; empty when it has none (players then see every week).
	Week        string
	ActivePools int
}

// Readiness reads the state the readiness checklist reports.
func (db *DB) Readiness(ctx context.Context) (*Readiness, error) {
	r := &Readiness{}
	var err error
	if r.SchemaVersion, r.LatestMigration, err = db.migrationVersions(ctx); err != nil {
		return nil, err
	}
	err = db.view(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE role = 'admin'`).Scan(&r.Admins); err != nil {
			return fmt.Errorf("count admins: %w", err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN game_date > $1 THEN 1 ELSE 0 END), 0)
			FROM games`, tx.now).Scan(&r.Games, &r.UpcomingGames); err != nil {
			return fmt.Errorf("count games: %w", err)
		}
		r.Weeks, err = queryAll(ctx, tx, func(s scanner) (LeagueWeek, error) {
			var w LeagueWeek
			return w, s.Scan(&w.League, &w.Week, &w.ActivePools)
		}, `SELECT l.name, l.active_week, COUNT(p.id) FROM leagues l
			LEFT JOIN games g ON g.league_id = l.id AND (l.active_week = '' OR g.week = l.active_week)
			LEFT JOIN pools p ON p.game_id = g.id AND p.status = 'active' AND NOT p.is_private
			WHERE l.is_active GROUP BY l.id, l.name, l.active_week ORDER BY l.id`)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// migrationVersions returns the newest migration applied to the database and the newest embedded in the
// binary. It takes no migration lock: it only reads.
func (db *DB) migrationVersions(ctx context.Context) (current, latest int64, err error) {
	sub, err := fs.Sub(migrations, "migrations/"+db.engine)
	if err != nil {
		return 0, 0, err
	}
	dialect := goose.DialectSQLite3
	if db.engine == Postgres {
		dialect = goose.DialectPostgres
	}
	p, err := goose.NewProvider(dialect, db.read, sub)
	if err != nil {
		return 0, 0, fmt.Errorf("migrations: %w", err)
	}
	if current, latest, err = p.GetVersions(ctx); err != nil {
		return 0, 0, fmt.Errorf("migration versions: %w", err)
	}
	return current, latest, nil
}
