package http

import (
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

// Square is a taken square of a pool: owned, or held while its buyer pays.
type Square struct {
	ID            int64         `json:"id"`
	PoolID        int64         `json:"poolId"`
	UserID        string        `json:"userId"`
	Row           int           `json:"row"`
	Column        int           `json:"column"`
	PurchasePrice squares.Cents `json:"purchasePrice"`
	PurchasedAt   *time.Time    `json:"purchasedAt"`
	User          *SquareOwner  `json:"user"`
	// Status is owned, or held while its buyer pays (until HoldExpiresAt).
	Status        string     `json:"status" tstype:"'owned' | 'held' | (string & {})"`
	HoldExpiresAt *time.Time `json:"holdExpiresAt,omitempty" tstype:"string | undefined"`
}

func toSquareJSON(sq *squares.Square) Square {
	out := Square{ID: sq.ID, PoolID: sq.PoolID, UserID: store.OwnerID(sq), Row: sq.Row, Column: sq.Column,
		PurchasePrice: sq.PurchasePrice, User: &SquareOwner{FirstName: sq.OwnerFirst, LastName: sq.OwnerLast},
		Status: sq.State, HoldExpiresAt: sq.HoldExpiresAt}
	if !sq.PurchasedAt.IsZero() {
		out.PurchasedAt = &sq.PurchasedAt
	}
	switch {
	case sq.IsHouse:
		out.User = &SquareOwner{FirstName: "House"}
	case sq.State == squares.SquareHeld:
		// A buyer mid-checkout stays anonymous: the square only shows as reserved.
		out.User = nil
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// handleListSquares answers from the pool's snapshot: the same list for every viewer who may see the pool.
func (s *Server) handleListSquares(w http.ResponseWriter, r *http.Request) {
	b, _, err := s.visibleBoard(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeSnapshot(w, r, `"`+b.squaresTag+`"`, true, b.squaresJSON)
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
