import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch } from '@/test/utils'
import type { User } from '@/lib/types'
import { AdminDashboardPage } from './admin-dashboard-page'
import { ReadinessChecklist } from './readiness-checklist'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

const checks = [
  { key: 'mode', label: 'Server mode', ok: true, detail: 'Production mode: secure cookies, no developer pages' },
  { key: 'database', label: 'Database', ok: true, detail: 'PostgreSQL, schema version 4, up to date' },
  { key: 'payments', label: 'Payments', ok: false, detail: 'Sandbox: built-in test cards only, no real money' },
  { key: 'games', label: 'Games imported', ok: true, detail: '272 games, 18 still to play' },
  { key: 'scores', label: 'Score feed', ok: false, detail: 'No live score feed' },
]

describe('ReadinessChecklist', () => {
  it('lists what the server reports, each marked ready or not, with a count', async () => {
    stubFetch({ 'GET /api/admin/readiness': { body: checks } })
    renderPage(<ReadinessChecklist />, { user: admin })
    const list = await screen.findByRole('list', { name: 'Readiness checks' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(5)
    expect(items[1]).toHaveTextContent('Database')
    expect(items[1]).toHaveTextContent('PostgreSQL, schema version 4, up to date')
    expect(within(items[1]).getByText('Ready')).toHaveClass('sr-only')
    expect(within(items[2]).getByText('Not ready')).toHaveClass('sr-only')
    expect(items[2]).toHaveTextContent('Sandbox: built-in test cards only, no real money')
    expect(screen.getByText('3 of 5 ready')).toBeInTheDocument()
  })

  it('shows a loading state, then an error with a retry that loads the checks', async () => {
    let fail = true
    stubFetch({
      'GET /api/admin/readiness': () => (fail ? { status: 500, body: { message: 'Internal error', code: 'internal' } } : { body: checks }),
    })
    renderPage(<ReadinessChecklist />, { user: admin })
    expect(screen.getByLabelText('Loading readiness checks')).toHaveAttribute('aria-busy', 'true')
    expect(await screen.findByText("Couldn't load the readiness checks")).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Readiness checks' })).not.toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Readiness checks' })).toBeInTheDocument()
    expect(screen.queryByText("Couldn't load the readiness checks")).not.toBeInTheDocument()
  })

  it('says so when the server reports no checks', async () => {
    stubFetch({ 'GET /api/admin/readiness': { body: [] } })
    renderPage(<ReadinessChecklist />, { user: admin })
    expect(await screen.findByText('The server reported no checks.')).toBeInTheDocument()
  })

  it('is the dashboard checklist: no static ticks for features the server does not have', async () => {
    stubFetch({
      'GET /api/admin/readiness': { body: checks },
      'GET /api/pools': { body: [] },
      'GET /api/public/stats': { body: { totalUsers: 0, totalRevenue: '0.00', revenueToday: '0.00' } },
    })
    renderPage(<AdminDashboardPage />, { user: admin, path: '/production-dashboard' })
    expect(await screen.findByText('No live score feed')).toBeInTheDocument()
    expect(screen.queryByText(/Automated 2-hour decision/)).not.toBeInTheDocument()
    expect(screen.queryByText(/Payments held until the game completes/)).not.toBeInTheDocument()
  })
})
