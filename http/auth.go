package http

import (
	"net/http"
	"strings"
	"time"

	"github.com/squaresapp/squares"
)

// Sign-in throttling: failures counted over a window, per account and per address.
const (
	throttleWindow     = 15 * time.Minute
	maxFailuresAccount = 5
	maxFailuresAddress = 20
)

var (
	errTooManyAttempts = squares.Errorf(squares.ETOOMANY, "Too many sign-in attempts. Please wait a few minutes and try again.")
	errBadLogin        = squares.Errorf(squares.EUNAUTHORIZED, "Invalid email or password")
	errBadAdminLogin   = squares.Errorf(squares.EUNAUTHORIZED, "Invalid credentials")
)

type registerRequest struct {
	Email          string  `json:"email"`
	Password       string  `json:"password"`
	FirstName      string  `json:"firstName"`
	LastName       string  `json:"lastName"`
	DateOfBirth    *string `json:"dateOfBirth"`
	ResidenceState string  `json:"residenceState"`
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
	hash, err := squares.HashPassword(reg.Password)
	if err != nil {
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
	if err := s.startSession(w, r, u); err != nil {
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
	writeJSON(w, http.StatusCreated, map[string]any{"user": toUserJSON(u), "message": message})
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
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
	if !ok {
		return
	}
	if err := s.startSession(w, r, u); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": s.ownUserJSON(u)})
}

// checkCredentials finds an account and checks its password under the sign-in throttle. An unknown
// account and a wrong password get the same answer in about the same time. It answers the request itself
// unless it returns ok.
func (s *Server) checkCredentials(w http.ResponseWriter, r *http.Request, accountKey, password string,
	find func() (*squares.User, error), refused error) (*squares.User, bool) {
	ctx := r.Context()
	addressKey := "ip:" + s.clientIP(r)
	since := s.now().Add(-throttleWindow)
	for key, max := range map[string]int{accountKey: maxFailuresAccount, addressKey: maxFailuresAddress} {
		n, err := s.Store.CountLoginFailures(ctx, key, since)
		if err != nil {
			s.Error(w, r, err)
			return nil, false
		}
		if n >= max {
			s.Error(w, r, errTooManyAttempts)
			return nil, false
		}
	}
	u, err := find()
	if err != nil && squares.ErrorCode(err) != squares.ENOTFOUND {
		s.Error(w, r, err)
		return nil, false
	}
	hash := squares.DummyPasswordHash()
	if u != nil {
		hash = u.PasswordHash
	}
	if !squares.CheckPassword(hash, password) || u == nil {
		if err := s.Store.RecordLoginFailure(ctx, accountKey, addressKey); err != nil {
			s.Error(w, r, err)
			return nil, false
		}
		s.Error(w, r, refused)
		return nil, false
	}
	if err := s.Store.ClearLoginFailures(ctx, accountKey); err != nil {
		s.Error(w, r, err)
		return nil, false
	}
	return u, true
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if err := s.endSession(w, r); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "message": "You have been successfully signed out."})
}

// handleLogoutLink signs out from a plain link, as the private pool page's header does, and goes home.
func (s *Server) handleLogoutLink(w http.ResponseWriter, r *http.Request) {
	if err := s.endSession(w, r); err != nil {
		s.Error(w, r, err)
		return
	}
	http.Redirect(w, r, "/", http.StatusFound)
}

func (s *Server) handleLoginLink(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/login", http.StatusFound)
}

func (s *Server) handleCurrentUser(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.ownUserJSON(userFrom(r.Context())))
}

type adminLoginRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
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
		if err == nil && !u.IsAdmin() {
			return nil, squares.Errorf(squares.ENOTFOUND, "User not found.")
		}
		return u, err
	}, errBadAdminLogin)
	if !ok {
		return
	}
	if err := s.startSession(w, r, u); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "user": toUserJSON(u), "message": "Welcome back, admin!"})
}

type verifyAgeRequest struct {
	DateOfBirth      string `json:"dateOfBirth"`
	ResidenceState   string `json:"residenceState"`
	ResidenceCountry string `json:"residenceCountry"`
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
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "user": toUserJSON(u), "message": message})
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
	if err != nil || u.IsAdmin() {
		s.Error(w, r, squares.Errorf(squares.ENOTFOUND, "No player with this email."))
		return
	}
	if err := s.startSession(w, r, u); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "user": toUserJSON(u)})
}
