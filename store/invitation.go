package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/squaresapp/squares"
)

// PrivatePool is a private pool just created, with the invitations it sent.
type PrivatePool struct {
	Pool        *squares.PoolView
	Invitations []*squares.PoolInvitation
}

// Throttle keys of the daily limits on private pools (squares.PrivatePoolRules), one per player.
func privatePoolKey(userID int64) string { return fmt.Sprintf("private-pool:%d", userID) }
func inviteKey(userID int64) string      { return fmt.Sprintf("invite:%d", userID) }

// reserveInvites takes n of the inviter's invitations of the day in the caller's transaction, or answers
// ETOOMANY with the wait.
func reserveInvites(ctx context.Context, tx *Tx, rules squares.PrivatePoolRules, inviterID int64, n int) error {
	_, wait, err := tx.reserve(ctx, n, Limit{Key: inviteKey(inviterID), Max: rules.InvitesPerDay, Window: squares.PrivateLimitWindow})
	if err != nil {
		return err
	}
	if wait > 0 {
		return rules.ErrInviteLimit(n, wait)
	}
	return nil
}

// CreatePrivatePool makes an active private pool for its creator on an upcoming game, with the creator's
// limit, fee and payout schedule, the creator as its first member, and one invitation per address whose
// e-mail is queued in the same transaction. The input is validated (squares.PrivatePoolInput.Validate),
// the creator and the fee checked (rules.CheckHost), and the pool and its invitations counted against the
// creator's daily limits in the same transaction: two creations at once never both take a limit's last
// slot, and a creation refused for any reason takes none.
func (db *DB) CreatePrivatePool(ctx context.Context, creator *squares.User, in squares.PrivatePoolInput,
	rules squares.PrivatePoolRules) (*PrivatePool, error) {
	if err := squares.CheckHostIsPlayer(creator); err != nil {
		return nil, err
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	out := &PrivatePool{}
	err := db.update(ctx, func(tx *Tx) error {
		if err := rules.CheckHost(creator, in.EntryFee, tx.now); err != nil {
			return err
		}
		if err := rules.CheckInviteCount(len(in.InviteEmails)); err != nil {
			return err
		}
		// The limits first: on PostgreSQL their turns are taken before anything else is read.
		_, wait, err := tx.reserve(ctx, 1, Limit{Key: privatePoolKey(creator.ID), Max: rules.PoolsPerDay, Window: squares.PrivateLimitWindow})
		if err != nil {
			return err
		}
		if wait > 0 {
			return rules.ErrPoolLimit(wait)
		}
		if err := reserveInvites(ctx, tx, rules, creator.ID, len(in.InviteEmails)); err != nil {
			return err
		}
		g, err := findGame(ctx, tx, in.GameID)
		if squares.ErrorCode(err) == squares.ENOTFOUND {
			return squares.FieldError("gameId", "Please select a game")
		} else if err != nil {
			return err
		}
		if err := squares.CheckPrivatePoolGame(g, tx.now); err != nil {
			return err
		}
		var schedule []int64
		var rules squares.Rules
		if in.Rules != nil {
			rules = in.Rules.WithDefaults(g.LeagueID)
			if err := squares.CheckRules(squares.RulesInput{Rules: rules, LeagueID: g.LeagueID, Private: true}); err != nil {
				return err
			}
		} else if schedule, err = squares.ParsePayoutSchedule(in.PayoutSchedule, (&squares.League{ID: g.LeagueID}).Periods()); err != nil {
			return err
		}
		code, err := squares.NewInviteCode()
		if err != nil {
			return err
		}
		p := &squares.Pool{GameID: g.ID, Game: g, Name: in.Name, EntryFee: in.EntryFee,
			MaxSquaresPerPlayer: in.MaxSquaresPerPlayer, Status: squares.PoolActive, IsPrivate: true,
			CreatorID: creator.ID, InviteCode: code, PayoutSchedule: schedule, Rules: rules, Collection: in.Collection,
			PaymentInstructions: in.PaymentInstructions}
		if p.HostCollects() {
			payBy, err := squares.PayByFor(in.PayBy, g.GameDate, tx.now)
			if err != nil {
				return err
			}
			p.PayBy = &payBy
		}
		if err := insertPool(ctx, tx, p); err != nil {
			return err
		}
		summary := fmt.Sprintf("Created the pool: $%s a square, paid by card through Squares.", p.EntryFee)
		if p.HostCollects() {
			summary = fmt.Sprintf("Created the pool: the host collects $%s a square, due by %s.", p.EntryFee,
				squares.FormatEastern(*p.PayBy))
		}
		if len(in.InviteEmails) > 0 {
			summary += fmt.Sprintf(" Invited %d.", len(in.InviteEmails))
		}
		created := &squares.RecordActionData{Action: "pool.create", Reason: "Created the pool."}
		if len(in.InviteEmails) > 0 {
			created.Reason = fmt.Sprintf("Created the pool and invited %s.", plural(len(in.InviteEmails), "player"))
		}
		if err := recordHistory(ctx, tx, historyEntry{PoolID: p.ID, Actor: creator, Action: "pool.create", Summary: summary,
			Record: created}); err != nil {
			return err
		}
		if err := addMember(ctx, tx, p.ID, creator.ID, 0); err != nil {
			return err
		}
		for _, email := range in.InviteEmails {
			inv, err := invite(ctx, tx, p.ID, creator.ID, email)
			if err != nil {
				return err
			}
			out.Invitations = append(out.Invitations, inv)
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: p.GameID})
		out.Pool, err = findPool(ctx, tx, p.ID, creator.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// invite records an invitation of email to a pool with its own code and queues its e-mail.
func invite(ctx context.Context, tx *Tx, poolID, inviterID int64, email string) (*squares.PoolInvitation, error) {
	code, err := squares.NewInviteCode()
	if err != nil {
		return nil, err
	}
	inv := &squares.PoolInvitation{PoolID: poolID, Email: email, Code: code, InviterID: inviterID,
		Status: squares.InvitationPending, SentCount: 1, LastSentAt: tx.now, CreatedAt: tx.now}
	err = tx.QueryRowContext(ctx, `INSERT INTO pool_invitations (pool_id, email, code, inviter_id, status,
		sent_count, last_sent_at, created_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $6) RETURNING id`,
		poolID, email, code, inviterID, inv.Status, tx.now).Scan(&inv.ID)
	if err != nil {
		return nil, fmt.Errorf("insert invitation: %w", err)
	}
	if _, err := queueInvitation(ctx, tx, squares.Invitation{PoolID: poolID, Email: email, Code: code,
		InviterID: inviterID}); err != nil {
		return nil, err
	}
	return inv, nil
}

const invitationColumns = `id, pool_id, email, code, COALESCE(inviter_id, 0), status, sent_count, last_sent_at,
	COALESCE(accepted_by, 0), accepted_at, revoked_at, created_at FROM pool_invitations`

func scanInvitation(s scanner) (*squares.PoolInvitation, error) {
	var inv squares.PoolInvitation
	var accepted, revoked sql.NullTime
	if err := s.Scan(&inv.ID, &inv.PoolID, &inv.Email, &inv.Code, &inv.InviterID, &inv.Status, &inv.SentCount,
		&inv.LastSentAt, &inv.AcceptedBy, &accepted, &revoked, &inv.CreatedAt); err != nil {
		return nil, err
	}
	inv.AcceptedAt, inv.RevokedAt = nullTime(accepted), nullTime(revoked)
	inv.LastSentAt, inv.CreatedAt = inv.LastSentAt.UTC(), inv.CreatedAt.UTC()
	return &inv, nil
}

// checkManager reads the pool, locked when lock is set, and refuses anyone but who manages its
// invitations (squares.CheckManager).
func checkManager(ctx context.Context, tx *Tx, poolID int64, m squares.InvitationManager, lock bool) (*squares.PoolView, error) {
	q := poolSelect + ` WHERE p.id = $2`
	if lock {
		q += tx.forUpdate("p")
	}
	p, err := scanPool(tx.QueryRowContext(ctx, q, 0, poolID))
	if err != nil {
		return nil, notFound(err, "Pool")
	}
	if err := squares.CheckManager(m, p.Pool); err != nil {
		return nil, err
	}
	return p, nil
}

// ListInvitations returns a private pool's invitations, oldest first, to its creator.
func (db *DB) ListInvitations(ctx context.Context, actor *squares.User, poolID int64) ([]*squares.PoolInvitation, error) {
	var out []*squares.PoolInvitation
	err := db.view(ctx, func(tx *Tx) error {
		if _, err := checkManager(ctx, tx, poolID, squares.InvitationManager{Actor: actor}, false); err != nil {
			return err
		}
		var err error
		out, err = listInvitations(ctx, tx, poolID)
		return err
	})
	return out, err
}

func listInvitations(ctx context.Context, tx *Tx, poolID int64) ([]*squares.PoolInvitation, error) {
	return queryAll(ctx, tx, scanInvitation, `SELECT `+invitationColumns+` WHERE pool_id = $1 ORDER BY id`, poolID)
}

// changeInvitation locks one invitation of a pool m manages, for a change.
func changeInvitation(ctx context.Context, tx *Tx, m squares.InvitationManager, poolID, id int64) (*squares.PoolView, *squares.PoolInvitation, error) {
	p, err := checkManager(ctx, tx, poolID, m, true)
	if err != nil {
		return nil, nil, err
	}
	inv, err := scanInvitation(tx.QueryRowContext(ctx, `SELECT `+invitationColumns+` WHERE id = $1 AND pool_id = $2`+
		tx.forUpdate("pool_invitations"), id, poolID))
	if err != nil {
		return nil, nil, notFound(err, "Invitation")
	}
	return p, inv, nil
}

// ResendInvitation queues an invitation's e-mail again (squares.CheckInvitationResend), while its
// pool can still be joined; only the pool's creator may, while their age is verified, and the e-mail
// counts against their invitations of the day (rules.InvitesPerDay).
func (db *DB) ResendInvitation(ctx context.Context, actor *squares.User, poolID, id int64, rules squares.PrivatePoolRules) (*squares.PoolInvitation, error) {
	return db.resendInvitation(ctx, squares.InvitationManager{Actor: actor}, rules, poolID, id)
}

func (db *DB) resendInvitation(ctx context.Context, m squares.InvitationManager, rules squares.PrivatePoolRules, poolID, id int64) (*squares.PoolInvitation, error) {
	var out *squares.PoolInvitation
	err := db.update(ctx, func(tx *Tx) error {
		p, inv, err := changeInvitation(ctx, tx, m, poolID, id)
		if err != nil {
			return err
		}
		counts, err := squares.CheckInvitationResend(squares.InvitationResend{Manager: m, Rules: rules,
			PoolStatus: p.Status, Invitation: inv, Now: tx.now})
		if err != nil {
			return err
		}
		if counts {
			if err := reserveInvites(ctx, tx, rules, m.Actor.ID, 1); err != nil {
				return err
			}
		}
		if _, err := queueInvitation(ctx, tx, squares.Invitation{PoolID: poolID, Email: inv.Email, Code: inv.Code,
			InviterID: inv.InviterID}); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE pool_invitations SET sent_count = sent_count + 1, last_sent_at = $1
			WHERE id = $2`, tx.now, id); err != nil {
			return fmt.Errorf("resend invitation: %w", err)
		}
		before := map[string]any{"email": inv.Email, "sentCount": inv.SentCount}
		inv.SentCount++
		inv.LastSentAt = tx.now
		out = inv
		if !m.Admin {
			if err := recordHistory(ctx, tx, historyEntry{PoolID: poolID, Actor: m.Actor, Action: "invitation.resend",
				Summary: "Sent the invitation to " + inv.Email + " again.",
				Record:  &squares.RecordActionData{Action: "invitation.resend", Reason: "Sent 1 invitation again."}}); err != nil {
				return err
			}
		}
		return auditManager(ctx, tx, m, "pool.invitation.resend", p, inv, before, map[string]any{"email": inv.Email, "sentCount": inv.SentCount})
	})
	return out, err
}

// RevokeInvitation stops an invitation's link from joining; revoking twice changes nothing. A player who
// already joined with it stays a member. Only the pool's creator may.
func (db *DB) RevokeInvitation(ctx context.Context, actor *squares.User, poolID, id int64) (*squares.PoolInvitation, error) {
	return db.revokeInvitation(ctx, squares.InvitationManager{Actor: actor}, poolID, id)
}

func (db *DB) revokeInvitation(ctx context.Context, m squares.InvitationManager, poolID, id int64) (*squares.PoolInvitation, error) {
	var out *squares.PoolInvitation
	err := db.update(ctx, func(tx *Tx) error {
		p, inv, err := changeInvitation(ctx, tx, m, poolID, id)
		if err != nil {
			return err
		}
		before := map[string]any{"email": inv.Email, "status": inv.Status}
		if inv.Status != squares.InvitationRevoked {
			if _, err := tx.ExecContext(ctx, `UPDATE pool_invitations SET status = $1, revoked_at = $2 WHERE id = $3`,
				squares.InvitationRevoked, tx.now, id); err != nil {
				return fmt.Errorf("revoke invitation: %w", err)
			}
			inv.Status, inv.RevokedAt = squares.InvitationRevoked, &tx.now
			if !m.Admin {
				if err := recordHistory(ctx, tx, historyEntry{PoolID: poolID, Actor: m.Actor, Action: "invitation.revoke",
					Summary: "Revoked the invitation of " + inv.Email + ".",
					Record:  &squares.RecordActionData{Action: "invitation.revoke", Reason: "Revoked 1 invitation."}}); err != nil {
					return err
				}
			}
		}
		out = inv
		return auditManager(ctx, tx, m, "pool.invitation.revoke", p, inv, before, map[string]any{"email": inv.Email, "status": inv.Status})
	})
	return out, err
}
