package squares

import (
	"fmt"
	"strings"
	"time"
)

// Ways of taking squares of a pool.
const (
	// SaleClaim takes a free pool's squares for nothing, or a host-collected pool's squares, paid to the
	// host outside Squares.
	SaleClaim = "claim"
	// SaleCheckout holds a paid pool's squares for the buyer while they pay the price.
	SaleCheckout = "checkout"
	// SalePaid gives paid squares whose payment was taken outside a checkout (store.Claim with Paid).
	SalePaid = "paid"
)

// Sale is one request to take squares of a pool, with everything its rules read. The store fills it in
// under the pool's lock and asks CheckSale before it writes anything.
type Sale struct {
	Kind string
	// Pool is the pool, with its Game.
	Pool *Pool
	// ActiveWeek is the active week of the pool's league; empty while the league has none.
	ActiveWeek string
	Now        time.Time
	Buyer      *User
	// Eligibility is the configuration of paid play in force.
	Eligibility Eligibility
	Cells       []Cell
	// Have counts the squares the buyer already holds or owns in the pool (those of a checkout being
	// resumed excluded).
	Have int
	// Amount is what the browser says a checkout costs; the price is the server's, the amount only checked.
	Amount Cents
	// Member reports whether the buyer joined the pool: a private pool sells only to its members.
	Member bool
	// Taken counts the cells asked for that a square of the pool (owned, or held) already occupies, when
	// the store read them under the pool's lock; the store that does not relies on the unique key of
	// (pool, row, column), which refuses them as it writes.
	Taken int
}

// CheckSale applies every rule of a sale, in this order: who buys (a private pool's member), the squares asked for, the pool being
// open for sale, the buyer's limit, for a checkout the amount, and the squares being free. It returns the
// price: the pool's entry fee for each square.
func CheckSale(s Sale) (Cents, error) {
	if err := s.checkBuyer(); err != nil {
		return 0, err
	}
	if s.Pool.IsPrivate && !s.Member {
		return 0, Errorf(ENOTFOUND, "Pool not found.")
	}
	if err := CheckCells(s.Cells); err != nil {
		return 0, err
	}
	if err := CheckOnGrid(s.Pool.Grid(), s.Cells); err != nil {
		return 0, err
	}
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	if limit := s.Pool.SquareLimit(); s.Have+len(s.Cells) > limit {
		return 0, Errorf(EUNPROCESSABLE, "You can only select %d squares at a time. "+
			"Remove a selected square first to select a different one.", limit)
	}
	price := s.Pool.EntryFee * Cents(len(s.Cells))
	if s.Kind == SaleCheckout && s.Amount != price {
		return 0, FieldError("amount", fmt.Sprintf("The amount does not match the price of %d squares: $%s.",
			len(s.Cells), price))
	}
	if s.Taken > 0 {
		return 0, Errorf(ECONFLICT, MsgSquareTaken)
	}
	return price, nil
}

// checkBuyer refuses admins, and players who may not play this kind of pool.
func (s *Sale) checkBuyer() error {
	u := s.Buyer
	switch {
	case u == nil:
		return Errorf(EUNAUTHORIZED, "Not authenticated. Please sign in.")
	case u.HasAdminRole():
		return Errorf(EFORBIDDEN, "Admins cannot buy squares.")
	case s.Kind == SaleClaim:
		if !u.CanPlayFree() {
			return Errorf(EFORBIDDEN, "Please verify your age before joining a pool.")
		}
		return nil
	}
	return s.Eligibility.CheckPaidPlay(u, s.Now)
}

// checkOpen refuses a sale in a pool that is not open for it: a draft, a pool whose game is not scheduled
// (CheckGameSelling), a free pool at checkout, a pool that is not active (a hidden one says so), a paid
// pool claimed without paying, a week other than its league's active one, before its sales window or
// after the final decision (DecisionLead before kickoff).
func (s *Sale) checkOpen() error {
	p := s.Pool
	if p.Status == PoolDraft {
		return Errorf(ENOTFOUND, "Pool not found.")
	}
	if err := CheckGameSelling(p.Game); err != nil {
		return err
	}
	if s.Kind == SaleCheckout && p.IsFree() {
		return Errorf(EUNPROCESSABLE, "This pool is free: claim its squares without paying.")
	}
	if s.Kind != SaleClaim && p.HostCollects() {
		return Errorf(EUNPROCESSABLE, "This pool's host collects the money: claim its squares and pay the host.")
	}
	switch p.Status {
	case PoolActive:
	case PoolFull, PoolStarted, PoolCompleted:
		return Errorf(ECONFLICT, "This pool is full.")
	case PoolInactive:
		return Errorf(EUNPROCESSABLE, "This pool is hidden and not selling squares for now.")
	default:
		return Errorf(EUNPROCESSABLE, "This pool is %s.", p.Status)
	}
	if !p.IsFree() && !p.HostCollects() && s.Kind == SaleClaim {
		return Errorf(EUNPROCESSABLE, "Squares in paid pools are bought through checkout.")
	}
	if !p.IsPrivate && s.ActiveWeek != "" && p.Game.Week != s.ActiveWeek {
		return Errorf(EUNPROCESSABLE, "This pool's week is closed.")
	}
	if open := p.SalesOpenAt(); !open.IsZero() && s.Now.Before(open) {
		return Errorf(EUNPROCESSABLE, "Sales for this pool open on %s.", FormatEastern(open))
	}
	if !s.Now.Before(p.SalesCloseAt()) {
		return Errorf(EUNPROCESSABLE, "Sales for this pool have closed: its game kicks off soon.")
	}
	return nil
}

// MsgSquareTaken refuses a sale of a square somebody else already took.
const MsgSquareTaken = "This square is already owned by another player."

// Why a pool's sales closed with its game.
const (
	msgGameStarted = "Sales for this pool have closed: its game has started."
	msgKickedOff   = "Sales for this pool have closed: its game has kicked off."
)

// CheckGameSelling is the rule of the game for every sale: a pool sells only while its game is scheduled.
// Once the game is live or completed (an admin's score entry or the feed may report it before its
// kickoff time), or called off, every sale is refused (422), whatever the pool's status says; the time is
// the sales window's (before kickoff, and DecisionLead before it).
func CheckGameSelling(g *Game) error {
	if g == nil {
		return Errorf(EUNPROCESSABLE, "This pool has no game.")
	}
	switch g.Status {
	case GameScheduled:
		return nil
	case GameLive, GameCompleted:
		return Errorf(EUNPROCESSABLE, msgGameStarted)
	case GameCancelled, GamePostponed:
		return Errorf(EUNPROCESSABLE, "Sales for this pool have closed: its game was %s.", g.Status)
	}
	return Errorf(EUNPROCESSABLE, "Sales for this pool have closed: its game is %s.", g.Status)
}

// CheckGameConfirming is the rule of the game for a confirmation: a checkout's hold, taken while the pool
// sold, is honoured only while its game is scheduled and before its kickoff. A hold taken before the game
// started but confirmed after is refused (422) and the payment released, never honoured.
func CheckGameConfirming(g *Game, now time.Time) error {
	if err := CheckGameSelling(g); err != nil {
		return Errorf(EUNPROCESSABLE, "%s Your payment is released.", ErrorMessage(err))
	}
	if !now.Before(g.GameDate) {
		return Errorf(EUNPROCESSABLE, "%s Your payment is released.", msgKickedOff)
	}
	return nil
}

// CheckCells refuses an empty list, more squares than any pool lets one player have, cells off the grid
// and a cell listed twice.
func CheckCells(cells []Cell) error {
	if len(cells) == 0 {
		return FieldError("squares", "Please select at least one square to purchase.")
	}
	if len(cells) > MaxPrivateSquares {
		return FieldError("squares", "Too many squares in one purchase.")
	}
	seen := map[Cell]bool{}
	for _, cell := range cells {
		if !ValidCell(cell.Row, cell.Column) {
			return FieldError("squares", "Row and column must be 0 to 9.")
		}
		if seen[cell] {
			return FieldError("squares", "The same square is listed twice.")
		}
		seen[cell] = true
	}
	return nil
}

// CheckOnGrid refuses cells off a pool's grid: a 50-square grid has columns 0 to 4, a 25-square grid rows
// and columns 0 to 4.
func CheckOnGrid(g Grid, cells []Cell) error {
	for _, c := range cells {
		if !g.Contains(c) {
			return FieldError("squares", fmt.Sprintf("This pool's grid has rows 0 to %d and columns 0 to %d.", g.Rows-1, g.Columns-1))
		}
	}
	return nil
}

// Confirmation is a checkout whose payment the provider reports, about to give the buyer its squares.
type Confirmation struct {
	Payment  *Payment
	Provider *ProviderPayment
	// Pool is the checkout's pool as it is now.
	Pool *Pool
	// Buyer is the checkout's buyer as stored now, judged by the configuration of paid play in force.
	Buyer       *User
	Eligibility Eligibility
	Now         time.Time
}

// CheckConfirmation applies the rules of a confirmation: the provider's payment is paid, for the
// checkout's amount and currency, the pool's game has not started (CheckGameConfirming), the pool still
// takes its squares, and the buyer may still play paid pools (their details and the configuration may
// have changed since the checkout began). A pool hidden since the checkout began still takes them: the
// hold was taken while it was selling.
func CheckConfirmation(c Confirmation) error {
	p, pp := c.Payment, c.Provider
	if !PaidStatus(pp.Status) {
		return Errorf(EUNPROCESSABLE, "The payment is not complete (%s).", pp.Status)
	}
	if pp.Amount != p.Amount || !strings.EqualFold(pp.Currency, p.Currency) {
		return Errorf(EUNPROCESSABLE, "The payment of $%s %s does not match the checkout of $%s.",
			pp.Amount, strings.ToUpper(pp.Currency), p.Amount)
	}
	if err := CheckGameConfirming(c.Pool.Game, c.Now); err != nil {
		return err
	}
	if s := c.Pool.Status; s != PoolActive && s != PoolInactive {
		return Errorf(ECONFLICT, "This pool is %s; your payment is released.", s)
	}
	if err := c.Eligibility.CheckPaidPlay(c.Buyer, c.Now); err != nil {
		return Errorf(EUNPROCESSABLE, "%s Your payment is released.", ErrorMessage(err))
	}
	return nil
}

// What becomes of the owned squares of a payment released before capture, by the status of their pool.
const (
	// ReleaseFree puts them back on sale: the pool is still selling, or hidden, or a draft.
	ReleaseFree = "free"
	// ReleaseKeep leaves them as they are: the record of a cancelled pool.
	ReleaseKeep = "keep"
	// ReleaseToHouse gives them to the house, which stakes them in the player's place: the grid is
	// complete and its numbers drawn, so it must stay whole.
	ReleaseToHouse = "house"
)

// ReleasedSquares says what becomes of the owned squares of a payment released before capture in a pool
// of the given status.
func ReleasedSquares(poolStatus string) string {
	switch poolStatus {
	case PoolCancelled:
		return ReleaseKeep
	case PoolActive, PoolInactive, PoolDraft:
		return ReleaseFree
	default:
		return ReleaseToHouse
	}
}
