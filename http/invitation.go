package http

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
)

type createPrivatePoolRequest struct {
	GameID              flexInt         `json:"gameId"`
	Name                string          `json:"name" text:"max=80"`
	EntryFee            json.RawMessage `json:"entryFee" text:"max=32"`
	MaxSquaresPerPlayer *flexInt        `json:"maxSquaresPerPlayer"`
	InviteEmails        []string        `json:"inviteEmails" text:"max=254"`
	PayoutSchedule      string          `json:"payoutSchedule" text:"max=32"`
	Collection          string          `json:"collection" text:"max=16"`
	PaymentInstructions string          `json:"paymentInstructions" text:"max=600,multiline"`
	PayBy               string          `json:"payBy" text:"max=64"`
	Rules               *squares.Rules  `json:"rules"`
}

// Invitation is an invitation to a private pool, as its host sees it.
type Invitation struct {
	ID         int64      `json:"id"`
	Email      string     `json:"email"`
	Status     string     `json:"status" tstype:"'pending' | 'accepted' | 'revoked' | (string & {})"`
	SentCount  int        `json:"sentCount"`
	LastSentAt time.Time  `json:"lastSentAt"`
	AcceptedAt *time.Time `json:"acceptedAt"`
	RevokedAt  *time.Time `json:"revokedAt"`
	CreatedAt  time.Time  `json:"createdAt"`
}

func toInvitationJSON(inv *squares.PoolInvitation) Invitation {
	return Invitation{ID: inv.ID, Email: inv.Email, Status: inv.Status, SentCount: inv.SentCount,
		LastSentAt: inv.LastSentAt, AcceptedAt: inv.AcceptedAt, RevokedAt: inv.RevokedAt, CreatedAt: inv.CreatedAt}
}

func toInvitationsJSON(invs []*squares.PoolInvitation) []Invitation {
	out := make([]Invitation, 0, len(invs))
	for _, inv := range invs {
		out = append(out, toInvitationJSON(inv))
	}
	return out
}

// privatePoolRules is the configuration of private pools in force.
func (s *Server) privatePoolRules() squares.PrivatePoolRules {
	return squares.PrivatePoolRules{Eligibility: s.Config.Eligibility, MaxFee: s.Config.PrivateMaxFee,
		PoolsPerDay: s.Config.PrivatePoolLimit, InvitesPerDay: s.Config.InviteLimit}
}

// privateMaxFee is the cap on a private pool's entry fee the web app shows: a decimal string, or nil for
// none below squares.MaxPrivateEntryFee.
func (s *Server) privateMaxFee() *squares.Cents {
	if s.Config.PrivateMaxFee <= 0 {
		return nil
	}
	fee := s.Config.PrivateMaxFee
	return &fee
}

// handleCreatePrivatePool creates a private pool for the signed-in player: POST /api/pools/private.
func (s *Server) handleCreatePrivatePool(w http.ResponseWriter, r *http.Request) {
	var req createPrivatePoolRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	in := squares.PrivatePoolInput{GameID: int64(req.GameID), Name: req.Name, InviteEmails: req.InviteEmails,
		PayoutSchedule: req.PayoutSchedule, MaxSquaresPerPlayer: squares.PublicSquaresPerPlayer,
		Collection: req.Collection, PaymentInstructions: req.PaymentInstructions, Rules: req.Rules}
	var v squares.Validation
	if req.PayBy != "" {
		at, err := time.Parse(time.RFC3339, req.PayBy)
		if err != nil {
			v.Add("payBy", "Pay by must be a time such as 2026-11-29T18:00:00Z (RFC 3339).")
		} else {
			in.PayBy = &at
		}
	}
	if len(req.EntryFee) > 0 {
		fee, err := squares.ParseDollarsJSON(req.EntryFee)
		if err != nil {
			v.Add("entryFee", "Entry fee must be a number from 0 to 1000")
		}
		in.EntryFee = fee
	} else {
		in.EntryFee = 500
	}
	if req.MaxSquaresPerPlayer != nil {
		in.MaxSquaresPerPlayer = int(*req.MaxSquaresPerPlayer)
	}
	v.Merge(in.Validate())
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	viewer := userFrom(r.Context())
	out, err := s.Store.CreatePrivatePool(r.Context(), viewer, in, s.privatePoolRules())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, CreatedPrivatePool{Pool: toPoolJSON(out.Pool, viewer),
		InviteCode: out.Pool.InviteCode, Invitations: toInvitationsJSON(out.Invitations)})
}

// CreatedPrivatePool answers a new private pool: the pool, its code and the invitations sent.
type CreatedPrivatePool struct {
	InviteCode  string       `json:"inviteCode"`
	Invitations []Invitation `json:"invitations"`
	Pool        Pool         `json:"pool"`
}

// JoinedPool answers joining a private pool: the pool as its new member sees it.
type JoinedPool struct {
	Pool Pool `json:"pool"`
}

// handleJoinPool makes the signed-in player a member of a private pool by its code or an invitation's:
// POST /api/pools/join {inviteCode}. Codes that join nothing (unknown, revoked) count against the
// address's budget (joinThrottle).
func (s *Server) handleJoinPool(w http.ResponseWriter, r *http.Request) {
	var req struct {
		InviteCode string `json:"inviteCode" text:"max=64"`
	}
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	attempt, ok := s.reserveFailure(w, r, joinThrottle)
	if !ok {
		return
	}
	viewer := userFrom(r.Context())
	p, err := s.Store.JoinPool(r.Context(), viewer, req.InviteCode, s.privatePoolRules())
	if squares.ErrorCode(err) != squares.ENOTFOUND && !errors.Is(err, squares.ErrInvitationRevoked) {
		s.giveBack(r, attempt)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, JoinedPool{Pool: toPoolJSON(p, viewer)})
}

// PoolMember is a member of a private pool, as its host sees them.
type PoolMember struct {
	UserID    int64     `json:"userId"`
	FirstName string    `json:"firstName"`
	LastName  string    `json:"lastName"`
	Squares   int       `json:"squares"`
	IsCreator bool      `json:"isCreator"`
	JoinedAt  time.Time `json:"joinedAt"`
}

// handleListInvitations answers a private pool's members and invitations to its creator:
// GET /api/pools/{id}/invitations. Another member gets 403; anyone else, admins included, 404 (admins
// read them through GET /api/admin/pools/{id}/invitations).
func (s *Server) handleListInvitations(w http.ResponseWriter, r *http.Request) {
	p, err := s.findVisiblePool(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	invs, err := s.Store.ListInvitations(r.Context(), userFrom(r.Context()), p.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ms, err := s.Store.ListMembers(r.Context(), p.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPoolInvitationsJSON(p.InviteCode, ms, invs))
}

// PoolInvitations is what a private pool's creator manages: its invite code, members, invitations.
type PoolInvitations struct {
	InviteCode  string       `json:"inviteCode"`
	Members     []PoolMember `json:"members"`
	Invitations []Invitation `json:"invitations"`
}

func toPoolInvitationsJSON(code string, ms []*squares.PoolMember, invs []*squares.PoolInvitation) PoolInvitations {
	members := make([]PoolMember, 0, len(ms))
	for _, m := range ms {
		members = append(members, PoolMember{UserID: m.UserID, FirstName: m.FirstName, LastName: m.LastName,
			Squares: m.Squares, IsCreator: m.IsCreator, JoinedAt: m.JoinedAt})
	}
	return PoolInvitations{InviteCode: code, Members: members, Invitations: toInvitationsJSON(invs)}
}

// resendInvitation is store.ResendInvitation under the configuration in force.
func (s *Server) resendInvitation(ctx context.Context, actor *squares.User, poolID, id int64) (*squares.PoolInvitation, error) {
	return s.Store.ResendInvitation(ctx, actor, poolID, id, s.privatePoolRules())
}

// handleChangeInvitation resends or revokes one invitation of a pool the caller created.
func (s *Server) handleChangeInvitation(change changeInvitationFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, err := s.findVisiblePool(r)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		id, err := pathID(r, "invitationId")
		if err != nil {
			s.Error(w, r, err)
			return
		}
		inv, err := change(r.Context(), userFrom(r.Context()), p.ID, id)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, toInvitationJSON(inv))
	}
}
