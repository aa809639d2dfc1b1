package squares_test

import (
	"testing"

	"github.com/squaresapp/squares"
)

func TestWeekName(t *testing.T) {
	for code, want := range map[string]string{"W1": "Week 1", "w18": "Week 18", "WC": "Wild Card", "DIV": "Divisional",
		"CONF": "Conference Championships", "SB": "Super Bowl", "HOF": "Hall of Fame", "PS2": "Preseason 2",
		"R1": "R1", "": "", "W": "W", "WEEK-3": "WEEK-3"} {
		if got := squares.WeekName(code); got != want {
			t.Errorf("WeekName(%q) = %q, want %q", code, got, want)
		}
	}
}
