package http

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"image/png"
	"net/http"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
)

// Two-factor sign-in for admins (TOTP). After a correct password, an admin with two-factor sign-in gets
// a short-lived challenge token instead of a session, and trades it and a code for the session.
const (
	// challengeTTL is how long a sign-in waits for its code.
	challengeTTL = 5 * time.Minute
	// maxFailuresCode is how many wrong codes an account may send in throttleWindow, whichever call
	// they come through (sign-in, enabling, disabling).
	maxFailuresCode = 5
	// maxCodeLength bounds a typed code: a TOTP code or a recovery code, with spaces.
	maxCodeLength = 64
	// codeTwoFactorRequired is the code of the 403 an admin without two-factor sign-in gets from every
	// admin call but the set-up's when the server requires it; it exists only at the HTTP edge.
	codeTwoFactorRequired = "two_factor_required"
)

var (
	errChallengeExpired   = squares.Errorf(squares.EUNAUTHORIZED, "This sign-in has expired. Please sign in again.")
	errTwoFactorRequired  = &squares.Error{Code: codeTwoFactorRequired, Message: "Two-factor sign-in is required for admins: set it up on the Security page first."}
	errTooManyCodes       = squares.Errorf(squares.ETOOMANY, "Too many wrong codes. Please wait a few minutes and try again.")
	errUseTwoFactorSignIn = squares.Errorf(squares.EFORBIDDEN, "This account signs in with a second factor: please use the admin sign-in.")
)

// twoFactorExempt are the admin routes an admin may call in a session without an admin's powers for want
// of the second factor (requireAdmin): setting it up, turning it on or off, and reading where it stands.
var twoFactorExempt = map[string]bool{
	"GET /api/admin/2fa":          true,
	"POST /api/admin/2fa/setup":   true,
	"POST /api/admin/2fa/enable":  true,
	"POST /api/admin/2fa/disable": true,
}

// signInAdmin finishes an admin's sign-in once the password is right: with two-factor sign-in on, it
// answers with a challenge for the code; otherwise it starts the session.
func (s *Server) signInAdmin(w http.ResponseWriter, r *http.Request, u *squares.User) {
	st, err := s.Store.TwoFactor(r.Context(), u.ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if st.Enabled {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			s.Error(w, r, err)
			return
		}
		token := base64.RawURLEncoding.EncodeToString(b)
		if err := s.Store.CreateLoginChallenge(r.Context(), hashToken(token), u.ID, challengeTTL); err != nil {
			s.Error(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, TwoFactorChallenge{TwoFactorRequired: true, Challenge: token,
			ExpiresIn: int(challengeTTL / time.Second), Message: "Enter the code from your authenticator app."})
		return
	}
	s.startAdminSession(w, r, u, false, nil)
}

// startAdminSession starts an admin's session and answers as a successful sign-in; twoFactor says whether
// the admin has two-factor sign-in set up, and so whether the caller has just checked a code: the session
// then passed the second factor. recoveryCodesLeft, when the code was a recovery code, joins the answer.
func (s *Server) startAdminSession(w http.ResponseWriter, r *http.Request, u *squares.User, twoFactor bool, recoveryCodesLeft *int) {
	if err := s.startSession(w, r, u, twoFactor); err != nil {
		s.Error(w, r, err)
		return
	}
	body := AdminSignIn{Success: true, User: toUserJSON(u), Message: "Welcome back, admin!"}
	if s.Config.AdminTwoFactor {
		setup := !twoFactor
		body.TwoFactorSetupRequired = &setup
	}
	if recoveryCodesLeft != nil {
		body.RecoveryCodeUsed, body.RecoveryCodesLeft = true, recoveryCodesLeft
	}
	writeJSON(w, http.StatusOK, body)
}

// TwoFactorChallenge answers an admin's password when two-factor sign-in is on: the challenge to send back
// with a code within expiresIn seconds.
type TwoFactorChallenge struct {
	Challenge         string `json:"challenge"`
	ExpiresIn         int    `json:"expiresIn"`
	Message           string `json:"message"`
	TwoFactorRequired bool   `json:"twoFactorRequired"`
}

// AdminSignIn answers an admin's sign-in: twoFactorSetupRequired when two-factor sign-in is required and
// the admin has none yet; after a recovery code, how many are left.
type AdminSignIn struct {
	Message                string `json:"message"`
	RecoveryCodeUsed       bool   `json:"recoveryCodeUsed,omitempty" tstype:"boolean | undefined"`
	RecoveryCodesLeft      *int   `json:"recoveryCodesLeft,omitempty" tstype:"number | undefined"`
	Success                bool   `json:"success"`
	TwoFactorSetupRequired *bool  `json:"twoFactorSetupRequired,omitempty" tstype:"boolean | undefined"`
	User                   User   `json:"user"`
}

// TwoFactorStatus is an admin's two-factor sign-in: on, set up but not confirmed, the recovery codes
// left, and whether this server requires it.
type TwoFactorStatus struct {
	Enabled           bool `json:"enabled"`
	Pending           bool `json:"pending"`
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
	Required          bool `json:"required"`
}

// TwoFactorSetup is a new secret to confirm: as text, as an otpauth URL and as a QR code image (data URL).
type TwoFactorSetup struct {
	OtpauthURL string `json:"otpauthUrl"`
	QRCode     string `json:"qrCode"`
	Secret     string `json:"secret"`
}

// TwoFactorChanged answers turning two-factor sign-in on (with the recovery codes, shown this once) or off.
type TwoFactorChanged struct {
	Enabled       bool     `json:"enabled"`
	Message       string   `json:"message"`
	RecoveryCodes []string `json:"recoveryCodes,omitzero" tstype:"string[] | undefined"`
}

// refuseSecondFactorAccount refuses a sign-in through the player's form to an admin whose account needs
// a second factor; it answers the request itself unless it returns true.
func (s *Server) refuseSecondFactorAccount(w http.ResponseWriter, r *http.Request, u *squares.User) bool {
	if !u.HasAdminRole() {
		return true
	}
	st, err := s.Store.TwoFactor(r.Context(), u.ID)
	if err != nil {
		s.Error(w, r, err)
		return false
	}
	if st.Enabled || s.Config.AdminTwoFactor {
		s.Error(w, r, errUseTwoFactorSignIn)
		return false
	}
	return true
}

type codeRequest struct {
	Challenge string `json:"challenge" text:"max=100"`
	Code      string `json:"code" text:"max=32"`
}

// readCode decodes a body holding a code (and, for sign-in, its challenge) and checks its shape.
func readCode(w http.ResponseWriter, r *http.Request, challenge bool) (codeRequest, error) {
	var req codeRequest
	if err := decode(w, r, &req); err != nil {
		return req, err
	}
	var v squares.Validation
	if challenge && (req.Challenge == "" || len(req.Challenge) > 100) {
		v.Add("challenge", "Please sign in again.")
	}
	if squares.NormalizeRecoveryCode(req.Code) == "" {
		v.Add("code", "Enter the code from your authenticator app.")
	} else if len(req.Code) > maxCodeLength {
		v.Add("code", "Invalid authentication code")
	}
	return req, v.Err()
}

// checkCode runs check, a store call checking a code of the user's, under the throttle of wrong codes:
// the attempt is reserved first, kept as a failure when the code is wrong, and on success forgiven with
// every earlier failure of the account. It answers the request itself unless it returns true.
func (s *Server) checkCode(w http.ResponseWriter, r *http.Request, userID int64, check func() error) bool {
	key := "2fa:" + strconv.FormatInt(userID, 10)
	attempt, wait, err := s.Store.ReserveAttempt(r.Context(),
		store.Limit{Key: key, Max: maxFailuresCode, Window: throttleWindow},
		store.Limit{Key: s.addressKey("ip:", r), Max: maxFailuresAddress, Window: throttleWindow})
	if err != nil {
		s.Error(w, r, err)
		return false
	}
	if attempt == nil {
		s.tooMany(w, r, errTooManyCodes, wait)
		return false
	}
	if err := check(); err != nil {
		if squares.ErrorCode(err) != squares.EINVALID {
			s.giveBack(r, attempt) // not a wrong code: nothing was guessed
		}
		s.Error(w, r, err)
		return false
	}
	if err := s.Store.GiveBackAttempt(r.Context(), attempt, key); err != nil {
		s.Error(w, r, err)
		return false
	}
	return true
}

// handleAdminLoginCode trades a sign-in's challenge and a code (or a recovery code) for a session.
func (s *Server) handleAdminLoginCode(w http.ResponseWriter, r *http.Request) {
	req, err := readCode(w, r, true)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	tokenHash := hashToken(req.Challenge)
	u, err := s.Store.LoginChallengeUser(r.Context(), tokenHash)
	if squares.ErrorCode(err) == squares.ENOTFOUND {
		s.Error(w, r, errChallengeExpired)
		return
	} else if err != nil {
		s.Error(w, r, err)
		return
	}
	var recovery bool
	if !s.checkCode(w, r, u.ID, func() (err error) {
		recovery, err = s.Store.CheckTwoFactor(r.Context(), u.ID, req.Code)
		return err
	}) {
		return
	}
	// Of two calls completing one challenge, one signs in.
	if ended, err := s.Store.EndLoginChallenge(r.Context(), tokenHash); err != nil {
		s.Error(w, r, err)
		return
	} else if !ended {
		s.Error(w, r, errChallengeExpired)
		return
	}
	// The account may have changed since the password was checked.
	if u.Disabled {
		s.Error(w, r, squares.ErrAccountDisabled)
		return
	} else if !u.HasAdminRole() {
		s.Error(w, r, errBadAdminLogin)
		return
	}
	var left *int
	if recovery {
		st, err := s.Store.TwoFactor(r.Context(), u.ID)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		left = &st.RecoveryCodesLeft
	}
	s.startAdminSession(w, r, u, true, left)
}

// handleTwoFactorStatus tells the signed-in admin where their two-factor sign-in stands.
func (s *Server) handleTwoFactorStatus(w http.ResponseWriter, r *http.Request) {
	st, err := s.Store.TwoFactor(r.Context(), userFrom(r.Context()).ID)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, TwoFactorStatus{Enabled: st.Enabled, Pending: st.Pending,
		RecoveryCodesLeft: st.RecoveryCodesLeft, Required: s.Config.AdminTwoFactor})
}

// handleTwoFactorSetup makes a new secret for the signed-in admin, kept until confirmed with a code, and
// answers with it as a key, an otpauth:// URI and a QR code of the URI. Once confirmed, the secret is
// never shown again.
func (s *Server) handleTwoFactorSetup(w http.ResponseWriter, r *http.Request) {
	u := userFrom(r.Context())
	account := u.Username
	if account == "" {
		account = u.Email
	}
	key, err := squares.NewTOTPKey(account)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if err := s.Store.StartTwoFactor(r.Context(), u.ID, key.Secret()); err != nil {
		s.Error(w, r, err)
		return
	}
	img, err := key.Image(200, 200)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, TwoFactorSetup{Secret: key.Secret(), OtpauthURL: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())})
}

// handleTwoFactorEnable turns two-factor sign-in on with a current code of the new secret, and answers
// with the recovery codes, shown this once. The admin's other sessions, signed in without a code, end;
// this one, which has just checked a code, is replaced by a session that passed the second factor.
func (s *Server) handleTwoFactorEnable(w http.ResponseWriter, r *http.Request) {
	req, err := readCode(w, r, false)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	codes, err := squares.NewRecoveryCodes()
	if err != nil {
		s.Error(w, r, err)
		return
	}
	u := userFrom(r.Context())
	if !s.checkCode(w, r, u.ID, func() error { return s.Store.EnableTwoFactor(r.Context(), u.ID, req.Code, codes, s.sessionHash(r)) }) {
		return
	}
	if err := s.startSession(w, r, u, true); err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, TwoFactorChanged{Enabled: true, RecoveryCodes: codes,
		Message: "Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only once."})
}

// handleTwoFactorDisable turns two-factor sign-in off with a current code or a recovery code.
func (s *Server) handleTwoFactorDisable(w http.ResponseWriter, r *http.Request) {
	req, err := readCode(w, r, false)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	u := userFrom(r.Context())
	if !s.checkCode(w, r, u.ID, func() error { return s.Store.DisableTwoFactor(r.Context(), u.ID, req.Code) }) {
		return
	}
	writeJSON(w, http.StatusOK, TwoFactorChanged{Enabled: false, Message: "Two-factor sign-in is off."})
}
