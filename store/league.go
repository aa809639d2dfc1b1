package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

const leagueColumns = `id, name, display_name, sport, is_active, active_week`

func scanLeague(s scanner) (*squares.League, error) {
	var l squares.League
	err := s.Scan(&l.ID, &l.Name, &l.DisplayName, &l.Sport, &l.IsActive, &l.ActiveWeek)
	return &l, err
}

// ListLeagues returns every league by id.
func (db *DB) ListLeagues(ctx context.Context) ([]*squares.League, error) {
	var out []*squares.League
	err := db.view(ctx, func(tx *Tx) (err error) {
		if out, err = queryAll(ctx, tx, scanLeague, `SELECT `+leagueColumns+` FROM leagues ORDER BY id`); err != nil {
			return fmt.Errorf("list leagues: %w", err)
		}
		return nil
	})
	return out, err
}

// FindLeague returns the league with the given id.
func (db *DB) FindLeague(ctx context.Context, id int64) (*squares.League, error) {
	var l *squares.League
	err := db.view(ctx, func(tx *Tx) (err error) {
		l, err = findLeague(ctx, tx, id)
		return err
	})
	return l, err
}

func findLeague(ctx context.Context, tx *Tx, id int64) (*squares.League, error) {
	l, err := scanLeague(tx.QueryRowContext(ctx, `SELECT `+leagueColumns+` FROM leagues WHERE id = $1`, id))
	return l, notFound(err, "League")
}

// FindLeagueByName returns the league with the given code, such as NFL.
func (db *DB) FindLeagueByName(ctx context.Context, name string) (*squares.League, error) {
	var l *squares.League
	err := db.view(ctx, func(tx *Tx) (err error) {
		l, err = scanLeague(tx.QueryRowContext(ctx, `SELECT `+leagueColumns+` FROM leagues WHERE name = $1`, name))
		return notFound(err, "League")
	})
	return l, err
}

// CreateLeague inserts a validated league (logged as "league.create"); a taken code is a conflict.
func (db *DB) CreateLeague(ctx context.Context, l *squares.League) error {
	return db.update(ctx, func(tx *Tx) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO leagues (name, display_name, sport, is_active, active_week)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, l.Name, l.DisplayName, l.Sport, l.IsActive, l.ActiveWeek).Scan(&l.ID)
		if isUniqueViolation(err) {
			return squares.Errorf(squares.ECONFLICT, "A league with code %s already exists.", l.Name)
		} else if err != nil {
			return fmt.Errorf("insert league: %w", err)
		}
		return audit(ctx, tx, Change{Action: "league.create", TargetType: "league", TargetID: l.ID, After: l})
	})
}

// SetActiveWeek makes week the league's active week: players then see only that week's pools.
func (db *DB) SetActiveWeek(ctx context.Context, leagueID int64, week string) (*squares.League, error) {
	var l *squares.League
	err := db.update(ctx, func(tx *Tx) error {
		before, err := findLeague(ctx, tx, leagueID)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE leagues SET active_week = $1 WHERE id = $2`, week, leagueID); err != nil {
			return fmt.Errorf("set active week: %w", err)
		}
		if err := audit(ctx, tx, Change{Action: "league.active_week", TargetType: "league", TargetID: leagueID,
			Before: activeWeek{before.ActiveWeek}, After: activeWeek{week}}); err != nil {
			return err
		}
		l, err = findLeague(ctx, tx, leagueID)
		return err
	})
	return l, err
}

type activeWeek struct {
	ActiveWeek string `json:"activeWeek"`
}

// ListTeams returns a league's teams by name.
func (db *DB) ListTeams(ctx context.Context, leagueID int64) ([]*squares.Team, error) {
	var out []*squares.Team
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT league_id, name, abbreviation, code, city, primary_color,
			secondary_color FROM teams WHERE league_id = $1 ORDER BY name`, leagueID)
		if err != nil {
			return fmt.Errorf("list teams: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var t squares.Team
			if err := rows.Scan(&t.LeagueID, &t.Name, &t.Abbreviation, &t.Code, &t.City, &t.PrimaryColor,
				&t.SecondaryColor); err != nil {
				return err
			}
			out = append(out, &t)
		}
		return rows.Err()
	})
	return out, err
}
