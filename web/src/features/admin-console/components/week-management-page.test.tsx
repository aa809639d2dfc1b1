import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, renderPage, stubFetch } from '@/test/utils'
import { makePool } from '@/test/pool'
import type { League } from '@/lib/types'
import { WeekManagementPage } from './week-management-page'
import { admin, adminNamedPlayer } from '@/test/admin'

const leagues: League[] = [
  { id: 1, name: 'NFL', displayName: 'NFL', sport: 'football', isActive: true, activeWeek: 'W12' },
  { id: 2, name: 'NBA', displayName: 'NBA', sport: 'basketball', isActive: true, activeWeek: null },
]

describe('WeekManagementPage', () => {
  it("shows the league's active week and advances it", async () => {
    let week = 'W12'
    const fetch = stubFetch({
      'GET /api/leagues': { body: leagues },
      'GET /api/admin/pools': { body: [makePool(), makePool({ id: 32, status: 'draft' })] },
      'GET /api/leagues/1/active-week': () => ({ body: { leagueId: 1, activeWeek: week } }),
      'GET /api/leagues/2/active-week': { body: { leagueId: 2, activeWeek: null } },
      'POST /api/leagues/1/active-week': (b) => {
        week = (b as { week: string }).week
        return { body: { leagueId: 1, activeWeek: week, message: 'Week Updated Successfully' } }
      },
    })
    renderPage(<WeekManagementPage />, { user: admin })
    const user = userEvent.setup()
    expect(await screen.findByTestId('active-week')).toHaveTextContent('W12')
    expect(await screen.findByText(/2 pools in W12/)).toHaveTextContent('1 visible to players')

    const options = Array.from(screen.getByLabelText<HTMLSelectElement>('New week').options).map((o) => o.value)
    expect(options).toEqual(['', 'HOF', 'PS1', 'PS2', 'PS3', 'PS4', ...Array.from({ length: 18 }, (_, i) => `W${i + 1}`), 'WC', 'DIV', 'CONF', 'SB'])

    await user.click(screen.getByRole('button', { name: 'Advance Week' }))
    expect(await screen.findByText('No Week Selected')).toBeInTheDocument()
    expect(screen.getByText('Please select a week to advance to')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('New week'), 'W13')
    await user.click(screen.getByRole('button', { name: 'Advance Week' }))
    expect(await screen.findByText('Week Updated Successfully')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/leagues/1/active-week')).toEqual({ week: 'W13' })
    await waitFor(() => expect(screen.getByTestId('active-week')).toHaveTextContent('W13'))

    await user.selectOptions(screen.getByLabelText('League'), '2')
    await waitFor(() => expect(screen.getByTestId('active-week')).toHaveTextContent('None: players see every week'))
  })

  it("shows the server's refusal", async () => {
    stubFetch({
      'GET /api/leagues': { body: leagues },
      'GET /api/admin/pools': { body: [] },
      'GET /api/leagues/1/active-week': { body: { leagueId: 1, activeWeek: null } },
      'POST /api/leagues/1/active-week': { status: 400, body: { message: 'Week must be one of HOF, PS1-PS4, W1-W18, WC, DIV, CONF, SB', code: 'invalid' } },
    })
    renderPage(<WeekManagementPage />, { user: admin })
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByLabelText('New week'), 'SB')
    await user.click(screen.getByRole('button', { name: 'Advance Week' }))
    expect(await screen.findByText('Update Failed')).toBeInTheDocument()
    expect(screen.getByText('Week must be one of HOF, PS1-PS4, W1-W18, WC, DIV, CONF, SB')).toBeInTheDocument()
  })

  it('turns a player away', async () => {
    stubFetch({})
    renderPage(<WeekManagementPage />, { user: adminNamedPlayer })
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
  })
})
