import { describe, expect, it } from 'vitest'
import { HALVES, QUARTERS } from '@/lib/periods'
import type { Rules } from '@/lib/api.gen'
import type { Square, Winner } from '@/lib/types'
import { boardWinners, positionText, winnerText, winningNow } from './square-labels'

const squares: Square[] = [
  { id: 1, poolId: 31, userId: '12', row: 3, column: 7, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Dana', lastName: 'Demo' }, status: 'owned' },
  { id: 2, poolId: 31, userId: 'admin', row: 0, column: 0, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'House', lastName: '' }, status: 'owned' },
]
const win = (over: Partial<Winner>): Winner => ({
  poolId: 31, period: 1, periodLabel: 'Q1', homeScore: 7, awayScore: 3, row: 3, column: 7, userId: '12', firstName: 'Dana', amount: '225.00', status: 'credited', kind: 'period', award: '', name: '', ...over,
})

describe('winning squares', () => {
  it('are named "Q1 winner, $225.00, Dana D.", without the amount in a free pool', () => {
    expect(winnerText('Q1', '$225.00', 'Dana D.')).toBe('Q1 winner, $225.00, Dana D.')
    expect(winnerText('H1', null, 'Dana D.')).toBe('H1 winner, Dana D.')
  })

  it("take the owner's name from the board and the period's label from the pool's boxes", () => {
    const marks = boardWinners([win({ period: 4, periodLabel: 'Final', amount: '225.00' }), win({})], squares, QUARTERS, false)
    expect(marks.get('3-7')?.map((m) => m.text)).toEqual(['Q1 winner, $225.00, Dana D.', 'Q4 winner, $225.00, Dana D.'])
    const house = boardWinners([win({ row: 0, column: 0, userId: 'admin', firstName: 'House', status: 'house', period: 2 })], squares, QUARTERS, false)
    expect(house.get('0-0')?.[0].text).toBe('Q2 winner, $225.00, House')
    const free = boardWinners([win({ amount: '0.00', status: 'free' })], squares, QUARTERS, true)
    expect(free.get('3-7')?.[0].text).toBe('Q1 winner, Dana D.')
    const halves = boardWinners([win({ period: 2, periodLabel: 'Final', amount: '450.00' })], squares, HALVES, false)
    expect(halves.get('3-7')?.[0].text).toBe('H2 winner, $450.00, Dana D.')
    // A square that changed hands since (or not loaded yet): the winner's own first name.
    expect(boardWinners([win({ userId: '99', firstName: 'Eli' })], squares, QUARTERS, false).get('3-7')?.[0].owner).toBe('Eli')
    expect(boardWinners(null, squares, QUARTERS, false).size).toBe(0)
  })

  it('mark the square that would win the period in play if it ended now', () => {
    const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    const at = (awayScore: number, homeScore: number, inPlay = 1) =>
      winningNow({ inPlay, periods: QUARTERS, awayScore, homeScore, away: digits, home: digits, squares, amount: '$225.00' })
    // Away 13, home 27: row 3, column 7, Dana's square, while Q2 is in play.
    expect(at(13, 27)).toEqual({ cell: { row: 3, column: 7 }, mark: { label: 'Q2', now: true, owner: 'Dana D.', amount: '$225.00', text: 'Q2 winning now, $225.00, Dana D.' } })
    expect(at(20, 10, 0)?.mark.text).toBe('Q1 winning now, $225.00, House')
    // No period in play (halftime, the final), or no numbers: nothing.
    expect(at(13, 27, -1)).toBeNull()
    expect(winningNow({ inPlay: 0, periods: QUARTERS, awayScore: 3, homeScore: 7, away: null, home: null, squares, amount: null })).toBeNull()
    // Scores not reported yet count as 0-0; free pools have no amount.
    expect(winningNow({ inPlay: 0, periods: HALVES, awayScore: null, homeScore: null, away: digits, home: digits, squares, amount: null })?.mark.text).toBe(
      'H1 winning now, House',
    )
  })
})

describe('winners under the rules (issue 22)', () => {
  it('name reverse and every-score winners with their amounts ("Score" away-home)', () => {
    const sam: Square = { id: 3, poolId: 31, userId: '14', row: 1, column: 4, purchasePrice: '5.00', purchasedAt: null, user: { firstName: 'Sam', lastName: 'King' }, status: 'owned' }
    const marks = boardWinners(
      [
        win({ kind: 'period', award: 'period:Q1', amount: '80.00' }),
        win({ kind: 'reverse', award: 'reverse:Q1', amount: '20.00' }),
        win({ kind: 'score', award: 'score:3', period: 2, periodLabel: 'Q2', awayScore: 14, homeScore: 7, row: 1, column: 4, userId: '14', firstName: 'Sam', amount: '6.25' }),
      ],
      [...squares, sam],
      QUARTERS,
      false,
    )
    expect(marks.get('3-7')?.map((m) => m.text)).toEqual(['Q1 winner, $80.00, Dana D.', 'Reverse Q1 winner, $20.00, Dana D.'])
    expect(marks.get('3-7')?.map((m) => m.label)).toEqual(['Q1', 'R Q1'])
    expect(marks.get('1-4')?.[0]).toMatchObject({ text: 'Score 14-7 winner, $6.25, Sam K.', label: '14-7', kind: 'score', award: 'score:3' })
  })

  it('call the final Q4 as today, or Final where the rules pay Q4 apart', () => {
    const rules: Rules = { grid: 100, numbers: 'once', reversePercent: 0, everyScorePercent: 0, unfilled: 'cancel', payouts: [{ period: 'Q4', percent: 50 }, { period: 'FINAL', percent: 50 }] }
    const final = win({ kind: 'period', award: 'period:FINAL', period: 4 })
    expect(boardWinners([final], squares, QUARTERS, false).get('3-7')?.[0].text).toBe('Q4 winner, $225.00, Dana D.')
    expect(boardWinners([final], squares, QUARTERS, false, rules).get('3-7')?.[0].text).toBe('Final winner, $225.00, Dana D.')
    expect(boardWinners([win({ kind: 'reverse', award: 'reverse:FINAL' })], squares, HALVES, false).get('3-7')?.[0].text).toBe('Reverse H2 winner, $225.00, Dana D.')
  })

  it('find the square winning now on a 25-square board, two digits a row and column', () => {
    const home = [3, 8, 1, 0, 6, 9, 2, 5, 7, 4]
    const away = [5, 0, 6, 9, 7, 3, 8, 1, 2, 4]
    // Away 9 is in row 1 (6, 9), home 10 in column 1 (1, 0): Sam's square is not there, Dana's neither.
    const now = winningNow({ inPlay: 0, periods: QUARTERS, awayScore: 9, homeScore: 10, away, home, squares, amount: null, grid: { rows: 5, columns: 5 } })
    expect(now?.cell).toEqual({ row: 1, column: 1 })
    expect(positionText({ row: 1, column: 1 }, away, home, { rows: 5, columns: 5 })).toBe('Row 2 (away 6 or 9), column 2 (home 1 or 0)')
    expect(positionText({ row: 1, column: 1 }, away, home, { rows: 10, columns: 5 })).toBe('Row 2 (away 0), column 2 (home 1 or 0)')
  })
})
