package squares

import (
	"strconv"
	"unicode/utf8"
)

// The data of each kind of record entry: what a verifier replays (docs/fairness.md, "The record"). Money
// is written as the API writes it, dollars with two places ("12.50"); squares as {row, column} of the
// pool's grid; an owner as the draw names it (OwnerID in the store: a user id, "admin" for the house,
// "guest-{id}" for a host's guest without an account). No entry holds a secret before it is revealed (a
// seed appears only in the drawn entry) nor an e-mail address.

// RecordOpenData is the data of a record's first entry (RecordOpened): what the pool is sold on, fixed before
// any sale.
type RecordOpenData struct {
	Name                string `json:"name"`
	GameID              int64  `json:"gameId"`
	LeagueID            int64  `json:"leagueId"`
	EntryFee            string `json:"entryFee"`
	MaxSquaresPerPlayer int    `json:"maxSquaresPerPlayer"`
	Private             bool   `json:"private"`
	Nonprofit           bool   `json:"nonprofit"`
	Collection          string `json:"collection"`
	// FeePercent is the share of the pot kept as the fee when the pool is decided (HouseFeePercent).
	FeePercent int64 `json:"feePercent"`
	Rules      Rules `json:"rules"`
	// DrawCommitment is SHA-256 of the seed of a pool whose numbers are drawn once; NumberSets the
	// commitment of each set's seed when they are drawn per period.
	DrawCommitment string                `json:"drawCommitment"`
	NumberSets     []RecordSetCommitment `json:"numberSets"`
}

// RecordSetCommitment is a number set's period and the SHA-256 of its secret seed.
type RecordSetCommitment struct {
	Period     string `json:"period"`
	SeedSHA256 string `json:"seedSha256"`
}

// RecordOpenOf is the opening entry's data of a pool just made.
func RecordOpenOf(p *Pool) RecordOpenData {
	o := RecordOpenData{Name: p.Name, GameID: p.GameID, LeagueID: p.leagueID(), EntryFee: p.EntryFee.String(),
		MaxSquaresPerPlayer: p.MaxSquaresPerPlayer, Private: p.IsPrivate, Nonprofit: p.IsNonprofit,
		Collection: p.Collection, FeePercent: p.HouseFeePercent(), Rules: p.EffectiveRules(),
		DrawCommitment: p.DrawCommitment, NumberSets: RecordCommitments(p)}
	return o
}

// How squares came to their owner (RecordTaken.By).
const (
	TakenClaim    = "claim"    // a free pool's claim
	TakenPurchase = "purchase" // a payment held for them (its held entry comes first)
	TakenHost     = "host"     // a host's assignment in a host-collected pool
	TakenHouse    = "house"    // the house filled the grid, paying for its squares itself
	TakenTakeover = "takeover" // the house took over a square whose payment failed after the draw
	// TakenJoin: a host pool's guest joined as an account, whose the guest's squares become: From names the
	// guest ("guest-{id}"), Owner the account; nothing is paid.
	TakenJoin = "join"
)

// RecordTakenData is the data of RecordTaken: squares given to an owner. Every square was free before, except
// in a takeover, where the house replaces the owner named in From, and a join, where the account replaces
// the guest named in From.
type RecordTakenData struct {
	Squares []Cell `json:"squares"`
	Owner   string `json:"owner"`
	By      string `json:"by"`
	// Payment is the payment that bought them (By purchase), empty otherwise.
	Payment string `json:"payment"`
	// Amount is what the squares cost their owner (entry fee x squares; "0.00" in a free pool); for the
	// house, what it put into the pool for them.
	Amount string `json:"amount"`
	From   string `json:"from"` // the owner replaced, in a takeover or a join only
}

// RecordPaymentData is the data of RecordHeld, RecordCaptured, RecordReleased and RecordRefunded: a payment's
// act, with the squares it frees (released or refunded squares go back on sale; none once the pool is
// drawn, whose owners stand).
type RecordPaymentData struct {
	Payment string `json:"payment"`
	Owner   string `json:"owner"`
	Amount  string `json:"amount"`
	Squares []Cell `json:"squares"`
	// Freed reports that Squares went back on sale with this act (released or refunded before the draw).
	Freed  bool   `json:"freed"`
	Reason string `json:"reason"`
}

// RecordLockData is the data of RecordLocked: the grid complete (or played unfilled), its ownership fixed as
// the draw will read it, and the beacon round the draw waits for (Round 0 and Beacon "off" without one).
type RecordLockData struct {
	Ownership       string `json:"ownership"` // GridOwnershipText
	OwnershipSHA256 string `json:"ownershipSha256"`
	Beacon          string `json:"beacon"` // BeaconPending, or BeaconOff
	Round           uint64 `json:"round"`
	DueAt           string `json:"dueAt"` // RFC 3339, empty without a round
	ChainHash       string `json:"chainHash"`
	Dev             bool   `json:"dev"`
}

// RecordBeaconData is the data of RecordBeacon: the round fetched and verified (Status BeaconVerified), or
// given up (BeaconUnavailable: no relay answered in time; the draw goes on without it).
type RecordBeaconData struct {
	Status     string `json:"status"`
	Round      uint64 `json:"round"`
	Signature  string `json:"signature"`
	Randomness string `json:"randomness"`
	Reason     string `json:"reason"`
}

// RecordDrawData is the data of RecordDrawn: the revealed seeds and the digits drawn from them, the ownership
// and the beacon's randomness (empty without one), by Derivation ("squares-draw-v1" or "squares-draw-v2").
type RecordDrawData struct {
	Derivation string          `json:"derivation"`
	Ownership  string          `json:"ownership"`
	Randomness string          `json:"randomness"`
	Sets       []RecordDrawSet `json:"sets"`
}

// RecordDrawSet is one number set drawn: for every period (Period "") or one paying period.
type RecordDrawSet struct {
	Period      string `json:"period"`
	Seed        string `json:"seed"`
	HomeNumbers []int  `json:"homeNumbers"`
	AwayNumbers []int  `json:"awayNumbers"`
}

// RecordScoreData is the data of RecordScore: the pool's game as the prizes are decided from it after a
// change of its score or state (GameEnds and ScoreChanges: what Awards reads).
type RecordScoreData struct {
	Status    string        `json:"status"` // the game's: scheduled, in_progress, completed ...
	Quarter   int           `json:"quarter"`
	HomeScore int           `json:"homeScore"`
	AwayScore int           `json:"awayScore"`
	Ends      []PeriodEnd   `json:"ends"`
	Changes   []ScoreChange `json:"changes"`
}

// RecordPrizeData is the data of RecordPrize: one award (Awards) and who won it.
type RecordPrizeData struct {
	Award     string `json:"award"` // Award.Key
	Kind      string `json:"kind"`
	Period    string `json:"period"`
	Row       int    `json:"row"`
	Column    int    `json:"column"`
	HomeScore int    `json:"homeScore"`
	AwayScore int    `json:"awayScore"`
	Owner     string `json:"owner"`
	Amount    string `json:"amount"`
	Status    string `json:"status"` // the winner's: credited, house, free, host_pays
}

// RecordFeeData is the data of RecordFee: the fee kept from the pot, and whose it is (AccountHouseFees or
// AccountNonprofitFees).
type RecordFeeData struct {
	Amount string `json:"amount"`
	To     string `json:"to"`
}

// RecordPrizeActData is the data of RecordClaim and RecordPayout: a winner's claim of a prize, and its payout
// (Status paid, or forfeited when the claim window closed unclaimed; a host-collected pool's host marks its
// prizes paid, Status host_paid).
type RecordPrizeActData struct {
	Award  string `json:"award"`
	Owner  string `json:"owner"`
	Amount string `json:"amount"`
	Status string `json:"status"`
}

// RecordCancelData is the data of RecordCancelled.
type RecordCancelData struct {
	Reason string `json:"reason"`
}

// RecordActionData is the data of RecordAction: an admin's or the host's act on the pool, as the audit log
// or the pool's history names it (Action), with what a replay needs of it: new rules (Rules) with the
// seed commitments made for them (DrawCommitment, NumberSets: new rules commit new seeds, which replace
// the opening entry's), or a new limit (Limit). An act that has an entry of its own is recorded by it
// alone: squares the host assigns or takes back are a taken or released entry, a prize the host marks
// paid a payout. Reason is curated: never a seed before the draw nor an e-mail address.
type RecordActionData struct {
	Action         string                `json:"action"`
	By             string                `json:"by"` // "admin", "host" or "system"
	Reason         string                `json:"reason"`
	Rules          *Rules                `json:"rules,omitempty"`
	DrawCommitment string                `json:"drawCommitment,omitempty"`
	NumberSets     []RecordSetCommitment `json:"numberSets,omitempty"`
	Limit          *int                  `json:"limit,omitempty"`
}

// Who acted (RecordActionData.By).
const (
	ActedByAdmin  = "admin"
	ActedByHost   = "host"
	ActedBySystem = "system"
)

// RecordHead is where a pool's record stands: the seq and hash of its last entry (0 and RecordZeroHash
// for a pool made before records existed, which has none) and its last checkpoint (nil before the first).
type RecordHead struct {
	Seq        int64             `json:"seq"`
	Head       string            `json:"head"`
	Checkpoint *RecordCheckpoint `json:"checkpoint"`
}

// RecordCommitments are the seed commitments of a pool's number sets, as the opening entry writes them.
func RecordCommitments(p *Pool) []RecordSetCommitment {
	out := []RecordSetCommitment{}
	for _, s := range p.NumberSets {
		out = append(out, RecordSetCommitment{Period: s.Period, SeedSHA256: s.SeedSHA256})
	}
	return out
}

// canonicalDirect reports whether appendCanonical writes d: its cells' numbers are integers that RFC 8785
// writes as they are (below 2^53).
func (d RecordTakenData) canonicalDirect() bool {
	for _, c := range d.Squares {
		if c.Row < -(1<<53) || c.Row > 1<<53 || c.Column < -(1<<53) || c.Column > 1<<53 {
			return false
		}
	}
	return true
}

// appendCanonical appends d's RFC 8785 canonical JSON, the bytes RecordData makes of it by marshalling and
// transforming (a JSON parse and a sort of every object's keys), written directly: the keys in their order,
// no space, integers in decimal, strings escaped as RFC 8785 escapes them.
func (d RecordTakenData) appendCanonical(b []byte) []byte {
	b = append(b, `{"amount":`...)
	b = appendCanonicalString(b, d.Amount)
	b = append(b, `,"by":`...)
	b = appendCanonicalString(b, d.By)
	b = append(b, `,"from":`...)
	b = appendCanonicalString(b, d.From)
	b = append(b, `,"owner":`...)
	b = appendCanonicalString(b, d.Owner)
	b = append(b, `,"payment":`...)
	b = appendCanonicalString(b, d.Payment)
	b = append(b, `,"squares":`...)
	if d.Squares == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, c := range d.Squares {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"column":`...)
			b = strconv.AppendInt(b, int64(c.Column), 10)
			b = append(b, `,"row":`...)
			b = strconv.AppendInt(b, int64(c.Row), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendCanonicalString appends s as RFC 8785 writes a string: quoted, with only the quote, the backslash
// and the control characters escaped, and each byte that is not UTF-8 as U+FFFD (as encoding/json reads it).
func appendCanonicalString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '"':
			b = append(b, `\"`...)
		case r == '\\':
			b = append(b, `\\`...)
		case r == '\b':
			b = append(b, `\b`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\f':
			b = append(b, `\f`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r < 0x20:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[r>>4], "0123456789abcdef"[r&0xf])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}
