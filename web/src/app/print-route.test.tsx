import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProvider } from '@/app/provider'
import { authKeys } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import { makePool } from '@/test/pool'
import { stubFetch } from '@/test/utils'
import { routes } from './router'

// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {}

const config = { devMode: false, paymentsProvider: 'sandbox', stripePublishableKey: null, supportEmail: 'help@squares.example.com' }

function renderApp(at: string) {
  const pool = makePool({ payouts: [] })
  stubFetch({
    'GET /api/config': { body: config },
    'GET /api/leagues': { body: [] },
    [`GET /api/pools/${pool.id}`]: { body: pool },
    [`GET /api/pools/${pool.id}/squares`]: { body: [] },
  })
  const queryClient = createQueryClient()
  queryClient.setQueryData(authKeys.user, null)
  const router = createMemoryRouter(routes, { initialEntries: [at] })
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
}

describe('The printable sheet’s route', () => {
  it('shows /pools/{id}/print as the sheet alone, without the site’s navigation and footer', async () => {
    renderApp('/pools/31/print')
    // Routes are loaded lazily: the first import of a page's module graph can take seconds on a loaded machine.
    expect(await screen.findByTestId('print-sheet', undefined)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
  })

  it('keeps /pools/{id} the pool’s page', async () => {
    renderApp('/pools/31')
    expect(await screen.findByText('Pool Information', undefined)).toBeInTheDocument()
    expect(screen.queryByTestId('print-sheet')).not.toBeInTheDocument()
  })
})
