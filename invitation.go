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

// Defaults of the limits on private pools (SQUARES_PRIVATE_POOL_LIMIT, SQUARES_INVITE_LIMIT,
// SQUARES_PRIVATE_MAX_FEE).
const (
	DefaultPrivatePoolLimit = 10
	DefaultInviteLimit      = 100
	DefaultPrivateMaxFee    = Cents(10_000)
	// PrivateLimitWindow is the "day" of the daily limits: any 24 hours, sliding.
	PrivateLimitWindow = 24 * time.Hour
)

// PrivatePoolRules is the configuration in force for private pools: who may host and join them, for how
// much, and how many a player makes and invites.
type PrivatePoolRules struct {
	// Eligibility is the configuration of paid play in force: a paid private pool follows it as a sale does.
	Eligibility Eligibility
	// MaxFee caps a private pool's entry fee a square; 0 leaves only MaxPrivateEntryFee.
	MaxFee Cents
	// PoolsPerDay is how many private pools one player may create in any 24 hours; 0 for no limit.
	PoolsPerDay int
	// InvitesPerDay is how many invitation e-mails one player may send in any 24 hours, each address
	// invited at a pool's creation and each resend counting one; 0 for no limit.
	InvitesPerDay int
}

// CheckHost decides whether u may create a private pool whose entry fee is fee, and send its invitations:
// a player (admins never: EFORBIDDEN) who verified their age, a fee within MaxFee and, for a paid pool,
// what paying needs (Eligibility.CheckPaidPlay). Every refusal of a player is a rule refused
// (EUNPROCESSABLE) saying what is missing.
func (r PrivatePoolRules) CheckHost(u *User, fee Cents, now time.Time) error {
	switch {
	case u == nil:
		return Errorf(EUNAUTHORIZED, "Not authenticated. Please sign in.")
	case u.HasAdminRole():
		return Errorf(EFORBIDDEN, "Only players create private pools.")
	case !u.IsAgeVerified:
		return Errorf(EUNPROCESSABLE, "Please verify your age before creating a private pool.")
	}
	if r.MaxFee > 0 && fee > r.MaxFee {
		msg := fmt.Sprintf("Entry fee cannot exceed $%s a square.", strings.TrimSuffix(r.MaxFee.String(), ".00"))
		return &Error{Code: EUNPROCESSABLE, Message: msg, Fields: map[string]string{"entryFee": msg}}
	}
	if fee > 0 {
		if err := r.Eligibility.CheckPaidPlay(u, now); err != nil {
			return Errorf(EUNPROCESSABLE, "%s You can create a free pool (entry fee 0) instead.", ErrorMessage(err))
		}
	}
	return nil
}

// CheckMember decides whether u may join a private pool whose entry fee is fee: a player who verified their
// age (decisions.md: free pools need sign-in and age verification) and, for a paid pool, what paying needs.
// Refusals are as CheckHost's.
func (r PrivatePoolRules) CheckMember(u *User, fee Cents, now time.Time) error {
	switch {
	case u == nil:
		return Errorf(EUNAUTHORIZED, "Not authenticated. Please sign in.")
	case u.HasAdminRole():
		return Errorf(EFORBIDDEN, "Only players join private pools.")
	case !u.IsAgeVerified:
		return Errorf(EUNPROCESSABLE, "Please verify your age before joining a private pool.")
	}
	if fee > 0 {
		if err := r.Eligibility.CheckPaidPlay(u, now); err != nil {
			return Errorf(EUNPROCESSABLE, "%s", ErrorMessage(err))
		}
	}
	return nil
}

// CheckInviter decides whether u may send invitations of a private pool they created again: only while
// their age is verified.
func (r PrivatePoolRules) CheckInviter(u *User) error {
	if u == nil || !u.IsAgeVerified {
		return Errorf(EUNPROCESSABLE, "Please verify your age before sending invitations.")
	}
	return nil
}

// CheckInviteCount refuses, before anything is reserved, more addresses at once than InvitesPerDay allows
// in a whole day: waiting would not help.
func (r PrivatePoolRules) CheckInviteCount(n int) error {
	if r.InvitesPerDay > 0 && n > r.InvitesPerDay {
		msg := fmt.Sprintf("You can send at most %d invitations a day.", r.InvitesPerDay)
		return &Error{Code: EUNPROCESSABLE, Message: msg, Fields: map[string]string{"inviteEmails": msg}}
	}
	return nil
}

// ErrPoolLimit answers a player who created PoolsPerDay private pools in the last 24 hours; the oldest
// leaves them after wait.
func (r PrivatePoolRules) ErrPoolLimit(wait time.Duration) error {
	return TooMany(wait, "You can create at most %d private pools a day: try again in %s.", r.PoolsPerDay, WaitText(wait))
}

// ErrInviteLimit answers a player whose invitations in the last 24 hours leave too little room for n
// more, which there is after wait.
func (r PrivatePoolRules) ErrInviteLimit(n int, wait time.Duration) error {
	if n == 1 {
		return TooMany(wait, "You can send at most %d invitations a day: try again in %s.", r.InvitesPerDay, WaitText(wait))
	}
	return TooMany(wait, "You can send at most %d invitations a day, and %d now would be too many: invite fewer "+
		"people, or try again in %s.", r.InvitesPerDay, n, WaitText(wait))
}

// WaitText says how long a wait is, rounded up to a readable unit: "40 seconds", "12 minutes", "3 hours".
func WaitText(d time.Duration) string {
	unit := func(n int64, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	switch {
	case d <= time.Minute:
		return unit(max(1, int64((d+time.Second-1)/time.Second)), "second")
	case d <= time.Hour:
		return unit(int64((d+time.Minute-1)/time.Minute), "minute")
	default:
		return unit(int64((d+time.Hour-1)/time.Hour), "hour")
	}
}

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
	// Collection is "card" (the default) or "host"; PaymentInstructions and PayBy are a host pool's
	// (CheckCollection, PayByFor).
	Collection          string
	PaymentInstructions string
	PayBy               *time.Time
	// Rules are the pool's rules when chosen (nil: today's rules with PayoutSchedule); CheckRules checks
	// them with the league of the game.
	Rules *Rules
}

// Validate checks a private pool to be created with the messages of the specification, trims the name
// and normalises the invited addresses, dropping blanks and duplicates.
func (in *PrivatePoolInput) Validate() error {
	var v Validation
	if in.GameID <= 0 {
		v.Add("gameId", "Please select a game")
	}
	if !PrintableLine(in.Name) {
		v.Add("name", "Pool name must be one line of printable text.")
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
	var err error
	in.Collection, in.PaymentInstructions, err = CheckCollection(in.Collection, in.PaymentInstructions, in.PayBy)
	v.Merge(err)
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
	if strings.TrimSpace(first) == "" {
		return "A player"
	}
	return ShortName(first, strings.ToUpper(strings.TrimSpace(last)))
}

// ErrInvitationRevoked answers a code of an invitation its pool's creator revoked.
var ErrInvitationRevoked = Errorf(EUNPROCESSABLE, "This invitation was revoked by the pool's creator.")

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
		return TooMany(ResendInterval-now.Sub(inv.LastSentAt), "This invitation was sent less than a minute ago.")
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

// ErrPublicPool refuses an admin's call on the invitations of a public pool, which has none.
var ErrPublicPool = Errorf(EUNPROCESSABLE, "This pool is public: it has no invitations.")

// InvitationManager is who asks to manage a private pool's invitations: a player, or an admin through the
// admin routes (Admin), every call of whose the audit log records.
type InvitationManager struct {
	Actor *User
	Admin bool
}

// CheckManager is the private-pool host's right over its invitations: only the pool's creator manages a
// private pool's invitations (EFORBIDDEN for anyone else, and for any public pool); through the admin
// routes an admin does too (a player there is refused, and a public pool has no invitations). Admins have
// no other way in.
func CheckManager(m InvitationManager, p *Pool) error {
	switch {
	case m.Admin && !m.Actor.IsAdmin():
		return Errorf(EFORBIDDEN, "Admin access required.")
	case m.Admin && !p.IsPrivate:
		return ErrPublicPool
	case !m.Admin && (!p.IsPrivate || m.Actor == nil || m.Actor.ID != p.CreatorID):
		return Errorf(EFORBIDDEN, "Only the pool's creator manages its invitations.")
	}
	return nil
}

// InvitationResend is a request to send a private pool's invitation again, with what its rules read.
type InvitationResend struct {
	Manager InvitationManager
	// Rules is the configuration of private pools in force (the daily limit is the store's to count).
	Rules      PrivatePoolRules
	PoolStatus string
	Invitation *PoolInvitation
	Now        time.Time
}

// CheckInvitationResend applies the rules of a resend, the manager's right checked already
// (CheckManager): the creator only while their age is verified (CheckInviter), a pool that can still be
// joined (CheckJoin), and an invitation not sent too recently (CheckResend). It reports whether the
// e-mail counts against the manager's invitations of the day: a creator's does, an admin's (audited) takes
// none of the creator's.
func CheckInvitationResend(r InvitationResend) (counts bool, err error) {
	if !r.Manager.Admin {
		if err := r.Rules.CheckInviter(r.Manager.Actor); err != nil {
			return false, err
		}
	}
	if err := CheckJoin(r.PoolStatus); err != nil {
		return false, err
	}
	if err := r.Invitation.CheckResend(r.Now); err != nil {
		return false, err
	}
	return !r.Manager.Admin, nil
}

// CheckHostIsPlayer refuses a private pool's creation, before its input is read, to anyone but a player:
// nobody signed in and an admin alike (EFORBIDDEN). CheckHost then decides what the player may host.
func CheckHostIsPlayer(u *User) error {
	if u == nil || u.HasAdminRole() {
		return Errorf(EFORBIDDEN, "Only players create private pools.")
	}
	return nil
}

// CheckJoinerIsPlayer refuses joining a private pool, before the code is looked up, to anyone but a
// player (EFORBIDDEN). CheckMember then decides whether the player may join the pool.
func CheckJoinerIsPlayer(u *User) error {
	if u == nil || u.HasAdminRole() {
		return Errorf(EFORBIDDEN, "Only players join private pools.")
	}
	return nil
}
