package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/squaresapp/squares"
)

const guestColumns = `id, pool_id, name, email, COALESCE(invitation_id, 0), COALESCE(user_id, 0), merged_at, created_at
	FROM pool_guests`

func scanGuest(s scanner) (*squares.Guest, error) {
	var g squares.Guest
	var merged sql.NullTime
	if err := s.Scan(&g.ID, &g.PoolID, &g.Name, &g.Email, &g.InvitationID, &g.UserID, &merged, &g.CreatedAt); err != nil {
		return nil, err
	}
	g.MergedAt, g.CreatedAt = nullTime(merged), g.CreatedAt.UTC()
	return &g, nil
}

// findGuest reads a guest of a pool; another pool's guest is not found.
func findGuest(ctx context.Context, tx *Tx, poolID, id int64) (*squares.Guest, error) {
	g, err := scanGuest(tx.QueryRowContext(ctx, `SELECT `+guestColumns+` WHERE id = $1 AND pool_id = $2`, id, poolID))
	return g, notFound(err, "Guest")
}

// lockHostPool locks a pool and refuses anyone but its host, for the action (squares.CheckHostAction).
func lockHostPool(ctx context.Context, tx *Tx, poolID int64, actor *squares.User, action string) (*squares.PoolView, error) {
	p, err := lockPool(ctx, tx, poolID)
	if err != nil {
		return nil, err
	}
	if err := squares.CheckHostAction(squares.HostAction{Actor: actor, Pool: p.Pool, Action: action}); err != nil {
		return nil, err
	}
	return p, nil
}

// AddGuest adds a guest to a host-collected pool for its host. A guest with an e-mail is invited as the
// host invites anyone (the invitation's e-mail is queued and counts against the host's invitations of the
// day); an address already invited and not yet joined keeps its invitation, which the guest then goes with.
// An address that joined already is a member: 409.
func (db *DB) AddGuest(ctx context.Context, actor *squares.User, poolID int64, in squares.GuestInput,
	rules squares.PrivatePoolRules) (*squares.Guest, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var out *squares.Guest
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockHostPool(ctx, tx, poolID, actor, squares.HostAddGuest)
		if err != nil {
			return err
		}
		if err := squares.CheckJoin(p.Status); err != nil {
			return err
		}
		g := &squares.Guest{PoolID: poolID, Name: in.Name, Email: in.Email, CreatedAt: tx.now}
		if in.Email != "" {
			if g.InvitationID, err = inviteGuest(ctx, tx, p, actor, in.Email, rules); err != nil {
				return err
			}
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO pool_guests (pool_id, name, email, invitation_id, created_by,
			created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, poolID, g.Name, g.Email, zeroNull(g.InvitationID),
			actor.ID, tx.now).Scan(&g.ID); err != nil {
			return fmt.Errorf("add guest: %w", err)
		}
		summary := "Added the guest " + g.Name + "."
		if g.Email != "" {
			summary = "Added the guest " + g.Name + " and invited " + g.Email + "."
		}
		out = g
		reason := "Added a guest."
		if g.Email != "" {
			reason = "Added a guest and invited 1 player."
		}
		return recordHistory(ctx, tx, historyEntry{PoolID: poolID, Actor: actor, Action: squares.HostAddGuest,
			Player: squares.Player{GuestID: g.ID}, Summary: summary,
			Record: &squares.RecordActionData{Action: squares.HostAddGuest, Reason: reason}})
	})
	return out, err
}

// inviteGuest finds or makes the invitation a guest's e-mail goes with.
func inviteGuest(ctx context.Context, tx *Tx, p *squares.PoolView, actor *squares.User, email string,
	rules squares.PrivatePoolRules) (int64, error) {
	var id int64
	var status string
	err := tx.QueryRowContext(ctx, `SELECT id, status FROM pool_invitations WHERE pool_id = $1 AND email = $2`, p.ID, email).
		Scan(&id, &status)
	switch {
	case err == sql.ErrNoRows:
	case err != nil:
		return 0, fmt.Errorf("guest invitation: %w", err)
	case status == squares.InvitationAccepted:
		return 0, &squares.Error{Code: squares.ECONFLICT, Message: "This address already joined the pool: give squares to the member.",
			Fields: map[string]string{"email": "This address already joined the pool."}}
	case status == squares.InvitationRevoked:
		return 0, &squares.Error{Code: squares.ECONFLICT, Message: "You revoked this address's invitation.",
			Fields: map[string]string{"email": "You revoked this address's invitation."}}
	default:
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM pool_guests WHERE invitation_id = $1 AND user_id IS NULL`, id).
			Scan(&n); err != nil {
			return 0, fmt.Errorf("guest invitation: %w", err)
		}
		if n > 0 {
			return 0, &squares.Error{Code: squares.ECONFLICT, Message: "A guest with this address is already in the pool.",
				Fields: map[string]string{"email": "A guest with this address is already in the pool."}}
		}
		return id, nil
	}
	if err := rules.CheckInviter(actor); err != nil {
		return 0, err
	}
	if err := reserveInvites(ctx, tx, rules, actor.ID, 1); err != nil {
		return 0, err
	}
	inv, err := invite(ctx, tx, p.ID, actor.ID, email)
	if err != nil {
		return 0, err
	}
	return inv.ID, nil
}

// mergeGuests makes the squares and payments of the pool's guests who went with an invitation the account's
// that accepted it, in the caller's transaction. It reports whether any guest was merged.
func mergeGuests(ctx context.Context, tx *Tx, poolID, invitationID int64, user *squares.User) (bool, error) {
	guests, err := queryAll(ctx, tx, scanGuest, `SELECT `+guestColumns+` WHERE pool_id = $1 AND invitation_id = $2
		AND user_id IS NULL ORDER BY id`, poolID, invitationID)
	if err != nil {
		return false, fmt.Errorf("merge guests: %w", err)
	}
	for _, g := range guests {
		cells, err := queryAll(ctx, tx, func(s scanner) (squares.Cell, error) {
			var c squares.Cell
			return c, s.Scan(&c.Row, &c.Column)
		}, `SELECT row_idx, col_idx FROM squares WHERE pool_id = $1 AND guest_id = $2 AND user_id IS NULL AND state = 'owned'
			ORDER BY row_idx, col_idx`, poolID, g.ID)
		if err != nil {
			return false, fmt.Errorf("merge guest %d: %w", g.ID, err)
		}
		if len(cells) > 0 {
			if err := recordTaken(ctx, tx, poolID, squares.RecordTakenData{Squares: cells, Owner: userOwner(user.ID),
				By: squares.TakenJoin, Amount: squares.Cents(0).String(),
				From: playerOwner(squares.Player{GuestID: g.ID})}); err != nil {
				return false, err
			}
		}
		for _, q := range []string{
			`UPDATE squares SET user_id = $1 WHERE pool_id = $2 AND guest_id = $3 AND user_id IS NULL`,
			`UPDATE host_payments SET user_id = $1 WHERE pool_id = $2 AND guest_id = $3 AND user_id IS NULL`,
			`UPDATE winners SET user_id = $1 WHERE pool_id = $2 AND guest_id = $3 AND user_id IS NULL`,
		} {
			if _, err := tx.ExecContext(ctx, q, user.ID, poolID, g.ID); err != nil {
				return false, fmt.Errorf("merge guest %d: %w", g.ID, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE pool_guests SET user_id = $1, merged_at = $2 WHERE id = $3`,
			user.ID, tx.now, g.ID); err != nil {
			return false, fmt.Errorf("merge guest %d: %w", g.ID, err)
		}
		if err := recordHistory(ctx, tx, historyEntry{PoolID: poolID, Actor: user, Action: "guest.join",
			Player: squares.Player{UserID: user.ID, GuestID: g.ID},
			Summary: fmt.Sprintf("The guest %s joined as %s: their squares and payments are the account's.", g.Name,
				squares.ShortName(user.FirstName, user.LastName))}); err != nil {
			return false, err
		}
	}
	if len(guests) == 0 {
		return false, nil
	}
	return true, countPlayers(ctx, tx, poolID)
}

// resolvePlayer names a player of a pool for the host: a member's first name and initial, a guest's name.
// A member must have joined the pool and a guest be the pool's (404 otherwise). A guest who became an
// account is that account.
func resolvePlayer(ctx context.Context, tx *Tx, poolID int64, pl squares.Player) (squares.Player, string, error) {
	if err := squares.CheckPlayer(pl); err != nil {
		return pl, "", err
	}
	if pl.GuestID != 0 {
		g, err := findGuest(ctx, tx, poolID, pl.GuestID)
		if err != nil {
			return pl, "", err
		}
		if g.UserID == 0 {
			return pl, g.Name, nil
		}
		pl = squares.Player{UserID: g.UserID}
	}
	var first, last string
	err := tx.QueryRowContext(ctx, `SELECT u.first_name, u.last_name FROM pool_members m JOIN users u ON u.id = m.user_id
		WHERE m.pool_id = $1 AND m.user_id = $2`, poolID, pl.UserID).Scan(&first, &last)
	if err == sql.ErrNoRows {
		return pl, "", squares.Errorf(squares.ENOTFOUND, "This player is not a member of the pool.")
	} else if err != nil {
		return pl, "", fmt.Errorf("pool player: %w", err)
	}
	return pl, squares.ShortName(first, last), nil
}
