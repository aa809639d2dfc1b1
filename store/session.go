package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/squaresapp/squares"
)

// PublicID names a session where its user may see it (the account page's list of devices): derived from
// the token's hash, it reveals neither, and it stays the same for the session's life.
func (s *Session) PublicID() string {
	sum := sha256.Sum256([]byte("session id\n" + s.TokenHash))
	return hex.EncodeToString(sum[:12])
}

// ListSessions returns a user's unexpired sessions, the most recently used first, with the browser each
// was signed in from.
func (db *DB) ListSessions(ctx context.Context, userID int64) ([]*Session, error) {
	var out []*Session
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, func(sc scanner) (*Session, error) {
			s := &Session{}
			if err := sc.Scan(&s.TokenHash, &s.UserID, &s.CreatedAt, &s.ExpiresAt, &s.LastSeenAt, &s.UserAgent); err != nil {
				return nil, err
			}
			s.CreatedAt, s.ExpiresAt, s.LastSeenAt = s.CreatedAt.UTC(), s.ExpiresAt.UTC(), s.LastSeenAt.UTC()
			return s, nil
		}, `SELECT token_hash, user_id, created_at, expires_at, last_seen_at, user_agent FROM sessions
			WHERE user_id = $1 AND expires_at > $2 ORDER BY last_seen_at DESC, created_at DESC`, userID, tx.now)
		if err != nil {
			return fmt.Errorf("list sessions: %w", err)
		}
		return nil
	})
	return out, err
}

// EndOtherSessions ends every session of a user but the one whose token hash is keep, and returns how
// many it ended. Every instance is told (squares.EventAccount): none keeps using them, and their live
// connections close.
func (db *DB) EndOtherSessions(ctx context.Context, userID int64, keep string) (int, error) {
	var n int
	err := db.update(ctx, func(tx *Tx) (err error) {
		n, err = endSessions(ctx, tx, userID, keep)
		return err
	})
	return n, err
}

// endSessions ends a user's sessions but keep ("" for none) in the caller's transaction, telling every
// instance when it ended any.
func endSessions(ctx context.Context, tx *Tx, userID int64, keep string) (int, error) {
	ended, err := queryAll(ctx, tx, scanID, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2
		RETURNING user_id`, userID, keep)
	if err != nil {
		return 0, fmt.Errorf("end sessions: %w", err)
	}
	if len(ended) > 0 {
		tx.emit(squares.Event{Kind: squares.EventAccount, UserID: userID})
	}
	return len(ended), nil
}
