package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/squaresapp/squares"
)

// Change is an admin action for the audit log, as the store method making it describes it; who acted comes
// from the context (squares.UserFromContext) and when from the transaction's clock.
type Change struct {
	Action     string // e.g. "pool.status"
	TargetType string // pool, game, league, user, payout, week, invitation
	TargetID   int64
	PoolID     int64 // the pool it concerns, 0 for none
	UserID     int64 // the user it concerns, 0 for none
	Before     any   // the target before the change (nil for a creation), encoded as JSON
	After      any   // the target after it (nil for a deletion)
	Reason     string
	// Record is what the pool's record says of the change (an action), when more than its action and
	// reason: new rules with their seed commitments.
	Record *squares.RecordActionData
}

// audit records a change in the audit log, in the caller's transaction: the log holds exactly the
// changes that were committed.
func audit(ctx context.Context, tx *Tx, c Change) error {
	before, err := auditJSON(c.Before)
	if err != nil {
		return err
	}
	after, err := auditJSON(c.After)
	if err != nil {
		return err
	}
	adminID, name := squares.AuditActor(ctx)
	if _, err := tx.ExecContext(ctx, `INSERT INTO audit_log (admin_id, admin_name, action, target_type, target_id,
		pool_id, user_id, before_json, after_json, reason, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, nullID(adminID), name, c.Action, c.TargetType,
		strconv.FormatInt(c.TargetID, 10), nullID(c.PoolID), nullID(c.UserID), before, after, c.Reason, tx.now); err != nil {
		return fmt.Errorf("audit %s: %w", c.Action, err)
	}
	// Every admin act on a pool is in its record too; a pool deleted takes its record with it.
	if c.PoolID == 0 || c.Action == "pool.delete" {
		return nil
	}
	d := squares.RecordActionData{Action: c.Action, Reason: c.Reason}
	if c.Record != nil {
		d = *c.Record
	}
	d.By = squares.ActedBySystem
	if adminID != 0 {
		d.By = squares.ActedByAdmin
	}
	return recordAction(ctx, tx, c.PoolID, d)
}

// auditByUser records a change made through a signed-in user's call only: the same store call made by
// the system (demo data, a score feed) is not an admin action.
func auditByUser(ctx context.Context, tx *Tx, c Change) error {
	if squares.UserFromContext(ctx) == nil {
		return nil
	}
	return audit(ctx, tx, c)
}

func auditJSON(v any) (sql.NullString, error) {
	if v == nil {
		return sql.NullString{}, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return sql.NullString{}, fmt.Errorf("audit: %w", err)
	}
	return sql.NullString{String: string(b), Valid: true}, nil
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

// AuditFilter selects audit entries: each non-zero field must match. Limit (at most 200, default 50) and
// Offset page through them, newest first.
type AuditFilter struct {
	AdminID int64
	Action  string
	PoolID  int64
	UserID  int64
	Limit   int
	Offset  int
}

// ListAudit returns a page of the audit log, newest first, and how many entries match in all.
func (db *DB) ListAudit(ctx context.Context, f AuditFilter) ([]*squares.AuditEntry, int, error) {
	var where []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, fmt.Sprintf(cond, len(args)))
	}
	if f.AdminID != 0 {
		add("admin_id = $%d", f.AdminID)
	}
	if f.Action != "" {
		add("action = $%d", f.Action)
	}
	if f.PoolID != 0 {
		add("pool_id = $%d", f.PoolID)
	}
	if f.UserID != 0 {
		add("user_id = $%d", f.UserID)
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	if f.Offset < 0 {
		f.Offset = 0
	}
	var out []*squares.AuditEntry
	var total int
	err := db.view(ctx, func(tx *Tx) (err error) {
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log`+cond, args...).Scan(&total); err != nil {
			return fmt.Errorf("count audit: %w", err)
		}
		n := len(args)
		// The page is cut first, then the names are joined to its entries only: the user it concerns, the
		// pool it concerns with its game, or the game acted on.
		out, err = queryAll(ctx, tx, scanAudit, fmt.Sprintf(`SELECT a.id, a.admin_id, a.admin_name, a.action,
			a.target_type, a.target_id, a.pool_id, a.user_id, a.before_json, a.after_json, a.reason, a.created_at,
			u.first_name, u.last_name, u.email, p.name, g.id, g.home_team, g.away_team, g.game_date, g.week
			FROM (SELECT id, admin_id, admin_name, action, target_type, target_id, pool_id, user_id, before_json,
				after_json, reason, created_at FROM audit_log%s ORDER BY id DESC LIMIT $%d OFFSET $%d) a
			LEFT JOIN users u ON u.id = a.user_id
			LEFT JOIN pools p ON p.id = a.pool_id
			LEFT JOIN games g ON g.id = p.game_id
				OR (p.id IS NULL AND a.target_type = 'game' AND CAST(g.id AS TEXT) = a.target_id)
			ORDER BY a.id DESC`, cond, n+1, n+2), append(args, f.Limit, f.Offset)...)
		if err != nil {
			return fmt.Errorf("list audit: %w", err)
		}
		return nil
	})
	return out, total, err
}

func scanAudit(s scanner) (*squares.AuditEntry, error) {
	var e squares.AuditEntry
	var admin, pool, user, gameID sql.NullInt64
	var before, after, first, last, email, poolName, home, away, week sql.NullString
	var kickoff sql.NullTime
	if err := s.Scan(&e.ID, &admin, &e.AdminName, &e.Action, &e.TargetType, &e.TargetID, &pool, &user, &before,
		&after, &e.Reason, &e.CreatedAt, &first, &last, &email, &poolName, &gameID, &home, &away, &kickoff, &week); err != nil {
		return nil, err
	}
	e.AdminID, e.PoolID, e.UserID = admin.Int64, pool.Int64, user.Int64
	if before.Valid {
		e.Before = json.RawMessage(before.String)
	}
	if after.Valid {
		e.After = json.RawMessage(after.String)
	}
	e.Changes = squares.AuditChanges(e.Before, e.After)
	e.CreatedAt = e.CreatedAt.UTC()
	e.UserName = strings.TrimSpace(first.String + " " + last.String)
	e.UserEmail, e.PoolName = email.String, poolName.String
	if gameID.Valid {
		e.Game = &squares.GameRef{ID: gameID.Int64, HomeTeam: home.String, AwayTeam: away.String,
			GameDate: kickoff.Time.UTC(), Week: week.String}
	}
	return &e, nil
}
