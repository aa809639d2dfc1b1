package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// resetsKept is how long a reset token's row outlives its expiry, so that a late click on an expired or
// used link is told so rather than that the link is unknown.
const resetsKept = 7 * 24 * time.Hour

// RequestPasswordReset keeps a new reset token for the account with this e-mail address and queues the
// e-mail carrying its link, in one transaction: the link exists only if its e-mail will be sent. The
// account's earlier unused tokens are replaced, and their e-mails not yet sent are skipped. An address
// that is no account's, or whose account may not be reset by e-mail (squares.User.CanResetByEmail: an
// admin, a disabled account), changes nothing. It reports whether an e-mail was queued.
func (db *DB) RequestPasswordReset(ctx context.Context, email, token string) (bool, error) {
	queued := false
	err := db.update(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM password_resets WHERE expires_at < $1`,
			tx.now.Add(-resetsKept)); err != nil {
			return fmt.Errorf("sweep password resets: %w", err)
		}
		// The account's row is locked so that two requests at once replace each other in turn.
		u, err := findUser(ctx, tx, "u.email = $1"+tx.forNoKeyUpdate("u"), squares.NormalizeEmail(email))
		if squares.ErrorCode(err) == squares.ENOTFOUND || (err == nil && !u.CanResetByEmail()) {
			return nil
		} else if err != nil {
			return err
		}
		if err := replaceResets(ctx, tx, u.ID, "A newer password reset link was sent."); err != nil {
			return err
		}
		expires := tx.now.Add(squares.PasswordResetTTL)
		if _, err := tx.ExecContext(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
			VALUES ($1, $2, $3, $4)`, squares.HashPasswordResetToken(token), u.ID, tx.now, expires); err != nil {
			return fmt.Errorf("keep password reset: %w", err)
		}
		queued = true
		return queueMail(ctx, tx, &squares.Mail{Kind: squares.MailPasswordReset, To: u.Email, UserID: u.ID,
			Essential: true, Secret: token, Data: map[string]string{"firstName": u.FirstName,
				"expiresAt": expires.Format(time.RFC3339)}})
	})
	return queued && err == nil, err
}

// replaceResets ends a user's unused reset tokens and skips their e-mails still waiting in the outbox
// (not one a sender is sending), with the reason.
func replaceResets(ctx context.Context, tx *Tx, userID int64, reason string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE password_resets SET replaced_at = $1
		WHERE user_id = $2 AND used_at IS NULL AND replaced_at IS NULL`, tx.now, userID); err != nil {
		return fmt.Errorf("replace password resets: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE outbox SET status = $1, last_error = $2, secret = NULL, updated_at = $3
		WHERE user_id = $4 AND kind = $5 AND status = $6 AND (lease_until IS NULL OR lease_until <= $3)`,
		squares.MailSkipped, reason, tx.now, userID, squares.MailPasswordReset, squares.MailQueued); err != nil {
		return fmt.Errorf("skip replaced reset e-mail: %w", err)
	}
	return nil
}

// findReset reads a reset token by its hash, nil when there is none; lock locks it for the transaction.
func findReset(ctx context.Context, tx *Tx, token string, lock bool) (*squares.PasswordReset, error) {
	if !squares.PlausibleResetToken(token) {
		return nil, nil
	}
	q := `SELECT r.user_id, r.created_at, r.expires_at, r.used_at, r.replaced_at FROM password_resets r
		WHERE r.token_hash = $1`
	if lock {
		q += tx.forUpdate("r")
	}
	var p squares.PasswordReset
	var used, replaced sql.NullTime
	err := tx.QueryRowContext(ctx, q, squares.HashPasswordResetToken(token)).Scan(&p.UserID, &p.CreatedAt,
		&p.ExpiresAt, &used, &replaced)
	if err == sql.ErrNoRows {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("find password reset: %w", err)
	}
	p.CreatedAt, p.ExpiresAt, p.UsedAt, p.ReplacedAt = p.CreatedAt.UTC(), p.ExpiresAt.UTC(), nullTime(used), nullTime(replaced)
	return &p, nil
}

// checkReset is the account a reset token may set the password of now, or why it may not
// (squares.PasswordReset.Check; a disabled account is squares.ErrAccountDisabled, and an account that
// became an admin's no longer takes the link).
func checkReset(ctx context.Context, tx *Tx, token string, lock bool) (*squares.User, error) {
	p, err := findReset(ctx, tx, token, false)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, squares.ErrResetLinkUnknown
	}
	where := "u.id = $1"
	if lock {
		where += tx.forNoKeyUpdate("u")
	}
	u, err := findUser(ctx, tx, where, p.UserID)
	if err != nil {
		return nil, err
	}
	if lock {
		// The account first, then its token, as a request for a new link takes them: two transactions on one
		// account never wait for each other in a circle. The token is read again under its lock: a use that
		// committed meanwhile is seen.
		if p, err = findReset(ctx, tx, token, true); err != nil {
			return nil, err
		}
	}
	if err := p.Check(tx.now); err != nil {
		return nil, err
	}
	if u.Disabled {
		return nil, squares.ErrAccountDisabled
	}
	if !u.CanResetByEmail() {
		return nil, squares.ErrResetLinkUnknown
	}
	return u, nil
}

// CheckPasswordReset reports whether a reset link's token may set a password now, without using it: the
// account it would reset, or why not (see ResetPassword).
func (db *DB) CheckPasswordReset(ctx context.Context, token string) (*squares.User, error) {
	var u *squares.User
	err := db.view(ctx, func(tx *Tx) (err error) {
		u, err = checkReset(ctx, tx, token, false)
		return err
	})
	return u, err
}

// ResetPassword sets an account's password hash through a reset link's token, once: in one transaction
// the token is used up (a second use, even at the same moment, is squares.ErrResetLinkUsed), the password
// set, every session of the account ended (every instance is told, squares.EventAccount) and an e-mail
// queued telling the owner. An unknown, used, replaced or expired token is a squares.EINVALID error on the
// token field and changes nothing. It returns the account.
func (db *DB) ResetPassword(ctx context.Context, token, passwordHash string) (*squares.User, error) {
	var u *squares.User
	err := db.update(ctx, func(tx *Tx) (err error) {
		if u, err = checkReset(ctx, tx, token, true); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE password_resets SET used_at = $1 WHERE token_hash = $2`,
			tx.now, squares.HashPasswordResetToken(token)); err != nil {
			return fmt.Errorf("use password reset: %w", err)
		}
		_, err = setPassword(ctx, tx, u, passwordHash, "", "reset")
		return err
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// ChangePassword sets a signed-in user's new password hash (the caller checked the current password):
// the user's other sessions end (every instance is told, squares.EventAccount), the session whose token
// hash is keepSession stays, unused reset links stop working, and an e-mail tells the owner. It returns
// how many sessions ended.
func (db *DB) ChangePassword(ctx context.Context, userID int64, passwordHash, keepSession string) (int, error) {
	var ended int
	err := db.update(ctx, func(tx *Tx) error {
		u, err := findUser(ctx, tx, "u.id = $1"+tx.forNoKeyUpdate("u"), userID)
		if err != nil {
			return err
		}
		ended, err = setPassword(ctx, tx, u, passwordHash, keepSession, "change")
		return err
	})
	return ended, err
}

// setPassword stores a user's new password hash in the caller's transaction and does what follows a new
// password: every session but keepSession ends, reset links not yet used stop working, and a player is
// told by e-mail (how: "reset" or "change"). It returns how many sessions ended.
func setPassword(ctx context.Context, tx *Tx, u *squares.User, passwordHash, keepSession, how string) (int, error) {
	if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3`,
		passwordHash, tx.now, u.ID); err != nil {
		return 0, fmt.Errorf("set password: %w", err)
	}
	u.PasswordHash, u.UpdatedAt = passwordHash, tx.now
	// The sessions cached by every instance hold the user as it was.
	tx.emit(squares.Event{Kind: squares.EventAccount, UserID: u.ID})
	ended, err := endSessions(ctx, tx, u.ID, keepSession)
	if err != nil {
		return 0, err
	}
	if err := replaceResets(ctx, tx, u.ID, "The password was changed since this link was sent."); err != nil {
		return 0, err
	}
	if u.Email == "" {
		return ended, nil
	}
	return ended, queueMail(ctx, tx, &squares.Mail{Kind: squares.MailPasswordChanged, To: u.Email, UserID: u.ID, Essential: true,
		Data: map[string]string{"firstName": u.FirstName, "how": how, "at": tx.now.Format(time.RFC3339)}})
}
