package squares

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Who collects a private pool's money (decisions in issue 21): through Squares' escrow by card, or the host
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
	}
	return Errorf(EUNPROCESSABLE, "Payments are recorded only in a pool whose host collects the money: "+
		"this pool is paid by card through Squares.")
}

// HostPayment is one entry of a host pool's payment record: money the host says they received from a
// player, or a correction (Corrects, the id of the entry it cancels, with the opposite amount). Entries
// are never changed nor deleted.
type HostPayment struct {
	ID      int64
	PoolID  int64
	UserID  int64
	GuestID int64
	Amount  Cents
	Note    string
	// Corrects is the id of the entry this one cancels; 0 for a payment.
	Corrects int64
	// CorrectedBy is the id of the correction that cancels this entry; 0 while none does.
	CorrectedBy int64
	RecordedBy  int64
	At          time.Time
}

// PaymentInput is a payment the host records.
type PaymentInput struct {
	Player
	Amount Cents
	Note   string
}

// Validate checks a payment against the pool: a player named once, an amount of more than nothing and no
// more than the pool's total (its entry fee for all 100 squares), and a note of one line of printable text
// of at most MaxPaymentNote characters (trimmed).
func (in *PaymentInput) Validate(p *Pool) error {
	var v Validation
	v.Merge(CheckPlayer(in.Player))
	total := p.EntryFee * SquaresPerPool
	if in.Amount <= 0 || in.Amount > total {
		v.Add("amount", fmt.Sprintf("The amount must be more than $0.00 and at most the pool's total, $%s.", total))
	}
	if !PrintableLine(in.Note) {
		v.Add("note", "A note must be one line of printable text.")
	}
	in.Note = strings.TrimSpace(in.Note)
	if utf8.RuneCountInString(in.Note) > MaxPaymentNote {
		v.Add("note", fmt.Sprintf("A note must be at most %d characters.", MaxPaymentNote))
	}
	return v.Err()
}

// CheckCorrection refuses to correct an entry that is a correction itself (422) or that a correction
// cancels already (409).
func CheckCorrection(e *HostPayment) error {
	switch {
	case e.Corrects != 0:
		return Errorf(EUNPROCESSABLE, "This entry is a correction: record a new payment instead.")
	case e.CorrectedBy != 0:
		return Errorf(ECONFLICT, "This payment was already corrected.")
	}
	return nil
}

// Correction is the entry that cancels e, recorded at now by the host.
func Correction(e *HostPayment, by int64, now time.Time) HostPayment {
	return HostPayment{PoolID: e.PoolID, UserID: e.UserID, GuestID: e.GuestID, Amount: -e.Amount,
		Note: "Correction of payment " + fmt.Sprint(e.ID), Corrects: e.ID, RecordedBy: by, At: now}
}

// PlayerBalance is what one player of a host pool owes and paid: the entry fee of each square they own,
// less the sum of their entries (payments and their corrections).
type PlayerBalance struct {
	Player
	Name    string
	Squares int
	Owed    Cents
	Paid    Cents
	Balance Cents
	Entries []*HostPayment
}

// Balance sums a player's account: squares owned at fee each, and their entries.
func Balance(pl Player, name string, fee Cents, squares int, entries []*HostPayment) PlayerBalance {
	b := PlayerBalance{Player: pl, Name: name, Squares: squares, Owed: fee * Cents(squares), Entries: entries}
	for _, e := range entries {
		b.Paid += e.Amount
	}
	b.Balance = b.Owed - b.Paid
	return b
}

// PaidSquares is how many of a player's squares their payments cover, in the order they took them: each
// square costs fee, and a square is paid only when the whole of its fee is. A free pool's squares are all
// paid.
func PaidSquares(fee, paid Cents, squares int) int {
	if fee <= 0 {
		return squares
	}
	if paid <= 0 {
		return 0
	}
	return min(int(paid/fee), squares)
}

// Assignment is the host's giving of squares to a player of a host pool: chosen cells, or Random squares
// at random; with what its rules read.
type Assignment struct {
	Actor  *User
	Pool   *Pool
	Cells  []Cell
	Random int
	// Have counts the squares the player owns in the pool already.
	Have int
	Now  time.Time
}

// CheckAssignment applies the rules of an assignment: the host's right (CheckHostAction), chosen cells
// (CheckCells) or a number of random squares (1 to MaxPrivateSquares), never both, the pool open as for a
// sale (its game scheduled, the pool active and before its sales close), and the player's limit. It
// returns how many squares are given.
func CheckAssignment(a Assignment) (int, error) {
	if err := CheckHostAction(HostAction{Actor: a.Actor, Pool: a.Pool, Action: HostAssign}); err != nil {
		return 0, err
	}
	n := len(a.Cells)
	switch {
	case n > 0 && a.Random != 0:
		return 0, FieldError("squares", "Give chosen squares or a number at random, not both.")
	case n == 0 && (a.Random < 1 || a.Random > MaxPrivateSquares):
		return 0, FieldError("random", fmt.Sprintf("Give from 1 to %d squares at random.", MaxPrivateSquares))
	case n == 0:
		n = a.Random
	default:
		if err := CheckCells(a.Cells); err != nil {
			return 0, err
		}
	}
	s := Sale{Kind: SaleClaim, Pool: a.Pool, Now: a.Now}
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	if limit := a.Pool.SquareLimit(); a.Have+n > limit {
		return 0, Errorf(EUNPROCESSABLE, "A player can have at most %d squares in this pool; this one has %d.", limit, a.Have)
	}
	return n, nil
}

// PickRandom picks n of the free cells at random, intn giving a uniform number in [0, k); it refuses
// more than are free (409).
func PickRandom(free []Cell, n int, intn func(k int) int) ([]Cell, error) {
	if n > len(free) {
		return nil, Errorf(ECONFLICT, "Only %d squares are free.", len(free))
	}
	pool := append([]Cell(nil), free...)
	for i := 0; i < n; i++ {
		j := i + intn(len(pool)-i)
		pool[i], pool[j] = pool[j], pool[i]
	}
	return pool[:n], nil
}

// TakeBack is the host's taking back of one square of a host pool.
type TakeBack struct {
	Actor  *User
	Pool   *Pool
	Square *Square
}

// CheckTakeBack applies the rules of taking a square back: the host's right (CheckHostAction), a square
// owned by a player (not the house's, not one held for a checkout, never one paid by card), and numbers
// not drawn yet in a pool that is still taking squares.
func CheckTakeBack(t TakeBack) error {
	if err := CheckHostAction(HostAction{Actor: t.Actor, Pool: t.Pool, Action: HostTakeBack}); err != nil {
		return err
	}
	switch sq := t.Square; {
	case t.Pool.NumbersGenerated():
		return Errorf(EUNPROCESSABLE, "The numbers are drawn: squares can no longer be taken back.")
	case t.Pool.Status != PoolActive && t.Pool.Status != PoolInactive:
		return Errorf(EUNPROCESSABLE, "This pool is %s: its squares can no longer be taken back.", t.Pool.Status)
	case sq == nil || sq.State != SquareOwned:
		return Errorf(ENOTFOUND, "No one has this square.")
	case sq.PaymentID != "":
		return Errorf(EUNPROCESSABLE, "A square paid by card cannot be taken back.")
	case sq.IsHouse:
		return Errorf(EUNPROCESSABLE, "The house's squares cannot be taken back.")
	}
	return nil
}

// LimitChange is a host's change of a private pool's per-player limit.
type LimitChange struct {
	Actor *User
	Pool  *Pool
	Limit int
}

// CheckLimitChange lets the host of a private pool change its per-player limit (1 to MaxPrivateSquares)
// until the first square is taken; anyone else is refused (403).
func CheckLimitChange(c LimitChange) error {
	switch {
	case c.Actor == nil:
		return Errorf(EUNAUTHORIZED, "Not authenticated. Please sign in.")
	case c.Pool == nil || !c.Pool.IsPrivate || c.Actor.ID != c.Pool.CreatorID:
		return Errorf(EFORBIDDEN, "Only the pool's host can change its limit.")
	case c.Limit < 1:
		return FieldError("maxSquaresPerPlayer", "Must allow at least 1 square")
	case c.Limit > MaxPrivateSquares:
		return FieldError("maxSquaresPerPlayer", "Cannot exceed 25 squares per player")
	case c.Pool.SquaresTaken > 0:
		return Errorf(EUNPROCESSABLE, "The limit can only change until the first square is taken.")
	case c.Pool.Status != PoolActive && c.Pool.Status != PoolInactive:
		return Errorf(EUNPROCESSABLE, "This pool is %s: its limit can no longer change.", c.Pool.Status)
	}
	return nil
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
