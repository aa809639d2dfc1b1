package squares

import (
	"fmt"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// Roles. Admin is never granted from an e-mail address or an id: the first admin comes from configuration
// or the create-admin command.
const (
	RoleUser  = "user"
	RoleAdmin = "admin"
)

// Compliance statuses reported on users.
const (
	ComplianceVerified   = "verified"   // age verified and eligible for paid play
	ComplianceRestricted = "restricted" // age verified, but paid play is not allowed where they live
	CompliancePending    = "pending"    // not verified yet
)

// HouseUserID is the id the API shows for squares owned by the house.
const HouseUserID = "admin"

// User is an account: a player, or an admin who runs the platform.
type User struct {
	ID               int64
	Email            string
	Username         string // admins only
	PasswordHash     string
	FirstName        string
	LastName         string
	ProfileImageURL  string
	Role             string
	DateOfBirth      string // YYYY-MM-DD, empty when not given
	ResidenceState   string
	ResidenceCountry string
	IsAgeVerified    bool
	IsEligibleToBet  bool
	Disabled         bool // an admin has disabled the account: it cannot sign in
	CreatedAt        time.Time
	UpdatedAt        time.Time
	// NeedsSecondFactor marks a signed-in admin whose session has not passed the second factor that the
	// server or their account requires (AdminSession): the account is an admin's, but the session has none
	// of an admin's powers. Only the session's reader sets it; a user read from the database has it false.
	NeedsSecondFactor bool
}

// IsAdmin reports whether u has an admin's powers: an admin's account, in a session that passed the
// second factor wherever one is needed. Every admin power asks this, and nothing else.
func (u *User) IsAdmin() bool { return u.HasAdminRole() && !u.NeedsSecondFactor }

// HasAdminRole reports whether u's account is an admin's, whatever the session: what an admin may not
// do as a player (buy squares, make or join private pools), and what the account shows.
func (u *User) HasAdminRole() bool { return u != nil && u.Role == RoleAdmin }

// ComplianceStatus derives the status shown to admins and the user from the verification flags.
func (u *User) ComplianceStatus() string {
	switch {
	case u.IsAgeVerified && u.IsEligibleToBet:
		return ComplianceVerified
	case u.IsAgeVerified:
		return ComplianceRestricted
	default:
		return CompliancePending
	}
}

// ErrVerifiedDetailsLocked answers a verification that would change a verified player's details.
var ErrVerifiedDetailsLocked = Errorf(ECONFLICT,
	"Your date of birth and state are already verified. To change them, please contact support.")

// CheckVerification reports whether a verification with this date of birth (YYYY-MM-DD) and state may be
// stored on u. Until u is verified, any may; afterwards only the same details again (an idempotent
// repeat), since a verified date of birth and state change only through an admin.
func (u *User) CheckVerification(dateOfBirth, state string) error {
	if u.IsAgeVerified && (u.DateOfBirth != dateOfBirth || u.ResidenceState != state) {
		return ErrVerifiedDetailsLocked
	}
	return nil
}

// ShortName is how a player is named to people who may not know them (an invitation's recipient): the
// first name and the last name's initial, "Dana D.".
func ShortName(first, last string) string {
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	if r, _ := utf8.DecodeRuneInString(last); last != "" && r != utf8.RuneError {
		return strings.TrimSpace(first + " " + string(r) + ".")
	}
	return first
}

// CanPlayFree reports whether u may claim squares in free pools: signed in and age verified.
func (u *User) CanPlayFree() bool { return u != nil && u.IsAgeVerified }

// CanPlayPaid reports whether u may buy squares in paid pools.
func (u *User) CanPlayPaid() bool { return u != nil && u.IsAgeVerified && u.IsEligibleToBet }

// Password limits. The minimum at sign-in is lower so that the old client's rule still reads well; new
// passwords need 8 characters.
const (
	MinPasswordLogin    = 6
	MinPasswordRegister = 8
	MaxPasswordLength   = 128
	MinimumAge          = 18
)

// NormalizeEmail lower-cases and trims an e-mail address.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidEmail reports whether s is a plain e-mail address (no display name).
func ValidEmail(s string) bool {
	if len(s) > 254 || strings.ContainsAny(s, " <>") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	_, domain, _ := strings.Cut(s, "@")
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".")
}

// ParseDate parses a date of birth given as YYYY-MM-DD or as an RFC 3339 timestamp (whose date part is
// used), the forms a date picker and a JavaScript Date send.
func ParseDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if len(s) >= 10 {
		if t, err := time.Parse("2006-01-02", s[:10]); err == nil && (len(s) == 10 || s[10] == 'T') {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("date %q is not YYYY-MM-DD", s)
}

// AgeOn returns the age in whole years on the date of now of someone born on dob.
func AgeOn(dob, now time.Time) int {
	y, m, d := now.Date()
	age := y - dob.Year()
	if m < dob.Month() || (m == dob.Month() && d < dob.Day()) {
		age--
	}
	return age
}

// Registration is what a new player sends to create an account.
type Registration struct {
	Email          string
	Password       string
	FirstName      string
	LastName       string
	HasDateOfBirth bool // the main form sends a date of birth; the test page does not
	DateOfBirth    string
	ResidenceState string
}

// Validate checks r with the messages of the specification and normalises its fields.
func (r *Registration) Validate(now time.Time) error {
	var v Validation
	// Checked before trimming: a line break at either end is refused, not silently dropped.
	if !PrintableLine(r.FirstName) {
		v.Add("firstName", "First name must be one line of printable text.")
	}
	if !PrintableLine(r.LastName) {
		v.Add("lastName", "Last name must be one line of printable text.")
	}
	r.Email = NormalizeEmail(r.Email)
	r.FirstName = strings.TrimSpace(r.FirstName)
	r.LastName = strings.TrimSpace(r.LastName)
	r.ResidenceState = strings.ToUpper(strings.TrimSpace(r.ResidenceState))
	if !ValidEmail(r.Email) {
		v.Add("email", "Please enter a valid email address")
	}
	if msg := CheckNewPassword(r.Password); msg != "" {
		v.Add("password", msg)
	}
	if r.FirstName == "" {
		v.Add("firstName", "First name is required")
	} else if len([]rune(r.FirstName)) > 50 {
		v.Add("firstName", "First name must be at most 50 characters")
	}
	if r.LastName == "" && r.HasDateOfBirth {
		v.Add("lastName", "Last name is required")
	} else if len([]rune(r.LastName)) > 50 {
		v.Add("lastName", "Last name must be at most 50 characters")
	}
	if r.HasDateOfBirth {
		if msg := checkDateOfBirth(r.DateOfBirth, now, "You must be at least 18 years old to participate"); msg != "" {
			v.Add("dateOfBirth", msg)
		} else {
			dob, _ := ParseDate(r.DateOfBirth)
			r.DateOfBirth = dob.Format("2006-01-02")
		}
	}
	if r.ResidenceState != "" && !IsUSState(r.ResidenceState) {
		v.Add("residenceState", "Please enter a valid two-letter US state code")
	}
	return v.Err()
}

// CheckNewPassword checks a password being chosen (at registration, a reset or a change) and returns what
// is wrong with it, or "": at least 8 characters, at most 128 bytes.
func CheckNewPassword(password string) string {
	if len([]rune(password)) < MinPasswordRegister {
		return "Password must be at least 8 characters"
	} else if len(password) > MaxPasswordLength {
		return "Password must be at most 128 characters"
	}
	return ""
}

func checkDateOfBirth(s string, now time.Time, tooYoung string) string {
	if strings.TrimSpace(s) == "" {
		return "Date of birth is required"
	}
	dob, err := ParseDate(s)
	if err != nil || dob.After(now) || dob.Year() < 1900 {
		return "Please enter a valid date of birth"
	}
	if AgeOn(dob, now) < MinimumAge {
		return tooYoung
	}
	return ""
}

// Login is what a player sends to sign in.
type Login struct {
	Email    string
	Password string
}

// Validate checks l with the messages of the specification.
func (l *Login) Validate() error {
	var v Validation
	l.Email = NormalizeEmail(l.Email)
	if !ValidEmail(l.Email) {
		v.Add("email", "Please enter a valid email address")
	}
	if len([]rune(l.Password)) < MinPasswordLogin {
		v.Add("password", "Password must be at least 6 characters")
	} else if len(l.Password) > MaxPasswordLength {
		v.Add("password", "Password must be at most 128 characters")
	}
	return v.Err()
}

// AgeVerification is what a player sends to verify age and residence.
type AgeVerification struct {
	DateOfBirth      string
	ResidenceState   string
	ResidenceCountry string
}

// ErrUnderage is the answer to an age verification by someone under 18.
var ErrUnderage = Errorf(EUNPROCESSABLE, "Age Requirement Not Met: You must be at least 18 years old to use this platform.")

// Validate checks a with the messages of the specification. Someone under 18 gets ErrUnderage.
func (a *AgeVerification) Validate(now time.Time) error {
	var v Validation
	a.ResidenceState = strings.ToUpper(strings.TrimSpace(a.ResidenceState))
	a.ResidenceCountry = strings.ToUpper(strings.TrimSpace(a.ResidenceCountry))
	underage := false
	switch msg := checkDateOfBirth(a.DateOfBirth, now, ErrUnderage.Message); msg {
	case "":
		dob, _ := ParseDate(a.DateOfBirth)
		a.DateOfBirth = dob.Format("2006-01-02")
	case "Date of birth is required", "Please enter a valid date of birth":
		v.Add("dateOfBirth", msg)
	default:
		underage = true
	}
	if !IsUSState(a.ResidenceState) {
		v.Add("residenceState", "Please select your state of residence")
	}
	switch a.ResidenceCountry {
	case "US", "USA", "UNITED STATES":
		a.ResidenceCountry = "US"
	case "":
		v.Add("residenceCountry", "Please select your country of residence")
	default:
		v.Add("residenceCountry", "Squares is only available in the United States")
	}
	if err := v.Err(); err != nil {
		return err
	}
	if underage {
		return ErrUnderage
	}
	return nil
}

// ErrAccountDisabled answers a sign-in to an account an admin has disabled.
var ErrAccountDisabled = Errorf(EFORBIDDEN, "This account has been disabled. Please contact support.")

// ErrLastAdmin refuses a change that would leave no active admin.
var ErrLastAdmin = Errorf(EUNPROCESSABLE,
	"This is the last active admin: make another user an admin before demoting or disabling this one.")

// UserUpdate is an admin's change to an account: each non-nil field is set, the others are kept.
type UserUpdate struct {
	Role            *string
	IsAgeVerified   *bool
	IsEligibleToBet *bool
	DateOfBirth     *string // YYYY-MM-DD (or an RFC 3339 timestamp, whose date is used)
	ResidenceState  *string // two-letter US state code
	Disabled        *bool
}

// Validate checks the fields' values and normalises them. An update changing nothing at all is invalid.
func (up *UserUpdate) Validate(now time.Time) error {
	if up.Role == nil && up.IsAgeVerified == nil && up.IsEligibleToBet == nil && up.DateOfBirth == nil &&
		up.ResidenceState == nil && up.Disabled == nil {
		return Errorf(EINVALID, "Nothing to update: send role, isAgeVerified, isEligibleToBet, dateOfBirth, residenceState or isDisabled.")
	}
	var v Validation
	if up.Role != nil && *up.Role != RoleUser && *up.Role != RoleAdmin {
		v.Add("role", "Role must be user or admin")
	}
	if up.DateOfBirth != nil {
		dob, err := ParseDate(*up.DateOfBirth)
		if err != nil || dob.After(now) || dob.Year() < 1900 {
			v.Add("dateOfBirth", "Please enter a valid date of birth")
		} else {
			s := dob.Format("2006-01-02")
			up.DateOfBirth = &s
		}
	}
	if up.ResidenceState != nil {
		st := strings.ToUpper(strings.TrimSpace(*up.ResidenceState))
		if !IsUSState(st) {
			v.Add("residenceState", "Please enter a valid two-letter US state code")
		}
		up.ResidenceState = &st
	}
	return v.Err()
}

// Apply returns u with the update applied, and the fields that changed as they were and as they are (keyed
// by their API names) for the audit log. Turning age verification off also turns paid play off. A refused
// rule (EUNPROCESSABLE) leaves u as it was: paid play needs age verification, and a verified user needs a
// date of birth of someone 18 or older and a US state. up must have been validated.
func (up UserUpdate) Apply(u *User, now time.Time) (next *User, before, after map[string]any, err error) {
	n := *u
	if up.Role != nil {
		n.Role = *up.Role
	}
	if up.DateOfBirth != nil {
		n.DateOfBirth = *up.DateOfBirth
	}
	if up.ResidenceState != nil {
		n.ResidenceState = *up.ResidenceState
	}
	if up.Disabled != nil {
		n.Disabled = *up.Disabled
	}
	if up.IsAgeVerified != nil {
		n.IsAgeVerified = *up.IsAgeVerified
		if !n.IsAgeVerified && up.IsEligibleToBet == nil {
			n.IsEligibleToBet = false
		}
	}
	if up.IsEligibleToBet != nil {
		n.IsEligibleToBet = *up.IsEligibleToBet
	}
	if n.IsEligibleToBet && !n.IsAgeVerified {
		return nil, nil, nil, Errorf(EUNPROCESSABLE, "Verify this user's age before making them eligible to bet.")
	}
	verifiedDetails := up.IsAgeVerified != nil || up.DateOfBirth != nil || up.ResidenceState != nil
	if n.IsAgeVerified && verifiedDetails {
		dob, err := ParseDate(n.DateOfBirth)
		switch {
		case err != nil:
			return nil, nil, nil, Errorf(EUNPROCESSABLE, "Set this user's date of birth before verifying their age.")
		case AgeOn(dob, now) < MinimumAge:
			return nil, nil, nil, Errorf(EUNPROCESSABLE, "A user under %d cannot be age verified.", MinimumAge)
		case !IsUSState(n.ResidenceState):
			return nil, nil, nil, Errorf(EUNPROCESSABLE, "Set this user's US state before verifying their age.")
		}
	}
	before, after = map[string]any{}, map[string]any{}
	diff := func(name string, was, is any) {
		if was != is {
			before[name], after[name] = was, is
		}
	}
	diff("role", u.Role, n.Role)
	diff("isAgeVerified", u.IsAgeVerified, n.IsAgeVerified)
	diff("isEligibleToBet", u.IsEligibleToBet, n.IsEligibleToBet)
	diff("dateOfBirth", u.DateOfBirth, n.DateOfBirth)
	diff("residenceState", u.ResidenceState, n.ResidenceState)
	diff("isDisabled", u.Disabled, n.Disabled)
	return &n, before, after, nil
}

// IsActiveAdmin reports whether u is an admin who can sign in.
func (u *User) IsActiveAdmin() bool { return u.HasAdminRole() && !u.Disabled }

// LosesAccess reports whether the change from u to next takes something away that a live session carries:
// the admin role, or the account itself. Such a change ends the user's sessions at once.
func (u *User) LosesAccess(next *User) bool {
	return (u.HasAdminRole() && !next.HasAdminRole()) || (!u.Disabled && next.Disabled)
}

// CheckAdminRemoval refuses (ErrLastAdmin) a change from u to next that leaves no active admin, given how
// many other active admins there are.
func CheckAdminRemoval(u, next *User, otherActiveAdmins int) error {
	if u.IsActiveAdmin() && !next.IsActiveAdmin() && otherActiveAdmins == 0 {
		return ErrLastAdmin
	}
	return nil
}
