package squares_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

func TestThresholdsMatchDecisions(t *testing.T) {
	// decisions.md: min players 5 free, 8 $1, 10 $5, 15 $10, 20 $25 and up; house limits 95, 70, 60, 50, 40.
	for _, c := range []struct {
		fee             squares.Cents
		players, houses int
	}{{0, 5, 95}, {100, 8, 70}, {500, 10, 60}, {1000, 15, 50}, {2500, 20, 40}, {5000, 20, 40}} {
		p, h := squares.Thresholds(c.fee)
		if p != c.players || h != c.houses {
			t.Errorf("Thresholds(%s) = %d, %d; want %d, %d", c.fee, p, h, c.players, c.houses)
		}
	}
}

func TestDecide(t *testing.T) {
	kickoff := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	pool := func(fee squares.Cents, private bool, taken, players int) squares.DecisionInput {
		return squares.DecisionInput{PoolID: 1, EntryFee: fee, IsPrivate: private, Status: squares.PoolActive,
			SquaresTaken: taken, DistinctPlayers: players, RefundAmount: fee * squares.Cents(taken), Kickoff: kickoff}
	}
	full := pool(500, false, 100, 20)
	full.Status = squares.PoolFull
	for _, c := range []struct {
		name   string
		in     squares.DecisionInput
		action string
		reason string
		house  int
		refund squares.Cents
	}{
		{"full", full, squares.DecideContinue, "Full: 100 squares taken by 20 players.", 0, 0},
		{"too few players", pool(500, false, 35, 7), squares.DecideCancel, "7 players, 10 needed for a $5 Pool.", 65, 17500},
		{"one player", pool(0, false, 5, 1), squares.DecideCancel, "1 player, 5 needed for a Free Pool.", 95, 0},
		{"too many house squares", pool(1000, false, 45, 15), squares.DecideCancel,
			"55 squares free, the house fills at most 50 in a $10 Pool.", 55, 45000},
		{"house fill at the limit", pool(1000, false, 50, 15), squares.DecideHouseFill,
			"15 players (15 needed); the house fills 50 squares (at most 50 in a $10 Pool).", 50, 0},
		{"free house fill", pool(0, false, 5, 5), squares.DecideHouseFill,
			"5 players (5 needed); the house fills 95 squares (at most 95 in a Free Pool).", 95, 0},
		{"$25 needs 20", pool(2500, false, 70, 19), squares.DecideCancel, "19 players, 20 needed for a $25 Pool.", 30, 175000},
		{"$1 limit 70", pool(100, false, 29, 8), squares.DecideCancel, "71 squares free, the house fills at most 70 in a $1 Pool.", 71, 2900},
		{"private not full", pool(500, true, 99, 30), squares.DecideCancel, "Private pool not full: 99 of 100 squares taken.", 1, 49500},
		{"private full", pool(500, true, 100, 4), squares.DecideContinue, "Full: 100 squares taken by 4 players.", 0, 0},
	} {
		d := squares.Decide(c.in)
		if d.Action != c.action || d.Reason != c.reason || d.HouseSquaresNeeded != c.house || d.RefundAmount != c.refund ||
			d.ParticipantsAffected != c.in.DistinctPlayers || d.PoolID != 1 || !d.DueAt.Equal(kickoff.Add(-2*time.Hour)) {
			t.Errorf("%s: got %+v; want %s %q house %d refund %s", c.name, d, c.action, c.reason, c.house, c.refund)
		}
	}
}

func TestDecideAt(t *testing.T) {
	kickoff := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	in := squares.DecisionInput{EntryFee: 0, Status: squares.PoolActive, SquaresTaken: 10, DistinctPlayers: 2, Kickoff: kickoff}
	for _, c := range []struct {
		status string
		now    time.Time
		due    bool
		game   string
	}{
		{squares.PoolActive, kickoff.Add(-2*time.Hour - time.Second), false, ""},
		{squares.PoolActive, kickoff.Add(-2 * time.Hour), true, ""},
		// A game live or completed makes the decision due at once, days before its kickoff time.
		{squares.PoolActive, kickoff.Add(-72 * time.Hour), true, squares.GameLive},
		{squares.PoolFull, kickoff.Add(-72 * time.Hour), true, squares.GameCompleted},
		{squares.PoolActive, kickoff.Add(-72 * time.Hour), false, squares.GameScheduled},
		{squares.PoolActive, kickoff.Add(-72 * time.Hour), false, squares.GamePostponed},
		{squares.PoolStarted, kickoff.Add(-72 * time.Hour), false, squares.GameLive},
		{squares.PoolInactive, kickoff.Add(-time.Hour), true, ""},
		{squares.PoolDraft, kickoff.Add(time.Hour), true, ""},
		{squares.PoolFull, kickoff.Add(-time.Hour), true, ""},
		{squares.PoolStarted, kickoff.Add(-time.Hour), false, ""},
		{squares.PoolCompleted, kickoff.Add(time.Hour), false, ""},
		{squares.PoolCancelled, kickoff.Add(-time.Hour), false, ""},
	} {
		in.Status, in.GameStatus = c.status, c.game
		d, due := squares.DecideAt(in, c.now)
		if due != c.due || (due && d.Action == "") {
			t.Errorf("%s at kickoff%+v (game %q): due %v %+v; want due %v", c.status, c.now.Sub(kickoff), c.game, due, d, c.due)
		}
	}
}

func TestOutlook(t *testing.T) {
	kickoff := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	pool := func(fee squares.Cents, private bool, status string, taken, players int) squares.DecisionInput {
		return squares.DecisionInput{PoolID: 1, EntryFee: fee, IsPrivate: private, Status: status,
			SquaresTaken: taken, DistinctPlayers: players, Kickoff: kickoff}
	}
	for _, c := range []struct {
		name string
		in   squares.DecisionInput
		want squares.DecisionOutlook
	}{
		{"$10 short of players", pool(1000, false, squares.PoolActive, 60, 12),
			squares.DecisionOutlook{Action: squares.DecideCancel, MinPlayers: 15, PlayersNeeded: 3, MaxHouseSquares: 50, SquaresFree: 40}},
		{"$10 short of squares", pool(1000, false, squares.PoolActive, 45, 15),
			squares.DecisionOutlook{Action: squares.DecideCancel, MinPlayers: 15, MaxHouseSquares: 50, SquaresFree: 55, SquaresShort: 5}},
		{"$25 short of both", pool(2500, false, squares.PoolActive, 10, 4),
			squares.DecisionOutlook{Action: squares.DecideCancel, MinPlayers: 20, PlayersNeeded: 16, MaxHouseSquares: 40, SquaresFree: 90, SquaresShort: 50}},
		{"free house fill", pool(0, false, squares.PoolActive, 12, 6),
			squares.DecisionOutlook{Action: squares.DecideHouseFill, MinPlayers: 5, MaxHouseSquares: 95, SquaresFree: 88}},
		{"hidden pools count too", pool(500, false, squares.PoolInactive, 50, 10),
			squares.DecisionOutlook{Action: squares.DecideHouseFill, MinPlayers: 10, MaxHouseSquares: 60, SquaresFree: 50}},
		{"private pool must be full", pool(500, true, squares.PoolActive, 97, 30),
			squares.DecisionOutlook{Action: squares.DecideCancel, SquaresFree: 3, SquaresShort: 3}},
	} {
		got, ok := squares.Outlook(c.in)
		c.want.DueAt = kickoff.Add(-2 * time.Hour)
		if !ok || got != c.want {
			t.Errorf("%s: Outlook = %+v, %v; want %+v", c.name, got, ok, c.want)
		}
	}
	for _, status := range []string{squares.PoolFull, squares.PoolStarted, squares.PoolCompleted, squares.PoolCancelled} {
		if o, ok := squares.Outlook(pool(500, false, status, 40, 10)); ok {
			t.Errorf("a %s pool has an outlook: %+v", status, o)
		}
	}
	if o, ok := squares.Outlook(pool(500, false, squares.PoolActive, 100, 30)); ok {
		t.Errorf("a pool of 100 squares has an outlook: %+v", o)
	}
}

// TestCheckCancel: an admin cancels any pool that is neither completed nor cancelled, with their reason,
// returning every held and captured payment.
func TestCheckCancel(t *testing.T) {
	in := squares.DecisionInput{PoolID: 7, EntryFee: 500, Status: squares.PoolFull, SquaresTaken: 100,
		DistinctPlayers: 12, RefundAmount: 42000, Kickoff: time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)}
	for _, status := range []string{squares.PoolDraft, squares.PoolActive, squares.PoolInactive, squares.PoolFull, squares.PoolStarted} {
		in.Status = status
		d, err := squares.CheckCancel(squares.Cancellation{Pool: in, Reason: "Stadium closed."})
		if err != nil || d.Action != squares.DecideCancel || d.Reason != "Stadium closed." || d.RefundAmount != 42000 ||
			d.PoolID != 7 || d.ParticipantsAffected != 12 || !d.DueAt.Equal(squares.DecisionDueAt(in.Kickoff)) {
			t.Errorf("cancel a %s pool: %+v, %v", status, d, err)
		}
	}
	for _, status := range []string{squares.PoolCompleted, squares.PoolCancelled} {
		in.Status = status
		_, err := squares.CheckCancel(squares.Cancellation{Pool: in, Reason: "x"})
		if squares.ErrorCode(err) != squares.EUNPROCESSABLE || squares.ErrorMessage(err) != "This pool is "+status+"; it cannot be cancelled." {
			t.Errorf("cancel a %s pool: %v", status, err)
		}
	}
}

// TestCheckHouseFill: an admin house-fills an active or hidden pool as they saw it (the squares free),
// the house taking them all; the reason names how many and the players.
func TestCheckHouseFill(t *testing.T) {
	in := squares.DecisionInput{PoolID: 7, EntryFee: 500, Status: squares.PoolActive, SquaresTaken: 60,
		DistinctPlayers: 11, RefundAmount: 30000}
	for _, tc := range []struct {
		status string
		needed int
		code   string
		msg    string
	}{
		{squares.PoolActive, 40, "", "An admin house-filled 40 squares (11 players)."},
		{squares.PoolInactive, 40, "", "An admin house-filled 40 squares (11 players)."},
		{squares.PoolActive, 39, squares.ECONFLICT, "The pool changed; reload. 40 squares are free, not 39."},
		{squares.PoolDraft, 40, squares.EUNPROCESSABLE, "Only an active or hidden pool can be house-filled; this one is draft."},
		{squares.PoolFull, 40, squares.EUNPROCESSABLE, "Only an active or hidden pool can be house-filled; this one is full."},
		{squares.PoolCancelled, 40, squares.EUNPROCESSABLE, "Only an active or hidden pool can be house-filled; this one is cancelled."},
	} {
		in.Status = tc.status
		d, err := squares.CheckHouseFill(squares.HouseFill{Pool: in, SquaresNeeded: tc.needed})
		if tc.code != "" {
			if squares.ErrorCode(err) != tc.code || squares.ErrorMessage(err) != tc.msg {
				t.Errorf("house fill %s, %d: %v; want %s %q", tc.status, tc.needed, err, tc.code, tc.msg)
			}
			continue
		}
		if err != nil || d.Action != squares.DecideHouseFill || d.Reason != tc.msg || d.HouseSquaresNeeded != 40 || d.RefundAmount != 0 {
			t.Errorf("house fill %s: %+v, %v", tc.status, d, err)
		}
	}
}

// TestCancelReasonAndSquaresNeeded: an admin's reason is 1 to 500 characters, trimmed; a house fill names
// 1 to 100 squares.
func TestCancelReasonAndSquaresNeeded(t *testing.T) {
	if r, err := squares.CheckCancelReason("  Stadium closed.\n"); err != nil || r != "Stadium closed." {
		t.Errorf("reason = %q, %v", r, err)
	}
	if r, err := squares.CheckCancelReason(strings.Repeat("é", 500)); err != nil || r != strings.Repeat("é", 500) {
		t.Errorf("500 characters: %v", err)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("x", 501)} {
		_, err := squares.CheckCancelReason(bad)
		if squares.ErrorCode(err) != squares.EINVALID || fieldMessage(err, "reason") != "Please give a reason of 1 to 500 characters." {
			t.Errorf("reason of %d characters: %v", len(bad), err)
		}
	}
	for n, ok := range map[int]bool{0: false, 1: true, 100: true, 101: false, -1: false} {
		err := squares.CheckSquaresNeeded(n)
		if ok != (err == nil) || !ok && fieldMessage(err, "squaresNeeded") != "squaresNeeded must be 1 to 100: the squares still free." {
			t.Errorf("CheckSquaresNeeded(%d) = %v", n, err)
		}
	}
}

// fieldMessage is what an error says of one field ("" for none).
func fieldMessage(err error, field string) string {
	var e *squares.Error
	if !errors.As(err, &e) {
		return ""
	}
	return e.Fields[field]
}

// TestDecideByRules: a pool's rules decide its grid's size and whether a private pool not full plays as it
// stands (unfilled "play") instead of being cancelled; the defaults decide as before.
func TestDecideByRules(t *testing.T) {
	kickoff := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	pool := func(private bool, squaresOf, taken, players int, play bool) squares.DecisionInput {
		return squares.DecisionInput{PoolID: 1, EntryFee: 500, IsPrivate: private, Status: squares.PoolActive, SquaresTaken: taken,
			DistinctPlayers: players, RefundAmount: 500 * squares.Cents(taken), Kickoff: kickoff, Squares: squaresOf, PlayUnfilled: play}
	}
	for _, c := range []struct {
		name   string
		in     squares.DecisionInput
		action string
		reason string
		house  int
		refund squares.Cents
		short  int // the outlook's squares short; -1 for no outlook
	}{
		{"25 squares full", pool(true, 25, 25, 6, false), squares.DecideContinue, "Full: 25 squares taken by 6 players.", 0, 0, -1},
		{"50 squares not full, cancelled", pool(true, 50, 44, 9, false), squares.DecideCancel,
			"Private pool not full: 44 of 50 squares taken.", 6, 22000, 6},
		{"25 squares not full, played as it stands", pool(true, 25, 18, 5, true), squares.DecidePlay,
			"Private pool plays as it stands: 18 of 25 squares taken by 5 players.", 7, 0, 0},
		{"100 squares played as they stand", pool(true, 0, 61, 12, true), squares.DecidePlay,
			"Private pool plays as it stands: 61 of 100 squares taken by 12 players.", 39, 0, 0},
		{"nothing taken: cancelled even when playing unfilled", pool(true, 25, 0, 0, true), squares.DecideCancel,
			"Private pool not full: 0 of 25 squares taken.", 25, 0, 1},
		{"a public pool never plays unfilled: the house fills it", pool(false, 0, 45, 15, true), squares.DecideHouseFill,
			"15 players (10 needed); the house fills 55 squares (at most 60 in a $5 Pool).", 55, 0, 0},
	} {
		d := squares.Decide(c.in)
		if d.Action != c.action || d.Reason != c.reason || d.HouseSquaresNeeded != c.house || d.RefundAmount != c.refund {
			t.Errorf("%s: got %+v; want %s %q house %d refund %s", c.name, d, c.action, c.reason, c.house, c.refund)
		}
		o, ok := squares.Outlook(c.in)
		if ok != (c.short >= 0) || ok && (o.SquaresShort != c.short || o.Action != c.action || o.SquaresFree != c.house) {
			t.Errorf("%s: outlook %+v %v; want %d short", c.name, o, ok, c.short)
		}
	}
}
