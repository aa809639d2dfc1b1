package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/squaresapp/squares"
)

const prizeColumns = `z.id, z.winner_id, z.user_id, w.pool_id, p.name, w.period, g.league_id, w.amount_cents,
	z.status, u.first_name, u.last_name, u.email, z.credited_at, z.claim_by, z.claimed_at, z.paid_at,
	z.forfeited_at, z.warned_at, g.id, g.away_team, g.home_team, g.game_date, w.kind, w.label, w.home_score,
	w.away_score`

const prizeFrom = ` FROM prizes z JOIN winners w ON w.id = z.winner_id JOIN pools p ON p.id = w.pool_id
	JOIN games g ON g.id = p.game_id JOIN users u ON u.id = z.user_id`

func scanPrize(s scanner) (*squares.Prize, error) {
	var z squares.Prize
	var league int64
	var claimed, paid, forfeited, warned sql.NullTime
	if err := s.Scan(&z.ID, &z.WinnerID, &z.UserID, &z.PoolID, &z.PoolName, &z.Period, &league, &z.Amount,
		&z.Status, &z.FirstName, &z.LastName, &z.Email, &z.CreditedAt, &z.ClaimBy, &claimed, &paid, &forfeited,
		&warned, &z.GameID, &z.AwayTeam, &z.HomeTeam, &z.Kickoff, &z.Kind, &z.Label, &z.HomeScore, &z.AwayScore); err != nil {
		return nil, err
	}
	z.Kickoff = z.Kickoff.UTC()
	z.Periods = (&squares.League{ID: league}).Periods()
	z.CreditedAt, z.ClaimBy = z.CreditedAt.UTC(), z.ClaimBy.UTC()
	z.ClaimedAt, z.PaidAt, z.ForfeitedAt, z.RemindedAt = nullTime(claimed), nullTime(paid), nullTime(forfeited), nullTime(warned)
	return &z, nil
}

// creditPrize records a winner's prize as claimable for squares.PrizeClaimWindow and tells the winner,
// in the caller's transaction (the one crediting it), naming the period, the pool and its game. A house
// win is no prize: nothing is done. A free pool's win is no prize either; its winner is told of the win
// alone, with nothing to claim.
func creditPrize(ctx context.Context, tx *Tx, p *squares.Pool, w squares.Winner) error {
	if squares.FreeWinOf(w) {
		return notify(ctx, tx, w.UserID, squares.NotifyFreeWin, squares.FreeWinNotice(p, w), p.ID)
	}
	if w.Status == squares.WinnerHostPays && w.UserID != 0 {
		// A host pool's win: the host pays it outside Squares; nothing to claim here.
		return notify(ctx, tx, w.UserID, squares.NotifyHostPrizeWon, squares.HostPrizeWonNotice(p, w), p.ID)
	}
	if !squares.PrizeOf(w) {
		return nil
	}
	claimBy := squares.PrizeClaimBy(tx.now)
	var id int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO prizes (winner_id, user_id, status, credited_at, claim_by)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, w.ID, w.UserID, squares.PrizeUnclaimed, tx.now, claimBy).Scan(&id); err != nil {
		return fmt.Errorf("prize of winner %d: %w", w.ID, err)
	}
	return notifyOf(ctx, tx, squares.Notification{UserID: w.UserID, Kind: squares.NotifyPrizeWon, PoolID: p.ID, PrizeID: id,
		Message: squares.PrizeWonNotice(p, w, claimBy)})
}

// ListUserPrizes returns a player's prizes, newest first.
func (db *DB) ListUserPrizes(ctx context.Context, userID int64) ([]*squares.Prize, error) {
	var out []*squares.Prize
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, scanPrize, `SELECT `+prizeColumns+prizeFrom+` WHERE z.user_id = $1
			ORDER BY z.id DESC`, userID)
		if err != nil {
			return fmt.Errorf("prizes of user %d: %w", userID, err)
		}
		return nil
	})
	return out, err
}

// ListPayouts returns the prizes in a status (all claimed ones, pending or paid, for ""), oldest claim
// first.
func (db *DB) ListPayouts(ctx context.Context, status string) ([]*squares.Prize, error) {
	q := `SELECT ` + prizeColumns + prizeFrom + ` WHERE z.claimed_at IS NOT NULL`
	var args []any
	if status != "" {
		q, args = q+` AND z.status = $1`, append(args, status)
	}
	var out []*squares.Prize
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, scanPrize, q+` ORDER BY z.claimed_at, z.id`, args...)
		if err != nil {
			return fmt.Errorf("payouts: %w", err)
		}
		return nil
	})
	return out, err
}

// lockPrize reads a prize for update; userID, when not 0, must own it (another's prize is not found).
func lockPrize(ctx context.Context, tx *Tx, id, userID int64) (*squares.Prize, error) {
	z, err := scanPrize(tx.QueryRowContext(ctx, `SELECT `+prizeColumns+prizeFrom+` WHERE z.id = $1`+tx.forUpdate("z"), id))
	if err != nil {
		return nil, notFound(err, "Prize")
	}
	if userID != 0 && z.UserID != userID {
		return nil, squares.Errorf(squares.ENOTFOUND, "Prize not found.")
	}
	return z, nil
}

// ClaimPrize claims a player's own prize before its deadline: the prize moves from the player's winnings
// to the pending payouts and, when payNow (the sandbox pays at once), out to the player. Claiming again
// changes nothing and answers the prize as it stands.
func (db *DB) ClaimPrize(ctx context.Context, userID, id int64, payNow bool) (*squares.Prize, error) {
	var out *squares.Prize
	err := db.update(ctx, func(tx *Tx) error {
		z, err := lockPrize(ctx, tx, id, userID)
		if err != nil {
			return err
		}
		if err := squares.CheckClaim(z, tx.now); err != nil {
			return err
		}
		if z.Status == squares.PrizeUnclaimed {
			if _, err := insertLedger(ctx, tx, squares.ClaimTransaction(z)); err != nil {
				return err
			}
			if err := setPrizeStatus(ctx, tx, z, squares.PrizePayoutPending); err != nil {
				return err
			}
			if err := recordPrizeAct(ctx, tx, squares.RecordClaim, z); err != nil {
				return err
			}
			if payNow {
				if err := payPrize(ctx, tx, z); err != nil {
					return err
				}
			}
			tx.emit(squares.Event{Kind: squares.EventUser, UserID: z.UserID})
		}
		out = z
		return nil
	})
	return out, err
}

// MarkPayoutPaid records that the operator paid a claimed prize out (outside Squares). Marking it again
// changes nothing; an unclaimed or forfeited prize has no payout (422). It is logged as "payout.paid".
func (db *DB) MarkPayoutPaid(ctx context.Context, id int64) (*squares.Prize, error) {
	var out *squares.Prize
	err := db.update(ctx, func(tx *Tx) error {
		z, err := lockPrize(ctx, tx, id, 0)
		if err != nil {
			return err
		}
		if err := squares.CheckMarkPaid(z); err != nil {
			return err
		}
		if z.Status == squares.PrizePayoutPending {
			if err := payPrize(ctx, tx, z); err != nil {
				return err
			}
			tx.emit(squares.Event{Kind: squares.EventUser, UserID: z.UserID})
			if err := audit(ctx, tx, Change{Action: "payout.paid", TargetType: "payout", TargetID: z.ID, PoolID: z.PoolID,
				UserID: z.UserID, Before: prizeRecord{squares.PrizePayoutPending, z.Amount.String()},
				After: prizeRecord{z.Status, z.Amount.String()}}); err != nil {
				return err
			}
		}
		out = z
		return nil
	})
	return out, err
}

// prizeRecord is a prize as the audit log records it.
type prizeRecord struct {
	Status string `json:"status"`
	Amount string `json:"amount"`
}

func payPrize(ctx context.Context, tx *Tx, z *squares.Prize) error {
	if _, err := insertLedger(ctx, tx, squares.PayoutTransaction(z)); err != nil {
		return err
	}
	if err := setPrizeStatus(ctx, tx, z, squares.PrizePaid); err != nil {
		return err
	}
	return recordPrizeAct(ctx, tx, squares.RecordPayout, z)
}

// setPrizeStatus moves a locked prize to a status, stamping the time of the move.
func setPrizeStatus(ctx context.Context, tx *Tx, z *squares.Prize, status string) error {
	col := map[string]string{squares.PrizePayoutPending: "claimed_at", squares.PrizePaid: "paid_at",
		squares.PrizeForfeited: "forfeited_at"}[status]
	if _, err := tx.ExecContext(ctx, `UPDATE prizes SET status = $1, `+col+` = $2 WHERE id = $3`, status, tx.now, z.ID); err != nil {
		return fmt.Errorf("prize %d %s: %w", z.ID, status, err)
	}
	now := tx.now
	z.Status = status
	switch status {
	case squares.PrizePayoutPending:
		z.ClaimedAt = &now
	case squares.PrizePaid:
		z.PaidAt = &now
	case squares.PrizeForfeited:
		z.ForfeitedAt = &now
	}
	return nil
}

// PrizeSweep is what a pass over the unclaimed prizes did.
type PrizeSweep struct {
	Reminded, Forfeited []int64
}

// SweepPrizes reminds the winner of every unclaimed prize whose deadline is a week or less away (once per
// prize) and forfeits to the house every one past it (once), each prize in its own transaction.
func (db *DB) SweepPrizes(ctx context.Context, now time.Time) (PrizeSweep, error) {
	var out PrizeSweep
	var open []*squares.Prize
	err := db.view(ctx, func(tx *Tx) (err error) {
		open, err = queryAll(ctx, tx, scanPrize, `SELECT `+prizeColumns+prizeFrom+` WHERE z.status = $1 ORDER BY z.id`,
			squares.PrizeUnclaimed)
		return err
	})
	if err != nil {
		return out, fmt.Errorf("unclaimed prizes: %w", err)
	}
	for _, z := range open {
		if !squares.PrizeDueForReminder(z, now) && !squares.PrizeDueForForfeit(z, now) {
			continue
		}
		var reminded, forfeited bool
		err := db.update(ctx, func(tx *Tx) error {
			reminded, forfeited = false, false
			z, err := lockPrize(ctx, tx, z.ID, 0)
			if err != nil {
				return err
			}
			switch {
			case squares.PrizeDueForForfeit(z, now):
				wrote, err := insertLedger(ctx, tx, squares.ForfeitTransaction(z))
				if err != nil || !wrote {
					return err // !wrote: forfeited by another pass already
				}
				forfeited = true
				if err := setPrizeStatus(ctx, tx, z, squares.PrizeForfeited); err != nil {
					return err
				}
				if err := recordPrizeAct(ctx, tx, squares.RecordPayout, z); err != nil {
					return err
				}
				return notifyOf(ctx, tx, squares.Notification{UserID: z.UserID, Kind: squares.NotifyPrizeForfeited,
					PoolID: z.PoolID, PrizeID: z.ID, Message: squares.PrizeForfeitedNotice(z)})
			case squares.PrizeDueForReminder(z, now):
				if _, err := tx.ExecContext(ctx, `UPDATE prizes SET warned_at = $1 WHERE id = $2`, tx.now, z.ID); err != nil {
					return fmt.Errorf("remind prize %d: %w", z.ID, err)
				}
				reminded = true
				return notifyOf(ctx, tx, squares.Notification{UserID: z.UserID, Kind: squares.NotifyPrizeForfeitReminder,
					PoolID: z.PoolID, PrizeID: z.ID, Message: squares.PrizeForfeitReminderNotice(z)})
			}
			return nil
		})
		if err != nil {
			return out, fmt.Errorf("prize %d: %w", z.ID, err)
		}
		if reminded {
			out.Reminded = append(out.Reminded, z.ID)
		}
		if forfeited {
			out.Forfeited = append(out.Forfeited, z.ID)
		}
	}
	return out, nil
}
