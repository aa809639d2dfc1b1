package store

import (
	"context"

	"github.com/squaresapp/squares"
)

// InsertPrivatePool creates an active private pool on a game for tests (nothing else creates one yet).
func (db *DB) InsertPrivatePool(ctx context.Context, gameID, creatorID int64, fee squares.Cents, limit int) (int64, error) {
	var id int64
	err := db.update(ctx, func(tx *Tx) error {
		g, err := findGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		p := &squares.Pool{GameID: g.ID, Game: g, Name: "Friends", EntryFee: fee, MaxSquaresPerPlayer: limit,
			Status: squares.PoolActive, IsPrivate: true, CreatorID: creatorID, InviteCode: "FRIENDS1"}
		if err := insertPool(ctx, tx, p); err != nil {
			return err
		}
		id = p.ID
		return nil
	})
	return id, err
}
