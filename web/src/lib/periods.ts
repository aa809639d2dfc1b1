import { gameStatusLabel } from './game-status'
import type { Game, Pool } from './types'

// Scoring periods follow the sport (decisions.md): four quarters, except college basketball, which plays
// two halves and pays at halftime and the final. A game's score fields are quarter-shaped (docs/api.md) and
// hold the periods in order, as the server stores them: the halves in the Q1 and Q2 fields (the final,
// overtime included, in Q2), the quarters in Q1-Q4.

/** NCAA Basketball's league id (docs/api.md): its pools pay two halves. */
export const LEAGUE_NCAAB = 6

export type ScoreSlot = 1 | 2 | 3 | 4

/** One scoring period of a pool. */
export interface Period {
  /** Short label on score boxes and winning squares: Q1-Q4, or H1 and H2. */
  label: string
  /** What the period's payout is called: Q1, Halftime, Q3 or Final. */
  name: string
  /** The game's `homeScoreQn`/`awayScoreQn` fields holding the cumulative score at the end of the period. */
  slot: ScoreSlot
}

export const QUARTERS: readonly Period[] = [
  { label: 'Q1', name: 'Q1', slot: 1 },
  { label: 'Q2', name: 'Halftime', slot: 2 },
  { label: 'Q3', name: 'Q3', slot: 3 },
  { label: 'Q4', name: 'Final', slot: 4 },
]

export const HALVES: readonly Period[] = [
  { label: 'H1', name: 'Halftime', slot: 1 },
  { label: 'H2', name: 'Final', slot: 2 },
]

/** The selectable payout schedules, in percent of the prize pool per period. */
export const QUARTER_SCHEDULES = [
  [25, 25, 25, 25],
  [20, 30, 20, 30],
] as const
export const HALF_SCHEDULES = [
  [50, 50],
  [40, 60],
] as const

type PoolLike = Partial<Pick<Pool, 'payoutSchedule'>> & { game?: Pick<Game, 'leagueId'> | null }

function validSchedule(s: readonly number[] | null | undefined): s is number[] {
  return !!s && (s.length === 2 || s.length === 4) && s.every((n) => Number.isInteger(n) && n >= 0) && s.reduce((a, b) => a + b, 0) === 100
}

/** The periods of a league's games: halves for college basketball, quarters elsewhere. */
export function leaguePeriods(leagueId: number | null | undefined): readonly Period[] {
  return leagueId === LEAGUE_NCAAB ? HALVES : QUARTERS
}

/** The periods of a game, from its league. */
export function gamePeriods(game: Pick<Game, 'leagueId'> | null | undefined): readonly Period[] {
  return leaguePeriods(game?.leagueId)
}

/** The periods a pool pays: its stored schedule decides (two shares are halves), else its game's league. */
export function poolPeriods(pool: PoolLike): readonly Period[] {
  if (validSchedule(pool.payoutSchedule)) return pool.payoutSchedule.length === 2 ? HALVES : QUARTERS
  return gamePeriods(pool.game)
}

/** The pool's payout schedule in percent, one share per period; the sport's default when the pool has none. */
export function poolSchedule(pool: PoolLike): number[] {
  if (validSchedule(pool.payoutSchedule)) return [...pool.payoutSchedule]
  return [...(poolPeriods(pool) === HALVES ? HALF_SCHEDULES[0] : QUARTER_SCHEDULES[0])]
}

/** "50/50", "25/25/25/25". */
export function formatSchedule(schedule: readonly number[]): string {
  return schedule.join('/')
}

/**
 * Splits a prize pool (cents) by the schedule: each period gets floor(prize x share); the rounding remainder
 * goes to the final period (decisions.md; the server's squares.PeriodPrizes).
 */
export function periodPrizes(prizeCents: number, schedule: readonly number[]): number[] {
  const out = schedule.map((share) => Math.floor((prizeCents * share) / 100))
  if (out.length > 0) out[out.length - 1] += prizeCents - out.reduce((a, b) => a + b, 0)
  return out
}

/** The period's cumulative score, or null until the period has ended. */
export function periodScore(game: Game, period: Period): { away: number; home: number } | null {
  const away = game[`awayScoreQ${period.slot}`]
  const home = game[`homeScoreQ${period.slot}`]
  if (away === null || away === undefined || home === null || home === undefined) return null
  return { away, home }
}

/**
 * The index of the period being played in a live game, or -1. `quarter` counts the sport's own periods
 * (1-4 for quarters, 1-2 for halves); anything past the last is overtime, which counts toward the final.
 */
export function livePeriodIndex(game: Pick<Game, 'quarter' | 'status'>, periods: readonly Period[]): number {
  if (gameStatusLabel(game.status) !== 'LIVE') return -1
  const q = game.quarter ?? 0
  if (q <= 0) return -1
  return Math.min(q, periods.length) - 1
}

/** The game's clock in the sport's terms: "Pre-game", "Live", "Q2", "H1", "OT", "Final". */
export function periodLabel(
  game: Pick<Game, 'quarter' | 'status' | 'leagueId'> | null | undefined,
  periods: readonly Period[] = gamePeriods(game),
): string {
  if (!game) return 'Pre-game'
  const status = gameStatusLabel(game.status)
  if (status === 'COMPLETED') return 'Final'
  const q = game.quarter ?? 0
  if (q <= 0) return status === 'LIVE' ? 'Live' : 'Pre-game'
  if (q > periods.length) return 'OT'
  return periods[q - 1].label
}

/** Where a game stands: before kickoff, a period in play, a break between periods, over, or off. */
export type GamePhase = 'pre' | 'live' | 'break' | 'final' | 'off'

export interface GameState {
  /** Said once on a pool page: "Pre-game", "Q2" ("H2" in halves), "OT", "Halftime", "Final"; "Postponed", "Cancelled". */
  label: string
  phase: GamePhase
  /** The index of the period in play (overtime counts toward the final), or -1 when none is. */
  inPlay: number
}

/**
 * The game's state in the sport's terms. A live game whose current period has its end score recorded is
 * between periods: at halftime (the server records the first half's end at "ht"), or at the end of another
 * period until the next is reported.
 */
export function gameState(game: Game | null | undefined, periods: readonly Period[] = gamePeriods(game)): GameState {
  if (!game) return { label: 'Pre-game', phase: 'pre', inPlay: -1 }
  const raw = (game.status ?? '').trim().toLowerCase()
  if (raw === 'postponed') return { label: 'Postponed', phase: 'off', inPlay: -1 }
  if (raw === 'cancelled' || raw === 'canceled') return { label: 'Cancelled', phase: 'off', inPlay: -1 }
  const status = gameStatusLabel(game.status)
  if (status === 'COMPLETED') return { label: 'Final', phase: 'final', inPlay: -1 }
  if (status === 'SCHEDULED') return { label: 'Pre-game', phase: 'pre', inPlay: -1 }
  const i = livePeriodIndex(game, periods)
  if (i < 0) return { label: 'Kickoff', phase: 'live', inPlay: 0 }
  if ((game.quarter ?? 0) > periods.length) return { label: 'OT', phase: 'live', inPlay: i }
  if (periodScore(game, periods[i])) {
    const label = i + 1 === periods.length / 2 ? 'Halftime' : `End of ${periods[i].label}`
    return { label, phase: 'break', inPlay: -1 }
  }
  return { label: periods[i].label, phase: 'live', inPlay: i }
}

/** "quarter" or "half", for sentences about a pool's periods. */
export function periodNoun(periods: readonly Period[]): 'quarter' | 'half' {
  return periods.length === 2 ? 'half' : 'quarter'
}

/** "Q1, halftime, Q3 and the final" or "halftime and the final". */
export function payoutMoments(periods: readonly Period[]): string {
  const names = periods.map((p, i) => (i === periods.length - 1 ? 'the final' : p.name === 'Halftime' ? 'halftime' : p.name))
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}
