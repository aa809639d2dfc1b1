// Package squares holds the domain of Squares, a product for sports squares pools: players claim squares
// on a 10x10 grid for a game, digits are drawn when the grid is full, and the squares matching the last
// digits of the score at the end of each period win a share of the pot.
//
// This package holds the domain types and the pure rules (money, pools, squares, draws, eligibility). It
// imports nothing of the project's own; storage, HTTP, payments and score feeds live in packages named
// after their dependency, and cmd/squares wires them together.
package squares

import (
	"time"
	_ "time/tzdata" // the product shows US Eastern time on machines without a zone database
)

// Eastern is the zone times are shown in (America/New_York), and the zone of schedule files.
var Eastern = mustLoadLocation("America/New_York")

func mustLoadLocation(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// FormatEastern writes t in US Eastern time with an "ET" suffix: "Sun Nov 29, 1:00 PM ET".
func FormatEastern(t time.Time) string {
	return t.In(Eastern).Format("Mon Jan 2, 3:04 PM") + " ET"
}
