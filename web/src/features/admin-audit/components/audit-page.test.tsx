import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch, urlOf } from '@/test/utils'
import type { User } from '@/lib/types'
import { AuditPage } from './audit-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'restricted', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

// As the server answers them: the snapshots, the fields that changed (worked out by the server), the names.
const userUpdate = {
  id: 3, adminId: 1, adminName: 'boss', action: 'user.update', targetType: 'user', targetId: '7', userId: 7,
  before: { isAgeVerified: false, residenceState: 'NY', role: 'user' }, after: { isAgeVerified: true, residenceState: 'TX', role: 'user' },
  changes: [
    { field: 'isAgeVerified', before: false, after: true },
    { field: 'residenceState', before: 'NY', after: 'TX' },
  ],
  userName: 'Pat Lee', userEmail: 'pat@example.com',
  createdAt: '2026-11-23T15:00:00Z',
}
const poolStatus = {
  id: 2, adminName: 'system', action: 'pool.status', targetType: 'pool', targetId: '9', poolId: 9,
  before: { status: 'active' }, after: { status: 'cancelled' }, changes: [{ field: 'status', before: 'active', after: 'cancelled' }],
  poolName: '$5 Pool', game: { id: 4, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: '2026-11-29T21:25:00Z', week: 'W13' },
  reason: 'Too few players', createdAt: '2026-11-22T15:00:00Z',
}
const featured = {
  id: 1, adminId: 1, adminName: 'boss', action: 'pool.feature', targetType: 'pool', targetId: '9', poolId: 9,
  before: { name: '$5 Pool', status: 'active', isFeatured: false },
  after: { name: '$5 Pool', status: 'active', isFeatured: true, featuredReason: 'Game of the week', featuredUntil: '2026-11-30T01:00:00Z' },
  changes: [
    { field: 'isFeatured', before: false, after: true },
    { field: 'featuredReason', after: 'Game of the week' },
    { field: 'featuredUntil', after: '2026-11-30T01:00:00Z' },
  ],
  poolName: '$5 Pool', game: poolStatus.game, createdAt: '2026-11-21T15:00:00Z',
}
const users = [{ ...admin, createdAt: '2026-11-01T15:00:00Z', updatedAt: '2026-11-01T15:00:00Z', isDisabled: false }]

describe('AuditPage', () => {
  it('shows only the fields that changed, with names beside the ids and times in Eastern time', async () => {
    stubFetch({
      'GET /api/admin/users': { body: users },
      'GET /api/admin/audit?limit=25&offset=0': { body: { entries: [userUpdate, poolStatus, featured], total: 3, limit: 25, offset: 0 } },
    })
    renderPage(<AuditPage />, { user: admin })
    const [update, status, feature] = await screen.findAllByTestId('audit-entry')
    expect(update).toHaveTextContent('Pat Lee (pat@example.com) #7')
    expect(update).toHaveTextContent('by boss · Mon, Nov 23, 10:00 AM ET')
    expect(within(update).getAllByRole('term').map((t) => t.textContent)).toEqual(['isAgeVerified:', 'residenceState:'])
    expect(update).not.toHaveTextContent('role')
    expect(status).toHaveTextContent('$5 Pool #9 · Chiefs @ Bills, Sun 4:25 PM ET')
    expect(within(feature).getAllByRole('term').map((t) => t.textContent)).toEqual(['isFeatured:', 'featuredReason:', 'featuredUntil:'])
    expect(feature).toHaveTextContent('featuredReason:set to Game of the week')
    expect(feature).toHaveTextContent('featuredUntil:set to Sun, Nov 29, 8:00 PM ET')
    expect(feature).not.toHaveTextContent('name:')
  })

  it('lists entries newest first with before and after, filters and pages', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...poolStatus, id: 100 - i }))
    const fetch = stubFetch({
      'GET /api/admin/users': { body: users },
      'GET /api/admin/audit?limit=25&offset=0': { body: { entries: [userUpdate, poolStatus], total: 2, limit: 25, offset: 0 } },
      'GET /api/admin/audit?action=user.update&limit=25&offset=0': { body: { entries: [userUpdate], total: 1, limit: 25, offset: 0 } },
      'GET /api/admin/audit?adminId=1&limit=25&offset=0': { body: { entries: many, total: 30, limit: 25, offset: 0 } },
      'GET /api/admin/audit?adminId=1&limit=25&offset=25': { body: { entries: [userUpdate], total: 30, limit: 25, offset: 25 } },
      'GET /api/admin/audit?adminId=1&poolId=9&limit=25&offset=0': { body: { entries: [], total: 0, limit: 25, offset: 0 } },
    })
    const user = userEvent.setup()
    renderPage(<AuditPage />, { user: admin })
    const entries = await screen.findAllByTestId('audit-entry')
    expect(entries).toHaveLength(2)
    expect(entries[0]).toHaveTextContent('user.update')
    expect(entries[0]).toHaveTextContent('Pat Lee (pat@example.com) #7')
    expect(entries[0]).toHaveTextContent('by boss')
    expect(entries[0]).toHaveTextContent('isAgeVerified:no → yes')
    expect(entries[0]).toHaveTextContent('residenceState:NY → TX')
    expect(entries[1]).toHaveTextContent('$5 Pool #9')
    expect(entries[1]).toHaveTextContent('by system')
    expect(entries[1]).toHaveTextContent('status:active → cancelled')
    expect(entries[1]).toHaveTextContent('Reason: Too few players')
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Action'), 'user.update{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }))

    await user.selectOptions(screen.getByLabelText('Admin'), '1')
    await waitFor(() => expect(screen.getByText('Showing 1–25 of 30')).toBeInTheDocument())
    const pages = screen.getByRole('navigation', { name: 'Audit pages' })
    expect(within(pages).getByRole('button', { name: /Newer/ })).toBeDisabled()
    await user.click(within(pages).getByRole('button', { name: /Older/ }))
    await waitFor(() => expect(screen.getByText('Showing 26–26 of 30')).toBeInTheDocument())
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Pool ID'), '9{Enter}')
    expect(await screen.findByText('No audit entries match these filters.')).toBeInTheDocument()
    expect(fetch.mock.calls.map(([u]) => urlOf(u))).toContain('/api/admin/audit?adminId=1&poolId=9&limit=25&offset=0')
  })

  it('opens on a user given in the address', async () => {
    stubFetch({
      'GET /api/admin/users': { body: users },
      'GET /api/admin/audit?userId=7&limit=25&offset=0': { body: { entries: [userUpdate], total: 1, limit: 25, offset: 0 } },
    })
    renderPage(<AuditPage />, { user: admin, path: '/admin/audit', at: '/admin/audit?userId=7' })
    expect(await screen.findAllByTestId('audit-entry')).toHaveLength(1)
    expect(screen.getByLabelText('User ID')).toHaveValue('7')
  })
})
