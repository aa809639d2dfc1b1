// A port of the root award.go (Awards and the helpers it reads: grid.go, rules_period.go, number_set.go,
// money.go's Percent), so that the browser decides a pool's prizes from its record exactly as the server
// does, without asking it. Money is integer cents; the doc comments are award.go's.

import type { Cell, PayoutShare, PeriodEnd, Rules, ScoreChange } from '@/lib/api.gen'
import { LEAGUE_NCAAB } from '@/lib/periods'

/** Kinds of a pool's prizes: a paying period's winner, its reverse winner, and a score change's winner. */
export const AWARD_PERIOD = 'period'
export const AWARD_REVERSE = 'reverse'
export const AWARD_SCORE = 'score'
export type AwardKind = typeof AWARD_PERIOD | typeof AWARD_REVERSE | typeof AWARD_SCORE

export const PERIOD_FINAL = 'FINAL'

/** The error codes Awards fails with (squares.EINVALID, EUNPROCESSABLE, EINTERNAL). */
export type AwardErrorCode = 'invalid' | 'unprocessable' | 'internal'

/** Why prizes cannot be decided from what they were given. */
export class AwardError extends Error {
  constructor(
    readonly code: AwardErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'AwardError'
  }
}

/** Award is one prize of a pool decided by its rules: an amount paid to one square for one reason. */
export interface Award {
  /** Kind is AWARD_PERIOD, AWARD_REVERSE or AWARD_SCORE. */
  kind: AwardKind
  /** Period is the paying period whose prize (or, for a score change, whose numbers) decided the award. */
  period: string
  /**
   * PeriodLabel names it as the winners list does: the paying period's label (PayingPeriodLabel), or for a
   * score change the period in play (InPlayLabel).
   */
  periodLabel: string
  /**
   * InPlay and Change, for a score change's award, are the period in play and the change's number (1 for
   * the game's first change); empty and 0 otherwise.
   */
  inPlay: string
  change: number
  /**
   * Shared marks a share of the final's prize paid to every taken square because the final's winning
   * square is empty (a board played unfilled).
   */
  shared: boolean
  row: number
  column: number
  homeScore: number
  awayScore: number
  /** Cents. */
  amount: number
}

/**
 * Key names the award uniquely among a pool's awards, the same each time they are decided, so that
 * settlement pays each exactly once (its ledger transaction's key): "period:Q1", "reverse:FINAL",
 * "score:7" (the game's 7th score change), "period:FINAL:2,3" for a share of the final.
 */
export function awardKey(a: Pick<Award, 'kind' | 'period' | 'change' | 'shared' | 'row' | 'column'>): string {
  if (a.kind === AWARD_SCORE) return `${a.kind}:${a.change}`
  if (a.shared) return `${a.kind}:${a.period}:${a.row},${a.column}`
  return `${a.kind}:${a.period}`
}

/** A drawn number set as Awards reads it: its period ("" for every period) and both permutations of 0-9. */
export interface AwardNumberSet {
  period: string
  homeNumbers: readonly number[]
  awayNumbers: readonly number[]
}

/** AwardInput is everything a pool's prizes are decided from. */
export interface AwardInput {
  /** Rules are the pool's rules, checked (CheckRules) with their defaults filled in. */
  rules: Rules
  leagueId: number
  /** PrizePool is what the winners share: the pot (entry fee x squares taken) less any fee, in cents. */
  prizePool: number
  /**
   * Taken marks, in row-major order of the rules' grid, the squares someone holds in the final ownership
   * (the house's included); a board played unfilled has squares nobody took.
   */
  taken: readonly boolean[]
  /** NumberSets are the pool's drawn numbers: one set for every period, or one per paying period. */
  numberSets: readonly AwardNumberSet[]
  /**
   * Ends are the end scores of the paying periods that have ended (PeriodEndsOf), FINAL once the game is
   * final.
   */
  ends: readonly PeriodEnd[]
  /** Changes are the game's score changes (ScoreChanges), read once the game is final. */
  changes: readonly ScoreChange[]
}

/** Percent returns floor(c * pct / 100) for a whole-number percentage (squares.Cents.Percent). */
export function percentOf(cents: number, pct: number): number {
  return Math.trunc((cents * pct) / 100)
}

/**
 * Grid is the geometry of a pool's board: its rows (the away team's digits) and columns (the home team's).
 * A 100-square grid has one digit a row and a column; a 50-square grid's 5 columns hold two home digits
 * each; a 25-square grid's 5 rows and 5 columns hold two digits each.
 */
export interface Grid {
  rows: number
  columns: number
}

/**
 * GridOf returns the geometry of a grid of the given number of squares: 100 (10 x 10), 50 (10 rows x 5
 * columns) or 25 (5 x 5).
 */
export function gridOf(squares: number): Grid {
  switch (squares) {
    case 100:
      return { rows: 10, columns: 10 }
    case 50:
      return { rows: 10, columns: 5 }
    case 25:
      return { rows: 5, columns: 5 }
  }
  throw new AwardError('invalid', 'Grid must be 100, 50 or 25 squares.')
}

/** Index is a cell's place in row-major order (row 0 column 0 first), as ownership texts list squares. */
export function cellIndex(g: Grid, c: Cell): number {
  return c.row * g.columns + c.column
}

/** CellAt is the cell at a place in row-major order. */
export function cellAt(g: Grid, i: number): Cell {
  return { row: Math.floor(i / g.columns), column: i % g.columns }
}

/** Contains reports whether a cell is on the grid. */
export function gridContains(g: Grid, c: Cell): boolean {
  return Number.isInteger(c.row) && Number.isInteger(c.column) && c.row >= 0 && c.row < g.rows && c.column >= 0 && c.column < g.columns
}

function isPermutation(numbers: readonly number[]): boolean {
  if (numbers.length !== 10) return false
  const seen = new Set(numbers)
  return seen.size === 10 && numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 9)
}

/** axisOf is the row (or column) of n that holds a digit of a drawn permutation of 0-9, or -1. */
function axisOf(numbers: readonly number[], n: number, digit: number): number {
  const i = numbers.indexOf(digit)
  return i < 0 ? -1 : Math.floor(i / (10 / n))
}

/**
 * WinningSquare is the square that wins a score: the row holding the last digit of the away score and the
 * column holding the home score's. The numbers must be two drawn permutations of 0-9.
 */
export function winningSquare(g: Grid, homeNumbers: readonly number[], awayNumbers: readonly number[], homeScore: number, awayScore: number): Cell {
  if (!isPermutation(homeNumbers) || !isPermutation(awayNumbers)) {
    throw new AwardError('internal', `The numbers ${homeNumbers.join(' ')} and ${awayNumbers.join(' ')} are not two permutations of 0-9.`)
  }
  if (homeScore < 0 || awayScore < 0) throw new AwardError('invalid', 'Scores cannot be negative.')
  if (g.rows <= 0 || g.columns <= 0 || 10 % g.rows !== 0 || 10 % g.columns !== 0) {
    throw new AwardError('internal', `A grid of ${g.rows} rows and ${g.columns} columns cannot hold the digits.`)
  }
  return { row: axisOf(awayNumbers, g.rows, awayScore % 10), column: axisOf(homeNumbers, g.columns, homeScore % 10) }
}

/**
 * ReverseSquare is the reverse winner of a score: the square whose row holds the last digit of the home
 * score and whose column the away score's, the winning square of the score turned around.
 */
export function reverseSquare(g: Grid, homeNumbers: readonly number[], awayNumbers: readonly number[], homeScore: number, awayScore: number): Cell {
  return winningSquare(g, homeNumbers, awayNumbers, awayScore, homeScore)
}

/**
 * HalvesLeague reports whether a league's games are paid over halves (college basketball) rather than
 * quarters.
 */
export function halvesLeague(leagueId: number): boolean {
  return leagueId === LEAGUE_NCAAB
}

/**
 * PayingPeriods lists a league's paying periods in order: Q1, Q2, Q3, Q4 and FINAL, or H1 and FINAL in
 * college basketball.
 */
export function payingPeriods(leagueId: number): string[] {
  return halvesLeague(leagueId) ? ['H1', PERIOD_FINAL] : ['Q1', 'Q2', 'Q3', 'Q4', PERIOD_FINAL]
}

/**
 * periodOrdinal places a paying period or a period in play on one time line, in quarters: a paying period
 * at the quarter it ends with (H1 with Q2, FINAL after Q4 with overtime), a period in play at the quarter
 * it ends with (H2 with Q4). Unknown codes come last.
 */
export function periodOrdinal(code: string): number {
  switch (code) {
    case 'Q1':
      return 1
    case 'Q2':
    case 'H1':
      return 2
    case 'Q3':
      return 3
    case 'Q4':
    case 'H2':
      return 4
    case PERIOD_FINAL:
    case 'OT':
      return 5
  }
  return 99
}

/**
 * PayingPeriodLabel names a paying period as players read it: Q1, Q2, Q3, Q4 and Final, or 1st Half and
 * Final in college basketball.
 */
export function payingPeriodLabel(period: string): string {
  if (period === PERIOD_FINAL) return 'Final'
  if (period === 'H1') return '1st Half'
  return period
}

/**
 * InPlayLabel names the period in play of a score change as the winners list it: Q1 to Q4, 1st Half, and
 * Final for overtime and for college basketball's second half, which the final pays for.
 */
export function inPlayLabel(inPlay: string): string {
  if (inPlay === 'H1') return '1st Half'
  if (inPlay === 'H2' || inPlay === 'OT') return 'Final'
  return inPlay
}

/**
 * DecidingPeriod is the paying period of the rules whose numbers decide a score change made while inPlay
 * was in play: the first paying period that ends with it or after it (overtime counts with FINAL, and a
 * period that pays nothing with the next one that does). Rules always pay FINAL, so there is one.
 */
export function decidingPeriod(rules: Pick<Rules, 'payouts'>, inPlay: string): string {
  const at = periodOrdinal(inPlay)
  let best = PERIOD_FINAL
  let bestAt = periodOrdinal(PERIOD_FINAL)
  for (const p of rules.payouts) {
    const o = periodOrdinal(p.period)
    if (o >= at && o < bestAt) {
      best = p.period
      bestAt = o
    }
  }
  return best
}

/** The rules' payouts in period order (a stable sort, as rules.go's orderedPayouts). */
function orderedPayouts(payouts: readonly PayoutShare[]): PayoutShare[] {
  return payouts.map((p, i) => ({ p, i })).sort((a, b) => periodOrdinal(a.p.period) - periodOrdinal(b.p.period) || a.i - b.i).map((x) => x.p)
}

/** NumberSetFor is the set that decides a paying period: its own, or the one set for every period. */
export function numberSetFor(sets: readonly AwardNumberSet[], period: string): AwardNumberSet | undefined {
  return sets.find((s) => s.period === period || s.period === '')
}

/**
 * Awards decides the prizes of a pool's game so far: those of its paying periods that have ended, in period
 * order, stopping at the first that has not, and once the final has ended the score changes' and the
 * final's, so that the awards of a final game add up to the prize pool exactly.
 *
 *   - Each paying period's prize is floor(prize pool x percent / 100), the every-score share floor(prize
 *     pool x everyScorePercent / 100); every remainder goes to the final's winner.
 *   - A period's reverse share is floor(period prize x reversePercent / 100), paid to the reverse square;
 *     the winning square gets the rest. One square both winner and reverse winner gets the whole prize.
 *   - The every-score share is split equally among the score changes, each paid to the square the new
 *     score wins with the numbers of the paying period deciding its period in play (overtime with FINAL);
 *     the rounding remainder, and the whole share when the game had no score change (0-0), go to the
 *     final's winner.
 *   - A board played unfilled: an empty winning (or reverse) square passes its prize to the next paying
 *     period's, an empty score-change square its share to the final's winner; if the final's winning square
 *     is empty, its prize with all that passed to it is shared equally by the taken squares, the remainder
 *     one cent each in row, then column order.
 *
 * It throws an AwardError when the input cannot decide them.
 */
export function awards(input: AwardInput): Award[] {
  const r = input.rules
  const g = gridOf(r.grid)
  if (input.taken.length !== g.rows * g.columns) {
    throw new AwardError('internal', `The ownership lists ${input.taken.length} squares; the grid has ${g.rows * g.columns}.`)
  }
  if (input.prizePool < 0) throw new AwardError('internal', 'The prize pool cannot be negative.')
  const ends = new Map<string, PeriodEnd>()
  for (const e of input.ends) {
    if (!payingPeriods(input.leagueId).includes(e.period)) throw new AwardError('internal', `"${e.period}" is not a paying period of this game.`)
    ends.set(e.period, e)
  }
  const d = new Decider(g, input.taken, input.numberSets)
  const every = percentOf(input.prizePool, r.everyScorePercent)
  let remainder = input.prizePool - every
  for (const p of r.payouts) remainder -= percentOf(input.prizePool, p.percent)
  const out: Award[] = []
  let carry = 0
  for (const p of orderedPayouts(r.payouts)) {
    const end = ends.get(p.period)
    if (!end) break
    const prize = percentOf(input.prizePool, p.percent) + carry
    carry = 0
    const final = p.period === PERIOD_FINAL
    const base: Award = {
      kind: AWARD_PERIOD,
      period: p.period,
      periodLabel: payingPeriodLabel(p.period),
      inPlay: '',
      change: 0,
      shared: false,
      row: 0,
      column: 0,
      homeScore: end.homeScore,
      awayScore: end.awayScore,
      amount: 0,
    }
    const winCell = d.square(p.period, end.homeScore, end.awayScore, false)
    let win = prize
    if (r.reversePercent > 0) {
      const rev = percentOf(prize, r.reversePercent)
      const revCell = d.square(p.period, end.homeScore, end.awayScore, true)
      if (revCell.row === winCell.row && revCell.column === winCell.column) {
        // The whole prize to the one square.
      } else if (d.isTaken(revCell)) {
        win -= rev
        out.push(at(base, AWARD_REVERSE, revCell, rev))
      } else if (!final) {
        win -= rev
        carry += rev
      }
    }
    if (!final) {
      if (d.isTaken(winCell)) out.push(at(base, AWARD_PERIOD, winCell, win))
      else carry += win
      continue
    }
    const { awards: scores, left } = d.everyScore(r, input.changes, end, every)
    out.push(...scores)
    win += remainder + left
    if (d.isTaken(winCell)) {
      out.push(at(base, AWARD_PERIOD, winCell, win))
      return out
    }
    out.push(...d.share(base, win))
    return out
  }
  return out
}

/** at is the award a with its kind, square and amount. */
function at(a: Award, kind: AwardKind, c: Cell, amount: number): Award {
  return { ...a, kind, row: c.row, column: c.column, amount }
}

/** decider finds a pool's winning squares. */
class Decider {
  constructor(
    readonly grid: Grid,
    readonly taken: readonly boolean[],
    readonly sets: readonly AwardNumberSet[],
  ) {}

  isTaken(c: Cell): boolean {
    return gridContains(this.grid, c) && this.taken[cellIndex(this.grid, c)]
  }

  /** square is the square that wins (or, reverse, wins in reverse) a score with the numbers of a paying period. */
  square(period: string, home: number, away: number, reverse: boolean): Cell {
    const set = numberSetFor(this.sets, period)
    if (!set) throw new AwardError('internal', `The pool has no numbers drawn for ${period}.`)
    return reverse ? reverseSquare(this.grid, set.homeNumbers, set.awayNumbers, home, away) : winningSquare(this.grid, set.homeNumbers, set.awayNumbers, home, away)
  }

  /**
   * everyScore splits the every-score share among the game's score changes, which must end at the final
   * score (no change at all for a game ending 0-0). It returns their awards and what is left for the final's
   * winner: the rounding remainder, the shares of empty squares, or the whole share without a change.
   */
  everyScore(r: Rules, changes: readonly ScoreChange[], final: PeriodEnd, every: number): { awards: Award[]; left: number } {
    if (r.everyScorePercent === 0) return { awards: [], left: every }
    const last = changes.length > 0 ? changes[changes.length - 1] : { inPlay: '', homeScore: 0, awayScore: 0 }
    if (last.homeScore !== final.homeScore || last.awayScore !== final.awayScore) {
      throw new AwardError(
        'unprocessable',
        `The game's score changes end at ${last.homeScore}-${last.awayScore}, its final score is ${final.homeScore}-${final.awayScore}: every score cannot be paid until they agree.`,
      )
    }
    if (changes.length === 0) return { awards: [], left: every }
    const share = Math.trunc(every / changes.length)
    let left = every - share * changes.length
    const out: Award[] = []
    changes.forEach((c, i) => {
      if (periodOrdinal(c.inPlay) > periodOrdinal(PERIOD_FINAL)) throw new AwardError('internal', `Score change ${i + 1} names the period "${c.inPlay}".`)
      const period = decidingPeriod(r, c.inPlay)
      const cell = this.square(period, c.homeScore, c.awayScore, false)
      if (!this.isTaken(cell)) {
        left += share
        return
      }
      out.push({
        kind: AWARD_SCORE,
        period,
        periodLabel: inPlayLabel(c.inPlay),
        inPlay: c.inPlay,
        change: i + 1,
        shared: false,
        row: cell.row,
        column: cell.column,
        homeScore: c.homeScore,
        awayScore: c.awayScore,
        amount: share,
      })
    })
    return { awards: out, left }
  }

  /**
   * share splits the final's prize equally among the taken squares, the remainder one cent each to the first
   * squares in row, then column order.
   */
  share(final: Award, amount: number): Award[] {
    const cells: Cell[] = []
    this.taken.forEach((t, i) => {
      if (t) cells.push(cellAt(this.grid, i))
    })
    if (cells.length === 0) {
      if (amount > 0) throw new AwardError('internal', `Nobody holds a square of this board; its prize of $${(amount / 100).toFixed(2)} cannot be paid.`)
      return []
    }
    const each = Math.trunc(amount / cells.length)
    const rest = amount % cells.length
    return cells.map((c, i) => ({ ...at(final, AWARD_PERIOD, c, i < rest ? each + 1 : each), shared: true }))
  }
}
