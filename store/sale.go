package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

// lockSalePool reads a pool as the buyer sees it and locks its row, so that the sales of one pool queue up
// (PostgreSQL); SQLite serialises writers.
func lockSalePool(ctx context.Context, tx *Tx, poolID, buyerID int64) (*squares.PoolView, error) {
	p, err := scanPool(tx.QueryRowContext(ctx, poolSelect+` WHERE p.id = $2`+tx.forUpdate("p"), buyerID, poolID))
	return p, notFound(err, "Pool")
}

// saleSelect is poolSelect with what readSale reads besides: the active week of the pool's league and how
// many squares the buyer ($1) holds or owns in it.
const saleSelect = poolColumns + `, l.active_week,
	(SELECT COUNT(*) FROM squares s WHERE s.user_id = $1 AND s.pool_id = p.id) AS have` + poolFrom

// lockSale locks the pool of a sale and reads what its rules need: lockSalePool and readSale. SQLite, whose
// one writer runs a transaction's statements with nothing committed in between, reads it all in one
// statement (saleSelect). PostgreSQL reads the sale after the lock is granted: a locking read evaluates its
// subqueries on the snapshot it started with, which may miss a sale of the pool committed while it waited
// for the lock.
func lockSale(ctx context.Context, tx *Tx, kind string, poolID int64, buyer *squares.User, cells []squares.Cell) (*squares.PoolView, squares.Sale, int, error) {
	if tx.db.engine != SQLite {
		p, err := lockSalePool(ctx, tx, poolID, userID(buyer))
		if err != nil {
			return nil, squares.Sale{}, 0, err
		}
		sale, owned, err := readSale(ctx, tx, kind, p, buyer, cells)
		return p, sale, owned, err
	}
	var week string
	var have int
	p, cached := (*squares.PoolView)(nil), false
	if tx.sales != nil && buyer != nil {
		p, week, cached = tx.sales.get(poolID)
	}
	if cached {
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN state = 'owned' THEN 1 ELSE 0 END), 0)
			FROM squares WHERE user_id = $1 AND pool_id = $2`, buyer.ID, poolID).Scan(&have, &p.ViewerSquares); err != nil {
			return nil, squares.Sale{}, 0, fmt.Errorf("read sale: %w", err)
		}
	} else {
		var err error
		p, err = scanPoolAnd(tx.QueryRowContext(ctx, saleSelect+` WHERE p.id = $2`, userID(buyer), poolID), &week, &have)
		if err != nil {
			return nil, squares.Sale{}, 0, notFound(err, "Pool")
		}
		if tx.sales != nil {
			tx.sales.put(p.Pool, week)
		}
	}
	var err error
	s := squares.Sale{Kind: kind, Pool: p.Pool, Now: tx.now, Buyer: buyer, Cells: cells, ActiveWeek: week, Have: have}
	if buyer != nil && p.IsPrivate {
		if s.Member, err = isPoolMember(ctx, tx, p.ID, buyer.ID); err != nil {
			return nil, s, 0, err
		}
	}
	return p, s, p.ViewerSquares, nil
}

// readSale reads what the rules of a sale need besides the request, in one statement: the active week of
// the pool's league and the squares the buyer already holds or owns in the pool; then, when it is private,
// whether they joined it. It also returns how many of those squares the buyer owns. It runs after the pool
// is locked (lockSalePool), so that on PostgreSQL it sees every sale of the pool committed before.
func readSale(ctx context.Context, tx *Tx, kind string, p *squares.PoolView, buyer *squares.User, cells []squares.Cell) (squares.Sale, int, error) {
	s := squares.Sale{Kind: kind, Pool: p.Pool, Now: tx.now, Buyer: buyer, Cells: cells}
	var owned int
	if err := tx.QueryRowContext(ctx, `SELECT l.active_week, c.n, c.owned FROM leagues l,
		(SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN s.state = 'owned' THEN 1 ELSE 0 END), 0) AS owned
			FROM squares s WHERE s.user_id = $2 AND s.pool_id = $3) c
		WHERE l.id = $1`, p.Game.LeagueID, userID(buyer), p.ID).Scan(&s.ActiveWeek, &s.Have, &owned); err != nil {
		return s, 0, fmt.Errorf("read sale: %w", err)
	}
	if buyer != nil && p.IsPrivate {
		var err error
		if s.Member, err = isPoolMember(ctx, tx, p.ID, buyer.ID); err != nil {
			return s, 0, err
		}
	}
	return s, owned, nil
}
