import { z } from 'zod'
import type { ScoreUpdateBody } from '../api/score-feed-api'

// The score feed test page's forms, checked before anything is sent (the server checks again).

export type FieldErrors = Record<string, string>

/** A whole number from min to max typed into a field, or the field's error. */
export function wholeNumber(raw: string, min: number, max: number, what: string): { value: number } | { error: string } {
  const text = raw.trim()
  if (!text) return { error: `${what} is required` }
  if (!/^-?\d+$/.test(text)) return { error: `${what} must be a whole number` }
  const value = Number(text)
  if (value < min || value > max) return { error: `${what} must be ${min} to ${max}` }
  return { value }
}

/** Reads each named field; any field's error stops the form. */
function readFields<K extends string>(specs: Record<K, () => { value: number } | { error: string }>): { values: Record<K, number> } | { errors: FieldErrors } {
  const values = {} as Record<K, number>
  const errors: FieldErrors = {}
  for (const key of Object.keys(specs) as K[]) {
    const r = specs[key]()
    if ('error' in r) errors[key] = r.error
    else values[key] = r.value
  }
  return Object.keys(errors).length ? { errors } : { values }
}

export interface ScoreUpdateValues {
  gameId: string
  homeScore: string
  awayScore: string
  quarter: string
  status: string
}

/** Status codes the manual feed takes (squares.ScoreStatus), as the form offers them. */
export const SCORE_STATUSES = ['live', '1q', '2q', '3q', '4q', 'ht', 'ot', 'ft', 'scheduled', 'postponed', 'cancelled'] as const

/** The manual score update form: a game id ("Please enter a game ID"), scores 0-999 and a quarter 1-20. */
export function checkScoreUpdate(v: ScoreUpdateValues): { body: ScoreUpdateBody } | { errors: FieldErrors } {
  const r = readFields({
    gameId: () => (v.gameId.trim() ? wholeNumber(v.gameId, 1, Number.MAX_SAFE_INTEGER, 'Game ID') : { error: 'Please enter a game ID' }),
    awayScore: () => wholeNumber(v.awayScore, 0, 999, 'Away score'),
    homeScore: () => wholeNumber(v.homeScore, 0, 999, 'Home score'),
    quarter: () => wholeNumber(v.quarter, 1, 20, 'Quarter'),
  })
  if ('errors' in r) return r
  return { body: { ...r.values, status: v.status } }
}

export interface CalculationValues {
  poolId: string
  homeScore: string
  awayScore: string
}

/** The "which square wins" form: a pool id and two scores 0-999. */
export function checkCalculation(v: CalculationValues): { body: { poolId: number; homeScore: number; awayScore: number } } | { errors: FieldErrors } {
  const r = readFields({
    poolId: () => (v.poolId.trim() ? wholeNumber(v.poolId, 1, Number.MAX_SAFE_INTEGER, 'Pool ID') : { error: 'Please enter a pool ID' }),
    awayScore: () => wholeNumber(v.awayScore, 0, 999, 'Away score'),
    homeScore: () => wholeNumber(v.homeScore, 0, 999, 'Home score'),
  })
  if ('errors' in r) return r
  return { body: r.values }
}

/** Each error of a check as the error of its field, for a form's zod schema. */
function reportErrors(checked: { errors: FieldErrors } | object, ctx: z.RefinementCtx) {
  if (!('errors' in checked)) return
  for (const [path, message] of Object.entries(checked.errors)) ctx.addIssue({ code: 'custom', path: [path], message })
}

/** The manual score update form's values, checked by checkScoreUpdate. */
export const scoreUpdateSchema = z
  .object({ gameId: z.string(), homeScore: z.string(), awayScore: z.string(), quarter: z.string(), status: z.string() })
  .superRefine((v, ctx) => reportErrors(checkScoreUpdate(v), ctx))

/** The "which square wins" form's values, checked by checkCalculation. */
export const calculationSchema = z
  .object({ poolId: z.string(), homeScore: z.string(), awayScore: z.string() })
  .superRefine((v, ctx) => reportErrors(checkCalculation(v), ctx))
