import { describe, expect, it } from 'vitest'
import type { DecisionOutlook } from '@/lib/types'
import { decisionText, formatCountdown } from './decision-text'

const NOW = Date.parse('2026-11-29T14:00:00Z')
const MIN = 60_000
const due = (ms: number) => new Date(NOW + ms).toISOString()

// A $10 pool (15 players, the house fills at most 50) with 12 players and 60 squares taken.
const outlook = (over: Partial<DecisionOutlook> = {}): DecisionOutlook => ({
  dueAt: due(102 * MIN),
  action: 'cancel',
  minPlayers: 15,
  playersNeeded: 3,
  maxHouseSquares: 50,
  squaresFree: 40,
  squaresShort: 0,
  ...over,
})
const paid = { free: false, isPrivate: false }

describe('the decision countdown', () => {
  it('counts down in whole days, hours and minutes', () => {
    expect(formatCountdown(102 * MIN)).toBe('1 h 42 min')
    expect(formatCountdown(102 * MIN + 59_999)).toBe('1 h 42 min')
    expect(formatCountdown(42 * MIN)).toBe('42 min')
    expect(formatCountdown(120 * MIN)).toBe('2 h')
    expect(formatCountdown((2 * 1440 + 5 * 60 + 12) * MIN)).toBe('2 d 5 h')
    expect(formatCountdown(1440 * MIN)).toBe('1 d')
    expect(formatCountdown(59_000)).toBe('under a minute')
  })

  it('says how many more players a public pool needs, or it is cancelled and refunded', () => {
    expect(decisionText(outlook(), paid, NOW)).toBe('Decided in 1 h 42 min: needs 3 more players or it is cancelled and refunded')
    expect(decisionText(outlook({ playersNeeded: 1 }), paid, NOW)).toBe('Decided in 1 h 42 min: needs 1 more player or it is cancelled and refunded')
  })

  it('says how many more squares must be taken when the house may not fill the rest', () => {
    expect(decisionText(outlook({ playersNeeded: 0, squaresFree: 55, squaresShort: 5 }), paid, NOW)).toBe(
      'Decided in 1 h 42 min: needs 5 more squares taken or it is cancelled and refunded',
    )
    expect(decisionText(outlook({ playersNeeded: 16, squaresFree: 90, squaresShort: 50 }), paid, NOW)).toBe(
      'Decided in 1 h 42 min: needs 16 more players and 50 more squares taken or it is cancelled and refunded',
    )
  })

  it('says the house fills a pool that meets its tier, and the numbers are then drawn', () => {
    expect(decisionText(outlook({ action: 'house_fill', playersNeeded: 0 }), paid, NOW)).toBe(
      'Decided in 1 h 42 min: if it is not full by then, the house takes the 40 open squares and the numbers are drawn',
    )
    expect(decisionText(outlook({ action: 'house_fill', playersNeeded: 0, squaresFree: 1 }), paid, NOW)).toMatch(/the house takes the last open square/)
  })

  it('says a private pool whose rules play it unfilled plays as it stands, once a square is taken', () => {
    const priv = { free: false, isPrivate: true }
    const base = { minPlayers: 0, playersNeeded: 0, maxHouseSquares: 0, action: 'play' as const }
    expect(decisionText(outlook({ ...base, squaresFree: 7, squaresShort: 0 }), priv, NOW)).toBe(
      'Decided in 1 h 42 min: if it is not full by then, it plays as it stands and the numbers are drawn',
    )
    expect(decisionText(outlook({ ...base, action: 'cancel', squaresFree: 25, squaresShort: 1 }), priv, NOW)).toBe(
      'Decided in 1 h 42 min: needs 1 more square taken to be full or it is cancelled and refunded',
    )
  })

  it('cancels a free pool without a refund, and a private pool unless it is full', () => {
    expect(decisionText(outlook({ minPlayers: 5, playersNeeded: 2 }), { free: true, isPrivate: false }, NOW)).toBe(
      'Decided in 1 h 42 min: needs 2 more players or it is cancelled',
    )
    expect(decisionText(outlook({ minPlayers: 0, playersNeeded: 0, maxHouseSquares: 0, squaresFree: 3, squaresShort: 3 }), { free: false, isPrivate: true }, NOW)).toBe(
      'Decided in 1 h 42 min: needs 3 more squares taken to be full or it is cancelled and refunded',
    )
  })

  it('says the decision is being made once it is due', () => {
    expect(decisionText(outlook({ dueAt: due(-5 * MIN) }), paid, NOW)).toBe('Being decided now: needs 3 more players or it is cancelled and refunded')
  })
})
