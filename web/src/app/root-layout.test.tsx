import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { player, renderPage, stubFetch } from '@/test/utils'
import { RootLayout } from './root-layout'

const config = { devMode: false, paymentsProvider: 'sandbox', stripePublishableKey: null, restrictedStates: ['UT'] }

describe('RootLayout', () => {
  it('shows the test payments banner on every page, above the navigation', async () => {
    stubFetch({ 'GET /api/config': { body: { ...config, testPayments: true } } })
    renderPage(<RootLayout />, { user: player })
    const banner = await screen.findByText('Test payments, no real money.')
    const nav = screen.getAllByRole('navigation')[0]
    expect(banner.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})
