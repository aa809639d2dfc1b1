import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch } from '@/test/utils'
import type { User } from '@/lib/types'
import { PoolActivationCenterPage } from './pool-activation-center-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

const leagues = [
  { id: 1, name: 'NFL', displayName: 'National Football League', sport: 'football', isActive: true, activeWeek: 'W3' },
  { id: 2, name: 'NBA', displayName: 'NBA', sport: 'basketball', isActive: true, activeWeek: null },
]
const game = { id: 7, leagueId: 1, homeTeam: 'Buffalo Bills', awayTeam: 'Miami Dolphins', gameDate: '2026-09-20T17:00:00Z',
  status: 'scheduled', homeScore: null, awayScore: null, quarter: 0, week: 'W3' }
const pool = (id: number, name: string, entryFee: string, status: string, extra = {}) => ({
  id, name, gameId: 7, game, entryFee, totalPot: '0.00', currentParticipants: 0, maxParticipants: 100, maxSquaresPerPlayer: 5,
  status, numbersGenerated: false, homeNumbers: null, awayNumbers: null, isFeatured: false, featuredReason: null, featuredUntil: null, ...extra,
})
const pools = [pool(31, 'Free Pool', '0.00', 'active'), pool(32, '$1 Pool', '1.00', 'draft'), pool(33, '$5 Pool', '5.00', 'inactive')]

const base = {
  'GET /api/leagues': { body: leagues },
  'GET /api/simple-games/1': { body: [game] },
  'GET /api/simple-games/2': { body: [{ ...game, id: 9, leagueId: 2, week: 'W2' }, { ...game, id: 10, leagueId: 2, week: 'PS1' }, { ...game, id: 11, leagueId: 2, week: 'W10' }] },
  'GET /api/admin/pools?leagueId=1&week=W3': { body: pools },
}

describe('PoolActivationCenterPage', () => {
  it("tells a player it is for admins, with the spec's text and a link to the admin login", () => {
    renderPage(<PoolActivationCenterPage />, { user: player })
    expect(screen.getByText('Access Denied: Admin authentication required to access the Pool Activation Center.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Admin Login' })).toHaveAttribute('href', '/admin-login')
  })

  it('lists the NFL weeks in order, and keeps Create Missing Pools disabled until a week is chosen', async () => {
    const fetch = stubFetch({ ...base, 'POST /api/admin/emergency-pools': { body: { totalPools: 2, gameCount: 1 } } })
    renderPage(<PoolActivationCenterPage />, { user: admin })
    const week = screen.getByLabelText('Week')
    const options = within(week).getAllByRole('option').map((o) => o.textContent)
    expect(options.slice(0, 6)).toEqual(['Select a week', 'PS1', 'PS2', 'PS3', 'PS4', 'W1'])
    expect(options.slice(-5)).toEqual(['W18', 'Wild Card', 'Divisional Round', 'Conference Championship', 'Super Bowl'])
    const create = screen.getByRole('button', { name: 'Create Missing Pools' })
    expect(create).toBeDisabled()
    const user = userEvent.setup()
    await user.selectOptions(week, 'W3')
    expect(create).toBeEnabled()
    await user.click(create)
    expect(bodyOf(fetch, 'POST', '/api/admin/emergency-pools')).toEqual({ leagueId: 1, week: 'W3' })
    expect(await screen.findByText('2 pools created for 1 games')).toBeInTheDocument()
  })

  it("opens on the league's active week, and on the other league's when the league changes", async () => {
    stubFetch({
      ...base,
      'GET /api/leagues/1/active-week': { body: { leagueId: 1, activeWeek: 'W3' } },
      'GET /api/leagues/2/active-week': { body: { leagueId: 2, activeWeek: 'W10' } },
      'GET /api/admin/pools?leagueId=2&week=W10': { body: [] },
    })
    renderPage(<PoolActivationCenterPage />, { user: admin })
    // No choice made: the active week's pools are there.
    const list = await screen.findByRole('list', { name: 'Pools of the week' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    const week = screen.getByLabelText('Week')
    expect(week).toHaveValue('W3')
    expect(within(week).getByRole('option', { selected: true })).toHaveTextContent('W3 (active week)')
    expect(screen.getByRole('button', { name: 'Create Missing Pools' })).toBeEnabled()

    const user = userEvent.setup()
    await screen.findByRole('option', { name: 'NBA' })
    await user.selectOptions(screen.getByLabelText('League'), '2')
    expect(await screen.findByText(/No pools for W10/)).toBeInTheDocument()
    expect(screen.getByLabelText('Week')).toHaveValue('W10')

    // Choosing no week is a choice too.
    await user.selectOptions(screen.getByLabelText('Week'), '')
    expect(screen.getByText('Select a week to see its pools.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create Missing Pools' })).toBeDisabled()
  })

  it('orders weeks of other leagues from their games: preseason first, then Week N numerically', async () => {
    stubFetch(base)
    renderPage(<PoolActivationCenterPage />, { user: admin })
    const user = userEvent.setup()
    await screen.findByRole('option', { name: 'NBA' })
    await user.selectOptions(screen.getByLabelText('League'), '2')
    const week = screen.getByLabelText('Week')
    await screen.findByRole('option', { name: 'W10' })
    expect(within(week).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a week', 'PS1', 'W2', 'W10'])
  })

  it('shows the week summary and pool cards, and activates the selection with the refusals in the toast', async () => {
    const fetch = stubFetch({
      ...base,
      'POST /api/admin/pools/activate-multiple': {
        body: { activatedCount: 1, totalRequested: 2, refused: [{ poolId: 31, message: 'Free Pool is already active.' }] },
      },
    })
    renderPage(<PoolActivationCenterPage />, { user: admin })
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Week'), 'W3')
    const list = await screen.findByRole('list', { name: 'Pools of the week' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    const summary = screen.getByLabelText('Week summary')
    expect(summary).toHaveTextContent('Pools3')
    expect(summary).toHaveTextContent('Active1')
    expect(within(list).getByRole('listitem', { name: 'Free Pool #31' })).toHaveTextContent('Dolphins @ Bills, Sun 1:00 PM ET')

    await user.click(screen.getByRole('button', { name: 'Activate Selected' }))
    expect(await screen.findByText('No pools selected')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: /Free Pool/ }))
    await user.click(screen.getByRole('checkbox', { name: /\$1 Pool/ }))
    await user.click(screen.getByRole('button', { name: 'Activate Selected' }))
    expect(bodyOf(fetch, 'POST', '/api/admin/pools/activate-multiple')).toEqual({ poolIds: [31, 32] })
    expect(await screen.findByText('Bulk Activation Complete')).toBeInTheDocument()
    expect(screen.getByText(/1 of 2 pools activated successfully/)).toBeInTheDocument()
    expect(screen.getByText('Free Pool #31: Free Pool is already active.')).toBeInTheDocument()
  })

  it('sets a pool featured with a reason and an end in Eastern time', async () => {
    const fetch = stubFetch({ ...base, 'POST /api/admin/pools/32/feature': { body: pool(32, '$1 Pool', '1.00', 'draft', { isFeatured: true }) } })
    renderPage(<PoolActivationCenterPage />, { user: admin })
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Week'), 'W3')
    const card = within(await screen.findByRole('listitem', { name: '$1 Pool #32' }))
    await user.click(card.getByRole('button', { name: 'Set Featured' }))
    const until = screen.getByLabelText('Featured until (Eastern time)')
    await user.clear(until)
    await user.type(until, '2026-09-27T20:00')
    await user.click(screen.getByRole('button', { name: 'Set featured' }))
    expect(bodyOf(fetch, 'POST', '/api/admin/pools/32/feature')).toEqual({ featuredReason: 'Pool of the Week', featuredUntil: '2026-09-28T00:00:00.000Z' })
    expect(await screen.findByText('Pool Featured')).toBeInTheDocument()
  })

  it("says so when the pools cannot be loaded", async () => {
    stubFetch({ ...base, 'GET /api/admin/pools?leagueId=1&week=W3': { status: 500, body: { message: 'database unavailable' } } })
    renderPage(<PoolActivationCenterPage />, { user: admin })
    await userEvent.setup().selectOptions(screen.getByLabelText('Week'), 'W3')
    expect(await screen.findByText('Error loading pools')).toBeInTheDocument()
    expect(screen.getByText('database unavailable')).toBeInTheDocument()
    expect(screen.getByText("Make sure you're logged in as an admin")).toBeInTheDocument()
  })
})
