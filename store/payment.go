package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/squaresapp/squares"
)

const paymentColumns = `y.id, y.provider, COALESCE(y.provider_payment_id, ''), y.client_secret, y.user_id, y.pool_id,
	y.amount_cents, y.currency, y.cells, y.status, y.provider_status, y.failure_message, y.hold_expires_at,
	y.created_at, y.updated_at`

func scanPayment(s scanner) (*squares.Payment, error) {
	var p squares.Payment
	var cells string
	if err := s.Scan(&p.ID, &p.Provider, &p.ProviderPaymentID, &p.ClientSecret, &p.UserID, &p.PoolID, &p.Amount,
		&p.Currency, &cells, &p.Status, &p.ProviderStatus, &p.FailureMessage, &p.HoldExpiresAt, &p.CreatedAt,
		&p.UpdatedAt); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(cells), &p.Squares); err != nil {
		return nil, fmt.Errorf("payment %s cells: %w", p.ID, err)
	}
	p.HoldExpiresAt, p.CreatedAt, p.UpdatedAt = p.HoldExpiresAt.UTC(), p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	return &p, nil
}

func findPaymentTx(ctx context.Context, tx *Tx, where string, arg any, lock bool) (*squares.Payment, error) {
	q := `SELECT ` + paymentColumns + ` FROM payments y WHERE ` + where
	if lock {
		q += tx.forUpdate("y")
	}
	p, err := scanPayment(tx.QueryRowContext(ctx, q, arg))
	return p, notFound(err, "Payment")
}

// FindPayment returns a payment by our id.
func (db *DB) FindPayment(ctx context.Context, id string) (*squares.Payment, error) {
	var p *squares.Payment
	err := db.view(ctx, func(tx *Tx) (err error) {
		p, err = findPaymentTx(ctx, tx, "y.id = $1", id, false)
		return err
	})
	return p, err
}

// FindPaymentByProviderID returns a payment by the provider's payment id.
func (db *DB) FindPaymentByProviderID(ctx context.Context, providerID string) (*squares.Payment, error) {
	var p *squares.Payment
	err := db.view(ctx, func(tx *Tx) (err error) {
		p, err = findPaymentTx(ctx, tx, "y.provider_payment_id = $1", providerID, false)
		return err
	})
	return p, err
}

// Checkout asks to hold squares of a paid pool for a buyer while they pay.
type Checkout struct {
	ID       string // our payment id, made by the caller
	Provider string
	User     *squares.User
	PoolID   int64
	Cells    []squares.Cell
	// Amount is what the browser says it will pay; it must equal the server's price.
	Amount squares.Cents
}

// BeginCheckout holds the squares for the buyer for squares.CheckoutHold and records a pending payment
// of the server's price. Every rule of a sale is checked: the pool is paid and open, the squares are on
// the grid and free (expired holds are released first), and the buyer stays within the pool's limit.
func (db *DB) BeginCheckout(ctx context.Context, c Checkout) (*squares.Payment, error) {
	var out *squares.Payment
	err := db.update(ctx, func(tx *Tx) error {
		if err := checkCells(c.Cells); err != nil {
			return err
		}
		p, err := scanPool(tx.QueryRowContext(ctx, poolSelect+` WHERE p.id = $2`+tx.forUpdate("p"), c.User.ID, c.PoolID))
		if err != nil {
			return notFound(err, "Pool")
		}
		if p.IsFree() {
			return squares.Errorf(squares.EUNPROCESSABLE, "This pool is free: claim its squares without paying.")
		}
		if err := checkOpenForSale(ctx, tx, p, true); err != nil {
			return err
		}
		if err := releaseExpiredCheckouts(ctx, tx, p.ID); err != nil {
			return err
		}
		// One open checkout per buyer and pool: the same squares resume it (another tab, a reload); other
		// squares replace it, as a new cart would.
		open, err := openCheckouts(ctx, tx, p.ID, c.User.ID)
		if err != nil {
			return err
		}
		for _, prev := range open {
			if sameCells(prev.Squares, c.Cells) {
				out = prev
				return nil
			}
			if err := withdrawCheckout(ctx, tx, prev, "Replaced by a newer checkout."); err != nil {
				return err
			}
		}
		if err := checkLimit(ctx, tx, p, c.User.ID, len(c.Cells)); err != nil {
			return err
		}
		price := p.EntryFee * squares.Cents(len(c.Cells))
		if c.Amount != price {
			return squares.FieldError("amount", fmt.Sprintf("The amount does not match the price of %d squares: $%s.",
				len(c.Cells), price))
		}
		cells, _ := json.Marshal(c.Cells)
		pay := &squares.Payment{ID: c.ID, Provider: c.Provider, UserID: c.User.ID, PoolID: p.ID, Amount: price,
			Currency: squares.Currency, Squares: c.Cells, Status: squares.PaymentPending,
			HoldExpiresAt: tx.now.Add(squares.CheckoutHold), CreatedAt: tx.now, UpdatedAt: tx.now}
		if _, err := tx.ExecContext(ctx, `INSERT INTO payments (id, provider, user_id, pool_id, amount_cents, currency,
			cells, status, hold_expires_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
			pay.ID, pay.Provider, pay.UserID, pay.PoolID, int64(pay.Amount), pay.Currency, string(cells), pay.Status,
			pay.HoldExpiresAt, tx.now); err != nil {
			return fmt.Errorf("insert payment: %w", err)
		}
		for _, cell := range c.Cells {
			expires := pay.HoldExpiresAt
			sq := &squares.Square{PoolID: p.ID, UserID: c.User.ID, Row: cell.Row, Column: cell.Column,
				State: squares.SquareHeld, PurchasePrice: p.EntryFee, HoldExpiresAt: &expires, PaymentID: pay.ID}
			if err := insertSquare(ctx, tx, sq); err != nil {
				return err
			}
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID, Cells: c.Cells})
		out = pay
		return nil
	})
	return out, err
}

// openCheckouts returns a buyer's pending checkouts in a pool, locked.
func openCheckouts(ctx context.Context, tx *Tx, poolID, userID int64) ([]*squares.Payment, error) {
	return queryPayments(ctx, tx, `SELECT `+paymentColumns+` FROM payments y WHERE y.pool_id = $1
		AND y.user_id = $2 AND y.status = 'pending' ORDER BY y.created_at`+tx.forUpdate("y"), poolID, userID)
}

// queryPayments reads the payments a query selects (its columns are paymentColumns).
func queryPayments(ctx context.Context, tx *Tx, query string, args ...any) ([]*squares.Payment, error) {
	out, err := queryAll(ctx, tx, scanPayment, query, args...)
	if err != nil {
		return nil, fmt.Errorf("payments: %w", err)
	}
	return out, nil
}

// sameCells reports whether two lists hold the same squares in any order.
func sameCells(a, b []squares.Cell) bool {
	if len(a) != len(b) {
		return false
	}
	set := map[squares.Cell]bool{}
	for _, c := range a {
		set[c] = true
	}
	for _, c := range b {
		if !set[c] {
			return false
		}
	}
	return true
}

// withdrawCheckout ends a pending checkout at its buyer's request (or replaced by their newer one): the
// held squares are freed and nobody needs telling.
func withdrawCheckout(ctx context.Context, tx *Tx, p *squares.Payment, reason string) error {
	if err := deleteHeldSquares(ctx, tx, p); err != nil {
		return err
	}
	return setPaymentStatus(ctx, tx, p, squares.PaymentReleased, reason)
}

// CancelCheckout ends a buyer's own pending checkout and frees its squares. A checkout already paid, or
// ended, is left as it is (a conflict for one already paid).
func (db *DB) CancelCheckout(ctx context.Context, userID int64, id string) (*squares.Payment, error) {
	var out *squares.Payment
	err := db.update(ctx, func(tx *Tx) error {
		if err := lockPaymentPool(ctx, tx, id); err != nil {
			return err
		}
		p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
		if err != nil || p.UserID != userID {
			return squares.Errorf(squares.ENOTFOUND, "Payment not found.")
		}
		out = p
		switch p.Status {
		case squares.PaymentPending:
			return withdrawCheckout(ctx, tx, p, "You cancelled this checkout.")
		case squares.PaymentHeld, squares.PaymentCaptured:
			return squares.Errorf(squares.ECONFLICT, "This payment is complete; its squares are yours.")
		}
		return nil
	})
	return out, err
}

// checkCells refuses an empty list, cells off the grid and a cell listed twice.
func checkCells(cells []squares.Cell) error {
	if len(cells) == 0 {
		return squares.FieldError("squares", "Please select at least one square to purchase.")
	}
	if len(cells) > squares.MaxPrivateSquares {
		return squares.FieldError("squares", "Too many squares in one purchase.")
	}
	seen := map[squares.Cell]bool{}
	for _, cell := range cells {
		if !squares.ValidCell(cell.Row, cell.Column) {
			return squares.FieldError("squares", "Row and column must be 0 to 9.")
		}
		if seen[cell] {
			return squares.FieldError("squares", "The same square is listed twice.")
		}
		seen[cell] = true
	}
	return nil
}

// checkLimit refuses a purchase that would take the buyer's squares in the pool, held or owned, over
// the pool's limit.
func checkLimit(ctx context.Context, tx *Tx, p *PoolView, userID int64, adding int) error {
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM squares WHERE pool_id = $1 AND user_id = $2`,
		p.ID, userID).Scan(&have); err != nil {
		return fmt.Errorf("count user squares: %w", err)
	}
	if have+adding > p.MaxSquaresPerPlayer {
		return squares.Errorf(squares.EUNPROCESSABLE, "You can only select %d squares at a time. "+
			"Remove a selected square first to select a different one.", p.MaxSquaresPerPlayer)
	}
	return nil
}

// releaseExpiredCheckouts ends the pool's checkouts whose hold has run out, freeing their squares.
func releaseExpiredCheckouts(ctx context.Context, tx *Tx, poolID int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM payments WHERE pool_id = $1 AND status = 'pending'
		AND hold_expires_at <= $2`, poolID, tx.now)
	if err != nil {
		return fmt.Errorf("expired checkouts: %w", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		if err := releasePayment(ctx, tx, id, "Your checkout expired before payment; the squares were released."); err != nil {
			return err
		}
	}
	return rows.Err()
}

// AttachProviderPayment records the provider's payment created for a checkout.
func (db *DB) AttachProviderPayment(ctx context.Context, id string, pp *squares.ProviderPayment) error {
	return db.update(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE payments SET provider_payment_id = $1, client_secret = $2,
			provider_status = $3, updated_at = $4 WHERE id = $5`, pp.ID, pp.ClientSecret, pp.Status, tx.now, id)
		if err != nil {
			return fmt.Errorf("attach provider payment: %w", err)
		}
		return nil
	})
}

// FailCheckout ends a checkout the provider refused to create, freeing its squares.
func (db *DB) FailCheckout(ctx context.Context, id, message string) error {
	return db.update(ctx, func(tx *Tx) error {
		p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
		if err != nil {
			return err
		}
		if p.Status != squares.PaymentPending {
			return nil
		}
		if err := deleteHeldSquares(ctx, tx, p); err != nil {
			return err
		}
		return setPaymentStatus(ctx, tx, p, squares.PaymentFailed, message)
	})
}

// lockPaymentPool locks the row of a payment's pool (PostgreSQL), before the payment's own row: every
// transaction that locks both takes the pool first (a checkout locks its pool, then the expired checkouts
// it releases), so that two of them never wait for each other.
func lockPaymentPool(ctx context.Context, tx *Tx, id string) error {
	var poolID int64
	if err := tx.QueryRowContext(ctx, `SELECT pool_id FROM payments WHERE id = $1`, id).Scan(&poolID); err != nil {
		return notFound(err, "Payment")
	}
	if _, err := tx.ExecContext(ctx, `SELECT id FROM pools WHERE id = $1`+tx.forUpdate("pools"), poolID); err != nil {
		return fmt.Errorf("lock pool %d: %w", poolID, err)
	}
	return nil
}

// ConfirmResult is what a confirmed payment gave.
type ConfirmResult struct {
	Payment *squares.Payment
	Squares []*squares.Square
	Pool    *PoolView
	// Already reports that the payment had been confirmed before: nothing changed.
	Already bool
	// Drew reports that this purchase completed the pool and its numbers were drawn.
	Drew bool
}

// ConfirmPayment gives the buyer the squares of a checkout once the provider reports the payment as paid
// (pp: status requires_capture or succeeded, the checkout's amount, in dollars). It is idempotent: a
// payment confirmed twice gives its squares once. A checkout that has ended, or squares taken by someone
// else after the hold expired, are a conflict; the caller then releases the payment.
func (db *DB) ConfirmPayment(ctx context.Context, id string, pp *squares.ProviderPayment) (*ConfirmResult, error) {
	var res *ConfirmResult
	err := db.update(ctx, func(tx *Tx) error {
		if err := lockPaymentPool(ctx, tx, id); err != nil {
			return err
		}
		p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
		if err != nil {
			return err
		}
		res = &ConfirmResult{Payment: p}
		switch p.Status {
		case squares.PaymentHeld, squares.PaymentCaptured:
			res.Already = true
			res.Squares, err = paymentSquares(ctx, tx, p)
			if err == nil {
				res.Pool, err = findPool(ctx, tx, p.PoolID, p.UserID)
			}
			return err
		case squares.PaymentPending:
		default:
			return squares.Errorf(squares.ECONFLICT, "This checkout has ended (%s). Any hold on your card is released.", p.Status)
		}
		if !squares.PaidStatus(pp.Status) {
			return squares.Errorf(squares.EUNPROCESSABLE, "The payment is not complete (%s).", pp.Status)
		}
		if pp.Amount != p.Amount || !strings.EqualFold(pp.Currency, p.Currency) {
			return squares.Errorf(squares.EUNPROCESSABLE, "The payment of $%s %s does not match the checkout of $%s.",
				pp.Amount, strings.ToUpper(pp.Currency), p.Amount)
		}
		pool, err := scanPool(tx.QueryRowContext(ctx, poolSelect+` WHERE p.id = $2`+tx.forUpdate("p"), p.UserID, p.PoolID))
		if err != nil {
			return notFound(err, "Pool")
		}
		if pool.Status != squares.PoolActive && pool.Status != squares.PoolInactive {
			return squares.Errorf(squares.ECONFLICT, "This pool is %s; your payment is released.", pool.Status)
		}
		for _, cell := range p.Squares {
			r, err := tx.ExecContext(ctx, `UPDATE squares SET state = 'owned', purchased_at = $1, hold_expires_at = NULL
				WHERE pool_id = $2 AND row_idx = $3 AND col_idx = $4 AND payment_id = $5 AND state = 'held'`,
				tx.now, p.PoolID, cell.Row, cell.Column, p.ID)
			if err != nil {
				return fmt.Errorf("own square: %w", err)
			}
			if n, _ := r.RowsAffected(); n == 1 {
				continue
			}
			// The hold was released; the square is the buyer's again only if nobody took it since.
			sq := &squares.Square{PoolID: p.PoolID, UserID: p.UserID, Row: cell.Row, Column: cell.Column,
				State: squares.SquareOwned, PurchasePrice: pool.EntryFee, PaymentID: p.ID}
			if err := insertSquare(ctx, tx, sq); err != nil {
				if squares.ErrorCode(err) == squares.ECONFLICT {
					return squares.Errorf(squares.ECONFLICT, "Your hold expired and square (%d, %d) was taken by another player. "+
						"Your payment is released.", cell.Row, cell.Column)
				}
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE payments SET provider_status = $1 WHERE id = $2`, pp.Status, p.ID); err != nil {
			return err
		}
		if err := setPaymentStatus(ctx, tx, p, squares.PaymentHeld, ""); err != nil {
			return err
		}
		if _, err := insertLedger(ctx, tx, squares.HoldTransaction(p)); err != nil {
			return err
		}
		if res.Drew, err = addTaken(ctx, tx, p.PoolID, len(p.Squares)); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.PoolID, GameID: pool.GameID, Cells: p.Squares})
		if res.Squares, err = paymentSquares(ctx, tx, p); err != nil {
			return err
		}
		res.Pool, err = findPool(ctx, tx, p.PoolID, p.UserID)
		return err
	})
	return res, err
}

func paymentSquares(ctx context.Context, tx *Tx, p *squares.Payment) ([]*squares.Square, error) {
	return queryAll(ctx, tx, scanSquare, squareSelect+` WHERE s.payment_id = $1 ORDER BY s.row_idx, s.col_idx`, p.ID)
}

func setPaymentStatus(ctx context.Context, tx *Tx, p *squares.Payment, status, message string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = $1, failure_message = $2, updated_at = $3
		WHERE id = $4`, status, message, tx.now, p.ID); err != nil {
		return fmt.Errorf("payment status: %w", err)
	}
	p.Status, p.FailureMessage, p.UpdatedAt = status, message, tx.now
	return nil
}

func deleteHeldSquares(ctx context.Context, tx *Tx, p *squares.Payment) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM squares WHERE payment_id = $1 AND state = 'held'`, p.ID); err != nil {
		return fmt.Errorf("release held squares: %w", err)
	}
	tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.PoolID, Cells: p.Squares})
	return nil
}

// ReleasePayment ends a payment without charging: a checkout abandoned, declined or expired, or an
// authorisation cancelled (by the provider, or because its pool was cancelled). Squares held for it are
// freed; squares it bought in a pool still open are freed too; in a pool already complete (drawn), the
// house takes them over so the grid stays whole. Released payments are never released twice.
func (db *DB) ReleasePayment(ctx context.Context, id, reason string) (*squares.Payment, error) {
	var out *squares.Payment
	err := db.update(ctx, func(tx *Tx) error {
		if err := releasePayment(ctx, tx, id, reason); err != nil {
			return err
		}
		var err error
		out, err = findPaymentTx(ctx, tx, "y.id = $1", id, false)
		return err
	})
	return out, err
}

func releasePayment(ctx context.Context, tx *Tx, id, reason string) error {
	if err := lockPaymentPool(ctx, tx, id); err != nil {
		return err
	}
	p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
	if err != nil {
		return err
	}
	switch p.Status {
	case squares.PaymentPending:
		if err := deleteHeldSquares(ctx, tx, p); err != nil {
			return err
		}
		if err := notify(ctx, tx, p.UserID, squares.NotifyPaymentReleased, reason, p.PoolID); err != nil {
			return err
		}
		return setPaymentStatus(ctx, tx, p, squares.PaymentReleased, reason)
	case squares.PaymentHeld:
	case squares.PaymentCaptured:
		return squares.Errorf(squares.ECONFLICT, "A captured payment is refunded, not released.")
	default:
		return nil
	}
	var poolStatus string
	var gameID int64
	if err := tx.QueryRowContext(ctx, `SELECT status, game_id FROM pools WHERE id = $1`+tx.forUpdate("pools"), p.PoolID).
		Scan(&poolStatus, &gameID); err != nil {
		return fmt.Errorf("release: %w", err)
	}
	switch poolStatus {
	case squares.PoolCancelled:
		// The squares stay as the record of a cancelled pool.
	case squares.PoolActive, squares.PoolInactive, squares.PoolDraft:
		r, err := tx.ExecContext(ctx, `DELETE FROM squares WHERE payment_id = $1 AND state = 'owned'`, p.ID)
		if err != nil {
			return fmt.Errorf("free squares: %w", err)
		}
		n, _ := r.RowsAffected()
		if _, err := tx.ExecContext(ctx, `UPDATE pools SET squares_taken = squares_taken - $1, updated_at = $2
			WHERE id = $3`, n, tx.now, p.PoolID); err != nil {
			return fmt.Errorf("free squares: %w", err)
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.PoolID, GameID: gameID, Cells: p.Squares})
	default:
		// The grid is complete and drawn: the house stakes the squares in the player's place.
		if _, err := tx.ExecContext(ctx, `UPDATE squares SET user_id = NULL, is_house = TRUE, payment_id = NULL
			WHERE payment_id = $1`, p.ID); err != nil {
			return fmt.Errorf("house takes squares: %w", err)
		}
		stake := squares.StakeTransaction(p.PoolID, p.Amount)
		stake.Key = "stake:" + p.ID
		if _, err := insertLedger(ctx, tx, stake); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.PoolID, GameID: gameID, Cells: p.Squares})
	}
	if _, err := insertLedger(ctx, tx, squares.ReleaseTransaction(p)); err != nil {
		return err
	}
	if err := notify(ctx, tx, p.UserID, squares.NotifyPaymentReleased, reason, p.PoolID); err != nil {
		return err
	}
	return setPaymentStatus(ctx, tx, p, squares.PaymentReleased, reason)
}

// MarkCaptured records that a held payment was captured into its pool's escrow.
func (db *DB) MarkCaptured(ctx context.Context, id string) error {
	return db.update(ctx, func(tx *Tx) error {
		p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
		if err != nil {
			return err
		}
		if p.Status != squares.PaymentHeld {
			return nil
		}
		if _, err := insertLedger(ctx, tx, squares.CaptureTransaction(p)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE payments SET provider_status = $1 WHERE id = $2`,
			squares.ProviderSucceeded, p.ID); err != nil {
			return err
		}
		return setPaymentStatus(ctx, tx, p, squares.PaymentCaptured, "")
	})
}

// MarkRefunded records that a captured payment was refunded.
func (db *DB) MarkRefunded(ctx context.Context, id, reason string) error {
	return db.update(ctx, func(tx *Tx) error {
		p, err := findPaymentTx(ctx, tx, "y.id = $1", id, true)
		if err != nil {
			return err
		}
		if p.Status != squares.PaymentCaptured {
			return nil
		}
		if _, err := insertLedger(ctx, tx, squares.RefundTransaction(p)); err != nil {
			return err
		}
		if err := notify(ctx, tx, p.UserID, squares.NotifyPaymentRefunded,
			fmt.Sprintf("$%s was refunded to your card. %s", p.Amount, reason), p.PoolID); err != nil {
			return err
		}
		return setPaymentStatus(ctx, tx, p, squares.PaymentRefunded, reason)
	})
}

// SetProviderStatus records the provider's latest status of a payment.
func (db *DB) SetProviderStatus(ctx context.Context, id, status string) error {
	return db.update(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE payments SET provider_status = $1, updated_at = $2 WHERE id = $3`,
			status, tx.now, id)
		return err
	})
}

// PaymentWork lists the payments the escrow must act on.
type PaymentWork struct {
	// Expired are checkouts whose square hold ran out.
	Expired []*squares.Payment
	// Capture are authorisations whose pool is complete.
	Capture []*squares.Payment
	// Unwind are payments (pending, held or captured) whose pool was cancelled.
	Unwind []*squares.Payment
	// CancelAtProvider are payments that ended without a charge but may still have a live provider
	// payment to cancel.
	CancelAtProvider []*squares.Payment
}

// ListPaymentWork finds what the escrow has to do now.
func (db *DB) ListPaymentWork(ctx context.Context, limit int) (*PaymentWork, error) {
	w := &PaymentWork{}
	err := db.view(ctx, func(tx *Tx) error {
		lists := []struct {
			dst   *[]*squares.Payment
			where string
			args  []any
		}{
			{&w.Expired, `y.status = 'pending' AND y.hold_expires_at <= $1`, []any{tx.now}},
			{&w.Capture, `y.status = 'held' AND p.status IN ('full', 'started', 'completed')`, nil},
			{&w.Unwind, `y.status IN ('pending', 'held', 'captured') AND p.status = 'cancelled'`, nil},
			{&w.CancelAtProvider, `y.status IN ('released', 'failed') AND y.provider_payment_id IS NOT NULL
				AND y.provider_status NOT IN ('canceled', 'succeeded')`, nil},
		}
		for _, l := range lists {
			q := `SELECT ` + paymentColumns + ` FROM payments y JOIN pools p ON p.id = y.pool_id WHERE ` + l.where +
				fmt.Sprintf(` ORDER BY y.created_at LIMIT %d`, limit)
			var err error
			if *l.dst, err = queryPayments(ctx, tx, q, l.args...); err != nil {
				return err
			}
		}
		return nil
	})
	return w, err
}

// RecordProviderEvent notes a provider event as processed; it reports false when it was seen before.
func (db *DB) RecordProviderEvent(ctx context.Context, provider string, e squares.ProviderEvent) (bool, error) {
	var fresh bool
	err := db.update(ctx, func(tx *Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `INSERT INTO provider_events (id, provider, type, received_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (id) DO NOTHING RETURNING id`, e.ID, provider, e.Type, tx.now).Scan(&id)
		if err == sql.ErrNoRows {
			return nil
		} else if err != nil {
			return fmt.Errorf("provider event: %w", err)
		}
		fresh = true
		return nil
	})
	return fresh, err
}

// ProviderEventSeen reports whether a provider event was recorded as processed.
func (db *DB) ProviderEventSeen(ctx context.Context, id string) (bool, error) {
	var n int
	err := db.view(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM provider_events WHERE id = $1`, id).Scan(&n)
	})
	if err != nil {
		return false, fmt.Errorf("provider event: %w", err)
	}
	return n > 0, nil
}

// ListUserPayments returns a player's payments, newest first.
func (db *DB) ListUserPayments(ctx context.Context, userID int64) ([]*squares.Payment, error) {
	var out []*squares.Payment
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryPayments(ctx, tx, `SELECT `+paymentColumns+` FROM payments y WHERE y.user_id = $1
			ORDER BY y.created_at DESC, y.id`, userID)
		return err
	})
	return out, err
}

// ListPoolPayments returns the payments of a pool, oldest first.
func (db *DB) ListPoolPayments(ctx context.Context, poolID int64) ([]*squares.Payment, error) {
	var out []*squares.Payment
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryPayments(ctx, tx, `SELECT `+paymentColumns+` FROM payments y WHERE y.pool_id = $1
			ORDER BY y.created_at, y.id`, poolID)
		return err
	})
	return out, err
}
