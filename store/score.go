package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/squaresapp/squares"
)

// ScoreOutcome is what a score update did.
type ScoreOutcome struct {
	// Game is the game as it stands after the update.
	Game *squares.Game
	// Changed reports that the update changed the game (a replay changes nothing).
	Changed bool
	// Ended lists the periods the update ended, with their end scores.
	Ended []squares.PeriodScore
	// Winners lists the winners recorded by this update, prizes credited.
	Winners []squares.Winner
	// CancelPools lists the pools of a game called off (cancelled or postponed) that are still to be
	// cancelled and refunded: the caller passes each to the escrow's CancelPool, which returns the money.
	CancelPools []int64
	// Decisions lists the final decisions the update made: a game that goes live or completes decides
	// every pool of it still undecided at once (squares.FollowGame). The escrow then returns a cancelled
	// pool's money and captures a filled one's holds (its next pass; the caller may kick it).
	Decisions []squares.Decision
}

// ApplyScore applies a manual score update to a game (squares.ApplyScore) in one transaction: the game
// locked, its score and ended periods written, its pools not yet decided given their final decision when
// it goes live or completes (house fill and draw, or cancel), its full pools started, the winner of
// every ended period of every started pool recorded with its prize credited through the ledger, and the
// pools completed at the final. Winners are unique per pool and period and their ledger transactions
// keyed by them, so each period pays exactly once however often an update is replayed, and a crash
// leaves either all of it or none. Events for the game and the pools are published after the commit. An
// admin's update that changes the game is logged as "game.score" (a correction named as such); a feed's
// is not an admin action.
func (db *DB) ApplyScore(ctx context.Context, gameID int64, u squares.ScoreUpdate) (*ScoreOutcome, error) {
	var out *ScoreOutcome
	err := db.update(ctx, func(tx *Tx) error {
		g, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.id = $1`+
			tx.forUpdate("g"), gameID))
		if err != nil {
			return notFound(err, "Game")
		}
		periods := (&squares.League{ID: g.LeagueID}).Periods()
		res, err := squares.ApplyScore(*g, periods, u)
		if err != nil {
			return err
		}
		out = &ScoreOutcome{Game: &res.Game, Changed: res.Changed, Ended: res.Ended}
		if res.Changed {
			if err := writeScore(ctx, tx, &res.Game); err != nil {
				return err
			}
			tx.emit(squares.Event{Kind: squares.EventGame, GameID: gameID})
			if err := reportScore(ctx, tx, &res.Game); err != nil {
				return err
			}
			reason := ""
			if u.Correction {
				reason = "correction"
			}
			if err := auditByUser(ctx, tx, Change{Action: "game.score", TargetType: "game", TargetID: gameID,
				Before: scoreRecordOf(g), After: scoreRecordOf(&res.Game), Reason: reason}); err != nil {
				return err
			}
		}
		return followScore(ctx, tx, &res.Game, periods, out)
	})
	return out, err
}

// CatchUpGame brings the pools of a game up to the game as it stands, without a score update: what an
// update of its score does to them (followScore), for pools a started game left behind (its score entered
// before its pools followed at once, or a pool opened on it since). The automation runs it for every
// started game with a pool still undecided. Events are published after the commit.
func (db *DB) CatchUpGame(ctx context.Context, gameID int64) (*ScoreOutcome, error) {
	var out *ScoreOutcome
	err := db.update(ctx, func(tx *Tx) error {
		g, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.id = $1`+
			tx.forUpdate("g"), gameID))
		if err != nil {
			return notFound(err, "Game")
		}
		out = &ScoreOutcome{Game: g}
		return followScore(ctx, tx, g, (&squares.League{ID: g.LeagueID}).Periods(), out)
	})
	return out, err
}

// scoreRecord is a game's score as the audit log records an admin's score entry.
type scoreRecord struct {
	Status     string  `json:"status"`
	Quarter    int     `json:"quarter"`
	HomeScore  *int    `json:"homeScore"`
	AwayScore  *int    `json:"awayScore"`
	HomePeriod [4]*int `json:"homePeriods"`
	AwayPeriod [4]*int `json:"awayPeriods"`
}

func scoreRecordOf(g *squares.Game) scoreRecord {
	return scoreRecord{g.Status, g.Quarter, g.HomeScore, g.AwayScore, g.HomePeriod, g.AwayPeriod}
}

func writeScore(ctx context.Context, tx *Tx, g *squares.Game) error {
	g.UpdatedAt = tx.now
	_, err := tx.ExecContext(ctx, `UPDATE games SET status = $1, home_score = $2, away_score = $3, quarter = $4,
		home_q1 = $5, home_q2 = $6, home_q3 = $7, home_q4 = $8, away_q1 = $9, away_q2 = $10, away_q3 = $11,
		away_q4 = $12, updated_at = $13 WHERE id = $14`, g.Status, intArg(g.HomeScore), intArg(g.AwayScore), g.Quarter,
		intArg(g.HomePeriod[0]), intArg(g.HomePeriod[1]), intArg(g.HomePeriod[2]), intArg(g.HomePeriod[3]),
		intArg(g.AwayPeriod[0]), intArg(g.AwayPeriod[1]), intArg(g.AwayPeriod[2]), intArg(g.AwayPeriod[3]),
		tx.now, g.ID)
	if err != nil {
		return fmt.Errorf("write score: %w", err)
	}
	return nil
}

// followScore moves the game's pools with it (squares.FollowGame) and settles its ended periods, into
// out: a game live or completed gives each pool not yet decided its final decision at once (logged as the
// automation's, each pool once), full pools start, started pools record each ended period's winner and
// complete at the final; a game called off names the pools still to cancel. A pool that may get its
// decision is locked and read again first, as the automation does, so that a sale that took its lock
// before is counted.
func followScore(ctx context.Context, tx *Tx, g *squares.Game, periods int, out *ScoreOutcome) error {
	pools, err := listPools(ctx, tx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		return err
	}
	byID := map[int64]*squares.PoolView{}
	in := make([]squares.GamePool, 0, len(pools))
	for _, p := range pools {
		gp := squares.GamePool{DecisionInput: decisionInput(p, 0), Drawn: p.NumbersGenerated()}
		if squares.DecidesAtOnce(g, p.Status) {
			lp, din, decided, err := lockDecisionPool(ctx, tx, p.ID)
			if err != nil {
				return err
			}
			p, gp = lp, squares.GamePool{DecisionInput: din, Decided: decided, Drawn: lp.NumbersGenerated()}
		}
		gp.GameStatus = g.Status
		byID[p.ID] = p
		in = append(in, gp)
	}
	steps := squares.FollowGame(*g, in)
	// A started pool's record follows the game's score (scorePool), settled or not.
	playing, scored := map[int64]bool{}, map[int64]bool{}
	for _, p := range pools {
		playing[p.ID] = p.Status == squares.PoolStarted
	}
	for i, st := range steps {
		p := byID[st.PoolID]
		switch st.Step {
		case squares.StepCancel:
			out.CancelPools = append(out.CancelPools, p.ID)
		case squares.StepDecide:
			if err := applyDecision(ctx, tx, p, st.Decision); err != nil {
				return fmt.Errorf("decide pool %d: %w", p.ID, err)
			}
			if err := logDecision(ctx, tx, st.Decision, DecidedByAutomation, false); err != nil {
				return err
			}
			out.Decisions = append(out.Decisions, st.Decision)
			if st.Decision.Action == squares.DecideHouseFill || st.Decision.Action == squares.DecidePlay {
				// Drawn now: the steps that follow read its numbers.
				if byID[p.ID], err = findPool(ctx, tx, p.ID, 0); err != nil {
					return err
				}
			}
		case squares.StepStart:
			if _, err := setPoolStatus(ctx, tx, p.ID, squares.PoolStarted, squares.CheckFollowGame); err != nil {
				return err
			}
			playing[p.ID] = true
		case squares.StepSettle:
			p.Game = g
			scored[p.ID] = true
			ws, err := settlePool(ctx, tx, p.Pool, g)
			if err != nil {
				return err
			}
			out.Winners = append(out.Winners, ws...)
			recorded := len(ws) > 0
			completes := i+1 < len(steps) && steps[i+1].PoolID == p.ID && steps[i+1].Step == squares.StepComplete
			if recorded && !completes {
				tx.emit(squares.Event{Kind: squares.EventPool, PoolID: p.ID, GameID: g.ID})
			}
		case squares.StepComplete:
			if _, err := setPoolStatus(ctx, tx, p.ID, squares.PoolCompleted, squares.CheckFollowGame); err != nil {
				return err
			}
		}
	}
	if !g.Started() {
		return nil
	}
	for _, gp := range in {
		p := byID[gp.PoolID]
		if playing[p.ID] && !scored[p.ID] && p.NumbersGenerated() {
			if _, _, err := scorePool(ctx, tx, p.Pool, g); err != nil {
				return err
			}
		}
	}
	return nil
}

// ListWinners returns the recorded winners of a pool by period, with each winner's first name.
func (db *DB) ListWinners(ctx context.Context, poolID int64) ([]*squares.Winner, error) {
	var out []*squares.Winner
	err := db.view(ctx, func(tx *Tx) (err error) {
		out, err = queryAll(ctx, tx, func(s scanner) (*squares.Winner, error) {
			return scanWinner(s)
		}, `SELECT `+winnerColumns+` WHERE w.pool_id = $1 ORDER BY w.period, w.id`, poolID)
		if err != nil {
			return fmt.Errorf("list winners: %w", err)
		}
		return nil
	})
	return out, err
}

// winnerColumns reads a winner with its first name (the member's, or the guest's).
const winnerColumns = `w.id, w.pool_id, w.period, w.home_score, w.away_score, w.row_idx, w.col_idx, w.user_id,
	COALESCE(u.first_name, gu.name, ''), w.amount_cents, w.status, COALESCE(w.guest_id, 0), w.paid_at, w.kind,
	w.award, w.period_code, w.label
	FROM winners w LEFT JOIN users u ON u.id = w.user_id LEFT JOIN pool_guests gu ON gu.id = w.guest_id`

func scanWinner(s scanner) (*squares.Winner, error) {
	var w squares.Winner
	var user sql.NullInt64
	var paid sql.NullTime
	err := s.Scan(&w.ID, &w.PoolID, &w.Period, &w.HomeScore, &w.AwayScore, &w.Row, &w.Column, &user,
		&w.FirstName, &w.Amount, &w.Status, &w.GuestID, &paid, &w.Kind, &w.Award, &w.PeriodCode, &w.Label)
	w.UserID, w.PaidAt = user.Int64, nullTime(paid)
	return &w, err
}
