package store

import (
	"context"
	"fmt"

	"encoding/json"
	"github.com/squaresapp/squares"
)

// Checkout asks to hold squares of a paid pool for a buyer while they pay.
type Checkout struct {
	ID       string // our payment id, made by the caller
	Provider string
	User     *squares.User
	PoolID   int64
	Cells    []squares.Cell
	// Amount is what the browser says it will pay; it must equal the server's price.
	Amount squares.Cents
	// Eligibility is the configuration of paid play in force.
	Eligibility squares.Eligibility
}

// BeginCheckout holds the squares for the buyer for squares.CheckoutHold and records a pending payment
// of the server's price, under the rules of a sale (squares.CheckSale): the buyer may play paid pools, the
// pool is paid and open, the squares are on the grid and free (expired holds are released first), the
// buyer stays within the pool's limit and the amount is the price.
func (db *DB) BeginCheckout(ctx context.Context, c Checkout) (*squares.Payment, error) {
	var out *squares.Payment
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockSalePool(ctx, tx, c.PoolID, userID(c.User))
		if err != nil {
			return err
		}
		if err := releaseExpiredCheckouts(ctx, tx, p.ID); err != nil {
			return err
		}
		// One open checkout per buyer and pool: the same squares resume it (another tab, a reload); other
		// squares replace it, as a new cart would. A refused sale rolls the replacing back.
		var resumed *squares.Payment
		if c.User != nil {
			open, err := openCheckouts(ctx, tx, p.ID, c.User.ID)
			if err != nil {
				return err
			}
			for _, prev := range open {
				if resumed == nil && sameCells(prev.Squares, c.Cells) {
					resumed = prev
					continue
				}
				if err := releaseOwnCheckout(ctx, tx, prev, "Replaced by a newer checkout."); err != nil {
					return err
				}
			}
		}
		sale, _, err := readSale(ctx, tx, squares.SaleCheckout, p, c.User, c.Cells)
		if err != nil {
			return err
		}
		sale.Amount, sale.Eligibility = c.Amount, c.Eligibility
		if resumed != nil {
			sale.Have -= len(resumed.Squares)
		}
		price, err := squares.CheckSale(sale)
		if err != nil {
			return err
		}
		if resumed != nil {
			out = resumed
			return nil
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

// releaseOwnCheckout releases a pending checkout at its buyer's request (or replaced by their newer one):
// the held squares are freed and nobody needs telling.
func releaseOwnCheckout(ctx context.Context, tx *Tx, p *squares.Payment, reason string) error {
	if err := deleteHeldSquares(ctx, tx, p); err != nil {
		return err
	}
	return setPaymentStatus(ctx, tx, p, squares.PaymentReleased, reason)
}

// ReleaseCheckout releases a buyer's own pending checkout (they cancel it) and frees its squares. A
// checkout already paid, or ended, is left as it is (a conflict for one already paid).
func (db *DB) ReleaseCheckout(ctx context.Context, userID int64, id string) (*squares.Payment, error) {
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
			return releaseOwnCheckout(ctx, tx, p, "You cancelled this checkout.")
		case squares.PaymentHeld, squares.PaymentCaptured:
			return squares.Errorf(squares.ECONFLICT, "This payment is complete; its squares are yours.")
		}
		return nil
	})
	return out, err
}

// releaseExpiredCheckouts releases the pool's checkouts whose hold has run out, freeing their squares.
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
