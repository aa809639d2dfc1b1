package squares_test

import (
	"slices"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

func defaultEligibility(t *testing.T) squares.Eligibility {
	t.Helper()
	e, err := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
	if err != nil {
		t.Fatalf("default eligibility lists do not parse: %v", err)
	}
	return e
}

func TestDefaultEligibility(t *testing.T) {
	e := defaultEligibility(t)
	if got, want := e.RestrictedList(), []string{"HI", "ID", "LA", "MT", "NV", "UT", "WA"}; !slices.Equal(got, want) {
		t.Errorf("restricted = %v, want %v", got, want)
	}
	want := map[string]int{"AZ": 21, "MA": 21, "AL": 19, "NE": 19}
	if len(e.MinAge) != len(want) {
		t.Errorf("min ages = %v, want %v", e.MinAge, want)
	}
	for s, age := range want {
		if e.MinAge[s] != age {
			t.Errorf("min age of %s = %d, want %d", s, e.MinAge[s], age)
		}
	}
	if len(squares.USStates) != 51 {
		t.Errorf("%d states, want 50 and DC", len(squares.USStates))
	}
}

// bornYearsAgo returns the date of birth of someone who turned years old on the date of at.
func bornYearsAgo(at time.Time, years int) time.Time {
	return time.Date(at.Year()-years, at.Month(), at.Day(), 0, 0, 0, 0, time.UTC)
}

func TestEligibilityDecide(t *testing.T) {
	e := defaultEligibility(t)
	at := time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name               string
		age                int
		dayLater           bool // born one day later: one year younger until tomorrow
		state              string
		verified, eligible bool
	}{
		{"adult in NY", 30, false, "NY", true, true},
		{"18 today in NY", 18, false, "NY", true, true},
		{"18 tomorrow in NY", 18, true, "NY", false, false},
		{"restricted Utah", 40, false, "UT", true, false},
		{"restricted Washington", 25, false, "WA", true, false},
		{"20 in Arizona", 20, false, "AZ", true, false},
		{"21 today in Arizona", 21, false, "AZ", true, true},
		{"21 tomorrow in Arizona", 21, true, "AZ", true, false},
		{"20 in Massachusetts", 20, false, "MA", true, false},
		{"18 in Alabama", 18, false, "AL", true, false},
		{"19 in Nebraska", 19, false, "NE", true, true},
		{"17 in Texas", 17, false, "TX", false, false},
		{"not a state", 30, false, "ZZ", false, false},
		{"no state", 30, false, "", false, false},
		{"DC", 30, false, "DC", true, true},
	} {
		dob := bornYearsAgo(at, tc.age)
		if tc.dayLater {
			dob = dob.AddDate(0, 0, 1)
		}
		v, ok := e.Decide(dob, tc.state, at)
		if v != tc.verified || ok != tc.eligible {
			t.Errorf("%s: Decide = verified %v eligible %v, want %v %v", tc.name, v, ok, tc.verified, tc.eligible)
		}
	}

	// Operators choose their own lists: with none, Utah is allowed and Arizona takes 18-year-olds.
	open, err := squares.ParseEligibility("", "")
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := open.Decide(bornYearsAgo(at, 18), "AZ", at); !v || !ok {
		t.Errorf("open rules, 18 in AZ: %v %v", v, ok)
	}
	if v, ok := open.Decide(bornYearsAgo(at, 30), "UT", at); !v || !ok {
		t.Errorf("open rules, UT: %v %v", v, ok)
	}
}

func TestParseEligibility(t *testing.T) {
	e, err := squares.ParseEligibility(" ut, hi ,,", "az = 21, ny=19")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(e.RestrictedList(), []string{"HI", "UT"}) || e.MinAge["AZ"] != 21 || e.MinAge["NY"] != 19 {
		t.Errorf("parsed = %+v", e)
	}
	for _, tc := range [][2]string{
		{"XX", ""},
		{"UT,Utah", ""},
		{"PR", ""},
		{"", "AZ"},
		{"", "AZ=abc"},
		{"", "AZ=17"},
		{"", "AZ=100"},
		{"", "ZZ=21"},
		{"", "AZ=21;MA=21"},
		{"", "=21"},
	} {
		if _, err := squares.ParseEligibility(tc[0], tc[1]); err == nil {
			t.Errorf("ParseEligibility(%q, %q) accepted", tc[0], tc[1])
		}
	}
}

func TestCheckPaidPlay(t *testing.T) {
	e := defaultEligibility(t)
	at := time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)
	user := func(age int, dayLater bool, state string, verified, eligible bool) *squares.User {
		dob := bornYearsAgo(at, age)
		if dayLater {
			dob = dob.AddDate(0, 0, 1)
		}
		return &squares.User{ID: 1, Role: squares.RoleUser, DateOfBirth: dob.Format("2006-01-02"), ResidenceState: state,
			IsAgeVerified: verified, IsEligibleToBet: eligible}
	}
	const refused = "Paid pools need an age-verified account in a state where they are allowed."
	for _, tc := range []struct {
		name string
		u    *squares.User
		code string
		msg  string
	}{
		{"adult in NY", user(30, false, "NY", true, true), "", ""},
		{"21 today in Arizona", user(21, false, "AZ", true, true), "", ""},
		{"signed out", nil, squares.EFORBIDDEN, refused},
		{"not verified", user(30, false, "NY", false, false), squares.EFORBIDDEN, refused},
		{"no date of birth", &squares.User{ResidenceState: "NY", IsAgeVerified: true, IsEligibleToBet: true}, squares.EFORBIDDEN, refused},
		{"no state", user(30, false, "", true, true), squares.EFORBIDDEN, refused},
		// Today's configuration decides, whatever the verification said.
		{"restricted state, verified eligible", user(30, false, "UT", true, true), squares.EUNPROCESSABLE,
			"Paid pools are not available in Utah."},
		{"restricted state, verified restricted", user(30, false, "WA", true, false), squares.EUNPROCESSABLE,
			"Paid pools are not available in Washington."},
		{"21 tomorrow in Arizona, verified eligible", user(21, true, "AZ", true, true), squares.EUNPROCESSABLE,
			"Paid pools in Arizona are for players 21 and older."},
		{"18 in Alabama", user(18, false, "AL", true, true), squares.EUNPROCESSABLE,
			"Paid pools in Alabama are for players 19 and older."},
		// The stored flag (an admin's switch) only restricts further.
		{"switched off in an allowed state", user(30, false, "NY", true, false), squares.EFORBIDDEN, refused},
	} {
		err := e.CheckPaidPlay(tc.u, at)
		if squares.ErrorCode(err) != tc.code || (tc.msg != "" && squares.ErrorMessage(err) != tc.msg) {
			t.Errorf("%s: CheckPaidPlay = %v, want %q %q", tc.name, err, tc.code, tc.msg)
		}
		if e.CanPlayPaid(tc.u, at) != (tc.code == "") {
			t.Errorf("%s: CanPlayPaid = %v", tc.name, !(tc.code == ""))
		}
	}

	// A configuration that changes applies at once: New York restricted, Texas at 21.
	changed, err := squares.ParseEligibility("NY", "TX=21")
	if err != nil {
		t.Fatal(err)
	}
	if err := changed.CheckPaidPlay(user(30, false, "NY", true, true), at); squares.ErrorMessage(err) != "Paid pools are not available in New York." {
		t.Errorf("New York restricted later: %v", err)
	}
	if err := changed.CheckPaidPlay(user(20, false, "TX", true, true), at); squares.ErrorMessage(err) != "Paid pools in Texas are for players 21 and older." {
		t.Errorf("Texas at 21 later: %v", err)
	}
	if err := changed.CheckPaidPlay(user(30, false, "UT", true, true), at); err != nil {
		t.Errorf("Utah allowed later: %v", err)
	}
}
