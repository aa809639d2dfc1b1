import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { player, renderPage, stubFetch } from '@/test/utils'
import { SIM_MAX_SCORE, SIM_MIN_SCORE, playPracticeGame, seededRandom, type SimCell } from '../hooks/simulation'
import { SimulationPage } from './simulation-page'

const SEED = 2026

async function open(devMode = true) {
  const fetch = stubFetch({ 'GET /api/config': { body: { devMode, paymentsProvider: 'sandbox', stripePublishableKey: null } } })
  renderPage(<SimulationPage random={seededRandom(SEED)} />, { path: '/simulation', user: player, strict: true })
  if (devMode) await screen.findByRole('grid', { name: 'Practice board' })
  return fetch
}

const cell = ({ row, column }: SimCell) => screen.getByTestId(`sim-cell-${row}-${column}`)
const start = () => screen.getByRole('button', { name: /Start game/ })

afterEach(() => {
  vi.useRealTimers()
})

describe('Practice Pool Simulation page', () => {
  it('shows only a notice when the server is not in development mode', async () => {
    await open(false)
    expect(await screen.findByText('Developer pages are available only in development mode')).toBeInTheDocument()
    expect(screen.queryByRole('grid', { name: 'Practice board' })).not.toBeInTheDocument()
  })

  it('needs exactly 5 squares: start stays off until then, and a sixth cannot be picked', async () => {
    await open()
    expect(start()).toBeDisabled()
    const picks = [0, 1, 2, 3].map((c) => ({ row: 0, column: c }))
    for (const p of picks) fireEvent.click(cell(p))
    expect(screen.getByTestId('sim-status')).toHaveTextContent('Pick 1 more square.')
    expect(start()).toBeDisabled()
    fireEvent.click(cell({ row: 5, column: 5 }))
    expect(start()).toBeEnabled()
    expect(screen.getByTestId('sim-status')).toHaveTextContent('Five squares picked')
    expect(cell({ row: 9, column: 9 })).toBeDisabled()
    fireEvent.click(cell({ row: 9, column: 9 }))
    expect(cell({ row: 9, column: 9 })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(5)
    // Unpicking frees a pick again.
    fireEvent.click(cell({ row: 0, column: 0 }))
    expect(start()).toBeDisabled()
    expect(cell({ row: 9, column: 9 })).toBeEnabled()
  })

  it('plays a quarter every 2 seconds with scores of 7-41 and says which quarters the player won; nothing is sent', async () => {
    const fetch = await open()
    // The same seed gives the same game: pick Q1's and Q3's winning squares and three others.
    const expected = playPracticeGame(seededRandom(SEED), [])
    const winners = [expected.quarters[0].cell, expected.quarters[2].cell]
    const others = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
      .flatMap((r) => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((c) => ({ row: r, column: c })))
      .filter((c) => !expected.quarters.some((q) => q.cell.row === c.row && q.cell.column === c.column))
    const picks = [...winners.filter((w, i) => i === 0 || w.row !== winners[0].row || w.column !== winners[0].column), ...others].slice(0, 5)
    for (const p of picks) fireEvent.click(cell(p))
    const callsBefore = fetch.mock.calls.length

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    fireEvent.click(start())
    // The digits are drawn at once; no quarter has ended yet.
    const homeHeaders = screen.getAllByRole('columnheader').map((h) => Number(h.textContent))
    expect(homeHeaders).toEqual(expected.homeNumbers)
    expect(screen.getAllByRole('rowheader').map((h) => Number(h.textContent))).toEqual(expected.awayNumbers)
    expect(screen.getByTestId('sim-status')).toHaveTextContent('Q1 in play')
    expect(screen.getByTestId('sim-quarter-Q1')).toHaveTextContent('in play')

    act(() => {
      vi.advanceTimersByTime(1999)
    })
    expect(screen.getByTestId('sim-quarter-Q1')).toHaveTextContent('in play')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    const q1 = expected.quarters[0]
    expect(screen.getByTestId('sim-quarter-Q1')).toHaveTextContent(`Away ${q1.away} - Home ${q1.home}`)
    expect(screen.getByTestId('sim-quarter-Q1')).toHaveTextContent('your square wins')
    expect(screen.getByTestId('sim-quarter-Q2')).toHaveTextContent('in play')
    expect(cell(q1.cell)).toHaveAccessibleName(expect.stringContaining('Q1 winner'))

    act(() => {
      vi.advanceTimersByTime(2000 * 3)
    })
    const won = expected.quarters.filter((q) => picks.some((p) => p.row === q.cell.row && p.column === q.cell.column))
    for (const q of expected.quarters) {
      const row = screen.getByTestId(`sim-quarter-${q.quarter}`)
      expect(row).toHaveTextContent(`Away ${q.away} - Home ${q.home}`)
      for (const s of [q.home, q.away]) expect(s >= SIM_MIN_SCORE && s <= SIM_MAX_SCORE).toBe(true)
      expect(row).toHaveTextContent(won.includes(q) ? 'your square wins' : 'not yours')
    }
    expect(won.length).toBeGreaterThanOrEqual(2)
    expect(screen.getByTestId('sim-status')).toHaveTextContent(`You won ${won.length} of 4 quarters!`)
    expect(screen.getByText('You won!')).toBeInTheDocument()
    expect(vi.getTimerCount()).toBe(0)
    // Practice only: no call went to the server.
    expect(fetch.mock.calls.length).toBe(callsBefore)

    // Play again keeps the squares; a new pool clears them.
    fireEvent.click(screen.getByRole('button', { name: /Play again/ }))
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(5)
    fireEvent.click(screen.getByRole('button', { name: /Clear picks/ }))
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0)
  })

  it('says so when no picked square wins', async () => {
    await open()
    const expected = playPracticeGame(seededRandom(SEED), [])
    const losers = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
      .flatMap((r) => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((c) => ({ row: r, column: c })))
      .filter((c) => !expected.quarters.some((q) => q.cell.row === c.row && q.cell.column === c.column))
      .slice(0, 5)
    for (const p of losers) fireEvent.click(cell(p))
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    fireEvent.click(start())
    act(() => {
      vi.advanceTimersByTime(8000)
    })
    expect(screen.getByTestId('sim-status')).toHaveTextContent('No winning square this time.')
    expect(screen.getByText('Better luck next time')).toBeInTheDocument()
  })
})
