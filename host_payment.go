package squares

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

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
	total := p.EntryFee * Cents(p.GridSquares())
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

// CheckOwnBalance is a member's right to read their own account with a pool's host: only a member of a
// private pool (the pool is not found for anyone else, as for every private pool's outsider), and only in a
// pool whose host collects its money (EUNPROCESSABLE in a card pool, which has no account with its host).
func CheckOwnBalance(actor *User, p *Pool, member bool) error {
	switch {
	case actor == nil:
		return Errorf(EUNAUTHORIZED, "Not authenticated. Please sign in.")
	case p == nil || !p.IsPrivate || !member:
		return Errorf(ENOTFOUND, "Pool not found.")
	case !p.HostCollects():
		return Errorf(EUNPROCESSABLE, "This pool is paid by card through Squares: there is nothing to pay its host.")
	}
	return nil
}
