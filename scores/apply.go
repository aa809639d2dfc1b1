// Package scores brings game scores into Squares and settles pools with them: Applier, the one step every
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

// Applier applies score updates to games: the one step every score source takes. cmd/squares builds one
// and hands it to each source (the server for an admin's entry, the feed's poller, the demo simulator).
type Applier struct {
	Store *store.DB
	// Escrow returns the money of a called-off game's pools; nil only cancels them (no money moved).
	Escrow *escrow.Escrow
	Logger *slog.Logger
}

// NewApplier returns an applier of score updates on db, returning money through esc (nil for none).
func NewApplier(db *store.DB, esc *escrow.Escrow, logger *slog.Logger) *Applier {
	return &Applier{Store: db, Escrow: esc, Logger: logger}
}

// Apply applies a score update to a game (store.ApplyScore: periods, winners, prizes, pools started and
// completed, and the final decision of every pool still undecided once the game is live or completed)
// and, when the game is called off (cancelled or postponed), cancels its pools and returns every payment
// through the escrow (without one it only cancels them: no money moved). A pool that cannot be cancelled is
// logged and left out; the next update for the game tries again. After decisions the escrow is kicked
// (its running pass returns the cancelled pools' money and captures the filled pools' holds); a caller
// that wants that done before it answers runs an escrow pass itself.
func (a *Applier) Apply(ctx context.Context, gameID int64, u squares.ScoreUpdate) (*Applied, error) {
	db, esc, logger := a.Store, a.Escrow, a.Logger
	out, err := db.ApplyScore(ctx, gameID, u)
	if err != nil {
		return nil, err
	}
	for _, d := range out.Decisions {
		logger.Info("pool decided as its game started", "game", gameID, "pool", d.PoolID, "action", d.Action,
			"reason", d.Reason, "players", d.ParticipantsAffected, "houseSquares", d.HouseSquaresNeeded,
			"refund", d.RefundAmount.String())
	}
	if len(out.Decisions) > 0 && esc != nil {
		esc.Kick()
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
