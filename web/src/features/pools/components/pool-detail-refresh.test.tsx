import { describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { FakeWebSocket } from '@/test/fake-websocket'
import { cell, makePool } from '@/test/pool'
import { player, renderPage, stubFetch } from '@/test/utils'
import type { Square } from '@/lib/types'
import { PoolDetailPage } from './pool-detail-page'
import { queryKeys } from '@/lib/query-keys'

// What a pool page does when the network fails under it.

const bo: Square = { id: 1, poolId: 31, userId: '40', row: 0, column: 1, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Bo', lastName: 'Diaz' }, status: 'owned' }

const NOTICE = "Couldn't refresh. Showing the last update."

describe('Pool detail page when a refresh fails', () => {
  it('keeps the board after a failed background refetch and says it could not refresh', async () => {
    let down = false
    const fail = { status: 500, body: { message: 'Internal error', code: 'internal' } }
    stubFetch({
      'GET /api/pools/31': () => (down ? fail : { body: makePool() }),
      'GET /api/pools/31/squares': () => (down ? fail : { body: [bo] }),
    })
    const { queryClient } = renderPage(<PoolDetailPage />, { path: '/pool/:id', at: '/pool/31', user: player })
    await screen.findByRole('grid')
    await waitFor(() => expect(cell(0, 1)).toHaveAccessibleName(/owned by Bo D\./))
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument()

    // The 30 s refetch fails (the server is down for a moment).
    down = true
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.pools.detail(31) }))
    expect(queryClient.getQueryState(queryKeys.pools.detail(31))?.status).toBe('error')
    await waitFor(() => expect(screen.queryByText('Pool Not Found') ?? screen.queryByText(NOTICE)).not.toBeNull())
    expect(screen.queryByText('Pool Not Found')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Free Pool' })).toBeInTheDocument()
    expect(cell(0, 1)).toHaveAccessibleName(/owned by Bo D\./)
    const notice = screen.getByText(NOTICE)
    expect(notice.closest('[aria-live="polite"]')).not.toBeNull()
    expect(document.title).not.toMatch(/Not Found/)

    // The next refetch works again: the notice goes away.
    down = false
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.pools.detail(31) }))
    await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument())
  })

  it('still says Pool Not Found when the first read fails', async () => {
    stubFetch({ 'GET /api/pools/31': { status: 500, body: { message: 'Internal error' } } })
    renderPage(<PoolDetailPage />, { path: '/pool/:id', at: '/pool/31', user: player })
    expect(await screen.findByText('Pool Not Found')).toBeInTheDocument()
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument()
  })

  it('keeps a live update when an older refetch that was in flight comes back', async () => {
    const fetch = stubFetch({
      'GET /api/pools/31': { body: makePool() },
      'GET /api/pools/31/squares': { body: [bo] },
    })
    const { queryClient } = renderPage(<PoolDetailPage />, { path: '/pool/:id', at: '/pool/31', user: player })
    await screen.findByRole('grid')
    await waitFor(() => expect(cell(0, 1)).toHaveAccessibleName(/owned by Bo D\./))
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined())
    const ws = FakeWebSocket.last!
    act(() => ws.open())

    // The 30 s refetches start: the server reads the pool as it was, and the answers are slow to come.
    const answer = fetch.getMockImplementation()!
    const held: (() => void)[] = []
    fetch.mockImplementation(async (input, init) => {
      const res = await answer(input, init)
      await new Promise<void>((resolve) => held.push(resolve))
      return res
    })
    const refetches = Promise.all([
      queryClient.refetchQueries({ queryKey: queryKeys.pools.detail(31), exact: true }),
      queryClient.refetchQueries({ queryKey: queryKeys.pools.squares(31), exact: true }),
    ])
    await waitFor(() => expect(held).toHaveLength(2))

    // Meanwhile Cy takes a square, pushed on the socket.
    const cy: Square = { id: 9, poolId: 31, userId: '41', row: 4, column: 4, purchasePrice: '0.00', purchasedAt: null, user: { firstName: 'Cy', lastName: 'Fox' }, status: 'owned' }
    act(() => ws.receive({ type: 'poolUpdate', poolId: 31, pool: makePool({ currentParticipants: 2 }), squares: [cy] }))
    expect(cell(4, 4)).toHaveAccessibleName(/owned by Cy F\./)
    expect(screen.getByTestId('squares-claimed')).toHaveTextContent('2/100')

    // The older answers arrive: they must not take Cy's square off the board.
    for (const resolve of held) resolve()
    await act(() => refetches)
    expect(cell(4, 4)).toHaveAccessibleName(/owned by Cy F\./)
    expect(screen.getByTestId('squares-claimed')).toHaveTextContent('2/100')
  })
})
