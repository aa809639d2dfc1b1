import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProvider } from '@/app/provider'
import { authKeys } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import type { User } from '@/lib/types'
import { player, stubFetch } from '@/test/utils'
import { routes } from './router'

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {}

const config = { devMode: false, paymentsProvider: 'sandbox', stripePublishableKey: null, supportEmail: 'help@squares.example.com' }

function renderApp(at: string, user: User | null) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(authKeys.user, user)
  const router = createMemoryRouter(routes, { initialEntries: [at] })
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return router
}

describe('Account routes', () => {
  it('sends a visitor of /account to sign in, to come back there afterwards', async () => {
    stubFetch({ 'GET /api/config': { body: config }, 'GET /api/leagues': { body: [] } })
    const router = renderApp('/account#settings', null)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/account#settings')
  })

  it("links the sign-in form's \"Forgot password?\" to the reset request, carrying the typed address", async () => {
    stubFetch({ 'GET /api/config': { body: config }, 'GET /api/leagues': { body: [] } })
    const user = userEvent.setup()
    const router = renderApp('/login', null)
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com')
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'))
    expect(await screen.findByLabelText('Email')).toHaveValue('ann@example.com')
  })

  it("opens the account page from the avatar menu's Profile and Settings, and shows the support address in the footer", async () => {
    stubFetch({
      'GET /api/config': { body: config },
      'GET /api/leagues': { body: [] },
      'GET /api/pools': { body: [] },
      'GET /api/user/pools': { body: [] },
      'GET /api/user/sessions': { body: [] },
      'GET /api/user/email-preferences': { body: { optOut: false } },
    })
    const user = userEvent.setup()
    const router = renderApp('/how-to-play', player)
    const footer = await screen.findByRole('contentinfo')
    expect(await screen.findByRole('link', { name: 'help@squares.example.com' })).toHaveAttribute('href', 'mailto:help@squares.example.com')
    expect(footer).toHaveTextContent('Support: help@squares.example.com')
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }))
    await waitFor(() => expect(router.state.location.hash).toBe('#settings'))
  })
})
