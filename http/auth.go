package http

import (
	"context"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Sign-in throttling, over a sliding window: failures from browsers the account does not know, per
// account and per address; and, for a known browser (device.go), its own smaller budget.
const (
	throttleWindow     = 15 * time.Minute
	maxFailuresAccount = 5
	maxFailuresAddress = 20
	registerWindow     = time.Hour
)

var (
	errTooManyAttempts      = squares.Errorf(squares.ETOOMANY, "Too many sign-in attempts. Please wait a few minutes and try again.")
	errTooManyRegistrations = squares.Errorf(squares.ETOOMANY, "Too many accounts created from your network. Please try again later.")
	errBadLogin             = squares.Errorf(squares.EUNAUTHORIZED, "Invalid email or password")
	errBadAdminLogin        = squares.Errorf(squares.EUNAUTHORIZED, "Invalid credentials")
)

// tooMany answers 429 with err, telling the client in Retry-After when to come back.
func (s *Server) tooMany(w http.ResponseWriter, r *http.Request, err error, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(max(1, (wait+time.Second-1)/time.Second))))
	s.Error(w, r, err)
}

// addressKey is the throttle key of the request's address. An IPv6 client usually holds a whole /64, so
// the /64 is the address.
func (s *Server) addressKey(kind string, r *http.Request) string {
	ip := s.clientIP(r)
	if a, err := netip.ParseAddr(ip); err == nil && a.Is6() && !a.Is4In6() {
		p, _ := a.Prefix(64)
		ip = p.String()
	}
	return kind + ip
}

type registerRequest struct {
	Email          string  `json:"email" text:"max=254"`
	Password       string  `json:"password" text:"max=128"`
	FirstName      string  `json:"firstName" text:"max=50"`
	LastName       string  `json:"lastName" text:"max=50"`
	DateOfBirth    *string `json:"dateOfBirth" text:"max=64"`
	ResidenceState string  `json:"residenceState" text:"max=64"`
}

func (s *Server) handleRegister(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	now := s.now()
	reg := squares.Registration{Email: req.Email, Password: req.Password, FirstName: req.FirstName,
		LastName: req.LastName, HasDateOfBirth: req.DateOfBirth != nil, ResidenceState: req.ResidenceState}
	if req.DateOfBirth != nil {
		reg.DateOfBirth = *req.DateOfBirth
	}
	if err := reg.Validate(now); err != nil {
		s.Error(w, r, err)
		return
	}
	if s.Config.RegisterLimit > 0 {
		// Every registration that gets this far counts, whatever becomes of it.
		a, wait, err := s.Store.ReserveAttempt(r.Context(), store.Limit{Key: s.addressKey("register-ip:", r),
			Max: s.Config.RegisterLimit, Window: registerWindow})
		if err != nil {
			s.Error(w, r, err)
			return
		}
		if a == nil {
			s.tooMany(w, r, errTooManyRegistrations, wait)
			return
		}
	}
	hash, err := squares.HashPasswordContext(r.Context(), reg.Password)
	if r.Context().Err() != nil {
		return // the client has gone
	} else if err != nil {
		s.Error(w, r, err)
		return
	}
	u := &squares.User{Email: reg.Email, PasswordHash: hash, FirstName: reg.FirstName, LastName: reg.LastName,
		Role: squares.RoleUser, DateOfBirth: reg.DateOfBirth, ResidenceState: reg.ResidenceState}
	// A date of birth with a US state verifies age at once; without a state, the player verifies later.
	if reg.DateOfBirth != "" && reg.ResidenceState != "" {
		dob, _ := squares.ParseDate(reg.DateOfBirth)
		u.ResidenceCountry = "US"
		u.IsAgeVerified, u.IsEligibleToBet = s.Config.Eligibility.Decide(dob, reg.ResidenceState, now)
	}
	if err := s.Store.CreateUser(r.Context(), u); err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.startSession(w, r, u, false); err != nil {
		s.Error(w, r, err)
		return
	}
	// The browser that chose the password is the owner's: a known device from the start.
	if err := s.rememberDevice(r.Context(), w, r, "email:"+u.Email); err != nil {
		s.Error(w, r, err)
		return
	}
	message := "Account created successfully"
	switch {
	case u.IsAgeVerified && !u.IsEligibleToBet:
		message = "You're verified but sports betting isn't available in your location."
	case !u.IsAgeVerified:
		message = "Account created. Please verify your age to join pools."
	}
	writeJSON(w, http.StatusCreated, Registered{User: toUserJSON(u), Message: message})
}

// Registered answers a registration: the new account and what to do next.
type Registered struct {
	Message string `json:"message"`
	User    User   `json:"user"`
}

// SignedIn answers a sign-in: the account signed in (success and message for some ways in).
type SignedIn struct {
	Message string `json:"message,omitempty" tstype:"string | undefined"`
	Success bool   `json:"success,omitempty" tstype:"boolean | undefined"`
	User    User   `json:"user"`
}

type loginRequest struct {
	Email    string `json:"email" text:"max=254"`
	Password string `json:"password" text:"max=128"`
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	in := squares.Login{Email: req.Email, Password: req.Password}
	if err := in.Validate(); err != nil {
		s.Error(w, r, err)
		return
	}
	u, ok := s.checkCredentials(w, r, "email:"+in.Email, in.Password, func() (*squares.User, error) {
		return s.Store.FindUserByEmail(r.Context(), in.Email)
	}, errBadLogin)
	if !ok || !s.refuseSecondFactorAccount(w, r, u) {
		return
	}
	if err := s.startSession(w, r, u, false); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, SignedIn{User: s.ownUserJSON(u)})
}

// checkCredentials finds an account and checks its password under the sign-in throttle (OWASP's device
// cookie pattern). A browser with a valid device cookie for the account spends its own budget; any other
// browser, or a known one past its budget, spends the account's budget for unknown browsers and its
// address's. The attempt is reserved before the password is checked, so however many guesses arrive at
// once, no more than a budget's worth are ever checked. An unknown account and a wrong password get the
// same answer in about the same time. It answers the request itself unless it returns ok.
func (s *Server) checkCredentials(w http.ResponseWriter, r *http.Request, accountKey, password string,
	find func() (*squares.User, error), refused error) (*squares.User, bool) {
	ctx := r.Context()
	device, err := s.knownDevice(ctx, r, accountKey)
	if err != nil {
		s.Error(w, r, err)
		return nil, false
	}
	var attempt *store.Attempt
	var wait time.Duration
	forgive := accountKey
	if device != "" {
		forgive = device
		attempt, wait, err = s.Store.ReserveAttempt(ctx, store.Limit{Key: forgive, Max: maxFailuresDevice, Window: throttleWindow})
	}
	if err == nil && attempt == nil {
		// An unknown browser, or a known one that has spent its budget (a locked device cookie).
		forgive = accountKey
		attempt, wait, err = s.Store.ReserveAttempt(ctx,
			store.Limit{Key: accountKey, Max: maxFailuresAccount, Window: throttleWindow},
			store.Limit{Key: s.addressKey("ip:", r), Max: maxFailuresAddress, Window: throttleWindow})
	}
	if err != nil {
		s.Error(w, r, err)
		return nil, false
	}
	if attempt == nil {
		s.tooMany(w, r, errTooManyAttempts, wait)
		return nil, false
	}
	// From here the attempt counts as a failure unless it is given back.
	u, err := find()
	if err != nil && squares.ErrorCode(err) != squares.ENOTFOUND {
		s.giveBack(r, attempt)
		s.Error(w, r, err)
		return nil, false
	}
	hash := squares.DummyPasswordHash()
	if u != nil {
		hash = u.PasswordHash
	}
	ok, err := squares.CheckPasswordContext(ctx, hash, password)
	if err != nil {
		s.giveBack(r, attempt) // the client left before its guess was checked
		return nil, false
	}
	if !ok || u == nil {
		s.Error(w, r, refused)
		return nil, false
	}
	// A success forgives the failures of the budget it was spent from.
	if err := s.Store.GiveBackAttempt(ctx, attempt, forgive); err != nil {
		s.Error(w, r, err)
		return nil, false
	}
	if err := s.rememberDevice(ctx, w, r, accountKey); err != nil {
		s.Error(w, r, err)
		return nil, false
	}
	// Told only to whoever knows the password, so that guessing tells no one an account is disabled.
	if u.Disabled {
		s.Error(w, r, squares.ErrAccountDisabled)
		return nil, false
	}
	return u, true
}

// giveBack returns an attempt that checked no password, even when the request's client has gone.
func (s *Server) giveBack(r *http.Request, a *store.Attempt) {
	if err := s.Store.GiveBackAttempt(context.WithoutCancel(r.Context()), a); err != nil {
		s.Logger.Warn("give back a sign-in attempt", "err", err)
	}
}

func (s *Server) handleLoginLink(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/login", http.StatusFound)
}

func (s *Server) handleCurrentUser(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.ownUserJSON(userFrom(r.Context())))
}

type adminLoginRequest struct {
	Username string `json:"username" text:"max=64"`
	Password string `json:"password" text:"max=128"`
}

func (s *Server) handleAdminLogin(w http.ResponseWriter, r *http.Request) {
	var req adminLoginRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	username := strings.TrimSpace(req.Username)
	var v squares.Validation
	if username == "" {
		v.Add("username", "Username is required")
	}
	if req.Password == "" {
		v.Add("password", "Password is required")
	}
	if len(username) > 64 || len(req.Password) > squares.MaxPasswordLength {
		s.Error(w, r, errBadAdminLogin)
		return
	}
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	u, ok := s.checkCredentials(w, r, "admin:"+strings.ToLower(username), req.Password, func() (*squares.User, error) {
		u, err := s.Store.FindUserByUsername(r.Context(), username)
		if err == nil && !u.HasAdminRole() {
			return nil, squares.Errorf(squares.ENOTFOUND, "User not found.")
		}
		return u, err
	}, errBadAdminLogin)
	if !ok {
		return
	}
	s.signInAdmin(w, r, u) // twofactor.go
}

type verifyAgeRequest struct {
	DateOfBirth      string `json:"dateOfBirth" text:"max=64"`
	ResidenceState   string `json:"residenceState" text:"max=64"`
	ResidenceCountry string `json:"residenceCountry" text:"max=64"`
}

func (s *Server) handleVerifyAge(w http.ResponseWriter, r *http.Request) {
	var req verifyAgeRequest
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	now := s.now()
	in := squares.AgeVerification{DateOfBirth: req.DateOfBirth, ResidenceState: req.ResidenceState,
		ResidenceCountry: req.ResidenceCountry}
	if err := in.Validate(now); err != nil {
		s.Error(w, r, err)
		return
	}
	dob, _ := squares.ParseDate(in.DateOfBirth)
	verified, eligible := s.Config.Eligibility.Decide(dob, in.ResidenceState, now)
	u, err := s.Store.VerifyAge(r.Context(), userFrom(r.Context()).ID, in.DateOfBirth, in.ResidenceState,
		in.ResidenceCountry, verified, eligible)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	message := "Age verification complete"
	if !eligible {
		message = "You meet age requirements but sports betting is not available in your state."
	}
	writeJSON(w, http.StatusOK, SignedIn{Success: true, User: toUserJSON(u), Message: message})
}

// handleEmergencyLogin signs in as a player by e-mail alone. It exists only in development mode, for
// testing; admins cannot be entered this way.
func (s *Server) handleEmergencyLogin(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email string `json:"email"`
	}
	if err := decode(w, r, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	email := squares.NormalizeEmail(req.Email)
	if !squares.ValidEmail(email) {
		s.Error(w, r, squares.FieldError("email", "Please enter a valid email address"))
		return
	}
	u, err := s.Store.FindUserByEmail(r.Context(), email)
	if err != nil || u.HasAdminRole() {
		s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "No player with this email."))
		return
	}
	if u.Disabled {
		s.Error(w, r, squares.ErrAccountDisabled)
		return
	}
	if err := s.startSession(w, r, u, false); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, SignedIn{Success: true, User: toUserJSON(u)})
}
