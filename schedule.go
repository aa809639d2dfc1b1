package squares

import "strings"

// weekNames are the NFL week codes that are not "W" and a number.
var weekNames = map[string]string{
	"HOF": "Hall of Fame", "PS1": "Preseason 1", "PS2": "Preseason 2", "PS3": "Preseason 3", "PS4": "Preseason 4",
	"WC": "Wild Card", "DIV": "Divisional", "CONF": "Conference Championships", "SB": "Super Bowl",
}

// WeekName is how a schedule heads a week code: "Week 7" for W7, "Wild Card" for WC; any other code is
// shown as it is.
func WeekName(code string) string {
	c := strings.ToUpper(strings.TrimSpace(code))
	if n, ok := weekNames[c]; ok {
		return n
	}
	if len(c) > 1 && c[0] == 'W' && strings.Trim(c[1:], "0123456789") == "" {
		return "Week " + strings.TrimLeft(c[1:], "0")
	}
	return code
}
