package squares

import "time"

// Square states: a hold keeps a square for a buyer during checkout; an owned square is sold or claimed.
const (
	SquareHeld  = "held"
	SquareOwned = "owned"
)

// Square is one cell of a pool's grid. Row is the away team's digit, Column the home team's.
type Square struct {
	ID     int64
	PoolID int64
	UserID int64 // 0 for a house square and a guest's
	// GuestID is the guest of a host-collected pool the square was given to (kept after the guest became
	// an account, UserID then); GuestName the guest's name.
	GuestID       int64
	GuestName     string
	IsHouse       bool
	Row           int
	Column        int
	State         string
	PurchasePrice Cents
	PurchasedAt   time.Time
	HoldExpiresAt *time.Time
	PaymentID     string
	OwnerFirst    string
	OwnerLast     string
	// Paid reports, in a host-collected pool, whether the owner's payments to the host cover the square
	// (squares.PaidSquares); always false elsewhere.
	Paid bool
}

// ValidCell reports whether row and column are on the grid (0-9).
func ValidCell(row, column int) bool {
	return row >= 0 && row < GridSize && column >= 0 && column < GridSize
}

// Cell is a position on the grid.
type Cell struct {
	Row    int `json:"row"`
	Column int `json:"column"`
}
