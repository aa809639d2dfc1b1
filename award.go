package squares

import "fmt"

// Kinds of a pool's prizes: a paying period's winner, its reverse winner, and a score change's winner.
const (
	AwardPeriod  = "period"
	AwardReverse = "reverse"
	AwardScore   = "score"
)

// Award is one prize of a pool decided by its rules: an amount paid to one square for one reason.
type Award struct {
	// Kind is AwardPeriod, AwardReverse or AwardScore.
	Kind string
	// Period is the paying period whose prize (or, for a score change, whose numbers) decided the award.
	Period string
	// PeriodLabel names it as the winners list does: the paying period's label (PayingPeriodLabel), or for a
	// score change the period in play (InPlayLabel).
	PeriodLabel string
	// InPlay and Change, for a score change's award, are the period in play and the change's number (1 for
	// the game's first change); empty and 0 otherwise.
	InPlay string
	Change int
	// Shared marks a share of the final's prize paid to every taken square because the final's winning
	// square is empty (a board played unfilled).
	Shared               bool
	Row, Column          int
	HomeScore, AwayScore int
	Amount               Cents
}

// Key names the award uniquely among a pool's awards, the same each time they are decided, so that
// settlement pays each exactly once (its ledger transaction's key): "period:Q1", "reverse:FINAL",
// "score:7" (the game's 7th score change), "period:FINAL:2,3" for a share of the final.
func (a Award) Key() string {
	switch {
	case a.Kind == AwardScore:
		return fmt.Sprintf("%s:%d", a.Kind, a.Change)
	case a.Shared:
		return fmt.Sprintf("%s:%s:%d,%d", a.Kind, a.Period, a.Row, a.Column)
	}
	return a.Kind + ":" + a.Period
}

// AwardInput is everything a pool's prizes are decided from.
type AwardInput struct {
	// Rules are the pool's rules, checked (CheckRules) with their defaults filled in.
	Rules    Rules
	LeagueID int64
	// PrizePool is what the winners share: the pot (entry fee x squares taken) less any fee.
	PrizePool Cents
	// Taken marks, in row-major order of the rules' grid, the squares someone holds in the final ownership
	// (the house's included); a board played unfilled has squares nobody took.
	Taken []bool
	// NumberSets are the pool's drawn numbers: one set for every period, or one per paying period.
	NumberSets []NumberSet
	// Ends are the end scores of the paying periods that have ended (PeriodEndsOf), FINAL once the game is
	// final.
	Ends []PeriodEnd
	// Changes are the game's score changes (ScoreChanges), read once the game is final.
	Changes []ScoreChange
}

// Awards decides the prizes of a pool's game so far: those of its paying periods that have ended, in period
// order, stopping at the first that has not, and once the final has ended the score changes' and the
// final's, so that the awards of a final game add up to the prize pool exactly.
//
//   - Each paying period's prize is floor(prize pool x percent / 100), the every-score share floor(prize
//     pool x everyScorePercent / 100); every remainder goes to the final's winner.
//   - A period's reverse share is floor(period prize x reversePercent / 100), paid to the reverse square;
//     the winning square gets the rest. One square both winner and reverse winner gets the whole prize.
//   - The every-score share is split equally among the score changes, each paid to the square the new
//     score wins with the numbers of the paying period deciding its period in play (overtime with FINAL);
//     the rounding remainder, and the whole share when the game had no score change (0-0), go to the
//     final's winner.
//   - A board played unfilled: an empty winning (or reverse) square passes its prize to the next paying
//     period's, an empty score-change square its share to the final's winner; if the final's winning square
//     is empty, its prize with all that passed to it is shared equally by the taken squares, the remainder
//     one cent each in row, then column order.
func Awards(in AwardInput) ([]Award, error) {
	r := in.Rules
	g, err := GridOf(r.Grid)
	if err != nil {
		return nil, err
	}
	if len(in.Taken) != g.Squares() {
		return nil, Errorf(EINTERNAL, "The ownership lists %d squares; the grid has %d.", len(in.Taken), g.Squares())
	}
	if in.PrizePool < 0 {
		return nil, Errorf(EINTERNAL, "The prize pool cannot be negative.")
	}
	ends := map[string]PeriodEnd{}
	for _, e := range in.Ends {
		if !PayingPeriod(e.Period, in.LeagueID) {
			return nil, Errorf(EINTERNAL, "%q is not a paying period of this game.", e.Period)
		}
		ends[e.Period] = e
	}
	d := decider{grid: g, taken: in.Taken, sets: in.NumberSets}
	every := in.PrizePool.Percent(int64(r.EveryScorePercent))
	remainder := in.PrizePool - every
	for _, p := range r.Payouts {
		remainder -= in.PrizePool.Percent(int64(p.Percent))
	}
	var out []Award
	var carry Cents
	for _, p := range r.orderedPayouts() {
		end, ok := ends[p.Period]
		if !ok {
			break
		}
		prize := in.PrizePool.Percent(int64(p.Percent)) + carry
		carry = 0
		final := p.Period == PeriodFinal
		base := Award{Kind: AwardPeriod, Period: p.Period, PeriodLabel: PayingPeriodLabel(p.Period, in.LeagueID),
			HomeScore: end.Home, AwayScore: end.Away}
		winCell, err := d.square(p.Period, end.Home, end.Away, false)
		if err != nil {
			return nil, err
		}
		win := prize
		if r.ReversePercent > 0 {
			rev := prize.Percent(int64(r.ReversePercent))
			revCell, err := d.square(p.Period, end.Home, end.Away, true)
			if err != nil {
				return nil, err
			}
			switch {
			case revCell == winCell:
			case d.isTaken(revCell):
				win -= rev
				out = append(out, base.at(AwardReverse, revCell, rev))
			case !final:
				win -= rev
				carry += rev
			}
		}
		if !final {
			if d.isTaken(winCell) {
				out = append(out, base.at(AwardPeriod, winCell, win))
			} else {
				carry += win
			}
			continue
		}
		scores, left, err := d.everyScore(r, in.Changes, end, every)
		if err != nil {
			return nil, err
		}
		out = append(out, scores...)
		win += remainder + left
		if d.isTaken(winCell) {
			return append(out, base.at(AwardPeriod, winCell, win)), nil
		}
		shared, err := d.share(base, win)
		return append(out, shared...), err
	}
	return out, nil
}

// at is the award a with its kind, square and amount.
func (a Award) at(kind string, c Cell, amount Cents) Award {
	a.Kind, a.Row, a.Column, a.Amount = kind, c.Row, c.Column, amount
	return a
}

// decider finds a pool's winning squares.
type decider struct {
	grid  Grid
	taken []bool
	sets  []NumberSet
}

func (d decider) isTaken(c Cell) bool { return d.grid.Contains(c) && d.taken[d.grid.Index(c)] }

// square is the square that wins (or, reverse, wins in reverse) a score with the numbers of a paying period.
func (d decider) square(period string, home, away int, reverse bool) (Cell, error) {
	set, ok := NumberSetFor(d.sets, period)
	if !ok {
		return Cell{}, Errorf(EINTERNAL, "The pool has no numbers drawn for %s.", period)
	}
	if reverse {
		return d.grid.ReverseSquare(set.HomeNumbers, set.AwayNumbers, home, away)
	}
	return d.grid.WinningSquare(set.HomeNumbers, set.AwayNumbers, home, away)
}

// everyScore splits the every-score share among the game's score changes, which must end at the final
// score (no change at all for a game ending 0-0). It returns their awards and what is left for the final's
// winner: the rounding remainder, the shares of empty squares, or the whole share without a change.
func (d decider) everyScore(r Rules, changes []ScoreChange, final PeriodEnd, every Cents) ([]Award, Cents, error) {
	if r.EveryScorePercent == 0 {
		return nil, every, nil
	}
	last := ScoreChange{}
	if n := len(changes); n > 0 {
		last = changes[n-1]
	}
	if last.Home != final.Home || last.Away != final.Away {
		return nil, 0, Errorf(EUNPROCESSABLE, "The game's score changes end at %d-%d, its final score is %d-%d: "+
			"every score cannot be paid until they agree.", last.Home, last.Away, final.Home, final.Away)
	}
	if len(changes) == 0 {
		return nil, every, nil
	}
	share := every / Cents(len(changes))
	left := every - share*Cents(len(changes))
	var out []Award
	for i, c := range changes {
		if periodOrdinal(c.InPlay) > periodOrdinal(PeriodFinal) {
			return nil, 0, Errorf(EINTERNAL, "Score change %d names the period %q.", i+1, c.InPlay)
		}
		period := r.DecidingPeriod(c.InPlay)
		cell, err := d.square(period, c.Home, c.Away, false)
		if err != nil {
			return nil, 0, err
		}
		if !d.isTaken(cell) {
			left += share
			continue
		}
		out = append(out, Award{Kind: AwardScore, Period: period, PeriodLabel: InPlayLabel(c.InPlay), InPlay: c.InPlay,
			Change: i + 1, Row: cell.Row, Column: cell.Column, HomeScore: c.Home, AwayScore: c.Away, Amount: share})
	}
	return out, left, nil
}

// share splits the final's prize equally among the taken squares, the remainder one cent each to the first
// squares in row, then column order.
func (d decider) share(final Award, amount Cents) ([]Award, error) {
	var cells []Cell
	for i, t := range d.taken {
		if t {
			cells = append(cells, d.grid.CellAt(i))
		}
	}
	if len(cells) == 0 {
		if amount > 0 {
			return nil, Errorf(EINTERNAL, "Nobody holds a square of this board; its prize of $%s cannot be paid.", amount)
		}
		return nil, nil
	}
	each, rest := amount/Cents(len(cells)), amount%Cents(len(cells))
	out := make([]Award, len(cells))
	for i, c := range cells {
		a := each
		if Cents(i) < rest {
			a++
		}
		out[i] = final.at(AwardPeriod, c, a)
		out[i].Shared = true
	}
	return out, nil
}
