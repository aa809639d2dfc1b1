package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/squaresapp/squares"
)

func addMember(ctx context.Context, tx *Tx, poolID, userID, invitationID int64) error {
	var inv any
	if invitationID > 0 {
		inv = invitationID
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO pool_members (pool_id, user_id, invitation_id, joined_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, poolID, userID, inv, tx.now); err != nil {
		return fmt.Errorf("add member: %w", err)
	}
	return nil
}

func isPoolMember(ctx context.Context, tx *Tx, poolID, userID int64) (bool, error) {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM pool_members WHERE pool_id = $1 AND user_id = $2`,
		poolID, userID).Scan(&n); err != nil {
		return false, fmt.Errorf("pool member: %w", err)
	}
	return n > 0, nil
}

// IsPoolMember reports whether the user joined the pool (a private pool's creator did).
func (db *DB) IsPoolMember(ctx context.Context, poolID, userID int64) (bool, error) {
	var ok bool
	err := db.view(ctx, func(tx *Tx) (err error) {
		ok, err = isPoolMember(ctx, tx, poolID, userID)
		return err
	})
	return ok, err
}

// findInviteCode finds the private pool of a code, a pool's own or one invitation's: the pool, and for an
// invitation's code its id and status (0 and "" for a pool's own code). An unknown code is
// squares.ErrUnknownInviteCode.
func findInviteCode(ctx context.Context, tx *Tx, code string) (poolID, invitationID int64, status string, err error) {
	err = tx.QueryRowContext(ctx, `SELECT id FROM pools WHERE invite_code = $1 AND is_private = TRUE`, code).Scan(&poolID)
	if err == sql.ErrNoRows {
		err = tx.QueryRowContext(ctx, `SELECT id, pool_id, status FROM pool_invitations WHERE code = $1`, code).
			Scan(&invitationID, &poolID, &status)
	}
	if err == sql.ErrNoRows {
		return 0, 0, "", squares.ErrUnknownInviteCode
	} else if err != nil {
		return 0, 0, "", fmt.Errorf("find invite code: %w", err)
	}
	return poolID, invitationID, status, nil
}

// InvitedPool is what an invite code shows to someone who has not joined its pool yet: the pool, the
// name of the player who created it, and how many of its squares are free (neither owned nor held for a
// checkout).
type InvitedPool struct {
	Pool        *squares.Pool
	HostFirst   string
	HostLast    string
	SquaresFree int
}

// FindInvitedPool reads the private pool an invite code leads to, for anyone holding the code (signed in
// or not). An unknown code, a revoked invitation's and a code of a pool that can no longer be joined are
// all squares.ErrUnknownInviteCode (squares.CheckInvitationRead).
func (db *DB) FindInvitedPool(ctx context.Context, code string) (*InvitedPool, error) {
	code = squares.NormalizeInviteCode(code)
	if code == "" {
		return nil, squares.ErrUnknownInviteCode
	}
	var out *InvitedPool
	err := db.view(ctx, func(tx *Tx) error {
		poolID, _, status, err := findInviteCode(ctx, tx, code)
		if err != nil {
			return err
		}
		p, err := findPool(ctx, tx, poolID, 0)
		if err != nil {
			return err
		}
		if err := squares.CheckInvitationRead(status, p.Status); err != nil {
			return err
		}
		out = &InvitedPool{Pool: p.Pool}
		err = tx.QueryRowContext(ctx, `SELECT first_name, last_name FROM users WHERE id = $1`, p.CreatorID).
			Scan(&out.HostFirst, &out.HostLast)
		if err != nil && err != sql.ErrNoRows {
			return fmt.Errorf("pool host: %w", err)
		}
		var taken int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM squares WHERE pool_id = $1
			AND (state = 'owned' OR hold_expires_at > $2)`, poolID, tx.now).Scan(&taken); err != nil {
			return fmt.Errorf("count taken squares: %w", err)
		}
		out.SquaresFree = max(p.GridSquares()-taken, 0)
		return nil
	})
	return out, err
}

// JoinPool makes the user a member of the private pool whose code, or one of whose invitations' codes,
// they give, and returns the pool. Joining twice changes nothing; an unknown code is not found; a revoked
// invitation, a pool that was cancelled or has finished, and a player the rules do not let in
// (rules.CheckMember: age verification, and for a paid pool what paying needs) are refused.
func (db *DB) JoinPool(ctx context.Context, user *squares.User, code string, rules squares.PrivatePoolRules) (*squares.PoolView, error) {
	code = squares.NormalizeInviteCode(code)
	if code == "" {
		return nil, squares.FieldError("inviteCode", "Please enter an invite code")
	}
	if err := squares.CheckJoinerIsPlayer(user); err != nil {
		return nil, err
	}
	var out *squares.PoolView
	err := db.update(ctx, func(tx *Tx) error {
		poolID, invID, status, err := findInviteCode(ctx, tx, code)
		if err != nil {
			return err
		}
		if status == squares.InvitationRevoked {
			return squares.ErrInvitationRevoked
		}
		p, err := findPool(ctx, tx, poolID, user.ID)
		if err != nil {
			return err
		}
		member, err := isPoolMember(ctx, tx, poolID, user.ID)
		if err != nil {
			return err
		}
		if !member {
			if err := squares.CheckJoin(p.Status); err != nil {
				return err
			}
			if err := rules.CheckMember(user, p.EntryFee, tx.now); err != nil {
				return err
			}
			if err := addMember(ctx, tx, poolID, user.ID, invID); err != nil {
				return err
			}
			if invID > 0 && status == squares.InvitationPending {
				if _, err := tx.ExecContext(ctx, `UPDATE pool_invitations SET status = $1, accepted_by = $2,
					accepted_at = $3 WHERE id = $4`, squares.InvitationAccepted, user.ID, tx.now, invID); err != nil {
					return fmt.Errorf("accept invitation: %w", err)
				}
			}
		}
		// A guest the host invited by this address becomes the account: squares, payments and all.
		if invID > 0 {
			merged, err := mergeGuests(ctx, tx, poolID, invID, user)
			if err != nil {
				return err
			}
			if merged {
				tx.emit(squares.Event{Kind: squares.EventPool, PoolID: poolID, GameID: p.GameID})
				if p, err = findPool(ctx, tx, poolID, user.ID); err != nil {
					return err
				}
			}
		}
		out = p
		return nil
	})
	return out, err
}

// ListMembers returns who joined a private pool, creator first, with the squares each owns in it.
func (db *DB) ListMembers(ctx context.Context, poolID int64) ([]*squares.PoolMember, error) {
	var out []*squares.PoolMember
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = listMembers(ctx, tx, poolID)
		return err
	})
	return out, err
}

func listMembers(ctx context.Context, tx *Tx, poolID int64) ([]*squares.PoolMember, error) {
	return queryAll(ctx, tx, func(s scanner) (*squares.PoolMember, error) {
		var m squares.PoolMember
		if err := s.Scan(&m.UserID, &m.FirstName, &m.LastName, &m.IsCreator, &m.JoinedAt, &m.Squares); err != nil {
			return nil, err
		}
		m.JoinedAt = m.JoinedAt.UTC()
		return &m, nil
	}, `SELECT u.id, u.first_name, u.last_name, p.creator_id = u.id, m.joined_at,
		(SELECT COUNT(*) FROM squares s WHERE s.pool_id = m.pool_id AND s.user_id = u.id AND s.state = 'owned')
		FROM pool_members m JOIN users u ON u.id = m.user_id JOIN pools p ON p.id = m.pool_id
		WHERE m.pool_id = $1 ORDER BY p.creator_id = u.id DESC, m.joined_at, u.id`, poolID)
}
