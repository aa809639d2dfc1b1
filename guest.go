package squares

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Guest is someone without an account the host added to a host pool by name. An invitation is sent when
// the host gives an e-mail; once accepted, the guest's squares and payments are the account's (UserID).
type Guest struct {
	ID           int64
	PoolID       int64
	Name         string
	Email        string
	InvitationID int64
	// UserID is the account the guest became by accepting the invitation; 0 until then.
	UserID    int64
	CreatedAt time.Time
	MergedAt  *time.Time
}

// GuestInput is what a host sends to add a guest.
type GuestInput struct {
	Name  string
	Email string
}

// Validate checks a guest to be added: a name of one line of printable text, 1 to MaxGuestName characters,
// and an e-mail address or none. It trims the name and normalises the address.
func (in *GuestInput) Validate() error {
	var v Validation
	if !PrintableLine(in.Name) {
		v.Add("name", "A guest's name must be one line of printable text.")
	}
	in.Name = strings.TrimSpace(in.Name)
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		v.Add("name", "Please enter the guest's name.")
	case n > MaxGuestName:
		v.Add("name", fmt.Sprintf("A guest's name must be at most %d characters.", MaxGuestName))
	}
	in.Email = NormalizeEmail(in.Email)
	if in.Email != "" && !ValidEmail(in.Email) {
		v.Add("email", "Invalid email address")
	}
	return v.Err()
}
