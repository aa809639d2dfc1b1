package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/squaresapp/squares"
)

// notify records a message for a player and tells their open browsers; the kinds players get by e-mail
// are queued in the outbox in the same transaction (mailNotification).
func notify(ctx context.Context, tx *Tx, userID int64, kind, message string, poolID int64) error {
	return notifyOf(ctx, tx, squares.Notification{UserID: userID, Kind: kind, Message: message, PoolID: poolID})
}

// notifyOf records a notification (with the prize it is about, if any) as notify does.
func notifyOf(ctx context.Context, tx *Tx, n squares.Notification) error {
	_, err := notifyMailed(ctx, tx, n)
	return err
}

// notifyMailed is notifyOf, reporting whether an e-mail was queued.
func notifyMailed(ctx context.Context, tx *Tx, n squares.Notification) (bool, error) {
	if _, err := tx.ExecContext(ctx, `INSERT INTO notifications (user_id, kind, message, pool_id, prize_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, n.UserID, n.Kind, n.Message, zeroNull(n.PoolID), zeroNull(n.PrizeID), tx.now); err != nil {
		return false, fmt.Errorf("notify: %w", err)
	}
	mailed, err := mailNotification(ctx, tx, n.UserID, n.Kind, n.Message, n.PoolID)
	if err != nil {
		return false, err
	}
	tx.emit(squares.Event{Kind: squares.EventUser, UserID: n.UserID})
	return mailed, nil
}

// notifyAdmins records a message for every admin.
func notifyAdmins(ctx context.Context, tx *Tx, kind, message string, poolID int64) error {
	ids, err := queryAll(ctx, tx, func(s scanner) (int64, error) {
		var id int64
		err := s.Scan(&id)
		return id, err
	}, `SELECT id FROM users WHERE role = $1 ORDER BY id`, squares.RoleAdmin)
	if err != nil {
		return fmt.Errorf("admins: %w", err)
	}
	for _, id := range ids {
		if err := notify(ctx, tx, id, kind, message, poolID); err != nil {
			return err
		}
	}
	return nil
}

// ListNotifications returns a player's notifications, newest first; unread only when asked.
func (db *DB) ListNotifications(ctx context.Context, userID int64, unreadOnly bool) ([]*squares.Notification, error) {
	q := `SELECT id, user_id, kind, message, COALESCE(pool_id, 0), COALESCE(prize_id, 0), created_at, read_at
		FROM notifications WHERE user_id = $1`
	if unreadOnly {
		q += ` AND read_at IS NULL`
	}
	q += ` ORDER BY id DESC LIMIT 100`
	var out []*squares.Notification
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, q, userID)
		if err != nil {
			return fmt.Errorf("notifications: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var n squares.Notification
			var read sql.NullTime
			if err := rows.Scan(&n.ID, &n.UserID, &n.Kind, &n.Message, &n.PoolID, &n.PrizeID, &n.CreatedAt, &read); err != nil {
				return err
			}
			n.CreatedAt, n.ReadAt = n.CreatedAt.UTC(), nullTime(read)
			out = append(out, &n)
		}
		return rows.Err()
	})
	return out, err
}

// CountUnreadNotifications returns how many of a player's notifications are unread (all of them, not only
// the newest 100 that ListNotifications returns).
func (db *DB) CountUnreadNotifications(ctx context.Context, userID int64) (int, error) {
	var n int
	err := db.view(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
			userID).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("unread notifications: %w", err)
	}
	return n, nil
}

// MarkNotificationsRead marks a player's notifications read: the given ones, or all when ids is empty
// (another player's ids mark nothing). It tells the player's open browsers when it marked any.
func (db *DB) MarkNotificationsRead(ctx context.Context, userID int64, ids []int64) (int, error) {
	var n int64
	err := db.update(ctx, func(tx *Tx) error {
		if len(ids) == 0 {
			r, err := tx.ExecContext(ctx, `UPDATE notifications SET read_at = $1 WHERE user_id = $2 AND read_at IS NULL`,
				tx.now, userID)
			if err != nil {
				return err
			}
			n, _ = r.RowsAffected()
			return nil
		}
		for _, id := range ids {
			r, err := tx.ExecContext(ctx, `UPDATE notifications SET read_at = $1 WHERE id = $2 AND user_id = $3
				AND read_at IS NULL`, tx.now, id, userID)
			if err != nil {
				return err
			}
			k, _ := r.RowsAffected()
			n += k
		}
		if n > 0 {
			// The player's other tabs update their bell.
			tx.emit(squares.Event{Kind: squares.EventUser, UserID: userID})
		}
		return nil
	})
	return int(n), err
}
