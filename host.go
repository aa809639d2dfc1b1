package squares

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Who collects a private pool's money: through Squares' escrow by card, or the host
// outside Squares, in which case no money passes through Squares and its ledger does not move.
const (
	CollectionCard = "card"
	CollectionHost = "host"
)

// Limits of a host-collected pool.
const (
	// MaxPaymentInstructions is the most characters of a host's payment instructions.
	MaxPaymentInstructions = 500
	// DefaultPayByLead is how long before kickoff payment is due when the host does not say.
	DefaultPayByLead = 24 * time.Hour
	// MaxPaymentNote is the most characters of a note on a payment the host records.
	MaxPaymentNote = 200
	// MaxGuestName is the most characters of a guest's name.
	MaxGuestName = 80
)

// HostCollects reports whether the pool's host collects its money outside Squares.
func (p *Pool) HostCollects() bool { return p.Collection == CollectionHost }

// CheckCollection validates how a private pool collects its money, with its payment instructions (multi-
// line text, at most MaxPaymentInstructions characters). A card pool takes no instructions and no payBy.
// It returns the collection, "card" when none is given, and the instructions with their lines trimmed at
// the end and Windows line ends made "\n".
func CheckCollection(collection, instructions string, payBy *time.Time) (string, string, error) {
	var v Validation
	collection = strings.TrimSpace(collection)
	if collection == "" {
		collection = CollectionCard
	}
	if collection != CollectionCard && collection != CollectionHost {
		v.Add("collection", `Collection must be "card" or "host".`)
	}
	instructions = strings.TrimSpace(strings.ReplaceAll(instructions, "\r\n", "\n"))
	switch {
	case !PrintableText(instructions):
		v.Add("paymentInstructions", "Payment instructions must be printable text.")
	case utf8.RuneCountInString(instructions) > MaxPaymentInstructions:
		v.Add("paymentInstructions", fmt.Sprintf("Payment instructions must be at most %d characters.", MaxPaymentInstructions))
	}
	if collection == CollectionCard {
		if instructions != "" {
			v.Add("paymentInstructions", "Only a pool whose host collects the money has payment instructions.")
		}
		if payBy != nil {
			v.Add("payBy", "Only a pool whose host collects the money has a payment deadline.")
		}
	}
	return collection, instructions, v.Err()
}

// PrintableText reports whether s is lines of printable text (PrintableLine) separated by "\n".
func PrintableText(s string) bool {
	for line := range strings.SplitSeq(s, "\n") {
		if !PrintableLine(line) {
			return false
		}
	}
	return true
}

// PayByFor decides a host pool's payment deadline: the host's time, which must be to come and before
// kickoff, or by default DefaultPayByLead before kickoff (the pool's sales close, DecisionLead before
// kickoff, when that default has passed already).
func PayByFor(payBy *time.Time, kickoff, now time.Time) (time.Time, error) {
	if payBy == nil {
		at := kickoff.Add(-DefaultPayByLead)
		if !at.After(now) {
			at = kickoff.Add(-DecisionLead)
		}
		return at.UTC(), nil
	}
	at := payBy.UTC()
	switch {
	case !at.After(now):
		return time.Time{}, FieldError("payBy", "Pay by must be a time to come.")
	case !at.Before(kickoff):
		return time.Time{}, FieldError("payBy", "Pay by must be before kickoff.")
	}
	return at, nil
}

// Player names who plays in a host pool: a member (UserID) or a guest (GuestID); exactly one is set.
type Player struct {
	UserID  int64
	GuestID int64
}

// CheckPlayer refuses a player named by neither or by both of userId and guestId.
func CheckPlayer(p Player) error {
	if (p.UserID > 0) == (p.GuestID > 0) {
		return FieldError("userId", "Name the player by userId or guestId, one of them.")
	}
	return nil
}

// What a host does, for CheckHostAction's messages and the pool's history.
const (
	HostRecordPayment  = "payment.record"
	HostCorrectPayment = "payment.correct"
	HostAddGuest       = "guest.add"
	HostAssign         = "square.assign"
	HostTakeBack       = "square.take_back"
	HostSetLimit       = "pool.limit"
	HostReadPayments   = "payment.list"
	HostReadHistory    = "history.read"
)

// HostAction is a call only a host-collected pool's host may make, with what its rule reads.
type HostAction struct {
	Actor  *User
	Pool   *Pool
	Action string
}

// CheckHostAction is the host's right: only the private pool's creator records payments, adds guests,
// assigns and takes back squares, reads the payments and the history (EFORBIDDEN for anyone else, admins
// included: they have the admin routes), and only in a pool whose host collects its money (EUNPROCESSABLE
// in a card pool, which needs a payer for every square).
func CheckHostAction(a HostAction) error {
	switch {
	case a.Actor == nil:
		return Errorf(EUNAUTHORIZED, "Not authenticated. Please sign in.")
	case a.Pool == nil || !a.Pool.IsPrivate || a.Actor.ID != a.Pool.CreatorID:
		return Errorf(EFORBIDDEN, "Only the pool's host can do this.")
	}
	if a.Pool.HostCollects() || a.Action == HostReadHistory {
		return nil
	}
	switch a.Action {
	case HostAddGuest:
		return Errorf(EUNPROCESSABLE, "Guests can only be added to a pool whose host collects the money: "+
			"in a card pool every square needs a payer with an account.")
	case HostAssign:
		return Errorf(EUNPROCESSABLE, "Squares can only be given in a pool whose host collects the money: "+
			"in a card pool every square is paid by card.")
	case HostTakeBack:
		return Errorf(EUNPROCESSABLE, "Squares can only be taken back in a pool whose host collects the money.")
	case HostSendReminder:
		return Errorf(EUNPROCESSABLE, "Reminders are sent only in a pool whose host collects the money: "+
			"this pool is paid by card through Squares.")
	case HostMarkPrizePaid:
		return Errorf(EUNPROCESSABLE, "Prizes are marked paid only in a pool whose host collects the money: "+
			"this pool's prizes are paid through Squares.")
	}
	return Errorf(EUNPROCESSABLE, "Payments are recorded only in a pool whose host collects the money: "+
		"this pool is paid by card through Squares.")
}

// PoolHistoryEntry is one thing the host, or a player joining as a guest, did in a host pool: who, what,
// when. The history is append-only.
type PoolHistoryEntry struct {
	ID      int64
	PoolID  int64
	ActorID int64
	// ActorName is the actor's name as it was.
	ActorName string
	Action    string
	// Player is the player the entry concerns, if any.
	Player
	Summary string
	At      time.Time
}

// CSVCell makes a text safe for a spreadsheet: a cell that begins with =, +, -, @, a tab or a carriage
// return is read as a formula by spreadsheet programs (CSV injection), so it is prefixed with a quote.
func CSVCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
