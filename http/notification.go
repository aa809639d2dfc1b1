package http

import (
	"net/http"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
)

// UserNotification is a notification as the bell reads it. PoolID and PrizeID name what it is about (null
// for none); ReadAt is null while unread, and Read says the same.
//
//tygo:emit export type NotificationKind = 'prize_won' | 'free_win' | 'prize_forfeit' | 'prize_forfeited' | 'payment_released' | 'payment_refunded' | 'pool_cancelled' | (string & {});
type UserNotification struct {
	ID        int64      `json:"id"`
	Kind      string     `json:"kind" tstype:"NotificationKind"`
	Message   string     `json:"message"`
	PoolID    *int64     `json:"poolId"`
	PrizeID   *int64     `json:"prizeId"`
	CreatedAt time.Time  `json:"createdAt"`
	ReadAt    *time.Time `json:"readAt"`
	Read      bool       `json:"read"`
}

func toNotificationsJSON(ns []*squares.Notification) []UserNotification {
	out := make([]UserNotification, 0, len(ns))
	for _, n := range ns {
		j := UserNotification{ID: n.ID, Kind: n.Kind, Message: n.Message, CreatedAt: n.CreatedAt, ReadAt: n.ReadAt,
			Read: n.ReadAt != nil}
		if n.PoolID != 0 {
			j.PoolID = &n.PoolID
		}
		if n.PrizeID != 0 {
			j.PrizeID = &n.PrizeID
		}
		out = append(out, j)
	}
	return out
}

// unreadCountHeader carries the player's number of unread notifications on GET /api/notifications: all
// of them, not only those of the newest 100 listed.
const unreadCountHeader = "X-Unread-Count"

// handleNotifications lists the player's newest 100 notifications, newest first (unread only with
// ?unread=1 or ?unread=true), with the number unread in X-Unread-Count.
func (s *Server) handleNotifications(w http.ResponseWriter, r *http.Request) {
	unreadOnly := false
	if v := r.URL.Query().Get("unread"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			s.Error(w, r, squares.FieldError("unread", "Unread must be 1 or 0."))
			return
		}
		unreadOnly = b
	}
	id := viewerID(r.Context())
	ns, err := s.Store.ListNotifications(r.Context(), id, unreadOnly)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	unread, err := s.Store.CountUnreadNotifications(r.Context(), id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	w.Header().Set(unreadCountHeader, strconv.Itoa(unread))
	writeJSON(w, http.StatusOK, toNotificationsJSON(ns))
}

// handleReadNotifications marks notifications read: the listed ids, or all. It answers how many it marked
// and how many are left unread.
func (s *Server) handleReadNotifications(w http.ResponseWriter, r *http.Request) {
	var req struct {
		IDs []flexInt `json:"ids"`
	}
	if r.ContentLength != 0 {
		if err := decode(w, r, &req); err != nil {
			s.Error(w, r, err)
			return
		}
	}
	if len(req.IDs) > maxBulk {
		s.Error(w, r, squares.FieldError("ids", "At most 500 notifications at a time"))
		return
	}
	ids := make([]int64, 0, len(req.IDs))
	for _, id := range req.IDs {
		ids = append(ids, int64(id))
	}
	user := viewerID(r.Context())
	n, err := s.Store.MarkNotificationsRead(r.Context(), user, ids)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	unread, err := s.Store.CountUnreadNotifications(r.Context(), user)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, NotificationsRead{Success: true, Marked: n, UnreadCount: unread})
}

// NotificationsRead answers marking notifications read: how many were, and how many stay unread.
type NotificationsRead struct {
	Success     bool `json:"success"`
	Marked      int  `json:"marked"`
	UnreadCount int  `json:"unreadCount"`
}
