import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { queryKeys } from '@/lib/query-keys'
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
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user.transactions }))
    await waitFor(() =>
      expect(screen.queryByText('Your transactions could not be loaded. Please try again later.') ?? screen.queryByText("Couldn't refresh. Showing the last update.")).not.toBeNull(),
    )
    expect(screen.getAllByTestId('transaction')).toHaveLength(3)
    expect(screen.queryByText('Your transactions could not be loaded. Please try again later.')).not.toBeInTheDocument()
    expect(screen.getByText("Couldn't refresh. Showing the last update.")).toBeInTheDocument()
  })
})

describe('My Pools winnings', () => {
  const unclaimed = {
    id: 4,
    poolId: 9,
    poolName: '$10 Pool',
    gameId: 40,
    game: 'Kansas City Chiefs @ Buffalo Bills',
    awayTeam: 'Kansas City Chiefs',
    homeTeam: 'Buffalo Bills',
    kickoff: '2026-11-22T18:00:00Z',
    period: 1,
    periodLabel: 'Q1',
    amount: '225.00',
    status: 'unclaimed',
    creditedAt: '2026-11-22T18:00:00Z',
    claimBy: '2026-12-22T18:00:00Z',
    daysLeft: 30,
    claimedAt: null,
    paidAt: null,
    forfeitedAt: null,
  }
  const forfeited = { ...unclaimed, id: 3, period: 2, periodLabel: 'Q2', status: 'forfeited', daysLeft: 0, forfeitedAt: '2026-12-22T19:00:00Z' }
  const sandbox = { devMode: true, paymentsProvider: 'sandbox', stripePublishableKey: null, payoutText: 'Test payments: your prize is paid out now, as soon as you claim it. No real money moves.' }
  const stripe = { devMode: false, paymentsProvider: 'stripe', stripePublishableKey: 'pk_test_x', payoutText: 'We send prizes by bank transfer within 5 business days.' }

  function server(config: object, claimedAs: 'paid' | 'payout_pending') {
    let claimed = false
    const after = { ...unclaimed, status: claimedAs, daysLeft: 0, claimedAt: '2026-11-23T10:00:00Z', paidAt: claimedAs === 'paid' ? '2026-11-23T10:00:00Z' : null }
    return stubFetch({
      'GET /api/config': { body: config },
      'GET /api/user-pools': { body: [] },
      'GET /api/user/prizes': () => ({ body: [claimed ? after : unclaimed, forfeited] }),
      'POST /api/user/prizes/4/claim': () => {
        claimed = true
        const message = claimedAs === 'paid' ? 'Paid: $225.00 for Q1 of $10 Pool has been paid out to you.' : `Claimed — payout pending. ${(config as { payoutText: string }).payoutText}`
        return { body: { ...after, message, payoutText: (config as { payoutText: string }).payoutText } }
      },
      'GET /api/user/transactions': { body: [] },
    })
  }

  it('names the game, pool and period of each prize; a claim confirms, says where the money goes, then "Paid"', async () => {
    server(sandbox, 'paid')
    const user = userEvent.setup()
    renderPage(<MyPoolsPage />, { path: '/my-pools', at: '/my-pools?tab=winnings', user: player })
    const rows = await screen.findAllByTestId('prize')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Q1 winner')
    expect(rows[0]).toHaveTextContent('Kansas City Chiefs @ Buffalo Bills')
    expect(within(rows[0]).getByRole('link', { name: '$10 Pool' })).toHaveAttribute('href', '/pool/9')
    expect(rows[0]).toHaveTextContent('Sun, Nov 22, 1:00 PM ET')
    expect(rows[0]).toHaveTextContent('Claim by Tue, Dec 22, 2026 · 30 days left to claim')
    expect(within(rows[0]).getByText('Unclaimed')).toBeInTheDocument()
    expect(within(rows[0]).getByText('$225.00')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Forfeited')).toBeInTheDocument()
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument()

    await user.click(within(rows[0]).getByRole('button', { name: 'Claim $225.00, Q1 of $10 Pool' }))
    const dialog = await screen.findByRole('dialog', { name: 'Claim $225.00?' })
    expect(dialog).toHaveTextContent('Q1 · Kansas City Chiefs @ Buffalo Bills · $10 Pool')
    expect(within(dialog).getByTestId('payout-text')).toHaveTextContent('Test payments: your prize is paid out now')
    await user.click(within(dialog).getByRole('button', { name: 'Claim $225.00' }))
    const done = await screen.findByRole('dialog', { name: 'Paid' })
    expect(within(done).getByTestId('claim-result')).toHaveTextContent('Paid: $225.00 for Q1 of $10 Pool has been paid out to you.')
    await user.click(within(done).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(within(screen.getAllByTestId('prize')[0]).getByText('Paid')).toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("with Stripe, says the operator's payout text and then \"Claimed — payout pending\"", async () => {
    server(stripe, 'payout_pending')
    const user = userEvent.setup()
    // The win's toast, the bell and the dashboard link straight to the claim step.
    renderPage(<MyPoolsPage />, { path: '/my-pools', at: '/my-pools?tab=winnings&claim=4', user: player })
    const dialog = await screen.findByRole('dialog', { name: 'Claim $225.00?' })
    await waitFor(() => expect(within(dialog).getByTestId('payout-text')).toHaveTextContent('We send prizes by bank transfer within 5 business days.'))
    await user.click(within(dialog).getByRole('button', { name: 'Claim $225.00' }))
    const done = await screen.findByRole('dialog', { name: 'Claimed — payout pending' })
    expect(within(done).getByTestId('claim-result')).toHaveTextContent('We send prizes by bank transfer within 5 business days.')
    await user.click(within(done).getByRole('button', { name: 'Done' }))
    const row = (await screen.findAllByTestId('prize'))[0]
    await waitFor(() => expect(within(row).getByText('Payout pending')).toBeInTheDocument())
    expect(row).toHaveTextContent('payout pending. We send prizes by bank transfer within 5 business days.')
  })

  it("shows a host pool's wins as the host's to pay, with nothing to claim, even one whose id is a prize's", async () => {
    const hostPays = { ...unclaimed, id: 0, winnerId: 4, poolId: 12, poolName: 'Party', period: 2, periodLabel: 'Q2', amount: '250.00', status: 'host_pays', daysLeft: 0 }
    const hostPaid = { ...hostPays, winnerId: 5, period: 4, periodLabel: 'Final', status: 'host_paid', paidAt: '2026-11-23T10:00:00Z' }
    stubFetch({
      'GET /api/user-pools': { body: [] },
      'GET /api/user/prizes': { body: [hostPays, unclaimed, hostPaid] },
    })
    renderPage(<MyPoolsPage />, { path: '/my-pools', at: '/my-pools?tab=winnings&claim=4', user: player })
    const rows = await screen.findAllByTestId('prize')
    expect(rows).toHaveLength(3)
    expect(within(rows[0]).getByText('The host pays')).toBeInTheDocument()
    expect(rows[0]).toHaveTextContent("The pool's host pays you directly; Squares does not hold this pool's money.")
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument()
    expect(within(rows[2]).getByText('Paid by the host')).toBeInTheDocument()
    expect(rows[2]).toHaveTextContent('The host marked it paid Mon, Nov 23, 5:00 AM ET')
    // The claim link opens the prize 4, never the win 4.
    expect(await screen.findByRole('dialog', { name: 'Claim $225.00?' })).toHaveTextContent('Q1 · Kansas City Chiefs @ Buffalo Bills · $10 Pool')
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
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Claim $225.00' }))
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
