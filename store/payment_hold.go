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

// ConfirmResult is what a confirmed payment gave.
type ConfirmResult struct {
	Payment *squares.Payment
	Squares []*squares.Square
	Pool    *squares.PoolView
	// Already reports that the payment had been confirmed before: nothing changed.
	Already bool
	// Drew reports that this purchase completed the pool and its numbers were drawn.
	Drew bool
}

// ConfirmPayment gives the buyer the squares of a checkout once the provider reports the payment as paid
// (pp: status requires_capture or succeeded, the checkout's amount, in dollars), under the rules of a
// confirmation (squares.CheckConfirmation): the buyer's stored details are judged by elig, the
// configuration of paid play in force. It is idempotent: a payment confirmed twice gives its squares once.
// A checkout that has ended, or squares taken by someone else after the hold expired, are a conflict (one
// whose game has started is unprocessable, as its confirmation would be); a refused rule is unprocessable;
// the caller then releases the payment.
func (db *DB) ConfirmPayment(ctx context.Context, id string, pp *squares.ProviderPayment, elig squares.Eligibility) (*ConfirmResult, error) {
	var res *ConfirmResult
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockPayment(ctx, tx, id)
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
			// Ended already; when its game has started (a pool's decision at the start ended it), say so.
			pool, err := findPool(ctx, tx, p.PoolID, 0)
			if err != nil {
				return err
			}
			if err := squares.CheckGameConfirming(pool.Game, tx.now); err != nil {
				return err
			}
			return squares.Errorf(squares.ECONFLICT, "This checkout has ended (%s). Any hold on your card is released.", p.Status)
		}
		pool, err := lockSalePool(ctx, tx, p.PoolID, p.UserID)
		if err != nil {
			return err
		}
		buyer, err := findUser(ctx, tx, "u.id = $1", p.UserID)
		if err != nil {
			return err
		}
		if err := squares.CheckConfirmation(squares.Confirmation{Payment: p, Provider: pp, Pool: pool.Pool,
			Buyer: buyer, Eligibility: elig, Now: tx.now}); err != nil {
			return err
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
		if err := recordPayment(ctx, tx, squares.RecordHeld, p, false, ""); err != nil {
			return err
		}
		if err := recordTaken(ctx, tx, p.PoolID, squares.RecordTakenData{Squares: p.Squares, Owner: userOwner(p.UserID),
			By: squares.TakenPurchase, Payment: p.ID, Amount: p.Amount.String()}); err != nil {
			return err
		}
		if err := countPlayers(ctx, tx, p.PoolID); err != nil {
			return err
		}
		counts, err := addTaken(ctx, tx, p.PoolID, len(p.Squares), 0)
		if err != nil {
			return err
		}
		res.Drew = counts.Drew
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.PoolID, GameID: pool.GameID, Cells: p.Squares})
		if res.Squares, err = paymentSquares(ctx, tx, p); err != nil {
			return err
		}
		res.Pool, err = findPool(ctx, tx, p.PoolID, p.UserID)
		return err
	})
	return res, err
}
