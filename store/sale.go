package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

// lockSalePool reads a pool as the buyer sees it and locks its row, so that the sales of one pool queue up
// (PostgreSQL); SQLite serialises writers.
func lockSalePool(ctx context.Context, tx *Tx, poolID, buyerID int64) (*PoolView, error) {
	p, err := scanPool(tx.QueryRowContext(ctx, poolSelect+` WHERE p.id = $2`+tx.forUpdate("p"), buyerID, poolID))
	return p, notFound(err, "Pool")
}

// readSale reads what the rules of a sale need besides the request: the active week of the pool's league
// the squares the buyer already holds or owns in the pool, and whether they joined it when it is private.
func readSale(ctx context.Context, tx *Tx, kind string, p *PoolView, buyer *squares.User, cells []squares.Cell) (squares.Sale, error) {
	s := squares.Sale{Kind: kind, Pool: p.Pool, Now: tx.now, Buyer: buyer, Cells: cells}
	if err := tx.QueryRowContext(ctx, `SELECT active_week FROM leagues WHERE id = $1`, p.Game.LeagueID).
		Scan(&s.ActiveWeek); err != nil {
		return s, fmt.Errorf("active week: %w", err)
	}
	if buyer != nil {
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM squares WHERE pool_id = $1 AND user_id = $2`,
			p.ID, buyer.ID).Scan(&s.Have); err != nil {
			return s, fmt.Errorf("count user squares: %w", err)
		}
		if p.IsPrivate {
			var err error
			if s.Member, err = isPoolMember(ctx, tx, p.ID, buyer.ID); err != nil {
				return s, err
			}
		}
	}
	return s, nil
}
