package squares

import (
	"context"
	"encoding/json"
	"time"
)

// AuditEntry is one admin action as the audit log keeps it: who did what, when, to which target, and the
// target before and after. Entries are written in the transaction that makes the change and are never
// changed or deleted.
type AuditEntry struct {
	ID         int64           `json:"id"`
	AdminID    int64           `json:"adminId,omitempty"` // 0: the system (the automation, a feed)
	AdminName  string          `json:"adminName"`
	Action     string          `json:"action"`     // e.g. "pool.status", "user.update"
	TargetType string          `json:"targetType"` // pool, game, league, user, payout, week, invitation
	TargetID   string          `json:"targetId"`
	PoolID     int64           `json:"poolId,omitempty"` // the pool it concerns, for filtering
	UserID     int64           `json:"userId,omitempty"` // the user it concerns, for filtering
	Before     json.RawMessage `json:"before,omitempty"`
	After      json.RawMessage `json:"after,omitempty"`
	Reason     string          `json:"reason,omitempty"`
	CreatedAt  time.Time       `json:"createdAt"`
}

// AuditSystem is the name the audit log gives to changes made by no signed-in user.
const AuditSystem = "system"

type userContextKey struct{}

// NewContextWithUser returns a context carrying the signed-in user who acts through it.
func NewContextWithUser(ctx context.Context, u *User) context.Context {
	return context.WithValue(ctx, userContextKey{}, u)
}

// UserFromContext returns the user acting through ctx, or nil.
func UserFromContext(ctx context.Context) *User {
	u, _ := ctx.Value(userContextKey{}).(*User)
	return u
}

// AuditActor names who acts through ctx for the audit log: the signed-in user's id and name, or
// (0, AuditSystem).
func AuditActor(ctx context.Context) (int64, string) {
	u := UserFromContext(ctx)
	if u == nil {
		return 0, AuditSystem
	}
	name := u.Username
	if name == "" {
		name = u.Email
	}
	return u.ID, name
}
