package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/squaresapp/squares"
)

// readRules fills a scanned pool's rules and number sets from their stored JSON: a pool made before rules
// existed (none stored) plays today's rules with its payout schedule, and draws one set from its draw seed.
func readRules(p *squares.Pool, leagueID int64, rules, sets string) error {
	if rules == "" {
		p.Rules = squares.RulesFromSchedule(p.PayoutSchedule, leagueID)
	} else if err := json.Unmarshal([]byte(rules), &p.Rules); err != nil {
		return fmt.Errorf("rules of pool %d: %w", p.ID, err)
	}
	p.Rules = p.Rules.WithDefaults(leagueID)
	if sets == "" {
		p.NumberSets = []squares.NumberSet{{SeedSHA256: p.DrawCommitment, Seed: p.DrawSeed,
			HomeNumbers: p.HomeNumbers, AwayNumbers: p.AwayNumbers}}
		return nil
	}
	if err := json.Unmarshal([]byte(sets), &p.NumberSets); err != nil {
		return fmt.Errorf("number sets of pool %d: %w", p.ID, err)
	}
	return nil
}

// gridSquares is the number of squares of a pool's grid from its stored rules (none stored for 100).
func gridSquares(rules string) (int, error) {
	if rules == "" {
		return squares.Grid100, nil
	}
	var r squares.Rules
	if err := json.Unmarshal([]byte(rules), &r); err != nil {
		return 0, fmt.Errorf("rules: %w", err)
	}
	g, err := squares.GridOf(r.WithDefaults(0).Grid)
	if err != nil {
		return 0, err
	}
	return g.Squares(), nil
}

// rulesText is what the pools table keeps of a pool's rules: nothing for rules that only choose a payout
// schedule, which the schedule column holds, so that such a pool reads as every pool did before rules.
func rulesText(p *squares.Pool, leagueID int64) (string, error) {
	if p.Rules.Grid == 0 {
		return "", nil
	}
	b, err := json.Marshal(p.Rules)
	if err != nil {
		return "", err
	}
	old, err := json.Marshal(squares.RulesFromSchedule(p.Rules.PayoutSchedule(), leagueID))
	if err != nil || string(old) == string(b) {
		return "", err
	}
	return string(b), nil
}

// numberSetsText is what the pools table keeps of a pool's number sets: nothing for one set drawn once, which
// the draw seed and digit columns hold.
func numberSetsText(sets []squares.NumberSet) (string, error) {
	if len(sets) <= 1 {
		return "", nil
	}
	b, err := json.Marshal(sets)
	return string(b), err
}

// commitRules fixes a new pool's rules before its insert: their payout schedule, and the number sets they
// draw (a seed for each, the first the pool's draw seed).
func commitRules(p *squares.Pool, leagueID int64) error {
	if p.Rules.Grid == 0 {
		p.Rules = squares.RulesFromSchedule(p.PayoutSchedule, leagueID)
	}
	p.Rules = p.Rules.WithDefaults(leagueID)
	p.PayoutSchedule = p.Rules.PayoutSchedule()
	sets, err := p.Rules.CommitNumberSets(p.DrawSeed, squares.NewDrawSeed)
	if err != nil {
		return err
	}
	p.NumberSets = sets
	return nil
}

// SetPoolRules changes a public pool's rules while nothing of it is sold (squares.CheckRulesChange), with
// new number sets committed for them, logged as "pool.rules".
func (db *DB) SetPoolRules(ctx context.Context, poolID int64, rules squares.Rules) (*squares.PoolView, error) {
	var out *squares.PoolView
	err := db.update(ctx, func(tx *Tx) error {
		p, err := lockPool(ctx, tx, poolID)
		if err != nil {
			return err
		}
		var held int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM squares WHERE pool_id = $1 AND state = 'held'`,
			poolID).Scan(&held); err != nil {
			return fmt.Errorf("held squares of pool %d: %w", poolID, err)
		}
		league := p.Game.LeagueID
		rules = rules.WithDefaults(league)
		if err := squares.CheckRulesChange(squares.RulesChange{Pool: p.Pool, Rules: rules, Held: held}); err != nil {
			return err
		}
		before := p.Rules
		p.Rules, p.PayoutSchedule = rules, nil
		if err := commitRules(p.Pool, league); err != nil {
			return err
		}
		if err := writeRules(ctx, tx, p.Pool, league); err != nil {
			return err
		}
		if err := audit(ctx, tx, Change{Action: "pool.rules", TargetType: "pool", TargetID: poolID, PoolID: poolID,
			Before: before, After: rules, Record: &squares.RecordActionData{Action: "pool.rules", Rules: &p.Rules,
				DrawCommitment: p.DrawCommitment, NumberSets: squares.RecordCommitments(p.Pool)}}); err != nil {
			return err
		}
		tx.emit(squares.Event{Kind: squares.EventPool, PoolID: poolID, GameID: p.GameID})
		out, err = findPool(ctx, tx, poolID, 0)
		return err
	})
	return out, err
}

// writeRules stores a pool's rules, payout schedule and committed number sets.
func writeRules(ctx context.Context, tx *Tx, p *squares.Pool, leagueID int64) error {
	rules, err := rulesText(p, leagueID)
	if err != nil {
		return err
	}
	sets, err := numberSetsText(p.NumberSets)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE pools SET rules = $1, number_sets = $2, payout_schedule = $3,
		updated_at = $4 WHERE id = $5`, rules, sets, squares.FormatPayoutSchedule(p.PayoutSchedule), tx.now, p.ID); err != nil {
		return fmt.Errorf("rules of pool %d: %w", p.ID, err)
	}
	return nil
}
