import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, renderPage, stubFetch, urlOf, jsonBody } from '@/test/utils'
import type { User } from '@/lib/types'
import { UserManagementPage } from './user-management-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'restricted', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

const base = {
  profileImageUrl: null, residenceCountry: 'US', createdAt: '2026-11-01T15:00:00Z', updatedAt: '2026-11-20T18:30:00Z', isDisabled: false,
}
const users = [
  { ...base, ...admin, email: null, dateOfBirth: null, residenceState: null },
  { ...base, id: '2', email: 'dana@example.com', firstName: 'Dana', lastName: 'Diaz', role: 'user', isAgeVerified: true,
    isEligibleToBet: true, complianceStatus: 'verified', dateOfBirth: '1990-01-01', residenceState: 'NY' },
  { ...base, id: '3', email: 'sam@example.com', firstName: 'Sam', lastName: 'Stone', role: 'user', isAgeVerified: false,
    isEligibleToBet: false, complianceStatus: 'pending', dateOfBirth: null, residenceState: null },
  { ...base, id: '4', email: 'lee@example.com', firstName: 'Lee', lastName: 'Park', role: 'user', isAgeVerified: true,
    isEligibleToBet: false, complianceStatus: null, dateOfBirth: '1985-05-05', residenceState: 'UT' },
]

const rows = () => screen.getAllByTestId('user-row')
const names = () => rows().map((r) => within(r).getAllByText(/./)[0].textContent)

describe('UserManagementPage', () => {
  it('shows the counters, searches and filters, and clears the filters', async () => {
    stubFetch({ 'GET /api/admin/users': { body: users } })
    const user = userEvent.setup()
    renderPage(<UserManagementPage />, { user: admin })
    expect(screen.getByText('Loading users...')).toBeInTheDocument()
    await screen.findAllByTestId('user-row')
    expect(screen.getByTestId('count-Total Users')).toHaveTextContent('4')
    expect(screen.getByTestId('count-Age Verified')).toHaveTextContent('3')
    expect(screen.getByTestId('count-Eligible to Bet')).toHaveTextContent('1')
    expect(screen.getByTestId('count-Admin Users')).toHaveTextContent('1')
    expect(names()).toEqual(['Admin', 'Dana Diaz', 'Sam Stone', 'Lee Park'])

    const dana = rows()[1]
    expect(dana).toHaveTextContent('ID 2')
    expect(dana).toHaveTextContent('dana@example.com')
    expect(within(dana).getByRole('combobox', { name: 'Role of Dana Diaz' })).toHaveValue('user')
    expect(within(dana).getByRole('button', { name: 'Verified age of Dana Diaz' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(dana).getByRole('button', { name: 'Eligible paid play for Dana Diaz' })).toHaveTextContent('Eligible')
    expect(within(dana).getByText('verified')).toBeInTheDocument()
    const sam = rows()[2]
    expect(within(sam).getByRole('button', { name: 'Verify age of Sam Stone' })).toHaveTextContent('Verify')
    expect(within(sam).getByRole('button', { name: 'Enable paid play for Sam Stone' })).toHaveTextContent('Enable')
    expect(within(sam).getByText('pending')).toBeInTheDocument()
    expect(within(rows()[3]).getByText('unknown')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Search'), 'DIAZ')
    expect(names()).toEqual(['Dana Diaz'])
    await user.clear(screen.getByLabelText('Search'))
    await user.type(screen.getByLabelText('Search'), 'sam@')
    expect(names()).toEqual(['Sam Stone'])
    await user.clear(screen.getByLabelText('Search'))
    await user.selectOptions(screen.getByLabelText('Role'), 'admin')
    expect(names()).toEqual(['Admin'])
    await user.selectOptions(screen.getByLabelText('Role'), 'user')
    await user.selectOptions(screen.getByLabelText('Status'), 'unverified')
    expect(names()).toEqual(['Sam Stone'])
    await user.selectOptions(screen.getByLabelText('Status'), 'ineligible')
    expect(names()).toEqual(['Sam Stone', 'Lee Park'])
    await user.selectOptions(screen.getByLabelText('Status'), 'eligible')
    await user.type(screen.getByLabelText('Search'), 'nobody')
    expect(screen.getByText('No users found matching your criteria')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }))
    expect(names()).toHaveLength(4)
    expect(screen.getByLabelText('Search')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled()
  })

  it('sends each change to the server and says so; a refusal shows the server message', async () => {
    let list = users
    const fetch = stubFetch({
      'GET /api/admin/users': () => ({ body: list }),
      'POST /api/admin/users/3/update': (body) => {
        list = list.map((u) => (u.id === '3' ? { ...u, ...(body as object) } : u))
        return { body: { user: list[2], message: 'User information has been updated successfully.' } }
      },
      'POST /api/admin/users/1/update': {
        status: 422,
        body: { code: 'unprocessable', message: 'This is the last active admin: make another user an admin before demoting or disabling this one.' },
      },
    })
    const user = userEvent.setup()
    renderPage(<UserManagementPage />, { user: admin })
    await screen.findAllByTestId('user-row')

    await user.click(screen.getByRole('button', { name: 'Verify age of Sam Stone' }))
    expect(bodyOf(fetch, 'POST', '/api/admin/users/3/update')).toEqual({ isAgeVerified: true })
    expect(await screen.findByText('User Updated')).toBeInTheDocument()
    expect(screen.getByText('User information has been updated successfully.')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Verified age of Sam Stone' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Enable paid play for Sam Stone' }))
    await waitFor(() => expect(fetch.mock.calls.filter(([u]) => urlOf(u).endsWith('/users/3/update'))).toHaveLength(2))
    expect(jsonBody(fetch.mock.calls.filter(([u]) => urlOf(u).endsWith('/users/3/update'))[1][1])).toEqual({ isEligibleToBet: true })

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Sam Stone' }), 'admin')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Sam Stone' })).toHaveValue('admin'))

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Admin' }), 'user')
    expect(bodyOf(fetch, 'POST', '/api/admin/users/1/update')).toEqual({ role: 'user' })
    expect(await screen.findByText('Update Failed')).toBeInTheDocument()
    expect(screen.getByText('This is the last active admin: make another user an admin before demoting or disabling this one.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Admin' })).toHaveValue('admin'))
  })

  it('disables an account after asking, and shows the read-only details', async () => {
    let list = users
    const fetch = stubFetch({
      'GET /api/admin/users': () => ({ body: list }),
      'POST /api/admin/users/2/update': (body) => {
        list = list.map((u) => (u.id === '2' ? { ...u, ...(body as object) } : u))
        return { body: { user: list[1], message: 'User information has been updated successfully.' } }
      },
    })
    const user = userEvent.setup()
    renderPage(<UserManagementPage />, { user: admin })
    await screen.findAllByTestId('user-row')

    await user.click(screen.getByRole('button', { name: 'Edit Dana Diaz' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('dana@example.com')
    expect(dialog).toHaveTextContent('Registration dateSun, Nov 1, 2026')
    expect(dialog).toHaveTextContent('Last updatedFri, Nov 20, 1:30 PM ET')
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument()
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0])

    await user.click(screen.getByRole('button', { name: 'Disable Dana Diaz' }))
    await user.click(await screen.findByRole('button', { name: 'Disable account' }))
    expect(bodyOf(fetch, 'POST', '/api/admin/users/2/update')).toEqual({ isDisabled: true })
    expect(await within(rows()[1]).findByText('Disabled')).toBeInTheDocument()
    expect(within(rows()[1]).getByRole('button', { name: 'Reactivate Dana Diaz' })).toBeInTheDocument()
  })

  it('says so when the users cannot be loaded, and retries', async () => {
    let fail = true
    stubFetch({ 'GET /api/admin/users': () => (fail ? { status: 403, body: { message: 'Admin access required.' } } : { body: users }) })
    const user = userEvent.setup()
    renderPage(<UserManagementPage />, { user: admin })
    expect(await screen.findByText('User Management Error')).toBeInTheDocument()
    expect(screen.getByText('Failed to load users. Please check the server connection.')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findAllByTestId('user-row')).toHaveLength(4)
  })
})
