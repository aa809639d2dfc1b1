package squares_test

import (
	"errors"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

// now is the fixed time the validation tests run at.
var now = time.Date(2026, 6, 15, 16, 0, 0, 0, time.UTC)

// fieldsOf returns the fields of an *squares.Error, failing the test for any other error.
func fieldsOf(t *testing.T, err error) map[string]string {
	t.Helper()
	var e *squares.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *squares.Error", err, err)
	}
	return e.Fields
}

func validRegistration() squares.Registration {
	return squares.Registration{Email: "ann@example.com", Password: "correct-horse", FirstName: "Ann",
		LastName: "Lee", HasDateOfBirth: true, DateOfBirth: "1990-04-01", ResidenceState: "NY"}
}

func TestRegistrationValidateAccepts(t *testing.T) {
	r := validRegistration()
	r.Email = "  Ann.Lee@Example.COM "
	r.FirstName, r.LastName = " Ann ", " Lee "
	r.ResidenceState = " ny"
	r.DateOfBirth = "1990-04-01T00:00:00.000Z" // a JavaScript Date
	if err := r.Validate(now); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if r.Email != "ann.lee@example.com" || r.FirstName != "Ann" || r.LastName != "Lee" ||
		r.ResidenceState != "NY" || r.DateOfBirth != "1990-04-01" {
		t.Errorf("normalised registration = %+v", r)
	}

	// The test page sends neither a date of birth nor a last name.
	r = squares.Registration{Email: "bo@example.com", Password: "12345678", FirstName: "Bo"}
	if err := r.Validate(now); err != nil {
		t.Errorf("test-page registration: %v", err)
	}
	// Without a state, a date of birth alone is fine.
	r = validRegistration()
	r.ResidenceState = ""
	if err := r.Validate(now); err != nil {
		t.Errorf("registration without a state: %v", err)
	}
	// Exactly 18 today is old enough.
	r = validRegistration()
	r.DateOfBirth = "2008-06-15"
	if err := r.Validate(now); err != nil {
		t.Errorf("18th birthday today: %v", err)
	}
}

func TestRegistrationValidateMessages(t *testing.T) {
	for _, tc := range []struct {
		name    string
		change  func(r *squares.Registration)
		field   string
		message string
	}{
		{"no email", func(r *squares.Registration) { r.Email = "" }, "email", "Please enter a valid email address"},
		{"bad email", func(r *squares.Registration) { r.Email = "ann@" }, "email", "Please enter a valid email address"},
		{"no domain dot", func(r *squares.Registration) { r.Email = "ann@example" }, "email", "Please enter a valid email address"},
		{"display name", func(r *squares.Registration) { r.Email = "Ann <ann@example.com>" }, "email", "Please enter a valid email address"},
		{"short password", func(r *squares.Registration) { r.Password = "1234567" }, "password", "Password must be at least 8 characters"},
		{"empty password", func(r *squares.Registration) { r.Password = "" }, "password", "Password must be at least 8 characters"},
		{"long password", func(r *squares.Registration) { r.Password = strings.Repeat("x", 129) }, "password", "Password must be at most 128 characters"},
		{"no first name", func(r *squares.Registration) { r.FirstName = "  " }, "firstName", "First name is required"},
		{"long first name", func(r *squares.Registration) { r.FirstName = strings.Repeat("a", 51) }, "firstName", "First name must be at most 50 characters"},
		{"no last name on the main form", func(r *squares.Registration) { r.LastName = "" }, "lastName", "Last name is required"},
		{"long last name", func(r *squares.Registration) { r.LastName = strings.Repeat("b", 51) }, "lastName", "Last name must be at most 50 characters"},
		{"control character in first name", func(r *squares.Registration) { r.FirstName = "Ann\x00" }, "firstName", "First name must be one line of printable text."},
		{"bidi override in first name", func(r *squares.Registration) { r.FirstName = "Ann\u202eelpmaxe" }, "firstName", "First name must be one line of printable text."},
		{"trailing newline in first name", func(r *squares.Registration) { r.FirstName = "Ann\n" }, "firstName", "First name must be one line of printable text."},
		{"two lines of last name", func(r *squares.Registration) { r.LastName = "Lee\r\nBcc: x@example.com" }, "lastName", "Last name must be one line of printable text."},
		{"line separator in last name", func(r *squares.Registration) { r.LastName = "Lee\u2028" }, "lastName", "Last name must be one line of printable text."},
		{"no date of birth", func(r *squares.Registration) { r.DateOfBirth = "" }, "dateOfBirth", "Date of birth is required"},
		{"blank date of birth", func(r *squares.Registration) { r.DateOfBirth = "   " }, "dateOfBirth", "Date of birth is required"},
		{"unparseable date", func(r *squares.Registration) { r.DateOfBirth = "April 1st" }, "dateOfBirth", "Please enter a valid date of birth"},
		{"impossible date", func(r *squares.Registration) { r.DateOfBirth = "1990-02-30" }, "dateOfBirth", "Please enter a valid date of birth"},
		{"US order", func(r *squares.Registration) { r.DateOfBirth = "04/01/1990" }, "dateOfBirth", "Please enter a valid date of birth"},
		{"future date", func(r *squares.Registration) { r.DateOfBirth = "2030-01-01" }, "dateOfBirth", "Please enter a valid date of birth"},
		{"before 1900", func(r *squares.Registration) { r.DateOfBirth = "1899-12-31" }, "dateOfBirth", "Please enter a valid date of birth"},
		{"under 18", func(r *squares.Registration) { r.DateOfBirth = "2010-01-01" }, "dateOfBirth", "You must be at least 18 years old to participate"},
		{"18 tomorrow", func(r *squares.Registration) { r.DateOfBirth = "2008-06-16" }, "dateOfBirth", "You must be at least 18 years old to participate"},
		{"bad state", func(r *squares.Registration) { r.ResidenceState = "XX" }, "residenceState", "Please enter a valid two-letter US state code"},
		{"state name", func(r *squares.Registration) { r.ResidenceState = "New York" }, "residenceState", "Please enter a valid two-letter US state code"},
		{"territory", func(r *squares.Registration) { r.ResidenceState = "PR" }, "residenceState", "Please enter a valid two-letter US state code"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := validRegistration()
			tc.change(&r)
			err := r.Validate(now)
			if squares.ErrorCode(err) != squares.EINVALID {
				t.Fatalf("Validate = %v, want an invalid error", err)
			}
			want := map[string]string{tc.field: tc.message}
			if got := fieldsOf(t, err); !maps.Equal(got, want) {
				t.Errorf("fields = %v, want %v", got, want)
			}
			if got := squares.ErrorMessage(err); got != tc.message {
				t.Errorf("message = %q, want %q", got, tc.message)
			}
		})
	}
}

func TestRegistrationValidateSeveralFields(t *testing.T) {
	r := squares.Registration{Email: "nope", Password: "short", HasDateOfBirth: true}
	err := r.Validate(now)
	want := map[string]string{
		"email":       "Please enter a valid email address",
		"password":    "Password must be at least 8 characters",
		"firstName":   "First name is required",
		"lastName":    "Last name is required",
		"dateOfBirth": "Date of birth is required",
	}
	if got := fieldsOf(t, err); !maps.Equal(got, want) {
		t.Errorf("fields = %v, want %v", got, want)
	}
	// The message is the first field's.
	if got := squares.ErrorMessage(err); got != "Please enter a valid email address" {
		t.Errorf("message = %q", got)
	}
}

func TestLoginValidate(t *testing.T) {
	l := squares.Login{Email: " Ann@Example.com", Password: "123456"}
	if err := l.Validate(); err != nil || l.Email != "ann@example.com" {
		t.Fatalf("Validate = %v, email %q", err, l.Email)
	}
	for _, tc := range []struct {
		login squares.Login
		want  map[string]string
	}{
		{squares.Login{Email: "ann", Password: "123456"}, map[string]string{"email": "Please enter a valid email address"}},
		{squares.Login{Email: "ann@example.com", Password: "12345"}, map[string]string{"password": "Password must be at least 6 characters"}},
		{squares.Login{Email: "ann@example.com", Password: strings.Repeat("p", 129)}, map[string]string{"password": "Password must be at most 128 characters"}},
		{squares.Login{}, map[string]string{"email": "Please enter a valid email address", "password": "Password must be at least 6 characters"}},
	} {
		err := tc.login.Validate()
		if squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("Validate(%+v) = %v, want invalid", tc.login, err)
			continue
		}
		if got := fieldsOf(t, err); !maps.Equal(got, tc.want) {
			t.Errorf("Validate(%+v) fields = %v, want %v", tc.login, got, tc.want)
		}
	}
}

func TestAgeVerificationValidate(t *testing.T) {
	a := squares.AgeVerification{DateOfBirth: "1990-04-01T05:00:00Z", ResidenceState: " ny ", ResidenceCountry: "usa"}
	if err := a.Validate(now); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if a.DateOfBirth != "1990-04-01" || a.ResidenceState != "NY" || a.ResidenceCountry != "US" {
		t.Errorf("normalised = %+v", a)
	}
	for _, c := range []string{"US", "us", "United States"} {
		a := squares.AgeVerification{DateOfBirth: "1990-04-01", ResidenceState: "DC", ResidenceCountry: c}
		if err := a.Validate(now); err != nil || a.ResidenceCountry != "US" {
			t.Errorf("country %q: %v (%q)", c, err, a.ResidenceCountry)
		}
	}

	valid := func() squares.AgeVerification {
		return squares.AgeVerification{DateOfBirth: "1990-04-01", ResidenceState: "NY", ResidenceCountry: "US"}
	}
	for _, tc := range []struct {
		name   string
		change func(a *squares.AgeVerification)
		want   map[string]string
	}{
		{"no date of birth", func(a *squares.AgeVerification) { a.DateOfBirth = "" },
			map[string]string{"dateOfBirth": "Date of birth is required"}},
		{"bad date of birth", func(a *squares.AgeVerification) { a.DateOfBirth = "1990-13-01" },
			map[string]string{"dateOfBirth": "Please enter a valid date of birth"}},
		{"no state", func(a *squares.AgeVerification) { a.ResidenceState = "" },
			map[string]string{"residenceState": "Please select your state of residence"}},
		{"bad state", func(a *squares.AgeVerification) { a.ResidenceState = "ZZ" },
			map[string]string{"residenceState": "Please select your state of residence"}},
		{"no country", func(a *squares.AgeVerification) { a.ResidenceCountry = "" },
			map[string]string{"residenceCountry": "Please select your country of residence"}},
		{"other country", func(a *squares.AgeVerification) { a.ResidenceCountry = "CA" },
			map[string]string{"residenceCountry": "Squares is only available in the United States"}},
		{"underage with a bad state", func(a *squares.AgeVerification) { a.DateOfBirth = "2012-01-01"; a.ResidenceState = "" },
			map[string]string{"residenceState": "Please select your state of residence"}},
	} {
		a := valid()
		tc.change(&a)
		err := a.Validate(now)
		if squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("%s: Validate = %v, want invalid", tc.name, err)
			continue
		}
		if got := fieldsOf(t, err); !maps.Equal(got, tc.want) {
			t.Errorf("%s: fields = %v, want %v", tc.name, got, tc.want)
		}
	}

	// Under 18 is a refused rule, not bad input.
	a = valid()
	a.DateOfBirth = "2008-06-16" // 18 tomorrow
	err := a.Validate(now)
	if !errors.Is(err, squares.ErrUnderage) || squares.ErrorCode(err) != squares.EUNPROCESSABLE {
		t.Fatalf("underage: %v, want ErrUnderage", err)
	}
	if got := squares.ErrorMessage(err); got != "Age Requirement Not Met: You must be at least 18 years old to use this platform." {
		t.Errorf("underage message = %q", got)
	}
	a = valid()
	a.DateOfBirth = "2008-06-15" // 18 today
	if err := a.Validate(now); err != nil {
		t.Errorf("18 today: %v", err)
	}
}

func TestAgeOn(t *testing.T) {
	dob := time.Date(2000, 3, 15, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		on   time.Time
		want int
	}{
		{time.Date(2018, 3, 14, 23, 59, 0, 0, time.UTC), 17},
		{time.Date(2018, 3, 15, 0, 0, 0, 0, time.UTC), 18},
		{time.Date(2018, 3, 16, 0, 0, 0, 0, time.UTC), 18},
		{time.Date(2018, 2, 28, 0, 0, 0, 0, time.UTC), 17},
		{time.Date(2019, 3, 14, 0, 0, 0, 0, time.UTC), 18},
		{time.Date(2000, 3, 15, 0, 0, 0, 0, time.UTC), 0},
		{time.Date(2050, 12, 31, 0, 0, 0, 0, time.UTC), 50},
	} {
		if got := squares.AgeOn(dob, tc.on); got != tc.want {
			t.Errorf("AgeOn(2000-03-15, %s) = %d, want %d", tc.on.Format("2006-01-02"), got, tc.want)
		}
	}
	// Born on 29 February: not yet 18 on the 28th, 18 on 1 March of a common year.
	leap := time.Date(2004, 2, 29, 0, 0, 0, 0, time.UTC)
	if got := squares.AgeOn(leap, time.Date(2022, 2, 28, 12, 0, 0, 0, time.UTC)); got != 17 {
		t.Errorf("leap-day birthday on 28 Feb = %d, want 17", got)
	}
	if got := squares.AgeOn(leap, time.Date(2022, 3, 1, 0, 0, 0, 0, time.UTC)); got != 18 {
		t.Errorf("leap-day birthday on 1 Mar = %d, want 18", got)
	}
}

func TestParseDate(t *testing.T) {
	for in, want := range map[string]string{
		"1990-04-01": "1990-04-01", "1990-04-01T00:00:00Z": "1990-04-01", " 1990-04-01 ": "1990-04-01",
		"1990-04-01T23:30:00.000-05:00": "1990-04-01",
	} {
		got, err := squares.ParseDate(in)
		if err != nil || got.Format("2006-01-02") != want {
			t.Errorf("ParseDate(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1990", "1990-4-1", "01/04/1990", "1990-04-01x", "1990-04-01 10:00", "19900401"} {
		if got, err := squares.ParseDate(in); err == nil {
			t.Errorf("ParseDate(%q) = %v, want an error", in, got)
		}
	}
}

func TestValidEmail(t *testing.T) {
	for _, s := range []string{"a@b.co", "ann.lee+pools@example.com", "x_y@sub.example.org"} {
		if !squares.ValidEmail(s) {
			t.Errorf("ValidEmail(%q) = false", s)
		}
	}
	for _, s := range []string{"", "a", "a@", "@b.co", "a@b", "a@b.", "a b@c.de", "<a@b.co>", "a@b.co, c@d.ef",
		strings.Repeat("a", 250) + "@b.co"} {
		if squares.ValidEmail(s) {
			t.Errorf("ValidEmail(%q) = true", s)
		}
	}
	if got := squares.NormalizeEmail("  Ann@Example.COM\t"); got != "ann@example.com" {
		t.Errorf("NormalizeEmail = %q", got)
	}
}

func TestUserStatus(t *testing.T) {
	for _, tc := range []struct {
		verified, eligible bool
		status             string
		free, paid         bool
	}{
		{true, true, squares.ComplianceVerified, true, true},
		{true, false, squares.ComplianceRestricted, true, false},
		{false, false, squares.CompliancePending, false, false},
		{false, true, squares.CompliancePending, false, false},
	} {
		u := &squares.User{IsAgeVerified: tc.verified, IsEligibleToBet: tc.eligible}
		if got := u.ComplianceStatus(); got != tc.status {
			t.Errorf("verified=%v eligible=%v: status %q, want %q", tc.verified, tc.eligible, got, tc.status)
		}
		if u.CanPlayFree() != tc.free || u.CanPlayPaid() != tc.paid {
			t.Errorf("verified=%v eligible=%v: free %v paid %v", tc.verified, tc.eligible, u.CanPlayFree(), u.CanPlayPaid())
		}
	}
	var nobody *squares.User
	if nobody.IsAdmin() || nobody.CanPlayFree() || nobody.CanPlayPaid() {
		t.Error("a nil user has rights")
	}
	if !(&squares.User{Role: squares.RoleAdmin}).IsAdmin() || (&squares.User{Role: squares.RoleUser}).IsAdmin() {
		t.Error("IsAdmin does not follow the role")
	}
}

func TestErrorHelpers(t *testing.T) {
	if squares.ErrorCode(nil) != "" || squares.ErrorMessage(nil) != "" {
		t.Error("nil error has a code or message")
	}
	plain := errors.New("disk on fire at /var/lib/secret")
	if squares.ErrorCode(plain) != squares.EINTERNAL || strings.Contains(squares.ErrorMessage(plain), "secret") {
		t.Errorf("plain error: code %q message %q", squares.ErrorCode(plain), squares.ErrorMessage(plain))
	}
	wrapped := errors.Join(errors.New("context"), squares.Errorf(squares.ECONFLICT, "Taken %d", 3))
	if squares.ErrorCode(wrapped) != squares.ECONFLICT || squares.ErrorMessage(wrapped) != "Taken 3" {
		t.Errorf("wrapped: %q %q", squares.ErrorCode(wrapped), squares.ErrorMessage(wrapped))
	}
	var v squares.Validation
	if v.Err() != nil {
		t.Error("empty validation has an error")
	}
	v.Add("a", "first")
	v.Add("a", "second")
	v.Add("b", "third")
	if got := fieldsOf(t, v.Err()); !maps.Equal(got, map[string]string{"a": "first", "b": "third"}) ||
		squares.ErrorMessage(v.Err()) != "first" {
		t.Errorf("validation = %v", v.Err())
	}
}

func TestCheckVerification(t *testing.T) {
	pending := &squares.User{DateOfBirth: "1990-01-01"}
	verified := &squares.User{DateOfBirth: "1985-06-01", ResidenceState: "UT", IsAgeVerified: true}
	for _, tc := range []struct {
		u          *squares.User
		dob, state string
		locked     bool
	}{
		{pending, "1990-01-01", "NY", false},
		{pending, "1991-03-03", "UT", false},  // not verified yet: any details
		{verified, "1985-06-01", "UT", false}, // the same again
		{verified, "1985-06-01", "NY", true},
		{verified, "1980-01-01", "UT", true},
		{verified, "1980-01-01", "NY", true},
	} {
		err := tc.u.CheckVerification(tc.dob, tc.state)
		if tc.locked != (err != nil) || (err != nil && squares.ErrorCode(err) != squares.ECONFLICT) {
			t.Errorf("%+v with %s %s: %v", tc.u, tc.dob, tc.state, err)
		}
	}
}

func ref[T any](v T) *T { return &v }

func TestUserUpdateValidate(t *testing.T) {
	var empty squares.UserUpdate
	if err := empty.Validate(now); squares.ErrorCode(err) != squares.EINVALID {
		t.Errorf("empty update: %v", err)
	}
	bad := squares.UserUpdate{Role: ref("owner"), DateOfBirth: ref("2030-01-01"), ResidenceState: ref("ZZ")}
	var e *squares.Error
	if err := bad.Validate(now); !errors.As(err, &e) || e.Code != squares.EINVALID || len(e.Fields) != 3 ||
		e.Fields["role"] != "Role must be user or admin" || e.Fields["dateOfBirth"] != "Please enter a valid date of birth" ||
		e.Fields["residenceState"] != "Please enter a valid two-letter US state code" {
		t.Errorf("bad update: %v %+v", err, e)
	}
	for _, dob := range []string{"", "1899-12-31", "31/12/1990", "1990-02-30"} {
		up := squares.UserUpdate{DateOfBirth: ref(dob)}
		if err := up.Validate(now); squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("date of birth %q: %v", dob, err)
		}
	}
	good := squares.UserUpdate{Role: ref("admin"), DateOfBirth: ref("1990-05-01T00:00:00Z"), ResidenceState: ref(" ny ")}
	if err := good.Validate(now); err != nil || *good.DateOfBirth != "1990-05-01" || *good.ResidenceState != "NY" {
		t.Errorf("good update: %v %q %q", err, *good.DateOfBirth, *good.ResidenceState)
	}
}

func TestUserUpdateApply(t *testing.T) {
	player := &squares.User{ID: 3, Role: squares.RoleUser, DateOfBirth: "1990-01-01", ResidenceState: "NY",
		IsAgeVerified: true, IsEligibleToBet: true}
	unverified := &squares.User{ID: 4, Role: squares.RoleUser}
	for _, tc := range []struct {
		name          string
		u             *squares.User
		up            squares.UserUpdate
		code          string
		before, after map[string]any
	}{
		{"promote", player, squares.UserUpdate{Role: ref("admin")}, "",
			map[string]any{"role": "user"}, map[string]any{"role": "admin"}},
		{"unverify turns paid play off", player, squares.UserUpdate{IsAgeVerified: ref(false)}, "",
			map[string]any{"isAgeVerified": true, "isEligibleToBet": true}, map[string]any{"isAgeVerified": false, "isEligibleToBet": false}},
		{"unverify but keep eligible", player, squares.UserUpdate{IsAgeVerified: ref(false), IsEligibleToBet: ref(true)},
			squares.EUNPROCESSABLE, nil, nil},
		{"eligible without verification", unverified, squares.UserUpdate{IsEligibleToBet: ref(true)}, squares.EUNPROCESSABLE, nil, nil},
		{"verify without a date of birth", unverified, squares.UserUpdate{IsAgeVerified: ref(true)}, squares.EUNPROCESSABLE, nil, nil},
		{"verify someone under 18", unverified, squares.UserUpdate{IsAgeVerified: ref(true), DateOfBirth: ref("2010-01-01"),
			ResidenceState: ref("NY")}, squares.EUNPROCESSABLE, nil, nil},
		{"verify with details", unverified, squares.UserUpdate{IsAgeVerified: ref(true), DateOfBirth: ref("1980-01-01"),
			ResidenceState: ref("TX")}, "",
			map[string]any{"isAgeVerified": false, "dateOfBirth": "", "residenceState": ""},
			map[string]any{"isAgeVerified": true, "dateOfBirth": "1980-01-01", "residenceState": "TX"}},
		{"a verified date of birth under 18", player, squares.UserUpdate{DateOfBirth: ref("2012-01-01")}, squares.EUNPROCESSABLE, nil, nil},
		{"disable", player, squares.UserUpdate{Disabled: ref(true)}, "",
			map[string]any{"isDisabled": false}, map[string]any{"isDisabled": true}},
		{"the same again changes nothing", player, squares.UserUpdate{Role: ref("user"), IsEligibleToBet: ref(true)}, "",
			map[string]any{}, map[string]any{}},
	} {
		was := *tc.u
		next, before, after, err := tc.up.Apply(tc.u, now)
		if squares.ErrorCode(err) != tc.code {
			t.Errorf("%s: err %v, want %q", tc.name, err, tc.code)
			continue
		}
		if *tc.u != was {
			t.Errorf("%s: Apply changed its argument", tc.name)
		}
		if tc.code != "" {
			continue
		}
		if !maps.Equal(before, tc.before) || !maps.Equal(after, tc.after) {
			t.Errorf("%s: before %v after %v, want %v %v", tc.name, before, after, tc.before, tc.after)
		}
		if next.ID != tc.u.ID {
			t.Errorf("%s: next = %+v", tc.name, next)
		}
	}
}

func TestAdminRemovalAndAccess(t *testing.T) {
	admin := &squares.User{Role: squares.RoleAdmin}
	demoted := &squares.User{Role: squares.RoleUser}
	disabled := &squares.User{Role: squares.RoleAdmin, Disabled: true}
	player := &squares.User{Role: squares.RoleUser}
	for _, tc := range []struct {
		name     string
		u, next  *squares.User
		others   int
		refused  bool
		endsSess bool
	}{
		{"demote the last admin", admin, demoted, 0, true, true},
		{"disable the last admin", admin, disabled, 0, true, true},
		{"demote one of two", admin, demoted, 1, false, true},
		{"disable a player", player, &squares.User{Role: squares.RoleUser, Disabled: true}, 0, false, true},
		{"promote a player", player, admin, 0, false, false},
		{"enable a disabled admin", disabled, admin, 0, false, false},
		{"demote a disabled admin", disabled, &squares.User{Role: squares.RoleUser, Disabled: true}, 0, false, true},
	} {
		err := squares.CheckAdminRemoval(tc.u, tc.next, tc.others)
		if (err != nil) != tc.refused || (err != nil && err != squares.ErrLastAdmin) {
			t.Errorf("%s: CheckAdminRemoval = %v", tc.name, err)
		}
		if got := tc.u.LosesAccess(tc.next); got != tc.endsSess {
			t.Errorf("%s: LosesAccess = %v", tc.name, got)
		}
	}
}

// TestShortName: an invitation names its sender by first name and last initial.
func TestShortName(t *testing.T) {
	for _, c := range [][3]string{{"Dana", "Doe", "Dana D."}, {" Zoë ", "Łukasz", "Zoë Ł."}, {"Pat", "", "Pat"}, {"", "Lee", "L."}} {
		if got := squares.ShortName(c[0], c[1]); got != c[2] {
			t.Errorf("ShortName(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
