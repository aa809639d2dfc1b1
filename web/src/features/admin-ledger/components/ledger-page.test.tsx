import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch, urlOf } from '@/test/utils'
import { LedgerPage } from './ledger-page'
import { admin, adminNamedPlayer } from '@/test/admin'

const game = { id: 4, homeTeam: 'Buffalo Bills', awayTeam: 'Kansas City Chiefs', gameDate: '2026-11-29T21:25:00Z', week: 'W13' }
const summary = {
  accounts: [
    { account: 'house:fees', balance: '100.00' },
    { account: 'pool:12:escrow', balance: '0.00', poolId: 12, poolName: '$10 Pool', game },
    { account: 'pool:12:held', balance: '10.00', poolId: 12, poolName: '$10 Pool', game },
    { account: 'user:7:winnings', balance: '225.00', userId: 7, userName: 'Dana Diaz', userEmail: 'dana@example.com' },
    { account: 'world', balance: '-335.00' },
  ],
  total: '0.00',
  balanced: true,
}
const hold = {
  id: 41, kind: 'hold', amount: '10.00', poolId: 12, poolName: '$10 Pool', game, userId: 7, userName: 'Dana Diaz', userEmail: 'dana@example.com',
  paymentId: 'pay_1', memo: '', createdAt: '2026-11-23T15:00:00Z',
  entries: [{ account: 'world', amount: '-10.00' }, { account: 'pool:12:held', amount: '10.00' }],
}
const fee = {
  id: 40, kind: 'house_fee', amount: '100.00', poolId: 12, poolName: '$10 Pool', game, userId: null, userName: '', userEmail: '',
  paymentId: null, memo: '', createdAt: '2026-11-22T15:00:00Z',
  entries: [{ account: 'pool:12:escrow', amount: '-100.00' }, { account: 'house:fees', amount: '100.00' }],
}
const page = (transactions: unknown[], total: number, p = 1) => ({ body: { transactions, total, page: p, pageSize: 25 } })

describe('LedgerPage', () => {
  it('shows the zero-sum check in green, the accounts by whose they are, and the transactions', async () => {
    stubFetch({
      'GET /api/admin/ledger/summary': { body: summary },
      'GET /api/admin/ledger/transactions?page=1&pageSize=25': page([hold, fee], 2),
    })
    const user = userEvent.setup()
    renderPage(<LedgerPage />, { user: admin, path: '/admin/ledger' })
    const check = await screen.findByRole('status', { name: 'Zero-sum check' })
    expect(check).toHaveTextContent(/^BalancedSum of all accounts: \$0\.00The 5 accounts sum to zero/)
    expect(check).toHaveAttribute('data-balanced', 'true')
    expect(check.className).toMatch(/emerald/)

    const platform = screen.getByRole('list', { name: 'Platform accounts' })
    expect(within(platform).getAllByTestId('ledger-account').map((a) => a.textContent)).toEqual([
      'house:feesHouse fees kept from settled pots$100.00',
      "worldPlayers' cards: money outside Squares (negative: what the platform holds)-$335.00",
    ])
    // Pools and players: the settled (zero) account is left out until asked for.
    const others = screen.getByRole('list', { name: 'Pool and player accounts list' })
    expect(within(others).getAllByTestId('ledger-account')).toHaveLength(2)
    expect(others).toHaveTextContent('Card holds for $10 Pool #12, Chiefs @ Bills, Sun 4:25 PM ET$10.00')
    expect(others).toHaveTextContent('Credited prizes of Dana Diaz$225.00')
    await user.click(screen.getByRole('checkbox', { name: 'Show settled (zero) accounts' }))
    expect(within(others).getAllByTestId('ledger-account')).toHaveLength(3)

    const [first, second] = await screen.findAllByTestId('ledger-transaction')
    expect(first).toHaveTextContent('Card hold$10.00#41 · Mon, Nov 23, 10:00 AM ET')
    expect(first).toHaveTextContent('$10 Pool #12 · Chiefs @ Bills, Sun 4:25 PM ET · Dana Diaz (dana@example.com) #7')
    expect(within(first).getAllByRole('term').map((t) => t.textContent)).toEqual(['world', 'pool:12:held'])
    expect(within(first).getAllByRole('definition').map((d) => d.textContent)).toEqual(['-$10.00', '+$10.00'])
    expect(second).toHaveTextContent('House fee$100.00')
    expect(second).not.toHaveTextContent('#null')
    expect(screen.getByText('Showing 1–2 of 2, newest first')).toBeInTheDocument()
  })

  it('says plainly, in red, when the books do not sum to zero', async () => {
    stubFetch({
      'GET /api/admin/ledger/summary': { body: { ...summary, total: '0.05', balanced: false } },
      'GET /api/admin/ledger/transactions?page=1&pageSize=25': page([], 0),
    })
    renderPage(<LedgerPage />, { user: admin, path: '/admin/ledger' })
    const check = await screen.findByRole('status', { name: 'Zero-sum check' })
    expect(check).toHaveTextContent(/^Out of balanceSum of all accounts: \$0\.05/)
    expect(check).toHaveAttribute('data-balanced', 'false')
    expect(check.className).toMatch(/red/)
    expect(await screen.findByText('No money has moved yet.')).toBeInTheDocument()
  })

  it('filters by pool and kind, checks the pool ID, pages, and takes a pool from its account', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...hold, id: 100 - i }))
    const fetch = stubFetch({
      'GET /api/admin/ledger/summary': { body: summary },
      'GET /api/admin/ledger/transactions?page=1&pageSize=25': page(many, 30),
      'GET /api/admin/ledger/transactions?page=2&pageSize=25': page([fee], 30, 2),
      'GET /api/admin/ledger/transactions?poolId=12&kind=house_fee&page=1&pageSize=25': page([fee], 1),
      'GET /api/admin/ledger/transactions?poolId=12&page=1&pageSize=25': page([hold, fee], 2),
    })
    const user = userEvent.setup()
    const { router } = renderPage(<LedgerPage />, { user: admin, path: '/admin/ledger' })
    expect(await screen.findAllByTestId('ledger-transaction')).toHaveLength(25)
    const pages = screen.getByRole('navigation', { name: 'Transaction pages' })
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument()
    await user.click(within(pages).getByRole('button', { name: /Older/ }))
    expect(await screen.findByText('Showing 26–26 of 30, newest first')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')

    // A pool ID must be a number: nothing is asked of the server until it is.
    const asked = () => fetch.mock.calls.map(([u]) => urlOf(u)).filter((u) => u.includes('/transactions'))
    const before = asked().length
    await user.type(screen.getByLabelText('Pool ID'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('A pool ID is a whole number, such as 12.')).toBeInTheDocument()
    expect(screen.getByLabelText('Pool ID')).toHaveAttribute('aria-invalid', 'true')
    expect(asked()).toHaveLength(before)

    await user.clear(screen.getByLabelText('Pool ID'))
    await user.type(screen.getByLabelText('Pool ID'), '12')
    await user.selectOptions(screen.getByLabelText('Kind'), 'house_fee')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('Showing 1–1 of 1, newest first')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?poolId=12&kind=house_fee')

    await user.click(await screen.findByRole('button', { name: 'Clear' }))
    expect(await screen.findByText('Showing 1–25 of 30, newest first')).toBeInTheDocument()
    // The pool's account leads to its transactions.
    await user.click(screen.getAllByRole('button', { name: 'Transactions of pool #12' })[0])
    expect(await screen.findByText('Showing 1–2 of 2, newest first')).toBeInTheDocument()
    expect(screen.getAllByTestId('ledger-transaction')).toHaveLength(2)
    expect(screen.getByLabelText('Pool ID')).toHaveValue('12')
    expect(screen.getByLabelText('Kind')).toHaveValue('')
  })

  it('turns a player away', async () => {
    const fetch = stubFetch({})
    renderPage(<LedgerPage />, { user: adminNamedPlayer, path: '/admin/ledger' })
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })
})
