import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import type { Beacon } from '@/lib/api.gen'
import { makePool } from '@/test/pool'
import { BeaconNotice, beaconText } from './beacon-notice'
import { SaleNotice } from './pool-page-states'

const pending: Beacon = {
  status: 'pending',
  round: 4212345,
  dueAt: '2026-11-28T08:00:08Z',
  lockedAt: '2026-11-28T07:59:57.2Z',
  chainHash: 'ab'.repeat(32),
  signature: null,
  randomness: null,
  dev: false,
}
const at = (iso: string) => Date.parse(iso)

describe('the board’s beacon line', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('counts down to the round, then says any moment now', () => {
    expect(beaconText(pending, at('2026-11-28T08:00:00Z'))).toBe('Numbers at round 4212345, in 8 s')
    expect(beaconText(pending, at('2026-11-28T08:00:07.5Z'))).toBe('Numbers at round 4212345, in 1 s')
    expect(beaconText(pending, at('2026-11-28T08:00:08Z'))).toBe('Numbers at round 4212345, any moment now')
    expect(beaconText(pending, at('2026-11-28T08:05:00Z'))).toBe('Numbers at round 4212345, any moment now')
    expect(beaconText({ ...pending, status: 'verified' }, 0)).toBe('Numbers drawn with drand round 4212345')
    expect(beaconText({ ...pending, status: 'unavailable' }, 0)).toBe('Numbers drawn without the beacon: drand could not be reached before kickoff.')
    expect(beaconText({ ...pending, status: 'off', round: null }, 0)).toBe('This server draws the numbers without a randomness beacon.')
    expect(beaconText({ ...pending, status: 'waiting', round: null }, 0)).toBeNull()
    expect(beaconText({ ...pending, status: 'none', round: null }, 0)).toBeNull()
    expect(beaconText(undefined, 0)).toBeNull()
  })

  it('ticks every second on the board, and labels the development beacon', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(at('2026-11-28T08:00:00Z'))
    render(<BeaconNotice pool={makePool({ status: 'full', beacon: { ...pending, dev: true } })} />)
    act(() => {
      vi.advanceTimersByTime(0)
    })
    expect(screen.getByRole('timer')).toHaveTextContent('Numbers at round 4212345, in 8 s')
    expect(screen.getByTestId('dev-beacon')).toHaveTextContent('Development beacon: not drand')
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    expect(screen.getByRole('timer')).toHaveTextContent('Numbers at round 4212345, in 5 s')
    act(() => {
      vi.advanceTimersByTime(6000)
    })
    expect(screen.getByRole('timer')).toHaveTextContent('Numbers at round 4212345, any moment now')
  })

  it('shows nothing for a pool cancelled while it waited for its round: it will never be drawn', () => {
    const { container } = render(<BeaconNotice pool={makePool({ status: 'cancelled', beacon: pending })} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('shows nothing for a pool not full', () => {
    const { container } = render(<BeaconNotice pool={makePool({ beacon: { ...pending, status: 'waiting', round: null } })} />)
    expect(container).toBeEmptyDOMElement()
  })
})

describe('the full pool’s notice', () => {
  it('counts the squares of its grid and names the round it waits for', () => {
    const pool = makePool({ status: 'full', rows: 5, columns: 5, currentParticipants: 25, maxParticipants: 25, beacon: pending })
    const { rerender } = render(<SaleNotice pool={pool} state="full" />)
    expect(screen.getByText('All 25 squares are taken. The numbers are drawn at beacon round 4212345, moments from now.')).toBeInTheDocument()
    rerender(<SaleNotice pool={{ ...pool, numbersGenerated: true, beacon: { ...pending, status: 'verified' } }} state="full" />)
    expect(screen.getByText('All 25 squares are taken and the numbers are drawn. Good luck!')).toBeInTheDocument()
  })
})
