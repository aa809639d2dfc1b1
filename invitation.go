package squares

import (
	"crypto/rand"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Limits of private pools and their invitations.
const (
	// MaxInvitesAtOnce is the most addresses one request may invite.
	MaxInvitesAtOnce = 50
	// InviteCodeLength is the length of a pool's or an invitation's code.
	InviteCodeLength = 8
	// ResendInterval is the least time between two sendings of one invitation.
	ResendInterval = time.Minute
)

// inviteAlphabet leaves out letters and digits that read alike (0/O, 1/I/L).
const inviteAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// NewInviteCode returns a random code from a cryptographic source: a pool's shared code or one
// invitation's own.
func NewInviteCode() (string, error) {
	b := make([]byte, InviteCodeLength)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("invite code: %w", err)
	}
	for i := range b {
		b[i] = inviteAlphabet[int(b[i])%len(inviteAlphabet)]
	}
	return string(b), nil
}

// NormalizeInviteCode reads a code as a player typed it: trimmed, upper case.
func NormalizeInviteCode(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// PrivatePoolInput is what a player sends to create a private pool. PayoutSchedule is checked by the
// store against the game's league (ParsePayoutSchedule).
type PrivatePoolInput struct {
	GameID              int64
	Name                string
	EntryFee            Cents
	MaxSquaresPerPlayer int
	InviteEmails        []string
	PayoutSchedule      string
}

// Validate checks a private pool to be created with the messages of the specification, trims the name
// and normalises the invited addresses, dropping blanks and duplicates.
func (in *PrivatePoolInput) Validate() error {
	var v Validation
	if in.GameID <= 0 {
		v.Add("gameId", "Please select a game")
	}
	in.Name = strings.TrimSpace(in.Name)
	switch n := utf8.RuneCountInString(in.Name); {
	case n < 3:
		v.Add("name", "Pool name must be at least 3 characters")
	case n > 80:
		v.Add("name", "Pool name must be at most 80 characters")
	}
	switch {
	case in.EntryFee < 0:
		v.Add("entryFee", "Entry fee must be non-negative")
	case in.EntryFee > MaxPrivateEntryFee:
		v.Add("entryFee", "Entry fee cannot exceed $1000")
	}
	switch {
	case in.MaxSquaresPerPlayer < 1:
		v.Add("maxSquaresPerPlayer", "Must allow at least 1 square")
	case in.MaxSquaresPerPlayer > MaxPrivateSquares:
		v.Add("maxSquaresPerPlayer", "Cannot exceed 25 squares per player")
	}
	var emails []string
	seen := map[string]bool{}
	for _, e := range in.InviteEmails {
		e = NormalizeEmail(e)
		if e == "" || seen[e] {
			continue
		}
		if !ValidEmail(e) {
			v.Add("inviteEmails", "Invalid email address")
		}
		seen[e] = true
		emails = append(emails, e)
	}
	if len(emails) > MaxInvitesAtOnce {
		v.Add("inviteEmails", fmt.Sprintf("At most %d invitations at a time", MaxInvitesAtOnce))
	}
	in.InviteEmails = emails
	return v.Err()
}

// CheckPrivatePoolGame refuses a game that a private pool cannot be created on: one that is not upcoming
// or whose sales have closed (DecisionLead before kickoff).
func CheckPrivatePoolGame(g *Game, now time.Time) error {
	if g.Status != GameScheduled || !now.Before(g.GameDate.Add(-DecisionLead)) {
		return FieldError("gameId", "This game is no longer open for new pools: pick an upcoming game.")
	}
	return nil
}

// CheckJoin refuses to join a pool that is over, or that players cannot see yet.
func CheckJoin(status string) error {
	switch status {
	case PoolCancelled:
		return Errorf(EUNPROCESSABLE, "This pool was cancelled.")
	case PoolCompleted:
		return Errorf(EUNPROCESSABLE, "This pool has finished.")
	case PoolDraft:
		return Errorf(EUNPROCESSABLE, "This pool is not open yet.")
	}
	return nil
}

// ErrUnknownInviteCode is the answer to an invite code that shows no pool: unknown, revoked, or of a pool
// that can no longer be joined. One answer for all, so that guessing codes learns nothing from the
// difference.
var ErrUnknownInviteCode = Errorf(ENOTFOUND, "No pool has this invite code.")

// CheckInvitationRead decides whether an invite code shows its pool to someone who has not joined it: not
// when the invitation it belongs to was revoked (invitationStatus is "" for a pool's own code), nor when
// the pool can no longer be joined (CheckJoin). Either way the code reads as unknown.
func CheckInvitationRead(invitationStatus, poolStatus string) error {
	if invitationStatus == InvitationRevoked || CheckJoin(poolStatus) != nil {
		return ErrUnknownInviteCode
	}
	return nil
}

// HostName is how an invitation names the player who created a private pool to anyone who holds its
// code: the first name and the initial of the last ("Casey T."), never the e-mail address; "A player"
// when the account has no first name.
func HostName(first, last string) string {
	first = strings.TrimSpace(first)
	if first == "" {
		return "A player"
	}
	for _, r := range strings.TrimSpace(last) {
		return first + " " + strings.ToUpper(string(r)) + "."
	}
	return first
}

// Invitation statuses.
const (
	InvitationPending  = "pending"  // sent, not used yet
	InvitationAccepted = "accepted" // someone joined with it
	InvitationRevoked  = "revoked"  // the creator revoked it: its link joins no more
)

// PoolInvitation is an invitation of one address to a private pool, with its own code: the link it
// carries is /join/{code}, so that revoking it stops that link and no other.
type PoolInvitation struct {
	ID         int64
	PoolID     int64
	Email      string
	Code       string
	InviterID  int64
	Status     string
	SentCount  int
	LastSentAt time.Time
	AcceptedBy int64
	AcceptedAt *time.Time
	RevokedAt  *time.Time
	CreatedAt  time.Time
}

// CheckResend refuses to send an invitation again when it was revoked or used, or sent less than
// ResendInterval ago.
func (inv *PoolInvitation) CheckResend(now time.Time) error {
	switch {
	case inv.Status == InvitationRevoked:
		return Errorf(EUNPROCESSABLE, "This invitation was revoked.")
	case inv.Status == InvitationAccepted:
		return Errorf(EUNPROCESSABLE, "This invitation was already used to join.")
	case now.Sub(inv.LastSentAt) < ResendInterval:
		return Errorf(ETOOMANY, "This invitation was sent less than a minute ago.")
	}
	return nil
}

// PoolMember is a player who joined a private pool (the creator is one).
type PoolMember struct {
	UserID    int64
	FirstName string
	LastName  string
	Squares   int // squares owned in the pool
	IsCreator bool
	JoinedAt  time.Time
}
