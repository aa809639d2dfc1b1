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
	u.created_at, u.updated_at`

func scanUser(s scanner) (*squares.User, error) {
	var u squares.User
	var email, username sql.NullString
	if err := s.Scan(&u.ID, &email, &username, &u.PasswordHash, &u.FirstName, &u.LastName, &u.ProfileImageURL,
		&u.Role, &u.DateOfBirth, &u.ResidenceState, &u.ResidenceCountry, &u.IsAgeVerified, &u.IsEligibleToBet,
		&u.CreatedAt, &u.UpdatedAt); err != nil {
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
	TokenHash string
	UserID    int64
	CreatedAt time.Time
	ExpiresAt time.Time
}

// CreateSession stores a new session. When replacing is set, that session (the one the browser held
// before signing in) is deleted in the same transaction, so a session id is never reused across sign-ins.
func (db *DB) CreateSession(ctx context.Context, s *Session, replacing string) error {
	return db.update(ctx, func(tx *Tx) error {
		if replacing != "" {
			if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, replacing); err != nil {
				return fmt.Errorf("delete old session: %w", err)
			}
		}
		// Expired sessions are swept here rather than by a job: sign-ins are frequent enough.
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < $1`, tx.now); err != nil {
			return fmt.Errorf("sweep sessions: %w", err)
		}
		s.CreatedAt = tx.now
		_, err := tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at)
			VALUES ($1, $2, $3, $4, $3)`, s.TokenHash, s.UserID, tx.now, s.ExpiresAt.UTC())
		if err != nil {
			return fmt.Errorf("insert session: %w", err)
		}
		return nil
	})
}

// FindSessionUser returns the user of an unexpired session.
func (db *DB) FindSessionUser(ctx context.Context, tokenHash string) (*squares.User, error) {
	var u *squares.User
	err := db.view(ctx, func(tx *Tx) (err error) {
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM sessions s
			JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > $2`, tokenHash, tx.now))
		return notFound(err, "Session")
	})
	return u, err
}

// DeleteSession ends a session.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	return db.update(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
		return err
	})
}
