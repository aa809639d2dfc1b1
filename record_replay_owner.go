package squares

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// The replay's squares and money: who owns each square after each entry that takes or frees squares, and
// each payment's life (held, then captured or released, a captured one refunded).

// recordMoney reads money as the API writes it ("12.50").
func recordMoney(s string) (Cents, bool) {
	c, err := ParseDollars(s)
	return c, err == nil && c.String() == s
}

// SquareText names a square as people and every screen do, counting rows and columns from 1 ("row 1,
// column 1" is the top left square), where the API and the record count from 0.
func SquareText(c Cell) string { return fmt.Sprintf("row %d, column %d", c.Row+1, c.Column+1) }

// cells checks an entry's squares: on the grid, none twice, at least one.
func (r *replayer) cells(cs []Cell, fault faultf) *RecordFault {
	if len(cs) == 0 {
		return fault("it names no square")
	}
	seen := map[Cell]bool{}
	for _, c := range cs {
		if !r.grid.Contains(c) {
			return fault("square %s is not on the pool's %d-square grid", SquareText(c), r.grid.Squares())
		}
		if seen[c] {
			return fault("square %s is named twice", SquareText(c))
		}
		seen[c] = true
	}
	return nil
}

func (r *replayer) taken(e RecordEntry, fault faultf) *RecordFault {
	var d RecordTakenData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a taking's: %v", err)
	}
	if f := r.cells(d.Squares, fault); f != nil {
		return f
	}
	if d.Owner == "" || d.Owner == EmptySquareOwner || strings.ContainsAny(d.Owner, ", \t\r\n") {
		return fault("owner %q is not an owner's id", d.Owner)
	}
	amount, ok := recordMoney(d.Amount)
	if !ok {
		return fault("amount %q is not money as the API writes it", d.Amount)
	}
	fee, _ := recordMoney(r.out.Opened.EntryFee)
	want := fee * Cents(len(d.Squares))
	host := r.out.Opened.Collection == CollectionHost
	switch {
	case d.By == TakenJoin:
		want = 0 // the guest's squares, paid to the host, become their account's
	case d.By == TakenHouse && host:
		want = 0 // the house stakes nothing where the host holds the pot
	}
	if amount != want {
		return fault("%d squares at the entry fee of $%s cost $%s; the entry says $%s", len(d.Squares), fee, want, amount)
	}
	if d.By != TakenTakeover && d.By != TakenJoin && r.out.Lock != nil {
		return fault("squares taken after the grid was locked at entry %d", r.out.LockSeq)
	}
	switch d.By {
	case TakenClaim, TakenHost:
	case TakenHouse:
		if d.Owner != HouseUserID {
			return fault("the house fills squares for %q; the house is %q", d.Owner, HouseUserID)
		}
	case TakenPurchase:
		p := r.payments[d.Payment]
		switch {
		case d.Payment == "":
			// A sale confirmed by payment without one the record names (store.Claim's Paid): its money counts
			// as paid in.
			r.out.Totals.PaidClaims += amount
		case p == nil:
			return fault("payment %q was never held", d.Payment)
		case p.Owner != d.Owner:
			return fault("payment %s is %s's; the squares are given to %s", d.Payment, p.Owner, d.Owner)
		case p.Status != PaymentHeld && p.Status != PaymentCaptured:
			return fault("payment %s is %s: it buys nothing", d.Payment, p.Status)
		case p.Amount != amount:
			return fault("payment %s holds $%s; the squares cost $%s", d.Payment, p.Amount, amount)
		}
		for _, c := range d.Squares {
			if p != nil && !slices.Contains(p.Squares, c) {
				return fault("square %s is not one payment %s was held for", SquareText(c), d.Payment)
			}
		}
	case TakenTakeover, TakenJoin:
		if d.By == TakenTakeover && d.Owner != HouseUserID {
			return fault("a takeover gives squares to %q; only the house takes over", d.Owner)
		}
		if d.By == TakenJoin && (!strings.HasPrefix(d.From, "guest-") || strings.HasPrefix(d.Owner, "guest-") || d.Owner == HouseUserID) {
			return fault("a join gives a guest's squares to their account; %q is not a guest or %q not an account", d.From, d.Owner)
		}
		for _, c := range d.Squares {
			if o := r.out.Owners[r.grid.Index(c)]; o != d.From {
				return fault("square %s is %s's, not %s's whom the %s replaces", SquareText(c), ownerText(o), d.From, d.By)
			}
		}
	default:
		return fault("squares taken by %q: not a way squares are taken", d.By)
	}
	for _, c := range d.Squares {
		i := r.grid.Index(c)
		if o := r.out.Owners[i]; o != "" && d.By != TakenTakeover && d.By != TakenJoin {
			return fault("square %s is %s's since entry %d: only a free square can be taken", SquareText(c), o, r.out.OwnerSeq[i])
		}
		r.out.Owners[i], r.out.OwnerSeq[i] = d.Owner, e.Seq
	}
	if d.Owner == HouseUserID {
		r.out.Totals.HousePaid += amount
	}
	return nil
}

func ownerText(o string) string {
	if o == "" {
		return "nobody"
	}
	return o
}

func (r *replayer) payment(e RecordEntry, fault faultf) *RecordFault {
	var d RecordPaymentData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fault("its data is not a payment's: %v", err)
	}
	amount, ok := recordMoney(d.Amount)
	if !ok {
		return fault("amount %q is not money as the API writes it", d.Amount)
	}
	p := r.payments[d.Payment]
	if e.Kind == RecordHeld {
		if d.Payment == "" || p != nil {
			return fault("payment %q is held a second time, or has no id", d.Payment)
		}
		if f := r.cells(d.Squares, fault); f != nil {
			return f
		}
		if r.out.Lock != nil {
			return fault("a payment held after the grid was locked at entry %d", r.out.LockSeq)
		}
		p = &ReplayPayment{ID: d.Payment, Owner: d.Owner, Amount: amount, Squares: d.Squares, Status: PaymentHeld, Seq: e.Seq}
		r.payments[d.Payment] = p
		r.out.Payments = append(r.out.Payments, p)
		return r.freed(e, d, fault)
	}
	if d.Payment == "" {
		// A host's take-back of a square: no payment, the squares freed.
		if e.Kind != RecordReleased || !d.Freed {
			return fault("a %s entry without a payment", e.Kind)
		}
		return r.freed(e, d, fault)
	}
	if p == nil {
		return fault("payment %s was never held", d.Payment)
	}
	if p.Owner != d.Owner || p.Amount != amount {
		return fault("payment %s is %s's for $%s; the entry says %s's for $%s", d.Payment, p.Owner, p.Amount, d.Owner, amount)
	}
	from := map[string]string{RecordCaptured: PaymentHeld, RecordReleased: PaymentHeld, RecordRefunded: PaymentCaptured}[e.Kind]
	if p.Status != from {
		return fault("payment %s is %s: only a %s payment can be %s", d.Payment, p.Status, from, e.Kind)
	}
	p.Status = e.Kind
	switch e.Kind {
	case RecordCaptured:
		r.out.Totals.Captured += amount
	case RecordRefunded:
		r.out.Totals.Refunds += amount
	}
	return r.freed(e, d, fault)
}

// freed puts the squares of an entry that frees them back on sale: each must be the payment's owner's.
func (r *replayer) freed(e RecordEntry, d RecordPaymentData, fault faultf) *RecordFault {
	if !d.Freed {
		return nil
	}
	if e.Kind == RecordHeld || e.Kind == RecordCaptured {
		return fault("a %s payment frees no square", e.Kind)
	}
	if r.out.Lock != nil && r.out.Status != ReplayCancelled {
		return fault("squares freed after the grid was locked at entry %d: its owners stand", r.out.LockSeq)
	}
	if f := r.cells(d.Squares, fault); f != nil {
		return f
	}
	for _, c := range d.Squares {
		i := r.grid.Index(c)
		if o := r.out.Owners[i]; o != d.Owner {
			return fault("square %s is %s's, not %s's: it cannot be freed by this payment", SquareText(c), ownerText(o), d.Owner)
		}
		r.out.Owners[i], r.out.OwnerSeq[i] = "", e.Seq
	}
	return nil
}
