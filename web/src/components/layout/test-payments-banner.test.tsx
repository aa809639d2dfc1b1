import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { renderPage, stubFetch } from '@/test/utils'
import { TestPaymentsBanner } from './test-payments-banner'

const config = { devMode: false, paymentsProvider: 'sandbox', stripePublishableKey: null, restrictedStates: ['UT'] }

describe('TestPaymentsBanner', () => {
  it('says no real money moves when the server reports test payments', async () => {
    stubFetch({ 'GET /api/config': { body: { ...config, testPayments: true } } })
    renderPage(<TestPaymentsBanner />)
    const banner = await screen.findByRole('status')
    expect(banner).toHaveTextContent('Test payments, no real money.')
    expect(banner).toHaveTextContent('No real card is charged')
  })

  it.each([
    ['live payments', { body: { ...config, paymentsProvider: 'stripe', stripePublishableKey: 'pk_live_x', testPayments: false } }],
    ['development mode', { body: { ...config, devMode: true, testPayments: false } }],
    ['an older server without the field', { body: config }],
    ['a failed config call', { status: 500, body: { message: 'down' } }],
  ])('shows nothing with %s', async (_, answer) => {
    const fetch = stubFetch({ 'GET /api/config': answer })
    renderPage(<TestPaymentsBanner />)
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.queryByText(/no real money/)).not.toBeInTheDocument()
  })
})
