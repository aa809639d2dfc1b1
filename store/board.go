package store

import (
	"context"

	"github.com/squaresapp/squares"
)

// FindBoard returns a pool as a signed-out viewer sees it (ViewerSquares 0) with its squares (ListSquares;
// in a host-collected pool with Paid set on those their owners' payments cover),
// both read in one transaction so that the squares agree with the pool's counts. It is what the HTTP
// server's per-pool snapshot is built from.
func (db *DB) FindBoard(ctx context.Context, id int64) (*squares.PoolView, []*squares.Square, error) {
	var p *squares.PoolView
	var sqs []*squares.Square
	err := db.view(ctx, func(tx *Tx) (err error) {
		if p, err = findPool(ctx, tx, id, 0); err != nil {
			return err
		}
		if sqs, err = listSquares(ctx, tx, id); err != nil {
			return err
		}
		return markPaid(ctx, tx, p.Pool, sqs)
	})
	if err != nil {
		return nil, nil, err
	}
	return p, sqs, nil
}
