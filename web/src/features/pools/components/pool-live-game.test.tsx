import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { FakeWebSocket } from '@/test/fake-websocket'
import { cell, later, makePool } from '@/test/pool'
import { player, renderPage, stubFetch, urlOf } from '@/test/utils'
import type { Game, Pool, Square, Winner } from '@/lib/types'
import { PoolDetailPage } from './pool-detail-page'

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]

// A full, drawn $10 pool (digits in order, so row = away digit, column = home digit) whose game is in Q1.
function livePool(game: Partial<Game> = {}, over: Partial<Pool> = {}): Pool {
  const base = makePool()
  return makePool({
    name: '$10 Pool',
    entryFee: '10.00',
    totalPot: '1000.00',
    prizePool: '900.00',
    houseFeePercent: 10,
    prizePoolIfFull: '900.00',
    payouts: ['Q1', 'Halftime', 'Q3', 'Final'].map((label, i) => ({ period: i + 1, code: ['Q1', 'Q2', 'Q3', 'FINAL'][i], label, percent: 25, amount: '225.00' })),
    currentParticipants: 100,
    distinctPlayers: 20,
    status: 'started',
    numbersGenerated: true,
    homeNumbers: DIGITS,
    awayNumbers: DIGITS,
    payoutSchedule: [25, 25, 25, 25],
    salesCloseAt: later(-1),
    game: { ...base.game!, gameDate: later(-0.5), status: 'live', quarter: 1, awayScore: 3, homeScore: 0, ...game },
    ...over,
  })
}

const dana: Square = { id: 5, poolId: 31, userId: '40', row: 3, column: 7, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Dana', lastName: 'Demo' }, status: 'owned' }
const q1: Winner = { poolId: 31, period: 1, periodLabel: 'Q1', homeScore: 7, awayScore: 3, row: 3, column: 7, userId: '40', firstName: 'Dana', amount: '225.00', status: 'credited', kind: 'period', award: 'period:Q1', name: 'Q1' }

function open(pool: Pool, winners: () => Winner[]) {
  const fetch = stubFetch({
    [`GET /api/pools/${pool.id}`]: { body: pool },
    [`GET /api/pools/${pool.id}/squares`]: { body: [dana] },
    [`GET /api/pools/${pool.id}/winners`]: () => ({ body: winners() }),
  })
  renderPage(<PoolDetailPage />, { path: '/pool/:id', at: `/pool/${pool.id}`, user: player })
  return fetch
}

async function socket() {
  await waitFor(() => expect(FakeWebSocket.last).toBeDefined())
  const ws = FakeWebSocket.last!
  act(() => ws.open())
  return ws
}

describe('A live game on the pool page', () => {
  it('updates the scoreboard and marks the Q1 winner from live updates, without a reload', async () => {
    let winners: Winner[] = []
    const fetch = open(livePool(), () => winners)
    const board = await screen.findByRole('region', { name: 'Live scoreboard' })
    expect(screen.getByRole('heading', { name: 'LIVE GAME BOARD' })).toBeInTheDocument()
    expect(screen.getByTestId('game-state')).toHaveTextContent('Q1')
    expect(within(board).getByTestId('period-Q1')).toHaveAttribute('aria-current', 'step')
    expect(within(board).getByTestId('period-Q1')).toHaveTextContent('3-0') // the running score of the period in play
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => urlOf(u).endsWith('/winners'))).toBe(true))
    expect(cell(3, 7)).toHaveAccessibleName('Row 4 (away 3), column 8 (home 7): owned by Dana D.')
    // At 3-0 in Q1 the square of away 3, home 0 would win Q1 if it ended now: the only one marked so.
    expect(screen.getByRole('gridcell', { name: /winning now/ })).toBe(cell(3, 0))
    expect(cell(3, 0)).toHaveAccessibleName('Q1 winning now, $225.00')
    expect(cell(3, 0)).toHaveAttribute('data-winning-now', 'Q1')

    // A touchdown and the end of Q1, as the server broadcasts them: 3-7 at the end of the quarter.
    const ws = await socket()
    const game = { ...livePool().game!, quarter: 2, awayScore: 3, homeScore: 7, awayScoreQ1: 3, homeScoreQ1: 7 }
    winners = [q1]
    act(() => ws.receive({ type: 'gameUpdate', gameId: 7, homeScore: 7, awayScore: 3, quarter: 2, status: 'live', game }))
    // (The query cache tells the page on its next tick.)
    await waitFor(() => expect(within(board).getByTestId('home-score')).toHaveTextContent('7'))
    // The '+7' popup and the star burst come from an effect after the new score renders: wait for them.
    expect(await within(board).findByText('+7')).toBeInTheDocument()
    expect(await within(board).findByTestId('star-burst')).toBeInTheDocument()
    expect(within(board).getByTestId('period-Q2')).toHaveAttribute('aria-current', 'step')
    expect(within(board).getByTestId('period-Q1')).not.toHaveAttribute('aria-current')
    expect(within(board).getByTestId('period-Q1')).toHaveTextContent('3-7')

    // The winners are re-read: the square is named and shown as Q1's winner. At 3-7 in Q2 it would also win
    // Q2 if it ended now.
    await waitFor(() => expect(cell(3, 7)).toHaveAccessibleName('Q1 winner, $225.00, Dana D.; Q2 winning now, $225.00, Dana D.'))
    expect(cell(3, 7)).toHaveAttribute('data-winner', 'Q1')
    expect(cell(3, 7)).toHaveAttribute('data-winning-now', 'Q2')
    expect(screen.getAllByRole('gridcell', { name: /winning now/ })).toEqual([cell(3, 7)])
    expect(screen.getByTestId('game-state')).toHaveTextContent('Q2')
    const q1Row = screen.getByTestId('winner-Q1')
    expect(q1Row).toHaveTextContent('Dana D.')
    expect(q1Row).toHaveTextContent('$225.00')
    expect(screen.getByTestId('winner-Q2')).toHaveTextContent('Not decided yet')

    // The final: no period in play, nothing winning now, and the board is no longer live.
    act(() => ws.receive({ type: 'poolUpdate', poolId: 31, gameUpdate: { type: 'gameUpdate', gameId: 7, game: { ...game, status: 'completed', quarter: 4 } } }))
    await waitFor(() => expect(screen.getByTestId('game-state')).toHaveTextContent('Final'))
    expect(screen.getByRole('heading', { name: 'FINAL BOARD' })).toBeInTheDocument()
    expect(screen.queryByText('LIVE GAME BOARD')).not.toBeInTheDocument()
    expect(within(board).queryByRole('generic', { current: 'step' })).not.toBeInTheDocument()
    expect(screen.queryByRole('gridcell', { name: /winning now/ })).not.toBeInTheDocument()
    expect(cell(3, 7)).toHaveAccessibleName('Q1 winner, $225.00, Dana D.')
  }, 20_000)

  it('shows a full pool waiting for kickoff as Pre-game, once, with no live badge and nothing winning now', async () => {
    open(livePool({ status: 'scheduled', quarter: 0, awayScore: null, homeScore: null, gameDate: later(3) }, { status: 'full' }), () => [])
    await screen.findByRole('region', { name: 'Live scoreboard' })
    const ws = await socket()
    expect(ws).toBeDefined()
    await waitFor(() => expect(screen.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'connected'))
    expect(screen.getByTestId('connection-indicator')).toHaveTextContent(/^Connected$/)
    expect(screen.getByTestId('game-state')).toHaveTextContent('Pre-game')
    expect(screen.getAllByText('Pre-game')).toHaveLength(1)
    expect(screen.queryByText(/^(Live|LIVE|SCHEDULED)$/)).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'SQUARES BOARD' })).toBeInTheDocument()
    expect(screen.queryByRole('gridcell', { name: /winning now/ })).not.toBeInTheDocument()
    expect(screen.queryByTestId('decision-countdown')).not.toBeInTheDocument()
  })

  it('says Halftime between the halves, with no period in play and nothing winning now', async () => {
    open(livePool({ quarter: 2, awayScore: 10, homeScore: 14, awayScoreQ1: 3, homeScoreQ1: 7, awayScoreQ2: 10, homeScoreQ2: 14 }), () => [])
    const board = await screen.findByRole('region', { name: 'Live scoreboard' })
    expect(screen.getByTestId('game-state')).toHaveTextContent('Halftime')
    expect(screen.getByRole('heading', { name: 'LIVE GAME BOARD' })).toBeInTheDocument()
    expect(within(board).queryByRole('generic', { current: 'step' })).not.toBeInTheDocument()
    expect(screen.queryByRole('gridcell', { name: /winning now/ })).not.toBeInTheDocument()
  })

  it('marks the winning-now square in a free pool by its owner alone', async () => {
    open(livePool({ quarter: 3, awayScore: 13, homeScore: 17, awayScoreQ2: 10, homeScoreQ2: 14 }, { entryFee: '0.00', payouts: undefined }), () => [])
    await screen.findByRole('region', { name: 'Live scoreboard' })
    expect(screen.getByTestId('game-state')).toHaveTextContent('Q3')
    // Away 13 and home 17: row 3, column 7, Dana's square.
    expect(cell(3, 7)).toHaveAccessibleName('Q3 winning now, Dana D.')
  })

  it('counts down to the 2-hour decision of a pool that is not full', async () => {
    const due = new Date(Date.now() + (102 * 60 + 30) * 1000).toISOString()
    const pool = makePool({
      entryFee: '10.00',
      currentParticipants: 60,
      distinctPlayers: 12,
      decisionOutlook: { dueAt: due, action: 'cancel', minPlayers: 15, playersNeeded: 3, maxHouseSquares: 50, squaresFree: 40, squaresShort: 0 },
    })
    stubFetch({ [`GET /api/pools/${pool.id}`]: { body: pool }, [`GET /api/pools/${pool.id}/squares`]: { body: [] } })
    renderPage(<PoolDetailPage />, { path: '/pool/:id', at: `/pool/${pool.id}`, user: player })
    expect(await screen.findByTestId('decision-countdown')).toHaveTextContent('Decided in 1 h 42 min: needs 3 more players or it is cancelled and refunded')
    // No numbers drawn: no scoreboard and no winners are asked for.
    expect(screen.queryByRole('region', { name: 'Live scoreboard' })).not.toBeInTheDocument()
  })
})
