import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch, urlOf } from '@/test/utils'
import type { User } from '@/lib/types'
import { AuditPage } from './audit-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'restricted',
}

const userUpdate = {
  id: 3, adminId: 1, adminName: 'boss', action: 'user.update', targetType: 'user', targetId: '7', userId: 7,
  before: { isAgeVerified: false, residenceState: 'NY' }, after: { isAgeVerified: true, residenceState: 'TX' },
  createdAt: '2026-11-23T15:00:00Z',
}
const poolStatus = {
  id: 2, adminName: 'system', action: 'pool.status', targetType: 'pool', targetId: '9', poolId: 9,
  before: { status: 'active' }, after: { status: 'cancelled' }, reason: 'Too few players', createdAt: '2026-11-22T15:00:00Z',
}
const users = [{ ...admin, createdAt: '2026-11-01T15:00:00Z', updatedAt: '2026-11-01T15:00:00Z', isDisabled: false }]

describe('AuditPage', () => {
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
    expect(entries[0]).toHaveTextContent('user 7')
    expect(entries[0]).toHaveTextContent('by boss')
    expect(entries[0]).toHaveTextContent('isAgeVerified:no → yes')
    expect(entries[0]).toHaveTextContent('residenceState:NY → TX')
    expect(entries[1]).toHaveTextContent('pool 9')
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
