import { describe, expect, it } from 'vitest'
import { HALVES, QUARTERS } from '@/lib/periods'
import type { Square, Winner } from '@/lib/types'
import { boardWinners, winnerText, winningNow } from './square-labels'

const squares: Square[] = [
  { id: 1, poolId: 31, userId: '12', row: 3, column: 7, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Dana', lastName: 'Demo' }, status: 'owned' },
  { id: 2, poolId: 31, userId: 'admin', row: 0, column: 0, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'House', lastName: '' }, status: 'owned' },
]
const win = (over: Partial<Winner>): Winner => ({
  poolId: 31, period: 1, periodLabel: 'Q1', homeScore: 7, awayScore: 3, row: 3, column: 7, userId: '12', firstName: 'Dana', amount: '225.00', status: 'credited', ...over,
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
