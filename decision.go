package squares

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// The final decisions a pool gets at DecisionLead before kickoff (decisions.md, "Pool lifecycle").
const (
	// DecideContinue leaves a pool that is already full to play.
	DecideContinue = "continue"
	// DecideCancel cancels the pool and returns every payment (released or refunded).
	DecideCancel = "cancel"
	// DecideHouseFill gives every remaining square to the house, which stakes them, then draws.
	DecideHouseFill = "house_fill"
	// DecidePlay draws a private pool whose rules play a board that is not full (unfilled "play") as it
	// stands: its empty squares stay empty.
	DecidePlay = "play"
)

// DecisionInput is what a pool's final decision reads.
type DecisionInput struct {
	PoolID    int64
	EntryFee  Cents
	IsPrivate bool
	Status    string
	// SquaresTaken counts the owned squares (house squares included); DistinctPlayers the players owning them.
	SquaresTaken    int
	DistinctPlayers int
	// RefundAmount is the money of the pool's payments that a cancellation returns: held and captured.
	RefundAmount Cents
	Kickoff      time.Time
	// GameID and GameStatus are the pool's game and its status: a game live or completed makes the
	// decision due at once, whatever its kickoff time says.
	GameID     int64
	GameStatus string
	// Squares is the number of squares of the pool's grid (its rules' Grid); 0 means 100.
	Squares int
	// PlayUnfilled reports whether the pool's rules play a board that is not full (a private pool's
	// unfilled "play") rather than cancel it.
	PlayUnfilled bool
}

// squares is the number of squares of the pool's grid.
func (in DecisionInput) squares() int {
	if in.Squares > 0 {
		return in.Squares
	}
	return SquaresPerPool
}

// Decision is a pool's final decision, with what it does to players and money.
type Decision struct {
	PoolID int64  `json:"poolId"`
	Action string `json:"action" tstype:"'cancel' | 'house_fill' | 'continue' | 'play'"`
	// Reason says why, for admins and the log: "7 players, 10 needed for a $5 pool".
	Reason string `json:"reason"`
	// ParticipantsAffected is the number of distinct players in the pool.
	ParticipantsAffected int `json:"participantsAffected"`
	// HouseSquaresNeeded is the number of squares still free, that a house fill takes.
	HouseSquaresNeeded int `json:"houseSquaresNeeded"`
	// RefundAmount is what a cancellation returns to players (zero unless the action is cancel).
	RefundAmount Cents `json:"refundAmount"`
	// DueAt is when the decision is made: DecisionLead before kickoff.
	DueAt time.Time `json:"dueAt"`
}

// DecisionDueAt is when a pool on a game kicking off at kickoff gets its final decision.
func DecisionDueAt(kickoff time.Time) time.Time { return kickoff.Add(-DecisionLead) }

// Decidable reports whether a pool of this status still awaits its final decision: one that was neither
// cancelled nor has started.
func Decidable(status string) bool {
	switch status {
	case PoolDraft, PoolActive, PoolInactive, PoolFull:
		return true
	}
	return false
}

// Decide is a pool's final decision by the tier thresholds, whatever the time: continue when it is full;
// a private pool not full is cancelled, or drawn as it stands when its rules play unfilled and someone took
// a square; a public one is cancelled when it has fewer distinct players than
// its tier needs or needs more house squares than its tier allows, and house-filled otherwise. Use Due to
// know whether the decision is to be applied now.
func Decide(in DecisionInput) Decision {
	squares := in.squares()
	needed := squares - in.SquaresTaken
	if needed < 0 {
		needed = 0
	}
	d := Decision{PoolID: in.PoolID, ParticipantsAffected: in.DistinctPlayers, HouseSquaresNeeded: needed,
		DueAt: DecisionDueAt(in.Kickoff)}
	minPlayers, maxHouse := Thresholds(in.EntryFee)
	tier := TierName(in.EntryFee)
	if in.IsPrivate {
		tier = "private pool"
	}
	switch {
	case needed == 0 || in.Status == PoolFull:
		d.Action, d.HouseSquaresNeeded = DecideContinue, 0
		d.Reason = fmt.Sprintf("Full: %d squares taken by %s.", squares, plural(in.DistinctPlayers, "player"))
		return d
	case in.IsPrivate && in.PlayUnfilled && in.SquaresTaken > 0:
		d.Action = DecidePlay
		d.Reason = fmt.Sprintf("Private pool plays as it stands: %d of %d squares taken by %s.", in.SquaresTaken, squares,
			plural(in.DistinctPlayers, "player"))
		return d
	case in.IsPrivate:
		d.Action = DecideCancel
		d.Reason = fmt.Sprintf("Private pool not full: %d of %d squares taken.", in.SquaresTaken, squares)
	case in.DistinctPlayers < minPlayers:
		d.Action = DecideCancel
		d.Reason = fmt.Sprintf("%s, %d needed for a %s.", plural(in.DistinctPlayers, "player"), minPlayers, tier)
	case needed > maxHouse:
		d.Action = DecideCancel
		d.Reason = fmt.Sprintf("%d squares free, the house fills at most %d in a %s.", needed, maxHouse, tier)
	default:
		d.Action = DecideHouseFill
		d.Reason = fmt.Sprintf("%s (%d needed); the house fills %d squares (at most %d in a %s).",
			plural(in.DistinctPlayers, "player"), minPlayers, needed, maxHouse, tier)
		return d
	}
	d.RefundAmount = in.RefundAmount
	return d
}

// DecideAt is the decision to apply at now: none yet (false) while kickoff is more than DecisionLead away
// and the game has not started (live or completed), or when the pool is past deciding (started,
// completed, cancelled); else Decide.
func DecideAt(in DecisionInput, now time.Time) (Decision, bool) {
	started := in.GameStatus == GameLive || in.GameStatus == GameCompleted
	if !Decidable(in.Status) || !(DecisionDue(in.Kickoff, now) || started) {
		return Decision{}, false
	}
	return Decide(in), true
}

// DecisionDue reports whether a pool's final decision is to be applied at now: DecisionLead or less
// before kickoff (or after it, for a pool the automation missed).
func DecisionDue(kickoff, now time.Time) bool { return !now.Before(DecisionDueAt(kickoff)) }

func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// DecisionOutlook is what a pool awaiting its final decision must reach by then, by the tier rules of
// decisions.md; the pool page counts down to it.
type DecisionOutlook struct {
	// DueAt is when the decision is made (and sales close): DecisionLead before kickoff.
	DueAt time.Time
	// Action is what Decide would do were the pool decided now: cancel, house_fill or play.
	Action string
	// MinPlayers is the fewest distinct players the tier needs, and PlayersNeeded how many more it needs
	// (0 when it has enough). Private pools need no number of players: both are 0.
	MinPlayers, PlayersNeeded int
	// MaxHouseSquares is the most squares the house fills (0 for a private pool: it never does).
	MaxHouseSquares int
	// SquaresFree is the number of squares still free; SquaresShort how many of them must be taken before
	// the house may fill the rest (all of them in a private pool, which must be full; one at most in a
	// private pool that plays unfilled, which needs a square taken).
	SquaresFree, SquaresShort int
}

// Outlook returns a pool's decision outlook: false for a pool that awaits no decision (full, or past
// deciding), whatever the time; a pool whose decision is overdue keeps its outlook until it is decided.
func Outlook(in DecisionInput) (DecisionOutlook, bool) {
	if !Decidable(in.Status) || in.Status == PoolFull || in.SquaresTaken >= in.squares() {
		return DecisionOutlook{}, false
	}
	free := in.squares() - max(in.SquaresTaken, 0)
	o := DecisionOutlook{DueAt: DecisionDueAt(in.Kickoff), Action: Decide(in).Action, SquaresFree: free}
	if in.IsPrivate {
		o.SquaresShort = free
		if in.PlayUnfilled {
			o.SquaresShort = max(1-in.SquaresTaken, 0)
		}
		return o, true
	}
	o.MinPlayers, o.MaxHouseSquares = Thresholds(in.EntryFee)
	o.PlayersNeeded = max(o.MinPlayers-in.DistinctPlayers, 0)
	o.SquaresShort = max(free-o.MaxHouseSquares, 0)
	return o, true
}

// Cancellation is an admin's cancellation of a pool: what the pool's final decision reads, and the
// admin's reason.
type Cancellation struct {
	Pool   DecisionInput
	Reason string
}

// CheckCancel applies the rule of an admin's cancellation: a pool that is completed or cancelled already
// is refused; any other is cancelled with the admin's reason, every held and captured payment returned.
// It returns the decision to apply and log.
func CheckCancel(c Cancellation) (Decision, error) {
	if s := c.Pool.Status; s == PoolCompleted || s == PoolCancelled {
		return Decision{}, Errorf(EUNPROCESSABLE, "This pool is %s; it cannot be cancelled.", s)
	}
	d := Decide(c.Pool)
	d.Action, d.Reason, d.RefundAmount = DecideCancel, c.Reason, c.Pool.RefundAmount
	return d, nil
}

// HouseFill is an admin's house fill of a pool: what the pool's final decision reads, and how many
// squares the admin saw free (SquaresNeeded).
type HouseFill struct {
	Pool          DecisionInput
	SquaresNeeded int
}

// CheckHouseFill applies the rule of an admin's house fill: only an active or hidden pool, and only as
// the admin saw it (a conflict when the squares free are no longer SquaresNeeded). It returns the
// decision to apply and log: the house takes every free square and the pool is drawn.
func CheckHouseFill(h HouseFill) (Decision, error) {
	if s := h.Pool.Status; s != PoolActive && s != PoolInactive {
		return Decision{}, Errorf(EUNPROCESSABLE, "Only an active or hidden pool can be house-filled; this one is %s.", s)
	}
	d := Decide(h.Pool)
	if d.HouseSquaresNeeded != h.SquaresNeeded {
		return Decision{}, Errorf(ECONFLICT, "The pool changed; reload. %d squares are free, not %d.",
			d.HouseSquaresNeeded, h.SquaresNeeded)
	}
	d.Action, d.RefundAmount = DecideHouseFill, 0
	d.Reason = fmt.Sprintf("An admin house-filled %d squares (%d players).", h.SquaresNeeded, h.Pool.DistinctPlayers)
	return d, nil
}

// MaxCancelReason bounds an admin's reason for cancelling a pool, in characters.
const MaxCancelReason = 500

// CheckCancelReason trims an admin's reason for cancelling a pool and refuses one that is empty or longer
// than MaxCancelReason characters. It returns the reason as kept.
func CheckCancelReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > MaxCancelReason {
		return "", FieldError("reason", "Please give a reason of 1 to 500 characters.")
	}
	return reason, nil
}

// CheckSquaresNeeded refuses an admin's house fill that does not name 1 to 100 squares still free.
func CheckSquaresNeeded(n int) error {
	if n < 1 || n > SquaresPerPool {
		return FieldError("squaresNeeded", "squaresNeeded must be 1 to 100: the squares still free.")
	}
	return nil
}
