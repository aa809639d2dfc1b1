package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/squaresapp/squares"
)

// MarkHostPrizePaid records that the host of a host-collected pool paid the prize of a period (host only:
// squares.CheckHostAction): the winner's status becomes host_paid, the history says so and a member
// winner is told. Marking it again changes nothing. Nothing moves in the ledger: the host paid outside
// Squares. 404 when the award (squares.AwardOfLabel) has no winner yet.
func (db *DB) MarkHostPrizePaid(ctx context.Context, actor *squares.User, poolID int64, award string) (*squares.Winner, error) {
	var out *squares.Winner
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockHostPool(ctx, tx, poolID, actor, squares.HostMarkPrizePaid)
		if err != nil {
			return err
		}
		w, err := scanWinner(tx.QueryRowContext(ctx, `SELECT `+winnerColumns+` WHERE w.pool_id = $1 AND w.award = $2`,
			poolID, award))
		if errors.Is(err, sql.ErrNoRows) {
			return squares.Errorf(squares.ENOTFOUND, "This prize has no winner yet.")
		} else if err != nil {
			return fmt.Errorf("winner of %s: %w", award, err)
		}
		label := w.Name()
		if err := squares.CheckHostPrizePaid(w); err != nil {
			return err
		}
		out = w
		if w.Status == squares.WinnerHostPaid {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE winners SET status = $1, paid_at = $2 WHERE id = $3`,
			squares.WinnerHostPaid, tx.now, w.ID); err != nil {
			return fmt.Errorf("mark prize paid: %w", err)
		}
		now := tx.now
		w.Status, w.PaidAt = squares.WinnerHostPaid, &now
		if err := appendRecord(ctx, tx, poolID, squares.RecordPayout, squares.RecordPrizeActData{Award: w.Award,
			Owner: prizeData(p.Pool, w).Owner, Amount: w.Amount.String(), Status: w.Status}); err != nil {
			return err
		}
		pl := playerKey(w.UserID, w.GuestID)
		name, err := playerLabel(ctx, tx, poolID, pl)
		if err != nil {
			return err
		}
		if err := recordHistory(ctx, tx, historyEntry{PoolID: poolID, Actor: actor, Action: squares.HostMarkPrizePaid,
			Player: pl, Summary: fmt.Sprintf("Marked the %s prize of $%s to %s paid.", label, w.Amount, name)}); err != nil {
			return err
		}
		if w.UserID != 0 {
			if err := notify(ctx, tx, w.UserID, squares.NotifyHostPrizePaid, squares.HostPrizePaidNotice(p.Pool, *w), poolID); err != nil {
				return err
			}
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: poolID, GameID: p.GameID})
		return nil
	})
	return out, err
}

// ListUserHostWins returns the periods a player won in host-collected pools, newest first, as prizes the
// host pays (status host_pays, then host_paid with PaidAt). Such a win is no prize of Squares: its ID is 0
// (there is nothing to claim) and WinnerID names it; ClaimBy is the win's time.
func (db *DB) ListUserHostWins(ctx context.Context, userID int64) ([]*squares.Prize, error) {
	var out []*squares.Prize
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, scanHostWin, `SELECT w.id, w.user_id, w.pool_id, p.name, w.period, g.league_id,
			w.amount_cents, w.status, u.first_name, u.last_name, u.email, w.created_at, w.paid_at,
			g.id, g.away_team, g.home_team, g.game_date
			FROM winners w JOIN pools p ON p.id = w.pool_id JOIN games g ON g.id = p.game_id JOIN users u ON u.id = w.user_id
			WHERE w.user_id = $1 AND w.status IN ($2, $3) ORDER BY w.id DESC`, userID, squares.WinnerHostPays, squares.WinnerHostPaid)
		if err != nil {
			return fmt.Errorf("host pool wins of user %d: %w", userID, err)
		}
		return nil
	})
	return out, err
}

// scanHostWin reads a row of ListUserHostWins.
func scanHostWin(s scanner) (*squares.Prize, error) {
	var z squares.Prize
	var league int64
	var paid sql.NullTime
	if err := s.Scan(&z.WinnerID, &z.UserID, &z.PoolID, &z.PoolName, &z.Period, &league, &z.Amount, &z.Status,
		&z.FirstName, &z.LastName, &z.Email, &z.CreditedAt, &paid, &z.GameID, &z.AwayTeam, &z.HomeTeam, &z.Kickoff); err != nil {
		return nil, err
	}
	z.Kickoff, z.CreditedAt = z.Kickoff.UTC(), z.CreditedAt.UTC()
	z.ClaimBy = z.CreditedAt
	z.Periods = (&squares.League{ID: league}).Periods()
	z.PaidAt = nullTime(paid)
	return &z, nil
}
