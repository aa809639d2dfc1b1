import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { AuthPage } from './auth-page'

function signInForm() {
  return screen.getByRole('form', { name: 'Sign in' })
}

async function openSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }))
  return screen.getByRole('form', { name: 'Sign up' })
}

function yearsAgo(years: number, extraDays = 0) {
  const d = new Date()
  d.setFullYear(d.getFullYear() - years)
  d.setDate(d.getDate() + extraDays)
  return d.toISOString().slice(0, 10)
}

describe('Sign in', () => {
  it('shows each validation message and sends nothing', async () => {
    const fetch = stubFetch({})
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.type(screen.getByLabelText('Password'), '12345')
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('posts email and password, welcomes the player and goes to / after 500 ms', async () => {
    const fetch = stubFetch({
      'POST /api/auth/login': { body: { user: player } },
      'GET /api/auth/user': { body: player },
    })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Welcome back, Ann!')).toBeInTheDocument()
    expect(screen.getByText('Ready to join some exciting betting pools?')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/auth/login')).toEqual({ email: 'ann@example.com', password: 'secret123' })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
    // the session is re-checked shortly after sign-in
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => urlOf(u) === '/api/auth/user')).toBe(true))
  })

  it('tells an admin the admin dashboard is ready', async () => {
    stubFetch({ 'POST /api/auth/login': { body: { user: { ...player, role: 'admin' } } }, 'GET /api/auth/user': { body: player } })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Admin dashboard ready')).toBeInTheDocument()
  })

  it("shows the server's message in the alert above the forms", async () => {
    stubFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password', code: 'unauthorized' } } })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Invalid email or password')
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/login')
  })

  it('redirects a signed-in user to /', async () => {
    stubFetch({})
    renderPage(<AuthPage />, { path: '/login', user: player })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
  })
})

describe('Sign up', () => {
  it('shows each validation message', async () => {
    const fetch = stubFetch({})
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    const form = await openSignUp(user)
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('First name is required')).toBeInTheDocument()
    expect(screen.getByText('Last name is required')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument()

    fireEvent.change(within(form).getByLabelText('Date of Birth'), { target: { value: yearsAgo(18, 2) } })
    await user.type(within(form).getByLabelText(/US State/), 'C')
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('You must be at least 18 years old to participate')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid two-letter US state code')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('limits the state to two upper-case letters', async () => {
    stubFetch({})
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    const form = await openSignUp(user)
    const state = within(form).getByLabelText(/US State/)
    await user.type(state, 'n1york')
    expect(state).toHaveValue('NY')
  })

  it('registers with the right body; a verified, eligible player goes to /', async () => {
    const fetch = stubFetch({
      'POST /api/auth/register': { status: 201, body: { user: player, message: 'Account created' } },
      'GET /api/auth/user': { body: player },
    })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    const form = await openSignUp(user)
    await user.type(within(form).getByLabelText('First Name'), 'Ann')
    await user.type(within(form).getByLabelText('Last Name'), 'Lee')
    await user.type(within(form).getByLabelText('Email'), 'ann@example.com')
    await user.type(within(form).getByLabelText('Password'), 'longpassword')
    fireEvent.change(within(form).getByLabelText('Date of Birth'), { target: { value: '1990-04-01' } })
    await user.type(within(form).getByLabelText(/US State/), 'ny')
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
    expect(bodyOf(fetch, 'POST', '/api/auth/register')).toEqual({
      email: 'ann@example.com',
      password: 'longpassword',
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1990-04-01',
      residenceState: 'NY',
    })
    expect(await screen.findByText('Welcome to Squares, Ann!')).toBeInTheDocument()
  })

  it('sends no state when none is given and sends an unverified player to /age-verification', async () => {
    const unverified = { ...player, isAgeVerified: false, isEligibleToBet: false, complianceStatus: 'pending' }
    const fetch = stubFetch({
      'POST /api/auth/register': { status: 201, body: { user: unverified } },
      'GET /api/auth/user': { body: unverified },
    })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    const form = await openSignUp(user)
    await user.type(within(form).getByLabelText('First Name'), 'Ann')
    await user.type(within(form).getByLabelText('Last Name'), 'Lee')
    await user.type(within(form).getByLabelText('Email'), 'ann@example.com')
    await user.type(within(form).getByLabelText('Password'), 'longpassword')
    fireEvent.change(within(form).getByLabelText('Date of Birth'), { target: { value: '1990-04-01' } })
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Account Created')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/age-verification'))
    expect(bodyOf(fetch, 'POST', '/api/auth/register')).not.toHaveProperty('residenceState')
  })

  it('warns a verified player whose state restricts paid play', async () => {
    const restricted = { ...player, isEligibleToBet: false, complianceStatus: 'restricted' }
    stubFetch({ 'POST /api/auth/register': { status: 201, body: { user: restricted } }, 'GET /api/auth/user': { body: restricted } })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    const form = await openSignUp(user)
    await user.type(within(form).getByLabelText('First Name'), 'Ann')
    await user.type(within(form).getByLabelText('Last Name'), 'Lee')
    await user.type(within(form).getByLabelText('Email'), 'ann@example.com')
    await user.type(within(form).getByLabelText('Password'), 'longpassword')
    fireEvent.change(within(form).getByLabelText('Date of Birth'), { target: { value: '1990-04-01' } })
    await user.type(within(form).getByLabelText(/US State/), 'WA')
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText("You're verified but sports betting isn't available in your location.")).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
  })

  it("shows the server's message and per-field errors", async () => {
    stubFetch({
      'POST /api/auth/register': {
        status: 409,
        body: { message: 'An account with this email already exists', code: 'conflict', fields: { email: 'This email is taken' } },
      },
    })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    const form = await openSignUp(user)
    await user.type(within(form).getByLabelText('First Name'), 'Ann')
    await user.type(within(form).getByLabelText('Last Name'), 'Lee')
    await user.type(within(form).getByLabelText('Email'), 'ann@example.com')
    await user.type(within(form).getByLabelText('Password'), 'longpassword')
    fireEvent.change(within(form).getByLabelText('Date of Birth'), { target: { value: '1990-04-01' } })
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists')
    expect(screen.getByText('This email is taken')).toBeInTheDocument()
    expect(await screen.findByText('Registration failed')).toBeInTheDocument()
  })
})

describe('Return after sign-in', () => {
  it('returns to the page that sent the visitor to sign in (an invitation link), once', async () => {
    window.sessionStorage.setItem('squares.returnTo', '/my-pools')
    stubFetch({ 'POST /api/auth/login': { body: { user: player } }, 'GET /api/auth/user': { body: player } })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(within(screen.getByRole('form', { name: 'Sign in' })).getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-pools'))
    expect(window.sessionStorage.getItem('squares.returnTo')).toBeNull()
  })
})

describe('Sign up from a link, and the way back', () => {
  it('opens the Sign Up tab for /login?tab=signup, and the tabs keep the address in step', async () => {
    stubFetch({})
    const user = userEvent.setup()
    const { router } = renderPage(<AuthPage />, { path: '/login', at: '/login?tab=signup&returnTo=%2Fjoin%2FK7QW2MXP' })
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeVisible()
    await user.click(screen.getByRole('tab', { name: 'Sign In' }))
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeVisible()
    expect(router.state.location.search).toBe('?returnTo=%2Fjoin%2FK7QW2MXP')
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }))
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('signup')
  })

  it('returns to the page named in ?returnTo=, its query too (a checkout)', async () => {
    stubFetch({ 'POST /api/auth/login': { body: { user: player } }, 'GET /api/auth/user': { body: player } })
    const checkout = '/checkout?poolId=31&squares=%5B%7B%22row%22%3A1%2C%22column%22%3A2%7D%5D&amount=5.00'
    const user = userEvent.setup()
    const { router } = renderPage(<AuthPage />, { path: '/login', at: `/login?returnTo=${encodeURIComponent(checkout)}` })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'))
    expect(router.state.location.pathname + router.state.location.search).toBe(checkout)
  })

  it('never leaves the site for a ?returnTo= of another host', async () => {
    stubFetch({ 'POST /api/auth/login': { body: { user: player } }, 'GET /api/auth/user': { body: player } })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login', at: '/login?returnTo=%2F%2Fevil.example%2Fx' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
  })

  it.each([
    ['restricted to free pools by their state', { isEligibleToBet: false, complianceStatus: 'restricted' }],
    ['not verified yet', { isAgeVerified: false, isEligibleToBet: false, complianceStatus: 'pending' }],
  ])('greets a player %s without "betting pools"', async (_, over) => {
    const u = { ...player, ...over }
    stubFetch({ 'POST /api/auth/login': { body: { user: u } }, 'GET /api/auth/user': { body: u } })
    const user = userEvent.setup()
    renderPage(<AuthPage />, { path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Welcome back, Ann!')).toBeInTheDocument()
    expect(screen.getByText('Ready to join some squares pools?')).toBeInTheDocument()
    expect(screen.queryByText(/betting pools/)).not.toBeInTheDocument()
  })
})
