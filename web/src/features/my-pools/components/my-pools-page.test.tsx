import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { player, renderPage, stubFetch } from '@/test/utils'
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
    expect(within(rows[0]).getByText('+$10.00')).toHaveClass('text-emerald-600')
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
