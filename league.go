package squares

import (
	"regexp"
	"strings"
)

// The leagues that exist in every database.
const (
	LeagueNFL   int64 = 1
	LeagueNBA   int64 = 2
	LeagueNCAAF int64 = 5
	LeagueNCAAB int64 = 6
)

// Sports a league may play.
var Sports = []string{"football", "basketball", "baseball", "hockey"}

// League is a competition whose games carry pools, such as the NFL.
type League struct {
	ID          int64
	Name        string // code such as NFL
	DisplayName string
	Sport       string
	IsActive    bool
	ActiveWeek  string // the week whose pools players see; empty means every week
}

// Periods returns how many scoring periods pay out in the league's pools: two halves in college
// basketball, four quarters elsewhere.
func (l *League) Periods() int {
	if l.ID == LeagueNCAAB {
		return 2
	}
	return 4
}

var leagueCode = regexp.MustCompile(`^[A-Z0-9]{2,12}$`)

// Validate checks a league to be created and normalises its code to upper case.
func (l *League) Validate() error {
	var v Validation
	l.Name = strings.ToUpper(strings.TrimSpace(l.Name))
	l.DisplayName = strings.TrimSpace(l.DisplayName)
	l.Sport = strings.ToLower(strings.TrimSpace(l.Sport))
	if !leagueCode.MatchString(l.Name) {
		v.Add("name", "League code must be 2 to 12 letters or digits")
	}
	if l.DisplayName == "" || len(l.DisplayName) > 80 {
		v.Add("displayName", "Display name is required (at most 80 characters)")
	}
	ok := false
	for _, s := range Sports {
		ok = ok || s == l.Sport
	}
	if !ok {
		v.Add("sport", "Sport must be football, basketball, baseball or hockey")
	}
	return v.Err()
}

// NFLWeeks lists the NFL week codes in season order.
var NFLWeeks = []string{"HOF", "PS1", "PS2", "PS3", "PS4",
	"W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W10", "W11", "W12", "W13", "W14", "W15", "W16",
	"W17", "W18", "WC", "DIV", "CONF", "SB"}

var weekLabel = regexp.MustCompile(`^[A-Z0-9-]{1,16}$`)

// NormalizeWeek checks a week code for a league and returns it upper-cased. NFL weeks must be one of
// NFLWeeks; other leagues take any short code.
func NormalizeWeek(leagueID int64, week string) (string, error) {
	w := strings.ToUpper(strings.TrimSpace(week))
	if leagueID == LeagueNFL {
		for _, c := range NFLWeeks {
			if c == w {
				return w, nil
			}
		}
		return "", FieldError("week", "Week must be one of HOF, PS1-PS4, W1-W18, WC, DIV, CONF, SB")
	}
	if !weekLabel.MatchString(w) {
		return "", FieldError("week", "Week must be 1 to 16 letters, digits or hyphens")
	}
	return w, nil
}

// Team is a team of a league, with the colours its games are drawn in.
type Team struct {
	LeagueID       int64
	Name           string // full name, "Kansas City Chiefs"
	Abbreviation   string // "KC"
	Code           string // the schedule feed's code (nflverse: "LA" for the Rams)
	City           string
	PrimaryColor   string
	SecondaryColor string
}
