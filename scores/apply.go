// Package scores brings game scores into Squares and settles pools with them: Apply, the one step every
// score source takes (an admin's entry, the simulator, a live feed), and Poller, which polls a live feed
// such as ESPN's scoreboards for our games and applies what it reports.
package scores

import (
	"context"
	"log/slog"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/store"
)

// Applied is what applying a score did: the store's outcome and the pools of a called-off game that were
// cancelled with their money returned.
type Applied struct {
	*store.ScoreOutcome
	CancelledPools []int64
}

// Apply applies a score update to a game (store.ApplyScore: periods, winners, prizes, pools started and
// completed) and, when the game is called off (cancelled or postponed), cancels its pools and returns
// every payment through esc (without an escrow it only cancels them: no money moved). A pool that cannot
// be cancelled is logged and left out; the next update for the game tries again.
func Apply(ctx context.Context, db *store.DB, esc *escrow.Escrow, logger *slog.Logger, gameID int64, u squares.ScoreUpdate) (*Applied, error) {
	out, err := db.ApplyScore(ctx, gameID, u)
	if err != nil {
		return nil, err
	}
	done := []int64{}
	for _, id := range out.CancelPools {
		if esc != nil {
			_, err = esc.CancelPool(ctx, id)
		} else {
			_, err = db.SetPoolStatus(ctx, id, squares.PoolCancelled)
		}
		if err != nil {
			logger.Warn("cancel pool of a called-off game", "game", gameID, "pool", id, "err", err)
			continue
		}
		done = append(done, id)
	}
	return &Applied{ScoreOutcome: out, CancelledPools: done}, nil
}
