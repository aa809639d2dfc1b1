package store

import (
	"context"
	"fmt"

	"github.com/squaresapp/squares"
)

// historyEntry is one entry of a pool's history as the store method making the change describes it.
type historyEntry struct {
	PoolID int64
	// Actor is who acted; nil for the system.
	Actor   *squares.User
	Action  string
	Player  squares.Player
	Summary string
	// Record is what the pool's record says of the act (its action entry), curated: never an e-mail
	// address; nil records the action alone.
	Record *squares.RecordActionData
}

// ownEntryActs are the acts of the history whose change has an entry of its own in the record (taken,
// released, payout), not an action; an act of the system alone (a reminder) changes nothing of the pool.
var ownEntryActs = map[string]bool{squares.HostAssign: true, squares.HostTakeBack: true,
	squares.HostMarkPrizePaid: true, squares.DeadlineRelease: true, "guest.join": true}

// recordHistory appends an entry to a pool's history in the caller's transaction, at its time.
func recordHistory(ctx context.Context, tx *Tx, e historyEntry) error {
	var actorID int64
	name := "Squares" // the system: the payment deadline's reminders and release
	if e.Actor != nil {
		actorID, name = e.Actor.ID, squares.ShortName(e.Actor.FirstName, e.Actor.LastName)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO pool_history (pool_id, actor_id, actor_name, action, user_id,
		guest_id, summary, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, e.PoolID, zeroNull(actorID), name,
		e.Action, zeroNull(e.Player.UserID), zeroNull(e.Player.GuestID), e.Summary, tx.now); err != nil {
		return fmt.Errorf("pool history: %w", err)
	}
	if e.Actor == nil || ownEntryActs[e.Action] {
		return nil
	}
	d := squares.RecordActionData{Action: e.Action}
	if e.Record != nil {
		d = *e.Record
	}
	d.By = squares.ActedByHost
	return recordAction(ctx, tx, e.PoolID, d)
}

// ListPoolHistory returns a private pool's history, oldest first, to its host only
// (squares.CheckHostAction).
func (db *DB) ListPoolHistory(ctx context.Context, actor *squares.User, poolID int64) ([]*squares.PoolHistoryEntry, error) {
	var out []*squares.PoolHistoryEntry
	err := db.view(ctx, func(tx *Tx) error {
		p, err := findPool(ctx, tx, poolID, 0)
		if err != nil {
			return err
		}
		if err := squares.CheckHostAction(squares.HostAction{Actor: actor, Pool: p.Pool, Action: squares.HostReadHistory}); err != nil {
			return err
		}
		out, err = queryAll(ctx, tx, func(s scanner) (*squares.PoolHistoryEntry, error) {
			var e squares.PoolHistoryEntry
			err := s.Scan(&e.ID, &e.PoolID, &e.ActorID, &e.ActorName, &e.Action, &e.UserID, &e.GuestID, &e.Summary, &e.At)
			e.At = e.At.UTC()
			return &e, err
		}, `SELECT id, pool_id, COALESCE(actor_id, 0), actor_name, action, COALESCE(user_id, 0), COALESCE(guest_id, 0),
			summary, created_at FROM pool_history WHERE pool_id = $1 ORDER BY id`, poolID)
		return err
	})
	return out, err
}
