package squares

import (
	"fmt"
	"slices"
	"strings"
)

// Grid is the geometry of a pool's board: its rows (the away team's digits) and columns (the home team's).
// A 100-square grid has one digit a row and a column; a 50-square grid's 5 columns hold two home digits
// each; a 25-square grid's 5 rows and 5 columns hold two digits each. The numbers drawn are always two
// permutations of 0-9 (DrawFromOwnership): a row or column of two digits holds numbers[2i] and numbers[2i+1].
type Grid struct {
	Rows, Columns int
}

// GridOf returns the geometry of a grid of the given number of squares: 100 (10 x 10), 50 (10 rows x 5
// columns) or 25 (5 x 5).
func GridOf(squares int) (Grid, error) {
	switch squares {
	case Grid100:
		return Grid{Rows: 10, Columns: 10}, nil
	case Grid50:
		return Grid{Rows: 10, Columns: 5}, nil
	case Grid25:
		return Grid{Rows: 5, Columns: 5}, nil
	}
	return Grid{}, FieldError(fieldRulesGrid, "Grid must be 100, 50 or 25 squares.")
}

// Squares is the number of squares of the grid.
func (g Grid) Squares() int { return g.Rows * g.Columns }

// Contains reports whether a cell is on the grid.
func (g Grid) Contains(c Cell) bool {
	return c.Row >= 0 && c.Row < g.Rows && c.Column >= 0 && c.Column < g.Columns
}

// Index is a cell's place in row-major order (row 0 column 0 first), as ownership texts list squares.
func (g Grid) Index(c Cell) int { return c.Row*g.Columns + c.Column }

// CellAt is the cell at a place in row-major order.
func (g Grid) CellAt(i int) Cell { return Cell{Row: i / g.Columns, Column: i % g.Columns} }

// axisDigits is the digits one of n rows (or columns) holds of a drawn permutation of 0-9.
func axisDigits(numbers []int, n, i int) []int {
	per := GridSize / n
	return slices.Clone(numbers[i*per : (i+1)*per])
}

// RowDigits returns the away digits that a row holds: awayNumbers[r] on 10 rows, awayNumbers[2r] and
// awayNumbers[2r+1] on 5.
func (g Grid) RowDigits(awayNumbers []int, row int) []int {
	return axisDigits(awayNumbers, g.Rows, row)
}

// ColumnDigits returns the home digits that a column holds: homeNumbers[c] on 10 columns,
// homeNumbers[2c] and homeNumbers[2c+1] on 5.
func (g Grid) ColumnDigits(homeNumbers []int, column int) []int {
	return axisDigits(homeNumbers, g.Columns, column)
}

// axisOf is the row (or column) of n that holds a digit of a drawn permutation of 0-9, or -1.
func axisOf(numbers []int, n, digit int) int {
	i := slices.Index(numbers, digit)
	if i < 0 {
		return -1
	}
	return i / (GridSize / n)
}

// WinningSquare is the square that wins a score: the row holding the last digit of the away score and the
// column holding the home score's. The numbers must be two drawn permutations of 0-9.
func (g Grid) WinningSquare(homeNumbers, awayNumbers []int, homeScore, awayScore int) (Cell, error) {
	if !IsPermutation(homeNumbers) || !IsPermutation(awayNumbers) {
		return Cell{}, Errorf(EINTERNAL, "The numbers %v and %v are not two permutations of 0-9.", homeNumbers, awayNumbers)
	}
	if homeScore < 0 || awayScore < 0 {
		return Cell{}, Errorf(EINVALID, "Scores cannot be negative.")
	}
	if g.Rows <= 0 || g.Columns <= 0 || GridSize%g.Rows != 0 || GridSize%g.Columns != 0 {
		return Cell{}, Errorf(EINTERNAL, "A grid of %d rows and %d columns cannot hold the digits.", g.Rows, g.Columns)
	}
	return Cell{Row: axisOf(awayNumbers, g.Rows, awayScore%10), Column: axisOf(homeNumbers, g.Columns, homeScore%10)}, nil
}

// ReverseSquare is the reverse winner of a score: the square whose row holds the last digit of the home
// score and whose column the away score's, the winning square of the score turned around.
func (g Grid) ReverseSquare(homeNumbers, awayNumbers []int, homeScore, awayScore int) (Cell, error) {
	return g.WinningSquare(homeNumbers, awayNumbers, awayScore, homeScore)
}

// EmptySquareOwner stands for a square nobody took in the ownership text of a board drawn unfilled (rules
// with unfilled "play"); no owner's id is ever "-".
const EmptySquareOwner = "-"

// GridOwnershipText writes the ownership of a grid of any size canonically, as OwnershipText does for 100
// squares: each square's owner in row-major order, comma-separated, an empty square written "-". For a
// full 100-square grid it is exactly OwnershipText, so today's draws are unchanged.
func GridOwnershipText(owners []string) string {
	parts := make([]string, len(owners))
	for i, o := range owners {
		parts[i] = o
		if o == "" {
			parts[i] = EmptySquareOwner
		}
	}
	return strings.Join(parts, ",")
}

// ParseGridOwnershipText reads the ownership text of a grid of n squares back into its owners in
// row-major order, "" for an empty square ("-"); every other owner must be free of spaces.
func ParseGridOwnershipText(text string, n int) ([]string, error) {
	parts := strings.Split(text, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("draw input names %d owners, want %d", len(parts), n)
	}
	for i, p := range parts {
		switch {
		case p == EmptySquareOwner:
			parts[i] = ""
		case p == "" || strings.ContainsAny(p, " \t\r\n"):
			return nil, fmt.Errorf("draw input: square %d has owner %q", i, p)
		}
	}
	return parts, nil
}
