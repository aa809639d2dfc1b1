package squares_test

import (
	"slices"
	"strconv"
	"testing"

	"github.com/squaresapp/squares"
)

// The test vector's digits (docs/fairness.md): homeNumbers label the columns, awayNumbers the rows.
var (
	vecHome = []int{7, 1, 9, 2, 0, 3, 5, 8, 6, 4}
	vecAway = []int{5, 0, 6, 9, 7, 3, 8, 1, 2, 4}
)

func grid(t *testing.T, n int) squares.Grid {
	t.Helper()
	g, err := squares.GridOf(n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGridGeometry(t *testing.T) {
	for _, tc := range []struct {
		squares, rows, columns int
		row3, column3          []int // digits of row 3 and column 3 with the test vector's numbers
	}{
		{100, 10, 10, []int{9}, []int{2}},
		{50, 10, 5, []int{9}, []int{5, 8}},
		{25, 5, 5, []int{8, 1}, []int{5, 8}},
	} {
		g := grid(t, tc.squares)
		if g.Rows != tc.rows || g.Columns != tc.columns || g.Squares() != tc.squares {
			t.Errorf("grid %d: %+v", tc.squares, g)
		}
		if got := g.RowDigits(vecAway, 3); !slices.Equal(got, tc.row3) {
			t.Errorf("grid %d: row 3 holds %v, want %v", tc.squares, got, tc.row3)
		}
		if got := g.ColumnDigits(vecHome, 3); !slices.Equal(got, tc.column3) {
			t.Errorf("grid %d: column 3 holds %v, want %v", tc.squares, got, tc.column3)
		}
		last := squares.Cell{Row: tc.rows - 1, Column: tc.columns - 1}
		if !g.Contains(last) || g.Contains(squares.Cell{Row: tc.rows, Column: 0}) || g.Contains(squares.Cell{Row: 0, Column: tc.columns}) ||
			g.Contains(squares.Cell{Row: -1}) || g.Index(last) != tc.squares-1 || g.CellAt(tc.squares-1) != last {
			t.Errorf("grid %d: cells", tc.squares)
		}
	}
	for _, n := range []int{0, 10, 64, 99, 101} {
		if _, err := squares.GridOf(n); squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("grid %d: %v", n, err)
		}
	}
}

func TestWinningAndReverseSquares(t *testing.T) {
	for _, tc := range []struct {
		name         string
		squares      int
		home, away   int
		win, reverse squares.Cell
	}{
		// 14-7 (home-away): away digit 7 is awayNumbers[4], home digit 4 homeNumbers[9]; reversed, home 4 is
		// awayNumbers[9] and away 7 homeNumbers[0].
		{"100: 14-7", 100, 14, 7, squares.Cell{Row: 4, Column: 9}, squares.Cell{Row: 9, Column: 0}},
		{"50: 14-7", 50, 14, 7, squares.Cell{Row: 4, Column: 4}, squares.Cell{Row: 9, Column: 0}},
		{"25: 14-7", 25, 14, 7, squares.Cell{Row: 2, Column: 4}, squares.Cell{Row: 4, Column: 0}},
		{"100: 0-0", 100, 0, 0, squares.Cell{Row: 1, Column: 4}, squares.Cell{Row: 1, Column: 4}},
		{"25: 0-0", 25, 0, 0, squares.Cell{Row: 0, Column: 2}, squares.Cell{Row: 0, Column: 2}},
		{"25: 31-28 (digits 1 and 8)", 25, 31, 28, squares.Cell{Row: 3, Column: 0}, squares.Cell{Row: 3, Column: 3}},
		{"50: 120-103", 50, 120, 103, squares.Cell{Row: 5, Column: 2}, squares.Cell{Row: 1, Column: 2}},
	} {
		g := grid(t, tc.squares)
		win, err := g.WinningSquare(vecHome, vecAway, tc.home, tc.away)
		if err != nil || win != tc.win {
			t.Errorf("%s: winner %+v %v, want %+v", tc.name, win, err, tc.win)
		}
		rev, err := g.ReverseSquare(vecHome, vecAway, tc.home, tc.away)
		if err != nil || rev != tc.reverse {
			t.Errorf("%s: reverse %+v %v, want %+v", tc.name, rev, err, tc.reverse)
		}
	}
	g := grid(t, 100)
	if _, err := g.WinningSquare(vecHome, vecAway, -1, 3); squares.ErrorCode(err) != squares.EINVALID {
		t.Errorf("negative score: %v", err)
	}
	if _, err := g.WinningSquare([]int{1, 1, 2, 3, 4, 5, 6, 7, 8, 9}, vecAway, 1, 3); squares.ErrorCode(err) != squares.EINTERNAL {
		t.Errorf("not a permutation: %v", err)
	}
	if _, err := g.WinningSquare(nil, nil, 1, 3); err == nil {
		t.Error("numbers not drawn: no error")
	}
}

// TestEveryScoreWinsOneSquare: each of the 100 last-digit pairs wins exactly one square, and each square
// wins 100 / squares of them; the 100-square grid agrees with today's WinningCell.
func TestEveryScoreWinsOneSquare(t *testing.T) {
	pool := &squares.Pool{Name: "p", HomeNumbers: vecHome, AwayNumbers: vecAway}
	for _, n := range []int{100, 50, 25} {
		g := grid(t, n)
		wins := map[squares.Cell]int{}
		for h := range 10 {
			for a := range 10 {
				c, err := g.WinningSquare(vecHome, vecAway, h+20, a+30)
				if err != nil || !g.Contains(c) {
					t.Fatalf("grid %d, %d-%d: %+v %v", n, h, a, c, err)
				}
				wins[c]++
				if !slices.Contains(g.RowDigits(vecAway, c.Row), a) || !slices.Contains(g.ColumnDigits(vecHome, c.Column), h) {
					t.Errorf("grid %d: %d-%d won by %+v, whose digits are %v x %v", n, h, a, c,
						g.RowDigits(vecAway, c.Row), g.ColumnDigits(vecHome, c.Column))
				}
				if n == 100 {
					today, _ := squares.WinningCell(pool, squares.PeriodScore{Home: h, Away: a})
					if today != c {
						t.Errorf("%d-%d: %+v, today %+v", h, a, c, today)
					}
				}
			}
		}
		if len(wins) != n {
			t.Errorf("grid %d: %d squares win", n, len(wins))
		}
		for c, k := range wins {
			if k != 100/n {
				t.Errorf("grid %d: %+v wins %d scores", n, c, k)
			}
		}
	}
}

func TestGridOwnershipText(t *testing.T) {
	var full [squares.SquaresPerPool]string
	for i := range full {
		full[i] = strconv.Itoa(i%7 + 1)
	}
	if got := squares.GridOwnershipText(full[:]); got != squares.OwnershipText(full) {
		t.Errorf("a full 100-square grid's text differs from today's: %q", got)
	}
	owners := []string{"12", "", "admin", "guest-4", ""}
	text := squares.GridOwnershipText(owners)
	if text != "12,-,admin,guest-4,-" {
		t.Errorf("text %q", text)
	}
	back, err := squares.ParseGridOwnershipText(text, 5)
	if err != nil || !slices.Equal(back, owners) {
		t.Errorf("parsed %q %v", back, err)
	}
	for _, bad := range []struct {
		text string
		n    int
	}{{"1,2,3", 4}, {"1,,3", 3}, {"1, 2,3", 3}, {"", 1}} {
		if _, err := squares.ParseGridOwnershipText(bad.text, bad.n); err == nil {
			t.Errorf("%q (%d squares) accepted", bad.text, bad.n)
		}
	}
}
