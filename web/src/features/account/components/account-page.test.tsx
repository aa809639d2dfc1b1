import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { AccountPage } from './account-page'

const config = { devMode: false, paymentsProvider: 'sandbox', stripePublishableKey: null, supportEmail: 'help@squares.example.com' }
const verified = { ...player, dateOfBirth: '1990-04-01', residenceState: 'NY', residenceCountry: 'US', createdAt: '2026-11-02T15:00:00Z' }
const sessions = [
  { id: 'aaa', device: 'Chrome on Windows', userAgent: 'Mozilla/5.0', createdAt: '2026-11-20T15:00:00Z', lastSeenAt: '2026-11-21T15:00:00Z', current: true },
  { id: 'bbb', device: 'Safari on iPhone', userAgent: 'Mozilla/5.0 (iPhone)', createdAt: '2026-11-19T15:00:00Z', lastSeenAt: '2026-11-20T18:30:00Z', current: false },
]

function routes(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/config': { body: config },
    'GET /api/user/sessions': { body: sessions },
    'GET /api/user/email-preferences': { body: { optOut: false } },
    ...extra,
  })
}

describe('Account page', () => {
  it('shows the name, the e-mail address, the locked verified details with the support address, and the data download', async () => {
    routes()
    renderPage(<AccountPage />, { path: '/account', user: verified })
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeInTheDocument()
    expect(screen.getByText('Ann Lee')).toBeInTheDocument()
    expect(screen.getByText('ann@example.com')).toBeInTheDocument()
    expect(screen.getByText('Mon, Nov 2, 2026')).toBeInTheDocument()
    const details = screen.getByTestId('verified-details')
    expect(within(details).getByText('April 1, 1990')).toBeInTheDocument()
    expect(within(details).getByText('New York')).toBeInTheDocument()
    expect(await within(details).findByRole('link', { name: 'help@squares.example.com' })).toHaveAttribute(
      'href',
      'mailto:help@squares.example.com',
    )
    expect(details).toHaveTextContent('These details are locked once verified. To change them, write to help@squares.example.com.')
    const download = screen.getByRole('link', { name: 'Download my data' })
    expect(download).toHaveAttribute('href', '/api/user/export')
    expect(download).toHaveAttribute('download')
    expect(screen.getByRole('heading', { name: 'Settings' }).closest('section')).toHaveAttribute('id', 'settings')
  })

  it('sends an unverified player to verify', () => {
    routes()
    renderPage(<AccountPage />, { path: '/account', user: { ...player, isAgeVerified: false, isEligibleToBet: false } })
    expect(screen.getByText('Not verified')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Verify your age' })).toHaveAttribute('href', '/age-verification')
    expect(screen.queryByTestId('verified-details')).not.toBeInTheDocument()
  })

  it('lists the devices, this one first, and signs out the others', async () => {
    let revoked = false
    const fetch = routes({
      'GET /api/user/sessions': () => ({ body: revoked ? sessions.slice(0, 1) : sessions }),
      'POST /api/user/sessions/revoke-others': () => {
        revoked = true
        return { body: { success: true, revoked: 1, message: 'Signed out of 1 other device.' } }
      },
    })
    const user = userEvent.setup()
    renderPage(<AccountPage />, { path: '/account', user: verified })
    const rows = await screen.findAllByTestId('device')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('Chrome on Windows')).toBeInTheDocument()
    expect(within(rows[0]).getByText('This device')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Safari on iPhone')).toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('last active Fri, Nov 20, 1:30 PM ET')
    await user.click(screen.getByRole('button', { name: 'Sign out other devices' }))
    expect(await screen.findByText('Signed out of 1 other device.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(1))
    expect(screen.getByRole('button', { name: 'Sign out other devices' })).toBeDisabled()
    expect(screen.getByText('No other device is signed in.')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([u, init]) => urlOf(u).endsWith('/revoke-others') && init?.method === 'POST')).toBe(true)
  })

  it('changes the password: a wrong current one is shown on its field; a right one says the other devices were signed out', async () => {
    let attempt = 0
    const fetch = routes({
      'POST /api/user/password': () =>
        ++attempt === 1
          ? { status: 400, body: { code: 'invalid', message: 'Your current password is incorrect.', fields: { currentPassword: 'Your current password is incorrect.' } } }
          : { body: { success: true, signedOut: 1, message: 'Your password has been changed. Your other devices have been signed out.' } },
    })
    const user = userEvent.setup()
    renderPage(<AccountPage />, { path: '/account', user: verified })
    const form = screen.getByTestId('change-password')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText('Enter your current password')).toBeInTheDocument()
    expect(within(form).getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([u]) => urlOf(u).endsWith('/api/user/password'))).toBe(false)

    await user.type(within(form).getByLabelText('Current password'), 'wrong-horse')
    await user.type(within(form).getByLabelText('New password'), 'new-password-1')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText('Your current password is incorrect.')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/user/password')).toEqual({ currentPassword: 'wrong-horse', newPassword: 'new-password-1' })

    await user.clear(within(form).getByLabelText('Current password'))
    await user.type(within(form).getByLabelText('Current password'), 'correct-horse')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Your password has been changed. Your other devices have been signed out.')).toBeInTheDocument()
    expect(within(form).getByLabelText('Current password')).toHaveValue('')
  })

  it('turns optional e-mail off', async () => {
    const fetch = routes({ 'POST /api/user/email-preferences': { body: { optOut: true } } })
    const user = userEvent.setup()
    renderPage(<AccountPage />, { path: '/account', user: verified })
    const box = await screen.findByRole('checkbox', { name: 'Send me optional emails' })
    expect(box).toBeChecked()
    await user.click(box)
    await waitFor(() => expect(box).not.toBeChecked())
    expect(bodyOf(fetch, 'POST', '/api/user/email-preferences')).toEqual({ optOut: true })
  })
})
