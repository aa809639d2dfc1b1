import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import type { User } from '@/lib/types'
import { redact } from '../api/payment-test-api'
import { PaymentTestPage } from './payment-test-page'

const admin: User = { ...player, id: '1', email: 'admin@squares.test', firstName: 'Admin', lastName: '', role: 'admin' }

const config = (devMode: boolean) => ({ body: { devMode, paymentsProvider: 'sandbox', stripePublishableKey: null } })
const game = { id: 7, leagueId: 1, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: '2099-11-29T18:00:00Z', status: 'scheduled' }
const pool = (id: number, entryFee: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: entryFee === '0.00' ? 'Free Pool' : `$${Number(entryFee)} Pool`,
  gameId: 7,
  game,
  entryFee,
  totalPot: '0.00',
  currentParticipants: 3,
  maxParticipants: 100,
  maxSquaresPerPlayer: 5,
  status: 'active',
  numbersGenerated: false,
  homeNumbers: null,
  awayNumbers: null,
  salesOpenAt: '2000-01-01T00:00:00Z',
  salesCloseAt: '2099-11-29T16:00:00Z',
  ...extra,
})
const intent = {
  clientSecret: 'pi_sbx_7_secret_abcdef',
  paymentIntentId: 'pi_sbx_7',
  amount: '5.00',
  currency: 'usd',
  status: 'requires_payment_method',
  provider: 'sandbox',
}

function open(routes: Parameters<typeof stubFetch>[0] = {}, { devMode = true, user = player }: { devMode?: boolean; user?: User } = {}) {
  const fetch = stubFetch({
    'GET /api/config': config(devMode),
    'GET /api/pools': { body: [pool(1, '0.00'), pool(2, '5.00'), pool(3, '10.00', { status: 'draft' }), pool(4, '25.00')] },
    ...routes,
  })
  const utils = renderPage(<PaymentTestPage />, { path: '/payment-test', user, strict: true })
  return { ...utils, fetch, user: userEvent.setup() }
}

async function createIntent(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create payment intent' }))
  return screen.findByTestId('intent-id')
}

describe('Payment & Escrow Test page', () => {
  it('shows only a notice when the server is not in development mode', async () => {
    const { fetch } = open({}, { devMode: false })
    expect(await screen.findByText('Developer pages are available only in development mode')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create payment intent' })).not.toBeInTheDocument()
    expect(screen.queryByText('Response log')).not.toBeInTheDocument()
    expect(fetch.mock.calls.some(([u]) => urlOf(u).includes('/api/test/'))).toBe(false)
  })

  it('creates a payment intent, masks its client secret, and a test card confirms it: requires_capture', async () => {
    const { fetch, user } = open({
      'POST /api/test/create-payment-intent': { status: 201, body: intent },
      'POST /api/sandbox/payments/pi_sbx_7/confirm': { body: { id: 'pi_sbx_7', status: 'requires_capture', amount: '5.00' } },
    })
    expect(await createIntent(user)).toHaveTextContent('pi_sbx_7')
    expect(bodyOf(fetch, 'POST', '/api/test/create-payment-intent')).toEqual({ amount: '5.00' })
    expect(screen.getByTestId('intent-status')).toHaveTextContent('requires_payment_method')
    expect(screen.getByTestId('intent-amount')).toHaveTextContent('$5.00 USD')
    expect(await screen.findByText('Payment intent created')).toBeInTheDocument()

    // The client secret is masked until revealed.
    expect(screen.getByTestId('client-secret')).toHaveTextContent('pi_sbx_7_secret_••••')
    expect(screen.getByTestId('client-secret')).not.toHaveTextContent('abcdef')
    await user.click(screen.getByRole('button', { name: 'Show client secret' }))
    expect(screen.getByTestId('client-secret')).toHaveTextContent('pi_sbx_7_secret_abcdef')
    expect(screen.getByRole('button', { name: 'Hide client secret' })).toHaveAttribute('aria-pressed', 'true')

    // One tap fills the whole card form.
    await user.click(screen.getByRole('button', { name: /Use test card 4242 4242 4242 4242 \(approves\)/ }))
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242')
    expect(screen.getByLabelText<HTMLInputElement>('Expiry (MM/YY)').value).toMatch(/^12\/\d\d$/)
    expect(screen.getByLabelText('CVC')).toHaveValue('123')
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }))

    expect(await screen.findByTestId('confirm-status')).toHaveTextContent('requires_capture')
    expect(screen.getByTestId('intent-status')).toHaveTextContent('requires_capture')
    const confirm = bodyOf(fetch, 'POST', '/api/sandbox/payments/pi_sbx_7/confirm') as Record<string, string>
    expect(confirm.cardNumber).toBe('4242424242424242')
    expect(confirm.cvc).toBe('123')
    expect(await screen.findByText('Card authorised', { selector: '[data-sonner-toast] *' })).toBeInTheDocument()

    // The log lists both calls, newest first, with status, and never the secret or the full card.
    const entries = screen.getAllByTestId('log-entry')
    expect(entries).toHaveLength(2)
    expect(entries[0]).toHaveTextContent('/api/sandbox/payments/pi_sbx_7/confirm')
    expect(entries[0]).toHaveTextContent('200 OK')
    expect(entries[0]).toHaveTextContent('"status": "requires_capture"')
    expect(entries[0]).toHaveTextContent('•••• 4242')
    expect(entries[1]).toHaveTextContent('/api/test/create-payment-intent')
    expect(entries[1]).toHaveTextContent('201 Created')
    expect(entries[1]).not.toHaveTextContent('abcdef')

    await user.click(screen.getByRole('button', { name: 'Clear' }))
    expect(screen.queryAllByTestId('log-entry')).toHaveLength(0)
    expect(screen.getByText(/No calls yet/)).toBeInTheDocument()
  })

  it('shows the server refusing an amount, and a declined card with its message', async () => {
    const { user } = open({
      'POST /api/test/create-payment-intent': (body) =>
        (body as { amount?: string }).amount === '-5'
          ? { status: 400, body: { message: 'Amount must be positive.', code: 'invalid', fields: { amount: 'Amount must be positive.' } } }
          : { status: 201, body: intent },
      'POST /api/sandbox/payments/pi_sbx_7/confirm': (body) => ({
        body: {
          id: 'pi_sbx_7',
          status: 'requires_payment_method',
          amount: '5.00',
          error: { message: (body as { cardNumber: string }).cardNumber.endsWith('9995') ? 'Your card has insufficient funds.' : 'Your card was declined.' },
        },
      }),
    })
    const section = within(await screen.findByRole('region', { name: 'Payment intent' }))
    const amount = section.getByLabelText('Amount (dollars)')
    await user.clear(amount)
    await user.type(amount, '-5')
    await user.click(screen.getByRole('button', { name: 'Create payment intent' }))
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByText('The server answered 400 Bad Request')).toBeInTheDocument()

    await user.clear(amount)
    await user.type(amount, '5.00')
    await createIntent(user)
    await user.click(screen.getByRole('button', { name: /Use test card 4000 0000 0000 0002 \(declines\)/ }))
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }))
    expect(await screen.findByTestId('decline-message')).toHaveTextContent('Your card was declined.')
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('requires_payment_method')
    expect(await screen.findByText('Card declined', { selector: '[data-sonner-toast] *' })).toBeInTheDocument()

    // Another card on the same payment: insufficient funds.
    await user.click(screen.getByRole('button', { name: /Use test card 4000 0000 0000 9995 \(insufficient funds\)/ }))
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }))
    await waitFor(() => expect(screen.getByTestId('decline-message')).toHaveTextContent('Your card has insufficient funds.'))
  })

  it('lists open paid pools to pick from, and shows the server refusing an escrow payment field by field', async () => {
    const { fetch, user } = open({
      'POST /api/test/create-escrow-payment': {
        status: 400,
        body: {
          message: 'The amount does not match the price of 1 squares: $5.00.',
          code: 'invalid',
          fields: { amount: 'The amount does not match the price of 1 squares: $5.00.' },
        },
      },
    })
    const section = within(await screen.findByRole('region', { name: 'Escrow payment' }))
    const list = await section.findByRole('list', { name: 'Open paid pools' })
    const picks = within(list).getAllByRole('button')
    // The free pool and the draft are left out.
    expect(picks.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Use pool 2: $5 Pool, Kansas City Chiefs at Buffalo Bills, $5.00 a square',
      'Use pool 4: $25 Pool, Kansas City Chiefs at Buffalo Bills, $25.00 a square',
    ])
    expect(section.getByLabelText('Squares (JSON list)')).toHaveValue('[{"row":0,"column":0}]')
    await user.click(picks[0])
    expect(picks[0]).toHaveAttribute('aria-pressed', 'true')
    expect(section.getByLabelText('Pool ID')).toHaveValue('2')
    const amount = section.getByLabelText('Amount (dollars)')
    expect(amount).toHaveValue('5.00')

    await user.clear(amount)
    await user.type(amount, '4')
    await user.click(section.getByRole('button', { name: 'Create escrow payment' }))
    expect(bodyOf(fetch, 'POST', '/api/test/create-escrow-payment')).toEqual({ poolId: 2, squares: [{ row: 0, column: 0 }], amount: '4' })
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'))
    expect(amount).toHaveAccessibleDescription('The amount does not match the price of 1 squares: $5.00.')
    expect(section.getByText('The server answered 400 Bad Request')).toBeInTheDocument()
    expect(await screen.findByText('Escrow payment failed')).toBeInTheDocument()
    expect(screen.getAllByTestId('log-entry')[0]).toHaveTextContent('400 Bad Request')
  })

  it('sends squares that are not JSON as text, for the server to judge', async () => {
    const { fetch, user } = open({
      'POST /api/test/create-escrow-payment': { status: 400, body: { message: 'Squares must be a list of {row, column}.', code: 'invalid', fields: { squares: 'Squares must be a list of {row, column}.' } } },
    })
    const squares = await screen.findByLabelText('Squares (JSON list)')
    await user.clear(squares)
    await user.type(squares, 'row 1')
    expect(screen.getByText(/Not valid JSON/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create escrow payment' }))
    expect(bodyOf(fetch, 'POST', '/api/test/create-escrow-payment')).toEqual({ squares: 'row 1' })
    await waitFor(() => expect(squares).toHaveAccessibleDescription('Squares must be a list of {row, column}.'))
  })

  it('tells a player the release and refund calls need an admin', async () => {
    open()
    expect(await screen.findByText('Needs an admin')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Admin Login' })).toHaveAttribute('href', '/admin-login')
    expect(screen.queryByRole('button', { name: 'Release escrow' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Refund escrow/ })).not.toBeInTheDocument()
  })

  it('lets an admin release escrow, and asks before a refund cancels the pool', async () => {
    const { fetch, user } = open(
      {
        'POST /api/test/admin/release-escrow': (body) =>
          (body as { poolId: number }).poolId === 404
            ? { status: 404, body: { message: 'Pool not found.', code: 'not_found' } }
            : { body: { success: true, poolId: 2, released: 3, message: '3 payment(s) released.' } },
        'POST /api/test/admin/refund-escrow': { body: { success: true, message: 'Pool refunded successfully', pool: pool(2, '5.00', { status: 'cancelled' }) } },
      },
      { user: admin },
    )
    const section = within(await screen.findByRole('region', { name: 'Admin: release / refund escrow' }))
    const poolId = section.getByLabelText('Pool ID')

    await user.type(poolId, '404')
    await user.click(section.getByRole('button', { name: 'Release escrow' }))
    expect(await section.findByText('The server answered 404 Not Found')).toBeInTheDocument()
    expect(section.getByText('Pool not found.')).toBeInTheDocument()

    await user.clear(poolId)
    await user.type(poolId, '2')
    await user.click(section.getByRole('button', { name: 'Release escrow' }))
    expect(await section.findByTestId('admin-result-message')).toHaveTextContent('3 payment(s) released.')

    await user.click(section.getByRole('button', { name: /Refund escrow/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund pool 2?' })
    expect(fetch.mock.calls.some(([u]) => urlOf(u).endsWith('/refund-escrow'))).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel pool and refund' }))
    expect(await section.findByTestId('admin-result-message')).toHaveTextContent('Pool refunded successfully')
    expect(bodyOf(fetch, 'POST', '/api/test/admin/refund-escrow')).toEqual({ poolId: 2 })
    expect(section.getByText('cancelled')).toBeInTheDocument()
  })

  it('keeps secrets and card details out of the log', () => {
    expect(
      redact({ clientSecret: 'pi_1_secret_xyz', nested: [{ cardNumber: '4242 4242 4242 4242', cvc: '123', expiry: '12/30' }] }),
    ).toEqual({ clientSecret: 'pi_1_secret_••••••••••••', nested: [{ cardNumber: '•••• 4242', cvc: '•••', expiry: '12/30' }] })
  })
})
