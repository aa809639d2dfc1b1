import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderPage, stubFetch } from '@/test/utils'
import type { PoolReport } from '@/lib/api.gen'
import { PoolReportPage } from './pool-report-page'

// The settlement report shows the server's totals as they are (it works nothing out again), each award's
// score, square, winner, prize and what became of it, the claims, refunds, players and squares, and the
// record's head; Print prints, Download CSV points at the CSV; a pool one may not see is "Pool Not Found".

const played = (over: Partial<PoolReport> = {}): PoolReport => ({
  pool: {
    id: 31,
    name: 'Office Pool',
    status: 'completed',
    awayTeam: 'Kansas City Chiefs',
    homeTeam: 'Buffalo Bills',
    gameDate: '2026-11-29T18:00:00Z',
    entryFee: '5.00',
    feePercent: 10,
    collection: 'card',
    free: false,
    squaresTaken: 100,
    gridSquares: 100,
  },
  generatedAt: '2026-11-30T12:00:00Z',
  squares: [
    { row: 0, column: 4, owner: '40', name: 'Avery B.', price: '5.00' },
    { row: 9, column: 9, owner: 'admin', name: 'House', price: '5.00' },
  ],
  players: [
    { owner: '40', name: 'Avery B.', squares: 1, paid: '5.00', held: '0.00', refunded: '0.00', won: '337.50' },
    { owner: 'admin', name: 'House', squares: 1, paid: '5.00', held: '0.00', refunded: '0.00', won: '112.50' },
  ],
  awards: [
    { award: 'period:Q1', name: 'Q1', homeScore: 7, awayScore: 3, row: 0, column: 4, owner: '40', ownerName: 'Avery B.', amount: '112.50', status: 'credited', prize: 'paid', creditedAt: '2026-11-29T18:40:00Z', claimedAt: '2026-11-29T19:00:00Z', paidAt: '2026-11-29T19:00:00Z', forfeitedAt: null },
    { award: 'period:FINAL', name: 'Final', homeScore: 24, awayScore: 21, row: 9, column: 9, owner: 'admin', ownerName: 'House', amount: '112.50', status: 'house', prize: null, creditedAt: null, claimedAt: null, paidAt: null, forfeitedAt: null },
  ],
  payouts: [
    { kind: 'claim', award: 'Q1', owner: '40', ownerName: 'Avery B.', amount: '112.50', at: '2026-11-29T19:00:00Z' },
    { kind: 'payout', award: 'Q1', owner: '40', ownerName: 'Avery B.', amount: '112.50', at: '2026-11-29T19:00:00Z' },
  ],
  refunds: [],
  totals: { moneyIn: '500.00', held: '0.00', fee: '50.00', prizes: '450.00', refunds: '0.00', inEscrow: '0.00', paidOut: '112.50', forfeited: '0.00', stillOwed: '225.00', hostReceived: '0.00' },
  record: { seq: 130, head: 'ab'.repeat(32), checkpoint: { pool: 31, seq: 130, head: 'ab'.repeat(32), at: '2026-11-30T01:00:00.000000Z', reason: 'completed', signature: 'cd'.repeat(64) } },
  ...over,
})

function open(report: PoolReport | null, status = 200) {
  stubFetch({ 'GET /api/pools/31/report': { body: report ?? { message: 'Pool not found.', code: 'not_found' }, status } })
  return renderPage(<PoolReportPage />, { path: '/pools/:id/report', at: '/pools/31/report' })
}

function total(label: string) {
  const dt = screen.getByText(label, { selector: 'dt' })
  return dt.nextElementSibling?.textContent
}

describe('PoolReportPage', () => {
  it('shows the totals as the server sums them from the ledger, and every section', async () => {
    open(played())
    expect(await screen.findByRole('heading', { level: 1, name: 'Office Pool' })).toBeInTheDocument()
    expect(total('Money in')).toBe('$500.00')
    expect(total('Fee')).toBe('$50.00')
    expect(total('Prizes')).toBe('$450.00')
    expect(total('Refunds')).toBe('$0.00')
    expect(total('Paid out')).toBe('$112.50')
    expect(total('Still owed')).toBe('$225.00')
    // Zero amounts that only matter when they are not zero stay out.
    expect(screen.queryByText('In escrow', { selector: 'dt' })).toBeNull()

    const awards = screen.getByRole('region', { name: 'Scores, winners and prizes' })
    const q1 = within(awards).getByRole('row', { name: /^Q1/ })
    expect(within(q1).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3–7', 'Row 1, column 5', 'Avery B.', '$112.50', 'Paid out'])
    expect(within(within(awards).getByRole('row', { name: /^Final/ })).getByText('House square')).toBeInTheDocument()

    const payouts = screen.getByRole('region', { name: 'Claims and payouts' })
    expect(within(payouts).getAllByRole('row')).toHaveLength(3)
    expect(screen.getByText('No refunds.')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Players' })).getByRole('row', { name: /Avery B\./ })).toHaveTextContent('$337.50')
    expect(within(screen.getByRole('region', { name: 'Squares' })).getByText('Row 10, column 10')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Squares (2 of 100)' })).toBeInTheDocument()
    expect(screen.getByText(/Entry 130, completed, signed/)).toBeInTheDocument()
    expect(document.title).toContain('Office Pool: settlement report')
  })

  it('prints, and downloads the CSV', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    open(played())
    await screen.findByRole('heading', { level: 1, name: 'Office Pool' })
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/pools/31/report.csv')
    await userEvent.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledOnce()
    expect(screen.getByRole('link', { name: 'Back to the pool' })).toHaveAttribute('href', '/pool/31')
  })

  it('says what a host pool’s money is: what the host recorded', async () => {
    const r = played()
    open({
      ...r,
      pool: { ...r.pool, collection: 'host', feePercent: 0 },
      totals: { ...r.totals, moneyIn: '0.00', fee: '0.00', prizes: '0.00', paidOut: '0.00', stillOwed: '0.00', hostReceived: '80.00' },
      payouts: [{ kind: 'host_paid', award: 'Q1', owner: '40', ownerName: 'Avery B.', amount: '112.50', at: '2026-11-29T19:00:00Z' }],
    })
    expect(await screen.findByText(/The host collects and pays/)).toBeInTheDocument()
    expect(total('Paid to the host (recorded)')).toBe('$80.00')
    expect(screen.queryByText('Money in', { selector: 'dt' })).toBeNull()
    expect(within(screen.getByRole('region', { name: 'Claims and payouts' })).getByText('Paid by the host')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Paid to the host' })).toBeInTheDocument()
  })

  it('lists refunds, and says when nothing was decided yet', async () => {
    const r = played()
    open({
      ...r,
      pool: { ...r.pool, status: 'cancelled' },
      awards: [],
      payouts: [],
      refunds: [{ owner: '40', ownerName: 'Avery B.', amount: '10.00', at: '2026-11-29T12:00:00Z' }],
      totals: { ...r.totals, moneyIn: '10.00', fee: '0.00', prizes: '0.00', refunds: '10.00', paidOut: '0.00', stillOwed: '0.00' },
      record: { seq: 9, head: 'ef'.repeat(32), checkpoint: null },
    })
    expect(await screen.findByText('Cancelled')).toBeInTheDocument()
    expect(screen.getByText('No period has been decided yet.')).toBeInTheDocument()
    expect(screen.getByText('No prize has been claimed or paid yet.')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Refunds' })).getByRole('row', { name: /Avery B\./ })).toHaveTextContent('$10.00')
    expect(total('Refunds')).toBe('$10.00')
    expect(screen.getByText('None signed yet.')).toBeInTheDocument()
  })

  it('is "Pool Not Found" for a pool one may not see, and refuses a bad link', async () => {
    open(null, 404)
    expect(await screen.findByRole('alert')).toHaveTextContent('Pool Not Found')
  })

  it('refuses a link that is not a pool id', () => {
    stubFetch({})
    renderPage(<PoolReportPage />, { path: '/pools/:id/report', at: '/pools/abc/report' })
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid Pool')
  })
})
