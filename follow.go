package squares

// The steps a pool takes as its game goes (FollowGame), in the order they are taken.
const (
	// StepDecide applies the pool's final decision now (Decision): sales close, and the pool continues,
	// is house-filled and drawn, or is cancelled with its money returned.
	StepDecide = "decide"
	// StepStart moves a full pool to started.
	StepStart = "start"
	// StepSettle records the winners of the game's ended periods (each period once, whatever is recorded).
	StepSettle = "settle"
	// StepComplete moves a started pool to completed: its game is over and every period is settled.
	StepComplete = "complete"
	// StepCancel cancels the pool of a game called off (cancelled or postponed), returning its money.
	StepCancel = "cancel"
)

// GamePool is one pool of a game as FollowGame reads it: what its final decision reads (its status
// among it), whether that decision is logged already, and whether its numbers are drawn.
type GamePool struct {
	DecisionInput
	Decided bool
	Drawn   bool
}

// PoolStep is one step a pool takes now; Decision is the final decision of a StepDecide.
type PoolStep struct {
	PoolID   int64
	Step     string
	Decision Decision
}

// FollowGame says what the pools of a game must do now that the game stands as g, pool by pool in the
// order given, each pool's steps in the order to take them:
//   - a game called off (cancelled or postponed) cancels every pool that may still be cancelled;
//   - a game live or completed gives every pool that has not had its final decision that decision at
//     once, whatever the time (the same decision as DecisionLead before kickoff, Decide): the pool sells
//     no more, and is cancelled, or is full (house-filled and drawn, or full already) and starts;
//   - a full pool of a live or completed game starts;
//   - a started, drawn pool settles the game's ended periods, and completes once the game is completed
//     with every period ended.
//
// A scheduled game asks nothing: its pools' decisions come DecisionLead before kickoff (DecideAt).
func FollowGame(g Game, pools []GamePool) []PoolStep {
	periods := (&League{ID: g.LeagueID}).Periods()
	ended := g.EndedPeriods(periods)
	var out []PoolStep
	for _, p := range pools {
		status, drawn := p.Status, p.Drawn
		switch g.Status {
		case GameCancelled, GamePostponed:
			if CanTransition(status, PoolCancelled) {
				out = append(out, PoolStep{PoolID: p.PoolID, Step: StepCancel})
			}
			continue
		case GameLive, GameCompleted:
		default:
			continue
		}
		if DecidesAtOnce(&g, status) && !p.Decided {
			d := Decide(p.DecisionInput)
			d.Reason = "Decided when the game was reported " + g.Status + ". " + d.Reason
			out = append(out, PoolStep{PoolID: p.PoolID, Step: StepDecide, Decision: d})
			if d.Action == DecideCancel {
				continue
			}
			status, drawn = PoolFull, true
		}
		if status == PoolFull {
			out = append(out, PoolStep{PoolID: p.PoolID, Step: StepStart})
			status = PoolStarted
		}
		if status != PoolStarted || !drawn {
			continue
		}
		if ended > 0 {
			out = append(out, PoolStep{PoolID: p.PoolID, Step: StepSettle})
		}
		if g.Status == GameCompleted && ended == periods {
			out = append(out, PoolStep{PoolID: p.PoolID, Step: StepComplete})
		}
	}
	return out
}

// DecidesAtOnce reports whether a pool of this status gets its final decision at once from its game g
// (FollowGame's StepDecide, when none is logged): the game is live or completed and the pool still awaits
// its decision. The store locks such a pool and reads it again before it asks FollowGame, so that a sale
// that took the pool's lock before is counted.
func DecidesAtOnce(g *Game, status string) bool { return g.Started() && Decidable(status) }
