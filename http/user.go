package http

import (
	"strconv"
	"time"

	"github.com/squaresapp/squares"
)

// userJSON is the user object of the API.
type userJSON struct {
	ID               string    `json:"id"`
	Email            *string   `json:"email"`
	Username         string    `json:"username,omitempty"`
	FirstName        string    `json:"firstName"`
	LastName         string    `json:"lastName"`
	ProfileImageURL  *string   `json:"profileImageUrl"`
	Role             string    `json:"role"`
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

func toUserJSON(u *squares.User) userJSON {
	return userJSON{
		ID: strconv.FormatInt(u.ID, 10), Email: optional(u.Email), Username: u.Username,
		FirstName: u.FirstName, LastName: u.LastName, ProfileImageURL: optional(u.ProfileImageURL), Role: u.Role,
		IsAgeVerified: u.IsAgeVerified, IsEligibleToBet: u.IsEligibleToBet, ComplianceStatus: u.ComplianceStatus(),
		DateOfBirth: optional(u.DateOfBirth), ResidenceState: optional(u.ResidenceState),
		ResidenceCountry: optional(u.ResidenceCountry), CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt,
	}
}

// ownUserJSON shows players their own account: isEligibleToBet says whether they may play paid pools now,
// judged from their stored details by the configuration in force, as every checkout is.
func (s *Server) ownUserJSON(u *squares.User) userJSON {
	now := *u
	now.IsEligibleToBet = s.Config.Eligibility.CanPlayPaid(u, s.now())
	return toUserJSON(&now)
}
