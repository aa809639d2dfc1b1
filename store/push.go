package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/squaresapp/squares"
)

// Push notifications: devices subscribe (SavePushSubscription) while signed in; the events that players
// hear of by push (a win, a pool drawn, a pool cancelled, an invitation) queue one row per device in the
// push outbox in their own transaction (queuePushes); the push worker (package push) claims due rows with
// a lease, as the mail worker does, sends them and marks them. A device receives pushes while the session
// that subscribed it lasts: signing out ends the subscription, and pushes are queued only for devices
// whose session is live.

const pushSubscriptionColumns = `s.id, s.user_id, s.endpoint, s.p256dh, s.auth, s.server_key, s.user_agent,
	s.created_at, s.updated_at`

func scanPushSubscription(sc scanner) (*squares.PushSubscription, error) {
	var s squares.PushSubscription
	if err := sc.Scan(&s.ID, &s.UserID, &s.Endpoint, &s.P256dh, &s.Auth, &s.ServerKey, &s.UserAgent,
		&s.CreatedAt, &s.UpdatedAt); err != nil {
		return nil, err
	}
	s.CreatedAt, s.UpdatedAt = s.CreatedAt.UTC(), s.UpdatedAt.UTC()
	return &s, nil
}

// SavePushSubscription records a device's subscription (checked with squares.CheckPushSubscription) for
// its UserID, tied to the session that subscribes it (sessionHash). The same endpoint again updates it:
// new keys, this session. An endpoint another player subscribed is taken over, and the pushes queued for
// that player dropped. A player's devices beyond squares.MaxPushDevices are dropped, the least recently
// subscribed first. It reports whether the subscription is new.
func (db *DB) SavePushSubscription(ctx context.Context, s *squares.PushSubscription, sessionHash string) (bool, error) {
	var created bool
	err := db.update(ctx, func(tx *Tx) error {
		// Another player's subscription of this endpoint (the browser was theirs before) ends, with the
		// pushes queued for them.
		if _, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id <> $2`,
			s.Endpoint, s.UserID); err != nil {
			return fmt.Errorf("take over push subscription: %w", err)
		}
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM push_subscriptions WHERE endpoint = $1`, s.Endpoint).Scan(&id)
		if err != nil && err != sql.ErrNoRows {
			return fmt.Errorf("push subscription: %w", err)
		}
		created = err == sql.ErrNoRows
		// A subscription made meanwhile by another player's request is not updated (WHERE): no row comes back.
		got, err := scanPushSubscription(tx.QueryRowContext(ctx, `INSERT INTO push_subscriptions AS s (user_id, endpoint,
			p256dh, auth, server_key, session_hash, user_agent, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
			ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
				server_key = excluded.server_key, session_hash = excluded.session_hash, user_agent = excluded.user_agent,
				updated_at = excluded.updated_at
			WHERE s.user_id = excluded.user_id
			RETURNING `+strings.ReplaceAll(pushSubscriptionColumns, "s.", ""), s.UserID, s.Endpoint, s.P256dh, s.Auth, s.ServerKey, sessionHash,
			s.UserAgent, tx.now))
		if err == sql.ErrNoRows {
			return squares.Errorf(squares.ECONFLICT, "This device was subscribed by another account at the same time; try again.")
		}
		if isForeignKeyViolation(err) {
			return squares.Errorf(squares.ENOTFOUND, "User not found.")
		}
		if err != nil {
			return fmt.Errorf("save push subscription: %w", err)
		}
		*s = *got
		if _, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
			SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2)`,
			s.UserID, squares.MaxPushDevices); err != nil {
			return fmt.Errorf("push devices: %w", err)
		}
		return nil
	})
	return created, err
}

// DeletePushSubscription ends a player's subscription of an endpoint, with the pushes still queued for
// it. It reports whether there was one; another player's subscription is left alone.
func (db *DB) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) (bool, error) {
	var n int64
	err := db.update(ctx, func(tx *Tx) error {
		r, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`, userID, endpoint)
		if err != nil {
			return fmt.Errorf("delete push subscription: %w", err)
		}
		n, _ = r.RowsAffected()
		return nil
	})
	return n == 1, err
}

// ListPushSubscriptions returns a player's subscribed devices, the most recently subscribed first.
func (db *DB) ListPushSubscriptions(ctx context.Context, userID int64) ([]*squares.PushSubscription, error) {
	var out []*squares.PushSubscription
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, scanPushSubscription, `SELECT `+pushSubscriptionColumns+` FROM push_subscriptions s
			WHERE s.user_id = $1 ORDER BY s.updated_at DESC, s.id DESC`, userID)
		if err != nil {
			return fmt.Errorf("push subscriptions: %w", err)
		}
		return nil
	})
	return out, err
}

// deleteSessionPushSubscriptions ends the subscriptions a session made, as it signs out.
func deleteSessionPushSubscriptions(ctx context.Context, tx *Tx, tokenHash string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE session_hash = $1`, tokenHash); err != nil {
		return fmt.Errorf("end push subscriptions: %w", err)
	}
	return nil
}

// queuePushes queues msg, in the caller's transaction, for every device with a live session of the
// players that who selects: a condition on s.user_id whose arguments start at $5.
func queuePushes(ctx context.Context, tx *Tx, kind string, poolID int64, msg squares.PushMessage, who string, args ...any) error {
	payload, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("queue push: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO push_outbox (subscription_id, user_id, kind, pool_id, payload, status,
		next_attempt_at, created_at, updated_at)
		SELECT s.id, s.user_id, $1, $2, $3, 'queued', $4, $4, $4 FROM push_subscriptions s
		JOIN sessions ss ON ss.token_hash = s.session_hash AND ss.expires_at > $4
		WHERE `+who+` ORDER BY s.id`, append([]any{kind, zeroNull(poolID), string(payload), tx.now}, args...)...); err != nil {
		return fmt.Errorf("queue %s push: %w", kind, err)
	}
	return nil
}

// queueUserPush queues msg for every signed-in device of one player.
func queueUserPush(ctx context.Context, tx *Tx, userID int64, kind string, poolID int64, msg squares.PushMessage) error {
	return queuePushes(ctx, tx, kind, poolID, msg, `s.user_id = $5`, userID)
}

// queuePoolPush queues msg for every signed-in device of the players with squares in a pool (owned ones
// only, when owned is set).
func queuePoolPush(ctx context.Context, tx *Tx, poolID int64, kind string, msg squares.PushMessage, owned bool) error {
	cond := ""
	if owned {
		cond = ` AND q.state = 'owned'`
	}
	return queuePushes(ctx, tx, kind, poolID, msg, `s.user_id IN (SELECT DISTINCT q.user_id FROM squares q
		WHERE q.pool_id = $5 AND q.user_id IS NOT NULL`+cond+`)`, poolID)
}

// pushPoolDrawn tells the players of a pool just drawn: every square is theirs or the house's.
func pushPoolDrawn(ctx context.Context, tx *Tx, poolID int64, poolName string) error {
	return queuePoolPush(ctx, tx, poolID, squares.PushPoolDrawn, squares.PoolDrawnPush(poolID, poolName), true)
}

// pushPoolCancelled tells the players of a pool just cancelled, those holding squares in a checkout too.
func pushPoolCancelled(ctx context.Context, tx *Tx, p *squares.PoolView) error {
	return queuePoolPush(ctx, tx, p.ID, squares.PushPoolCancelled, squares.PoolCancelledPush(p.ID, p.Name, !p.IsFree()), false)
}

// pushWin tells a player their square won a period (a house square's win is no one's to tell).
func pushWin(ctx context.Context, tx *Tx, p *squares.Pool, w squares.Winner) error {
	if w.UserID == 0 {
		return nil
	}
	return queueUserPush(ctx, tx, w.UserID, squares.PushWin, p.ID,
		squares.WinPush(w, p.Name, len(p.PayoutSchedule), squares.PrizeClaimBy(tx.now)))
}

// pushInvitation tells the player whose address is invited, if it is a player's (not the inviter's own).
func pushInvitation(ctx context.Context, tx *Tx, inv squares.Invitation, email, poolName, inviter, game string, kickoff time.Time) error {
	var userID int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&userID)
	if err == sql.ErrNoRows || err == nil && userID == inv.InviterID {
		return nil
	}
	if err != nil {
		return fmt.Errorf("invited player: %w", err)
	}
	return queueUserPush(ctx, tx, userID, squares.PushInvitation, inv.PoolID,
		squares.InvitationPush(inv, poolName, inviter, game, kickoff))
}

const pushColumns = `o.id, o.subscription_id, o.user_id, o.kind, COALESCE(o.pool_id, 0), o.payload, o.status,
	o.attempts, o.next_attempt_at, o.last_error, o.created_at, o.sent_at`

func scanPush(s scanner, extra ...any) (*squares.Push, error) {
	var p squares.Push
	var payload string
	var sent sql.NullTime
	dest := append([]any{&p.ID, &p.SubscriptionID, &p.UserID, &p.Kind, &p.PoolID, &payload, &p.Status, &p.Attempts,
		&p.NextAttemptAt, &p.LastError, &p.CreatedAt, &sent}, extra...)
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(payload), &p.Message); err != nil {
		return nil, fmt.Errorf("push %d payload: %w", p.ID, err)
	}
	p.NextAttemptAt, p.CreatedAt, p.SentAt = p.NextAttemptAt.UTC(), p.CreatedAt.UTC(), nullTime(sent)
	return &p, nil
}

// scanPushWithSubscription reads a push and the subscription it goes to.
func scanPushWithSubscription(s scanner) (*squares.Push, error) {
	var sub squares.PushSubscription
	p, err := scanPush(s, &sub.ID, &sub.UserID, &sub.Endpoint, &sub.P256dh, &sub.Auth, &sub.ServerKey, &sub.UserAgent,
		&sub.CreatedAt, &sub.UpdatedAt)
	if err != nil {
		return nil, err
	}
	p.Subscription = sub
	return p, nil
}

// ClaimPushes takes up to limit due pushes for one sender (owner) until lease from now, counting an
// attempt on each, with the subscriptions they go to: no other sender claims them while the lease lasts.
// Pushes of devices signed out since they were queued, and pushes older than squares.PushMaxAge, are
// skipped first.
func (db *DB) ClaimPushes(ctx context.Context, owner string, lease time.Duration, limit int) ([]*squares.Push, error) {
	var out []*squares.Push
	err := db.update(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE push_outbox SET status = $1, last_error = $2, updated_at = $3
			WHERE status = $4 AND (lease_until IS NULL OR lease_until <= $3) AND NOT EXISTS (SELECT 1 FROM push_subscriptions s
				JOIN sessions ss ON ss.token_hash = s.session_hash WHERE s.id = push_outbox.subscription_id AND ss.expires_at > $3)`,
			squares.PushSkipped, "The device signed out.", tx.now, squares.PushQueued); err != nil {
			return fmt.Errorf("skip signed-out pushes: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE push_outbox SET status = $1, last_error = $2, updated_at = $3
			WHERE status = $4 AND created_at <= $5 AND (lease_until IS NULL OR lease_until <= $3)`,
			squares.PushSkipped, "Expired: not sent within a day.", tx.now, squares.PushQueued,
			tx.now.Add(-squares.PushMaxAge)); err != nil {
			return fmt.Errorf("skip expired pushes: %w", err)
		}
		// As ClaimMail: the rows are chosen once, in a CTE, and the outer conditions repeat the inner ones.
		materialized, skipLocked := "", ""
		if db.engine == Postgres {
			materialized, skipLocked = " MATERIALIZED", " FOR UPDATE SKIP LOCKED"
		}
		due := `status = $4 AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)`
		ids, err := queryAll(ctx, tx, scanID, `WITH c AS`+materialized+` (SELECT id FROM push_outbox WHERE `+due+`
			ORDER BY next_attempt_at, id`+fmt.Sprintf(" LIMIT %d", limit)+skipLocked+`)
			UPDATE push_outbox SET lease_owner = $1, lease_until = $2, attempts = attempts + 1, updated_at = $3
			WHERE id IN (SELECT id FROM c) AND `+due+` RETURNING id`,
			owner, tx.now.Add(lease), tx.now, squares.PushQueued)
		if err != nil {
			return fmt.Errorf("claim pushes: %w", err)
		}
		if len(ids) == 0 {
			return nil
		}
		marks := make([]string, len(ids))
		args := make([]any, len(ids))
		for i, id := range ids {
			marks[i], args[i] = fmt.Sprintf("$%d", i+1), id
		}
		out, err = queryAll(ctx, tx, scanPushWithSubscription, `SELECT `+pushColumns+`, `+pushSubscriptionColumns+`
			FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id
			WHERE o.id IN (`+strings.Join(marks, ", ")+`)`, args...)
		if err != nil {
			return fmt.Errorf("claimed pushes: %w", err)
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, err
}

// MarkPushSent records that a claimed push was accepted by the push service. It reports false when owner
// no longer holds the push's lease (it ran out and another sender took it), or the push is gone with its
// subscription.
func (db *DB) MarkPushSent(ctx context.Context, id int64, owner string) (bool, error) {
	var n int64
	err := db.update(ctx, func(tx *Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE push_outbox SET status = $1, sent_at = $2, updated_at = $2, last_error = '',
			lease_owner = NULL, lease_until = NULL WHERE id = $3 AND lease_owner = $4 AND status = $5`,
			squares.PushSent, tx.now, id, owner, squares.PushQueued)
		if err != nil {
			return fmt.Errorf("push %d sent: %w", id, err)
		}
		n, _ = r.RowsAffected()
		return nil
	})
	return n == 1, err
}

// PushFailure is a failed attempt to send a push.
type PushFailure struct {
	Message string
	// Permanent gives the push up at once: the push service refused it for what it is (too large,
	// malformed), which another attempt does not change.
	Permanent bool
	// NotBefore is the least wait the push service asked for (Retry-After); the backoff applies when it is
	// longer.
	NotBefore time.Duration
}

// MarkPushFailed records a claimed push's failed attempt: it is due again after squares.PushRetryDelay
// (or NotBefore, at most squares.MailRetryMax), or failed for good once it has had maxAttempts attempts or
// the failure is permanent. It returns the push's status ("" when the lease was lost or the push is gone).
func (db *DB) MarkPushFailed(ctx context.Context, id int64, owner string, f PushFailure, maxAttempts int) (string, error) {
	message := f.Message
	if len(message) > maxMailError {
		message = message[:maxMailError]
	}
	if !utf8.ValidString(message) {
		message = strings.ToValidUTF8(message, "?")
	}
	var status string
	err := db.update(ctx, func(tx *Tx) error {
		var attempts int
		err := tx.QueryRowContext(ctx, `SELECT o.attempts FROM push_outbox o WHERE o.id = $1 AND o.lease_owner = $2
			AND o.status = $3`+tx.forUpdate("o"), id, owner, squares.PushQueued).Scan(&attempts)
		if err == sql.ErrNoRows {
			return nil
		}
		if err != nil {
			return fmt.Errorf("push %d failed: %w", id, err)
		}
		status = squares.PushQueued
		if f.Permanent || attempts >= maxAttempts {
			status = squares.PushFailed
		}
		wait := squares.PushRetryDelay(attempts)
		if f.NotBefore > wait {
			wait = min(f.NotBefore, squares.MailRetryMax)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE push_outbox SET status = $1, last_error = $2, next_attempt_at = $3,
			lease_owner = NULL, lease_until = NULL, updated_at = $4 WHERE id = $5`,
			status, message, tx.now.Add(wait), tx.now, id); err != nil {
			return fmt.Errorf("push %d failed: %w", id, err)
		}
		return nil
	})
	return status, err
}

// EndPushSubscription deletes a subscription the push service says is gone (404, 410) or that can no
// longer be pushed to (made for another server key), with its queued pushes.
func (db *DB) EndPushSubscription(ctx context.Context, id int64, endpoint string) error {
	return db.update(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2`, id, endpoint); err != nil {
			return fmt.Errorf("end push subscription %d: %w", id, err)
		}
		return nil
	})
}

// ListPushes returns the newest pushes of the outbox, at most limit, of one status when status is set and
// of one player when userID is set.
func (db *DB) ListPushes(ctx context.Context, status string, userID int64, limit int) ([]*squares.Push, error) {
	var where []string
	var args []any
	if status != "" {
		args = append(args, status)
		where = append(where, fmt.Sprintf("o.status = $%d", len(args)))
	}
	if userID != 0 {
		args = append(args, userID)
		where = append(where, fmt.Sprintf("o.user_id = $%d", len(args)))
	}
	q := `SELECT ` + pushColumns + ` FROM push_outbox o`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, " AND ")
	}
	q += fmt.Sprintf(` ORDER BY o.id DESC LIMIT %d`, limit)
	var out []*squares.Push
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, func(s scanner) (*squares.Push, error) { return scanPush(s) }, q, args...)
		if err != nil {
			return fmt.Errorf("list pushes: %w", err)
		}
		return nil
	})
	return out, err
}

// PrunePushes deletes the pushes done with (sent, failed, skipped) before before, and the subscriptions
// whose session has ended (a device signed in again subscribes again) once they have no other pushes. It
// returns how many pushes it deleted.
func (db *DB) PrunePushes(ctx context.Context, before time.Time) (int, error) {
	var n int64
	err := db.update(ctx, func(tx *Tx) error {
		r, err := tx.ExecContext(ctx, `DELETE FROM push_outbox WHERE status <> $1 AND updated_at < $2`, squares.PushQueued, before.UTC())
		if err != nil {
			return fmt.Errorf("prune pushes: %w", err)
		}
		n, _ = r.RowsAffected()
		// A subscription goes with its pushes: only once they are old enough to go themselves.
		if _, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE NOT EXISTS (SELECT 1 FROM sessions ss
			WHERE ss.token_hash = push_subscriptions.session_hash AND ss.expires_at > $1) AND NOT EXISTS (SELECT 1
			FROM push_outbox o WHERE o.subscription_id = push_subscriptions.id AND (o.status = $2 OR o.updated_at >= $3))`,
			tx.now, squares.PushQueued, before.UTC()); err != nil {
			return fmt.Errorf("prune push subscriptions: %w", err)
		}
		return nil
	})
	return int(n), err
}
