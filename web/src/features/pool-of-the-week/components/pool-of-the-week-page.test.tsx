import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { player, renderPage, stubFetch } from '@/test/utils'
import { makePool } from '@/test/pool'
import { PoolOfTheWeekPage } from './pool-of-the-week-page'

// Sun Nov 29 2026, 1:00 PM in New York.
const kickoff = '2026-11-29T18:00:00Z'
const featured = makePool({
  id: 44,
  name: '$5 Pool',
  entryFee: '5.00',
  currentParticipants: 37,
  houseFeePercent: 10,
  prizePoolIfFull: '450.00',
  featuredReason: 'Thanksgiving weekend showdown',
  game: { ...makePool().game!, gameDate: kickoff, week: 'W13' },
})

function show(pool: unknown, status = 200) {
  stubFetch({ 'GET /api/pools/featured': { status, body: pool }, 'GET /api/pools/44/squares': { body: squares } })
  return renderPage(<PoolOfTheWeekPage />, { path: '/pool-of-the-week', user: player })
}

const squares = [
  { id: 1, poolId: 44, userId: '12', row: 0, column: 0, user: { firstName: 'Ann', lastName: 'Lee' } },
  { id: 2, poolId: 44, userId: 'admin', row: 9, column: 9 },
]

describe('Pool of the Week', () => {
  it('shows the featured pool as the spec lists it', async () => {
    show(featured)
    expect(await screen.findByText('$5 Pool')).toBeInTheDocument()
    expect(screen.getByText('Kansas City Chiefs')).toBeInTheDocument()
    expect(screen.getByText('Buffalo Bills')).toBeInTheDocument()
    expect(screen.getByText('@')).toBeInTheDocument()
    expect(screen.getByText('Thanksgiving weekend showdown')).toBeInTheDocument()
    expect(screen.getByText('Week 13')).toBeInTheDocument()
    expect(screen.getByText('Sunday, November 29, 2026 · 1:00 PM ET')).toBeInTheDocument()
    expect(screen.getByText('UPCOMING')).toBeInTheDocument()
    expect(screen.getByTestId('entry-fee')).toHaveTextContent('$5.00')
    expect(screen.getByTestId('participants')).toHaveTextContent('Participants37 / 100')
    // The server's prize pool if full: 5.00 x 100, less its 10%.
    expect(screen.getByTestId('prize-pool')).toHaveTextContent('$450.00')
    expect(screen.getByRole('link', { name: 'Join This Pool' })).toHaveAttribute('href', '/pools/44')
    expect(screen.getByRole('link', { name: /All pools/ })).toHaveAttribute('href', '/dashboard')
  })

  it('shows the prize pool the server says, never one of its own making', async () => {
    // A non-profit pool: the server keeps 5%, and says $475.00.
    show({ ...featured, isNonprofit: true, houseFeePercent: 5, prizePoolIfFull: '475.00' })
    expect(await screen.findByTestId('prize-pool')).toHaveTextContent('$475.00')
  })

  it('shows no figure rather than a guess when the server gave none', async () => {
    show({ ...featured, prizePoolIfFull: undefined })
    expect(await screen.findByTestId('prize-pool')).toHaveTextContent('Prize pool—')
  })

  it('shows LIVE while the game is played and COMPLETED after', async () => {
    show({ ...featured, status: 'started', game: { ...featured.game, status: '2Q' } })
    expect(await screen.findByText('LIVE')).toBeInTheDocument()
  })

  it('shows COMPLETED once the pool is over', async () => {
    show({ ...featured, status: 'completed', game: { ...featured.game, status: 'completed' } })
    expect(await screen.findByText('COMPLETED')).toBeInTheDocument()
  })

  it('opens the details dialog with the read-only board once numbers exist', async () => {
    const user = userEvent.setup()
    show({ ...featured, status: 'full', currentParticipants: 100, numbersGenerated: true, homeNumbers: [3, 1, 4, 0, 5, 9, 2, 6, 8, 7], awayNumbers: '7,8,6,2,9,5,0,4,1,3' })
    await user.click(await screen.findByRole('button', { name: 'View Pool Details' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Kansas City Chiefs @ Buffalo Bills')).toBeInTheDocument()
    expect(within(dialog).getByText('Yes')).toBeInTheDocument()
    expect(within(dialog).getByText('FULL')).toBeInTheDocument()
    const grid = await within(dialog).findByRole('grid', { name: 'Pool board' })
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['3', '1', '4', '0', '5', '9', '2', '6', '8', '7'])
    expect(within(grid).getAllByRole('rowheader')[0]).toHaveTextContent('7')
    expect(within(grid).getByTitle('Ann Lee')).toBeInTheDocument()
    expect(within(grid).getByTitle('House')).toBeInTheDocument()
  })

  it('says the board comes after the draw while numbers do not exist', async () => {
    const user = userEvent.setup()
    show(featured)
    await user.click(await screen.findByRole('button', { name: 'View Pool Details' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Not yet')).toBeInTheDocument()
    expect(within(dialog).queryByRole('grid')).not.toBeInTheDocument()
  })

  it('shows a loading state until the answer comes', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})))
    renderPage(<PoolOfTheWeekPage />, { path: '/pool-of-the-week', user: player })
    expect(await screen.findByRole('status')).toHaveTextContent('Loading Pool of the Week')
    expect(screen.queryByText('No Pool of the Week')).not.toBeInTheDocument()
  })

  it('says there is no Pool of the Week and links to all pools', async () => {
    show(null)
    expect(await screen.findByText('No Pool of the Week')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse All Pools' })).toHaveAttribute('href', '/dashboard')
  })

  it('says the pool could not be loaded rather than that there is none', async () => {
    show({ message: 'Internal error' }, 500)
    expect(await screen.findByText('The Pool of the Week could not be loaded. Please try again later.')).toBeInTheDocument()
    expect(screen.queryByText('No Pool of the Week')).not.toBeInTheDocument()
  })
})
