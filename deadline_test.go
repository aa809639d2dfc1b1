package squares_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

func TestReminderDue(t *testing.T) {
	payBy := time.Date(2026, 11, 21, 18, 0, 0, 0, time.UTC)
	h := time.Hour
	none, day, both := squares.ReminderSent{}, squares.ReminderSent{Day: true}, squares.ReminderSent{Day: true, Hours: true}
	for _, tc := range []struct {
		name   string
		before time.Duration // now is payBy less this
		sent   squares.ReminderSent
		want   string
	}{
		{"two days ahead", 48 * h, none, ""},
		{"a second before the day's", 24*h + time.Second, none, ""},
		{"a day ahead", 24 * h, none, squares.ReminderDay},
		{"a day ahead, sent", 24 * h, day, ""},
		{"ten hours ahead", 10 * h, none, squares.ReminderDay},
		{"ten hours ahead, sent", 10 * h, day, ""},
		{"two hours ahead", 2 * h, day, squares.ReminderHours},
		{"two hours ahead, the day's missed", 2 * h, none, squares.ReminderHours},
		{"an hour ahead, both sent", h, both, ""},
		{"an hour ahead, only the later sent", h, squares.ReminderSent{Hours: true}, ""},
		{"at the deadline", 0, none, ""},
		{"after the deadline", -h, none, ""},
	} {
		if got := squares.ReminderDue(payBy, payBy.Add(-tc.before), tc.sent); got != tc.want {
			t.Errorf("%s: ReminderDue = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestReleaseDue(t *testing.T) {
	payBy := time.Date(2026, 11, 21, 18, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name            string
		now             time.Time
		drawn, released bool
		want            bool
	}{
		{"before the deadline", payBy.Add(-time.Second), false, false, false},
		{"at the deadline", payBy, false, false, true},
		{"after the deadline", payBy.Add(3 * time.Hour), false, false, true},
		{"released already", payBy.Add(time.Hour), false, true, false},
		{"drawn", payBy, true, false, false},
		{"drawn, after", payBy.Add(time.Hour), true, false, false},
	} {
		if got := squares.ReleaseDue(payBy, tc.now, tc.drawn, tc.released); got != tc.want {
			t.Errorf("%s: ReleaseDue = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestDeadlineApplies(t *testing.T) {
	payBy := saleNow.Add(48 * time.Hour)
	for _, tc := range []struct {
		name string
		pool func(p *squares.Pool)
		want bool
	}{
		{"active", func(p *squares.Pool) {}, true},
		{"hidden", func(p *squares.Pool) { p.Status = squares.PoolInactive }, true},
		{"full", func(p *squares.Pool) { p.Status = squares.PoolFull }, true},
		{"started", func(p *squares.Pool) { p.Status = squares.PoolStarted }, false},
		{"cancelled", func(p *squares.Pool) { p.Status = squares.PoolCancelled }, false},
		{"completed", func(p *squares.Pool) { p.Status = squares.PoolCompleted }, false},
		{"card pool", func(p *squares.Pool) { p.Collection = squares.CollectionCard }, false},
		{"no payBy", func(p *squares.Pool) { p.PayBy = nil }, false},
	} {
		p := hostPool()
		p.PayBy = &payBy
		tc.pool(p)
		if got := squares.DeadlineApplies(p); got != tc.want {
			t.Errorf("%s: DeadlineApplies = %v, want %v", tc.name, got, tc.want)
		}
	}
	if squares.DeadlineApplies(nil) {
		t.Error("DeadlineApplies(nil)")
	}
}

func TestCheckHostReminder(t *testing.T) {
	payBy := saleNow.Add(48 * time.Hour)
	withPayBy := func(p *squares.Pool) *squares.Pool { p.PayBy = &payBy; return p }
	cancelled := withPayBy(hostPool())
	cancelled.Status = squares.PoolCancelled
	ago := func(d time.Duration) *time.Time { t := saleNow.Add(-d); return &t }
	for _, tc := range []struct {
		name  string
		actor *squares.User
		pool  *squares.Pool
		last  *time.Time
		want  string
		wait  time.Duration
	}{
		{"first", userID(3), withPayBy(hostPool()), nil, "", 0},
		{"six hours after", userID(3), withPayBy(hostPool()), ago(6 * time.Hour), "", 0},
		{"an hour after", userID(3), withPayBy(hostPool()), ago(time.Hour), squares.ETOOMANY, 5 * time.Hour},
		{"a second short", userID(3), withPayBy(hostPool()), ago(6*time.Hour - time.Second), squares.ETOOMANY, time.Second},
		{"a member", userID(4), withPayBy(hostPool()), nil, squares.EFORBIDDEN, 0},
		{"signed out", nil, withPayBy(hostPool()), nil, squares.EUNAUTHORIZED, 0},
		{"a card pool", userID(3), cardPool(), nil, squares.EUNPROCESSABLE, 0},
		{"cancelled", userID(3), cancelled, nil, squares.EUNPROCESSABLE, 0},
	} {
		err := squares.CheckHostReminder(squares.HostReminder{Actor: tc.actor, Pool: tc.pool, Last: tc.last, Now: saleNow})
		if got := squares.ErrorCode(err); got != tc.want {
			t.Errorf("%s: %q (%v), want %q", tc.name, got, err, tc.want)
			continue
		}
		if e, ok := err.(*squares.Error); ok && tc.want == squares.ETOOMANY {
			if e.RetryAfter != tc.wait || !strings.HasPrefix(e.Message, "A reminder was sent less than 6 hours ago: you can send the next one at ") {
				t.Errorf("%s: wait %v, message %q", tc.name, e.RetryAfter, e.Message)
			}
		}
	}
}

func TestOwingMembersAndUnpaidSquares(t *testing.T) {
	bs := []squares.PlayerBalance{
		squares.Balance(squares.Player{UserID: 3}, "Host", 1000, 2, nil),                                    // the host owes themselves
		squares.Balance(squares.Player{UserID: 4}, "Dana", 1000, 3, []*squares.HostPayment{{Amount: 1000}}), // owes 20.00
		squares.Balance(squares.Player{UserID: 5}, "Eli", 1000, 1, []*squares.HostPayment{{Amount: 1000}}),  // paid
		squares.Balance(squares.Player{UserID: 6}, "Fay", 1000, 0, nil),                                     // no squares
		squares.Balance(squares.Player{GuestID: 7}, "Bob", 1000, 2, nil),                                    // a guest
	}
	got := squares.OwingMembers(bs, 3)
	if len(got) != 1 || got[0].UserID != 4 || got[0].Balance != 2000 {
		t.Fatalf("OwingMembers = %+v, want Dana alone", got)
	}
	for _, tc := range []struct {
		fee, paid squares.Cents
		squares   int
		want      int
	}{
		{1000, 0, 3, 3},
		{1000, 1000, 3, 2},
		{1000, 1500, 3, 2},
		{1000, 3000, 3, 0},
		{1000, 5000, 3, 0},
		{0, 0, 3, 0}, // a free pool's squares are all paid
		{1000, -1000, 2, 2},
	} {
		if got := squares.UnpaidSquares(tc.fee, tc.paid, tc.squares); got != tc.want {
			t.Errorf("UnpaidSquares(%s, %s, %d) = %d, want %d", tc.fee, tc.paid, tc.squares, got, tc.want)
		}
	}
}

func TestAwardOfLabel(t *testing.T) {
	quarters, halves := squares.DefaultRules(squares.LeagueNFL), squares.DefaultRules(squares.LeagueNCAAB)
	withQ4 := quarters
	withQ4.Payouts = []squares.PayoutShare{{Period: squares.PeriodQ1, Percent: 20}, {Period: squares.PeriodQ4, Percent: 30},
		{Period: squares.PeriodFinal, Percent: 30}}
	withQ4.EveryScorePercent, withQ4.ReversePercent = 20, 10
	for _, tc := range []struct {
		label string
		rules squares.Rules
		want  string
	}{
		{"Q1", quarters, "period:Q1"}, {"Q2", quarters, "period:Q2"}, {"q3", quarters, "period:Q3"},
		{"Final", quarters, "period:FINAL"}, {" final ", quarters, "period:FINAL"}, {"Halftime", quarters, "period:Q2"},
		{"1st Half", halves, "period:H1"}, {"Final", halves, "period:FINAL"}, {"halftime", halves, "period:H1"},
		{"Q4", withQ4, "period:Q4"}, {"reverse:Q4", withQ4, "reverse:Q4"}, {"score:7", withQ4, "score:7"},
		{"period:FINAL:2,3", withQ4, "period:FINAL:2,3"},
		{"Q4", quarters, ""}, {"Q2", halves, ""}, {"", quarters, ""}, {"1", quarters, ""}, {"Q2", withQ4, ""},
		{"score:7", quarters, ""}, {"score:0", withQ4, ""}, {"reverse:Q2", withQ4, ""}, {"bonus:Q1", withQ4, ""},
	} {
		league := squares.LeagueNFL
		if len(tc.rules.Payouts) == 2 {
			league = squares.LeagueNCAAB
		}
		got, err := squares.AwardOfLabel(tc.label, tc.rules, league)
		if got != tc.want || (tc.want == "") != (squares.ErrorCode(err) == squares.ENOTFOUND) {
			t.Errorf("AwardOfLabel(%q, %v) = %q, %v; want %q", tc.label, tc.rules.Payouts, got, err, tc.want)
		}
	}
	_, err := squares.AwardOfLabel("Q5", quarters, squares.LeagueNFL)
	if squares.ErrorMessage(err) != `This pool has no period "Q5": its periods are Q1, Q2, Q3, Final.` {
		t.Errorf("message %q", squares.ErrorMessage(err))
	}
}

func TestCheckHostPrizePaid(t *testing.T) {
	for status, want := range map[string]string{squares.WinnerHostPays: "", squares.WinnerHostPaid: "",
		squares.WinnerCredited: squares.EUNPROCESSABLE, squares.WinnerHouse: squares.EUNPROCESSABLE, squares.WinnerFree: squares.EUNPROCESSABLE} {
		if got := squares.ErrorCode(squares.CheckHostPrizePaid(&squares.Winner{Status: status})); got != want {
			t.Errorf("%s: %q, want %q", status, got, want)
		}
	}
}

func TestDeadlineNotices(t *testing.T) {
	payBy := time.Date(2026, 11, 21, 18, 0, 0, 0, time.UTC)
	p := hostPool()
	p.Name, p.PayBy = "Party", &payBy
	p.Game.AwayTeam, p.Game.HomeTeam = "Bills", "Jets"
	b := squares.Balance(squares.Player{UserID: 4}, "Dana", 1000, 3, []*squares.HostPayment{{Amount: 1000}})
	if got, want := squares.PaymentReminderNotice(p, b), "Reminder: you owe the host $20.00 for 3 squares in Party. "+
		"Please pay by Sat Nov 21, 1:00 PM ET. Squares not paid for by then are released."; got != want {
		t.Errorf("reminder %q\nwant     %q", got, want)
	}
	if got, want := squares.UnpaidReleasedNotice(p, 1), "1 square not paid for by the deadline in Party was released and free for others to take."; got != want {
		t.Errorf("released %q, want %q", got, want)
	}
	if got, want := squares.HostReleasedNotice(p, 3, []string{"Dana T. (2)", "Bob (1)"}),
		"At the payment deadline of Party, 3 squares not paid for were released: Dana T. (2), Bob (1)."; got != want {
		t.Errorf("host released %q, want %q", got, want)
	}
	w := squares.Winner{Period: 1, Amount: 22500}
	if got, want := squares.HostPrizePaidNotice(p, w), "The host marked your prize for Q1 of Party (Bills @ Jets), $225.00, as paid."; got != want {
		t.Errorf("paid %q, want %q", got, want)
	}
}

func TestDeadlineDues(t *testing.T) {
	payBy := time.Date(2026, 11, 21, 18, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		sent     squares.ReminderSent
		released bool
		want     []time.Time
	}{
		{squares.ReminderSent{}, false, []time.Time{payBy.Add(-24 * time.Hour), payBy.Add(-2 * time.Hour), payBy}},
		{squares.ReminderSent{Day: true}, false, []time.Time{payBy.Add(-2 * time.Hour), payBy}},
		{squares.ReminderSent{Day: true, Hours: true}, false, []time.Time{payBy}},
		{squares.ReminderSent{Day: true, Hours: true}, true, nil},
	} {
		if got := squares.DeadlineDues(payBy, tc.sent, tc.released); !slices.Equal(got, tc.want) {
			t.Errorf("DeadlineDues(%+v, %v) = %v, want %v", tc.sent, tc.released, got, tc.want)
		}
	}
}
