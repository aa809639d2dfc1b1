package http

import (
	"net/http"
	"time"

	"github.com/squaresapp/squares"
)

type notificationJSON struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind"`
	Message   string    `json:"message"`
	PoolID    *int64    `json:"poolId"`
	CreatedAt time.Time `json:"createdAt"`
	Read      bool      `json:"read"`
}

func toNotificationsJSON(ns []*squares.Notification) []notificationJSON {
	out := make([]notificationJSON, 0, len(ns))
	for _, n := range ns {
		j := notificationJSON{ID: n.ID, Kind: n.Kind, Message: n.Message, CreatedAt: n.CreatedAt, Read: n.ReadAt != nil}
		if n.PoolID != 0 {
			j.PoolID = &n.PoolID
		}
		out = append(out, j)
	}
	return out
}

// handleNotifications lists the player's notifications (unread only with ?unread=true).
func (s *Server) handleNotifications(w http.ResponseWriter, r *http.Request) {
	ns, err := s.Store.ListNotifications(r.Context(), viewerID(r.Context()), r.URL.Query().Get("unread") == "true")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toNotificationsJSON(ns))
}

// handleReadNotifications marks notifications read: the listed ids, or all.
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
	n, err := s.Store.MarkNotificationsRead(r.Context(), viewerID(r.Context()), ids)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "marked": n})
}
