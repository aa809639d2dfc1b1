import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { authKeys } from '@/lib/auth'
import type { User } from '@/lib/types'
import { bodyOf, renderPage, stubFetch } from '@/test/utils'
import { AdminLoginPage } from './admin-login-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'restricted', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}
const challenge = { twoFactorRequired: true, challenge: 'tok-1', expiresIn: 300, message: 'Enter the code from your authenticator app.' }
const signedIn = { success: true, user: admin, message: 'Welcome back, admin!' }

async function enterPassword() {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Username'), 'boss')
  await user.type(screen.getByLabelText('Password'), 'admin-password')
  await user.click(screen.getByRole('button', { name: 'Login as Admin' }))
  return user
}

describe('AdminLoginPage with two-factor sign-in', () => {
  it('asks for the code after the password and signs in with it', async () => {
    const fetch = stubFetch({
      'POST /api/admin/login': { body: challenge },
      'POST /api/admin/login/2fa': (body) =>
        (body as { code: string }).code === '123456'
          ? { body: signedIn }
          : { status: 400, body: { message: 'Invalid authentication code', code: 'invalid', fields: { code: 'Invalid authentication code' } } },
    })
    const { queryClient, router } = renderPage(<AdminLoginPage />, { path: '/admin-login' })
    const user = await enterPassword()

    // The code step: a labelled one-time-code field with a numeric keyboard; no session yet.
    const field = await screen.findByLabelText('Authentication code')
    expect(field).toHaveAttribute('autocomplete', 'one-time-code')
    expect(field).toHaveAttribute('inputmode', 'numeric')
    expect(field).toHaveFocus()
    expect(queryClient.getQueryData(authKeys.user)).toBeNull()

    // An empty code is caught here; a wrong one shows the server's message on the field.
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    expect(await screen.findAllByText('Enter the 6-digit code from your authenticator app.')).not.toHaveLength(0)
    await user.type(field, '654321')
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    expect(await screen.findAllByText('Invalid authentication code')).not.toHaveLength(0)
    expect(field).toHaveAttribute('aria-invalid', 'true')

    await user.type(field, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    await waitFor(() => expect(queryClient.getQueryData<User | null>(authKeys.user)?.id).toBe('1'))
    expect(router.state.location.pathname).toBe('/')
    expect(bodyOf(fetch, 'POST', '/api/admin/login/2fa')).toEqual({ challenge: 'tok-1', code: '654321' })
  })

  it('takes a recovery code instead, and goes back to the password when the sign-in expired', async () => {
    const fetch = stubFetch({
      'POST /api/admin/login': { body: challenge },
      'POST /api/admin/login/2fa': (body) =>
        (body as { code: string }).code === 'abcde-fghij'
          ? { status: 401, body: { message: 'This sign-in has expired. Please sign in again.', code: 'unauthorized' } }
          : { status: 400, body: { message: 'Invalid authentication code', code: 'invalid' } },
    })
    renderPage(<AdminLoginPage />, { path: '/admin-login' })
    const user = await enterPassword()
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }))
    const field = screen.getByLabelText('Recovery code')
    expect(field).toHaveAttribute('autocomplete', 'off')
    await user.type(field, 'abcde-fghij')
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    expect(await screen.findByText('This sign-in has expired. Please sign in again.')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveValue('')
    expect(bodyOf(fetch, 'POST', '/api/admin/login/2fa')).toEqual({ challenge: 'tok-1', code: 'abcde-fghij' })
  })

  it('sends an admin the server requires to set up two-factor sign-in to the Security page', async () => {
    stubFetch({ 'POST /api/admin/login': { body: { ...signedIn, twoFactorSetupRequired: true } } })
    const { router } = renderPage(<AdminLoginPage />, { path: '/admin-login' })
    await enterPassword()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/security'))
  })
})
