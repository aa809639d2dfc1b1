package http

import (
	"net/http"
	"strconv"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// AuditPage is the answer of GET /api/admin/audit: a page of entries, newest first, and how many match.
type AuditPage struct {
	Entries []*squares.AuditEntry `json:"entries" tstype:"AuditEntry[]"`
	Total   int                   `json:"total"`
	Limit   int                   `json:"limit"`
	Offset  int                   `json:"offset"`
}

// handleListAudit lists the audit log: GET /api/admin/audit?adminId=&action=&poolId=&userId=&limit=&offset=.
// There is no call that changes or deletes an entry.
func (s *Server) handleListAudit(w http.ResponseWriter, r *http.Request) {
	var f store.AuditFilter
	var err error
	for name, dst := range map[string]*int64{"adminId": &f.AdminID, "poolId": &f.PoolID, "userId": &f.UserID} {
		if *dst, err = queryID(r, name); err != nil {
			s.Error(w, r, err)
			return
		}
	}
	q := r.URL.Query()
	f.Action = q.Get("action")
	if len(f.Action) > 64 {
		s.Error(w, r, squares.FieldError("action", "Invalid action."))
		return
	}
	f.Limit, f.Offset = 50, 0
	if v := q.Get("limit"); v != "" {
		if f.Limit, err = strconv.Atoi(v); err != nil || f.Limit < 1 || f.Limit > 200 {
			s.Error(w, r, squares.FieldError("limit", "Limit must be a number from 1 to 200."))
			return
		}
	}
	if v := q.Get("offset"); v != "" {
		if f.Offset, err = strconv.Atoi(v); err != nil || f.Offset < 0 {
			s.Error(w, r, squares.FieldError("offset", "Offset must be a number of 0 or more."))
			return
		}
	}
	entries, total, err := s.Store.ListAudit(r.Context(), f)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if entries == nil {
		entries = []*squares.AuditEntry{}
	}
	writeJSON(w, http.StatusOK, AuditPage{Entries: entries, Total: total, Limit: f.Limit, Offset: f.Offset})
}
