package squares

import (
	"fmt"
	"time"
)

// Assignment is the host's giving of squares to a player of a host pool: chosen cells, or Random squares
// at random; with what its rules read.
type Assignment struct {
	Actor  *User
	Pool   *Pool
	Cells  []Cell
	Random int
	// Have counts the squares the player owns in the pool already.
	Have int
	Now  time.Time
}

// CheckAssignment applies the rules of an assignment: the host's right (CheckHostAction), chosen cells
// (CheckCells) or a number of random squares (1 to MaxPrivateSquares), never both, the pool open as for a
// sale (its game scheduled, the pool active and before its sales close), and the player's limit. It
// returns how many squares are given.
func CheckAssignment(a Assignment) (int, error) {
	if err := CheckHostAction(HostAction{Actor: a.Actor, Pool: a.Pool, Action: HostAssign}); err != nil {
		return 0, err
	}
	n := len(a.Cells)
	switch {
	case n > 0 && a.Random != 0:
		return 0, FieldError("squares", "Give chosen squares or a number at random, not both.")
	case n == 0 && (a.Random < 1 || a.Random > MaxPrivateSquares):
		return 0, FieldError("random", fmt.Sprintf("Give from 1 to %d squares at random.", MaxPrivateSquares))
	case n == 0:
		n = a.Random
	default:
		if err := CheckCells(a.Cells); err != nil {
			return 0, err
		}
		if err := CheckOnGrid(a.Pool.Grid(), a.Cells); err != nil {
			return 0, err
		}
	}
	s := Sale{Kind: SaleClaim, Pool: a.Pool, Now: a.Now}
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	if limit := a.Pool.SquareLimit(); a.Have+n > limit {
		return 0, Errorf(EUNPROCESSABLE, "A player can have at most %d squares in this pool; this one has %d.", limit, a.Have)
	}
	return n, nil
}

// PickRandom picks n of the free cells at random, intn giving a uniform number in [0, k); it refuses
// more than are free (409).
func PickRandom(free []Cell, n int, intn func(k int) int) ([]Cell, error) {
	if n > len(free) {
		return nil, Errorf(ECONFLICT, "Only %d squares are free.", len(free))
	}
	pool := append([]Cell(nil), free...)
	for i := 0; i < n; i++ {
		j := i + intn(len(pool)-i)
		pool[i], pool[j] = pool[j], pool[i]
	}
	return pool[:n], nil
}

// TakeBack is the host's taking back of one square of a host pool.
type TakeBack struct {
	Actor  *User
	Pool   *Pool
	Square *Square
}

// CheckTakeBack applies the rules of taking a square back: the host's right (CheckHostAction), a square
// owned by a player (not the house's, not one held for a checkout, never one paid by card), and numbers
// not drawn yet in a pool that is still taking squares.
func CheckTakeBack(t TakeBack) error {
	if err := CheckHostAction(HostAction{Actor: t.Actor, Pool: t.Pool, Action: HostTakeBack}); err != nil {
		return err
	}
	switch sq := t.Square; {
	case t.Pool.NumbersGenerated():
		return Errorf(EUNPROCESSABLE, "The numbers are drawn: squares can no longer be taken back.")
	case t.Pool.Status != PoolActive && t.Pool.Status != PoolInactive:
		return Errorf(EUNPROCESSABLE, "This pool is %s: its squares can no longer be taken back.", t.Pool.Status)
	case sq == nil || sq.State != SquareOwned:
		return Errorf(ENOTFOUND, "No one has this square.")
	case sq.PaymentID != "":
		return Errorf(EUNPROCESSABLE, "A square paid by card cannot be taken back.")
	case sq.IsHouse:
		return Errorf(EUNPROCESSABLE, "The house's squares cannot be taken back.")
	}
	return nil
}

// LimitChange is a host's change of a private pool's per-player limit.
type LimitChange struct {
	Actor *User
	Pool  *Pool
	Limit int
}

// CheckLimitChange lets the host of a private pool change its per-player limit (1 to MaxPrivateSquares)
// until the first square is taken; anyone else is refused (403).
func CheckLimitChange(c LimitChange) error {
	switch {
	case c.Actor == nil:
		return Errorf(EUNAUTHORIZED, "Not authenticated. Please sign in.")
	case c.Pool == nil || !c.Pool.IsPrivate || c.Actor.ID != c.Pool.CreatorID:
		return Errorf(EFORBIDDEN, "Only the pool's host can change its limit.")
	case c.Limit < 1:
		return FieldError("maxSquaresPerPlayer", "Must allow at least 1 square")
	case c.Limit > MaxPrivateSquares:
		return FieldError("maxSquaresPerPlayer", "Cannot exceed 25 squares per player")
	case c.Pool.SquaresTaken > 0:
		return Errorf(EUNPROCESSABLE, "The limit can only change until the first square is taken.")
	case c.Pool.Status != PoolActive && c.Pool.Status != PoolInactive:
		return Errorf(EUNPROCESSABLE, "This pool is %s: its limit can no longer change.", c.Pool.Status)
	}
	return nil
}
