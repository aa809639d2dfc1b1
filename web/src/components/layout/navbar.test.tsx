import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch } from '@/test/utils'
import type { User } from '@/lib/types'
import { Navbar } from './navbar'

const player: User = {
  id: '7', email: 'dana@example.com', username: 'dana', firstName: 'Dana', lastName: 'D', profileImageUrl: null, role: 'player',
  isAgeVerified: true, isEligibleToBet: true, complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}
const leagues = [{ id: 1, name: 'NFL', displayName: 'National Football League', sport: 'football', isActive: true, activeWeek: 'W12' }]

describe('Navbar menus', () => {
  it('opens the account menu tapped before its code has loaded', async () => {
    stubFetch({ 'GET /api/leagues': { body: leagues } })
    renderPage(<Navbar />, { user: player })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument()
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument()
  })

  it('shows the selected league before the selector has loaded, and opens its list at a tap', async () => {
    stubFetch({ 'GET /api/leagues': { body: leagues } })
    renderPage(<Navbar />, { user: player })
    const user = userEvent.setup()
    const trigger = screen.getAllByRole('combobox', { name: 'League' })[0]
    await screen.findByText('NFL', { selector: '[data-slot=select-value]' })
    expect(trigger).not.toHaveAttribute('data-state') // not Radix's yet
    await user.click(trigger)
    expect(await screen.findByRole('option', { name: 'NFL' })).toBeInTheDocument()
  })

  it('draws the real menus at the first tap, not when the page is idle, and then as ordinary closed menus', async () => {
    stubFetch({ 'GET /api/leagues': { body: leagues } })
    renderPage(<Navbar />, { user: player })
    const user = userEvent.setup()
    // jsdom has no requestIdleCallback: the code is fetched after the 1.5 s fallback, and nothing is drawn anew.
    await new Promise((r) => setTimeout(r, 1700))
    expect(screen.getByRole('button', { name: 'Account menu' })).not.toHaveAttribute('data-state')
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('data-state', 'closed')
    expect(screen.getByRole('button', { name: /League Schedules/ })).toHaveAttribute('data-state', 'closed')
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
