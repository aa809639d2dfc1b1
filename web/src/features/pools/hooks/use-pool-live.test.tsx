import { describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { FakeWebSocket } from '@/test/fake-websocket'
import { makePool } from '@/test/pool'
import { player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { queryKeys } from '@/lib/query-keys'
import type { Square } from '@/lib/types'
import { usePoolLive } from './use-pool-live'

const bo: Square = { id: 1, poolId: 31, userId: '40', row: 0, column: 1, purchasePrice: '2.00', purchasedAt: null, user: { firstName: 'Bo', lastName: 'Diaz' }, status: 'owned', paid: false }
const cy: Square = { id: 2, poolId: 31, userId: '41', row: 4, column: 4, purchasePrice: '2.00', purchasedAt: null, user: { firstName: 'Cy', lastName: 'Fox' }, status: 'owned' }

function Board() {
  usePoolLive({ poolId: 31, userId: player.id })
  useQuery({ queryKey: queryKeys.pools.detail(31) })
  const { data } = useQuery<Square[]>({ queryKey: queryKeys.pools.squares(31) })
  return <p>{(data ?? []).map((s) => `${s.user?.firstName}:${s.paid === undefined ? '-' : s.paid ? 'paid' : 'unpaid'}`).join(' ')}</p>
}

/** Draws the board once `shown` is on screen, opens its socket, and counts the reads of the squares from then on. */
async function openBoard(fetch: ReturnType<typeof stubFetch>, shown: string) {
  renderPage(<Board />, { path: '/pool/:id', at: '/pool/31', user: player })
  await screen.findByText(shown)
  await waitFor(() => expect(FakeWebSocket.last).toBeDefined())
  const ws = FakeWebSocket.last!
  act(() => ws.open())
  const reads = () => fetch.mock.calls.filter(([u]) => urlOf(u).endsWith('/api/pools/31/squares')).length
  const before = reads()
  return { ws, readsSince: () => reads() - before }
}

describe('usePoolLive in a host-collected pool', () => {
  it('reads the squares again after a pushed change, since only the viewer’s answer says which are paid', async () => {
    let squares = [bo]
    const fetch = stubFetch({
      'GET /api/pools/31': { body: makePool({ collection: 'host' }) },
      'GET /api/pools/31/squares': () => ({ body: squares }),
    })
    const { ws, readsSince } = await openBoard(fetch, 'Bo:unpaid')

    // The host gives Cy a square: the socket's copy cannot say it is unpaid, the host's answer does.
    squares = [bo, { ...cy, paid: false }]
    act(() => ws.receive({ type: 'poolUpdate', poolId: 31, squares: [cy] }))
    await screen.findByText('Bo:unpaid Cy:unpaid')
    expect(readsSince()).toBeGreaterThan(0)
  })

  it('does not read them again in a pool the site collects for', async () => {
    const fetch = stubFetch({
      'GET /api/pools/31': { body: makePool() },
      'GET /api/pools/31/squares': { body: [{ ...bo, paid: undefined }] },
    })
    const { ws, readsSince } = await openBoard(fetch, 'Bo:-')
    act(() => ws.receive({ type: 'poolUpdate', poolId: 31, squares: [cy] }))
    await screen.findByText('Bo:- Cy:-')
    expect(readsSince()).toBe(0)
  })
})
