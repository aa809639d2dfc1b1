import { describe, expect, it } from 'vitest'
import type { Rules } from './api.gen'
import { LEAGUE_NCAAB } from './periods'
import {
  axisDigits,
  axisOf,
  builtInPresets,
  checkRules,
  currentNumberSet,
  decidingPeriod,
  defaultRules,
  gridShape,
  periodShares,
  poolGrid,
  poolRules,
  reverseShare,
  sameRules,
} from './rules'

const NFL = 1
const home = [3, 8, 1, 0, 6, 9, 2, 5, 7, 4]

describe('rules', () => {
  it('splits a prize pool as the server does (rules_test.go TestPeriodShares)', () => {
    const r = { payouts: [{ period: 'FINAL', percent: 20 }, { period: 'Q1', percent: 20 }, { period: 'Q2', percent: 20 }, { period: 'Q3', percent: 20 }, { period: 'Q4', percent: 7 }], everyScorePercent: 13 }
    const { periods, everyScore } = periodShares(1001, r)
    expect(periods.map((p) => p.amount)).toEqual([200, 200, 200, 70, 201])
    expect(periods.map((p) => p.label)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Final'])
    expect(everyScore).toBe(130)
    const halves = periodShares(90_001, defaultRules(LEAGUE_NCAAB)).periods
    expect(halves.map((p) => [p.label, p.amount])).toEqual([
      ['1st Half', 45_000],
      ['Final', 45_001],
    ])
    expect(reverseShare(2_501, 20)).toBe(500)
  })

  it('reads the grid and the digits of a row or column', () => {
    expect(gridShape(50)).toEqual({ rows: 10, columns: 5 })
    expect(gridShape(25)).toEqual({ rows: 5, columns: 5 })
    expect(gridShape(undefined)).toEqual({ rows: 10, columns: 10 })
    expect(poolGrid({ rows: 5, columns: 5, rules: undefined })).toEqual({ rows: 5, columns: 5 })
    expect(poolGrid({ rules: { ...defaultRules(NFL), grid: 50 } })).toEqual({ rows: 10, columns: 5 })
    expect(axisDigits(home, 5, 2)).toEqual([6, 9])
    expect(axisDigits(home, 10, 2)).toEqual([1])
    expect(axisOf(home, 5, 9)).toBe(2)
    expect(axisOf(home, 10, 9)).toBe(5)
  })

  it('checks rules with the server messages', () => {
    expect(checkRules(defaultRules(NFL), NFL, false)).toEqual({})
    for (const p of builtInPresets(NFL)) expect(checkRules(p.rules, NFL, false)).toEqual({})
    for (const p of builtInPresets(LEAGUE_NCAAB)) expect(checkRules(p.rules, LEAGUE_NCAAB, true)).toEqual({})
    const bad: Rules = { ...defaultRules(NFL), grid: 64, reversePercent: 51, unfilled: 'play' }
    expect(checkRules(bad, NFL, false)).toEqual({
      'rules.grid': 'Grid must be 100, 50 or 25 squares.',
      'rules.reversePercent': 'Reverse percent must be 0 to 50.',
      'rules.unfilled': 'Only a private pool can play a board that is not full.',
    })
    expect(checkRules({ ...defaultRules(NFL), everyScorePercent: 10 }, NFL, true)['rules.payouts']).toBe(
      'The payout percents and the every-score percent must add up to 100; they add up to 110.',
    )
    expect(checkRules({ ...defaultRules(NFL), payouts: [{ period: 'H1', percent: 100 }] }, NFL, true)['rules.payouts']).toMatch(/does not pay/)
    expect(checkRules({ ...defaultRules(NFL), payouts: [{ period: 'Q1', percent: 100 }] }, NFL, true)['rules.payouts']).toMatch(/must include the final/)
  })

  it('reads a pool older than rules from its schedule, and compares rules', () => {
    const r = poolRules({ payoutSchedule: [20, 30, 20, 30], game: { leagueId: NFL } })
    expect(r.payouts.map((p) => p.percent)).toEqual([20, 30, 20, 30])
    expect(sameRules(r, builtInPresets(NFL)[1].rules)).toBe(true)
    expect(sameRules(r, builtInPresets(NFL)[0].rules)).toBe(false)
  })

  it('names the set a board shows when numbers change per period', () => {
    const sets = [
      { period: 'Q1', homeNumbers: home, awayNumbers: [...home].reverse(), seed: 'a', seedSha256: 'x' },
      { period: 'Q2', homeNumbers: [...home].reverse(), awayNumbers: home, seed: 'b', seedSha256: 'y' },
    ]
    expect(currentNumberSet({ numberSets: sets, homeNumbers: [...home].reverse(), awayNumbers: home })?.period).toBe('Q2')
    expect(currentNumberSet({ numberSets: sets.slice(0, 1), homeNumbers: home, awayNumbers: home })).toBeNull()
  })
})

describe('decidingPeriod', () => {
  it('is the first paying period ending with or after the one in play', () => {
    const r = { payouts: [{ period: 'Q2', percent: 50 }, { period: 'FINAL', percent: 50 }] }
    expect([0, 1, 2, 3, 4].map((i) => decidingPeriod(r, i, false))).toEqual(['Q2', 'Q2', 'FINAL', 'FINAL', 'FINAL'])
    expect(decidingPeriod(defaultRules(NFL), 3, false)).toBe('FINAL')
    expect([0, 1].map((i) => decidingPeriod(defaultRules(LEAGUE_NCAAB), i, true))).toEqual(['H1', 'FINAL'])
  })
})
