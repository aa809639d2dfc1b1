import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch } from '@/test/utils'
import { ResetPasswordPage } from './reset-password-page'

const used = 'This password reset link has already been used. Request a new one if you still need to reset your password.'

describe('Reset password', () => {
  it('sets the new password with the token of the link, then offers to sign in', async () => {
    const fetch = stubFetch({
      'POST /api/auth/password-reset/confirm': { body: { success: true, message: 'Your password has been reset. Sign in with your new password.' } },
    })
    const user = userEvent.setup()
    // Opened while signed in (say, on a shared computer): the reset signs this browser out too.
    const { queryClient } = renderPage(<ResetPasswordPage />, { path: '/reset-password', at: '/reset-password?token=abc_DEF-123', user: player })
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()

    await user.type(screen.getByLabelText('New password'), 'new-password-1')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument()
    expect(screen.getByText('Your password has been reset. Sign in with your new password.')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/auth/password-reset/confirm')).toEqual({ token: 'abc_DEF-123', password: 'new-password-1' })
    expect(queryClient.getQueryData(['/api/auth/user'])).toBeNull()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })

  it('shows the show/hide button on the password', async () => {
    stubFetch({})
    const user = userEvent.setup()
    renderPage(<ResetPasswordPage />, { path: '/reset-password', at: '/reset-password?token=t' })
    const input = screen.getByLabelText('New password')
    expect(input).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(input).toHaveAttribute('type', 'text')
  })

  it('says why a used, expired or unknown link cannot be used, and offers a new one', async () => {
    stubFetch({ 'POST /api/auth/password-reset/confirm': { status: 400, body: { code: 'invalid', message: used, fields: { token: used } } } })
    const user = userEvent.setup()
    renderPage(<ResetPasswordPage />, { path: '/reset-password', at: '/reset-password?token=spent' })
    await user.type(screen.getByLabelText('New password'), 'new-password-1')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(used)
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
  })

  it("puts the server's password message on the field", async () => {
    stubFetch({
      'POST /api/auth/password-reset/confirm': {
        status: 400,
        body: { code: 'invalid', message: 'Password must be at most 128 characters', fields: { password: 'Password must be at most 128 characters' } },
      },
    })
    const user = userEvent.setup()
    renderPage(<ResetPasswordPage />, { path: '/reset-password', at: '/reset-password?token=t' })
    await user.type(screen.getByLabelText('New password'), 'new-password-1')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    await waitFor(() => expect(screen.getByText('Password must be at most 128 characters')).toBeInTheDocument())
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true')
  })

  it('says a link without its token is incomplete', () => {
    stubFetch({})
    renderPage(<ResetPasswordPage />, { path: '/reset-password', at: '/reset-password' })
    expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is incomplete.')
  })
})
