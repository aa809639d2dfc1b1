import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { makePool, makeRulesPool as rulesPool } from '@/test/pool'
import { player, renderPage, stubFetch } from '@/test/utils'
import type { Pool, Square, Winner } from '@/lib/types'
import { PoolDetailPage } from './pool-detail-page'

const dana: Square = { id: 5, poolId: 40, userId: '40', row: 3, column: 0, purchasePrice: '4.00', purchasedAt: null, user: { firstName: 'Dana', lastName: 'Demo' }, status: 'owned' }
const sam: Square = { id: 6, poolId: 40, userId: '41', row: 1, column: 4, purchasePrice: '4.00', purchasedAt: null, user: { firstName: 'Sam', lastName: 'King' }, status: 'owned' }
const w = (over: Partial<Winner>): Winner => ({ poolId: 40, period: 1, periodLabel: 'Q1', homeScore: 0, awayScore: 7, row: 3, column: 0, userId: '40', firstName: 'Dana', amount: '8.00', status: 'credited', kind: 'period', award: 'period:Q1', name: 'Q1', ...over })
const winners: Winner[] = [
  w({}),
  w({ kind: 'reverse', award: 'reverse:Q1', amount: '2.00' }),
  w({ kind: 'score', award: 'score:1', row: 1, column: 4, userId: '41', firstName: 'Sam', awayScore: 7, homeScore: 0, amount: '6.25' }),
  w({ kind: 'score', award: 'score:2', period: 2, periodLabel: 'Q2', row: 1, column: 4, userId: '41', firstName: 'Sam', awayScore: 14, homeScore: 7, amount: '6.25' }),
]

function open(pool: Pool) {
  stubFetch({
    [`GET /api/pools/${pool.id}`]: { body: pool },
    [`GET /api/pools/${pool.id}/squares`]: { body: [dana, sam] },
    [`GET /api/pools/${pool.id}/winners`]: { body: winners },
  })
  renderPage(<PoolDetailPage />, { path: '/pool/:id', at: `/pool/${pool.id}`, user: player })
}

describe('A pool with its own rules (issue 22)', () => {
  it('draws its 25-square board with the numbers of the period in play, named', async () => {
    open(rulesPool())
    const grid = await screen.findByRole('grid')
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(25)
    expect(screen.getByTestId('number-set')).toHaveTextContent('New numbers each periodThe board shows the Q2 numbers.')
    // The Q2 set: column 1 holds 9 and 1, row 1 holds 2 and 7.
    expect(screen.getByRole('columnheader', { name: 'Column 1: Buffalo Bills digits 9 or 1' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'Row 1: Kansas City Chiefs digits 2 or 7' })).toBeInTheDocument()
  })

  it("names the player's own squares by both digits of their row and column", async () => {
    const mine: Square = { ...dana, id: 9, userId: player.id, row: 0, column: 1, user: { firstName: 'Ann', lastName: 'Lee' } }
    stubFetch({
      'GET /api/pools/40': { body: rulesPool() },
      'GET /api/pools/40/squares': { body: [mine] },
      'GET /api/pools/40/winners': { body: [] },
    })
    renderPage(<PoolDetailPage />, { path: '/pool/:id', at: '/pool/40', user: player })
    const list = await screen.findByRole('list', { name: 'Your squares' })
    expect(list).toHaveTextContent('Row 1 (away 2 or 7), column 2 (home 4 or 7)')
  })

  it('marks period, reverse and every-score winners by name, and lists them by kind', async () => {
    open(rulesPool())
    const dana = await screen.findByRole('gridcell', { name: 'Q1 winner, $8.00, Dana D.; Reverse Q1 winner, $2.00, Dana D.' })
    expect(dana).toHaveAttribute('data-winner', 'Q1 R Q1')
    expect(screen.getByRole('gridcell', { name: 'Score 7-0 winner, $6.25, Sam K.; Score 14-7 winner, $6.25, Sam K.' })).toBeInTheDocument()
    const q1 = screen.getByTestId('winner-Q1')
    expect(q1).toHaveTextContent('Dana D.')
    expect(within(q1).getByTestId('reverse-winner-Q1')).toHaveTextContent('Reverse winnerDana D.$2.00')
    const scores = screen.getByRole('list', { name: 'Score change winners' })
    expect(within(scores).getAllByTestId('score-winner').map((li) => li.textContent)).toEqual(['7-0Sam K.Q1$6.25', '14-7Sam K.Q2$6.25'])
  })

  it('says its rules in a card, with each period’s percent and amount, and How to Play for it', async () => {
    open(rulesPool())
    const card = await screen.findByRole('region', { name: 'Rules of this pool' })
    expect(within(card).getByTestId('rules-grid')).toHaveTextContent('25 squares (5 x 5)')
    // $100: Q1 10% $10 (winner $8, reverse $2), ..., every score 50% $50.
    expect(within(card).getByTestId('rules-period-Q1')).toHaveTextContent('Q1: 10%, $10.00 ($8.00 winner, $2.00 reverse)')
    expect(within(card).getByTestId('rules-period-FINAL')).toHaveTextContent('Final: 15%, $15.00 ($12.00 winner, $3.00 reverse)')
    expect(within(card).getByTestId('rules-every-score')).toHaveTextContent('50%, $50.00, split equally among the changes of the score')
    expect(within(card).getByTestId('rules-reverse')).toHaveTextContent("20% of each period's prize goes to the reverse winner")
    expect(within(card).getByTestId('rules-numbers')).toHaveTextContent('New numbers for each paying period')
    expect(within(card).getByTestId('rules-unfilled')).toHaveTextContent('Played as it stands')
    expect(within(card).getByRole('link', { name: 'How to Play this pool' })).toHaveAttribute('href', '/how-to-play?pool=40')
    // Game Rules leaves what it pays and how it draws to this card: no 25% quarters, no "drawn once".
    expect(document.querySelector('[aria-label="Payout per period"]')).toBeNull()
    expect(screen.getByText(/Numbers are drawn as the rules of this pool say/)).toBeInTheDocument()
  })

  it('shows today’s rules for a pool from a server older than rules', async () => {
    open(makePool({ entryFee: '10.00', prizePoolIfFull: '900.00', payoutSchedule: [20, 30, 20, 30] }))
    const card = await screen.findByRole('region', { name: 'Rules of this pool' })
    expect(document.querySelector('[aria-label="Payout per period"]')).not.toBeNull()
    expect(within(card).getByTestId('rules-grid')).toHaveTextContent('100 squares (10 x 10)')
    expect(within(card).getByTestId('rules-period-Q2')).toHaveTextContent('Q2: 30%, $270.00')
    expect(within(card).getByTestId('rules-reverse')).toHaveTextContent('No reverse winners.')
    expect(within(card).getByTestId('rules-numbers')).toHaveTextContent('Drawn once')
  })
})
