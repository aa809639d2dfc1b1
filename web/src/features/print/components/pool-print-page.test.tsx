import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { makePool } from '@/test/pool'
import { renderPage, stubFetch } from '@/test/utils'
import type { Payout, Pool } from '@/lib/types'
import type { SheetSquare } from './sheet-names'
import { PoolPrintPage } from './pool-print-page'

// The printed sheet shows the pool's board with each owner's whole name, the digits once drawn (blank
// headers before), the server's payouts in money, the rules in two lines and a QR code of the pool's page.

const LONG = 'Maximiliana Alexandrina Wolfeschlegelsteinhausenbergerdorff'

const square = (row: number, column: number, over: Partial<SheetSquare>): SheetSquare => ({
  id: row * 10 + column,
  poolId: 31,
  userId: '40',
  row,
  column,
  purchasePrice: '10.00',
  purchasedAt: '2026-11-20T18:00:00Z',
  user: null,
  status: 'owned',
  ...over,
})

const squares: SheetSquare[] = [
  square(0, 0, { userId: '40', user: { firstName: 'Avery', lastName: 'Brooks' } }),
  square(0, 1, { userId: '40', user: { firstName: 'Avery', lastName: 'Brooks' } }),
  square(4, 7, { userId: '41', user: { firstName: 'Maximiliana Alexandrina', lastName: 'Wolfeschlegelsteinhausenbergerdorff' } }),
  square(9, 9, { userId: 'admin', user: { firstName: 'House', lastName: '' } }),
  // A guest of a host pool (issue 21, item 4): no account, named by the server.
  square(5, 5, { userId: null, user: null, displayName: 'Uncle Rob' }),
  // Someone paying: not theirs yet.
  square(2, 2, { userId: '42', user: { firstName: 'Jordan', lastName: 'Reyes' }, status: 'held' }),
]

const CODES = ['Q1', 'Q2', 'Q3', 'FINAL']
const payouts: Payout[] = ['Q1', 'Halftime', 'Q3', 'Final'].map((label, i) => ({ period: i + 1, code: CODES[i], label, percent: [20, 30, 20, 30][i], amount: ['180.00', '270.00', '180.00', '270.00'][i] }))

const tenDollar = (over: Partial<Pool> = {}) =>
  makePool({
    name: 'Office Pool',
    entryFee: '10.00',
    houseFeePercent: 10,
    currentParticipants: 5,
    maxSquaresPerPlayer: 10,
    payoutSchedule: [20, 30, 20, 30],
    payouts,
    ...over,
  })

async function open(pool: Pool, sqs: SheetSquare[] = squares) {
  stubFetch({ [`GET /api/pools/${pool.id}`]: { body: pool }, [`GET /api/pools/${pool.id}/squares`]: { body: sqs } })
  const utils = renderPage(<PoolPrintPage />, { path: '/pools/:id/print', at: `/pools/${pool.id}/print` })
  const sheet = await screen.findByTestId('print-sheet')
  return { ...utils, sheet }
}

const cellAt = (r: number, c: number) => document.querySelector<HTMLElement>(`[role=cell][data-row="${r}"][data-column="${c}"]`)!

describe('The printable sheet', () => {
  it('names every owner in full in their squares, guests and the house included, and leaves held and free squares blank', async () => {
    await open(tenDollar())
    expect(cellAt(0, 0)).toHaveTextContent('Avery Brooks')
    expect(cellAt(0, 1)).toHaveTextContent('Avery Brooks')
    expect(cellAt(4, 7)).toHaveTextContent(LONG)
    expect(cellAt(5, 5)).toHaveTextContent('Uncle Rob')
    expect(cellAt(9, 9)).toHaveTextContent('House')
    expect(cellAt(2, 2)).toHaveTextContent('Reserved')
    expect(cellAt(2, 2)).not.toHaveTextContent('Jordan')
    expect(cellAt(3, 3).textContent).toBe('')
    expect(within(screen.getByTestId('print-board')).getAllByRole('cell')).toHaveLength(100)
    // A long name starts small, so that it fits its square.
    expect(within(cellAt(4, 7)).getByText(LONG).style.fontSize).toBe('6pt')
    expect(within(cellAt(0, 0)).getByText('Avery Brooks').style.fontSize).toBe('11pt')
  })

  it('leaves the digit headers blank before the draw', async () => {
    await open(tenDollar())
    const digits = [...document.querySelectorAll('[data-digit]')]
    expect(digits).toHaveLength(20)
    for (const d of digits) expect(d).toHaveTextContent(/^$/)
    expect(screen.getAllByRole('columnheader', { name: /Buffalo Bills digit not drawn yet/ })).toHaveLength(10)
    expect(screen.getAllByRole('rowheader', { name: /Kansas City Chiefs digit not drawn yet/ })).toHaveLength(10)
    expect(screen.getByText('Digits not drawn yet: they are drawn when all 100 squares are taken.')).toBeInTheDocument()
  })

  it('prints the drawn digits along the top (home) and down the side (away)', async () => {
    const home = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7]
    const away = [2, 7, 1, 8, 0, 6, 9, 4, 3, 5]
    await open(tenDollar({ numbersGenerated: true, homeNumbers: home, awayNumbers: away, status: 'full', currentParticipants: 100, drawnAt: '2026-11-27T17:00:00Z' }))
    expect([...document.querySelectorAll('[data-digit=home]')].map((d) => d.textContent)).toEqual(home.map(String))
    expect([...document.querySelectorAll('[data-digit=away]')].map((d) => d.textContent)).toEqual(away.map(String))
    expect(screen.getByRole('columnheader', { name: 'Column 1: Buffalo Bills digit 3' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'Row 10: Kansas City Chiefs digit 5' })).toBeInTheDocument()
    expect(screen.getByText('Digits drawn Fri, Nov 27, 12:00 PM ET.')).toBeInTheDocument()
    // A full pool's prizes are its own: no "when all 100 squares are taken" note.
    expect(screen.queryByText('Prizes when all 100 squares are taken.')).not.toBeInTheDocument()
  })

  it('shows the teams, the kickoff, each period’s payout in money as the server says, the rules in two lines and a QR code of the pool', async () => {
    const { sheet } = await open(tenDollar({ game: { ...makePool().game!, gameDate: '2026-11-29T18:00:00Z' } }))
    expect(screen.getByRole('heading', { name: 'Office Pool' })).toBeInTheDocument()
    expect(sheet).toHaveTextContent('Kansas City Chiefs (away) at Buffalo Bills (home)')
    expect(sheet).toHaveTextContent('Kickoff: Sun, Nov 29, 2026, 1:00 PM ET')
    expect(sheet).toHaveTextContent('Entry: $10.00 a square')
    const rows = within(screen.getByTestId('sheet-payouts')).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual(['Q120%$180.00', 'Halftime30%$270.00', 'Q320%$180.00', 'Final30%$270.00'])
    expect(screen.getByText('Prizes when all 100 squares are taken.')).toBeInTheDocument()
    const rules = within(screen.getByTestId('sheet-rules')).getAllByRole('paragraph')
    expect(rules.map((p) => p.textContent)).toEqual([
      'Rows are the Kansas City Chiefs’ last digit, columns the Buffalo Bills’. At the end of each quarter the square where the two scores’ last digits meet wins; overtime counts toward the final.',
      '$10.00 a square, up to 10 per player. Digits 0-9 are drawn at random for rows and columns when all 100 squares are taken (the draw can be checked on the pool’s page). The house keeps 10% of the pot.',
    ])
    const url = `${window.location.origin}/pool/31`
    const qr = screen.getByRole('img', { name: `QR code of the pool’s page, ${url}` })
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^(M\d+ \d+h1v1h-1z)+$/)
    expect(sheet).toHaveTextContent(url)
  })

  it('leads its host’s sheet to the invitation, which only the host is shown, so a guest scans and joins', async () => {
    const { sheet } = await open(tenDollar({ isPrivate: true, inviteCode: 'PARTY-7Q2' }))
    const url = `${window.location.origin}/join/PARTY-7Q2`
    const qr = screen.getByRole('img', { name: `QR code to join the pool, ${url}` })
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^(M\d+ \d+h1v1h-1z)+$/)
    expect(sheet).toHaveTextContent('Scan to join and watch the live board')
    expect(sheet).toHaveTextContent(url)
    expect(sheet).not.toHaveTextContent('/pool/31')
  })

  it('shows a free pool’s periods as bragging rights, never $0.00', async () => {
    const free = makePool({ payouts: ['Q1', 'Halftime', 'Q3', 'Final'].map((label, i) => ({ period: i + 1, code: CODES[i], label, percent: 25, amount: '0.00' })), houseFeePercent: 0 })
    const { sheet } = await open(free)
    expect(within(screen.getByTestId('sheet-payouts')).getAllByText('Bragging rights')).toHaveLength(4)
    expect(sheet).not.toHaveTextContent('$0.00')
    expect(sheet).toHaveTextContent('Entry: Free')
    expect(screen.getByTestId('sheet-rules')).toHaveTextContent('Free to play, up to 5 per player.')
  })

  it('prints from the Print button and goes back to the pool; neither is printed', async () => {
    await open(tenDollar())
    const print = vi.fn()
    vi.stubGlobal('print', print)
    const user = userEvent.setup()
    const button = screen.getByRole('button', { name: 'Print' })
    expect(button.closest('.print\\:hidden')).not.toBeNull()
    await user.click(button)
    expect(print).toHaveBeenCalledOnce()
    const back = screen.getByRole('link', { name: 'Back to the pool' })
    expect(back).toHaveAttribute('href', '/pool/31')
    await user.click(back)
    expect(screen.getByTestId('location')).toHaveTextContent('/pool/31')
  })

  it('says so when the pool cannot be read', async () => {
    stubFetch({})
    renderPage(<PoolPrintPage />, { path: '/pools/:id/print', at: '/pools/999/print' })
    expect(await screen.findByText('Pool Not Found')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Print' })).toBeDisabled()
  })
})
