package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/squaresapp/squares"
)

// The outbox holds e-mail written in the transaction that causes it; the mail worker (package mail)
// claims due messages with a lease, sends them, and marks them sent, or failed for another attempt.

const mailColumns = `o.id, o.kind, o.to_email, COALESCE(o.user_id, 0), COALESCE(o.pool_id, 0), o.data, o.essential,
	o.token, o.status, o.attempts, o.next_attempt_at, o.last_error, o.created_at, o.sent_at, COALESCE(o.secret, '')`

func scanMail(s scanner) (*squares.Mail, error) {
	var m squares.Mail
	var data string
	var sent sql.NullTime
	if err := s.Scan(&m.ID, &m.Kind, &m.To, &m.UserID, &m.PoolID, &data, &m.Essential, &m.Token, &m.Status,
		&m.Attempts, &m.NextAttemptAt, &m.LastError, &m.CreatedAt, &sent, &m.Secret); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(data), &m.Data); err != nil {
		return nil, fmt.Errorf("mail %d data: %w", m.ID, err)
	}
	m.NextAttemptAt, m.CreatedAt, m.SentAt = m.NextAttemptAt.UTC(), m.CreatedAt.UTC(), nullTime(sent)
	return &m, nil
}

// queueMail writes a message to the outbox in the caller's transaction, due at once.
func queueMail(ctx context.Context, tx *Tx, m *squares.Mail) error {
	data, err := json.Marshal(m.Data)
	if err != nil {
		return fmt.Errorf("queue mail: %w", err)
	}
	token := make([]byte, 16)
	if _, err := rand.Read(token); err != nil {
		return fmt.Errorf("queue mail: %w", err)
	}
	m.Token, m.Status, m.NextAttemptAt, m.CreatedAt = hex.EncodeToString(token), squares.MailQueued, tx.now, tx.now
	err = tx.QueryRowContext(ctx, `INSERT INTO outbox (kind, to_email, user_id, pool_id, data, essential, token, status,
		next_attempt_at, created_at, updated_at, secret) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9, $10) RETURNING id`,
		m.Kind, m.To, zeroNull(m.UserID), zeroNull(m.PoolID), string(data), m.Essential, m.Token, m.Status, tx.now,
		nullString(m.Secret)).Scan(&m.ID)
	if err != nil {
		return fmt.Errorf("queue mail: %w", err)
	}
	return nil
}

// mailNotification queues the e-mail a player gets for a notification, if any: none for kinds that are
// not e-mailed, for accounts without an address, and for non-essential kinds the player turned off. It
// reports whether it queued one. A payment reminder carries the host's payment instructions.
func mailNotification(ctx context.Context, tx *Tx, userID int64, kind, message string, poolID int64) (bool, error) {
	if squares.MailKindOf(kind, false) == "" {
		return false, nil
	}
	var email sql.NullString
	var firstName string
	var optOut bool
	err := tx.QueryRowContext(ctx, `SELECT u.email, u.first_name, COALESCE(e.opt_out, FALSE) FROM users u
		LEFT JOIN email_preferences e ON e.user_id = u.id WHERE u.id = $1`, userID).Scan(&email, &firstName, &optOut)
	if err != nil {
		return false, fmt.Errorf("mail notification: %w", err)
	}
	if !email.Valid || email.String == "" {
		return false, nil
	}
	var poolName, poolStatus, instructions string
	if poolID != 0 {
		if err := tx.QueryRowContext(ctx, `SELECT name, status, payment_instructions FROM pools WHERE id = $1`, poolID).
			Scan(&poolName, &poolStatus, &instructions); err != nil {
			return false, fmt.Errorf("mail notification: pool %d: %w", poolID, err)
		}
	}
	mk := squares.MailKindOf(kind, poolStatus == squares.PoolCancelled)
	essential := squares.MailEssential(mk)
	if !essential && optOut {
		return false, nil
	}
	data := map[string]string{"message": message, "pool": poolName, "firstName": firstName}
	if mk == squares.MailPaymentReminder && instructions != "" {
		data["instructions"] = instructions
	}
	if err := queueMail(ctx, tx, &squares.Mail{Kind: mk, To: email.String, UserID: userID, PoolID: poolID, Essential: essential,
		Data: data}); err != nil {
		return false, err
	}
	return true, nil
}

// QueueInvitation queues the e-mail inviting an address to a private pool: the pool, its game, the
// kickoff, the join link's code. It is essential: the invited address may be no player's.
func (db *DB) QueueInvitation(ctx context.Context, inv squares.Invitation) (*squares.Mail, error) {
	var m *squares.Mail
	err := db.update(ctx, func(tx *Tx) (err error) {
		m, err = queueInvitation(ctx, tx, inv)
		return err
	})
	return m, err
}

// queueInvitation is QueueInvitation in the caller's transaction (the one creating the pool or the
// invitation).
func queueInvitation(ctx context.Context, tx *Tx, inv squares.Invitation) (*squares.Mail, error) {
	email := squares.NormalizeEmail(inv.Email)
	if !squares.ValidEmail(email) {
		return nil, squares.FieldError("email", "Invalid email address")
	}
	var pool, home, away, code string
	var kickoff time.Time
	err := tx.QueryRowContext(ctx, `SELECT p.name, COALESCE(p.invite_code, ''), g.home_team, g.away_team, g.game_date
		FROM pools p JOIN games g ON g.id = p.game_id WHERE p.id = $1`, inv.PoolID).Scan(&pool, &code, &home, &away, &kickoff)
	if err != nil {
		return nil, notFound(err, "Pool")
	}
	if inv.Code != "" {
		code = inv.Code
	}
	if code == "" {
		return nil, squares.Errorf(squares.EUNPROCESSABLE, "The pool has no invite code.")
	}
	inviter := ""
	if inv.InviterID != 0 {
		var first, last string
		if err := tx.QueryRowContext(ctx, `SELECT first_name, last_name FROM users WHERE id = $1`, inv.InviterID).
			Scan(&first, &last); err != nil {
			return nil, notFound(err, "Inviter")
		}
		inviter = squares.ShortName(first, last)
	}
	m := &squares.Mail{Kind: squares.MailInvitation, To: email, PoolID: inv.PoolID, Essential: true,
		Data: map[string]string{"pool": pool, "game": away + " @ " + home, "kickoff": kickoff.UTC().Format(time.RFC3339),
			"code": code, "inviter": inviter}}
	if err := queueMail(ctx, tx, m); err != nil {
		return nil, err
	}
	if err := pushInvitation(ctx, tx, squares.Invitation{PoolID: inv.PoolID, Code: code, InviterID: inv.InviterID}, email, pool, inviter, away+" @ "+home, kickoff); err != nil {
		return nil, err
	}
	return m, nil
}

// ClaimMail takes up to limit due messages for one sender (owner) until lease from now, counting an
// attempt on each: no other sender claims them while the lease lasts. Messages of players who turned
// non-essential e-mail off since they were queued are skipped first.
func (db *DB) ClaimMail(ctx context.Context, owner string, lease time.Duration, limit int) ([]*squares.Mail, error) {
	var out []*squares.Mail
	err := db.update(ctx, func(tx *Tx) (err error) {
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET status = $1, last_error = $2, updated_at = $3
			WHERE status = $4 AND essential = FALSE AND user_id IN (SELECT user_id FROM email_preferences WHERE opt_out)`,
			squares.MailSkipped, "The player turned this e-mail off.", tx.now, squares.MailQueued); err != nil {
			return fmt.Errorf("skip opted-out mail: %w", err)
		}
		// The claimed rows are chosen once, in a CTE: PostgreSQL would re-run a subquery of the UPDATE on
		// rows this very statement changed and take more than limit. With PostgreSQL, rows another sender is
		// claiming are skipped; SQLite's writers take turns.
		materialized, skipLocked := "", ""
		if db.engine == Postgres {
			materialized, skipLocked = " MATERIALIZED", " FOR UPDATE SKIP LOCKED"
		}
		// The outer conditions repeat the inner ones: PostgreSQL re-checks them on a row changed meanwhile.
		due := `status = $4 AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)`
		out, err = queryAll(ctx, tx, scanMail, `WITH c AS`+materialized+` (SELECT id FROM outbox WHERE `+due+`
			ORDER BY next_attempt_at, id`+fmt.Sprintf(" LIMIT %d", limit)+skipLocked+`)
			UPDATE outbox SET lease_owner = $1, lease_until = $2, attempts = attempts + 1, updated_at = $3
			WHERE id IN (SELECT id FROM c) AND `+due+` RETURNING `+strings.ReplaceAll(mailColumns, "o.", ""),
			owner, tx.now.Add(lease), tx.now, squares.MailQueued)
		if err != nil {
			return fmt.Errorf("claim mail: %w", err)
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, err
}

// MarkMailSent records that a claimed message was sent. It reports false when owner no longer holds the
// message's lease (it ran out and another sender took it).
func (db *DB) MarkMailSent(ctx context.Context, id int64, owner string) (bool, error) {
	var n int64
	err := db.update(ctx, func(tx *Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE outbox SET status = $1, sent_at = $2, updated_at = $2, last_error = '',
			lease_owner = NULL, lease_until = NULL, secret = NULL WHERE id = $3 AND lease_owner = $4 AND status = $5`,
			squares.MailSent, tx.now, id, owner, squares.MailQueued)
		if err != nil {
			return fmt.Errorf("mail %d sent: %w", id, err)
		}
		n, _ = r.RowsAffected()
		return nil
	})
	return n == 1, err
}

// maxMailError bounds the error text kept for a failed attempt.
const maxMailError = 1000

// MarkMailFailed records a claimed message's failed attempt: it is due again after
// squares.MailRetryDelay, or failed for good once it has had maxAttempts attempts. It returns the
// message's status.
func (db *DB) MarkMailFailed(ctx context.Context, id int64, owner, message string, maxAttempts int) (string, error) {
	if len(message) > maxMailError {
		message = message[:maxMailError]
	}
	if !utf8.ValidString(message) {
		message = strings.ToValidUTF8(message, "?")
	}
	var status string
	err := db.update(ctx, func(tx *Tx) error {
		var attempts int
		err := tx.QueryRowContext(ctx, `SELECT o.attempts FROM outbox o WHERE o.id = $1 AND o.lease_owner = $2
			AND o.status = $3`+tx.forUpdate("o"), id, owner, squares.MailQueued).Scan(&attempts)
		if err == sql.ErrNoRows {
			return nil // the lease ran out and another sender has it
		}
		if err != nil {
			return fmt.Errorf("mail %d failed: %w", id, err)
		}
		status = squares.MailQueued
		if attempts >= maxAttempts {
			status = squares.MailFailed
		}
		// A message failed for good keeps no secret; one to try again still needs it.
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET status = $1, last_error = $2, next_attempt_at = $3,
			lease_owner = NULL, lease_until = NULL, updated_at = $4, secret = CASE WHEN $6 THEN NULL ELSE secret END
			WHERE id = $5`, status, message, tx.now.Add(squares.MailRetryDelay(attempts)), tx.now, id,
			status == squares.MailFailed); err != nil {
			return fmt.Errorf("mail %d failed: %w", id, err)
		}
		return nil
	})
	return status, err
}

// SkipMail marks every queued message no sender holds as skipped, with the reason: outside development
// mode without an SMTP server, mail is recorded but not sent. It returns how many it skipped.
func (db *DB) SkipMail(ctx context.Context, reason string) (int, error) {
	var n int64
	err := db.update(ctx, func(tx *Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE outbox SET status = $1, last_error = $2, updated_at = $3, secret = NULL
			WHERE status = $4 AND (lease_until IS NULL OR lease_until <= $3)`,
			squares.MailSkipped, reason, tx.now, squares.MailQueued)
		if err != nil {
			return fmt.Errorf("skip mail: %w", err)
		}
		n, _ = r.RowsAffected()
		return nil
	})
	return int(n), err
}

// ListMail returns the newest messages of the outbox, at most limit, of one status when status is set.
func (db *DB) ListMail(ctx context.Context, status string, limit int) ([]*squares.Mail, error) {
	q := `SELECT ` + mailColumns + ` FROM outbox o`
	args := []any{}
	if status != "" {
		q += ` WHERE o.status = $1`
		args = append(args, status)
	}
	q += fmt.Sprintf(` ORDER BY o.id DESC LIMIT %d`, limit)
	var out []*squares.Mail
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, scanMail, q, args...)
		if err != nil {
			return fmt.Errorf("list mail: %w", err)
		}
		return nil
	})
	return out, err
}

// EmailOptOut reports whether a player turned their non-essential e-mail off.
func (db *DB) EmailOptOut(ctx context.Context, userID int64) (bool, error) {
	var optOut bool
	err := db.view(ctx, func(tx *Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT opt_out FROM email_preferences WHERE user_id = $1`, userID).Scan(&optOut)
		if err == sql.ErrNoRows {
			return nil
		}
		return err
	})
	return optOut, err
}

// SetEmailOptOut turns a player's non-essential e-mail off (optOut) or back on.
func (db *DB) SetEmailOptOut(ctx context.Context, userID int64, optOut bool) error {
	return db.update(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO email_preferences (user_id, opt_out, updated_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id) DO UPDATE SET opt_out = excluded.opt_out, updated_at = excluded.updated_at`,
			userID, optOut, tx.now)
		if isForeignKeyViolation(err) {
			return squares.Errorf(squares.ENOTFOUND, "User not found.")
		}
		if err != nil {
			return fmt.Errorf("email preferences: %w", err)
		}
		return nil
	})
}
