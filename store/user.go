package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

const userColumns = `u.id, u.email, u.username, u.password_hash, u.first_name, u.last_name, u.profile_image_url,
	u.role, u.date_of_birth, u.residence_state, u.residence_country, u.is_age_verified, u.is_eligible_to_bet,
	u.disabled, u.created_at, u.updated_at`

func scanUser(s scanner) (*squares.User, error) {
	var u squares.User
	var email, username sql.NullString
	if err := s.Scan(&u.ID, &email, &username, &u.PasswordHash, &u.FirstName, &u.LastName, &u.ProfileImageURL,
		&u.Role, &u.DateOfBirth, &u.ResidenceState, &u.ResidenceCountry, &u.IsAgeVerified, &u.IsEligibleToBet,
		&u.Disabled, &u.CreatedAt, &u.UpdatedAt); err != nil {
		return nil, err
	}
	u.Email, u.Username = email.String, username.String
	u.CreatedAt, u.UpdatedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC()
	return &u, nil
}

// CreateUser inserts u and sets its id and times. A taken e-mail or username is a conflict.
func (db *DB) CreateUser(ctx context.Context, u *squares.User) error {
	return db.update(ctx, func(tx *Tx) error { return createUser(ctx, tx, u) })
}

func createUser(ctx context.Context, tx *Tx, u *squares.User) error {
	if u.Role == "" {
		u.Role = squares.RoleUser
	}
	u.CreatedAt, u.UpdatedAt = tx.now, tx.now
	err := tx.QueryRowContext(ctx, `INSERT INTO users (email, username, password_hash, first_name, last_name,
		profile_image_url, role, date_of_birth, residence_state, residence_country, is_age_verified,
		is_eligible_to_bet, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
		nullString(u.Email), nullString(u.Username), u.PasswordHash, u.FirstName, u.LastName, u.ProfileImageURL,
		u.Role, u.DateOfBirth, u.ResidenceState, u.ResidenceCountry, u.IsAgeVerified, u.IsEligibleToBet,
		tx.now, tx.now).Scan(&u.ID)
	if isUniqueViolation(err) {
		return squares.Errorf(squares.ECONFLICT, "An account with this email already exists")
	} else if err != nil {
		return fmt.Errorf("insert user: %w", err)
	}
	return nil
}

// FindUserByID returns the user with the given id.
func (db *DB) FindUserByID(ctx context.Context, id int64) (*squares.User, error) {
	var u *squares.User
	err := db.view(ctx, func(tx *Tx) (err error) {
		u, err = findUser(ctx, tx, "u.id = $1", id)
		return err
	})
	return u, err
}

// FindUserByEmail returns the user with the given (normalised) e-mail address.
func (db *DB) FindUserByEmail(ctx context.Context, email string) (*squares.User, error) {
	var u *squares.User
	err := db.view(ctx, func(tx *Tx) (err error) {
		u, err = findUser(ctx, tx, "u.email = $1", squares.NormalizeEmail(email))
		return err
	})
	return u, err
}

// FindUserByUsername returns the user (an admin) with the given username.
func (db *DB) FindUserByUsername(ctx context.Context, username string) (*squares.User, error) {
	var u *squares.User
	err := db.view(ctx, func(tx *Tx) (err error) {
		u, err = findUser(ctx, tx, "u.username = $1", username)
		return err
	})
	return u, err
}

func findUser(ctx context.Context, tx *Tx, where string, arg any) (*squares.User, error) {
	u, err := scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE `+where, arg))
	return u, notFound(err, "User")
}

// VerifyAge stores a user's verified date of birth and residence with the outcome of the eligibility rules.
// A verified user's details are locked (squares.User.CheckVerification): other details are a conflict
// that changes nothing; the same details again refresh only the outcome.
func (db *DB) VerifyAge(ctx context.Context, userID int64, dob, state, country string, ageVerified, eligible bool) (*squares.User, error) {
	var u *squares.User
	err := db.update(ctx, func(tx *Tx) error {
		current, err := findUser(ctx, tx, "u.id = $1"+tx.forUpdate("u"), userID)
		if err != nil {
			return err
		}
		if err := current.CheckVerification(dob, state); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET date_of_birth = $1, residence_state = $2,
			residence_country = $3, is_age_verified = $4, is_eligible_to_bet = $5, updated_at = $6 WHERE id = $7`,
			dob, state, country, ageVerified, eligible, tx.now, userID); err != nil {
			return fmt.Errorf("verify age: %w", err)
		}
		tx.emit(squares.Event{Kind: squares.EventAccount, UserID: userID})
		u, err = findUser(ctx, tx, "u.id = $1", userID)
		return err
	})
	return u, err
}

// EnsureAdmin makes sure an admin with this username exists and has this password hash, creating it or
// updating its hash and role. It returns the admin.
func (db *DB) EnsureAdmin(ctx context.Context, username, passwordHash string) (*squares.User, error) {
	var u *squares.User
	err := db.update(ctx, func(tx *Tx) error {
		existing, err := findUser(ctx, tx, "u.username = $1", username)
		if squares.ErrorCode(err) == squares.ENOTFOUND {
			u = &squares.User{Username: username, PasswordHash: passwordHash, FirstName: "Admin",
				Role: squares.RoleAdmin, IsAgeVerified: true}
			return createUser(ctx, tx, u)
		} else if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1, role = $2, updated_at = $3
			WHERE id = $4`, passwordHash, squares.RoleAdmin, tx.now, existing.ID); err != nil {
			return fmt.Errorf("update admin: %w", err)
		}
		if existing.PasswordHash != passwordHash || existing.Role != squares.RoleAdmin {
			tx.emit(squares.Event{Kind: squares.EventAccount, UserID: existing.ID})
		}
		// A changed password ends the admin's other sessions.
		if existing.PasswordHash != passwordHash {
			if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, existing.ID); err != nil {
				return fmt.Errorf("end admin sessions: %w", err)
			}
		}
		u, err = findUser(ctx, tx, "u.id = $1", existing.ID)
		return err
	})
	return u, err
}

// CountUsers returns the number of player accounts (admins excluded).
func (db *DB) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := db.view(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE role = 'user'`).Scan(&n)
	})
	return n, err
}

// Session is a signed-in session; the cookie carries the token, the database only its hash.
type Session struct {
	TokenHash  string
	UserID     int64
	CreatedAt  time.Time
	ExpiresAt  time.Time
	LastSeenAt time.Time     // read by FindSession
	UserAgent  string        // the browser's User-Agent at sign-in (squares.TrimUserAgent)
	User       *squares.User // read by FindSession
	Touched    bool          // FindSession refreshed LastSeenAt and ExpiresAt
	// TwoFactor is whether the user has two-factor sign-in on, read by FindSession: with the server's
	// setting and how the session began, it decides an admin's powers (squares.AdminSession).
	TwoFactor bool
}

// CreateSession stores a new session. When replacing is set, that session (the one the browser held
// before signing in) is deleted in the same transaction, so a session id is never reused across sign-ins.
func (db *DB) CreateSession(ctx context.Context, s *Session, replacing string) error {
	return db.update(ctx, func(tx *Tx) error {
		if replacing != "" {
			if err := deleteSession(ctx, tx, replacing); err != nil {
				return fmt.Errorf("delete old session: %w", err)
			}
		}
		// Expired sessions are swept here rather than by a job: sign-ins are frequent enough.
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < $1`, tx.now); err != nil {
			return fmt.Errorf("sweep sessions: %w", err)
		}
		s.CreatedAt = tx.now
		_, err := tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at,
			user_agent) VALUES ($1, $2, $3, $4, $3, $5)`, s.TokenHash, s.UserID, tx.now, s.ExpiresAt.UTC(),
			squares.TrimUserAgent(s.UserAgent))
		if err != nil {
			return fmt.Errorf("insert session: %w", err)
		}
		return nil
	})
}

// FindSession returns an unexpired session with its user. Sessions slide: one ends after its user's idle
// time (squares.SessionIdle: 12 hours for an admin, 30 days for a player) without a request, and a disabled
// user has none. The last-seen time is written only when it is squares.SessionTouchEvery old, so that
// reading a session on every request does not write on every request; Touched says it was.
func (db *DB) FindSession(ctx context.Context, tokenHash string) (*Session, error) {
	s := &Session{TokenHash: tokenHash}
	var now time.Time
	// One statement (single): on PostgreSQL one round trip, on every signed-in request.
	err := db.single(ctx, func(tx *Tx) error {
		now = tx.now
		row := tx.QueryRowContext(ctx, `SELECT `+userColumns+`, s.created_at, s.expires_at, s.last_seen_at,
			t.enabled_at IS NOT NULL
			FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN two_factor t ON t.user_id = u.id
			WHERE s.token_hash = $1 AND s.expires_at > $2 AND NOT u.disabled`, tokenHash, tx.now)
		u, err := scanUser(scanFunc(func(dest ...any) error {
			return row.Scan(append(dest, &s.CreatedAt, &s.ExpiresAt, &s.LastSeenAt, &s.TwoFactor)...)
		}))
		if err != nil {
			return notFound(err, "Session")
		}
		s.User, s.UserID = u, u.ID
		s.CreatedAt, s.ExpiresAt, s.LastSeenAt = s.CreatedAt.UTC(), s.ExpiresAt.UTC(), s.LastSeenAt.UTC()
		return nil
	})
	if err != nil {
		return nil, err
	}
	if squares.SessionExpired(s.User.Role, s.LastSeenAt, now) {
		return nil, squares.Errorf(squares.ENOTFOUND, "Session not found.")
	}
	if squares.SessionStale(s.LastSeenAt, now) {
		err := db.update(ctx, func(tx *Tx) error {
			s.LastSeenAt, s.ExpiresAt = tx.now, tx.now.Add(squares.SessionIdle(s.User.Role))
			_, err := tx.ExecContext(ctx, `UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE token_hash = $3`,
				s.LastSeenAt, s.ExpiresAt, tokenHash)
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("touch session: %w", err)
		}
		s.Touched = true
	}
	return s, nil
}

// FindSessionUser returns the user of an unexpired session (see FindSession).
func (db *DB) FindSessionUser(ctx context.Context, tokenHash string) (*squares.User, error) {
	s, err := db.FindSession(ctx, tokenHash)
	if err != nil {
		return nil, err
	}
	return s.User, nil
}

// DeleteSession ends a session.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	return db.update(ctx, func(tx *Tx) error {
		return deleteSession(ctx, tx, tokenHash)
	})
}

// deleteSession ends a session, telling every instance (squares.EventAccount) that its user's sessions
// changed so that none keeps using it; the devices it subscribed to push notifications stop receiving them.
func deleteSession(ctx context.Context, tx *Tx, tokenHash string) error {
	ids, err := queryAll(ctx, tx, scanID, `DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id`, tokenHash)
	if err != nil {
		return err
	}
	if err := deleteSessionPushSubscriptions(ctx, tx, tokenHash); err != nil {
		return err
	}
	for _, id := range ids {
		tx.emit(squares.Event{Kind: squares.EventAccount, UserID: id})
	}
	return nil
}

// scanFunc is a scanner made of a function, to read more columns than a scan function knows of.
type scanFunc func(dest ...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

// ListUsers returns every account, oldest first, for the admins' user management.
func (db *DB) ListUsers(ctx context.Context) ([]*squares.User, error) {
	var out []*squares.User
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, scanUser, `SELECT `+userColumns+` FROM users u ORDER BY u.id`)
		if err != nil {
			return fmt.Errorf("list users: %w", err)
		}
		return nil
	})
	return out, err
}

// UpdateUser applies an admin's change to an account (squares.UserUpdate.Apply) and records it in the audit
// log as "user.update" with the changed fields before and after. It refuses to leave no active admin
// (squares.ErrLastAdmin), and a demoted or disabled user's sessions end in the same transaction. Every
// change tells every instance (squares.EventAccount), which forget the sessions they keep for the user. A
// refused change changes nothing; a change to the same values writes nothing.
func (db *DB) UpdateUser(ctx context.Context, id int64, up squares.UserUpdate) (*squares.User, error) {
	var out *squares.User
	err := db.update(ctx, func(tx *Tx) error {
		// A change of role or state can remove an admin. The active admins are locked first, all of them and
		// in id order, so that two admins demoting each other at once cannot both pass the last-admin check.
		var admins []int64
		if up.Role != nil || up.Disabled != nil {
			var err error
			admins, err = queryAll(ctx, tx, scanID, `SELECT u.id FROM users u WHERE u.role = 'admin' AND NOT u.disabled
				ORDER BY u.id`+tx.forNoKeyUpdate("u"))
			if err != nil {
				return fmt.Errorf("lock admins: %w", err)
			}
		}
		u, err := findUser(ctx, tx, "u.id = $1"+tx.forNoKeyUpdate("u"), id)
		if err != nil {
			return err
		}
		next, before, after, err := up.Apply(u, tx.now)
		if err != nil {
			return err
		}
		if len(after) == 0 {
			out = u
			return nil
		}
		others := 0
		for _, a := range admins {
			if a != id {
				others++
			}
		}
		if err := squares.CheckAdminRemoval(u, next, others); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET role = $1, date_of_birth = $2, residence_state = $3,
			is_age_verified = $4, is_eligible_to_bet = $5, disabled = $6, updated_at = $7 WHERE id = $8`,
			next.Role, next.DateOfBirth, next.ResidenceState, next.IsAgeVerified, next.IsEligibleToBet, next.Disabled,
			tx.now, id); err != nil {
			return fmt.Errorf("update user: %w", err)
		}
		tx.emit(squares.Event{Kind: squares.EventAccount, UserID: id})
		if u.LosesAccess(next) {
			if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, id); err != nil {
				return fmt.Errorf("end sessions: %w", err)
			}
		}
		if err := audit(ctx, tx, Change{Action: "user.update", TargetType: "user", TargetID: id, UserID: id,
			Before: before, After: after}); err != nil {
			return err
		}
		out, err = findUser(ctx, tx, "u.id = $1", id)
		return err
	})
	return out, err
}

func scanID(s scanner) (int64, error) {
	var id int64
	err := s.Scan(&id)
	return id, err
}
