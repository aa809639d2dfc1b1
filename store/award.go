package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"

	"github.com/squaresapp/squares"
)

// settlePool records every prize a started pool's rules award for its game so far (squares.Awards): the
// ended periods' winners and reverse winners, and once the game is final its score changes' and the
// final's, each a winner row keyed by its award (unique in the pool: an award already recorded is left
// alone) with, for a paid pool, the pool's fee taken once and the prize credited through the ledger, all in
// the caller's transaction. It returns the winners recorded now.
func settlePool(ctx context.Context, tx *Tx, p *squares.Pool, g *squares.Game) ([]squares.Winner, error) {
	rules := p.EffectiveRules()
	ends, changes, err := scorePool(ctx, tx, p, g)
	if err != nil || len(ends) == 0 {
		return nil, err
	}
	owners, taken, err := boardOwners(ctx, tx, p)
	if err != nil {
		return nil, err
	}
	awards, err := squares.Awards(squares.AwardInput{Rules: rules, LeagueID: g.LeagueID, PrizePool: p.PrizePool(),
		Taken: taken, NumberSets: p.NumberSets, Ends: ends, Changes: changes})
	if err != nil {
		return nil, fmt.Errorf("awards of pool %d: %w", p.ID, err)
	}
	var out []squares.Winner
	var settled []string
	grid := p.Grid()
	for _, a := range awards {
		o := owners[grid.Index(squares.Cell{Row: a.Row, Column: a.Column})]
		w := squares.AwardWinner(p, a, o.user)
		if o.user == 0 {
			w.GuestID = o.guest // a guest of a host-collected pool, whose host pays them
		}
		ok, err := recordWinner(ctx, tx, p, &w)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, w)
			if !slices.Contains(settled, w.PeriodCode) {
				settled = append(settled, w.PeriodCode)
			}
		}
	}
	for _, period := range settled {
		if err := checkpointRecord(ctx, tx, p.ID, "settled "+period); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// scorePool reads the game's ends and score changes as the pool's rules decide its prizes from them
// (squares.GameEnds, squares.ScoreChanges), and appends them to the pool's record as its score entry
// (recordScore: none when nothing changed since the last).
func scorePool(ctx context.Context, tx *Tx, p *squares.Pool, g *squares.Game) ([]squares.PeriodEnd, []squares.ScoreChange, error) {
	rules := p.EffectiveRules()
	var changes []squares.ScoreChange
	if rules.ReadsScoreChanges() {
		reports, err := gameReports(ctx, tx, g.ID)
		if err != nil {
			return nil, nil, err
		}
		changes = squares.ScoreChanges(reports, g.LeagueID)
	}
	ends := squares.GameEnds(g, rules, changes)
	return ends, changes, recordScore(ctx, tx, p.ID, g, ends, changes)
}

// recordWinner inserts a winner unless its award is recorded already (it reports false), then for a paid
// pool takes the pool's fee (once) and credits the prize, telling the winner.
func recordWinner(ctx context.Context, tx *Tx, p *squares.Pool, w *squares.Winner) (bool, error) {
	var user any
	if w.UserID != 0 {
		user = w.UserID
	}
	err := tx.QueryRowContext(ctx, `INSERT INTO winners (pool_id, period, home_score, away_score, row_idx, col_idx,
		user_id, amount_cents, status, created_at, guest_id, kind, award, period_code, label)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
		ON CONFLICT (pool_id, award) DO NOTHING RETURNING id`, w.PoolID, w.Period, w.HomeScore, w.AwayScore,
		w.Row, w.Column, user, int64(w.Amount), w.Status, tx.now, zeroNull(w.GuestID), w.Kind, w.Award,
		w.PeriodCode, w.Label).Scan(&w.ID)
	if err == sql.ErrNoRows {
		return false, nil
	} else if err != nil {
		return false, fmt.Errorf("record winner of pool %d %s: %w", p.ID, w.Award, err)
	}
	if fee, ok := squares.SettlementFeeTransaction(p); ok {
		fresh, err := insertLedger(ctx, tx, fee)
		if err != nil {
			return false, err
		}
		if fresh {
			if err := appendRecord(ctx, tx, p.ID, squares.RecordFee, squares.RecordFeeData{Amount: fee.Amount.String(),
				To: fee.Entries[len(fee.Entries)-1].Account}); err != nil {
				return false, err
			}
		}
	}
	if err := appendRecord(ctx, tx, p.ID, squares.RecordPrize, prizeData(p, w)); err != nil {
		return false, err
	}
	if prize, ok := squares.PrizeTransaction(*w); ok {
		if _, err := insertLedger(ctx, tx, prize); err != nil {
			return false, err
		}
	}
	if err := creditPrize(ctx, tx, p, *w); err != nil {
		return false, err
	}
	return true, pushWin(ctx, tx, p, *w)
}

// prizeData is the prize entry of a winner just recorded: its award, square, owner (as the draw names
// them: the house for a square of nobody's, a share of a board played unfilled) and amount.
func prizeData(p *squares.Pool, w *squares.Winner) squares.RecordPrizeData {
	owner := squares.HouseUserID
	switch {
	case w.UserID != 0:
		owner = userOwner(w.UserID)
	case w.GuestID != 0:
		owner = "guest-" + strconv.FormatInt(w.GuestID, 10)
	}
	return squares.RecordPrizeData{Award: w.Award, Kind: w.Kind, Period: w.PeriodCode, Row: w.Row, Column: w.Column,
		HomeScore: w.HomeScore, AwayScore: w.AwayScore, Owner: owner, Amount: w.Amount.String(), Status: w.Status}
}

// squareOwner is who holds a square of a board: a player, a guest, or neither (the house, or nobody).
type squareOwner struct {
	user, guest int64
}

// boardOwners reads the owned squares of a pool's board in its grid's row-major order: who owns each, and
// whether it is taken at all (the house's squares are taken; a board played unfilled has squares nobody
// took).
func boardOwners(ctx context.Context, tx *Tx, p *squares.Pool) ([]squareOwner, []bool, error) {
	grid := p.Grid()
	owners := make([]squareOwner, grid.Squares())
	taken := make([]bool, grid.Squares())
	rows, err := tx.QueryContext(ctx, `SELECT row_idx, col_idx, COALESCE(user_id, 0), COALESCE(guest_id, 0) FROM squares
		WHERE pool_id = $1 AND state = 'owned'`, p.ID)
	if err != nil {
		return nil, nil, fmt.Errorf("board of pool %d: %w", p.ID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var c squares.Cell
		var o squareOwner
		if err := rows.Scan(&c.Row, &c.Column, &o.user, &o.guest); err != nil {
			return nil, nil, fmt.Errorf("board of pool %d: %w", p.ID, err)
		}
		if !grid.Contains(c) {
			return nil, nil, fmt.Errorf("board of pool %d: square %d,%d is off its grid", p.ID, c.Row, c.Column)
		}
		i := grid.Index(c)
		owners[i], taken[i] = o, true
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("board of pool %d: %w", p.ID, err)
	}
	return owners, taken, nil
}

// gameReports returns the scores a game reported, in order: ESPN's scoring plays once read, the reports
// of its score updates otherwise.
func gameReports(ctx context.Context, tx *Tx, gameID int64) ([]squares.ReportedScore, error) {
	out, err := queryAll(ctx, tx, func(s scanner) (squares.ReportedScore, error) {
		var r squares.ReportedScore
		err := s.Scan(&r.Quarter, &r.Home, &r.Away)
		return r, err
	}, `SELECT quarter, home_score, away_score FROM game_scores WHERE game_id = $1 AND source = (
		SELECT COALESCE(MAX(source), 'report') FROM game_scores WHERE game_id = $1 AND source = 'play') ORDER BY id`, gameID)
	if err != nil {
		return nil, fmt.Errorf("scores of game %d: %w", gameID, err)
	}
	return out, nil
}

// reportScore appends a game's score as an update left it to the game's reported scores.
func reportScore(ctx context.Context, tx *Tx, g *squares.Game) error {
	if g.HomeScore == nil || g.AwayScore == nil {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO game_scores (game_id, source, quarter, home_score, away_score, created_at)
		VALUES ($1, 'report', $2, $3, $4, $5)`, g.ID, g.Quarter, *g.HomeScore, *g.AwayScore, tx.now); err != nil {
		return fmt.Errorf("report score of game %d: %w", g.ID, err)
	}
	return nil
}

// SetScoringPlays replaces a game's scoring plays (ESPN's, in order) with plays: once a game has them,
// its score changes are read from them rather than from its score updates (gameReports).
func (db *DB) SetScoringPlays(ctx context.Context, gameID int64, plays []squares.ReportedScore) error {
	return db.update(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM game_scores WHERE game_id = $1 AND source = 'play'`, gameID); err != nil {
			return fmt.Errorf("scoring plays of game %d: %w", gameID, err)
		}
		for _, p := range plays {
			if _, err := tx.ExecContext(ctx, `INSERT INTO game_scores (game_id, source, quarter, home_score, away_score,
				created_at) VALUES ($1, 'play', $2, $3, $4, $5)`, gameID, p.Quarter, p.Home, p.Away, tx.now); err != nil {
				return fmt.Errorf("scoring plays of game %d: %w", gameID, err)
			}
		}
		return nil
	})
}

// ScoringPlaysWanted reports whether a game has a pool still to be paid whose rules need every change of
// the score: every-score prizes, or the end of regulation (Q4) apart from the final.
func (db *DB) ScoringPlaysWanted(ctx context.Context, gameID int64) (bool, error) {
	var out bool
	err := db.view(ctx, func(tx *Tx) error {
		pools, err := listPools(ctx, tx, squares.PoolFilter{GameID: gameID})
		if err != nil {
			return err
		}
		for _, p := range pools {
			if p.Status != squares.PoolCancelled && p.Status != squares.PoolCompleted && p.EffectiveRules().ReadsScoreChanges() {
				out = true
			}
		}
		return nil
	})
	return out, err
}
