package http

import (
	"crypto/sha256"
	"net/http"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// SquareOwner names a square's owner.
type SquareOwner struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
}

// Square is a taken square of a pool: owned, or held while its buyer pays. A guest's square (a host pool's
// guest without an account) has userId null and its guestId (absent on any other square); displayName
// names an owned square's owner as the board shows them (a member's first name and initial, a guest's
// name, "House"; absent on a held square).
type Square struct {
	ID            int64         `json:"id"`
	PoolID        int64         `json:"poolId"`
	UserID        *string       `json:"userId"`
	GuestID       *int64        `json:"guestId,omitempty" tstype:"number | undefined"`
	DisplayName   string        `json:"displayName,omitempty" tstype:"string | undefined"`
	Row           int           `json:"row"`
	Column        int           `json:"column"`
	PurchasePrice squares.Cents `json:"purchasePrice"`
	PurchasedAt   *time.Time    `json:"purchasedAt"`
	User          *SquareOwner  `json:"user"`
	// Status is owned, or held while its buyer pays (until HoldExpiresAt).
	Status        string     `json:"status" tstype:"'owned' | 'held' | (string & {})"`
	HoldExpiresAt *time.Time `json:"holdExpiresAt,omitempty" tstype:"string | undefined"`
	// Paid, in a host pool, is whether the owner's payments to the host cover the square: shown to the
	// host and to the square's owner only, absent for anyone else and in every other pool.
	Paid *bool `json:"paid,omitempty" tstype:"boolean | undefined"`
}

func toSquareJSON(sq *squares.Square) Square {
	owner := store.OwnerID(sq)
	out := Square{ID: sq.ID, PoolID: sq.PoolID, UserID: &owner, Row: sq.Row, Column: sq.Column,
		PurchasePrice: sq.PurchasePrice, User: &SquareOwner{FirstName: sq.OwnerFirst, LastName: sq.OwnerLast},
		Status: sq.State, HoldExpiresAt: sq.HoldExpiresAt, DisplayName: squares.ShortName(sq.OwnerFirst, sq.OwnerLast)}
	if sq.UserID == 0 && sq.GuestID != 0 && !sq.IsHouse {
		guest := sq.GuestID
		out.UserID, out.GuestID, out.DisplayName = nil, &guest, sq.GuestName
		out.User = &SquareOwner{FirstName: sq.GuestName}
	}
	if !sq.PurchasedAt.IsZero() {
		out.PurchasedAt = &sq.PurchasedAt
	}
	switch {
	case sq.IsHouse:
		out.User, out.DisplayName = &SquareOwner{FirstName: "House"}, "House"
	case sq.State == squares.SquareHeld:
		// A buyer mid-checkout stays anonymous: the square only shows as reserved.
		out.User, out.DisplayName = nil, ""
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// handleListSquares answers from the pool's snapshot: the same list for every viewer who may see the pool;
// in a host pool, the squares whose paid the viewer may see (hostSquaresJSON) are encoded for them.
func (s *Server) handleListSquares(w http.ResponseWriter, r *http.Request) {
	b, _, err := s.visibleBoard(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if b.pool.HostCollects() {
		if u := userFrom(r.Context()); u != nil {
			body, err := hostSquaresJSON(b, u)
			if err != nil {
				s.Error(w, r, err)
				return
			}
			sum := sha256.Sum256(body)
			writeSnapshot(w, r, `"`+contentTag(sum[:])+`"`, true, body)
			return
		}
	}
	writeEncodedSnapshot(w, r, `"`+b.squaresTag+`"`, true, b.squaresJSON)
}

// hostSquaresJSON is a host pool's squares as the viewer sees them: paid on every square for its host, on
// their own squares for a player, on none for anyone else.
func hostSquaresJSON(b *board, viewer *squares.User) ([]byte, error) {
	host := viewer.ID == b.pool.CreatorID
	list := make([]Square, 0, len(b.squares))
	for _, sq := range b.squares {
		out := toSquareJSON(sq)
		if sq.State == squares.SquareOwned && !sq.IsHouse && (host || sq.UserID == viewer.ID) {
			paid := sq.Paid
			out.Paid = &paid
		}
		list = append(list, out)
	}
	return encodeJSON(list)
}

type claimRequest struct {
	Row    *int `json:"row"`
	Column *int `json:"column"`
}

// ClaimAnswer is the answer to a claim: the pool right after it, and the square.
type ClaimAnswer struct {
	Pool   Pool   `json:"pool"`
	Square Square `json:"square"`
}

// handleClaimSquare claims one square of a free pool for the signed-in player.
func (s *Server) handleClaimSquare(w http.ResponseWriter, r *http.Request) {
	poolID, err := pathID(r, "id")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var req claimRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	var v squares.Validation
	if req.Row == nil || *req.Row < 0 || *req.Row >= squares.GridSize {
		v.Add("row", "Row must be a number from 0 to 9.")
	}
	if req.Column == nil || *req.Column < 0 || *req.Column >= squares.GridSize {
		v.Add("column", "Column must be a number from 0 to 9.")
	}
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	// The store checks the rules of the sale (squares.CheckSale), who may claim included.
	u := userFrom(r.Context())
	res, err := s.Store.ClaimSquares(r.Context(), store.Claim{PoolID: poolID, User: u,
		Cells: []squares.Cell{{Row: *req.Row, Column: *req.Column}}})
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, ClaimAnswer{Pool: toPoolJSON(res.Pool, u), Square: toSquareJSON(res.Squares[0])})
}
