package squares

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// USStates lists the 50 states and DC by their two-letter codes.
var USStates = map[string]string{
	"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
	"CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida",
	"GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa",
	"KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
	"MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri",
	"MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
	"NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio",
	"OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
	"SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
	"VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}

// IsUSState reports whether code is one of the 50 states or DC.
func IsUSState(code string) bool {
	_, ok := USStates[code]
	return ok
}

// DefaultRestrictedStates is the conservative default list of states where paid play is refused:
// Hawaii and Utah prohibit gambling outright, and Washington, Idaho, Montana, Nevada and Louisiana treat
// paid contests with an operator's cut most strictly. It is no legal advice: operators set their own.
const DefaultRestrictedStates = "HI,ID,LA,MT,NV,UT,WA"

// DefaultStateMinAge is the default per-state minimum age for paid play (18 elsewhere).
const DefaultStateMinAge = "AZ=21,MA=21,AL=19,NE=19"

// Eligibility holds the operator's rules for paid play: where it is refused and the minimum age per state.
type Eligibility struct {
	Restricted map[string]bool
	MinAge     map[string]int
}

// ParseEligibility reads the restricted list ("HI,UT") and the minimum ages ("AZ=21,MA=21").
func ParseEligibility(restricted, minAges string) (Eligibility, error) {
	e := Eligibility{Restricted: map[string]bool{}, MinAge: map[string]int{}}
	for _, s := range strings.Split(restricted, ",") {
		s = strings.ToUpper(strings.TrimSpace(s))
		if s == "" {
			continue
		}
		if !IsUSState(s) {
			return e, fmt.Errorf("restricted states: %q is not a US state code", s)
		}
		e.Restricted[s] = true
	}
	for _, s := range strings.Split(minAges, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		code, age, ok := strings.Cut(s, "=")
		code = strings.ToUpper(strings.TrimSpace(code))
		n, err := strconv.Atoi(strings.TrimSpace(age))
		if !ok || !IsUSState(code) || err != nil || n < MinimumAge || n > 99 {
			return e, fmt.Errorf("state minimum ages: %q is not STATE=AGE with an age of 18 to 99", s)
		}
		e.MinAge[code] = n
	}
	return e, nil
}

// RestrictedList returns the restricted state codes, sorted.
func (e Eligibility) RestrictedList() []string {
	var out []string
	for s := range e.Restricted {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// Decide applies the rules to a verified date of birth and residence: the user is age verified when 18 or
// older and a US resident, and eligible for paid play when their state allows it and they meet its
// minimum age.
func (e Eligibility) Decide(dob time.Time, state string, now time.Time) (ageVerified, eligible bool) {
	age := AgeOn(dob, now)
	if age < MinimumAge || !IsUSState(state) {
		return false, false
	}
	min := MinimumAge
	if n, ok := e.MinAge[state]; ok {
		min = n
	}
	return true, !e.Restricted[state] && age >= min
}

// CheckPaidPlay decides whether u may play paid pools now, from their stored details (age verification,
// date of birth, state) and this configuration, so that a change of configuration applies to everyone at
// once. A restricted state or a state's higher minimum age is a rule refusing the sale (EUNPROCESSABLE,
// naming it); an account not verified, or whose stored IsEligibleToBet is off (the outcome of their
// verification, or an admin's switch, which can only restrict further), is refused paid play (EFORBIDDEN).
func (e Eligibility) CheckPaidPlay(u *User, now time.Time) error {
	refused := Errorf(EFORBIDDEN, "Paid pools need an age-verified account in a state where they are allowed.")
	if u == nil || !u.IsAgeVerified {
		return refused
	}
	dob, err := ParseDate(u.DateOfBirth)
	if err != nil || !IsUSState(u.ResidenceState) {
		return refused
	}
	state := u.ResidenceState
	if e.Restricted[state] {
		return Errorf(EUNPROCESSABLE, "Paid pools are not available in %s.", USStates[state])
	}
	min := MinimumAge
	if n, ok := e.MinAge[state]; ok {
		min = n
	}
	if AgeOn(dob, now) < min {
		return Errorf(EUNPROCESSABLE, "Paid pools in %s are for players %d and older.", USStates[state], min)
	}
	if !u.IsEligibleToBet {
		return refused
	}
	return nil
}

// CanPlayPaid reports whether CheckPaidPlay lets u play paid pools now: what the API reports to a player
// as isEligibleToBet.
func (e Eligibility) CanPlayPaid(u *User, now time.Time) bool { return e.CheckPaidPlay(u, now) == nil }
