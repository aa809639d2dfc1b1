package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/squaresapp/squares"
)

const gameColumns = `g.id, g.league_id, g.external_id, g.espn_id, g.season, g.week, g.home_team, g.away_team,
	g.home_team_color, g.away_team_color, g.game_date, g.venue, g.status, g.home_score, g.away_score, g.quarter,
	g.home_q1, g.home_q2, g.home_q3, g.home_q4, g.away_q1, g.away_q2, g.away_q3, g.away_q4,
	g.created_at, g.updated_at`

func gameDest(g *squares.Game, ext *sql.NullString, n *[10]sql.NullInt64) []any {
	return []any{&g.ID, &g.LeagueID, ext, &g.ESPNID, &g.Season, &g.Week, &g.HomeTeam, &g.AwayTeam,
		&g.HomeTeamColor, &g.AwayTeamColor, &g.GameDate, &g.Venue, &g.Status, &n[0], &n[1], &g.Quarter,
		&n[2], &n[3], &n[4], &n[5], &n[6], &n[7], &n[8], &n[9], &g.CreatedAt, &g.UpdatedAt}
}

func finishGame(g *squares.Game, ext sql.NullString, n [10]sql.NullInt64) {
	g.ExternalID = ext.String
	g.HomeScore, g.AwayScore = nullInt(n[0]), nullInt(n[1])
	for i := 0; i < 4; i++ {
		g.HomePeriod[i] = nullInt(n[2+i])
		g.AwayPeriod[i] = nullInt(n[6+i])
	}
	g.GameDate, g.CreatedAt, g.UpdatedAt = g.GameDate.UTC(), g.CreatedAt.UTC(), g.UpdatedAt.UTC()
}

func scanGame(s scanner) (*squares.Game, error) {
	var g squares.Game
	var ext sql.NullString
	var n [10]sql.NullInt64
	if err := s.Scan(gameDest(&g, &ext, &n)...); err != nil {
		return nil, err
	}
	finishGame(&g, ext, n)
	return &g, nil
}

// GameFilter selects games.
type GameFilter struct {
	LeagueID int64
	Week     string
	From     *time.Time // kickoff at or after
	Limit    int
}

// ListGames returns games by kickoff.
func (db *DB) ListGames(ctx context.Context, f GameFilter) ([]*squares.Game, error) {
	var where []string
	var args []any
	arg := func(v any) string { args = append(args, v); return fmt.Sprintf("$%d", len(args)) }
	if f.LeagueID > 0 {
		where = append(where, "g.league_id = "+arg(f.LeagueID))
	}
	if f.Week != "" {
		where = append(where, "g.week = "+arg(f.Week))
	}
	if f.From != nil {
		where = append(where, "g.game_date >= "+arg(f.From.UTC()))
	}
	q := `SELECT ` + gameColumns + ` FROM games g`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY g.game_date, g.id"
	if f.Limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", f.Limit)
	}
	var out []*squares.Game
	err := db.view(ctx, func(tx *Tx) (err error) {
		if out, err = queryAll(ctx, tx, scanGame, q, args...); err != nil {
			return fmt.Errorf("list games: %w", err)
		}
		return nil
	})
	return out, err
}

// FindGame returns the game with the given id.
func (db *DB) FindGame(ctx context.Context, id int64) (*squares.Game, error) {
	var g *squares.Game
	err := db.view(ctx, func(tx *Tx) (err error) {
		g, err = findGame(ctx, tx, id)
		return err
	})
	return g, err
}

func findGame(ctx context.Context, tx *Tx, id int64) (*squares.Game, error) {
	g, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.id = $1`, id))
	return g, notFound(err, "Game")
}

// gameRecord is a game as the audit log records its creation.
type gameRecord struct {
	LeagueID int64     `json:"leagueId"`
	HomeTeam string    `json:"homeTeam"`
	AwayTeam string    `json:"awayTeam"`
	GameDate time.Time `json:"gameDate"`
	Week     string    `json:"week"`
	Status   string    `json:"status"`
	Pools    int       `json:"pools"`
}

// CreateGame inserts a validated game and its five public tier pools as drafts (logged as "game.create" when an admin's call made it).
func (db *DB) CreateGame(ctx context.Context, g *squares.Game) error {
	return db.update(ctx, func(tx *Tx) error {
		if _, err := findLeague(ctx, tx, g.LeagueID); err != nil {
			return err
		}
		if err := insertGame(ctx, tx, g); err != nil {
			return err
		}
		pools, err := ensureTierPools(ctx, tx, g)
		if err != nil {
			return err
		}
		return auditByUser(ctx, tx, Change{Action: "game.create", TargetType: "game", TargetID: g.ID,
			After: gameRecord{g.LeagueID, g.HomeTeam, g.AwayTeam, g.GameDate.UTC(), g.Week, g.Status, len(pools)}})
	})
}

func insertGame(ctx context.Context, tx *Tx, g *squares.Game) error {
	g.CreatedAt, g.UpdatedAt = tx.now, tx.now
	err := tx.QueryRowContext(ctx, `INSERT INTO games (league_id, external_id, espn_id, season, week, home_team,
		away_team, home_team_color, away_team_color, game_date, venue, status, home_score, away_score, quarter,
		home_q1, home_q2, home_q3, home_q4, away_q1, away_q2, away_q3, away_q4, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
		$22, $23, $24, $24) RETURNING id`,
		g.LeagueID, nullString(g.ExternalID), g.ESPNID, g.Season, g.Week, g.HomeTeam, g.AwayTeam, g.HomeTeamColor,
		g.AwayTeamColor, g.GameDate.UTC(), g.Venue, g.Status, intArg(g.HomeScore), intArg(g.AwayScore), g.Quarter,
		intArg(g.HomePeriod[0]), intArg(g.HomePeriod[1]), intArg(g.HomePeriod[2]), intArg(g.HomePeriod[3]),
		intArg(g.AwayPeriod[0]), intArg(g.AwayPeriod[1]), intArg(g.AwayPeriod[2]), intArg(g.AwayPeriod[3]),
		tx.now).Scan(&g.ID)
	if isUniqueViolation(err) {
		return squares.Errorf(squares.ECONFLICT, "Game %s already exists.", g.ExternalID)
	} else if isForeignKeyViolation(err) {
		return squares.Errorf(squares.ENOTFOUND, "League not found.")
	} else if err != nil {
		return fmt.Errorf("insert game: %w", err)
	}
	return nil
}

// UpsertGame creates the game with g's league and external id, or updates its schedule fields (teams,
// colours, kickoff, week, venue) and, when g carries them, its final scores. Either way the game ends up
// with its five tier pools. It reports whether the game was created and whether anything changed.
func (db *DB) UpsertGame(ctx context.Context, g *squares.Game) (created, changed bool, err error) {
	err = db.update(ctx, func(tx *Tx) error {
		old, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g
			WHERE g.league_id = $1 AND g.external_id = $2`, g.LeagueID, g.ExternalID))
		if err == sql.ErrNoRows {
			created, changed = true, true
			if err := insertGame(ctx, tx, g); err != nil {
				return err
			}
			_, err := ensureTierPools(ctx, tx, g)
			return err
		} else if err != nil {
			return fmt.Errorf("find game: %w", err)
		}
		g.ID, g.CreatedAt = old.ID, old.CreatedAt
		// A live or settled game keeps the scores and status it has; a schedule file only fills in what
		// the game lacks.
		if g.HomeScore == nil || old.Status == squares.GameLive {
			g.Status, g.HomeScore, g.AwayScore, g.Quarter = old.Status, old.HomeScore, old.AwayScore, old.Quarter
			g.HomePeriod, g.AwayPeriod = old.HomePeriod, old.AwayPeriod
		}
		changed = !sameGame(old, g)
		if changed {
			g.UpdatedAt = tx.now
			_, err := tx.ExecContext(ctx, `UPDATE games SET espn_id = $1, season = $2, week = $3, home_team = $4,
				away_team = $5, home_team_color = $6, away_team_color = $7, game_date = $8, venue = $9, status = $10,
				home_score = $11, away_score = $12, quarter = $13, home_q4 = $14, away_q4 = $15, updated_at = $16
				WHERE id = $17`, g.ESPNID, g.Season, g.Week, g.HomeTeam, g.AwayTeam, g.HomeTeamColor, g.AwayTeamColor,
				g.GameDate.UTC(), g.Venue, g.Status, intArg(g.HomeScore), intArg(g.AwayScore), g.Quarter,
				intArg(g.HomePeriod[3]), intArg(g.AwayPeriod[3]), tx.now, g.ID)
			if err != nil {
				return fmt.Errorf("update game: %w", err)
			}
			tx.emit(squares.Event{Kind: squares.EventGame, GameID: g.ID})
		} else {
			g.UpdatedAt = old.UpdatedAt
		}
		_, err = ensureTierPools(ctx, tx, g)
		return err
	})
	return created, changed, err
}

func sameGame(a, b *squares.Game) bool {
	eq := func(x, y *int) bool { return (x == nil && y == nil) || (x != nil && y != nil && *x == *y) }
	return a.ESPNID == b.ESPNID && a.Season == b.Season && a.Week == b.Week && a.HomeTeam == b.HomeTeam &&
		a.AwayTeam == b.AwayTeam && a.HomeTeamColor == b.HomeTeamColor && a.AwayTeamColor == b.AwayTeamColor &&
		a.GameDate.Equal(b.GameDate) && a.Venue == b.Venue && a.Status == b.Status && a.Quarter == b.Quarter &&
		eq(a.HomeScore, b.HomeScore) && eq(a.AwayScore, b.AwayScore) &&
		eq(a.HomePeriod[3], b.HomePeriod[3]) && eq(a.AwayPeriod[3], b.AwayPeriod[3])
}

// ensureTierPools creates whichever of the game's five public tier pools is missing, as drafts, and returns
// the pools it created.
func ensureTierPools(ctx context.Context, tx *Tx, g *squares.Game) ([]*squares.Pool, error) {
	if tx.db.engine == Postgres {
		// Two transactions adding a game's missing tiers at once would both see a tier missing and the second
		// would fail on the unique tier key; the game's row lock makes them take turns (SQLite's writers do).
		if _, err := tx.ExecContext(ctx, `SELECT id FROM games WHERE id = $1 FOR UPDATE`, g.ID); err != nil {
			return nil, fmt.Errorf("lock game: %w", err)
		}
	}
	rows, err := tx.QueryContext(ctx, `SELECT entry_fee_cents FROM pools WHERE game_id = $1 AND is_private = FALSE`, g.ID)
	if err != nil {
		return nil, fmt.Errorf("tier pools: %w", err)
	}
	have := map[squares.Cents]bool{}
	for rows.Next() {
		var fee squares.Cents
		if err := rows.Scan(&fee); err != nil {
			rows.Close()
			return nil, err
		}
		have[fee] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var created []*squares.Pool
	for _, fee := range squares.Tiers {
		if have[fee] {
			continue
		}
		p := &squares.Pool{GameID: g.ID, Game: g, Name: squares.TierName(fee), EntryFee: fee,
			MaxSquaresPerPlayer: squares.PublicSquaresPerPlayer, Status: squares.PoolDraft}
		if err := insertPool(ctx, tx, p); err != nil {
			return nil, err
		}
		created = append(created, p)
	}
	return created, nil
}

// CountGames returns the number of games of a league (all leagues for 0).
func (db *DB) CountGames(ctx context.Context, leagueID int64) (int, error) {
	var n int
	err := db.view(ctx, func(tx *Tx) error {
		if leagueID > 0 {
			return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE league_id = $1`, leagueID).Scan(&n)
		}
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&n)
	})
	return n, err
}
