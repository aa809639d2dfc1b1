package squares_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

func TestCanTransition(t *testing.T) {
	// The whole state machine of decisions.md: every allowed change; everything else is refused.
	allowed := map[[2]string]bool{
		{"draft", "active"}:       true,
		{"draft", "cancelled"}:    true,
		{"active", "inactive"}:    true,
		{"active", "full"}:        true,
		{"active", "cancelled"}:   true,
		{"inactive", "active"}:    true,
		{"inactive", "full"}:      true,
		{"inactive", "cancelled"}: true,
		{"full", "started"}:       true,
		{"full", "cancelled"}:     true,
		{"started", "completed"}:  true,
	}
	statuses := append(slices.Clone(squares.PoolStatuses), "open", "", "bogus")
	for _, from := range statuses {
		for _, to := range statuses {
			want := allowed[[2]string{from, to}]
			if got := squares.CanTransition(from, to); got != want {
				t.Errorf("CanTransition(%q, %q) = %v, want %v", from, to, got, want)
			}
		}
	}
	// A sample of refusals worth naming.
	for _, p := range [][2]string{
		{"draft", "full"}, {"draft", "inactive"}, {"draft", "started"}, {"active", "draft"}, {"active", "started"},
		{"full", "active"}, {"started", "cancelled"}, {"completed", "cancelled"}, {"cancelled", "active"},
		{"completed", "started"}, {"active", "active"},
	} {
		if squares.CanTransition(p[0], p[1]) {
			t.Errorf("CanTransition(%s, %s) allowed", p[0], p[1])
		}
	}
	err := squares.ErrTransition("draft", "full")
	if squares.ErrorCode(err) != squares.EUNPROCESSABLE || squares.ErrorMessage(err) != "A pool cannot go from draft to full." {
		t.Errorf("ErrTransition = %v", err)
	}
}

func TestStatusByHandAndByGame(t *testing.T) {
	const byHand = "A pool starts and completes with its game; it cannot be set by hand."
	for _, from := range squares.PoolStatuses {
		for _, to := range squares.PoolStatuses {
			hand, game := squares.CheckSetByHand(from, to), squares.CheckFollowGame(from, to)
			switch {
			case !squares.CanTransition(from, to):
				// Off the lifecycle: refused by the lifecycle (422), whoever asks.
				if squares.ErrorMessage(hand) != squares.ErrorMessage(squares.ErrTransition(from, to)) || squares.ErrorCode(hand) != squares.EUNPROCESSABLE ||
					squares.ErrorCode(game) != squares.EUNPROCESSABLE {
					t.Errorf("%s -> %s: by hand %v, by game %v", from, to, hand, game)
				}
			case to == squares.PoolStarted || to == squares.PoolCompleted:
				if squares.ErrorCode(hand) != squares.EUNPROCESSABLE || squares.ErrorMessage(hand) != byHand || game != nil {
					t.Errorf("%s -> %s: by hand %v, by game %v", from, to, hand, game)
				}
			default:
				if hand != nil || squares.ErrorCode(game) != squares.EUNPROCESSABLE {
					t.Errorf("%s -> %s: by hand %v, by game %v", from, to, hand, game)
				}
			}
		}
	}
	// Named: an admin hides, shows and cancels; the game starts and completes.
	for _, p := range [][2]string{{"active", "inactive"}, {"inactive", "active"}, {"full", "cancelled"}, {"draft", "active"}} {
		if err := squares.CheckSetByHand(p[0], p[1]); err != nil {
			t.Errorf("by hand %s -> %s: %v", p[0], p[1], err)
		}
	}
	for _, p := range [][2]string{{"full", "started"}, {"started", "completed"}} {
		if err := squares.CheckFollowGame(p[0], p[1]); err != nil {
			t.Errorf("by game %s -> %s: %v", p[0], p[1], err)
		}
	}
}

func TestNormalizePoolStatus(t *testing.T) {
	for in, want := range map[string]string{"open": "active", " Active ": "active", "DRAFT": "draft",
		"cancelled": "cancelled", "full": "full", "inactive": "inactive", "started": "started", "completed": "completed"} {
		if got, err := squares.NormalizePoolStatus(in); err != nil || got != want {
			t.Errorf("NormalizePoolStatus(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "ready", "canceled", "opened"} {
		if _, err := squares.NormalizePoolStatus(in); squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("NormalizePoolStatus(%q) = %v, want invalid", in, err)
		}
	}
}

func fullPool(fee squares.Cents, nonprofit bool) *squares.Pool {
	return &squares.Pool{EntryFee: fee, SquaresTaken: squares.SquaresPerPool, IsNonprofit: nonprofit}
}

func TestPoolMoney(t *testing.T) {
	p := fullPool(1000, false)
	if p.Pot() != 100000 || p.HouseFee() != 10000 || p.PrizePool() != 90000 {
		t.Errorf("$10 full pool: pot %v fee %v prize %v", p.Pot(), p.HouseFee(), p.PrizePool())
	}
	p = fullPool(1000, true)
	if p.HouseFee() != 5000 || p.PrizePool() != 95000 {
		t.Errorf("non-profit $10 pool: fee %v prize %v", p.HouseFee(), p.PrizePool())
	}
	// The example pool of docs/api.md: $5 with 17 squares taken.
	p = &squares.Pool{EntryFee: 500, SquaresTaken: 17}
	if p.Pot().String() != "85.00" || p.HouseFee().String() != "8.50" || p.PrizePool().String() != "76.50" {
		t.Errorf("$5 pool with 17 squares: pot %v fee %v prize %v", p.Pot(), p.HouseFee(), p.PrizePool())
	}
	p = fullPool(0, false)
	if p.Pot() != 0 || p.HouseFee() != 0 || p.PrizePool() != 0 || !p.IsFree() {
		t.Errorf("free pool moves money: %+v", p)
	}
}

func TestPeriodPrizes(t *testing.T) {
	prize := fullPool(1000, false).PrizePool()
	if got, want := squares.PeriodPrizes(prize, squares.PayoutQuarters), []squares.Cents{22500, 22500, 22500, 22500}; !slices.Equal(got, want) {
		t.Errorf("25/25/25/25 of $900 = %v, want %v", got, want)
	}
	if got, want := squares.PeriodPrizes(prize, squares.PayoutQuartersHeavy), []squares.Cents{18000, 27000, 18000, 27000}; !slices.Equal(got, want) {
		t.Errorf("20/30/20/30 of $900 = %v, want %v", got, want)
	}
	// The rounding remainder goes to the final period.
	if got, want := squares.PeriodPrizes(101, squares.PayoutQuarters), []squares.Cents{25, 25, 25, 26}; !slices.Equal(got, want) {
		t.Errorf("25/25/25/25 of 1.01 = %v, want %v", got, want)
	}
	if got, want := squares.PeriodPrizes(7650, squares.PayoutQuarters), []squares.Cents{1912, 1912, 1912, 1914}; !slices.Equal(got, want) {
		t.Errorf("25/25/25/25 of 76.50 = %v, want %v", got, want)
	}
	if got, want := squares.PeriodPrizes(999, squares.PayoutHalvesHeavy), []squares.Cents{399, 600}; !slices.Equal(got, want) {
		t.Errorf("40/60 of 9.99 = %v, want %v", got, want)
	}
	// Whatever the prize and schedule, the shares add up to the prize and no earlier period gets more
	// than its floor share.
	rng := rand.New(rand.NewPCG(1, 2))
	schedules := [][]int64{squares.PayoutQuarters, squares.PayoutQuartersHeavy, squares.PayoutHalves, squares.PayoutHalvesHeavy}
	for range 5000 {
		prize := squares.Cents(rng.Int64N(int64(squares.MaxAmount)))
		sched := schedules[rng.IntN(len(schedules))]
		shares := squares.PeriodPrizes(prize, sched)
		var sum squares.Cents
		for i, s := range shares {
			sum += s
			if s < 0 || (i < len(shares)-1 && s != prize*squares.Cents(sched[i])/100) {
				t.Fatalf("PeriodPrizes(%d, %v) = %v", prize, sched, shares)
			}
		}
		if sum != prize {
			t.Fatalf("PeriodPrizes(%d, %v) = %v, sums to %d", prize, sched, shares, sum)
		}
	}
	if got := squares.PeriodPrizes(100, nil); len(got) != 0 {
		t.Errorf("no schedule = %v", got)
	}
}

func TestParsePayoutSchedule(t *testing.T) {
	for _, tc := range []struct {
		in      string
		periods int
		want    []int64
	}{
		{"", 4, squares.PayoutQuarters},
		{"25/25/25/25", 4, squares.PayoutQuarters},
		{" 20/30/20/30 ", 4, squares.PayoutQuartersHeavy},
		{"", 2, squares.PayoutHalves},
		{"40/60", 2, squares.PayoutHalvesHeavy},
	} {
		got, err := squares.ParsePayoutSchedule(tc.in, tc.periods)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ParsePayoutSchedule(%q, %d) = %v, %v", tc.in, tc.periods, got, err)
		}
	}
	for _, tc := range []struct {
		in      string
		periods int
	}{{"50/50", 4}, {"25/25/25/25", 2}, {"10/10/10/70", 4}, {"25,25,25,25", 4}} {
		if _, err := squares.ParsePayoutSchedule(tc.in, tc.periods); squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("ParsePayoutSchedule(%q, %d) = %v, want invalid", tc.in, tc.periods, err)
		}
	}
	if got := squares.FormatPayoutSchedule(squares.PayoutQuartersHeavy); got != "20/30/20/30" {
		t.Errorf("FormatPayoutSchedule = %q", got)
	}
}

func TestThresholds(t *testing.T) {
	for _, tc := range []struct {
		fee                 squares.Cents
		players, houseLimit int
	}{
		{0, 5, 95}, {100, 8, 70}, {500, 10, 60}, {1000, 15, 50}, {2500, 20, 40}, {10000, 20, 40},
	} {
		p, h := squares.Thresholds(tc.fee)
		if p != tc.players || h != tc.houseLimit {
			t.Errorf("Thresholds(%v) = %d, %d; want %d, %d", tc.fee, p, h, tc.players, tc.houseLimit)
		}
	}
}

func TestTiers(t *testing.T) {
	names := map[squares.Cents]string{0: "Free Pool", 100: "$1 Pool", 500: "$5 Pool", 1000: "$10 Pool", 2500: "$25 Pool"}
	if len(squares.Tiers) != 5 {
		t.Fatalf("tiers = %v", squares.Tiers)
	}
	for _, fee := range squares.Tiers {
		if !squares.IsTier(fee) || squares.TierName(fee) != names[fee] {
			t.Errorf("tier %v: IsTier %v name %q", fee, squares.IsTier(fee), squares.TierName(fee))
		}
	}
	for _, fee := range []squares.Cents{1, 200, 550, 5000, -100} {
		if squares.IsTier(fee) {
			t.Errorf("IsTier(%v) = true", fee)
		}
	}
	if got := squares.TierName(250); got != "$2.50 Pool" {
		t.Errorf("TierName(250) = %q", got)
	}
}

func TestPoolInputValidate(t *testing.T) {
	in := squares.PoolInput{Name: " $5 Pool ", EntryFee: 500, GameID: 3}
	if err := in.Validate(); err != nil || in.Name != "$5 Pool" {
		t.Fatalf("Validate = %v (%q)", err, in.Name)
	}
	in = squares.PoolInput{EntryFee: 300}
	err := in.Validate()
	want := map[string]string{"name": "Please fill in all fields", "gameId": "Please fill in all fields",
		"entryFee": "Entry fee must be one of 0.00, 1.00, 5.00, 10.00, 25.00"}
	got := fieldsOf(t, err)
	if len(got) != len(want) {
		t.Fatalf("fields = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("field %s = %q, want %q", k, got[k], v)
		}
	}
	for _, name := range []string{"Sunday\x00Pool", "Sunday\nPool", "Sunday Pool\u202e"} {
		in = squares.PoolInput{Name: name, EntryFee: 500, GameID: 3}
		if got := fieldsOf(t, in.Validate()); len(got) != 1 || got["name"] != "Pool name must be one line of printable text." {
			t.Errorf("name %q: fields = %v", name, got)
		}
	}
}

func TestPoolSalesWindow(t *testing.T) {
	kickoff := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	g := &squares.Game{GameDate: kickoff}
	paid := &squares.Pool{EntryFee: 500, Game: g}
	if got := paid.SalesOpenAt(); !got.Equal(kickoff.Add(-6 * 24 * time.Hour)) {
		t.Errorf("paid SalesOpenAt = %v", got)
	}
	if got := paid.SalesCloseAt(); !got.Equal(kickoff.Add(-2 * time.Hour)) {
		t.Errorf("SalesCloseAt = %v", got)
	}
	free := &squares.Pool{EntryFee: 0, Game: g}
	if !free.SalesOpenAt().IsZero() {
		t.Errorf("free pool SalesOpenAt = %v, want zero (open as soon as active)", free.SalesOpenAt())
	}
	for st, want := range map[string]bool{"draft": false, "active": true, "inactive": false, "full": true,
		"started": true, "completed": false, "cancelled": false} {
		if got := (&squares.Pool{Status: st}).VisibleToPlayers(); got != want {
			t.Errorf("VisibleToPlayers(%s) = %v", st, got)
		}
	}
	if !(&squares.Pool{HomeNumbers: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, AwayNumbers: []int{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}}).NumbersGenerated() ||
		(&squares.Pool{}).NumbersGenerated() {
		t.Error("NumbersGenerated does not follow the digits")
	}
}

func TestValidCell(t *testing.T) {
	for _, c := range [][2]int{{0, 0}, {9, 9}, {3, 7}} {
		if !squares.ValidCell(c[0], c[1]) {
			t.Errorf("ValidCell%v = false", c)
		}
	}
	for _, c := range [][2]int{{-1, 0}, {0, -1}, {10, 0}, {0, 10}, {100, 100}} {
		if squares.ValidCell(c[0], c[1]) {
			t.Errorf("ValidCell%v = true", c)
		}
	}
}

func TestCheckFeature(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	week := now.Add(squares.FeatureDuration)
	active := &squares.Pool{Status: squares.PoolActive}
	if err := squares.CheckFeature(active, squares.DefaultFeaturedReason, week, now); err != nil {
		t.Errorf("active pool: %v", err)
	}
	for _, tc := range []struct {
		pool   *squares.Pool
		reason string
		until  time.Time
		code   string
		msg    string
	}{
		{active, "x", now, squares.EINVALID, "Featured until must be a time to come"},
		{active, strings.Repeat("x", 121), week, squares.EINVALID, "Featured reason must be at most 120 characters"},
		{&squares.Pool{Status: squares.PoolCancelled}, "x", week, squares.EUNPROCESSABLE, "A cancelled pool cannot be featured."},
		{&squares.Pool{Status: squares.PoolCompleted}, "x", week, squares.EUNPROCESSABLE, "A completed pool cannot be featured."},
		{&squares.Pool{Status: squares.PoolActive, IsPrivate: true}, "x", week, squares.EUNPROCESSABLE, "A private pool cannot be featured."},
	} {
		err := squares.CheckFeature(tc.pool, tc.reason, tc.until, now)
		if squares.ErrorCode(err) != tc.code || squares.ErrorMessage(err) != tc.msg {
			t.Errorf("CheckFeature(%s, %q) = %v", tc.pool.Status, tc.reason[:1], err)
		}
	}
}

// TestPoolVisibleTo: the one rule of who may see a pool. A hidden pool only admins and those who own
// squares in it; a draft only admins; a private one only its members (an admin who did not join is a
// stranger), and within it the same rule of status.
func TestPoolVisibleTo(t *testing.T) {
	stranger, owner, admin := squares.PoolViewer{}, squares.PoolViewer{Owned: 1}, squares.PoolViewer{Admin: true}
	for st, want := range map[string][3]bool{"draft": {false, false, true}, "active": {true, true, true},
		"inactive": {false, true, true}, "full": {true, true, true}, "started": {true, true, true},
		"completed": {true, true, true}, "cancelled": {true, true, true}} {
		p := &squares.Pool{Status: st}
		if got := [3]bool{p.VisibleTo(stranger), p.VisibleTo(owner), p.VisibleTo(admin)}; got != want {
			t.Errorf("VisibleTo(%s) for a stranger, an owner, an admin = %v, want %v", st, got, want)
		}
		if p.VisibleToAnyone() != want[0] {
			t.Errorf("VisibleToAnyone(%s) = %v, want %v", st, p.VisibleToAnyone(), want[0])
		}
		private := &squares.Pool{Status: st, IsPrivate: true}
		member, ownerMember := squares.PoolViewer{Member: true}, squares.PoolViewer{Member: true, Owned: 1}
		if private.VisibleTo(admin) || private.VisibleTo(owner) || private.VisibleToAnyone() {
			t.Errorf("private %s: seen by someone who did not join it", st)
		}
		if got := [2]bool{private.VisibleTo(member), private.VisibleTo(ownerMember)}; got != [2]bool{want[0], want[1]} {
			t.Errorf("private %s for a member, a member who owns a square = %v", st, got)
		}
	}
}

// TestCheckStatusChange: a pool's status change asks whose move it is (an admin's or the game's), opens
// only before its sales close (2 hours before kickoff) and is full only with every square taken; a pool in
// that status already is left as it is, whatever the guards say.
func TestCheckStatusChange(t *testing.T) {
	kickoff := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	pool := func(status string, taken int) *squares.Pool {
		return &squares.Pool{Name: "Bills @ Jets $5 Pool", Status: status, SquaresTaken: taken,
			Game: &squares.Game{GameDate: kickoff}}
	}
	early, late := kickoff.Add(-3*time.Hour), kickoff.Add(-squares.DecisionLead)
	for _, tc := range []struct {
		name   string
		pool   *squares.Pool
		to     string
		rule   func(from, to string) error
		now    time.Time
		change bool
		code   string
		msg    string
	}{
		{"open a draft", pool(squares.PoolDraft, 0), squares.PoolActive, squares.CheckSetByHand, early, true, "", ""},
		{"open too late", pool(squares.PoolDraft, 0), squares.PoolActive, squares.CheckSetByHand, late, false,
			squares.EUNPROCESSABLE, "Bills @ Jets $5 Pool cannot open: its game kicks off in less than 2 hours."},
		{"already active, too late", pool(squares.PoolActive, 3), squares.PoolActive, squares.CheckSetByHand, late, false, "", ""},
		{"hide", pool(squares.PoolActive, 3), squares.PoolInactive, squares.CheckSetByHand, late, true, "", ""},
		{"full", pool(squares.PoolActive, 100), squares.PoolFull, squares.CheckSetByHand, late, true, "", ""},
		{"full too soon", pool(squares.PoolActive, 99), squares.PoolFull, squares.CheckSetByHand, early, false,
			squares.EUNPROCESSABLE, "Bills @ Jets $5 Pool cannot be full: 99 of 100 squares are taken."},
		{"start by hand", pool(squares.PoolFull, 100), squares.PoolStarted, squares.CheckSetByHand, late, false,
			squares.EUNPROCESSABLE, "A pool starts and completes with its game; it cannot be set by hand."},
		{"start with the game", pool(squares.PoolFull, 100), squares.PoolStarted, squares.CheckFollowGame, late, true, "", ""},
		{"the game never opens", pool(squares.PoolDraft, 0), squares.PoolActive, squares.CheckFollowGame, early, false,
			squares.EUNPROCESSABLE, "A pool cannot go from draft to active."},
		{"no way back", pool(squares.PoolCancelled, 0), squares.PoolActive, squares.CheckSetByHand, early, false,
			squares.EUNPROCESSABLE, "A pool cannot go from cancelled to active."},
	} {
		change, err := squares.CheckStatusChange(squares.StatusChange{Pool: tc.pool, To: tc.to, Rule: tc.rule, Now: tc.now})
		if change != tc.change || squares.ErrorCode(err) != tc.code || (err != nil && squares.ErrorMessage(err) != tc.msg) {
			t.Errorf("%s: CheckStatusChange = %v, %v; want %v, %s %q", tc.name, change, err, tc.change, tc.code, tc.msg)
		}
	}
}

// TestCheckDelete: only a draft or hidden pool that never sold a square nor took a payment is deleted.
func TestCheckDelete(t *testing.T) {
	for _, tc := range []struct {
		d   squares.Deletion
		msg string
	}{
		{squares.Deletion{Status: squares.PoolDraft}, ""},
		{squares.Deletion{Status: squares.PoolInactive}, ""},
		{squares.Deletion{Status: squares.PoolActive}, "Only draft or inactive pools can be deleted; this one is active."},
		{squares.Deletion{Status: squares.PoolCancelled}, "Only draft or inactive pools can be deleted; this one is cancelled."},
		{squares.Deletion{Status: squares.PoolActive, Squares: 3}, "Only draft or inactive pools can be deleted; this one is active."},
		{squares.Deletion{Status: squares.PoolInactive, Squares: 1}, "A pool with squares or payments cannot be deleted; cancel it instead."},
		{squares.Deletion{Status: squares.PoolDraft, Payments: 1}, "A pool with squares or payments cannot be deleted; cancel it instead."},
	} {
		err := squares.CheckDelete(tc.d)
		if tc.msg == "" && err != nil || tc.msg != "" && (squares.ErrorCode(err) != squares.EUNPROCESSABLE || squares.ErrorMessage(err) != tc.msg) {
			t.Errorf("CheckDelete(%+v) = %v; want %q", tc.d, err, tc.msg)
		}
	}
}
