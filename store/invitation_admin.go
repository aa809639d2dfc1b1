package store

import (
	"context"

	"github.com/squaresapp/squares"
)

// An admin's powers over a private pool's invitations, which are someone else's: exercised only through
// the admin routes, and every call, a read included, recorded in the audit log with the pool and its
// creator.

// PoolInvitations is what a private pool's creator manages: its invite code, who joined, the invitations.
type PoolInvitations struct {
	Pool        *squares.PoolView
	Members     []*squares.PoolMember
	Invitations []*squares.PoolInvitation
}

// AdminPoolInvitations returns a private pool's invite code, members and invitations to an admin (with an
// admin's powers), and records the read in the audit log as "pool.invitations.view".
func (db *DB) AdminPoolInvitations(ctx context.Context, admin *squares.User, poolID int64) (*PoolInvitations, error) {
	out := &PoolInvitations{}
	err := db.update(ctx, func(tx *Tx) (err error) {
		m := squares.InvitationManager{Actor: admin, Admin: true}
		if out.Pool, err = checkManager(ctx, tx, poolID, m, false); err != nil {
			return err
		}
		if out.Members, err = listMembers(ctx, tx, poolID); err != nil {
			return err
		}
		if out.Invitations, err = listInvitations(ctx, tx, poolID); err != nil {
			return err
		}
		return auditManager(ctx, tx, m, "pool.invitations.view", out.Pool, nil, nil,
			map[string]any{"invitations": len(out.Invitations), "members": len(out.Members)})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// AdminResendInvitation is ResendInvitation by an admin, recorded as "pool.invitation.resend".
func (db *DB) AdminResendInvitation(ctx context.Context, admin *squares.User, poolID, id int64) (*squares.PoolInvitation, error) {
	return db.resendInvitation(ctx, squares.InvitationManager{Actor: admin, Admin: true}, squares.PrivatePoolRules{}, poolID, id)
}

// AdminRevokeInvitation is RevokeInvitation by an admin, recorded as "pool.invitation.revoke" (again
// too, though it changes nothing).
func (db *DB) AdminRevokeInvitation(ctx context.Context, admin *squares.User, poolID, id int64) (*squares.PoolInvitation, error) {
	return db.revokeInvitation(ctx, squares.InvitationManager{Actor: admin, Admin: true}, poolID, id)
}

// auditManager records an admin's call on a private pool's invitations (inv, or all of them when nil);
// the creator's own calls are not admin actions and are not recorded.
func auditManager(ctx context.Context, tx *Tx, m squares.InvitationManager, action string, p *squares.PoolView, inv *squares.PoolInvitation, before, after any) error {
	if !m.Admin {
		return nil
	}
	c := Change{Action: action, TargetType: "pool", TargetID: p.ID, PoolID: p.ID, UserID: p.CreatorID, Before: before, After: after}
	if inv != nil {
		c.TargetType, c.TargetID = "invitation", inv.ID
	}
	return audit(ctx, tx, c)
}
