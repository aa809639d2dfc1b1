import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AdminLoginPage } from '@/features/admin-security/components/admin-login-page'
import { AuthPage } from '@/features/auth/components/auth-page'
import { DashboardPage } from '@/features/dashboard/components/dashboard-page'
import { MyPoolsPage } from '@/features/my-pools/components/my-pools-page'
import { AgeVerificationPage } from '@/features/verification/components/age-verification-page'
import { player, renderPage, stubFetch } from '@/test/utils'
import { authKeys } from '@/lib/auth'
import type { User } from '@/lib/types'

// A session that ends on the server (expired, signed out in another tab) answers 401 to the next call.
// The page must then show the signed-out view, not the signed-in one with empty lists.

const expired = { status: 401, body: { message: 'Not authenticated. Please sign in.', code: 'unauthorized' } }

describe('a session that ended on the server', () => {
  it('turns My Pools into the sign-in prompt, not "No Pools Joined Yet"', async () => {
    stubFetch({ 'GET /api/user-pools': expired, 'GET /api/auth/user': expired })
    const { queryClient } = renderPage(<MyPoolsPage />, { path: '/my-pools', user: player })
    expect(await screen.findByText('Sign In Required')).toBeInTheDocument()
    expect(screen.queryByText('No Pools Joined Yet')).not.toBeInTheDocument()
    expect(queryClient.getQueryData(authKeys.user)).toBeNull()
  })

  it('turns the dashboard into the visitor view, not "No Active Pools"', async () => {
    stubFetch({ 'GET /api/pools?leagueId=1': { body: [] }, 'GET /api/user/pools': expired, 'GET /api/auth/user': expired })
    renderPage(<DashboardPage />, { path: '/dashboard', user: player })
    expect(await screen.findByRole('link', { name: /Sign in to join/ })).toBeInTheDocument()
    expect(screen.queryByText('No Active Pools')).not.toBeInTheDocument()
  })

  it('signs the page out when an action answers 401', async () => {
    stubFetch({ 'POST /api/verify-age': expired })
    const unverified: User = { ...player, isAgeVerified: false, isEligibleToBet: false, complianceStatus: 'pending' }
    const { queryClient } = renderPage(<AgeVerificationPage />, { path: '/age-verification', user: unverified })
    const user = userEvent.setup()
    fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '1990-04-01' } })
    await user.selectOptions(screen.getByLabelText('State of Residence'), 'NY')
    await user.click(screen.getByRole('button', { name: /Verify Age/ }))
    await waitFor(() => expect(queryClient.getQueryData(authKeys.user)).toBeNull())
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'))
  })

  it('keeps a signed-in player signed in when wrong admin credentials answer 401', async () => {
    stubFetch({ 'POST /api/admin/login': { status: 401, body: { message: 'Invalid credentials', code: 'unauthorized' } } })
    const { queryClient } = renderPage(<AdminLoginPage />, { path: '/admin-login', user: player })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/Username/), 'admin')
    await user.type(screen.getByLabelText(/Password/), 'wrong-password')
    await user.click(screen.getByRole('button', { name: /Sign In|Log In|Login/i }))
    expect(await screen.findAllByText('Invalid credentials')).not.toHaveLength(0)
    expect(queryClient.getQueryData<User | null>(authKeys.user)?.id).toBe(player.id)
  })
})

describe('signing in', () => {
  it("drops everything cached for the previous viewer", async () => {
    const next: User = { ...player, id: '77', email: 'cy@example.com', firstName: 'Cy' }
    stubFetch({ 'POST /api/auth/login': { body: { user: next } }, 'GET /api/auth/user': { body: next } })
    const { queryClient } = renderPage(<AuthPage />, { path: '/login' })
    // What the last viewer of this tab saw before their session ended.
    queryClient.setQueryData(['/api/user/pools'], [{ id: 9, name: 'Ann pool' }])
    queryClient.setQueryData(['/api/user/transactions'], [{ id: 1 }])
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'cy@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(within(screen.getByRole('form', { name: 'Sign in' })).getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(queryClient.getQueryData<User | null>(authKeys.user)?.id).toBe('77'))
    expect(queryClient.getQueryData(['/api/user/pools'])).toBeUndefined()
    expect(queryClient.getQueryData(['/api/user/transactions'])).toBeUndefined()
  })
})
