package http

import (
	"context"
	"net/http"

	"github.com/squaresapp/squares"
)

// An admin's powers over other people's private pools' invitations: admin routes only, each call, reads
// included, recorded in the audit log (store/invitation_admin.go). On the player routes an admin is a
// stranger to a private pool, as anyone who did not join it.

// changeInvitationFunc is a store call changing one invitation of a private pool.
type changeInvitationFunc func(ctx context.Context, actor *squares.User, poolID, id int64) (*squares.PoolInvitation, error)

// handleAdminPoolInvitations answers a private pool's invite code, members and invitations to an admin:
// GET /api/admin/pools/{id}/invitations.
func (s *Server) handleAdminPoolInvitations(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out, err := s.Store.AdminPoolInvitations(r.Context(), userFrom(r.Context()), id)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPoolInvitationsJSON(out.Pool.InviteCode, out.Members, out.Invitations))
}

// handleAdminChangeInvitation resends or revokes, for an admin, one invitation of a private pool:
// POST /api/admin/pools/{id}/invitations/{invitationId}/resend, DELETE /api/admin/pools/{id}/invitations/{invitationId}.
func (s *Server) handleAdminChangeInvitation(change changeInvitationFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		poolID, err := pathID(r, "id")
		if err != nil {
			s.Error(w, r, err)
			return
		}
		id, err := pathID(r, "invitationId")
		if err != nil {
			s.Error(w, r, err)
			return
		}
		inv, err := change(r.Context(), userFrom(r.Context()), poolID, id)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, toInvitationJSON(inv))
	}
}
