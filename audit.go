package squares

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"time"
)

// AuditEntry is one admin action as the audit log keeps it: who did what, when, to which target, and the
// target before and after. Entries are written in the transaction that makes the change and are never
// changed or deleted.
type AuditEntry struct {
	ID         int64           `json:"id"`
	AdminID    int64           `json:"adminId,omitempty" tstype:"number | undefined"` // 0: the system (the automation, a feed)
	AdminName  string          `json:"adminName"`
	Action     string          `json:"action"`     // e.g. "pool.status", "user.update"
	TargetType string          `json:"targetType"` // pool, game, league, user, payout, week, invitation
	TargetID   string          `json:"targetId"`
	PoolID     int64           `json:"poolId,omitempty" tstype:"number | undefined"` // the pool it concerns, for filtering
	UserID     int64           `json:"userId,omitempty" tstype:"number | undefined"` // the user it concerns, for filtering
	Before     json.RawMessage `json:"before,omitempty" tstype:"unknown | undefined"`
	After      json.RawMessage `json:"after,omitempty" tstype:"unknown | undefined"`
	Reason     string          `json:"reason,omitempty" tstype:"string | undefined"`
	CreatedAt  time.Time       `json:"createdAt"`
	// Changes are the fields that Before and After differ in (AuditChanges), worked out when the log is read.
	Changes []AuditChange `json:"changes"`
	// Names read beside the ids when the log is listed (not stored with the entry): the user it concerns,
	// the pool it concerns, and the game of that pool (or the game acted on).
	UserName  string   `json:"userName,omitempty" tstype:"string | undefined"`
	UserEmail string   `json:"userEmail,omitempty" tstype:"string | undefined"`
	PoolName  string   `json:"poolName,omitempty" tstype:"string | undefined"`
	Game      *GameRef `json:"game,omitempty" tstype:"GameRef | undefined"`
}

// AuditChange is one field an audited change changed: its value before and after, as JSON. A value
// absent (nil) did not exist on that side: the target was created, or deleted, or the field is new.
type AuditChange struct {
	Field  string          `json:"field"`
	Before json.RawMessage `json:"before,omitempty" tstype:"unknown | undefined"`
	After  json.RawMessage `json:"after,omitempty" tstype:"unknown | undefined"`
}

// AuditChanges compares the before and after snapshots of an audit entry field by field and returns the
// fields whose values differ, in the order the snapshots give them (after's fields first, then those
// only before had). A missing snapshot (a creation, a deletion) counts as an object without fields, so
// every field of the other one is a change. Snapshots that are not objects are compared whole, as one
// change with an empty field name. Values are compared as JSON values, not as text.
func AuditChanges(before, after json.RawMessage) []AuditChange {
	bKeys, bVals, bObj := auditFields(before)
	aKeys, aVals, aObj := auditFields(after)
	if !bObj || !aObj {
		if sameJSON(before, after) {
			return []AuditChange{}
		}
		return []AuditChange{{Before: compactJSON(before), After: compactJSON(after)}}
	}
	out := []AuditChange{}
	seen := map[string]bool{}
	for _, k := range append(aKeys, bKeys...) {
		if seen[k] {
			continue
		}
		seen[k] = true
		b, a := bVals[k], aVals[k]
		if b != nil && a != nil && sameJSON(b, a) {
			continue
		}
		out = append(out, AuditChange{Field: k, Before: b, After: a})
	}
	return out
}

// auditFields reads a snapshot's fields in order with their compacted values. An absent snapshot is an
// object without fields; ok is false for a snapshot that is not an object.
func auditFields(raw json.RawMessage) (keys []string, vals map[string]json.RawMessage, ok bool) {
	vals = map[string]json.RawMessage{}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, vals, true
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, false
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, false
		}
		k, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, false
		}
		if _, dup := vals[k]; !dup {
			keys = append(keys, k)
		}
		vals[k] = compactJSON(v)
	}
	return keys, vals, true
}

// sameJSON reports whether two JSON texts hold the same value (both absent counts as the same).
func sameJSON(a, b json.RawMessage) bool {
	if len(bytes.TrimSpace(a)) == 0 || len(bytes.TrimSpace(b)) == 0 {
		return len(bytes.TrimSpace(a)) == len(bytes.TrimSpace(b))
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	return reflect.DeepEqual(x, y)
}

// compactJSON returns raw without insignificant space; nil for an absent value.
func compactJSON(raw json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return raw
	}
	return buf.Bytes()
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
