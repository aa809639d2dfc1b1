package squares_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/squaresapp/squares"
)

// A private pool keeps no house fee (decisions.md): the pool's JSON (HouseFee, PrizePool) and the
// settlement agree.
func TestPrivatePoolHouseFeeMatchesSettlement(t *testing.T) {
	p := &squares.Pool{EntryFee: 1000, SquaresTaken: squares.SquaresPerPool, IsPrivate: true,
		PayoutSchedule: squares.PayoutQuartersHeavy}
	if p.HouseFee() != 0 || p.PrizePool() != 100000 {
		t.Fatalf("private pool: fee %v prize %v, want 0.00 and 1000.00", p.HouseFee(), p.PrizePool())
	}
	var sum squares.Cents
	for _, c := range squares.SettlementPrizes(p) {
		sum += c
	}
	if sum != p.PrizePool() {
		t.Fatalf("settlement pays %v, the pool says %v", sum, p.PrizePool())
	}
	if _, ok := squares.SettlementFeeTransaction(p); ok {
		t.Fatal("private pool takes a fee at settlement")
	}
}

func TestPrivatePoolInputValidate(t *testing.T) {
	ok := squares.PrivatePoolInput{GameID: 1, Name: " Office ", EntryFee: 500, MaxSquaresPerPlayer: 5,
		InviteEmails: []string{"A@x.com", "a@x.com ", "", "b@y.org"}}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid input: %v", err)
	}
	if ok.Name != "Office" || strings.Join(ok.InviteEmails, ",") != "a@x.com,b@y.org" {
		t.Fatalf("normalised %q %v", ok.Name, ok.InviteEmails)
	}
	cases := []struct {
		in    squares.PrivatePoolInput
		field string
		msg   string
	}{
		{squares.PrivatePoolInput{Name: "Office", MaxSquaresPerPlayer: 5}, "gameId", "Please select a game"},
		{squares.PrivatePoolInput{GameID: 1, Name: " ab ", MaxSquaresPerPlayer: 5}, "name", "Pool name must be at least 3 characters"},
		{squares.PrivatePoolInput{GameID: 1, Name: strings.Repeat("x", 81), MaxSquaresPerPlayer: 5}, "name", "Pool name must be at most 80 characters"},
		{squares.PrivatePoolInput{GameID: 1, Name: "abc", EntryFee: -1, MaxSquaresPerPlayer: 5}, "entryFee", "Entry fee must be non-negative"},
		{squares.PrivatePoolInput{GameID: 1, Name: "abc", EntryFee: 100001, MaxSquaresPerPlayer: 5}, "entryFee", "Entry fee cannot exceed $1000"},
		{squares.PrivatePoolInput{GameID: 1, Name: "abc", MaxSquaresPerPlayer: 0}, "maxSquaresPerPlayer", "Must allow at least 1 square"},
		{squares.PrivatePoolInput{GameID: 1, Name: "abc", MaxSquaresPerPlayer: 26}, "maxSquaresPerPlayer", "Cannot exceed 25 squares per player"},
		{squares.PrivatePoolInput{GameID: 1, Name: "abc", MaxSquaresPerPlayer: 1, InviteEmails: []string{"ok@x.com", "nope"}}, "inviteEmails", "Invalid email address"},
	}
	for _, c := range cases {
		err := c.in.Validate()
		var e *squares.Error
		if squares.ErrorCode(err) != squares.EINVALID || !errors.As(err, &e) || e.Fields[c.field] != c.msg {
			t.Errorf("%+v: %v (%+v), want %s: %s", c.in, err, e, c.field, c.msg)
		}
	}
	// 1000.00 and 25 squares are allowed; a free pool too.
	edge := squares.PrivatePoolInput{GameID: 1, Name: "abc", EntryFee: 100000, MaxSquaresPerPlayer: 25}
	if err := edge.Validate(); err != nil {
		t.Errorf("edge: %v", err)
	}
	many := squares.PrivatePoolInput{GameID: 1, Name: "abc", MaxSquaresPerPlayer: 1}
	for i := 0; i <= squares.MaxInvitesAtOnce; i++ {
		many.InviteEmails = append(many.InviteEmails, strings.Repeat("a", i+1)+"@x.com")
	}
	if err := many.Validate(); squares.ErrorCode(err) != squares.EINVALID {
		t.Errorf("too many invitations: %v", err)
	}
}

func TestInviteCodeAndJoin(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		c, err := squares.NewInviteCode()
		if err != nil || len(c) != squares.InviteCodeLength || seen[c] || squares.NormalizeInviteCode(" "+strings.ToLower(c)+" ") != c {
			t.Fatalf("code %q %v", c, err)
		}
		seen[c] = true
	}
	for _, st := range []string{squares.PoolActive, squares.PoolInactive, squares.PoolFull, squares.PoolStarted} {
		if err := squares.CheckJoin(st); err != nil {
			t.Errorf("join %s: %v", st, err)
		}
	}
	for _, st := range []string{squares.PoolCancelled, squares.PoolCompleted, squares.PoolDraft} {
		if err := squares.CheckJoin(st); squares.ErrorCode(err) != squares.EUNPROCESSABLE {
			t.Errorf("join %s: %v", st, err)
		}
	}
}

// An invite code shows its pool unless its invitation was revoked or the pool can no longer be joined,
// and those answer exactly as an unknown code does; the host is named by first name and last initial.
func TestInvitationReadAndHostName(t *testing.T) {
	for _, c := range []struct {
		invitation, pool string
		open             bool
	}{
		{"", squares.PoolActive, true},
		{squares.InvitationPending, squares.PoolActive, true},
		{squares.InvitationAccepted, squares.PoolInactive, true},
		{squares.InvitationPending, squares.PoolFull, true},
		{"", squares.PoolStarted, true},
		{squares.InvitationRevoked, squares.PoolActive, false},
		{"", squares.PoolCancelled, false},
		{squares.InvitationPending, squares.PoolCompleted, false},
		{"", squares.PoolDraft, false},
	} {
		err := squares.CheckInvitationRead(c.invitation, c.pool)
		if c.open != (err == nil) {
			t.Errorf("invitation %q, pool %s: %v", c.invitation, c.pool, err)
		}
		if err != nil && (squares.ErrorCode(err) != squares.ENOTFOUND || squares.ErrorMessage(err) != "No pool has this invite code.") {
			t.Errorf("invitation %q, pool %s: %v, want the unknown code's answer", c.invitation, c.pool, err)
		}
	}
	for _, c := range []struct{ first, last, want string }{
		{"Casey", "Tester", "Casey T."},
		{" Casey ", " tester", "Casey T."},
		{"Ana", "öberg", "Ana Ö."},
		{"Solo", "", "Solo"},
		{"", "Tester", "A player"},
		{"  ", "", "A player"},
	} {
		if got := squares.HostName(c.first, c.last); got != c.want {
			t.Errorf("HostName(%q, %q) = %q, want %q", c.first, c.last, got, c.want)
		}
	}
}
