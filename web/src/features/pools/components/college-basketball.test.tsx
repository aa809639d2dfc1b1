import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { player, renderPage, stubFetch } from '@/test/utils'
import type { Pool, Square, Winner } from '@/lib/types'
import { PoolDetailPage } from './pool-detail-page'

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]

// A drawn $10 college basketball pool (league 6) in the second half: halftime is in the Q1 fields, as the
// server stores the halves (UNC 30, Duke 27), the final (Q2) not yet played.
// The members these tests read; the others the server sends are left out (hence the cast).
function hoopsPool(over: Partial<Pool> = {}): Pool {
  return {
    id: 61,
    name: '$10 Pool',
    gameId: 9,
    game: {
      id: 9,
      leagueId: 6,
      homeTeam: 'Duke Blue Devils',
      awayTeam: 'North Carolina Tar Heels',
      homeTeamColor: '#001A57',
      awayTeamColor: '#7BAFD4',
      gameDate: new Date(Date.now() - 3600_000).toISOString(),
      status: 'live',
      homeScore: 41,
      awayScore: 44,
      quarter: 2,
      week: null,
      season: 2026,
      venue: '',
      homeScoreQ1: 27,
      awayScoreQ1: 30,
      homeScoreQ2: null,
      homeScoreQ3: null,
      homeScoreQ4: null,
      awayScoreQ2: null,
      awayScoreQ3: null,
      awayScoreQ4: null,
    },
    entryFee: '10.00',
    totalPot: '1000.00',
    prizePool: '900.00',
    houseFee: '100.00',
    houseFeePercent: 10,
    prizePoolIfFull: '900.00',
    payouts: [
      { period: 1, label: 'Halftime', percent: 40, amount: '360.00' },
      { period: 2, label: 'Final', percent: 60, amount: '540.00' },
    ],
    currentParticipants: 100,
    distinctPlayers: 30,
    maxParticipants: 100,
    maxSquaresPerPlayer: 5,
    status: 'started',
    payoutSchedule: [40, 60],
    numbersGenerated: true,
    homeNumbers: DIGITS,
    awayNumbers: DIGITS,
    drawCommitment: 'aa6358ae878654ad9544e5431fbe7cba2bc120072d6dd39949715c73958e8c87',
    drawSeed: null,
    userSquareCount: 0,
    salesOpenAt: null,
    salesCloseAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    ...over,
  } as Pool
}

const squares: Square[] = [{ id: 1, poolId: 61, userId: '40', row: 0, column: 7, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Bo', lastName: 'Diaz' }, status: 'owned' }]

// The halftime winner as GET /api/pools/{id}/winners answers: away 0, home 7, 40% of $900.
const halftime: Winner = {
  poolId: 61, period: 1, periodLabel: '1st Half', homeScore: 27, awayScore: 30, row: 0, column: 7, userId: '40', firstName: 'Bo', amount: '360.00', status: 'credited',
  kind: 'period', award: 'period:H1', name: '1st Half',
}

async function open(pool: Pool, winners: Winner[] = [halftime]) {
  stubFetch({
    [`GET /api/pools/${pool.id}`]: { body: pool },
    [`GET /api/pools/${pool.id}/squares`]: { body: squares },
    [`GET /api/pools/${pool.id}/winners`]: { body: winners },
  })
  renderPage(<PoolDetailPage />, { path: '/pool/:id', at: `/pool/${pool.id}`, user: player })
  return screen.findByRole('region', { name: 'Live scoreboard' })
}

describe('A college basketball pool', () => {
  it('shows two halves on the scoreboard, the board and the payouts (40/60)', async () => {
    const board = await open(hoopsPool())
    const boxes = within(board).getByLabelText('Score at the end of each half (away - home)')
    expect(within(boxes).getByText('H1')).toBeInTheDocument()
    expect(within(boxes).getByText('H2')).toBeInTheDocument()
    expect(within(boxes).getByTestId('period-H1')).toHaveTextContent('30-27')
    expect(within(boxes).getByTestId('period-H2')).toHaveAttribute('aria-current', 'step')
    expect(screen.getByTestId('game-state')).toHaveTextContent('H2') // the clock: second half
    // Nowhere on the page does a quarter appear.
    expect(document.body.textContent).not.toMatch(/\bQ[1-4]\b|quarter/i)

    // The halftime winner: away 0, home 7.
    const cell = document.querySelector<HTMLElement>('[role=gridcell][data-row="0"][data-column="7"]')!
    await waitFor(() => expect(cell).toHaveAccessibleName('H1 winner, $360.00, Bo D.'))
    expect(screen.getByText('Half winner')).toBeInTheDocument()

    // A full $10 pool: $900 prize pool, 40% at halftime and 60% at the final.
    expect(screen.getByTestId('payout-H1')).toHaveTextContent(/Halftime\s*40%\s*\$360\.00/)
    expect(screen.getByTestId('payout-H2')).toHaveTextContent(/Final\s*60%\s*\$540\.00/)
    expect(screen.queryByTestId('payout-Q3')).not.toBeInTheDocument()
    expect(screen.getByText(/pays at halftime and the final \(40\/60\)/)).toBeInTheDocument()
  }, 20_000)

  it('pays 50/50 by default, with the final score in the last box', async () => {
    const base = hoopsPool()
    const board = await open(
      hoopsPool({
        entryFee: '5.00',
        payoutSchedule: [50, 50],
        payouts: [
          { period: 1, code: 'H1', label: 'Halftime', percent: 50, amount: '225.00' },
          { period: 2, code: 'FINAL', label: 'Final', percent: 50, amount: '225.00' },
        ],
        game: { ...base.game!, status: 'completed', homeScore: 71, awayScore: 70, homeScoreQ2: 71, awayScoreQ2: 70 },
        status: 'completed',
      }),
      [],
    )
    expect(within(board).getByTestId('period-H2')).toHaveTextContent('70-71')
    expect(screen.getByTestId('game-state')).toHaveTextContent('Final')
    expect(within(board).queryByText(/Q[34]/)).not.toBeInTheDocument()
    expect(screen.getByTestId('payout-H1')).toHaveTextContent(/50%\s*\$225\.00/)
    expect(screen.getByTestId('payout-H2')).toHaveTextContent(/50%\s*\$225\.00/)
  }, 20_000)
})
