package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
)

// The entries every change of a pool appends to its record, in the change's transaction (docs/fairness.md,
// "The record": which change appends what). The data of each kind is squares' Record*Data.

// cellsOrEmpty is a list of squares as an entry writes it: never null.
func cellsOrEmpty(cells []squares.Cell) []squares.Cell {
	if cells == nil {
		return []squares.Cell{}
	}
	return cells
}

// userOwner is how the record names a player with an account.
func userOwner(userID int64) string { return strconv.FormatInt(userID, 10) }

// recordTaken appends a taken entry: squares given to an owner.
func recordTaken(ctx context.Context, tx *Tx, poolID int64, d squares.RecordTakenData) error {
	d.Squares = cellsOrEmpty(d.Squares)
	return appendRecord(ctx, tx, poolID, squares.RecordTaken, d)
}

// takenData is the taken entry of squares bought or given at the entry fee.
func takenData(p *squares.Pool, cells []squares.Cell, owner, by, payment string) squares.RecordTakenData {
	return squares.RecordTakenData{Squares: cellsOrEmpty(cells), Owner: owner, By: by, Payment: payment,
		Amount: (p.EntryFee * squares.Cents(len(cells))).String()}
}

// recordPayment appends a payment's act (held, captured, released, refunded), with the squares it frees
// (freed: they went back on sale with it).
func recordPayment(ctx context.Context, tx *Tx, kind string, p *squares.Payment, freed bool, reason string) error {
	return appendRecord(ctx, tx, p.PoolID, kind, squares.RecordPaymentData{Payment: p.ID, Owner: userOwner(p.UserID),
		Amount: p.Amount.String(), Squares: cellsOrEmpty(p.Squares), Freed: freed, Reason: reason})
}

// recordFreed appends a released entry of squares of a host-collected pool freed without a payment of
// Squares: taken back by the host, or released unpaid at the payment deadline.
func recordFreed(ctx context.Context, tx *Tx, p *squares.Pool, owner string, cells []squares.Cell, reason string) error {
	return appendRecord(ctx, tx, p.ID, squares.RecordReleased, squares.RecordPaymentData{Owner: owner,
		Amount: (p.EntryFee * squares.Cents(len(cells))).String(), Squares: cellsOrEmpty(cells), Freed: true, Reason: reason})
}

// playerOwner is how the record names a host pool's player: a member by user id, a guest "guest-{id}".
func playerOwner(pl squares.Player) string {
	return OwnerID(&squares.Square{UserID: pl.UserID, GuestID: pl.GuestID})
}

// recordLock appends the locked entry of a pool whose grid is complete (or played unfilled), with the
// ownership the draw will read and the beacon round it waits for (b: pending, or off), and signs the
// record as it stands then (checkpoint "full").
func recordLock(ctx context.Context, tx *Tx, poolID int64, b squares.PoolBeacon) error {
	_, text, err := poolOwnership(ctx, tx, poolID)
	if err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	return recordLockOf(ctx, tx, poolID, text, b)
}

// recordLockOf is recordLock of the ownership text its caller read.
func recordLockOf(ctx context.Context, tx *Tx, poolID int64, text string, b squares.PoolBeacon) error {
	d := squares.RecordLockData{Ownership: text, OwnershipSHA256: squares.DrawInputSHA256(text), Beacon: b.Status,
		Round: b.Round, ChainHash: b.ChainHash, Dev: b.Dev}
	if b.DueAt != nil {
		d.DueAt = b.DueAt.UTC().Format(time.RFC3339)
	}
	if err := appendRecord(ctx, tx, poolID, squares.RecordLocked, d); err != nil {
		return err
	}
	return checkpointRecord(ctx, tx, poolID, "full")
}

// recordDraw appends the drawn entry: the seeds revealed and the digits of every set, from the ownership
// and the beacon's randomness (empty without one), and signs the record (checkpoint "drawn").
func recordDraw(ctx context.Context, tx *Tx, poolID int64, ownership, randomness string, sets []squares.NumberSet) error {
	d := squares.RecordDrawData{Derivation: squares.DrawVersion, Ownership: ownership, Randomness: randomness,
		Sets: []squares.RecordDrawSet{}}
	if randomness != "" {
		d.Derivation = squares.DrawVersionBeacon
	}
	for _, s := range sets {
		d.Sets = append(d.Sets, squares.RecordDrawSet{Period: s.Period, Seed: s.Seed, HomeNumbers: s.HomeNumbers,
			AwayNumbers: s.AwayNumbers})
	}
	if err := appendRecord(ctx, tx, poolID, squares.RecordDrawn, d); err != nil {
		return err
	}
	return checkpointRecord(ctx, tx, poolID, "drawn")
}

// recordScore appends a score entry for a drawn pool following its game: the game as the prizes are decided
// from it (the ends and score changes Awards reads). A report that leaves the pool's score entry as it was
// (a repeated report, a catch-up with nothing new) appends nothing.
func recordScore(ctx context.Context, tx *Tx, poolID int64, g *squares.Game, ends []squares.PeriodEnd, changes []squares.ScoreChange) error {
	d := squares.RecordScoreData{Status: g.Status, Quarter: g.Quarter, Ends: ends, Changes: changes}
	if g.HomeScore != nil {
		d.HomeScore = *g.HomeScore
	}
	if g.AwayScore != nil {
		d.AwayScore = *g.AwayScore
	}
	if d.Ends == nil {
		d.Ends = []squares.PeriodEnd{}
	}
	if d.Changes == nil {
		d.Changes = []squares.ScoreChange{}
	}
	data, err := squares.RecordData(d)
	if err != nil {
		return fmt.Errorf("score of pool %d: %w", poolID, err)
	}
	var last string
	err = tx.QueryRowContext(ctx, `SELECT data FROM pool_records WHERE pool_id = $1 AND kind = $2
		ORDER BY seq DESC LIMIT 1`, poolID, squares.RecordScore).Scan(&last)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("score of pool %d: %w", poolID, err)
	}
	if err == nil && bytes.Equal([]byte(last), data) {
		return nil
	}
	return appendRecord(ctx, tx, poolID, squares.RecordScore, d)
}

// recordPrizeAct appends a claim or payout entry of a prize (the winner's award, owner and amount).
func recordPrizeAct(ctx context.Context, tx *Tx, kind string, z *squares.Prize) error {
	var award string
	if err := tx.QueryRowContext(ctx, `SELECT award FROM winners WHERE id = $1`, z.WinnerID).Scan(&award); err != nil {
		return fmt.Errorf("award of prize %d: %w", z.ID, err)
	}
	return appendRecord(ctx, tx, z.PoolID, kind, squares.RecordPrizeActData{Award: award, Owner: userOwner(z.UserID),
		Amount: z.Amount.String(), Status: z.Status})
}

// recordAction appends an admin's, the host's or the system's act on a pool.
func recordAction(ctx context.Context, tx *Tx, poolID int64, d squares.RecordActionData) error {
	return appendRecord(ctx, tx, poolID, squares.RecordAction, d)
}
