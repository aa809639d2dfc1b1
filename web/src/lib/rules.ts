// A pool's rules (issue 22) as the browser reads them: the server decides every prize (rules.go, award.go);
// these pure functions mirror its checks and its arithmetic so that a form can say what a pool will pay
// before it exists, and a page can name the rules of a pool the server sent. The server still enforces.

import { LEAGUE_NCAAB } from './periods'
import type { NumberSet, PayoutShare, Pool, Rules } from './api.gen'

export type { NumberSet, PayoutShare, Rules }

/** The grid sizes a pool may have (squares.Grid100, Grid50, Grid25). */
export const GRID_SIZES = [100, 50, 25] as const
export type GridSize = (typeof GRID_SIZES)[number]

export const MAX_REVERSE_PERCENT = 50
export const MAX_EVERY_SCORE_PERCENT = 100

/** A board's geometry: rows hold the away team's digits, columns the home team's. */
export interface GridShape {
  rows: number
  columns: number
}

/** 10 x 10, 10 rows x 5 columns (50), 5 x 5 (25); anything else is today's 10 x 10. */
export function gridShape(grid: number | null | undefined): GridShape {
  if (grid === 50) return { rows: 10, columns: 5 }
  if (grid === 25) return { rows: 5, columns: 5 }
  return { rows: 10, columns: 10 }
}

/** A pool's board: its own rows and columns when the server sends them, else its rules' grid, else 10 x 10. */
export function poolGrid(pool: Partial<Pick<Pool, 'rows' | 'columns' | 'rules'>>): GridShape {
  const ok = (n: number | undefined) => n === 5 || n === 10
  if (ok(pool.rows) && ok(pool.columns)) return { rows: pool.rows, columns: pool.columns }
  return gridShape(pool.rules?.grid)
}

/**
 * The digits one of n rows (or columns) holds of a drawn permutation of 0-9: numbers[i] on 10,
 * numbers[2i] and numbers[2i+1] on 5 (squares.Grid RowDigits and ColumnDigits).
 */
export function axisDigits(numbers: readonly number[], n: number, i: number): number[] {
  const per = 10 / n
  return numbers.slice(i * per, (i + 1) * per)
}

/** The row (or column) of n that holds a digit of a drawn permutation of 0-9, or -1. */
export function axisOf(numbers: readonly number[], n: number, digit: number): number {
  const i = numbers.indexOf(digit)
  return i < 0 ? -1 : Math.floor(i / (10 / n))
}

/** "7", or "7 or 3" for a row or column holding two digits. */
export function digitsText(digits: readonly number[]): string {
  return digits.join(' or ')
}

/** Whether a league's games pay halves (college basketball): H1 and FINAL. */
export function halvesLeague(leagueId: number | null | undefined): boolean {
  return leagueId === LEAGUE_NCAAB
}

/** A league's paying periods in order: Q1, Q2, Q3, Q4, FINAL, or H1 and FINAL in college basketball. */
export function payingPeriods(leagueId: number | null | undefined): string[] {
  return halvesLeague(leagueId) ? ['H1', 'FINAL'] : ['Q1', 'Q2', 'Q3', 'Q4', 'FINAL']
}

/** A paying period as players read it: Q1-Q4 and Final, or 1st Half and Final (periodLabel). */
export function payingPeriodLabel(period: string): string {
  if (period === 'FINAL') return 'Final'
  if (period === 'H1') return '1st Half'
  return period
}

const ORDER: Record<string, number> = { Q1: 1, Q2: 2, H1: 2, Q3: 3, Q4: 4, FINAL: 5 }

/** Payouts in period order (squares.Rules orderedPayouts). */
export function orderedPayouts(payouts: readonly PayoutShare[]): PayoutShare[] {
  return [...payouts].sort((a, b) => (ORDER[a.period] ?? 99) - (ORDER[b.period] ?? 99))
}

/** Today's rules for a league's pools (squares.DefaultRules). */
export function defaultRules(leagueId: number | null | undefined): Rules {
  return {
    grid: 100,
    numbers: 'once',
    payouts: halvesLeague(leagueId)
      ? [
          { period: 'H1', percent: 50 },
          { period: 'FINAL', percent: 50 },
        ]
      : [
          { period: 'Q1', percent: 25 },
          { period: 'Q2', percent: 25 },
          { period: 'Q3', percent: 25 },
          { period: 'FINAL', percent: 25 },
        ],
    reversePercent: 0,
    everyScorePercent: 0,
    unfilled: 'cancel',
  }
}

/**
 * The presets offered by name (squares.RulesPresets), for when GET /api/rules/presets cannot be read: the
 * server's answer wins.
 */
export function builtInPresets(leagueId: number | null | undefined): { name: string; rules: Rules }[] {
  const std = defaultRules(leagueId)
  const halves = halvesLeague(leagueId)
  const heavy: Rules = {
    ...std,
    payouts: halves
      ? [
          { period: 'H1', percent: 40 },
          { period: 'FINAL', percent: 60 },
        ]
      : [
          { period: 'Q1', percent: 20 },
          { period: 'Q2', percent: 30 },
          { period: 'Q3', percent: 20 },
          { period: 'FINAL', percent: 30 },
        ],
  }
  const every: Rules = {
    ...std,
    everyScorePercent: 50,
    payouts: halves
      ? [
          { period: 'H1', percent: 20 },
          { period: 'FINAL', percent: 30 },
        ]
      : [
          { period: 'Q1', percent: 10 },
          { period: 'Q2', percent: 15 },
          { period: 'Q3', percent: 10 },
          { period: 'FINAL', percent: 15 },
        ],
  }
  return [
    { name: 'Standard', rules: std },
    { name: '20/30/20/30', rules: heavy },
    { name: 'Every score', rules: every },
    { name: 'Reverse', rules: { ...std, reversePercent: 20 } },
  ]
}

/**
 * A pool's rules: the server's, or for a server older than rules, today's rules for its payout schedule
 * (squares.RulesFromSchedule).
 */
export function poolRules(pool: Partial<Pick<Pool, 'rules' | 'payoutSchedule'>> & { game?: { leagueId: number } | null }): Rules {
  if (pool.rules) return { ...pool.rules, payouts: orderedPayouts(pool.rules.payouts ?? []) }
  const r = defaultRules(pool.game?.leagueId)
  const s = pool.payoutSchedule
  if (s && s.length === r.payouts.length) r.payouts = r.payouts.map((p, i) => ({ ...p, percent: s[i] }))
  return r
}

/** Whether two rules are the same (payouts compared in period order). */
export function sameRules(a: Rules, b: Rules): boolean {
  const pa = orderedPayouts(a.payouts).filter((p) => p.percent > 0 || p.period === 'FINAL')
  const pb = orderedPayouts(b.payouts).filter((p) => p.percent > 0 || p.period === 'FINAL')
  return (
    a.grid === b.grid &&
    a.numbers === b.numbers &&
    a.reversePercent === b.reversePercent &&
    a.everyScorePercent === b.everyScorePercent &&
    a.unfilled === b.unfilled &&
    pa.length === pb.length &&
    pa.every((p, i) => p.period === pb[i].period && p.percent === pb[i].percent)
  )
}

/** One paying period's share of a prize pool (squares.PeriodShare). */
export interface PeriodShare {
  period: string
  label: string
  percent: number
  /** Cents: floor(prize pool x percent / 100); the final's with the remainder of the periods' floors. */
  amount: number
}

/**
 * Splits a prize pool (cents) over the rules' paying periods as the server does (squares.Rules
 * PeriodShares): each period floor(prize x percent / 100), the every-score share floor(prize x
 * everyScorePercent / 100), what rounding leaves to the final.
 */
export function periodShares(prizeCents: number, rules: Pick<Rules, 'payouts' | 'everyScorePercent'>): { periods: PeriodShare[]; everyScore: number } {
  const pct = (p: number) => Math.floor((prizeCents * p) / 100)
  const everyScore = pct(rules.everyScorePercent)
  let left = prizeCents - everyScore
  const periods = orderedPayouts(rules.payouts).map((p) => {
    const amount = pct(p.percent)
    left -= amount
    return { period: p.period, label: payingPeriodLabel(p.period), percent: p.percent, amount }
  })
  const final = periods.find((p) => p.period === 'FINAL')
  if (final) final.amount += left
  return { periods, everyScore }
}

/** The reverse winner's part of a period's prize: floor(prize x reversePercent / 100); the winner gets the rest. */
export function reverseShare(periodCents: number, reversePercent: number): number {
  return Math.floor((periodCents * reversePercent) / 100)
}

/** The rules' fields as the API names them in errors. */
export type RulesField = 'rules.grid' | 'rules.numbers' | 'rules.payouts' | 'rules.reversePercent' | 'rules.everyScorePercent' | 'rules.unfilled'

/**
 * The server's check of a pool's rules (squares.CheckRules), with its messages: a grid of 100, 50 or 25;
 * numbers once or per period; the league's paying periods at most once each, FINAL always, 1-100% each
 * (FINAL may be 0); reverse 0-50; every score 0-100, adding up with the payouts to 100; unfilled "cancel",
 * or "play" in a private pool.
 */
export function checkRules(r: Rules, leagueId: number | null | undefined, isPrivate: boolean): Partial<Record<RulesField, string>> {
  const e: Partial<Record<RulesField, string>> = {}
  if (!(GRID_SIZES as readonly number[]).includes(r.grid)) e['rules.grid'] = 'Grid must be 100, 50 or 25 squares.'
  if (r.numbers !== 'once' && r.numbers !== 'per-period') e['rules.numbers'] = 'Numbers must be "once" or "per-period".'
  const payoutsMsg = checkPayouts(r.payouts, leagueId)
  if (payoutsMsg) e['rules.payouts'] = payoutsMsg
  const int = (n: number) => Number.isInteger(n)
  if (!int(r.reversePercent) || r.reversePercent < 0 || r.reversePercent > MAX_REVERSE_PERCENT)
    e['rules.reversePercent'] = `Reverse percent must be 0 to ${MAX_REVERSE_PERCENT}.`
  const everyOK = int(r.everyScorePercent) && r.everyScorePercent >= 0 && r.everyScorePercent <= MAX_EVERY_SCORE_PERCENT
  if (!everyOK) e['rules.everyScorePercent'] = `Every-score percent must be 0 to ${MAX_EVERY_SCORE_PERCENT}.`
  const sum = rulesSum(r)
  if (sum !== 100 && !payoutsMsg && everyOK)
    e['rules.payouts'] = `The payout percents and the every-score percent must add up to 100; they add up to ${sum}.`
  if (r.unfilled !== 'cancel' && r.unfilled !== 'play') e['rules.unfilled'] = 'Unfilled must be "cancel" or "play".'
  else if (r.unfilled === 'play' && !isPrivate) e['rules.unfilled'] = 'Only a private pool can play a board that is not full.'
  return e
}

/** The payout percents plus the every-score percent: 100 in valid rules. */
export function rulesSum(r: Pick<Rules, 'payouts' | 'everyScorePercent'>): number {
  return r.payouts.reduce((a, p) => a + p.percent, 0) + r.everyScorePercent
}

function checkPayouts(payouts: readonly PayoutShare[], leagueId: number | null | undefined): string {
  if (payouts.length === 0) return 'Payouts must list at least the final.'
  const periods = payingPeriods(leagueId)
  const seen = new Set<string>()
  for (const p of payouts) {
    if (!periods.includes(p.period)) return `Payouts name a period this game does not pay; its paying periods are ${periods.join(', ')}.`
    if (seen.has(p.period)) return `Payouts name the period ${p.period} twice.`
    if (!Number.isInteger(p.percent) || p.percent < 0 || p.percent > 100 || (p.percent === 0 && p.period !== 'FINAL'))
      return `The percent of ${p.period} must be 1 to 100.`
    seen.add(p.period)
  }
  if (!seen.has('FINAL')) return 'Payouts must include the final (FINAL), which takes every rounding remainder.'
  return ''
}

/**
 * The set of numbers a board shows, named: the period whose set the pool's current numbers (top-level
 * homeNumbers/awayNumbers) are, when the numbers are drawn per period; null when drawn once.
 */
export function currentNumberSet(pool: Partial<Pick<Pool, 'numberSets'>> & Pick<Pool, 'homeNumbers' | 'awayNumbers'>): NumberSet | null {
  const sets = pool.numberSets ?? []
  if (sets.length < 2 || !pool.homeNumbers || !pool.awayNumbers) return null
  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i])
  return sets.find((s) => same(s.homeNumbers, pool.homeNumbers!) && same(s.awayNumbers, pool.awayNumbers!)) ?? null
}

/**
 * The paying period whose prize a period in play decides (squares.Rules DecidingPeriod): the first paying
 * period that ends with it or after it. `inPlay` is the index of the game's period in play (0-3 in quarters,
 * 0-1 in halves); overtime counts with the final.
 */
export function decidingPeriod(rules: Pick<Rules, 'payouts'>, inPlay: number, halves: boolean): string {
  const at = halves ? (inPlay <= 0 ? 2 : 4) : Math.min(Math.max(inPlay + 1, 1), 5)
  let best = 'FINAL'
  let bestAt = ORDER.FINAL
  for (const p of rules.payouts) {
    const o = ORDER[p.period] ?? 99
    if (o >= at && o < bestAt) [best, bestAt] = [p.period, o]
  }
  return best
}
