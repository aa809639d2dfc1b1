import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { resetCheckoutMemory } from '../api/checkout-api'
import { parseCheckoutParams } from '../hooks/checkout-params'
import { CheckoutPage } from './checkout-page'
import { OrderSummary } from './order-summary'

// The order summary as it is, its renders counted: the page must not be drawn again as the hold counts down.
vi.mock('./order-summary', async (importOriginal) => {
  const real = await importOriginal<typeof import('./order-summary')>()
  return { OrderSummary: vi.fn(real.OrderSummary) }
})

vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: vi.fn(() => Promise.reject(new Error('Failed to load Stripe.js'))),
}))

const squares = [
  { row: 2, column: 3, price: '5.00' },
  { row: 4, column: 5, price: '5.00' },
]
const url = `/checkout?poolId=31&squares=${encodeURIComponent(JSON.stringify(squares))}&amount=10.00`
const expiresAt = () => new Date(Date.now() + 10 * 60_000).toISOString()
const created = () => ({
  clientSecret: 'pi_sbx_1_secret_x',
  paymentIntentId: 'pi_sbx_1',
  paymentId: 'pay_1',
  amount: '10.00',
  currency: 'usd',
  squares: [
    { row: 2, column: 3 },
    { row: 4, column: 5 },
  ],
  expiresAt: expiresAt(),
  provider: 'sandbox',
})
const pool = { id: 31, name: '$5 Pool', gameId: 7, entryFee: '5.00', totalPot: '0.00', currentParticipants: 0, maxParticipants: 100, maxSquaresPerPlayer: 5, status: 'active', numbersGenerated: false, homeNumbers: null, awayNumbers: null, game: null }

function open(routes: Parameters<typeof stubFetch>[0] = {}, { provider = 'sandbox', at = url } = {}) {
  const fetch = stubFetch({
    'GET /api/config': { body: { devMode: true, paymentsProvider: provider, stripePublishableKey: provider === 'stripe' ? 'pk_test_123' : null } },
    'GET /api/pools/31': { body: pool },
    'POST /api/create-escrow-payment': { status: 201, body: created() },
    ...routes,
  })
  const utils = renderPage(<CheckoutPage />, { path: '/checkout', at, user: player, strict: true })
  return { ...utils, fetch, user: userEvent.setup() }
}

const creates = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls.filter(([u]) => urlOf(u).endsWith('/api/create-escrow-payment')).length

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.clear(screen.getByLabelText('Card number'))
  await user.type(screen.getByLabelText('Card number'), number)
  await user.clear(screen.getByLabelText('Expiry (MM/YY)'))
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230')
  await user.clear(screen.getByLabelText('CVC'))
  await user.type(screen.getByLabelText('CVC'), '123')
}

describe('Checkout page', () => {
  beforeEach(() => {
    sessionStorage.clear()
    resetCheckoutMemory()
  })
  afterEach(() => sessionStorage.clear())

  it('reads its parameters and refuses malformed ones', () => {
    const p = (s: string) => parseCheckoutParams(new URLSearchParams(s))
    expect(p(url.split('?')[1])).toEqual({ poolId: 31, squares, amount: '10.00' })
    expect(p('poolId=31&amount=10')).toBeNull()
    expect(p('poolId=x&squares=[]&amount=10')).toBeNull()
    expect(p(`poolId=31&squares=not-json&amount=10`)).toBeNull()
    expect(p(`poolId=31&squares=${encodeURIComponent('[{"row":10,"column":1}]')}&amount=10`)).toBeNull()
  })

  it('cancels the checkout: the squares are released and the page returns to the pool', async () => {
    const { fetch, user } = open({ 'POST /api/user/payments/pay_1/cancel': { body: { id: 'pay_1', status: 'released' } } })
    await user.click(await screen.findByRole('button', { name: /Cancel checkout/ }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pool/31'))
    expect(fetch.mock.calls.some(([u, init]) => urlOf(u).endsWith('/api/user/payments/pay_1/cancel') && init?.method === 'POST')).toBe(true)
    expect(await screen.findByText('Checkout cancelled')).toBeInTheDocument()
  })

  it('goes to the dashboard without its parameters', async () => {
    const { fetch } = open({}, { at: '/checkout' })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'))
    expect(creates(fetch)).toBe(0)
  })

  it('creates the payment once, even under strict mode, and shows the order, warning and hold timer', async () => {
    const { fetch } = open()
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument()
    expect(creates(fetch)).toBe(1)
    expect(bodyOf(fetch, 'POST', '/api/create-escrow-payment')).toEqual({ amount: '10.00', poolId: 31, squares })
    expect(screen.getByTestId('checkout-count')).toHaveTextContent('2 squares')
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$10.00')
    expect(screen.getByText('No withdrawals')).toBeInTheDocument()
    expect(screen.getByText('Refunds happen only if the pool is cancelled before the game.')).toBeInTheDocument()
    expect(screen.getByText('Your card is held, not charged, until the pool is complete.')).toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveTextContent(/Held for (9:5\d|10:00)/)
    expect(screen.getByRole('link', { name: /Back to Pool/ })).toHaveAttribute('href', '/pool/31')
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeInTheDocument()
    expect(screen.getByText(/4000 0000 0000 0002/)).toBeInTheDocument()
  })

  it('draws only the hold timer again as it counts down, and says when the hold runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const soon = { ...created(), expiresAt: new Date(Date.now() + 30_000).toISOString() }
      open({ 'POST /api/create-escrow-payment': { status: 201, body: soon } })
      // Everything the page reads has come: the card form, the pool in the summary.
      await screen.findByLabelText('Card number')
      await screen.findByText('$5 Pool')
      await vi.advanceTimersByTimeAsync(0)
      const shown = screen.getByRole('timer').textContent
      const drawn = vi.mocked(OrderSummary).mock.calls.length
      await vi.advanceTimersByTimeAsync(3_000)
      expect(screen.getByRole('timer').textContent, 'the timer counts down').not.toBe(shown)
      expect(vi.mocked(OrderSummary).mock.calls.length, 'order summary renders while the timer ticks').toBe(drawn)
      await vi.advanceTimersByTimeAsync(30_000)
      expect(await screen.findByText('Your hold expired')).toBeVisible()
      expect(screen.getByRole('timer')).toHaveTextContent('Hold expired')
      expect(screen.queryByLabelText('Card number')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('reuses the payment after a reload instead of creating a second hold', async () => {
    const first = open()
    await screen.findByLabelText('Card number')
    first.unmount()
    const second = open()
    await screen.findByLabelText('Card number')
    expect(creates(first.fetch) + creates(second.fetch)).toBe(1)
  })

  it('returns to the pool with the server message when the payment cannot be created', async () => {
    open({ 'POST /api/create-escrow-payment': { status: 422, body: { message: 'Sales for this pool have closed: its game kicks off soon.', code: 'unprocessable' } } })
    expect(await screen.findByText('Sales for this pool have closed: its game kicks off soon.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pool/31'))
  })

  it('shows a declined card and lets the player retry; an approved card confirms the purchase', async () => {
    let approve = false
    const { fetch, user } = open({
      'POST /api/sandbox/payments/pi_sbx_1/confirm': () =>
        approve
          ? { body: { id: 'pi_sbx_1', status: 'requires_capture', amount: '10.00' } }
          : { body: { id: 'pi_sbx_1', status: 'requires_payment_method', amount: '10.00', error: { message: 'Your card was declined.' } } },
      'POST /api/purchase-squares': { body: { success: true, message: "You've successfully claimed 2 squares.", squares: [], pool, paymentStatus: 'held', alreadyConfirmed: false } },
    })
    await screen.findByLabelText('Card number')
    await fillCard(user, '4000000000000002')
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002')
    await user.click(screen.getByRole('button', { name: /Pay \$10\.00/ }))
    expect((await screen.findAllByText('Payment Failed')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Your card was declined.').length).toBeGreaterThan(0)
    expect(bodyOf(fetch, 'POST', '/api/sandbox/payments/pi_sbx_1/confirm')).toEqual({ cardNumber: '4000000000000002', expiry: '12/30', cvc: '123' })
    expect(fetch.mock.calls.some(([u]) => urlOf(u).endsWith('/api/purchase-squares'))).toBe(false)

    approve = true
    await fillCard(user, '4242424242424242')
    await user.click(screen.getByRole('button', { name: /Pay \$10\.00/ }))
    expect(await screen.findByText('Payment Secured')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/purchase-squares')).toEqual({
      poolId: 31,
      squares: [
        { row: 2, column: 3, price: '5.00' },
        { row: 4, column: 5, price: '5.00' },
      ],
      paymentIntentId: 'pi_sbx_1',
    })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pool/31'))
  })

  it('shows card errors under their fields', async () => {
    const { user } = open({
      'POST /api/sandbox/payments/pi_sbx_1/confirm': {
        status: 400,
        body: { message: 'Your card number is invalid.', code: 'invalid', fields: { cardNumber: 'Your card number is invalid.' } },
      },
    })
    await screen.findByLabelText('Card number')
    await user.click(screen.getByRole('button', { name: /Pay/ }))
    expect(await screen.findByText('Card number is required')).toBeInTheDocument()
    expect(screen.getByText('Expiry date is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Card number')).toHaveFocus()
    // Once sent, a field is checked again as it is typed in: its error goes when it is right.
    await user.type(screen.getByLabelText('Card number'), '4242424242424242')
    expect(screen.queryByText('Card number is required')).not.toBeInTheDocument()
    expect(screen.getByText('Expiry date is required')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Card number'))
    expect(screen.getByText('Card number is required')).toBeInTheDocument()
    await fillCard(user, '4242424242424241')
    await user.click(screen.getByRole('button', { name: /Pay/ }))
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument()
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Card number')).toHaveFocus()
  })

  it('says clearly when Stripe.js cannot load', async () => {
    open({ 'POST /api/create-escrow-payment': { status: 201, body: { ...created(), provider: 'stripe' } } }, { provider: 'stripe' })
    expect(await screen.findByText('The card form could not load')).toBeInTheDocument()
    expect(screen.getByText('Failed to load Stripe.js')).toBeInTheDocument()
  })
})
