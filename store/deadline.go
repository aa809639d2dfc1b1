package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/squaresapp/squares"
)

// The payment deadline of host-collected pools: the reminders before payBy (each once: the pool row
// remembers when each went, under the pool's lock, so a second pass or server sends nothing), the host's
// own reminder (one every squares.HostReminderInterval), and the release at payBy of the squares still
// unpaid, unless the numbers are drawn.

// DeadlineReminder is a reminder a pass sent: the pool, which one, and how many e-mails it queued.
type DeadlineReminder struct {
	PoolID int64
	Kind   string
	Sent   int
}

// DeadlineRelease is a release at a pool's payment deadline: how many squares it freed.
type DeadlineRelease struct {
	PoolID  int64
	Squares int
}

// DeadlineSweep is what a pass over the host pools' payment deadlines did.
type DeadlineSweep struct {
	Reminders []DeadlineReminder
	Releases  []DeadlineRelease
}

// deadlineState is what the deadline rules read of a locked pool besides the pool itself.
type deadlineState struct {
	sent     squares.ReminderSent
	hostLast *time.Time
	released bool
}

func readDeadline(ctx context.Context, tx *Tx, poolID int64) (deadlineState, error) {
	var day, hours, host, released sql.NullTime
	if err := tx.QueryRowContext(ctx, `SELECT reminded_day_at, reminded_hours_at, host_reminded_at, unpaid_released_at
		FROM pools WHERE id = $1`, poolID).Scan(&day, &hours, &host, &released); err != nil {
		return deadlineState{}, fmt.Errorf("pool %d deadline: %w", poolID, err)
	}
	return deadlineState{sent: squares.ReminderSent{Day: day.Valid, Hours: hours.Valid}, hostLast: nullTime(host),
		released: released.Valid}, nil
}

// SweepDeadlines sends the reminders due before host pools' payment deadlines and releases the squares
// still unpaid at them (squares.ReminderDue, squares.ReleaseDue), each pool in its own transaction, each
// act once. A pool that fails is reported and tried again next pass; the others go on.
func (db *DB) SweepDeadlines(ctx context.Context, now time.Time) (DeadlineSweep, error) {
	var out DeadlineSweep
	var ids []int64
	err := db.view(ctx, func(tx *Tx) (err error) {
		ids, err = queryAll(ctx, tx, func(s scanner) (int64, error) {
			var id int64
			return id, s.Scan(&id)
		}, `SELECT id FROM pools WHERE collection = 'host' AND pay_by IS NOT NULL AND status IN ('active', 'inactive', 'full')
			AND pay_by <= $1 AND (reminded_hours_at IS NULL OR unpaid_released_at IS NULL) ORDER BY pay_by, id`,
			now.Add(squares.ReminderDayLead).UTC())
		return err
	})
	if err != nil {
		return out, fmt.Errorf("host pools' deadlines: %w", err)
	}
	var errs []string
	for _, id := range ids {
		var reminder *DeadlineReminder
		var release *DeadlineRelease
		err := db.update(ctx, func(tx *Tx) error {
			reminder, release = nil, nil
			p, err := lockPool(ctx, tx, id)
			if err != nil {
				return err
			}
			if !squares.DeadlineApplies(p.Pool) {
				return nil
			}
			st, err := readDeadline(ctx, tx, id)
			if err != nil {
				return err
			}
			if kind := squares.ReminderDue(*p.PayBy, now, st.sent); kind != "" {
				sent, err := remindOwing(ctx, tx, p, kind, nil)
				if err != nil {
					return err
				}
				// The later reminder stands for the earlier one too when that one's time passed unsent.
				q := `UPDATE pools SET reminded_day_at = COALESCE(reminded_day_at, $1) WHERE id = $2`
				if kind == squares.ReminderHours {
					q = `UPDATE pools SET reminded_day_at = COALESCE(reminded_day_at, $1), reminded_hours_at = $1 WHERE id = $2`
				}
				if _, err := tx.ExecContext(ctx, q, tx.now, id); err != nil {
					return fmt.Errorf("pool %d reminder: %w", id, err)
				}
				reminder = &DeadlineReminder{PoolID: id, Kind: kind, Sent: sent}
			}
			if squares.ReleaseDue(*p.PayBy, now, p.Locked(), st.released) {
				n, err := releaseUnpaid(ctx, tx, p)
				if err != nil {
					return err
				}
				release = &DeadlineRelease{PoolID: id, Squares: n}
			}
			return nil
		})
		if err != nil {
			errs = append(errs, fmt.Sprintf("pool %d: %v", id, err))
			continue
		}
		if reminder != nil {
			out.Reminders = append(out.Reminders, *reminder)
		}
		if release != nil {
			out.Releases = append(out.Releases, *release)
		}
	}
	if len(errs) > 0 {
		return out, fmt.Errorf("host pools' deadlines: %s", strings.Join(errs, "; "))
	}
	return out, nil
}

// ListDeadlineDues returns when the host pools' payment deadlines next have something to do, for those
// due before a time (squares.DeadlineDues): the automation wakes at the earliest.
func (db *DB) ListDeadlineDues(ctx context.Context, before time.Time) ([]time.Time, error) {
	var out []time.Time
	err := db.view(ctx, func(tx *Tx) error {
		rows, err := queryAll(ctx, tx, func(s scanner) ([]time.Time, error) {
			var payBy time.Time
			var day, hours, released sql.NullTime
			if err := s.Scan(&payBy, &day, &hours, &released); err != nil {
				return nil, err
			}
			return squares.DeadlineDues(payBy.UTC(), squares.ReminderSent{Day: day.Valid, Hours: hours.Valid}, released.Valid), nil
		}, `SELECT pay_by, reminded_day_at, reminded_hours_at, unpaid_released_at FROM pools WHERE collection = 'host'
			AND pay_by IS NOT NULL AND status IN ('active', 'inactive', 'full') AND pay_by <= $1
			AND (reminded_hours_at IS NULL OR unpaid_released_at IS NULL)`, before.Add(squares.ReminderDayLead).UTC())
		for _, r := range rows {
			out = append(out, r...)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("host pools' deadlines: %w", err)
	}
	return out, nil
}

// SendReminder is the host's reminder now to every member of a host-collected pool who owes
// (squares.CheckHostReminder: the host only, one every 6 hours). It reports how many e-mails it queued.
func (db *DB) SendReminder(ctx context.Context, actor *squares.User, poolID int64) (int, error) {
	var sent int
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockPool(ctx, tx, poolID)
		if err != nil {
			return err
		}
		st, err := readDeadline(ctx, tx, poolID)
		if err != nil {
			return err
		}
		if err := squares.CheckHostReminder(squares.HostReminder{Actor: actor, Pool: p.Pool, Last: st.hostLast, Now: tx.now}); err != nil {
			return err
		}
		if sent, err = remindOwing(ctx, tx, p, squares.HostSendReminder, actor); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE pools SET host_reminded_at = $1 WHERE id = $2`, tx.now, poolID); err != nil {
			return fmt.Errorf("host reminder: %w", err)
		}
		return nil
	})
	return sent, err
}

// remindOwing tells every member of a host pool who owes (squares.OwingMembers) what they owe and by when,
// by a notification and its e-mail, and writes the reminder to the pool's history (actor nil: the
// deadline's own). It returns how many e-mails it queued.
func remindOwing(ctx context.Context, tx *Tx, p *squares.PoolView, kind string, actor *squares.User) (int, error) {
	bs, err := listBalances(ctx, tx, p.Pool)
	if err != nil {
		return 0, err
	}
	sent := 0
	var names []string
	for _, b := range squares.OwingMembers(bs, p.CreatorID) {
		mailed, err := notifyMailed(ctx, tx, squares.Notification{UserID: b.UserID, Kind: squares.NotifyPaymentReminder,
			PoolID: p.ID, Message: squares.PaymentReminderNotice(p.Pool, b)})
		if err != nil {
			return 0, err
		}
		if mailed {
			sent++
		}
		names = append(names, fmt.Sprintf("%s ($%s)", b.Name, b.Balance))
	}
	what := map[string]string{squares.ReminderDay: "The reminder a day before the payment deadline",
		squares.ReminderHours: "The reminder 2 hours before the payment deadline", squares.HostSendReminder: "Sent a reminder"}[kind]
	summary := what + ": nobody owes anything."
	if len(names) > 0 {
		summary = fmt.Sprintf("%s to %s: %s; %s e-mailed.", what, plural(len(names), "player"), strings.Join(names, ", "),
			plural(sent, "message"))
	}
	if err := recordHistory(ctx, tx, historyEntry{PoolID: p.ID, Actor: actor, Action: kind, Summary: summary}); err != nil {
		return 0, err
	}
	return sent, nil
}

// releaseUnpaid frees, at a host pool's payment deadline, every square its player's payments do not cover
// (the last taken first; the host's own squares are the host's to settle and stay), tells each member whose
// squares were freed and the host, writes each release to the history, and marks the pool released. It
// returns how many squares it freed.
func releaseUnpaid(ctx context.Context, tx *Tx, p *squares.PoolView) (int, error) {
	owned, err := ownedByPlayer(ctx, tx, p.ID)
	if err != nil {
		return 0, err
	}
	paid, err := paidByPlayer(ctx, tx, p.ID)
	if err != nil {
		return 0, err
	}
	players := make([]squares.Player, 0, len(owned))
	for k := range owned {
		if k.UserID != p.CreatorID {
			players = append(players, k)
		}
	}
	sort.Slice(players, func(i, j int) bool {
		return owned[players[i]][0].At.Before(owned[players[j]][0].At) ||
			owned[players[i]][0].At.Equal(owned[players[j]][0].At) && owned[players[i]][0].ID < owned[players[j]][0].ID
	})
	total := 0
	var cells []squares.Cell
	var told []string
	for _, k := range players {
		list := owned[k]
		n := squares.UnpaidSquares(p.EntryFee, paid[k], len(list))
		if n == 0 {
			continue
		}
		var freed []squares.Cell
		for _, sq := range list[len(list)-n:] {
			var c squares.Cell
			if err := tx.QueryRowContext(ctx, `DELETE FROM squares WHERE id = $1 RETURNING row_idx, col_idx`, sq.ID).
				Scan(&c.Row, &c.Column); err != nil {
				return 0, fmt.Errorf("release square %d: %w", sq.ID, err)
			}
			freed = append(freed, c)
		}
		name, err := playerLabel(ctx, tx, p.ID, k)
		if err != nil {
			return 0, err
		}
		if err := recordFreed(ctx, tx, p.Pool, playerOwner(k), freed, "Not paid for by the payment deadline."); err != nil {
			return 0, err
		}
		if err := recordHistory(ctx, tx, historyEntry{PoolID: p.ID, Action: squares.DeadlineRelease, Player: k,
			Summary: fmt.Sprintf("Released %s's %s not paid for by the payment deadline: %s.", name,
				plural(n, "square"), cellList(freed))}); err != nil {
			return 0, err
		}
		if k.UserID != 0 {
			if err := notify(ctx, tx, k.UserID, squares.NotifyUnpaidReleased, squares.UnpaidReleasedNotice(p.Pool, n), p.ID); err != nil {
				return 0, err
			}
		}
		total += n
		cells = append(cells, freed...)
		told = append(told, fmt.Sprintf("%s (%d)", name, n))
	}
	if _, err := tx.ExecContext(ctx, `UPDATE pools SET squares_taken = squares_taken - $1, unpaid_released_at = $2,
		updated_at = $2 WHERE id = $3`, total, tx.now, p.ID); err != nil {
		return 0, fmt.Errorf("release unpaid squares: %w", err)
	}
	if total == 0 {
		return 0, recordHistory(ctx, tx, historyEntry{PoolID: p.ID, Action: squares.DeadlineRelease,
			Summary: "The payment deadline passed with every square paid for: nothing was released."})
	}
	if err := countPlayers(ctx, tx, p.ID); err != nil {
		return 0, err
	}
	if err := notify(ctx, tx, p.CreatorID, squares.NotifyHostUnpaidReleased, squares.HostReleasedNotice(p.Pool, total, told),
		p.ID); err != nil {
		return 0, err
	}
	tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID, Cells: cells})
	return total, nil
}
