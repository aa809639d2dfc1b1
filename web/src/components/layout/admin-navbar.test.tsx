import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch } from '@/test/utils'
import type { User } from '@/lib/types'
import { AdminNavbar } from './admin-navbar'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

// The spec's links (admin-side.md, "Admin navigation bar") and the admin screens it leaves out.
const LINKS: [string, string][] = [
  ['Dashboard', '/production-dashboard'],
  ['Pool of the Week', '/pool-of-the-week'],
  ['Pool Management', '/admin-simple'],
  ['Pool Activation Center', '/admin/pools'],
  ['Week Management', '/week-management'],
  ['User Management', '/admin/users'],
  ['Pool Cancellation', '/admin/pool-cancellation'],
  ['Payouts', '/admin/payouts'],
  ['Ledger', '/admin/ledger'],
  ['Analytics', '/admin/analytics'],
  ['Audit', '/admin/audit'],
]

describe('AdminNavbar', () => {
  it('links every admin screen, the spec’s six among them, and marks the one open', () => {
    stubFetch({})
    renderPage(<AdminNavbar />, { user: admin, path: '/admin/ledger' })
    const nav = screen.getByRole('navigation', { name: 'Admin' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual(LINKS)
    expect(within(nav).getByRole('link', { name: 'Ledger' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Admin dashboard' })).toHaveAttribute('href', '/production-dashboard')
    expect(screen.getByText('ADMIN')).toBeInTheDocument()
  })

  it('opens a menu with the same links, Security and Logout', async () => {
    stubFetch({})
    renderPage(<AdminNavbar />, { user: admin, path: '/admin/pools' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    const menu = screen.getByRole('navigation', { name: 'Admin mobile' })
    const links = within(menu).getAllByRole('link')
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([...LINKS, ['Security', '/admin/security']])
    expect(within(menu).getByRole('link', { name: 'Pool Activation Center' })).toHaveAttribute('aria-current', 'page')
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close menu' }))
    expect(screen.queryByRole('navigation', { name: 'Admin mobile' })).not.toBeInTheDocument()
  })
})
