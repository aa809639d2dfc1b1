import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FakeWebSocket } from '@/test/fake-websocket'
import { makePool as basePool, cell, later } from '@/test/pool'
import { bodyOf, player, renderPage, stubFetch, urlOf, jsonBody } from '@/test/utils'
import type { Pool, Square, User } from '@/lib/types'
import { PoolDetailPage } from './pool-detail-page'

// Two squares taken: Bo's and the house's.
const makePool = (over: Partial<Pool> = {}) => basePool({ currentParticipants: 2, distinctPlayers: 2, ...over })

const others: Square[] = [
  { id: 1, poolId: 31, userId: '40', row: 0, column: 1, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Bo', lastName: 'Diaz' }, status: 'owned' },
  { id: 2, poolId: 31, userId: 'admin', row: 9, column: 9, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'House', lastName: '' }, status: 'owned' },
]

// The assertion widens the default's inferred type so that callers may pass `user: null`; the rule reads it as a no-op.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
async function openPool({ pool = makePool(), squares = others, user = player as User | null, routes = {} } = {}) {
  const fetch = stubFetch({
    [`GET /api/pools/${pool.id}`]: { body: pool },
    [`GET /api/pools/${pool.id}/squares`]: { body: squares },
    ...routes,
  })
  const utils = renderPage(<PoolDetailPage />, { path: '/pool/:id', at: `/pool/${pool.id}`, user })
  await screen.findByRole('grid')
  await waitFor(() => expect(cell(0, 1)).toHaveAccessibleName(/owned by Bo D\./))
  return { ...utils, fetch, user: userEvent.setup() }
}

describe('Pool detail page', () => {
  it('shows Invalid Pool for a non-numeric id and goes to the dashboard', async () => {
    stubFetch({})
    renderPage(<PoolDetailPage />, { path: '/pool/:id', at: '/pool/abc', user: player })
    expect(screen.getByText('Invalid Pool')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'))
  })

  it('shows Pool Not Found when the pool cannot be read', async () => {
    stubFetch({})
    renderPage(<PoolDetailPage />, { path: '/pool/:id', at: '/pool/999', user: player })
    expect(await screen.findByText('Pool Not Found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
  })

  it('shows the header, the board stats and the pool information', async () => {
    await openPool()
    expect(screen.getByRole('heading', { name: 'Free Pool' })).toBeInTheDocument()
    expect(screen.getByText('AVAILABLE')).toBeInTheDocument()
    // Before kickoff the board is no live game board, and the game's state says so once.
    expect(screen.getByRole('heading', { name: 'SQUARES BOARD' })).toBeInTheDocument()
    expect(screen.queryByText('LIVE GAME BOARD')).not.toBeInTheDocument()
    expect(screen.getByTestId('game-state')).toHaveTextContent('Pre-game')
    expect(screen.getAllByText('Pre-game')).toHaveLength(1)
    expect(screen.queryByText(/^(SCHEDULED|Live)$/)).not.toBeInTheDocument()
    expect(screen.getByTestId('squares-claimed')).toHaveTextContent('2/100')
    expect(screen.getByText('Pool Information')).toBeInTheDocument()
    expect(screen.getAllByText('FREE').length).toBeGreaterThan(0)
    expect(screen.getByText('How to Play')).toBeInTheDocument()
    expect(screen.getByText('No withdrawals')).toBeInTheDocument()
    expect(screen.getByText('Game Rules')).toBeInTheDocument()
    // A free pool's wins are bragging rights: nothing is said of claims or deadlines.
    expect(screen.queryByText(/claim prizes|30 days|forfeit/i)).not.toBeInTheDocument()
    expect(screen.getByText('How to Win Big:')).toBeInTheDocument()
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0/5')
  })

  it('refuses a sixth square with the Selection Limit Reached toast', async () => {
    const { user } = await openPool()
    for (const c of [2, 3, 4, 5, 6]) await user.click(cell(1, c))
    expect(screen.getByTestId('cart-count')).toHaveTextContent('5/5')
    await user.click(cell(1, 7))
    expect(await screen.findByText('Selection Limit Reached')).toBeInTheDocument()
    expect(screen.getByText('You can only select 5 squares at a time. Remove a selected square first to select a different one.')).toBeInTheDocument()
    expect(cell(1, 7)).toHaveAttribute('aria-selected', 'false')
    // Clicking a selected square deselects it, which makes room again.
    await user.click(cell(1, 2))
    await user.click(cell(1, 7))
    expect(cell(1, 7)).toHaveAttribute('aria-selected', 'true')
  })

  it('counts the squares the player already has against the pool limit', async () => {
    const mine: Square[] = [0, 1, 2].map((c, i) => ({ id: 10 + i, poolId: 31, userId: player.id, row: 5, column: c, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Ann', lastName: 'Lee' }, status: 'owned' }))
    const { user } = await openPool({ squares: [...others, ...mine] })
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0/2')
    expect(screen.getByText('Your Squares')).toBeInTheDocument()
    expect(screen.getByText('Ready to Play')).toBeInTheDocument()
    await user.click(cell(1, 1))
    await user.click(cell(1, 2))
    await user.click(cell(1, 3))
    expect(await screen.findByText('Selection Limit Reached')).toBeInTheDocument()
    expect(screen.getByText(/You already have 3 of your 5 squares in this pool/)).toBeInTheDocument()
  })

  it('explains taken squares and an empty cart', async () => {
    const { user } = await openPool()
    await user.click(cell(0, 1))
    expect(await screen.findByText('Square Unavailable')).toBeInTheDocument()
    expect(screen.getByText('This square is already owned by another player.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Claim Squares' }))
    expect(await screen.findByText('No Squares Selected')).toBeInTheDocument()
    expect(screen.getByText('Please select at least one square to purchase.')).toBeInTheDocument()
  })

  it('claims free squares one call each, then clears the cart', async () => {
    const claimed = (row: number, column: number): Square => ({ id: 50 + column, poolId: 31, userId: player.id, row, column, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Ann', lastName: 'Lee' }, status: 'owned' })
    const taken = [...others]
    const { user, fetch } = await openPool({
      routes: {
        'GET /api/pools/31/squares': () => ({ body: taken }),
        'POST /api/pools/31/squares': (body: unknown) => {
          const b = body as { row: number; column: number }
          taken.push(claimed(b.row, b.column))
          return { status: 201, body: { square: claimed(b.row, b.column), pool: makePool({ currentParticipants: taken.length }) } }
        },
      },
    })
    await user.click(cell(3, 3))
    await user.keyboard('{ArrowRight}{Enter}')
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2/5')
    await user.click(screen.getByRole('button', { name: 'Claim Squares' }))
    // The toast (the board's header says "Squares claimed" too: look inside the toast).
    const toast = (await screen.findByText("You've successfully claimed 2 squares.")).closest('[data-sonner-toast]') as HTMLElement
    expect(within(toast).getByText('Squares claimed')).toBeInTheDocument()
    expect(screen.queryByText('Squares Purchased!')).not.toBeInTheDocument()
    const posts = fetch.mock.calls.filter(([u, init]) => urlOf(u).endsWith('/api/pools/31/squares') && init?.method === 'POST')
    expect(posts.map(([, init]) => jsonBody(init))).toEqual([
      { row: 3, column: 3 },
      { row: 3, column: 4 },
    ])
    expect(bodyOf(fetch, 'POST', '/api/pools/31/squares')).toEqual({ row: 3, column: 3 })
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('0/3'))
    expect(cell(3, 3)).toHaveAccessibleName('Row 4, column 4: your square')
  })

  it("shows the server's message when a claim is refused", async () => {
    const { user } = await openPool({
      routes: { 'POST /api/pools/31/squares': { status: 422, body: { message: 'Sales for this pool have closed: its game kicks off soon.', code: 'unprocessable' } } },
    })
    await user.click(cell(3, 3))
    await user.click(screen.getByRole('button', { name: 'Claim Squares' }))
    expect(await screen.findByText('Sales for this pool have closed: its game kicks off soon.')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
  })

  it('asks a signed-out visitor to sign in to buy, but shows the board', async () => {
    const { user } = await openPool({ user: null })
    await user.click(cell(3, 3))
    await user.click(screen.getByRole('button', { name: 'Claim Squares' }))
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument()
    expect(screen.getByText('Please sign in to purchase squares.')).toBeInTheDocument()
  })

  it('sends a paid cart to checkout with the squares, prices and amount', async () => {
    const { user, router } = await openPool({ pool: makePool({ name: '$5 Pool', entryFee: '5.00', totalPot: '10.00', salesOpenAt: later(-100) }) })
    await user.click(cell(2, 3))
    await user.click(cell(4, 5))
    await user.click(screen.getByRole('button', { name: /Checkout/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'))
    const q = new URLSearchParams(router.state.location.search)
    expect(q.get('poolId')).toBe('31')
    expect(q.get('amount')).toBe('10.00')
    expect(JSON.parse(q.get('squares')!)).toEqual([
      { row: 2, column: 3, price: '5.00' },
      { row: 4, column: 5, price: '5.00' },
    ])
  })

  it('tells players to verify their age, and non-eligible players that paid pools are closed to them', async () => {
    await openPool({ user: { ...player, isAgeVerified: false, isEligibleToBet: false } })
    expect(screen.getByText('Verify your age to play')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Verify now' })).toHaveAttribute('href', '/age-verification')
    expect(screen.getByRole('button', { name: 'Claim Squares' })).toBeDisabled()
  })

  it('tells a player who may not play paid pools so', async () => {
    await openPool({ pool: makePool({ entryFee: '5.00' }), user: { ...player, isEligibleToBet: false } })
    expect(screen.getByText('Paid pools are not available in your state')).toBeInTheDocument()
  })

  it('gives admins a read-only board without a cart; a square shows its owner', async () => {
    const admin: User = { ...player, id: '1', role: 'admin' }
    const { user } = await openPool({ user: admin })
    expect(screen.getByText(/ADMIN VIEW/)).toBeInTheDocument()
    expect(screen.queryByText('Selected Squares')).not.toBeInTheDocument()
    expect(screen.getByRole('grid')).toHaveAttribute('aria-readonly', 'true')
    await user.click(cell(0, 1))
    expect(await screen.findByText('Owned by Bo D.')).toBeInTheDocument()
  })

  it('updates the board live from the socket: taken, held and released squares, and the pool', async () => {
    const { user } = await openPool()
    await user.click(cell(4, 4))
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined())
    const ws = FakeWebSocket.last!
    act(() => ws.open())
    expect(ws.sent).toEqual([
      { type: 'subscribe', poolId: 31 },
      { type: 'subscribeToGame', gameId: 7 },
    ])
    act(() =>
      ws.receive({
        type: 'poolUpdate',
        poolId: 31,
        pool: makePool({ currentParticipants: 3, userSquareCount: 0 }),
        squares: [
          { id: 9, poolId: 31, userId: '41', row: 4, column: 4, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Cy', lastName: 'Fox' }, status: 'owned' },
          { id: 10, poolId: 31, userId: '42', row: 6, column: 6, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Di', lastName: 'Ng' }, status: 'held' },
        ],
        released: [{ row: 0, column: 1 }],
      }),
    )
    expect(cell(4, 4)).toHaveAccessibleName('Row 5, column 5: owned by Cy F.')
    expect(cell(6, 6)).toHaveAccessibleName('Row 7, column 7: reserved while another player pays')
    expect(cell(0, 1)).toHaveAccessibleName('Row 1, column 2: available')
    expect(screen.getByTestId('squares-claimed')).toHaveTextContent('3/100')
    // The square the player had selected left the cart, and the change was announced.
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('0/5'))
    expect(screen.getByTestId('board-announcer')).toHaveTextContent('Row 5, column 5 was just taken by Cy F.')

    // A score update reaches the pool's game.
    act(() => ws.receive({ type: 'gameUpdate', gameId: 7, homeScore: 7, awayScore: 3, quarter: 1, status: 'live' }))
    expect(await screen.findByRole('heading', { name: 'LIVE GAME BOARD' })).toBeInTheDocument()
    expect(screen.getByTestId('game-state')).toHaveTextContent('Q1')
    expect(within(screen.getByLabelText('Live scoreboard')).getByTestId('home-score')).toHaveTextContent('7')
  })
})
