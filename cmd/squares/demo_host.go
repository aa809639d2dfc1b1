package main

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// demoHostGame is the demo game of the host-collected party pool: days away, so its payment deadline is
// still to come.
const demoHostGame = 5

// demoHostPoolName names the demo player's party pool.
const demoHostPoolName = "Dana's Party Pool"

// seedHostPool makes the demo player the host of a private pool whose money the host collects: friends
// who joined by its link with squares of their own, two guests without accounts given squares by the
// host, and payments recorded for some of them, so that the host's page shows who paid and who owes.
func seedHostPool(ctx context.Context, db *store.DB, game int64, host *squares.User, friends []*squares.User) (*squares.PoolView, error) {
	created, err := db.CreatePrivatePool(ctx, host, squares.PrivatePoolInput{GameID: game, Name: demoHostPoolName,
		EntryFee: 10_00, MaxSquaresPerPlayer: 10, Collection: squares.CollectionHost,
		PaymentInstructions: "Venmo @dana-demo, or cash at the party.\nPay by the deadline or your squares go back on the board."},
		squares.PrivatePoolRules{})
	if err != nil {
		return nil, fmt.Errorf("demo host pool: %w", err)
	}
	pool := created.Pool
	cell := func(row, column int) []squares.Cell { return []squares.Cell{{Row: row, Column: column}} }
	claim := func(u *squares.User, cells []squares.Cell) error {
		_, err := db.ClaimSquares(ctx, store.Claim{PoolID: pool.ID, User: u, Cells: cells})
		return err
	}
	if err := claim(host, append(cell(0, 0), squares.Cell{Row: 4, Column: 4}, squares.Cell{Row: 7, Column: 2})); err != nil {
		return nil, fmt.Errorf("demo host pool, the host's squares: %w", err)
	}
	for i, f := range friends {
		if _, err := db.JoinPool(ctx, f, pool.InviteCode, squares.PrivatePoolRules{}); err != nil {
			return nil, fmt.Errorf("demo host pool, joining: %w", err)
		}
		if err := claim(f, append(cell(i+1, 2*i+1), squares.Cell{Row: 9 - i, Column: 8 - 2*i})); err != nil {
			return nil, fmt.Errorf("demo host pool, a friend's squares: %w", err)
		}
	}
	payments := []squares.PaymentInput{
		{Player: squares.Player{UserID: host.ID}, Amount: 30_00, Note: "My own squares"},
		{Player: squares.Player{UserID: friends[0].ID}, Amount: 20_00, Note: "Venmo"},
		{Player: squares.Player{UserID: friends[1].ID}, Amount: 10_00, Note: "Cash, half"},
	}
	for _, g := range []struct {
		name   string
		random int
		paid   squares.Cents
	}{{"Uncle Rick", 4, 40_00}, {"Maya R.", 2, 0}} {
		guest, err := db.AddGuest(ctx, host, pool.ID, squares.GuestInput{Name: g.name}, squares.PrivatePoolRules{})
		if err != nil {
			return nil, fmt.Errorf("demo host pool, guest: %w", err)
		}
		player := squares.Player{GuestID: guest.ID}
		if _, err := db.AssignSquares(ctx, store.Assignment{PoolID: pool.ID, Actor: host, Player: player, Random: g.random}); err != nil {
			return nil, fmt.Errorf("demo host pool, a guest's squares: %w", err)
		}
		if g.paid > 0 {
			payments = append(payments, squares.PaymentInput{Player: player, Amount: g.paid, Note: "Cash"})
		}
	}
	for _, p := range payments {
		if _, err := db.RecordPayment(ctx, host, pool.ID, p); err != nil {
			return nil, fmt.Errorf("demo host pool, payment: %w", err)
		}
	}
	return pool, nil
}
