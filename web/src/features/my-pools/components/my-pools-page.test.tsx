import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch } from '@/test/utils'
import { MyPoolsPage } from './my-pools-page'

const tx = [
  { id: 3, kind: 'refund', description: 'Payment refunded', amount: '10.00', poolId: 9, poolName: '$10 Pool', game: 'Dallas Cowboys @ Philadelphia Eagles', paymentId: 'pay_2', memo: '', createdAt: '2026-11-22T18:00:00Z' },
  { id: 2, kind: 'capture', description: 'Payment captured into escrow', amount: '0.00', poolId: 8, poolName: '$5 Pool', game: 'Dallas Cowboys @ Philadelphia Eagles', paymentId: 'pay_1', memo: '', createdAt: '2026-11-22T17:00:00Z' },
  { id: 1, kind: 'hold', description: 'Card hold for squares', amount: '-10.00', poolId: 8, poolName: '$5 Pool', game: 'Dallas Cowboys @ Philadelphia Eagles', paymentId: 'pay_1', memo: '', createdAt: '2026-11-22T01:42:27Z' },
]
const payments = [
  { id: 'pay_1', paymentIntentId: 'pi_1', poolId: 8, amount: '10.00', currency: 'usd', squares: [{ row: 1, column: 1 }, { row: 1, column: 2 }], status: 'held', message: '', expiresAt: null, createdAt: '2026-11-22T01:42:26Z' },
  { id: 'pay_0', paymentIntentId: 'pi_0', poolId: 8, amount: '5.00', currency: 'usd', squares: [{ row: 3, column: 3 }], status: 'released', message: 'Your card was declined.', expiresAt: null, createdAt: '2026-11-22T01:40:00Z' },
]

describe('My Pools transactions', () => {
  it('lists the ledger with ET dates, signed amounts and kinds, and open card holds', async () => {
    stubFetch({
      'GET /api/user-pools': { body: [] },
      'GET /api/user/transactions': { body: tx },
      'GET /api/user/payments': { body: payments },
    })
    const user = userEvent.setup()
    renderPage(<MyPoolsPage />, { path: '/my-pools', user: player })
    await user.click(screen.getByRole('tab', { name: /Transactions/ }))
    const rows = await screen.findAllByTestId('transaction')
    expect(rows).toHaveLength(3)
    expect(within(rows[2]).getByText('Card hold for squares')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Hold')).toBeInTheDocument()
    expect(within(rows[2]).getByText('−$10.00')).toHaveClass('text-red-600')
    expect(within(rows[2]).getByText('Sat, Nov 21, 8:42 PM ET')).toBeInTheDocument()
    expect(within(rows[2]).getByRole('link', { name: '$5 Pool' })).toHaveAttribute('href', '/pool/8')
    expect(within(rows[0]).getByText('+$10.00')).toHaveClass('text-emerald-700')
    expect(within(rows[1]).getByText('$0.00')).toBeInTheDocument()
    // Only the open hold is listed under card holds.
    const open = await screen.findAllByTestId('payment')
    expect(open).toHaveLength(1)
    expect(open[0]).toHaveTextContent('2 squares')
    expect(open[0]).toHaveTextContent('Card hold')
  })

  it('says so when there are no transactions, and opens on the tab from the URL', async () => {
    stubFetch({
      'GET /api/user-pools': { body: [] },
      'GET /api/user/transactions': { body: [] },
      'GET /api/user/payments': { body: [] },
    })
    renderPage(<MyPoolsPage />, { path: '/my-pools', at: '/my-pools?tab=transactions', user: player })
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('tab', { name: /Transactions/ })).toHaveAttribute('aria-selected', 'true'))
  })
})

describe('My Pools when a refresh fails', () => {
  it('keeps the transactions after a failed background refetch and says it could not refresh', async () => {
    let down = false
    stubFetch({
      'GET /api/user-pools': { body: [] },
      'GET /api/user/transactions': () => (down ? { status: 500, body: { message: 'Internal error' } } : { body: tx }),
      'GET /api/user/payments': { body: [] },
    })
    const { queryClient } = renderPage(<MyPoolsPage />, { path: '/my-pools', at: '/my-pools?tab=transactions', user: player })
    expect(await screen.findAllByTestId('transaction')).toHaveLength(3)
    down = true
    await act(() => queryClient.refetchQueries({ queryKey: ['/api/user/transactions'] }))
    await waitFor(() =>
      expect(screen.queryByText('Your transactions could not be loaded. Please try again later.') ?? screen.queryByText("Couldn't refresh. Showing the last update.")).not.toBeNull(),
    )
    expect(screen.getAllByTestId('transaction')).toHaveLength(3)
    expect(screen.queryByText('Your transactions could not be loaded. Please try again later.')).not.toBeInTheDocument()
    expect(screen.getByText("Couldn't refresh. Showing the last update.")).toBeInTheDocument()
  })
})

describe('My Pools winnings', () => {
  const unclaimed = { id: 4, poolId: 9, poolName: '$10 Pool', period: 1, periodLabel: 'Q1', amount: '225.00', status: 'unclaimed', creditedAt: '2026-11-22T18:00:00Z', claimBy: '2026-12-22T18:00:00Z', claimedAt: null, paidAt: null, forfeitedAt: null }
  const forfeited = { ...unclaimed, id: 3, period: 2, periodLabel: 'Q2', status: 'forfeited', forfeitedAt: '2026-12-22T19:00:00Z' }

  it('lists the prizes with their status and claims one', async () => {
    let claimed = false
    stubFetch({
      'GET /api/user-pools': { body: [] },
      'GET /api/user/prizes': () => ({ body: [claimed ? { ...unclaimed, status: 'paid', claimedAt: '2026-11-23T10:00:00Z', paidAt: '2026-11-23T10:00:00Z' } : unclaimed, forfeited] }),
      'POST /api/user/prizes/4/claim': () => {
        claimed = true
        return { body: { ...unclaimed, status: 'paid' } }
      },
      'GET /api/user/transactions': { body: [] },
    })
    const user = userEvent.setup()
    renderPage(<MyPoolsPage />, { path: '/my-pools', at: '/my-pools?tab=winnings', user: player })
    const rows = await screen.findAllByTestId('prize')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('Unclaimed')).toBeInTheDocument()
    expect(within(rows[0]).getByText('$225.00')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Forfeited')).toBeInTheDocument()
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument()
    await user.click(within(rows[0]).getByRole('button', { name: 'Claim $225.00, Q1 of $10 Pool' }))
    await waitFor(() => expect(within(screen.getAllByTestId('prize')[0]).getByText('Paid')).toBeInTheDocument())
  })

  it('shows why a claim was refused', async () => {
    stubFetch({
      'GET /api/user-pools': { body: [] },
      'GET /api/user/prizes': { body: [unclaimed] },
      'POST /api/user/prizes/4/claim': { status: 422, body: { message: 'The claim period for this prize ended on Dec 22, 2026.', code: 'unprocessable' } },
    })
    const user = userEvent.setup()
    renderPage(<MyPoolsPage />, { path: '/my-pools', at: '/my-pools?tab=winnings', user: player })
    await user.click(await screen.findByRole('button', { name: /Claim \$225\.00/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The claim period for this prize ended on Dec 22, 2026.')
  })
})

describe('My Pools e-mail choice', () => {
  it('shows the choice from the server and saves a change', async () => {
    let optOut = false
    const fetch = stubFetch({
      'GET /api/user-pools': { body: [] },
      'GET /api/user/email-preferences': () => ({ body: { optOut } }),
      'POST /api/user/email-preferences': (body) => {
        optOut = (body as { optOut: boolean }).optOut
        return { body: { optOut } }
      },
    })
    const user = userEvent.setup()
    renderPage(<MyPoolsPage />, { path: '/my-pools', user: player })
    const box = await screen.findByRole('checkbox', { name: 'Send me optional e-mails' })
    expect(box).toBeChecked()
    await user.click(box)
    await waitFor(() => expect(box).not.toBeChecked())
    expect(bodyOf(fetch, 'POST', '/api/user/email-preferences')).toEqual({ optOut: true })
    expect(optOut).toBe(true)
  })

  it('says so when the choice cannot be loaded', async () => {
    stubFetch({ 'GET /api/user-pools': { body: [] }, 'GET /api/user/email-preferences': { status: 500, body: { message: 'Internal error' } } })
    renderPage(<MyPoolsPage />, { path: '/my-pools', user: player })
    expect(await screen.findByText('Your e-mail choice could not be loaded. Please try again later.')).toBeInTheDocument()
  })
})
