package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// TwoFactorStatus is where an admin's two-factor sign-in stands.
type TwoFactorStatus struct {
	Enabled           bool // confirmed with a code: sign-ins need one
	Pending           bool // a secret was made but not yet confirmed
	RecoveryCodesLeft int  // unused recovery codes
}

var errNoTwoFactorSetup = squares.Errorf(squares.ECONFLICT, "Start the set-up first: no secret is waiting for confirmation.")

// twoFactorRow is an admin's row of two_factor, read under lock.
type twoFactorRow struct {
	secret   string
	enabled  bool
	lastStep int64
}

// lockTwoFactor reads a user's two-factor row for an update; nil when there is none.
func lockTwoFactor(ctx context.Context, tx *Tx, userID int64) (*twoFactorRow, error) {
	var r twoFactorRow
	var enabledAt sql.NullTime
	err := tx.QueryRowContext(ctx, `SELECT t.secret, t.enabled_at, t.last_step FROM two_factor t WHERE t.user_id = $1`+
		tx.forNoKeyUpdate("t"), userID).Scan(&r.secret, &enabledAt, &r.lastStep)
	if err == sql.ErrNoRows {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("read two-factor: %w", err)
	}
	r.enabled = enabledAt.Valid
	return &r, nil
}

// TwoFactor returns where a user's two-factor sign-in stands.
func (db *DB) TwoFactor(ctx context.Context, userID int64) (TwoFactorStatus, error) {
	var st TwoFactorStatus
	err := db.view(ctx, func(tx *Tx) error {
		var enabledAt sql.NullTime
		err := tx.QueryRowContext(ctx, `SELECT enabled_at FROM two_factor WHERE user_id = $1`, userID).Scan(&enabledAt)
		if err == sql.ErrNoRows {
			return nil
		} else if err != nil {
			return fmt.Errorf("read two-factor: %w", err)
		}
		st.Enabled, st.Pending = enabledAt.Valid, !enabledAt.Valid
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
			userID).Scan(&st.RecoveryCodesLeft)
	})
	return st, err
}

// StartTwoFactor keeps a new secret for a user, waiting for confirmation; it replaces a secret still
// waiting. When two-factor sign-in is already on it is a conflict and changes nothing.
func (db *DB) StartTwoFactor(ctx context.Context, userID int64, secret string) error {
	return db.update(ctx, func(tx *Tx) error {
		row, err := lockTwoFactor(ctx, tx, userID)
		if err != nil {
			return err
		}
		if row != nil && row.enabled {
			return squares.ErrTwoFactorEnabled
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM two_factor WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("replace pending two-factor: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO two_factor (user_id, secret, created_at) VALUES ($1, $2, $3)`,
			userID, secret, tx.now); err != nil {
			return fmt.Errorf("start two-factor: %w", err)
		}
		return nil
	})
}

// EnableTwoFactor turns two-factor sign-in on once code matches the waiting secret, keeping the hashes
// of the given recovery codes (replacing any earlier ones), and records it in the audit log. The user's
// other sessions, signed in with the password alone, end; the session whose token hash is keepSession
// stays. Every instance is told (squares.EventAccount): the sessions it keeps for the user say whether
// two-factor sign-in is on. A wrong code changes nothing.
func (db *DB) EnableTwoFactor(ctx context.Context, userID int64, code string, recoveryCodes []string, keepSession string) error {
	return db.update(ctx, func(tx *Tx) error {
		row, err := lockTwoFactor(ctx, tx, userID)
		if err != nil {
			return err
		}
		switch {
		case row == nil:
			return errNoTwoFactorSetup
		case row.enabled:
			return squares.ErrTwoFactorEnabled
		}
		step, ok := squares.MatchTOTP(row.secret, code, tx.now, row.lastStep)
		if !ok {
			return squares.ErrBadTwoFactorCode
		}
		if _, err := tx.ExecContext(ctx, `UPDATE two_factor SET enabled_at = $1, last_step = $2 WHERE user_id = $3`,
			tx.now, step, userID); err != nil {
			return fmt.Errorf("enable two-factor: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("replace recovery codes: %w", err)
		}
		for _, c := range recoveryCodes {
			if _, err := tx.ExecContext(ctx, `INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)`,
				userID, squares.HashRecoveryCode(c)); err != nil {
				return fmt.Errorf("keep recovery code: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`,
			userID, keepSession); err != nil {
			return fmt.Errorf("end other sessions: %w", err)
		}
		tx.emit(squares.Event{Kind: squares.EventAccount, UserID: userID})
		return audit(ctx, tx, Change{Action: "user.two_factor.enable", TargetType: "user", TargetID: userID, UserID: userID,
			Before: map[string]bool{"twoFactor": false}, After: map[string]bool{"twoFactor": true}})
	})
}

// CheckTwoFactor checks a sign-in's second factor: a current code of the user's authenticator, accepted
// once only (its time step is kept, and no step at or before it is accepted again), or an unused
// recovery code, which is used up. It reports whether a recovery code was used. A wrong code is
// squares.ErrBadTwoFactorCode and changes nothing.
func (db *DB) CheckTwoFactor(ctx context.Context, userID int64, code string) (recovery bool, err error) {
	err = db.update(ctx, func(tx *Tx) error {
		var err error
		recovery, err = checkTwoFactor(ctx, tx, userID, code)
		return err
	})
	return recovery, err
}

func checkTwoFactor(ctx context.Context, tx *Tx, userID int64, code string) (bool, error) {
	row, err := lockTwoFactor(ctx, tx, userID)
	if err != nil {
		return false, err
	}
	if row == nil || !row.enabled {
		return false, squares.ErrTwoFactorOff
	}
	if _, ok := squares.NormalizeTOTPCode(code); ok {
		step, ok := squares.MatchTOTP(row.secret, code, tx.now, row.lastStep)
		if !ok {
			return false, squares.ErrBadTwoFactorCode
		}
		if _, err := tx.ExecContext(ctx, `UPDATE two_factor SET last_step = $1 WHERE user_id = $2`, step, userID); err != nil {
			return false, fmt.Errorf("use two-factor code: %w", err)
		}
		return false, nil
	}
	r, err := tx.ExecContext(ctx, `UPDATE recovery_codes SET used_at = $1 WHERE user_id = $2 AND code_hash = $3
		AND used_at IS NULL`, tx.now, userID, squares.HashRecoveryCode(code))
	if err != nil {
		return false, fmt.Errorf("use recovery code: %w", err)
	}
	if n, _ := r.RowsAffected(); n != 1 {
		return false, squares.ErrBadTwoFactorCode
	}
	return true, nil
}

// DisableTwoFactor turns two-factor sign-in off once code (a current code or a recovery code) checks as
// at sign-in, forgetting the secret and the recovery codes, and records it in the audit log. Every
// instance is told (squares.EventAccount), as for EnableTwoFactor.
func (db *DB) DisableTwoFactor(ctx context.Context, userID int64, code string) error {
	return db.update(ctx, func(tx *Tx) error {
		if _, err := checkTwoFactor(ctx, tx, userID, code); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventAccount, UserID: userID})
		if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("forget recovery codes: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM two_factor WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("disable two-factor: %w", err)
		}
		return audit(ctx, tx, Change{Action: "user.two_factor.disable", TargetType: "user", TargetID: userID, UserID: userID,
			Before: map[string]bool{"twoFactor": true}, After: map[string]bool{"twoFactor": false}})
	})
}

// CreateLoginChallenge keeps a sign-in waiting for its second factor, under the hash of its token, for
// ttl; it sweeps expired ones.
func (db *DB) CreateLoginChallenge(ctx context.Context, tokenHash string, userID int64, ttl time.Duration) error {
	return db.update(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM login_challenges WHERE expires_at <= $1`, tx.now); err != nil {
			return fmt.Errorf("sweep login challenges: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO login_challenges (token_hash, user_id, expires_at, created_at)
			VALUES ($1, $2, $3, $4)`, tokenHash, userID, tx.now.Add(ttl), tx.now); err != nil {
			return fmt.Errorf("create login challenge: %w", err)
		}
		return nil
	})
}

// LoginChallengeUser returns the user a sign-in waiting under tokenHash is for; an unknown or expired
// challenge is not found.
func (db *DB) LoginChallengeUser(ctx context.Context, tokenHash string) (*squares.User, error) {
	var u *squares.User
	err := db.view(ctx, func(tx *Tx) error {
		var userID int64
		err := tx.QueryRowContext(ctx, `SELECT user_id FROM login_challenges WHERE token_hash = $1 AND expires_at > $2`,
			tokenHash, tx.now).Scan(&userID)
		if err != nil {
			return notFound(err, "Sign-in")
		}
		u, err = findUser(ctx, tx, "u.id = $1", userID)
		return err
	})
	return u, err
}

// EndLoginChallenge forgets a waiting sign-in; it reports whether it was still there, so that of two
// calls completing one challenge only one goes on.
func (db *DB) EndLoginChallenge(ctx context.Context, tokenHash string) (bool, error) {
	var ended bool
	err := db.update(ctx, func(tx *Tx) error {
		r, err := tx.ExecContext(ctx, `DELETE FROM login_challenges WHERE token_hash = $1`, tokenHash)
		if err != nil {
			return fmt.Errorf("end login challenge: %w", err)
		}
		n, _ := r.RowsAffected()
		ended = n == 1
		return nil
	})
	return ended, err
}

// ResetTwoFactor turns a user's two-factor sign-in off without a code, for an operator when an admin has
// lost both the phone and the recovery codes; the audit log records it. It reports whether it was on or
// waiting for confirmation.
func (db *DB) ResetTwoFactor(ctx context.Context, userID int64) (bool, error) {
	var was bool
	err := db.update(ctx, func(tx *Tx) error {
		row, err := lockTwoFactor(ctx, tx, userID)
		if err != nil || row == nil {
			return err
		}
		was = true
		tx.emit(squares.Event{Kind: squares.EventAccount, UserID: userID})
		if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("forget recovery codes: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM two_factor WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("reset two-factor: %w", err)
		}
		return audit(ctx, tx, Change{Action: "user.two_factor.reset", TargetType: "user", TargetID: userID, UserID: userID,
			Before: map[string]bool{"twoFactor": row.enabled}, After: map[string]bool{"twoFactor": false}})
	})
	return was, err
}
