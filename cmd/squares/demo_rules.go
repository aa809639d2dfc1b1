package main

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// demoRulesPoolName names the demo player's private pool of the live demo game that plays the variants
// people ask for: a 25-square board where every score pays, with new numbers each quarter.
const demoRulesPoolName = "Every Score Office Pool"

// seedRulesPool makes the demo player the host of a free private pool of a live demo game (still hours
// before its kickoff) on a 25-square board: 40% of it split by every score, 15% a period with a reverse
// winner taking a fifth, new numbers each quarter; the demo player and four friends, who join by its
// link, take every square, so that it is drawn and plays the game as it is played.
func seedRulesPool(ctx context.Context, db *store.DB, game int64, host *squares.User, friends []*squares.User) (*squares.PoolView, error) {
	rules := squares.Rules{Grid: squares.Grid25, Numbers: squares.NumbersPerPeriod, EveryScorePercent: 40, ReversePercent: 20,
		Payouts: []squares.PayoutShare{{Period: squares.PeriodQ1, Percent: 15}, {Period: squares.PeriodQ2, Percent: 15},
			{Period: squares.PeriodQ3, Percent: 15}, {Period: squares.PeriodFinal, Percent: 15}}}
	created, err := db.CreatePrivatePool(ctx, host, squares.PrivatePoolInput{GameID: game, Name: demoRulesPoolName,
		MaxSquaresPerPlayer: 5, Rules: &rules}, squares.PrivatePoolRules{})
	if err != nil {
		return nil, fmt.Errorf("demo rules pool: %w", err)
	}
	pool := created.Pool
	players := append([]*squares.User{host}, friends...)
	if len(players) < 5 {
		return nil, fmt.Errorf("demo rules pool: %d players for 25 squares", len(players))
	}
	for i, u := range players[:5] {
		if u.ID != host.ID {
			if _, err := db.JoinPool(ctx, u, pool.InviteCode, squares.PrivatePoolRules{}); err != nil {
				return nil, fmt.Errorf("demo rules pool, joining: %w", err)
			}
		}
		var cells []squares.Cell
		for c := range 5 {
			// Each player a diagonal, so that every row and column mixes players.
			cells = append(cells, squares.Cell{Row: c, Column: (c + i) % 5})
		}
		if _, err := db.ClaimSquares(ctx, store.Claim{PoolID: pool.ID, User: u, Cells: cells}); err != nil {
			return nil, fmt.Errorf("demo rules pool, squares: %w", err)
		}
	}
	return db.FindPool(ctx, pool.ID, host.ID)
}
