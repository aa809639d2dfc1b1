package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/squaresapp/squares"
)

// insertLedger writes a balanced transaction once: a transaction whose key exists is skipped, so every
// caller may retry. It reports whether it wrote.
func insertLedger(ctx context.Context, tx *Tx, t squares.LedgerTransaction) (bool, error) {
	if !t.Balanced() || t.Amount <= 0 {
		return false, fmt.Errorf("ledger %s: unbalanced or empty transaction %+v", t.Key, t.Entries)
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO ledger_transactions (idempotency_key, kind, pool_id, user_id,
		payment_id, amount_cents, memo, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
		t.Key, t.Kind, zeroNull(t.PoolID), zeroNull(t.UserID), nullString(t.PaymentID), int64(t.Amount), t.Memo,
		tx.now).Scan(&id)
	if err == sql.ErrNoRows {
		return false, nil
	} else if err != nil {
		return false, fmt.Errorf("ledger %s: %w", t.Key, err)
	}
	for _, e := range t.Entries {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ledger_entries (transaction_id, account, amount_cents)
			VALUES ($1, $2, $3)`, id, e.Account, int64(e.Amount)); err != nil {
			return false, fmt.Errorf("ledger %s entry: %w", t.Key, err)
		}
	}
	return true, nil
}

// returnStakes gives the house back what it staked on the squares of a pool that is being cancelled:
// nobody plays for the pot any more, so the stakes leave the pool's escrow as the players' money does.
// A cancelled pool takes no new stakes (a released payment's squares stay as they are), so this runs once,
// with the cancellation.
func returnStakes(ctx context.Context, tx *Tx, poolID int64) error {
	var staked squares.Cents
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_transactions
		WHERE pool_id = $1 AND kind = $2`, poolID, squares.LedgerStake).Scan(&staked); err != nil {
		return fmt.Errorf("house stakes of pool %d: %w", poolID, err)
	}
	if staked == 0 {
		return nil
	}
	_, err := insertLedger(ctx, tx, squares.UnstakeTransaction(poolID, staked))
	return err
}

func zeroNull(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// AccountBalance is the balance of one ledger account.
type AccountBalance struct {
	Account string
	Balance squares.Cents
}

// LedgerSummary returns every account's balance and their total, which is zero when the books balance.
func (db *DB) LedgerSummary(ctx context.Context) ([]AccountBalance, squares.Cents, error) {
	var out []AccountBalance
	var total squares.Cents
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT account, SUM(amount_cents) FROM ledger_entries
			GROUP BY account ORDER BY account`)
		if err != nil {
			return fmt.Errorf("ledger summary: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var b AccountBalance
			if err := rows.Scan(&b.Account, &b.Balance); err != nil {
				return err
			}
			out = append(out, b)
			total += b.Balance
		}
		return rows.Err()
	})
	return out, total, err
}

// UserTransaction is a ledger transaction of a player with the pool it concerns.
type UserTransaction struct {
	*squares.LedgerTransaction
	PoolName string
	HomeTeam string
	AwayTeam string
}

// ListUserTransactions returns the ledger transactions of a player, newest first.
func (db *DB) ListUserTransactions(ctx context.Context, userID int64, limit int) ([]*UserTransaction, error) {
	var out []*UserTransaction
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT t.id, t.idempotency_key, t.kind, COALESCE(t.pool_id, 0),
			COALESCE(t.user_id, 0), COALESCE(t.payment_id, ''), t.amount_cents, t.memo, t.created_at,
			COALESCE(p.name, ''), COALESCE(g.home_team, ''), COALESCE(g.away_team, '')
			FROM ledger_transactions t LEFT JOIN pools p ON p.id = t.pool_id LEFT JOIN games g ON g.id = p.game_id
			WHERE t.user_id = $1 ORDER BY t.id DESC LIMIT $2`, userID, limit)
		if err != nil {
			return fmt.Errorf("user transactions: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			t := &UserTransaction{LedgerTransaction: &squares.LedgerTransaction{}}
			if err := rows.Scan(&t.ID, &t.Key, &t.Kind, &t.PoolID, &t.UserID, &t.PaymentID, &t.Amount, &t.Memo,
				&t.CreatedAt, &t.PoolName, &t.HomeTeam, &t.AwayTeam); err != nil {
				return err
			}
			t.CreatedAt = t.CreatedAt.UTC()
			out = append(out, t)
		}
		return rows.Err()
	})
	return out, err
}

// ListLedgerTransactions returns every ledger transaction with its entries, oldest first (for audits and
// tests).
func (db *DB) ListLedgerTransactions(ctx context.Context) ([]*squares.LedgerTransaction, error) {
	var out []*squares.LedgerTransaction
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT t.id, t.idempotency_key, t.kind, COALESCE(t.pool_id, 0),
			COALESCE(t.user_id, 0), COALESCE(t.payment_id, ''), t.amount_cents, t.created_at, e.account, e.amount_cents
			FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id ORDER BY t.id, e.id`)
		if err != nil {
			return fmt.Errorf("ledger: %w", err)
		}
		defer rows.Close()
		var cur *squares.LedgerTransaction
		for rows.Next() {
			var t squares.LedgerTransaction
			var e squares.LedgerEntry
			if err := rows.Scan(&t.ID, &t.Key, &t.Kind, &t.PoolID, &t.UserID, &t.PaymentID, &t.Amount, &t.CreatedAt,
				&e.Account, &e.Amount); err != nil {
				return err
			}
			if cur == nil || cur.ID != t.ID {
				t.CreatedAt = t.CreatedAt.UTC()
				cur = &t
				out = append(out, cur)
			}
			cur.Entries = append(cur.Entries, e)
		}
		return rows.Err()
	})
	return out, err
}

// LedgerFilter selects ledger transactions: those of a pool and of a kind, each when set. Limit (1 to 200,
// default 50) and Offset page through them, newest first.
type LedgerFilter struct {
	PoolID int64
	Kind   string
	Limit  int
	Offset int
}

// LedgerPage returns a page of the ledger's transactions that match f, newest first, each with its
// entries, and how many match in all.
func (db *DB) LedgerPage(ctx context.Context, f LedgerFilter) ([]*squares.LedgerTransaction, int, error) {
	var where []string
	var args []any
	if f.PoolID != 0 {
		args = append(args, f.PoolID)
		where = append(where, fmt.Sprintf("pool_id = $%d", len(args)))
	}
	if f.Kind != "" {
		args = append(args, f.Kind)
		where = append(where, fmt.Sprintf("kind = $%d", len(args)))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	f.Offset = max(f.Offset, 0)
	var out []*squares.LedgerTransaction
	var total int
	err := db.view(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM ledger_transactions`+cond, args...).Scan(&total); err != nil {
			return fmt.Errorf("count ledger: %w", err)
		}
		n := len(args)
		// The page is cut first; its transactions' entries come with it in the same read.
		rows, err := tx.QueryContext(ctx, fmt.Sprintf(`SELECT t.id, t.idempotency_key, t.kind, COALESCE(t.pool_id, 0),
			COALESCE(t.user_id, 0), COALESCE(t.payment_id, ''), t.amount_cents, t.memo, t.created_at, e.account, e.amount_cents
			FROM (SELECT id, idempotency_key, kind, pool_id, user_id, payment_id, amount_cents, memo, created_at
				FROM ledger_transactions%s ORDER BY id DESC LIMIT $%d OFFSET $%d) t
			JOIN ledger_entries e ON e.transaction_id = t.id ORDER BY t.id DESC, e.id`, cond, n+1, n+2),
			append(args, f.Limit, f.Offset)...)
		if err != nil {
			return fmt.Errorf("ledger page: %w", err)
		}
		defer rows.Close()
		var cur *squares.LedgerTransaction
		for rows.Next() {
			var t squares.LedgerTransaction
			var e squares.LedgerEntry
			if err := rows.Scan(&t.ID, &t.Key, &t.Kind, &t.PoolID, &t.UserID, &t.PaymentID, &t.Amount, &t.Memo,
				&t.CreatedAt, &e.Account, &e.Amount); err != nil {
				return err
			}
			if cur == nil || cur.ID != t.ID {
				t.CreatedAt = t.CreatedAt.UTC()
				cur = &t
				out = append(out, cur)
			}
			cur.Entries = append(cur.Entries, e)
		}
		return rows.Err()
	})
	return out, total, err
}
