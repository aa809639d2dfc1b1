package squares_test

import (
	"errors"
	"strings"
	"testing"
	"time"

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
		{squares.PrivatePoolInput{GameID: 1, Name: "FREE $500\nat evil.example", MaxSquaresPerPlayer: 5}, "name", "Pool name must be one line of printable text."},
		{squares.PrivatePoolInput{GameID: 1, Name: "Office pool\n", MaxSquaresPerPlayer: 5}, "name", "Pool name must be one line of printable text."},
		{squares.PrivatePoolInput{GameID: 1, Name: "FREE \u202eelpmaxe.live", MaxSquaresPerPlayer: 5}, "name", "Pool name must be one line of printable text."},
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

// TestPrivatePoolRules (issue 19, items 2 and 5): hosting and joining a private pool need age
// verification; a paid one needs what paying needs, by the eligibility in force; a host's fee is capped.
// Refusals of players are 422 with the reason; admins are refused 403.
func TestPrivatePoolRules(t *testing.T) {
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	elig, err := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
	if err != nil {
		t.Fatal(err)
	}
	rules := squares.PrivatePoolRules{Eligibility: elig, MaxFee: squares.DefaultPrivateMaxFee}
	player := func(dob, state string, verified, eligible bool) *squares.User {
		return &squares.User{Role: squares.RoleUser, DateOfBirth: dob, ResidenceState: state, IsAgeVerified: verified, IsEligibleToBet: eligible}
	}
	ny := player("1990-01-01", "NY", true, true)
	utah := player("1990-01-01", "UT", true, false)
	young := player("2006-01-01", "AZ", true, true) // 20 in Arizona, where paid play starts at 21
	unverified := player("", "", false, false)
	switchedOff := player("1990-01-01", "NY", true, false) // an admin turned paid play off
	admin := &squares.User{Role: squares.RoleAdmin}
	const overCap = "Entry fee cannot exceed $100 a square."
	for _, c := range []struct {
		name      string
		u         *squares.User
		fee       squares.Cents
		host, mem string // the message refusing to host and to join, "" when allowed
	}{
		{"eligible, free", ny, 0, "", ""},
		{"eligible, paid at the cap", ny, 10000, "", ""},
		{"eligible, over the cap", ny, 10001, overCap, ""},
		{"restricted state, free", utah, 0, "", ""},
		{"restricted state, paid", utah, 5000, "Paid pools are not available in Utah. You can create a free pool (entry fee 0) instead.",
			"Paid pools are not available in Utah."},
		{"under the state's age, paid", young, 100, "Paid pools in Arizona are for players 21 and older. You can create a free pool (entry fee 0) instead.",
			"Paid pools in Arizona are for players 21 and older."},
		{"paid play switched off", switchedOff, 100, "Paid pools need an age-verified account in a state where they are allowed. " +
			"You can create a free pool (entry fee 0) instead.", "Paid pools need an age-verified account in a state where they are allowed."},
		{"unverified, free", unverified, 0, "Please verify your age before creating a private pool.", "Please verify your age before joining a private pool."},
		{"unverified, paid", unverified, 100, "Please verify your age before creating a private pool.", "Please verify your age before joining a private pool."},
	} {
		for _, k := range []struct {
			what, want string
			err        error
		}{{"host", c.host, rules.CheckHost(c.u, c.fee, now)}, {"join", c.mem, rules.CheckMember(c.u, c.fee, now)}} {
			switch {
			case k.want == "" && k.err != nil:
				t.Errorf("%s: %s refused: %v", c.name, k.what, k.err)
			case k.want != "" && (squares.ErrorCode(k.err) != squares.EUNPROCESSABLE || squares.ErrorMessage(k.err) != k.want):
				t.Errorf("%s: %s = %v, want 422 %q", c.name, k.what, k.err, k.want)
			}
		}
	}
	var e *squares.Error
	if err := rules.CheckHost(ny, 10001, now); !errors.As(err, &e) || e.Fields["entryFee"] != overCap {
		t.Errorf("over the cap names no field: %v", err)
	}
	if err := (squares.PrivatePoolRules{}).CheckHost(ny, squares.MaxPrivateEntryFee, now); err != nil {
		t.Errorf("no cap configured: %v", err)
	}
	if err := rules.CheckHost(admin, 0, now); squares.ErrorCode(err) != squares.EFORBIDDEN {
		t.Errorf("admin hosts: %v", err)
	}
	if err := rules.CheckMember(admin, 0, now); squares.ErrorCode(err) != squares.EFORBIDDEN {
		t.Errorf("admin joins: %v", err)
	}
	if rules.CheckInviter(ny) != nil || squares.ErrorMessage(rules.CheckInviter(unverified)) != "Please verify your age before sending invitations." {
		t.Error("CheckInviter")
	}

	limits := squares.PrivatePoolRules{PoolsPerDay: 10, InvitesPerDay: 100}
	if limits.CheckInviteCount(100) != nil || (squares.PrivatePoolRules{}).CheckInviteCount(1000) != nil {
		t.Error("CheckInviteCount refuses what fits")
	}
	if err := limits.CheckInviteCount(101); !errors.As(err, &e) || e.Code != squares.EUNPROCESSABLE ||
		e.Fields["inviteEmails"] != "You can send at most 100 invitations a day." {
		t.Errorf("101 at once: %v", err)
	}
	if err := limits.ErrPoolLimit(5*time.Hour + time.Second); !errors.As(err, &e) || e.Code != squares.ETOOMANY ||
		e.RetryAfter != 5*time.Hour+time.Second || e.Message != "You can create at most 10 private pools a day: try again in 6 hours." {
		t.Errorf("pool limit: %+v", e)
	}
	if err := limits.ErrInviteLimit(1, 90*time.Second); !errors.As(err, &e) || e.RetryAfter != 90*time.Second ||
		e.Message != "You can send at most 100 invitations a day: try again in 2 minutes." {
		t.Errorf("invite limit: %+v", e)
	}
	for d, want := range map[time.Duration]string{0: "1 second", 1500 * time.Millisecond: "2 seconds", time.Minute: "60 seconds",
		61 * time.Second: "2 minutes", time.Hour: "60 minutes", 24 * time.Hour: "24 hours"} {
		if got := squares.WaitText(d); got != want {
			t.Errorf("WaitText(%v) = %q, want %q", d, got, want)
		}
	}

	// A resend within a minute says when it may be sent again.
	inv := &squares.PoolInvitation{Status: squares.InvitationPending, LastSentAt: now.Add(-20 * time.Second)}
	if err := inv.CheckResend(now); !errors.As(err, &e) || e.Code != squares.ETOOMANY || e.RetryAfter != 40*time.Second {
		t.Errorf("resend within the minute: %v", err)
	}
}

// TestCheckManager: the private-pool host's rights. Only the creator manages a private pool's
// invitations; an admin only through the admin routes; a public pool has none to manage.
func TestCheckManager(t *testing.T) {
	host := &squares.User{ID: 7, Role: squares.RoleUser}
	other := &squares.User{ID: 8, Role: squares.RoleUser}
	admin := &squares.User{ID: 1, Role: squares.RoleAdmin}
	halfAdmin := &squares.User{ID: 2, Role: squares.RoleAdmin, NeedsSecondFactor: true}
	private := &squares.Pool{IsPrivate: true, CreatorID: 7}
	public := &squares.Pool{CreatorID: 7}
	const notCreator, adminOnly = "Only the pool's creator manages its invitations.", "Admin access required."
	for _, tc := range []struct {
		name string
		m    squares.InvitationManager
		pool *squares.Pool
		code string
		msg  string
	}{
		{"the host", squares.InvitationManager{Actor: host}, private, "", ""},
		{"another player", squares.InvitationManager{Actor: other}, private, squares.EFORBIDDEN, notCreator},
		{"nobody", squares.InvitationManager{}, private, squares.EFORBIDDEN, notCreator},
		{"an admin as a player", squares.InvitationManager{Actor: admin}, private, squares.EFORBIDDEN, notCreator},
		{"the host of a public pool", squares.InvitationManager{Actor: host}, public, squares.EFORBIDDEN, notCreator},
		{"an admin", squares.InvitationManager{Actor: admin, Admin: true}, private, "", ""},
		{"an admin, public pool", squares.InvitationManager{Actor: admin, Admin: true}, public, squares.EUNPROCESSABLE,
			"This pool is public: it has no invitations."},
		{"an admin without the second factor", squares.InvitationManager{Actor: halfAdmin, Admin: true}, private, squares.EFORBIDDEN, adminOnly},
		{"the host on the admin routes", squares.InvitationManager{Actor: host, Admin: true}, private, squares.EFORBIDDEN, adminOnly},
	} {
		err := squares.CheckManager(tc.m, tc.pool)
		if squares.ErrorCode(err) != tc.code || err != nil && squares.ErrorMessage(err) != tc.msg {
			t.Errorf("%s: CheckManager = %v; want %s %q", tc.name, err, tc.code, tc.msg)
		}
	}
}

// TestCheckInvitationResend: the host resends while age-verified, the pool joinable and the invitation
// neither used, revoked nor sent in the last minute, and it counts against their day; an admin's resend
// needs no verification and counts against nobody's.
func TestCheckInvitationResend(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	host := &squares.User{ID: 7, IsAgeVerified: true}
	unverified := &squares.User{ID: 7}
	admin := &squares.User{ID: 1, Role: squares.RoleAdmin}
	inv := func(status string, sent time.Time) *squares.PoolInvitation {
		return &squares.PoolInvitation{Status: status, LastSentAt: sent}
	}
	old, recent := now.Add(-time.Hour), now.Add(-30*time.Second)
	for _, tc := range []struct {
		name   string
		m      squares.InvitationManager
		pool   string
		inv    *squares.PoolInvitation
		counts bool
		code   string
		msg    string
	}{
		{"the host", squares.InvitationManager{Actor: host}, squares.PoolActive, inv(squares.InvitationPending, old), true, "", ""},
		{"an admin", squares.InvitationManager{Actor: admin, Admin: true}, squares.PoolFull, inv(squares.InvitationPending, old), false, "", ""},
		{"an unverified host", squares.InvitationManager{Actor: unverified}, squares.PoolActive, inv(squares.InvitationPending, old), false,
			squares.EUNPROCESSABLE, "Please verify your age before sending invitations."},
		{"a cancelled pool", squares.InvitationManager{Actor: host}, squares.PoolCancelled, inv(squares.InvitationPending, old), false,
			squares.EUNPROCESSABLE, "This pool was cancelled."},
		{"an admin, finished pool", squares.InvitationManager{Actor: admin, Admin: true}, squares.PoolCompleted, inv(squares.InvitationPending, old), false,
			squares.EUNPROCESSABLE, "This pool has finished."},
		{"used", squares.InvitationManager{Actor: host}, squares.PoolActive, inv(squares.InvitationAccepted, old), false,
			squares.EUNPROCESSABLE, "This invitation was already used to join."},
		{"revoked", squares.InvitationManager{Actor: host}, squares.PoolActive, inv(squares.InvitationRevoked, old), false,
			squares.EUNPROCESSABLE, "This invitation was revoked."},
		{"too soon", squares.InvitationManager{Actor: host}, squares.PoolActive, inv(squares.InvitationPending, recent), false,
			squares.ETOOMANY, "This invitation was sent less than a minute ago."},
	} {
		counts, err := squares.CheckInvitationResend(squares.InvitationResend{Manager: tc.m, PoolStatus: tc.pool,
			Invitation: tc.inv, Now: now})
		if counts != tc.counts || squares.ErrorCode(err) != tc.code || err != nil && squares.ErrorMessage(err) != tc.msg {
			t.Errorf("%s: CheckInvitationResend = %v, %v; want %v, %s %q", tc.name, counts, err, tc.counts, tc.code, tc.msg)
		}
	}
}

// TestPrivatePoolPlayers: only players create and join private pools; nobody signed in and admins are
// refused before anything is read.
func TestPrivatePoolPlayers(t *testing.T) {
	for _, tc := range []struct {
		u  *squares.User
		ok bool
	}{{nil, false}, {&squares.User{Role: squares.RoleAdmin}, false}, {&squares.User{Role: squares.RoleUser}, true}} {
		host, join := squares.CheckHostIsPlayer(tc.u), squares.CheckJoinerIsPlayer(tc.u)
		if tc.ok {
			if host != nil || join != nil {
				t.Errorf("%+v: %v, %v", tc.u, host, join)
			}
			continue
		}
		if squares.ErrorCode(host) != squares.EFORBIDDEN || squares.ErrorMessage(host) != "Only players create private pools." ||
			squares.ErrorCode(join) != squares.EFORBIDDEN || squares.ErrorMessage(join) != "Only players join private pools." {
			t.Errorf("%+v: %v, %v", tc.u, host, join)
		}
	}
}
