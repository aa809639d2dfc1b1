import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { makePool as basePool, cell } from '@/test/pool'
import { bodyOf, jsonBody, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import type { Pool, Square, Winner } from '@/lib/types'
import type { HostPayments } from '@/lib/api.gen'
import { PoolDetailPage } from './pool-detail-page'

// A $10 host-collected pool of Ann (player 12): Bo (40) claimed two squares and paid for one; the guest
// Aunt May (guest 7) was given one, unpaid.
const hostPool = (over: Partial<Pool> = {}) =>
  basePool({
    name: 'Party',
    entryFee: '10.00',
    isPrivate: true,
    collection: 'host',
    paymentInstructions: 'Venmo @ann\nor cash at the party',
    payBy: '2026-12-06T18:00:00Z',
    currentParticipants: 3,
    maxSquaresPerPlayer: 10,
    ...over,
  })

const sq = (over: Partial<Square>): Square =>
  ({ id: 1, poolId: 31, userId: '40', row: 0, column: 0, purchasePrice: '10.00', purchasedAt: null, user: { firstName: 'Bo', lastName: 'Diaz' }, status: 'owned', ...over })

const squares: Square[] = [
  sq({ id: 1, row: 0, column: 0, paid: true }),
  sq({ id: 2, row: 0, column: 1, paid: false }),
  sq({ id: 3, row: 5, column: 5, userId: null, guestId: 7, displayName: 'Aunt May', user: { firstName: 'Aunt May', lastName: '' }, paid: false }),
]

const payments: HostPayments = {
  players: [
    { userId: 12, guestId: null, name: 'Ann L.', squares: 0, owed: '0.00', paid: '0.00', balance: '0.00', entries: [] },
    {
      userId: 40, guestId: null, name: 'Bo D.', squares: 2, owed: '20.00', paid: '10.00', balance: '10.00',
      entries: [{ id: 5, userId: 40, guestId: null, amount: '10.00', note: 'cash', at: '2026-11-27T12:00:00Z', corrects: null, correctedBy: null }],
    },
    { userId: null, guestId: 7, name: 'Aunt May', squares: 1, owed: '10.00', paid: '0.00', balance: '10.00', entries: [] },
  ],
}

async function open({ pool = hostPool({ inviteCode: 'K7QW2MXP' }), user = player, routes = {} } = {}) {
  const fetch = stubFetch({
    'GET /api/pools/31': { body: pool },
    'GET /api/pools/31/squares': { body: squares },
    'GET /api/pools/31/payments': { body: payments },
    'GET /api/pools/31/invitations': { body: { inviteCode: 'K7QW2MXP', members: [], invitations: [] } },
    ...routes,
  })
  renderPage(<PoolDetailPage />, { path: '/pool/:id', at: '/pool/31', user })
  await screen.findByRole('grid')
  // The host's tools load after the board, their code on demand: a host's page has them once it has.
  if (pool.inviteCode) await screen.findByRole('region', { name: 'Players and payments' })
  return { fetch, user: userEvent.setup() }
}

const panel = () => screen.getByRole('region', { name: 'Players and payments' })
const row = (name: string) => within(panel()).getByRole('listitem', { name })

describe('A host-collected pool, as its host', () => {
  it('lists every player with squares, owed, paid and balance, marks unpaid squares, and records a balance in two taps', async () => {
    const { fetch, user } = await open({ routes: { 'POST /api/pools/31/payments': { status: 201, body: { id: 6, amount: '10.00' } } } })
    await within(panel()).findByText('Aunt May')
    // Nobody pays the host: their own cart does not say to.
    expect(screen.getByRole('button', { name: 'Claim Squares' })).toBeInTheDocument()
    expect(screen.queryByText('You pay the host for your squares, outside Squares.')).not.toBeInTheDocument()
    expect(within(row('Bo D.')).getByText('$20.00')).toBeInTheDocument()
    expect(within(row('Aunt May')).getByText('Guest')).toBeInTheDocument()
    expect(within(panel()).getByText(/still owed to you: \$20\.00/)).toBeInTheDocument()
    expect(cell(0, 1)).toHaveAccessibleName(/not paid yet/)
    expect(cell(0, 0)).not.toHaveAccessibleName(/not paid yet/)
    expect(cell(5, 5)).toHaveAccessibleName(/Aunt May, not paid yet/)
    expect(screen.getByText('Not paid yet')).toBeInTheDocument()

    await user.click(within(row('Aunt May')).getByRole('button', { name: 'Paid: Aunt May paid $10.00' }))
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
    await user.click(within(row('Aunt May')).getByRole('button', { name: 'Record $10.00' }))
    await waitFor(() => expect(bodyOf(fetch, 'POST', '/api/pools/31/payments')).toEqual({ guestId: 7, amount: '10.00', note: '' }))
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument()
  })

  it('records another amount with its rules and the server’s errors at the field, and undoes an entry', async () => {
    const { fetch, user } = await open({
      routes: {
        'POST /api/pools/31/payments': { status: 400, body: { message: 'Invalid', code: 'invalid', fields: { note: 'A note is one line of printable text.' } } },
        'DELETE /api/pools/31/payments/5': { body: { id: 9, amount: '-10.00', corrects: 5 } },
      },
    })
    await within(panel()).findByText('Bo D.')
    await user.click(within(row('Bo D.')).getByRole('button', { name: 'Other amount' }))
    const form = screen.getByRole('form', { name: 'Record a payment from Bo D.' })
    await user.type(within(form).getByLabelText('Amount ($)'), '1000.01')
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    expect(await within(form).findByText("The amount must be more than $0.00 and at most the pool's total, $1,000.00.")).toBeInTheDocument()
    await user.clear(within(form).getByLabelText('Amount ($)'))
    await user.type(within(form).getByLabelText('Amount ($)'), '5')
    await user.type(within(form).getByLabelText(/Note/), 'venmo')
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    expect(await within(form).findByText('A note is one line of printable text.')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/pools/31/payments')).toEqual({ userId: 40, amount: '5.00', note: 'venmo' })

    await user.click(within(row('Bo D.')).getByRole('button', { name: /Entries \(1\)/ }))
    await user.click(screen.getByRole('button', { name: 'Undo $10.00 from Bo D.' }))
    await waitFor(() => expect(fetch.mock.calls.some(([u, init]) => urlOf(u).endsWith('/api/pools/31/payments/5') && init?.method === 'DELETE')).toBe(true))
  })

  it('gives squares picked on the board to a chosen player, or N at random, and takes a square back', async () => {
    const { fetch, user } = await open({
      routes: {
        'POST /api/pools/31/assign': { status: 201, body: { squares: [{}, {}], pool: hostPool() } },
        'DELETE /api/pools/31/squares/0/1': { body: { square: { row: 0, column: 1 }, pool: hostPool() } },
      },
    })
    await within(panel()).findByText('Aunt May')
    await user.selectOptions(screen.getByLabelText('Give squares to'), 'g7')
    await user.click(screen.getByRole('button', { name: 'Pick on the board' }))
    expect(screen.queryByRole('region', { name: /Selected Squares/ })).not.toBeInTheDocument()
    await user.click(cell(3, 3))
    await user.click(cell(3, 4))
    expect(cell(3, 3)).toHaveAttribute('aria-selected', 'true')
    await user.click(screen.getByRole('button', { name: 'Give 2 squares' }))
    await waitFor(() =>
      expect(bodyOf(fetch, 'POST', '/api/pools/31/assign')).toEqual({ guestId: 7, squares: [{ row: 3, column: 3 }, { row: 3, column: 4 }] }),
    )
    expect(await screen.findByText('Squares given')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Give squares to'), 'u40')
    await user.clear(screen.getByLabelText('How many'))
    await user.type(screen.getByLabelText('How many'), '3')
    await user.click(screen.getByRole('button', { name: 'Give at random' }))
    await waitFor(() => expect(fetch.mock.calls.filter(([u, init]) => urlOf(u).endsWith('/assign') && init?.method === 'POST')).toHaveLength(2))
    expect(jsonBody(fetch.mock.calls.filter(([u]) => urlOf(u).endsWith('/assign'))[1][1])).toEqual({ userId: 40, random: 3 })

    await user.click(cell(0, 1))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Bo D\.’s square, not paid yet/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Take back from Bo D.' }))
    await waitFor(() => expect(fetch.mock.calls.some(([u, init]) => urlOf(u).endsWith('/squares/0/1') && init?.method === 'DELETE')).toBe(true))
  })

  it('adds a guest, sends a reminder and shows when the next may go, and offers the CSV', async () => {
    const wait = 'A reminder was sent less than 6 hours ago: you can send the next one at Sat Nov 28, 7:00 PM ET.'
    const { fetch, user } = await open({
      routes: {
        'POST /api/pools/31/guests': { status: 201, body: { guestId: 8, name: 'Uncle Bob', email: 'bob@example.com', invited: true } },
        'POST /api/pools/31/reminders': { status: 429, body: { message: wait, code: 'rate_limited' } },
        'GET /api/pools/31/history': {
          body: {
            entries: [
              { id: 1, at: '2026-11-27T12:00:00Z', actor: { userId: 12, name: 'Ann L.' }, action: 'pool.create', summary: 'Created the pool.', userId: null, guestId: null },
              { id: 2, at: '2026-11-27T12:05:00Z', actor: { userId: 12, name: 'Ann L.' }, action: 'guest.add', summary: 'Added the guest Aunt May.', userId: null, guestId: 7 },
            ],
          },
        },
      },
    })
    await within(panel()).findByText('Aunt May')
    await user.click(screen.getByRole('button', { name: 'Add guest' }))
    expect(await screen.findByText("Please enter the guest's name.")).toBeInTheDocument()
    await user.type(screen.getByLabelText("Guest's name"), 'Uncle Bob')
    await user.type(screen.getByLabelText(/E-mail/), 'bob@example.com')
    await user.click(screen.getByRole('button', { name: 'Add guest' }))
    await waitFor(() => expect(bodyOf(fetch, 'POST', '/api/pools/31/guests')).toEqual({ name: 'Uncle Bob', email: 'bob@example.com' }))
    expect(await screen.findByText('Uncle Bob is invited at bob@example.com.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Send reminder' }))
    expect(await screen.findByTestId('reminder-note')).toHaveTextContent(wait)
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/pools/31/payments.csv')
    // The history, newest first, once opened.
    await user.click(screen.getByRole('button', { name: 'History' }))
    const items = within(await screen.findByRole('list', { name: 'Pool history' })).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual([expect.stringMatching(/^Added the guest Aunt May\.Ann L\. · /), expect.stringMatching(/^Created the pool\.Ann L\. · /)])
  })

  it('changes the per-player limit until the first square is taken', async () => {
    const { fetch, user } = await open({
      pool: hostPool({ inviteCode: 'K7QW2MXP', currentParticipants: 0 }),
      routes: { 'PATCH /api/pools/31': { body: hostPool({ maxSquaresPerPlayer: 12 }) } },
    })
    const limit = await screen.findByLabelText('Squares per player')
    expect(limit).toHaveValue(10)
    await user.clear(limit)
    await user.type(limit, '26')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Must be a number from 1 to 25.')).toBeInTheDocument()
    await user.clear(limit)
    await user.type(limit, '12')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(bodyOf(fetch, 'PATCH', '/api/pools/31')).toEqual({ maxSquaresPerPlayer: 12 }))
    expect(await screen.findByText('Up to 12 squares per player.')).toBeInTheDocument()
  })

  it('offers no limit change once a square is taken', async () => {
    await open()
    await within(panel()).findByText('Aunt May')
    expect(screen.queryByLabelText('Squares per player')).not.toBeInTheDocument()
  })

  it('marks a period’s prize paid', async () => {
    const drawn = hostPool({ inviteCode: 'K7QW2MXP', numbersGenerated: true, homeNumbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], awayNumbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], status: 'started', currentParticipants: 100 })
    const q1: Winner = { poolId: 31, period: 1, periodLabel: 'Q1', homeScore: 0, awayScore: 0, row: 0, column: 0, userId: '40', firstName: 'Bo', amount: '250.00', status: 'host_pays', kind: 'period', award: 'period:Q1', name: 'Q1' }
    const { fetch, user } = await open({
      pool: drawn,
      routes: { 'GET /api/pools/31/winners': { body: [q1] }, 'POST /api/pools/31/winners/Q1/paid': { body: { ...q1, status: 'host_paid' } } },
    })
    await user.click(await screen.findByRole('button', { name: 'Mark Q1 paid to Bo' }))
    await waitFor(() => expect(fetch.mock.calls.some(([u, init]) => urlOf(u).endsWith('/winners/Q1/paid') && init?.method === 'POST')).toBe(true))
    expect(screen.queryByRole('button', { name: 'Give at random' })).not.toBeInTheDocument()
  })
})

describe('A host-collected pool, as a member', () => {
  const bo = { ...player, id: '40', firstName: 'Bo', lastName: 'Diaz' }
  it('says Squares holds none of its money, shows the instructions and the member’s balance, and claims squares for free', async () => {
    const { fetch, user } = await open({
      pool: hostPool({ decisionOutlook: { dueAt: '2099-01-01T00:00:00Z', action: 'cancel', minPlayers: 0, playersNeeded: 0, maxHouseSquares: 0, squaresFree: 97, squaresShort: 97 } }),
      user: bo,
      routes: {
        'GET /api/pools/31/payments/mine': { body: { ...payments.players[1] } },
        'POST /api/pools/31/squares': { status: 201, body: { square: sq({ row: 2, column: 2 }), pool: hostPool() } },
      },
    })
    expect(screen.getByText(/Squares does not hold this pool’s money and charges no fee/)).toBeInTheDocument()
    // Squares refunds nothing of a host pool that does not fill: it never held its money.
    expect(screen.getByText(/needs 97 more squares taken to be full or it is cancelled$/)).toBeInTheDocument()
    expect(screen.getByTestId('payment-instructions')).toHaveTextContent('Venmo @ann or cash at the party')
    const balance = await screen.findByTestId('own-balance')
    expect(balance).toHaveTextContent('Owed$20.00')
    expect(balance).toHaveTextContent('Paid$10.00')
    expect(balance).toHaveTextContent('Still owed$10.00')
    expect(screen.queryByRole('region', { name: 'Players and payments' })).not.toBeInTheDocument()
    expect(screen.getByText('You pay the host for your squares, outside Squares.')).toBeInTheDocument()
    await user.click(cell(2, 2))
    await user.click(screen.getByRole('button', { name: 'Claim Squares' }))
    await waitFor(() => expect(bodyOf(fetch, 'POST', '/api/pools/31/squares')).toEqual({ row: 2, column: 2 }))
    expect(fetch.mock.calls.some(([u]) => urlOf(u).includes('escrow'))).toBe(false)
  })

  it('shows a win the host paid as "Paid by the host"', async () => {
    const drawn = hostPool({ numbersGenerated: true, homeNumbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], awayNumbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], status: 'started', currentParticipants: 100 })
    const q1: Winner = { poolId: 31, period: 1, periodLabel: 'Q1', homeScore: 0, awayScore: 0, row: 0, column: 0, userId: '40', firstName: 'Bo', amount: '250.00', status: 'host_paid', paidAt: '2026-12-06T20:00:00Z', kind: 'period', award: 'period:Q1', name: 'Q1' }
    await open({ pool: drawn, user: bo, routes: { 'GET /api/pools/31/winners': { body: [q1] }, 'GET /api/pools/31/payments/mine': { body: payments.players[1] } } })
    expect(await screen.findByText('Paid by the host')).toBeInTheDocument()
  })
})
