import { checkRules, defaultRules, orderedPayouts, payingPeriods, type Rules, type RulesField } from '@/lib/rules'

/** The rules as the form holds them: what is typed, as strings, one percent for each of the league's paying periods. */
export interface RulesValues {
  grid: '100' | '50' | '25'
  numbers: 'once' | 'per-period'
  unfilled: 'cancel' | 'play'
  /** Percent by paying period (Q1 ... FINAL, or H1 and FINAL); "" or 0 for a period that pays nothing. */
  payouts: Record<string, string>
  reversePercent: string
  everyScorePercent: string
}

export type RulesErrors = Partial<Record<RulesField, string>>

/** Rules as the form's values, over the league's paying periods (a period the rules leave out at "0"). */
export function rulesToValues(r: Rules, leagueId: number | null | undefined): RulesValues {
  const payouts: Record<string, string> = {}
  for (const p of payingPeriods(leagueId)) payouts[p] = String(r.payouts.find((x) => x.period === p)?.percent ?? 0)
  return {
    grid: String(r.grid) as RulesValues['grid'],
    numbers: r.numbers === 'per-period' ? 'per-period' : 'once',
    unfilled: r.unfilled === 'play' ? 'play' : 'cancel',
    payouts,
    reversePercent: String(r.reversePercent),
    everyScorePercent: String(r.everyScorePercent),
  }
}

export function defaultRulesValues(leagueId: number | null | undefined): RulesValues {
  return rulesToValues(defaultRules(leagueId), leagueId)
}

/** A typed percent as a number: "" is 0; anything but a whole number is NaN. */
function percent(s: string | undefined): number {
  const t = (s ?? '').trim()
  if (t === '') return 0
  return /^\d+$/.test(t) ? Number(t) : Number.NaN
}

/**
 * The rules the form's values give, as POST /api/pools/private takes them: the league's paying periods with
 * a percent above 0, and the final always (it takes every remainder).
 */
export function valuesToRules(v: RulesValues, leagueId: number | null | undefined): Rules {
  return {
    grid: Number(v.grid),
    numbers: v.numbers,
    unfilled: v.unfilled,
    payouts: orderedPayouts(
      payingPeriods(leagueId)
        .map((period) => ({ period, percent: percent(v.payouts[period]) }))
        .filter((p) => p.period === 'FINAL' || p.percent !== 0),
    ),
    reversePercent: percent(v.reversePercent),
    everyScorePercent: percent(v.everyScorePercent),
  }
}

/** The sum the form shows: the payouts' percents and the every-score percent (NaN while one is not a whole number). */
export function valuesSum(v: RulesValues): number {
  return Object.values(v.payouts).reduce((a, s) => a + percent(s), 0) + percent(v.everyScorePercent)
}

/**
 * The form's rules checked as the server checks them (lib/rules checkRules, a private pool), after the form's
 * own: every percent a whole number.
 */
export function validateRules(v: RulesValues, leagueId: number | null | undefined): RulesErrors {
  const e: RulesErrors = {}
  if (Object.values(v.payouts).some((s) => Number.isNaN(percent(s)))) e['rules.payouts'] = 'Each percent must be a whole number from 0 to 100.'
  if (Number.isNaN(percent(v.reversePercent))) e['rules.reversePercent'] = 'Reverse percent must be 0 to 50.'
  if (Number.isNaN(percent(v.everyScorePercent))) e['rules.everyScorePercent'] = 'Every-score percent must be 0 to 100.'
  if (Object.keys(e).length) return e
  return checkRules(valuesToRules(v, leagueId), leagueId, true)
}

/** The payout schedule a server older than rules reads ("25/25/25/25"), when the rules are only such a schedule. */
export function legacySchedule(r: Rules, leagueId: number | null | undefined): string | undefined {
  const d = defaultRules(leagueId)
  const plain = r.grid === 100 && r.numbers === 'once' && r.reversePercent === 0 && r.everyScorePercent === 0 && r.unfilled === 'cancel'
  const periods = r.payouts.map((p) => p.period).join()
  if (!plain || periods !== d.payouts.map((p) => p.period).join()) return undefined
  const s = r.payouts.map((p) => p.percent).join('/')
  return ['25/25/25/25', '20/30/20/30', '50/50', '40/60'].includes(s) ? s : undefined
}
