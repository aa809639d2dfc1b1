package http

import (
	"context"
	"net/http"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Invite codes are short enough to guess in principle. Each address may send only so many codes that
// lead nowhere within throttleWindow, whichever call reads them (as sign-in counts wrong passwords).
const maxWrongCodesAddress = 20

var errTooManyInviteCodes = squares.Errorf(squares.ETOOMANY, "Too many invite codes tried. Please wait a few minutes and try again.")

// withInviteCode runs use, a call that reads an invite code, under the address's budget of wrong codes.
// The attempt is reserved before use runs, so however many guesses arrive at once, no more than the
// budget are ever looked up; it is kept when use answers not found, and given back otherwise. It answers
// 429 with Retry-After itself when the budget is spent, and use's error when it fails; it reports
// whether use succeeded.
func (s *Server) withInviteCode(w http.ResponseWriter, r *http.Request, use func() error) bool {
	a, wait, err := s.Store.ReserveAttempt(r.Context(),
		store.Limit{Key: s.addressKey("invite-ip:", r), Max: maxWrongCodesAddress, Window: throttleWindow})
	if err != nil {
		s.Error(w, r, err)
		return false
	}
	if a == nil {
		s.tooMany(w, r, errTooManyInviteCodes, wait)
		return false
	}
	err = use()
	if squares.ErrorCode(err) != squares.ENOTFOUND {
		if gerr := s.Store.GiveBackAttempt(context.WithoutCancel(r.Context()), a); gerr != nil {
			s.Logger.Warn("give back an invite code attempt", "err", gerr)
		}
	}
	if err != nil {
		s.Error(w, r, err)
		return false
	}
	return true
}

// InvitedPool is what an invitation link shows before its reader signs in or joins: the pool's name,
// game and kickoff, price, host (first name and last initial, never an e-mail) and room left.
type InvitedPool struct {
	InviteCode          string        `json:"inviteCode"`
	Name                string        `json:"name"`
	Game                string        `json:"game"` // "Kansas City Chiefs @ Buffalo Bills"
	AwayTeam            string        `json:"awayTeam"`
	HomeTeam            string        `json:"homeTeam"`
	LeagueID            int64         `json:"leagueId"`
	Kickoff             time.Time     `json:"kickoff"`
	EntryFee            squares.Cents `json:"entryFee"`
	Host                string        `json:"host"`
	SpotsLeft           int           `json:"spotsLeft"`
	MaxSquaresPerPlayer int           `json:"maxSquaresPerPlayer"`
	Status              string        `json:"status"`
	SalesCloseAt        time.Time     `json:"salesCloseAt"`
}

// handleReadInvitation answers the private pool an invite code leads to, to anyone who holds the code,
// signed in or not: GET /api/invitations/{code}. A code that leads nowhere (unknown, revoked, or of a pool
// that can no longer be joined) is 404, and counts against the address's budget of wrong codes.
func (s *Server) handleReadInvitation(w http.ResponseWriter, r *http.Request) {
	var ip *store.InvitedPool
	if !s.withInviteCode(w, r, func() (err error) {
		ip, err = s.Store.FindInvitedPool(r.Context(), r.PathValue("code"))
		return err
	}) {
		return
	}
	p, g := ip.Pool, ip.Pool.Game
	writeJSON(w, http.StatusOK, InvitedPool{InviteCode: squares.NormalizeInviteCode(r.PathValue("code")),
		Name: p.Name, Game: g.AwayTeam + " @ " + g.HomeTeam, AwayTeam: g.AwayTeam, HomeTeam: g.HomeTeam,
		LeagueID: g.LeagueID, Kickoff: g.GameDate, EntryFee: p.EntryFee, Host: squares.HostName(ip.HostFirst, ip.HostLast),
		SpotsLeft: ip.SquaresFree, MaxSquaresPerPlayer: p.SquareLimit(), Status: p.Status, SalesCloseAt: p.SalesCloseAt()})
}
