import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { TestRegistrationPage } from './test-registration-page'

describe('Registration test page', () => {
  it('is titled and shows each validation message', async () => {
    const fetch = stubFetch({})
    const user = userEvent.setup()
    renderPage(<TestRegistrationPage />, { path: '/test-registration' })
    expect(screen.getByText('Registration Test Page')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('First name is required')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('toggles the password visibility', async () => {
    stubFetch({})
    const user = userEvent.setup()
    renderPage(<TestRegistrationPage />, { path: '/test-registration' })
    const pw = screen.getByLabelText('Password')
    expect(pw).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(pw).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(pw).toHaveAttribute('type', 'password')
  })

  it('posts without the optional last name, shows progress, then goes to /', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const fetch = stubFetch({
      'POST /api/auth/register': { status: 201, body: { user: { ...player, isAgeVerified: false } } },
      'GET /api/auth/user': { body: player },
    })
    const original = fetch.getMockImplementation()!
    fetch.mockImplementation(async (input, init) => {
      if (urlOf(input) === '/api/auth/register') await gate
      return original(input, init)
    })
    const user = userEvent.setup()
    renderPage(<TestRegistrationPage />, { path: '/test-registration' })
    await user.type(screen.getByLabelText('First Name'), 'Ann')
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'longpassword')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByRole('button', { name: /Creating Account\.\.\./ })).toBeDisabled()
    release()
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
    expect(bodyOf(fetch, 'POST', '/api/auth/register')).toEqual({ email: 'ann@example.com', password: 'longpassword', firstName: 'Ann' })
  })

  it("shows 'Registration Failed' with the server's message", async () => {
    stubFetch({
      'POST /api/auth/register': { status: 409, body: { message: 'An account with this email already exists', code: 'conflict' } },
    })
    const user = userEvent.setup()
    renderPage(<TestRegistrationPage />, { path: '/test-registration' })
    await user.type(screen.getByLabelText('First Name'), 'Ann')
    await user.type(screen.getByLabelText(/Last Name/), 'Lee')
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'longpassword')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Registration Failed')).toBeInTheDocument()
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument()
  })
})
