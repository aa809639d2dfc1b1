package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"

	"github.com/squaresapp/squares"
)

// PoolReport is a pool's settlement report, read as one consistent state: its owned squares, every owner's
// money, its awards and what became of their prizes, its refunds, its totals from the ledger and its
// record's head.
type PoolReport struct {
	Pool    *squares.PoolView
	Squares []*squares.Square // owned squares, in grid order
	Players []squares.ReportPlayer
	Awards  []squares.ReportAward
	Payouts []squares.ReportPayout
	Refunds []squares.ReportRefund
	Totals  squares.ReportTotals
	// HostReceived is, in a host-collected pool, what its host recorded as received from the players (no
	// money of such a pool goes through Squares); 0 elsewhere.
	HostReceived squares.Cents
}

// PoolReport reads the settlement report of a pool. The caller checks who may see it.
func (db *DB) PoolReport(ctx context.Context, poolID int64) (*PoolReport, error) {
	r := &PoolReport{}
	err := db.view(ctx, func(tx *Tx) error {
		p, err := findPool(ctx, tx, poolID, 0)
		if err != nil {
			return err
		}
		r.Pool = p
		all, err := listSquares(ctx, tx, poolID)
		if err != nil {
			return err
		}
		for _, sq := range all {
			if sq.State == squares.SquareOwned {
				r.Squares = append(r.Squares, sq)
			}
		}
		txs, err := poolLedger(ctx, tx, poolID)
		if err != nil {
			return err
		}
		r.Totals = squares.ReportTotalsOf(poolID, txs)
		if r.Awards, err = reportAwards(ctx, tx, poolID); err != nil {
			return err
		}
		r.Payouts = squares.ReportPayoutsOf(r.Awards)
		names, err := ledgerNames(ctx, tx, poolID)
		if err != nil {
			return err
		}
		r.Refunds = reportRefunds(poolID, txs, names)
		if err := reportPlayers(ctx, tx, r, txs, names); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// poolLedger reads every ledger transaction of a pool with its entries, oldest first.
func poolLedger(ctx context.Context, tx *Tx, poolID int64) ([]*squares.LedgerTransaction, error) {
	rows, err := tx.QueryContext(ctx, `SELECT t.id, t.idempotency_key, t.kind, COALESCE(t.pool_id, 0),
		COALESCE(t.user_id, 0), COALESCE(t.payment_id, ''), t.amount_cents, t.memo, t.created_at, e.account, e.amount_cents
		FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
		WHERE t.pool_id = $1 ORDER BY t.id, e.id`, poolID)
	if err != nil {
		return nil, fmt.Errorf("ledger of pool %d: %w", poolID, err)
	}
	defer rows.Close()
	var out []*squares.LedgerTransaction
	var cur *squares.LedgerTransaction
	for rows.Next() {
		var t squares.LedgerTransaction
		var e squares.LedgerEntry
		if err := rows.Scan(&t.ID, &t.Key, &t.Kind, &t.PoolID, &t.UserID, &t.PaymentID, &t.Amount, &t.Memo,
			&t.CreatedAt, &e.Account, &e.Amount); err != nil {
			return nil, fmt.Errorf("ledger of pool %d: %w", poolID, err)
		}
		if cur == nil || cur.ID != t.ID {
			t.CreatedAt = t.CreatedAt.UTC()
			cur = &t
			out = append(out, cur)
		}
		cur.Entries = append(cur.Entries, e)
	}
	return out, rows.Err()
}

// ledgerNames names, as the board does, every player with a transaction in a pool's ledger (a player
// whose payment was refunded may own no square any more).
func ledgerNames(ctx context.Context, tx *Tx, poolID int64) (map[int64]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT u.id, u.first_name, u.last_name FROM users u
		WHERE u.id IN (SELECT user_id FROM ledger_transactions WHERE pool_id = $1 AND user_id IS NOT NULL)`, poolID)
	if err != nil {
		return nil, fmt.Errorf("names of pool %d: %w", poolID, err)
	}
	defer rows.Close()
	out := map[int64]string{0: "House"}
	for rows.Next() {
		var id int64
		var first, last string
		if err := rows.Scan(&id, &first, &last); err != nil {
			return nil, err
		}
		out[id] = squares.ShortName(first, last)
	}
	return out, rows.Err()
}

// reportRefunds lists a pool's refunds from its ledger, each payment's once (what the house had covered of
// it counted with it), oldest first; the house's stakes of a cancelled pool come back as the house's.
func reportRefunds(poolID int64, txs []*squares.LedgerTransaction, names map[int64]string) []squares.ReportRefund {
	payer := map[string]int64{}
	at := map[string]int{} // a payment's refund's place in out
	var out []squares.ReportRefund
	for _, t := range txs {
		switch t.Kind {
		case squares.LedgerHold:
			payer[t.PaymentID] = t.UserID
		case squares.LedgerRefund, squares.LedgerRecover, squares.LedgerUnstake:
			user := payer[t.PaymentID]
			if t.Kind == squares.LedgerUnstake {
				user = 0
			} else if i, ok := at[t.PaymentID]; ok {
				out[i].Amount += t.Amount
				continue
			}
			owner := squares.HouseUserID
			if user != 0 {
				owner = strconv.FormatInt(user, 10)
			}
			if t.PaymentID != "" {
				at[t.PaymentID] = len(out)
			}
			out = append(out, squares.ReportRefund{Owner: owner, OwnerName: names[user], Amount: t.Amount, At: t.CreatedAt})
		}
	}
	return out
}

// reportAwards reads a pool's awards with their winners' names and what became of their prizes, by
// period.
func reportAwards(ctx context.Context, tx *Tx, poolID int64) ([]squares.ReportAward, error) {
	return queryAll(ctx, tx, func(s scanner) (squares.ReportAward, error) {
		var w squares.Winner
		var a squares.ReportAward
		var user sql.NullInt64
		var first, last, guest, prize string
		var hostPaid, credited, claimed, paid, forfeited sql.NullTime
		if err := s.Scan(&w.Period, &w.HomeScore, &w.AwayScore, &w.Row, &w.Column, &user, &w.GuestID, &first,
			&last, &guest, &w.Amount, &w.Status, &hostPaid, &w.Kind, &w.Award, &w.PeriodCode, &w.Label, &prize,
			&credited, &claimed, &paid, &forfeited); err != nil {
			return a, err
		}
		w.UserID = user.Int64
		a = squares.ReportAward{Award: w.Award, Name: w.Name(), HomeScore: w.HomeScore, AwayScore: w.AwayScore,
			Row: w.Row, Column: w.Column, Amount: w.Amount, Status: w.Status, Prize: prize,
			CreditedAt: nullTime(credited), ClaimedAt: nullTime(claimed), PaidAt: nullTime(paid), ForfeitAt: nullTime(forfeited)}
		if a.PaidAt == nil {
			a.PaidAt = nullTime(hostPaid)
		}
		switch {
		case w.UserID != 0:
			a.Owner, a.OwnerName = strconv.FormatInt(w.UserID, 10), squares.ShortName(first, last)
		case w.GuestID != 0:
			a.Owner, a.OwnerName = "guest-"+strconv.FormatInt(w.GuestID, 10), guest
		default:
			a.Owner, a.OwnerName = squares.HouseUserID, "House"
		}
		return a, nil
	}, `SELECT w.period, w.home_score, w.away_score, w.row_idx, w.col_idx, w.user_id, COALESCE(w.guest_id, 0),
		COALESCE(u.first_name, ''), COALESCE(u.last_name, ''), COALESCE(gu.name, ''), w.amount_cents, w.status,
		w.paid_at, w.kind, w.award, w.period_code, w.label, COALESCE(z.status, ''), z.credited_at, z.claimed_at,
		z.paid_at, z.forfeited_at
		FROM winners w LEFT JOIN users u ON u.id = w.user_id LEFT JOIN pool_guests gu ON gu.id = w.guest_id
		LEFT JOIN prizes z ON z.winner_id = w.id
		WHERE w.pool_id = $1 ORDER BY w.period, w.id`, poolID)
}

// reportPlayers makes the report's line of each owner: every owner of a square, and every player with
// money in the pool's ledger; in a host-collected pool every player of the host's record, with what the
// host recorded as paid.
func reportPlayers(ctx context.Context, tx *Tx, r *PoolReport, txs []*squares.LedgerTransaction, names map[int64]string) error {
	byOwner := map[string]*squares.ReportPlayer{}
	line := func(owner, name string) *squares.ReportPlayer {
		if pl, ok := byOwner[owner]; ok {
			return pl
		}
		pl := &squares.ReportPlayer{Owner: owner, Name: name}
		byOwner[owner] = pl
		return pl
	}
	for _, sq := range r.Squares {
		line(OwnerID(sq), squares.SquareOwnerName(sq)).Squares++
	}
	for user, m := range squares.ReportMoneyByUser(r.Pool.ID, txs) {
		owner := squares.HouseUserID
		if user != 0 {
			owner = strconv.FormatInt(user, 10)
		}
		pl := line(owner, names[user])
		pl.Paid, pl.Held, pl.Refunded = m.Paid, m.Held, m.Refunded
	}
	if r.Pool.HostCollects() {
		bs, err := listBalances(ctx, tx, r.Pool.Pool)
		if err != nil {
			return err
		}
		for _, b := range bs {
			owner := strconv.FormatInt(b.UserID, 10)
			if b.UserID == 0 {
				owner = "guest-" + strconv.FormatInt(b.GuestID, 10)
			}
			pl := line(owner, b.Name)
			pl.Paid = b.Paid
			r.HostReceived += b.Paid
		}
	}
	for _, a := range r.Awards {
		line(a.Owner, a.OwnerName).Won += a.Amount
	}
	r.Players = make([]squares.ReportPlayer, 0, len(byOwner))
	for _, pl := range byOwner {
		r.Players = append(r.Players, *pl)
	}
	sort.Slice(r.Players, func(i, j int) bool { return r.Players[i].Owner < r.Players[j].Owner })
	squares.SortReportPlayers(r.Players)
	return nil
}
