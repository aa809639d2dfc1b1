package store

import (
	"context"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

// AdminStats is what the admin dashboard and analytics show, read in one transaction so that its figures
// agree with each other.
type AdminStats struct {
	Players            int // registered players (role user; admins are not counted)
	AgeVerified        int // players whose age is verified
	Eligible           int // players eligible for paid pools
	Admins             int
	PlayersWithSquares int // players who own at least one square (house squares are nobody's)
	// GamesReady counts the games still to kick off (scheduled, in the future) that have at least one pool
	// that is not cancelled.
	GamesReady int
	Pools      map[string]int // pools by status, every status present
	TotalPools int
	// TotalRevenue and RevenueToday are the revenue as GET /api/public/stats reports it: see revenue.
	TotalRevenue squares.Cents
	RevenueToday squares.Cents
	HouseFees    squares.Cents // the balance of the house:fees account: what the house kept of settled pots
	// HouseFeesToday is what the house:fees account took in since the day's start.
	HouseFeesToday squares.Cents
}

// AdminStats counts users, games ready, pools by status, and the money from the ledger: the entries taken
// in (revenue) and the house fees kept, each in all and since dayStart.
func (db *DB) AdminStats(ctx context.Context, dayStart time.Time) (AdminStats, error) {
	s := AdminStats{Pools: map[string]int{}}
	for _, st := range squares.PoolStatuses {
		s.Pools[st] = 0
	}
	err := db.view(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT
			COALESCE(SUM(CASE WHEN role = 'user' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN role = 'user' AND is_age_verified THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN role = 'user' AND is_eligible_to_bet THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN role = 'admin' THEN 1 ELSE 0 END), 0) FROM users`).
			Scan(&s.Players, &s.AgeVerified, &s.Eligible, &s.Admins); err != nil {
			return fmt.Errorf("user stats: %w", err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(DISTINCT q.user_id) FROM squares q
			JOIN users u ON u.id = q.user_id WHERE q.state = 'owned' AND q.is_house = FALSE AND u.role = 'user'`).
			Scan(&s.PlayersWithSquares); err != nil {
			return fmt.Errorf("players with squares: %w", err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games g WHERE g.status = $1 AND g.game_date > $2
			AND EXISTS (SELECT 1 FROM pools p WHERE p.game_id = g.id AND p.status <> $3)`,
			squares.GameScheduled, tx.now, squares.PoolCancelled).Scan(&s.GamesReady); err != nil {
			return fmt.Errorf("games ready: %w", err)
		}
		rows, err := tx.QueryContext(ctx, `SELECT status, COUNT(*) FROM pools GROUP BY status`)
		if err != nil {
			return fmt.Errorf("pools by status: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var st string
			var n int
			if err := rows.Scan(&st, &n); err != nil {
				return err
			}
			s.Pools[st] = n
			s.TotalPools += n
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if s.TotalRevenue, s.RevenueToday, err = revenue(ctx, tx, dayStart, false); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(e.amount_cents), 0),
			COALESCE(SUM(CASE WHEN t.created_at >= $2 THEN e.amount_cents ELSE 0 END), 0)
			FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id WHERE e.account = $1`,
			squares.AccountHouseFees, dayStart.UTC()).Scan(&s.HouseFees, &s.HouseFeesToday); err != nil {
			return fmt.Errorf("house fees: %w", err)
		}
		return nil
	})
	return s, err
}

// revenue is the entry fees captured into escrow, net of what was refunded of them, from the ledger: the
// total, and what was captured since dayStart. Holds not captured bring nothing; the house's own stakes
// are not revenue. publicOnly leaves private pools' fees out.
func revenue(ctx context.Context, tx *Tx, dayStart time.Time, publicOnly bool) (total, today squares.Cents, err error) {
	err = tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(net), 0),
		COALESCE(SUM(CASE WHEN captured_at >= $1 THEN net ELSE 0 END), 0)
		FROM (SELECT c.created_at AS captured_at, c.amount_cents - COALESCE((SELECT SUM(r.amount_cents)
			FROM ledger_transactions r WHERE r.kind = $2 AND r.payment_id = c.payment_id), 0) AS net
			FROM ledger_transactions c WHERE c.kind = $3
			AND ($4 = FALSE OR NOT EXISTS (SELECT 1 FROM pools p WHERE p.id = c.pool_id AND p.is_private = TRUE))) captures`,
		dayStart.UTC(), squares.LedgerRefund, squares.LedgerCapture, publicOnly).Scan(&total, &today)
	if err != nil {
		err = fmt.Errorf("revenue: %w", err)
	}
	return total, today, err
}
