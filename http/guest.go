package http

import (
	"net/http"

	"github.com/squaresapp/squares"
)

// Guest answers adding a guest to a host pool: its id and name, the e-mail it was invited at ("" for
// none) and whether an invitation goes with it.
type Guest struct {
	GuestID int64  `json:"guestId"`
	Name    string `json:"name"`
	Email   string `json:"email"`
	Invited bool   `json:"invited"`
}

// handleAddGuest adds a guest to a host pool: POST /api/pools/{id}/guests {name, email}, host only; a
// guest with an e-mail is invited (the pool's invitation e-mail, through the outbox).
func (s *Server) handleAddGuest(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		Name  string `json:"name" text:"max=80"`
		Email string `json:"email" text:"max=254"`
	}
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	g, err := s.Store.AddGuest(r.Context(), userFrom(r.Context()), p.ID, squares.GuestInput{Name: req.Name, Email: req.Email},
		s.privatePoolRules())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, Guest{GuestID: g.ID, Name: g.Name, Email: g.Email, Invited: g.InvitationID != 0})
}
