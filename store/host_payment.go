package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"

	"github.com/squaresapp/squares"
)

const hostPaymentColumns = `h.id, h.pool_id, COALESCE(h.user_id, 0), COALESCE(h.guest_id, 0), h.amount_cents, h.note,
	COALESCE(h.corrects, 0), COALESCE((SELECT c.id FROM host_payments c WHERE c.corrects = h.id), 0),
	COALESCE(h.recorded_by, 0), h.created_at FROM host_payments h`

func scanHostPayment(s scanner) (*squares.HostPayment, error) {
	var e squares.HostPayment
	if err := s.Scan(&e.ID, &e.PoolID, &e.UserID, &e.GuestID, &e.Amount, &e.Note, &e.Corrects, &e.CorrectedBy,
		&e.RecordedBy, &e.At); err != nil {
		return nil, err
	}
	e.At = e.At.UTC()
	return &e, nil
}

func insertHostPayment(ctx context.Context, tx *Tx, e *squares.HostPayment) error {
	err := tx.QueryRowContext(ctx, `INSERT INTO host_payments (pool_id, user_id, guest_id, amount_cents, note, corrects,
		recorded_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, e.PoolID, zeroNull(e.UserID),
		zeroNull(e.GuestID), int64(e.Amount), e.Note, zeroNull(e.Corrects), zeroNull(e.RecordedBy), tx.now).Scan(&e.ID)
	if isUniqueViolation(err) {
		return squares.Errorf(squares.ECONFLICT, "This payment was already corrected.")
	} else if err != nil {
		return fmt.Errorf("record host payment: %w", err)
	}
	e.At = tx.now
	return nil
}

// RecordPayment records money the host of a host-collected pool received from one of its players (a
// member, or a guest), for the host only. Entries are append-only: a mistake is corrected
// (CorrectPayment), never changed.
func (db *DB) RecordPayment(ctx context.Context, actor *squares.User, poolID int64, in squares.PaymentInput) (*squares.HostPayment, error) {
	var out *squares.HostPayment
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockHostPool(ctx, tx, poolID, actor, squares.HostRecordPayment)
		if err != nil {
			return err
		}
		if err := in.Validate(p.Pool); err != nil {
			return err
		}
		pl, name, err := resolvePlayer(ctx, tx, poolID, in.Player)
		if err != nil {
			return err
		}
		e := &squares.HostPayment{PoolID: poolID, UserID: pl.UserID, GuestID: in.GuestID, Amount: in.Amount,
			Note: in.Note, RecordedBy: actor.ID}
		if err := insertHostPayment(ctx, tx, e); err != nil {
			return err
		}
		summary := fmt.Sprintf("Recorded $%s from %s.", e.Amount, name)
		if e.Note != "" {
			summary = fmt.Sprintf("Recorded $%s from %s: %s", e.Amount, name, e.Note)
		}
		payer := squares.Player{UserID: e.UserID, GuestID: e.GuestID}
		if err := recordHistory(ctx, tx, historyEntry{PoolID: poolID, Actor: actor, Action: squares.HostRecordPayment,
			Player: payer, Summary: summary, Record: &squares.RecordActionData{Action: squares.HostRecordPayment,
				Reason: fmt.Sprintf("Recorded %s from %s.", e.Amount, playerOwner(payer))}}); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: poolID, GameID: p.GameID})
		out = e
		return nil
	})
	return out, err
}

// CorrectPayment records the correction that cancels one payment of a host-collected pool, for its host
// only: the payment stays in the record, and the correction beside it. A payment is corrected once
// (409 after), and a correction is not corrected (422).
func (db *DB) CorrectPayment(ctx context.Context, actor *squares.User, poolID, paymentID int64) (*squares.HostPayment, error) {
	var out *squares.HostPayment
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockHostPool(ctx, tx, poolID, actor, squares.HostCorrectPayment)
		if err != nil {
			return err
		}
		e, err := scanHostPayment(tx.QueryRowContext(ctx, `SELECT `+hostPaymentColumns+` WHERE h.id = $1 AND h.pool_id = $2`,
			paymentID, poolID))
		if err != nil {
			return notFound(err, "Payment")
		}
		if err := squares.CheckCorrection(e); err != nil {
			return err
		}
		c := squares.Correction(e, actor.ID, tx.now)
		if err := insertHostPayment(ctx, tx, &c); err != nil {
			return err
		}
		name, err := playerLabel(ctx, tx, poolID, squares.Player{UserID: c.UserID, GuestID: c.GuestID})
		if err != nil {
			return err
		}
		if err := recordHistory(ctx, tx, historyEntry{PoolID: poolID, Actor: actor, Action: squares.HostCorrectPayment,
			Player:  squares.Player{UserID: c.UserID, GuestID: c.GuestID},
			Summary: fmt.Sprintf("Cancelled payment %d of $%s from %s.", e.ID, e.Amount, name),
			Record: &squares.RecordActionData{Action: squares.HostCorrectPayment, Reason: fmt.Sprintf("Cancelled a payment of %s from %s.",
				e.Amount, playerOwner(squares.Player{UserID: c.UserID, GuestID: c.GuestID}))}}); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: poolID, GameID: p.GameID})
		out = &c
		return nil
	})
	return out, err
}

// playerLabel names a player of a pool as the host's lists do, whatever became of them.
func playerLabel(ctx context.Context, tx *Tx, poolID int64, pl squares.Player) (string, error) {
	if pl.UserID != 0 {
		var first, last string
		if err := tx.QueryRowContext(ctx, `SELECT first_name, last_name FROM users WHERE id = $1`, pl.UserID).
			Scan(&first, &last); err != nil {
			return "", fmt.Errorf("player name: %w", err)
		}
		return squares.ShortName(first, last), nil
	}
	g, err := findGuest(ctx, tx, poolID, pl.GuestID)
	if err != nil {
		return "", err
	}
	return g.Name, nil
}

// ListPayments returns, to the host of a host-collected pool, every player's account: members (the host
// first, then by joining) and guests not yet joined (as added), each with the squares they own, what they
// owe and paid, and their entries oldest first.
func (db *DB) ListPayments(ctx context.Context, actor *squares.User, poolID int64) ([]squares.PlayerBalance, error) {
	var out []squares.PlayerBalance
	err := db.view(ctx, func(tx *Tx) error {
		p, err := findPool(ctx, tx, poolID, 0)
		if err != nil {
			return err
		}
		if err := squares.CheckHostAction(squares.HostAction{Actor: actor, Pool: p.Pool, Action: squares.HostReadPayments}); err != nil {
			return err
		}
		out, err = listBalances(ctx, tx, p.Pool)
		return err
	})
	return out, err
}

// OwnBalance returns a member's own account in a host-collected pool: the squares they own, what they owe
// and what the host recorded as paid, with their entries. Only a member reads their own (the pool is not
// found for anyone else); a card pool has no account with its host (EUNPROCESSABLE).
func (db *DB) OwnBalance(ctx context.Context, actor *squares.User, poolID int64) (squares.PlayerBalance, error) {
	var out squares.PlayerBalance
	err := db.view(ctx, func(tx *Tx) error {
		p, err := findPool(ctx, tx, poolID, 0)
		if err != nil {
			return err
		}
		member := false
		if actor != nil {
			if member, err = isPoolMember(ctx, tx, p.ID, actor.ID); err != nil {
				return err
			}
		}
		if err := squares.CheckOwnBalance(actor, p.Pool, member); err != nil {
			return err
		}
		bs, err := listBalances(ctx, tx, p.Pool)
		if err != nil {
			return err
		}
		for _, b := range bs {
			if b.Player.UserID == actor.ID {
				out = b
				return nil
			}
		}
		return squares.Errorf(squares.ENOTFOUND, "Pool not found.")
	})
	return out, err
}

func listBalances(ctx context.Context, tx *Tx, p *squares.Pool) ([]squares.PlayerBalance, error) {
	members, err := listMembers(ctx, tx, p.ID)
	if err != nil {
		return nil, err
	}
	guests, err := queryAll(ctx, tx, scanGuest, `SELECT `+guestColumns+` WHERE pool_id = $1 AND user_id IS NULL ORDER BY id`, p.ID)
	if err != nil {
		return nil, fmt.Errorf("list guests: %w", err)
	}
	entries, err := queryAll(ctx, tx, scanHostPayment, `SELECT `+hostPaymentColumns+` WHERE h.pool_id = $1 ORDER BY h.id`, p.ID)
	if err != nil {
		return nil, fmt.Errorf("list host payments: %w", err)
	}
	owned, err := ownedByPlayer(ctx, tx, p.ID)
	if err != nil {
		return nil, err
	}
	byPlayer := map[squares.Player][]*squares.HostPayment{}
	for _, e := range entries {
		k := playerKey(e.UserID, e.GuestID)
		byPlayer[k] = append(byPlayer[k], e)
	}
	out := make([]squares.PlayerBalance, 0, len(members)+len(guests))
	for _, m := range members {
		k := squares.Player{UserID: m.UserID}
		out = append(out, squares.Balance(k, squares.ShortName(m.FirstName, m.LastName), p.EntryFee, len(owned[k]), byPlayer[k]))
	}
	for _, g := range guests {
		k := squares.Player{GuestID: g.ID}
		out = append(out, squares.Balance(k, g.Name, p.EntryFee, len(owned[k]), byPlayer[k]))
	}
	return out, nil
}

// playerKey is who a square or an entry is: the account once there is one, else the guest.
func playerKey(userID, guestID int64) squares.Player {
	if userID != 0 {
		return squares.Player{UserID: userID}
	}
	return squares.Player{GuestID: guestID}
}

// ownedSquare is a square a player owns, with when they took it.
type ownedSquare struct {
	ID int64
	At time.Time
}

// ownedByPlayer returns the squares each player owns in a pool (the house's left out), in the order they
// took them.
func ownedByPlayer(ctx context.Context, tx *Tx, poolID int64) (map[squares.Player][]ownedSquare, error) {
	type row struct {
		key squares.Player
		sq  ownedSquare
	}
	rows, err := queryAll(ctx, tx, func(s scanner) (row, error) {
		var r row
		var user, guest int64
		var purchased sql.NullTime
		err := s.Scan(&r.sq.ID, &user, &guest, &purchased)
		if at := nullTime(purchased); at != nil {
			r.sq.At = at.UTC()
		}
		r.key = playerKey(user, guest)
		return r, err
	}, `SELECT id, COALESCE(user_id, 0), COALESCE(guest_id, 0), purchased_at FROM squares
		WHERE pool_id = $1 AND state = 'owned' AND is_house = FALSE`, poolID)
	if err != nil {
		return nil, fmt.Errorf("owned squares: %w", err)
	}
	out := map[squares.Player][]ownedSquare{}
	for _, r := range rows {
		out[r.key] = append(out[r.key], r.sq)
	}
	for _, list := range out {
		sort.Slice(list, func(i, j int) bool {
			if !list[i].At.Equal(list[j].At) {
				return list[i].At.Before(list[j].At)
			}
			return list[i].ID < list[j].ID
		})
	}
	return out, nil
}

// markPaid sets Paid on the squares of a host-collected pool that their owners' payments cover, in the
// order each owner took them (squares.PaidSquares).
func markPaid(ctx context.Context, tx *Tx, p *squares.Pool, sqs []*squares.Square) error {
	if !p.HostCollects() {
		return nil
	}
	owned, err := ownedByPlayer(ctx, tx, p.ID)
	if err != nil {
		return err
	}
	paid, err := paidByPlayer(ctx, tx, p.ID)
	if err != nil {
		return err
	}
	covered := map[int64]bool{}
	for k, list := range owned {
		for _, sq := range list[:squares.PaidSquares(p.EntryFee, paid[k], len(list))] {
			covered[sq.ID] = true
		}
	}
	for _, sq := range sqs {
		sq.Paid = covered[sq.ID]
	}
	return nil
}

// paidByPlayer sums each player's entries (payments and corrections) of a host-collected pool.
func paidByPlayer(ctx context.Context, tx *Tx, poolID int64) (map[squares.Player]squares.Cents, error) {
	paid := map[squares.Player]squares.Cents{}
	rows, err := tx.QueryContext(ctx, `SELECT COALESCE(user_id, 0), COALESCE(guest_id, 0), amount_cents FROM host_payments
		WHERE pool_id = $1`, poolID)
	if err != nil {
		return nil, fmt.Errorf("host payments: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var user, guest int64
		var amount squares.Cents
		if err := rows.Scan(&user, &guest, &amount); err != nil {
			return nil, fmt.Errorf("host payments: %w", err)
		}
		paid[playerKey(user, guest)] += amount
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("host payments: %w", err)
	}
	return paid, nil
}
