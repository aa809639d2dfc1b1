package http

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/squaresapp/squares"
)

// User is the user object of the API.
//
//tygo:emit export type Role = 'user' | 'admin' | (string & {});
type User struct {
	ID               string    `json:"id"`
	Email            *string   `json:"email"`
	Username         string    `json:"username,omitempty" tstype:"string | undefined"`
	FirstName        string    `json:"firstName"`
	LastName         string    `json:"lastName"`
	ProfileImageURL  *string   `json:"profileImageUrl"`
	Role             string    `json:"role" tstype:"Role"`
	IsAgeVerified    bool      `json:"isAgeVerified"`
	IsEligibleToBet  bool      `json:"isEligibleToBet"`
	ComplianceStatus string    `json:"complianceStatus"`
	DateOfBirth      *string   `json:"dateOfBirth"`
	ResidenceState   *string   `json:"residenceState"`
	ResidenceCountry *string   `json:"residenceCountry"`
	CreatedAt        time.Time `json:"createdAt"`
	UpdatedAt        time.Time `json:"updatedAt"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func toUserJSON(u *squares.User) User {
	return User{
		ID: strconv.FormatInt(u.ID, 10), Email: optional(u.Email), Username: u.Username,
		FirstName: u.FirstName, LastName: u.LastName, ProfileImageURL: optional(u.ProfileImageURL), Role: u.Role,
		IsAgeVerified: u.IsAgeVerified, IsEligibleToBet: u.IsEligibleToBet, ComplianceStatus: u.ComplianceStatus(),
		DateOfBirth: optional(u.DateOfBirth), ResidenceState: optional(u.ResidenceState),
		ResidenceCountry: optional(u.ResidenceCountry), CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt,
	}
}

// ownUserJSON shows players their own account: isEligibleToBet says whether they may play paid pools now,
// judged from their stored details by the configuration in force, as every checkout is.
func (s *Server) ownUserJSON(u *squares.User) User {
	now := *u
	now.IsEligibleToBet = s.Config.Eligibility.CanPlayPaid(u, s.now())
	return toUserJSON(&now)
}

// AdminUser is a user as the admins' user management shows it.
type AdminUser struct {
	User       `tstype:",extends"`
	IsDisabled bool `json:"isDisabled"`
}

func toAdminUserJSON(u *squares.User) AdminUser {
	return AdminUser{User: toUserJSON(u), IsDisabled: u.Disabled}
}

// handleListUsers lists every account for the User Management page: GET /api/admin/users.
func (s *Server) handleListUsers(w http.ResponseWriter, r *http.Request) {
	users, err := s.Store.ListUsers(r.Context())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := make([]AdminUser, len(users))
	for i, u := range users {
		out[i] = toAdminUserJSON(u)
	}
	writeJSON(w, http.StatusOK, out)
}

// userUpdateFields are the fields POST /api/admin/users/{userId}/update accepts, each with where it goes.
var userUpdateFields = map[string]func(up *squares.UserUpdate) any{
	"role":            func(up *squares.UserUpdate) any { return &up.Role },
	"isAgeVerified":   func(up *squares.UserUpdate) any { return &up.IsAgeVerified },
	"isEligibleToBet": func(up *squares.UserUpdate) any { return &up.IsEligibleToBet },
	"dateOfBirth":     func(up *squares.UserUpdate) any { return &up.DateOfBirth },
	"residenceState":  func(up *squares.UserUpdate) any { return &up.ResidenceState },
	"isDisabled":      func(up *squares.UserUpdate) any { return &up.Disabled },
}

// handleUpdateUser changes an account: POST /api/admin/users/{userId}/update with any of role,
// isAgeVerified, isEligibleToBet, dateOfBirth, residenceState and isDisabled. An unknown field, a null or a
// value of the wrong type is refused, so that nothing the admin meant is silently dropped.
func (s *Server) handleUpdateUser(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "userId")
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var body map[string]json.RawMessage
	if err := decode(w, r, &body); err != nil {
		s.Error(w, r, err)
		return
	}
	var up squares.UserUpdate
	var v squares.Validation
	for _, name := range slices.Sorted(maps.Keys(body)) {
		field, ok := userUpdateFields[name]
		if !ok {
			v.Add(name, "Unknown field "+name+": only role, isAgeVerified, isEligibleToBet, dateOfBirth, residenceState and isDisabled can be changed.")
			continue
		}
		dst := field(&up)
		if err := json.Unmarshal(body[name], dst); err != nil || string(body[name]) == "null" {
			v.Add(name, "Invalid value for "+name+".")
		}
	}
	if err := v.Err(); err != nil {
		s.Error(w, r, err)
		return
	}
	if err := up.Validate(s.now()); err != nil {
		s.Error(w, r, err)
		return
	}
	u, err := s.Store.UpdateUser(r.Context(), id, up)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, UserUpdated{User: toAdminUserJSON(u), Message: "User information has been updated successfully."})
}

// UserUpdated answers an admin's change to a user: the user as it now is.
type UserUpdated struct {
	Message string    `json:"message"`
	User    AdminUser `json:"user"`
}
