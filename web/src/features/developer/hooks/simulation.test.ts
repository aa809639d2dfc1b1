import { describe, expect, it } from 'vitest'
import { SIM_MAX_SCORE, SIM_MIN_SCORE, playPracticeGame, quarterScores, randomInt, seededRandom, shuffledDigits, winningCell } from './simulation'

describe('practice game rules', () => {
  it('draws every quarter score from 7 to 41, as a running total that never goes down', () => {
    const seen = new Set<number>()
    for (let seed = 1; seed <= 400; seed++) {
      const qs = quarterScores(seededRandom(seed))
      expect(qs.map((q) => q.quarter)).toEqual(['Q1', 'Q2', 'Q3', 'Q4'])
      for (const [i, q] of qs.entries()) {
        for (const s of [q.home, q.away]) {
          expect(Number.isInteger(s)).toBe(true)
          expect(s).toBeGreaterThanOrEqual(SIM_MIN_SCORE)
          expect(s).toBeLessThanOrEqual(SIM_MAX_SCORE)
          seen.add(s)
        }
        if (i > 0) {
          expect(q.home).toBeGreaterThanOrEqual(qs[i - 1].home)
          expect(q.away).toBeGreaterThanOrEqual(qs[i - 1].away)
        }
      }
    }
    // Both ends of the range come up.
    expect(seen.has(SIM_MIN_SCORE) && seen.has(SIM_MAX_SCORE)).toBe(true)
  })

  it('keeps randomInt inside its bounds at the edges of the source', () => {
    expect(randomInt(() => 0, 7, 41)).toBe(7)
    expect(randomInt(() => 0.9999999999, 7, 41)).toBe(41)
  })

  it('shuffles the digits 0-9, the same way for the same seed', () => {
    const d = shuffledDigits(seededRandom(9))
    expect([...d].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(shuffledDigits(seededRandom(9))).toEqual(d)
  })

  it('finds the winning square from the last digits: away picks the row, home the column', () => {
    const home = [3, 0, 7, 1, 9, 2, 8, 4, 6, 5]
    const away = [6, 1, 4, 0, 3, 9, 7, 2, 5, 8]
    expect(winningCell(home, away, { home: 17, away: 24 })).toEqual({ row: 2, column: 2 })
    expect(winningCell(home, away, { home: 40, away: 13 })).toEqual({ row: 4, column: 1 })
  })

  it('plays a game: each quarter is won by the cell of its score, and marked when it is one of the picks', () => {
    const probe = playPracticeGame(seededRandom(5), [])
    const picks = [probe.quarters[1].cell, { row: 9, column: 9 }]
    const g = playPracticeGame(seededRandom(5), picks)
    for (const q of g.quarters) {
      expect(q.cell).toEqual(winningCell(g.homeNumbers, g.awayNumbers, q))
      expect(q.mine).toBe(picks.some((p) => p.row === q.cell.row && p.column === q.cell.column))
    }
    expect(g.quarters[1].mine).toBe(true)
  })
})
