package squares

import (
	"strings"
	"time"
)

// Pool statuses. The lifecycle is a state machine enforced by the server:
// draft -> active <-> inactive -> full -> started -> completed, and draft/active/inactive/full -> cancelled.
const (
	PoolDraft     = "draft"
	PoolActive    = "active"
	PoolInactive  = "inactive"
	PoolFull      = "full"
	PoolStarted   = "started"
	PoolCompleted = "completed"
	PoolCancelled = "cancelled"
)

// PoolStatuses lists every pool status.
var PoolStatuses = []string{PoolDraft, PoolActive, PoolInactive, PoolFull, PoolStarted, PoolCompleted, PoolCancelled}

var poolTransitions = map[string][]string{
	PoolDraft:    {PoolActive, PoolCancelled},
	PoolActive:   {PoolInactive, PoolFull, PoolCancelled},
	PoolInactive: {PoolActive, PoolFull, PoolCancelled},
	PoolFull:     {PoolStarted, PoolCancelled},
	PoolStarted:  {PoolCompleted},
}

// CanTransition reports whether a pool may move from one status to another.
func CanTransition(from, to string) bool {
	for _, s := range poolTransitions[from] {
		if s == to {
			return true
		}
	}
	return false
}

// FollowsGame reports whether a pool reaches the status only with its game: started at kickoff, completed
// once the game is settled.
func FollowsGame(status string) bool { return status == PoolStarted || status == PoolCompleted }

// CheckSetByHand decides whether an admin may move a pool from one status to another: along the lifecycle,
// but never to a status that follows the game, so that captured money cannot be stranded in a pool marked
// completed that was never settled.
func CheckSetByHand(from, to string) error {
	if !CanTransition(from, to) {
		return ErrTransition(from, to)
	}
	if FollowsGame(to) {
		return Errorf(EUNPROCESSABLE, "A pool starts and completes with its game; it cannot be set by hand.")
	}
	return nil
}

// CheckFollowGame decides whether a pool may move from one status to another as its game goes: only to
// started or completed, along the lifecycle.
func CheckFollowGame(from, to string) error {
	if !CanTransition(from, to) || !FollowsGame(to) {
		return ErrTransition(from, to)
	}
	return nil
}

// NormalizePoolStatus maps a status sent by a client to a pool status; the old clients' "open" means
// active.
func NormalizePoolStatus(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "open" {
		s = PoolActive
	}
	for _, st := range PoolStatuses {
		if st == s {
			return s, nil
		}
	}
	return "", FieldError("status", "Status must be one of draft, active, inactive, full, started, completed, cancelled")
}

// ErrTransition is the error for a refused status change: a rule refused, 422.
func ErrTransition(from, to string) error {
	return Errorf(EUNPROCESSABLE, "A pool cannot go from %s to %s.", from, to)
}

// StatusChange is a move of a pool to another status, with what its guards read.
type StatusChange struct {
	// Pool is the pool as it stands, with its Game.
	Pool *Pool
	To   string
	// Rule is whose move it is: CheckSetByHand for an admin's, CheckFollowGame for the game's.
	Rule func(from, to string) error
	Now  time.Time
}

// CheckStatusChange applies the rules of a pool's status change: false when the pool is in that status
// already (nothing to do); otherwise the move must be one Rule allows, and a pool opens only while its
// sales may (CheckOpen) and is full only with every square taken (CheckFull).
func CheckStatusChange(c StatusChange) (bool, error) {
	p := c.Pool
	if p.Status == c.To {
		return false, nil
	}
	if err := c.Rule(p.Status, c.To); err != nil {
		return false, err
	}
	switch c.To {
	case PoolActive:
		if err := CheckOpen(p, c.Now); err != nil {
			return false, err
		}
	case PoolFull:
		if err := CheckFull(p); err != nil {
			return false, err
		}
	}
	return true, nil
}

// CheckOpen refuses to open a pool (make it active) once its sales have closed: DecisionLead before its
// game kicks off.
func CheckOpen(p *Pool, now time.Time) error {
	if !now.Before(p.SalesCloseAt()) {
		return Errorf(EUNPROCESSABLE, "%s cannot open: its game kicks off in less than 2 hours.", p.Name)
	}
	return nil
}

// CheckFull refuses to mark a pool full before every one of its squares is taken.
func CheckFull(p *Pool) error {
	if p.SquaresTaken < p.GridSquares() {
		return Errorf(EUNPROCESSABLE, "%s cannot be full: %d of %d squares are taken.", p.Name, p.SquaresTaken, p.GridSquares())
	}
	return nil
}

// Deletion is an admin's deletion of a pool: its status, and how many squares and payments it has.
type Deletion struct {
	Status   string
	Squares  int
	Payments int
}

// CheckDelete applies the rule of a pool's deletion: only a pool that never sold anything goes, a draft or
// hidden pool without squares or payments. Any other keeps its record (422): cancel it instead.
func CheckDelete(d Deletion) error {
	if d.Status != PoolDraft && d.Status != PoolInactive {
		return Errorf(EUNPROCESSABLE, "Only draft or inactive pools can be deleted; this one is %s.", d.Status)
	}
	if d.Squares+d.Payments > 0 {
		return Errorf(EUNPROCESSABLE, "A pool with squares or payments cannot be deleted; cancel it instead.")
	}
	return nil
}
