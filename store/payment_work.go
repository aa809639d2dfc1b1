package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/squaresapp/squares"
)

// The escrow's steps: what it does to a payment that needs it. The values are stored (payment_work.action)
// and shown to admins, so they keep their older words.
const (
	WorkReleaseLapsed   = "expire"  // release a checkout whose square hold ran out
	WorkCapture         = "capture" // capture an authorisation whose pool is complete
	WorkReleaseOrRefund = "unwind"  // return a cancelled pool's money: release pending and held payments, refund captured
	WorkReleaseLeftover = "settle"  // release the provider payment a checkout that ended without a charge left live
)

// workSteps are the escrow's steps in the order a pass takes them, each with the payments it applies to
// ($1 is the time now; y is the payment, p its pool).
var workSteps = []struct{ action, where string }{
	{WorkReleaseLapsed, `y.status = 'pending' AND y.hold_expires_at <= $1`},
	{WorkCapture, `y.status = 'held' AND p.status IN ('full', 'started', 'completed')`},
	{WorkReleaseOrRefund, `y.status IN ('pending', 'held', 'captured') AND p.status = 'cancelled'`},
	{WorkReleaseLeftover, `y.status IN ('released', 'failed') AND y.provider_payment_id IS NOT NULL
		AND y.provider_status NOT IN ('canceled', 'succeeded')`},
}

// WorkItem is a payment the escrow must act on: the step, and how many times in a row it has failed.
type WorkItem struct {
	*squares.Payment
	Action   string
	Attempts int
}

// ListPaymentWork finds what the escrow has to do now: for each step, at most limit payments that need
// it and are due, those waiting longest first. A payment whose step failed is due again at its next
// attempt (squares.RetryDelay), so steps that keep failing never hold up the others.
func (db *DB) ListPaymentWork(ctx context.Context, limit int) ([]*WorkItem, error) {
	var out []*WorkItem
	err := db.view(ctx, func(tx *Tx) error {
		seen := map[string]bool{}
		for _, s := range workSteps {
			// A payment that has not failed this step is due since it was created.
			q := `SELECT ` + paymentColumns + `, CASE WHEN w.action = $2 THEN w.attempts ELSE 0 END
				FROM payments y JOIN pools p ON p.id = y.pool_id LEFT JOIN payment_work w ON w.payment_id = y.id
				WHERE (` + s.where + `) AND (w.payment_id IS NULL OR w.action <> $2 OR w.next_attempt_at <= $1)
				ORDER BY CASE WHEN w.action = $2 THEN w.next_attempt_at ELSE y.created_at END, y.created_at, y.id` +
				fmt.Sprintf(` LIMIT %d`, limit)
			items, err := queryAll(ctx, tx, func(sc scanner) (*WorkItem, error) {
				it := &WorkItem{Action: s.action}
				var err error
				it.Payment, err = scanPayment(attemptsScanner{sc, &it.Attempts})
				return it, err
			}, q, tx.now, s.action)
			if err != nil {
				return fmt.Errorf("payment work %s: %w", s.action, err)
			}
			for _, it := range items {
				if !seen[it.ID] { // one step per payment and pass: the earlier (a lapsed checkout is released first)
					seen[it.ID] = true
					out = append(out, it)
				}
			}
		}
		return nil
	})
	return out, err
}

// attemptsScanner reads a payment row followed by one more column.
type attemptsScanner struct {
	scanner
	attempts *int
}

func (s attemptsScanner) Scan(dest ...any) error {
	return s.scanner.Scan(append(dest, s.attempts)...)
}

// maxWorkError bounds the error text kept for a failed step.
const maxWorkError = 1000

// RecordWorkFailure notes that a step failed for a payment: its attempts in a row grow by one (the first
// failure of another step starts at one), its next attempt is due after squares.RetryDelay, and the error
// is kept for admins.
func (db *DB) RecordWorkFailure(ctx context.Context, paymentID, action, message string) error {
	if len(message) > maxWorkError {
		message = strings.ToValidUTF8(message[:maxWorkError], "")
	}
	if !utf8.ValidString(message) {
		message = strings.ToValidUTF8(message, "?")
	}
	return db.update(ctx, func(tx *Tx) error {
		var last string
		attempts := 0
		err := tx.QueryRowContext(ctx, `SELECT w.action, w.attempts FROM payment_work w WHERE w.payment_id = $1`+
			tx.forUpdate("w"), paymentID).Scan(&last, &attempts)
		if err != nil && err != sql.ErrNoRows {
			return fmt.Errorf("payment work: %w", err)
		}
		if last != action {
			attempts = 0
		}
		attempts++
		if _, err := tx.ExecContext(ctx, `INSERT INTO payment_work (payment_id, action, attempts, next_attempt_at,
			last_error, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (payment_id) DO UPDATE SET action = excluded.action, attempts = excluded.attempts,
			next_attempt_at = excluded.next_attempt_at, last_error = excluded.last_error, updated_at = excluded.updated_at`,
			paymentID, action, attempts, tx.now.Add(squares.RetryDelay(attempts)), message, tx.now); err != nil {
			return fmt.Errorf("payment work: %w", err)
		}
		return nil
	})
}

// ClearWorkFailure forgets the failures of a payment's step once a step succeeded.
func (db *DB) ClearWorkFailure(ctx context.Context, paymentID string) error {
	return db.update(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM payment_work WHERE payment_id = $1`, paymentID); err != nil {
			return fmt.Errorf("payment work: %w", err)
		}
		return nil
	})
}

// WorkFailure is an escrow step that keeps failing, as admins see it.
type WorkFailure struct {
	PaymentID     string
	PoolID        int64
	UserID        int64
	Status        string // the payment's
	Action        string
	Attempts      int
	LastError     string
	NextAttemptAt time.Time
}

// ListWorkFailures returns the steps that failed and are still to do, the most failed first. (A failure
// whose payment no longer needs the step, because a webhook or an admin moved it on, is not listed.)
func (db *DB) ListWorkFailures(ctx context.Context) ([]*WorkFailure, error) {
	var still []string
	for _, s := range workSteps {
		still = append(still, fmt.Sprintf(`(w.action = '%s' AND %s)`, s.action, s.where))
	}
	q := `SELECT y.id, y.pool_id, y.user_id, y.status, w.action, w.attempts, w.last_error, w.next_attempt_at
		FROM payment_work w JOIN payments y ON y.id = w.payment_id JOIN pools p ON p.id = y.pool_id
		WHERE ` + strings.Join(still, " OR ") + ` ORDER BY w.attempts DESC, w.next_attempt_at, y.id`
	var out []*WorkFailure
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, func(sc scanner) (*WorkFailure, error) {
			var f WorkFailure
			err := sc.Scan(&f.PaymentID, &f.PoolID, &f.UserID, &f.Status, &f.Action, &f.Attempts, &f.LastError,
				&f.NextAttemptAt)
			f.NextAttemptAt = f.NextAttemptAt.UTC()
			return &f, err
		}, q, tx.now)
		if err != nil {
			return fmt.Errorf("work failures: %w", err)
		}
		return nil
	})
	return out, err
}

// RetryWorkNow makes a failing escrow step of a payment due now (an admin's "retry now"), logged in the
// audit log; the caller then runs an escrow pass. No failing step for the payment is ENOTFOUND.
func (db *DB) RetryWorkNow(ctx context.Context, paymentID string) error {
	return db.update(ctx, func(tx *Tx) error {
		var poolID, userID int64
		var action string
		var next time.Time
		err := tx.QueryRowContext(ctx, `SELECT y.pool_id, y.user_id, w.action, w.next_attempt_at FROM payment_work w
			JOIN payments y ON y.id = w.payment_id WHERE w.payment_id = $1`+tx.forUpdate("w"), paymentID).
			Scan(&poolID, &userID, &action, &next)
		if err == sql.ErrNoRows {
			return squares.Errorf(squares.ENOTFOUND, "No failing escrow step for this payment.")
		} else if err != nil {
			return fmt.Errorf("payment work: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE payment_work SET next_attempt_at = $1, updated_at = $1
			WHERE payment_id = $2`, tx.now, paymentID); err != nil {
			return fmt.Errorf("payment work: %w", err)
		}
		type step struct {
			PaymentID     string    `json:"paymentId"`
			Action        string    `json:"action"`
			NextAttemptAt time.Time `json:"nextAttemptAt"`
		}
		return audit(ctx, tx, Change{Action: "escrow.retry", TargetType: "payment", PoolID: poolID, UserID: userID,
			Before: step{paymentID, action, next.UTC()}, After: step{paymentID, action, tx.now}})
	})
}

// FindWorkFailure returns the failing escrow step of a payment, or nil when it has none (any more).
func (db *DB) FindWorkFailure(ctx context.Context, paymentID string) (*WorkFailure, error) {
	fails, err := db.ListWorkFailures(ctx)
	if err != nil {
		return nil, err
	}
	for _, f := range fails {
		if f.PaymentID == paymentID {
			return f, nil
		}
	}
	return nil, nil
}
