package squares

import (
	"fmt"
	"strings"
	"time"
)

// Featuring: the Pool of the Week's default reason and how long a feature lasts by default.
const (
	DefaultFeaturedReason = "Pool of the Week"
	FeatureDuration       = 7 * 24 * time.Hour
	maxFeaturedReason     = 120
)

// CheckFeature decides whether an admin may feature the pool until the given time at now: a public pool
// that is not over, until a time to come, with a reason of at most 120 characters.
func CheckFeature(p *Pool, reason string, until, now time.Time) error {
	var v Validation
	if len(reason) > maxFeaturedReason {
		v.Add("featuredReason", "Featured reason must be at most 120 characters")
	}
	if !until.After(now) {
		v.Add("featuredUntil", "Featured until must be a time to come")
	}
	if err := v.Err(); err != nil {
		return err
	}
	switch {
	case p.IsPrivate:
		return Errorf(EUNPROCESSABLE, "A private pool cannot be featured.")
	case p.Status == PoolCancelled || p.Status == PoolCompleted:
		return Errorf(EUNPROCESSABLE, "A %s pool cannot be featured.", p.Status)
	}
	return nil
}

// Grid dimensions and public pool limits.
const (
	GridSize               = 10
	SquaresPerPool         = GridSize * GridSize
	PublicSquaresPerPlayer = 5
	MaxPrivateSquares      = 25
	MaxPrivateEntryFee     = Cents(100_000)
)

// Tiers are the entry fees of the five public pools every game has.
var Tiers = []Cents{0, 100, 500, 1000, 2500}

// IsTier reports whether fee is one of the public tiers.
func IsTier(fee Cents) bool {
	for _, t := range Tiers {
		if t == fee {
			return true
		}
	}
	return false
}

// TierName is the name of a public pool of the given entry fee: "Free Pool", "$5 Pool".
func TierName(fee Cents) string {
	if fee == 0 {
		return "Free Pool"
	}
	if fee%100 == 0 {
		return fmt.Sprintf("$%d Pool", fee/100)
	}
	return "$" + fee.String() + " Pool"
}

// Thresholds returns, for a pool's entry fee, the fewest distinct players it needs and the most squares
// the house may fill at the final decision before kickoff.
func Thresholds(fee Cents) (minPlayers, maxHouseSquares int) {
	switch {
	case fee <= 0:
		return 5, 95
	case fee <= 100:
		return 8, 70
	case fee <= 500:
		return 10, 60
	case fee <= 1000:
		return 15, 50
	default:
		return 20, 40
	}
}

// Timing of a pool's life around kickoff.
const (
	// SalesWindow is how long before kickoff a paid pool opens for sale: a card hold lasts about 7 days.
	SalesWindow = 6 * 24 * time.Hour
	// DecisionLead is how long before kickoff each pool gets its final decision, and sales close.
	DecisionLead = 2 * time.Hour
	// ClaimWindow is how long a winner has to claim a prize.
	ClaimWindow = 30 * 24 * time.Hour
)

// Payout schedules in percent of the prize pool, one share per period.
var (
	PayoutQuarters      = []int64{25, 25, 25, 25}
	PayoutQuartersHeavy = []int64{20, 30, 20, 30}
	PayoutHalves        = []int64{50, 50}
	PayoutHalvesHeavy   = []int64{40, 60}
)

// ParsePayoutSchedule reads a schedule such as "25/25/25/25" for a league with the given periods.
func ParsePayoutSchedule(s string, periods int) ([]int64, error) {
	s = strings.TrimSpace(s)
	options := [][]int64{PayoutQuarters, PayoutQuartersHeavy}
	if periods == 2 {
		options = [][]int64{PayoutHalves, PayoutHalvesHeavy}
	}
	if s == "" {
		return options[0], nil
	}
	for _, o := range options {
		if FormatPayoutSchedule(o) == s {
			return o, nil
		}
	}
	return nil, FieldError("payoutSchedule", fmt.Sprintf("Payout schedule must be %s or %s",
		FormatPayoutSchedule(options[0]), FormatPayoutSchedule(options[1])))
}

// FormatPayoutSchedule writes a schedule as "25/25/25/25".
func FormatPayoutSchedule(s []int64) string {
	parts := make([]string, len(s))
	for i, p := range s {
		parts[i] = fmt.Sprint(p)
	}
	return strings.Join(parts, "/")
}

// Pool is a 10x10 grid of squares on one game.
type Pool struct {
	ID                  int64
	GameID              int64
	Game                *Game
	Name                string
	EntryFee            Cents
	MaxSquaresPerPlayer int
	Status              string
	IsPrivate           bool
	CreatorID           int64 // private pools
	InviteCode          string
	IsNonprofit         bool
	IsFeatured          bool
	FeaturedReason      string
	FeaturedUntil       *time.Time
	PayoutSchedule      []int64
	DrawSeed            string // secret hex seed until the draw; revealed after
	DrawCommitment      string // SHA-256 hex of the seed, published from the start
	HomeNumbers         []int  // column digits, once drawn
	AwayNumbers         []int  // row digits, once drawn
	DrawnAt             *time.Time
	// DrawInput is the ownership text the draw consumed (OwnershipText), stored at the draw so that the draw
	// stays verifiable after squares change hands; DrawInputSHA256 is its hex SHA-256. Both are empty before
	// the draw and for pools drawn before they were stored.
	DrawInput       string
	DrawInputSHA256 string
	SquaresTaken    int // squares owned (held squares excluded)
	DistinctPlayers int
	// Collection is who collects a private pool's money: CollectionCard (through Squares' escrow; every
	// public pool) or CollectionHost (the host, outside Squares).
	Collection string
	// PaymentInstructions tell a host pool's players how to pay the host; PayBy is when payment is due.
	PaymentInstructions string
	PayBy               *time.Time
	// Rules are the pool's rules, their defaults filled in (a pool made before rules existed plays today's
	// rules with its payout schedule, RulesFromSchedule).
	Rules Rules
	// NumberSets are the pool's committed number sets (NumberSet): one drawn once for every period, or one
	// per paying period; seeds are secret until the draw, digits empty before it.
	NumberSets []NumberSet
	// Beacon is the drand round the draw mixes in (BeaconOf shows it; empty status: none stored).
	Beacon PoolBeacon
	// Record is the head of the pool's record (RecordHead): its last seq and hash, and the last checkpoint
	// when read with it.
	Record    RecordHead
	CreatedAt time.Time
	UpdatedAt time.Time
}

// EffectiveRules is the pool's rules: Rules, or for a pool built without them today's rules with its payout
// schedule (RulesFromSchedule).
func (p *Pool) EffectiveRules() Rules {
	if p.Rules.Grid != 0 {
		return p.Rules
	}
	return RulesFromSchedule(p.PayoutSchedule, p.leagueID()).WithDefaults(p.leagueID())
}

// leagueID is the league of the pool's game. When the game is not loaded, a schedule of two periods is
// college basketball's halves, any other a league in quarters (0).
func (p *Pool) leagueID() int64 {
	switch {
	case p.Game != nil:
		return p.Game.LeagueID
	case len(p.PayoutSchedule) == 2:
		return LeagueNCAAB
	}
	return 0
}

// Grid is the pool's grid (its rules' size).
func (p *Pool) Grid() Grid {
	g, err := GridOf(p.EffectiveRules().Grid)
	if err != nil {
		g, _ = GridOf(Grid100)
	}
	return g
}

// GridSquares is how many squares the pool's grid has: 100, 50 or 25.
func (p *Pool) GridSquares() int { return p.Grid().Squares() }

// NumbersGenerated reports whether the pool's digits are drawn.
func (p *Pool) NumbersGenerated() bool {
	return len(p.HomeNumbers) == GridSize && len(p.AwayNumbers) == GridSize
}

// SquareLimit is the most squares one player may hold or own in the pool: PublicSquaresPerPlayer in a
// public pool, the creator's choice in a private one.
func (p *Pool) SquareLimit() int {
	if !p.IsPrivate {
		return PublicSquaresPerPlayer
	}
	return p.MaxSquaresPerPlayer
}

// IsFree reports whether the pool moves no money.
func (p *Pool) IsFree() bool { return p.EntryFee == 0 }

// Pot is the money staked so far: the entry fee times the squares taken, house squares included.
func (p *Pool) Pot() Cents { return p.EntryFee * Cents(p.SquaresTaken) }

// HouseFeePercent is 10, or 5 for a non-profit pool (whose fee goes to the organisation), and 0 for a
// private pool: the whole pot goes to its winners (decisions.md). A host-collected pool never has a fee.
func (p *Pool) HouseFeePercent() int64 {
	if p.IsPrivate || p.HostCollects() {
		return 0
	}
	if p.IsNonprofit {
		return 5
	}
	return 10
}

// HouseFee is the fee kept from the pot.
func (p *Pool) HouseFee() Cents { return p.Pot().Percent(p.HouseFeePercent()) }

// PrizePool is the pot less the house fee.
func (p *Pool) PrizePool() Cents { return p.Pot() - p.HouseFee() }

// PeriodPrizes splits a prize pool by the schedule: each period gets floor(prize x share), and the rounding
// remainder goes to the final period.
func PeriodPrizes(prize Cents, schedule []int64) []Cents {
	out := make([]Cents, len(schedule))
	var sum Cents
	for i, share := range schedule {
		out[i] = prize.Percent(share)
		sum += out[i]
	}
	if len(out) > 0 {
		out[len(out)-1] += prize - sum
	}
	return out
}

// SalesOpenAt is when the pool opens for sale: paid pools no earlier than SalesWindow before kickoff (a
// card hold lasts about 7 days). A zero time means the pool may sell as soon as it is active, as a free
// pool and a host-collected pool (no card is held) do.
func (p *Pool) SalesOpenAt() time.Time {
	if p.IsFree() || p.HostCollects() || p.Game == nil {
		return time.Time{}
	}
	return p.Game.GameDate.Add(-SalesWindow)
}

// SalesCloseAt is when the final decision is made and sales close.
func (p *Pool) SalesCloseAt() time.Time {
	if p.Game == nil {
		return time.Time{}
	}
	return p.Game.GameDate.Add(-DecisionLead)
}

// VisibleToPlayers reports whether players see the pool in lists: active, full or started.
func (p *Pool) VisibleToPlayers() bool {
	return p.Status == PoolActive || p.Status == PoolFull || p.Status == PoolStarted
}

// PoolViewer is someone opening a pool, as the rule of who may see it (Pool.VisibleTo) knows them.
type PoolViewer struct {
	Admin  bool // signed in with an admin's powers (User.IsAdmin)
	Owned  int  // squares they own in the pool
	Member bool // they joined the pool (a private pool's creator did)
}

// VisibleTo is the one rule of who may see a pool: its page, squares, winners, board and live updates.
// A private pool only its members see: admins reach other people's private pools through the admin
// routes only. Of the rest, a draft only admins see; a pool an admin hid (inactive), admins and the
// players who own squares in it; any other, anyone.
func (p *Pool) VisibleTo(v PoolViewer) bool {
	if p.IsPrivate && !v.Member {
		return false
	}
	switch p.Status {
	case PoolDraft:
		return v.Admin
	case PoolInactive:
		return v.Admin || v.Owned > 0
	}
	return true
}

// VisibleToAnyone reports whether VisibleTo lets anyone see the pool, so that its viewer need not be
// known: a public pool that is neither a draft nor hidden.
func (p *Pool) VisibleToAnyone() bool {
	return !p.IsPrivate && p.Status != PoolDraft && p.Status != PoolInactive
}

// PoolInput is what an admin sends to create a public pool.
type PoolInput struct {
	Name     string
	EntryFee Cents
	GameID   int64
}

// Validate checks a public pool to be created.
func (in *PoolInput) Validate() error {
	var v Validation
	if !PrintableLine(in.Name) {
		v.Add("name", "Pool name must be one line of printable text.")
	}
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" || len(in.Name) > 80 {
		v.Add("name", "Please fill in all fields")
	}
	if in.GameID <= 0 {
		v.Add("gameId", "Please fill in all fields")
	}
	if !IsTier(in.EntryFee) {
		v.Add("entryFee", "Entry fee must be one of 0.00, 1.00, 5.00, 10.00, 25.00")
	}
	return v.Err()
}

// PoolView is a pool as one viewer sees it.
type PoolView struct {
	*Pool
	// ViewerSquares is the number of squares the viewer owns in it.
	ViewerSquares int
}

// PoolFilter selects pools.
type PoolFilter struct {
	Viewer   int64 // whose squares to count
	LeagueID int64
	GameID   int64
	Week     string
	Status   string
	Statuses []string // any of these statuses
	// Listed keeps what players may browse: public pools that are active, full or started, in their
	// league's active week (every week while the league has none).
	Listed bool
	// Public keeps public pools only: an admin's list on a player route leaves out other people's private
	// pools, which admins see through the admin routes.
	Public bool
	// OwnedBy keeps pools in which this user owns squares, and the private pools they joined.
	OwnedBy int64
	// Featured keeps pools featured at this time.
	FeaturedAt *time.Time
}
