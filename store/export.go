package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// UserData is what the store holds about a player, for "Download my data": read in one transaction, so
// that its parts agree.
type UserData struct {
	User          *squares.User
	EmailOptOut   bool
	Sessions      []*Session
	Squares       []*UserSquare
	Payments      []*squares.Payment
	Prizes        []*squares.Prize
	Notifications []*squares.Notification
}

// UserSquare is a square a player owns, or holds during a checkout, with its pool and game.
type UserSquare struct {
	squares.Square
	PoolName string
	HomeTeam string
	AwayTeam string
	GameDate time.Time
}

// ExportUser reads everything about a user: the account, the e-mail choice, the signed-in sessions, the
// squares (oldest first), payments, prizes and every notification (newest first).
func (db *DB) ExportUser(ctx context.Context, userID int64) (*UserData, error) {
	d := &UserData{}
	err := db.view(ctx, func(tx *Tx) (err error) {
		if d.User, err = findUser(ctx, tx, "u.id = $1", userID); err != nil {
			return err
		}
		err = tx.QueryRowContext(ctx, `SELECT opt_out FROM email_preferences WHERE user_id = $1`, userID).Scan(&d.EmailOptOut)
		if err != nil && err != sql.ErrNoRows {
			return fmt.Errorf("export e-mail choice: %w", err)
		}
		d.Sessions, err = queryAll(ctx, tx, func(sc scanner) (*Session, error) {
			s := &Session{UserID: userID}
			if err := sc.Scan(&s.TokenHash, &s.CreatedAt, &s.LastSeenAt, &s.ExpiresAt, &s.UserAgent); err != nil {
				return nil, err
			}
			s.CreatedAt, s.LastSeenAt, s.ExpiresAt = s.CreatedAt.UTC(), s.LastSeenAt.UTC(), s.ExpiresAt.UTC()
			return s, nil
		}, `SELECT token_hash, created_at, last_seen_at, expires_at, user_agent FROM sessions
			WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at, token_hash`, userID, tx.now)
		if err != nil {
			return fmt.Errorf("export sessions: %w", err)
		}
		d.Squares, err = queryAll(ctx, tx, func(sc scanner) (*UserSquare, error) {
			var us UserSquare
			sq, err := scanSquare(scanFunc(func(dest ...any) error {
				return sc.Scan(append(dest, &us.PoolName, &us.HomeTeam, &us.AwayTeam, &us.GameDate)...)
			}))
			if err != nil {
				return nil, err
			}
			us.Square, us.GameDate = *sq, us.GameDate.UTC()
			return &us, nil
		}, `SELECT s.id, s.pool_id, s.row_idx, s.col_idx, s.user_id, s.is_house, s.state, s.purchase_price_cents,
			s.purchased_at, s.hold_expires_at, s.payment_id, COALESCE(u.first_name, ''), COALESCE(u.last_name, ''),
			COALESCE(s.guest_id, 0), COALESCE(gu.name, ''), p.name, g.home_team, g.away_team, g.game_date
			FROM squares s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN pool_guests gu ON gu.id = s.guest_id
			JOIN pools p ON p.id = s.pool_id
			JOIN games g ON g.id = p.game_id
			WHERE s.user_id = $1 AND NOT s.is_house AND (s.state = 'owned' OR s.hold_expires_at > $2)
			ORDER BY g.game_date, s.pool_id, s.row_idx, s.col_idx`, userID, tx.now)
		if err != nil {
			return fmt.Errorf("export squares: %w", err)
		}
		if d.Payments, err = queryPayments(ctx, tx, `SELECT `+paymentColumns+` FROM payments y WHERE y.user_id = $1
			ORDER BY y.created_at DESC, y.id`, userID); err != nil {
			return err
		}
		if d.Prizes, err = queryAll(ctx, tx, scanPrize, `SELECT `+prizeColumns+prizeFrom+` WHERE z.user_id = $1
			ORDER BY z.id DESC`, userID); err != nil {
			return fmt.Errorf("export prizes: %w", err)
		}
		d.Notifications, err = queryAll(ctx, tx, func(sc scanner) (*squares.Notification, error) {
			var n squares.Notification
			var read sql.NullTime
			if err := sc.Scan(&n.ID, &n.UserID, &n.Kind, &n.Message, &n.PoolID, &n.CreatedAt, &read); err != nil {
				return nil, err
			}
			n.CreatedAt, n.ReadAt = n.CreatedAt.UTC(), nullTime(read)
			return &n, nil
		}, `SELECT id, user_id, kind, message, COALESCE(pool_id, 0), created_at, read_at FROM notifications
			WHERE user_id = $1 ORDER BY id DESC`, userID)
		if err != nil {
			return fmt.Errorf("export notifications: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}
