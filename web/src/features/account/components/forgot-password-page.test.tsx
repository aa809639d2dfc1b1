import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, renderPage, stubFetch } from '@/test/utils'
import { ForgotPasswordPage } from './forgot-password-page'

const accepted = "If an account uses this email address, we've sent it a link to reset the password. The link works for 60 minutes."

describe('Forgot password', () => {
  it('checks the address, asks for a link and says to check the email, whatever the address', async () => {
    const fetch = stubFetch({ 'POST /api/auth/password-reset': { status: 202, body: { success: true, message: accepted } } })
    const user = userEvent.setup()
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' })
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()

    await user.type(screen.getByLabelText('Email'), '  ann@example.com ')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument()
    expect(screen.getByText(accepted)).toBeInTheDocument()
    expect(screen.getByText(/If ann@example.com belongs to a Squares account/)).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/auth/password-reset')).toEqual({ email: 'ann@example.com' })
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login')

    // Another link: the form again, with the address kept.
    await user.click(screen.getByRole('button', { name: 'Send another link' }))
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com')
  })

  it('shows the throttle message', async () => {
    stubFetch({
      'POST /api/auth/password-reset': {
        status: 429,
        body: { code: 'too_many_requests', message: 'Too many password reset requests. Please wait a while and try again.' },
      },
    })
    const user = userEvent.setup()
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset requests. Please wait a while and try again.')
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument()
  })
})
