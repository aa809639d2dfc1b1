import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, renderPage, stubFetch } from '@/test/utils'
import type { User } from '@/lib/types'
import { PoolManagementPage } from './pool-management-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

const bills = { id: 7, leagueId: 1, homeTeam: 'Buffalo Bills', awayTeam: 'Miami Dolphins', gameDate: '2026-09-20T17:00:00Z',
  status: 'scheduled', homeScore: null, awayScore: null, quarter: 0, week: 'W3' }
const chiefs = { ...bills, id: 8, homeTeam: 'Kansas City Chiefs', awayTeam: 'Denver Broncos', gameDate: '2026-09-13T20:25:00Z', week: 'W2' }
const pool = (id: number, game: typeof bills, name: string, entryFee: string, status: string, extra = {}) => ({
  id, name, gameId: game.id, game, entryFee, totalPot: '0.00', currentParticipants: 0, maxParticipants: 100, maxSquaresPerPlayer: 5,
  status, numbersGenerated: false, homeNumbers: null, awayNumbers: null, isFeatured: false, featuredReason: null, featuredUntil: null, ...extra,
})
const pools = [
  pool(31, bills, 'Free Pool', '0.00', 'active', { currentParticipants: 2 }),
  pool(32, bills, '$5 Pool', '5.00', 'draft'),
  pool(41, chiefs, 'Free Pool', '0.00', 'cancelled'),
  pool(42, chiefs, '$5 Pool', '5.00', 'inactive'),
]
const routes = {
  'GET /api/leagues': { body: [{ id: 1, name: 'NFL', displayName: 'NFL', sport: 'football', isActive: true, activeWeek: null }] },
  'GET /api/simple-pools/1': { body: pools },
  'GET /api/simple-games/1': { body: [chiefs, bills] },
}

const rows = () => within(screen.getByRole('list', { name: 'Pools' })).getAllByRole('listitem')

describe('PoolManagementPage', () => {
  it('filters by week, team, price tier and status, with statistics of what is shown', async () => {
    stubFetch(routes)
    renderPage(<PoolManagementPage />, { path: '/admin-simple', at: '/admin-simple?league=1', user: admin })
    await screen.findByRole('list', { name: 'Pools' })
    expect(rows()).toHaveLength(4)
    // Each names its game: away @ home, the kickoff in Eastern time.
    expect(rows()[0]).toHaveTextContent('Dolphins @ Bills, Sun 1:00 PM ET')
    const user = userEvent.setup()
    expect(within(screen.getByLabelText('Week')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All weeks', 'W2', 'W3'])
    await user.selectOptions(screen.getByLabelText('Week'), 'W3')
    expect(rows()).toHaveLength(2)
    await user.selectOptions(screen.getByLabelText('Price Tier'), '5.00')
    expect(rows()).toHaveLength(1)
    expect(screen.getByLabelText('Statistics')).toHaveTextContent('Shown1')
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }))
    await user.selectOptions(screen.getByLabelText('Team'), 'Denver Broncos')
    expect(rows()).toHaveLength(2)
    await user.selectOptions(screen.getByLabelText('Status'), 'closed')
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['Free Pool #41'])
  })

  it('selects all the filtered pools and deactivates them, the refusals in the toast', async () => {
    const fetch = stubFetch({
      ...routes,
      'POST /api/admin/pools/deactivate-multiple': {
        body: { deactivatedCount: 1, totalRequested: 2, refused: [{ poolId: 32, message: 'A pool cannot go from draft to inactive.' }] },
      },
    })
    renderPage(<PoolManagementPage />, { path: '/admin-simple', user: admin })
    await screen.findByRole('list', { name: 'Pools' })
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Week'), 'W3')
    await user.click(screen.getByRole('button', { name: 'Select All' }))
    await user.click(screen.getByRole('button', { name: 'Deactivate (2)' }))
    expect(bodyOf(fetch, 'POST', '/api/admin/pools/deactivate-multiple')).toEqual({ poolIds: [31, 32] })
    expect(await screen.findByText('Bulk Deactivation Complete')).toBeInTheDocument()
    expect(screen.getByText('$5 Pool #32: A pool cannot go from draft to inactive.')).toBeInTheDocument()
  })

  it('creates a pool from a tier and a game, and asks for both first', async () => {
    const fetch = stubFetch({ ...routes, 'POST /api/simple-pools': { status: 201, body: pool(50, bills, '$10 Pool', '10.00', 'draft') } })
    renderPage(<PoolManagementPage />, { path: '/admin-simple', user: admin })
    await screen.findByRole('list', { name: 'Pools' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create Pool' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields')
    await user.selectOptions(screen.getByLabelText('Pool name'), '10.00')
    await user.selectOptions(screen.getByLabelText('Game'), '7')
    await user.click(screen.getByRole('button', { name: 'Create Pool' }))
    expect(bodyOf(fetch, 'POST', '/api/simple-pools')).toEqual({
      name: '$10 Pool', entryFee: '10.00', gameId: 7,
      gameInfo: { homeTeam: 'Buffalo Bills', awayTeam: 'Miami Dolphins', gameDate: '2026-09-20T17:00:00Z', week: 'W3' },
    })
    expect(await screen.findByText('Pool Created Successfully')).toBeInTheDocument()
  })

  it("deletes after a confirmation, and shows the server's refusal", async () => {
    stubFetch({ ...routes, 'DELETE /api/simple-pools/42': { status: 422, body: { message: 'A pool with squares or payments cannot be deleted; cancel it instead.', code: 'unprocessable' } } })
    renderPage(<PoolManagementPage />, { path: '/admin-simple', user: admin })
    const row = within(await screen.findByRole('listitem', { name: '$5 Pool #42' }))
    const user = userEvent.setup()
    await user.click(row.getByRole('button', { name: 'Delete' }))
    await user.click(row.getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Failed to Delete Pool')).toBeInTheDocument()
    expect(screen.getByText('A pool with squares or payments cannot be deleted; cancel it instead.')).toBeInTheDocument()
    // A pool with squares cannot be deleted at all.
    expect(within(screen.getByRole('listitem', { name: 'Free Pool #31' })).getByRole('button', { name: 'Delete' })).toBeDisabled()
  })

  it("opens a pool's detail with its grid, '?' in the headers before the numbers are drawn", async () => {
    stubFetch({
      ...routes,
      'GET /api/pools/31/squares': { body: [{ id: 1, poolId: 31, userId: '12', row: 2, column: 3, user: { firstName: 'Ann', lastName: 'Lee' } }] },
    })
    renderPage(<PoolManagementPage />, { path: '/admin-simple', user: admin })
    const row = within(await screen.findByRole('listitem', { name: 'Free Pool #31' }))
    await userEvent.setup().click(row.getByRole('button', { name: 'View' }))
    const grid = await screen.findByRole('grid', { name: 'Pool grid' })
    const heads = within(grid).getAllByRole('columnheader').slice(1)
    expect(heads.map((h) => h.textContent)).toEqual(Array(10).fill('?'))
    expect(within(grid).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(Array(10).fill('?'))
    expect(within(grid).getByRole('gridcell', { name: 'Row 2, column 3: Ann L' })).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toHaveTextContent('Dolphins @ Bills, Sun 1:00 PM ET')
  })
})
