import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FakeWebSocket } from '@/test/fake-websocket'
import { bodyOf, player, renderPage, stubFetch } from '@/test/utils'
import type { AppNotification } from '../api/notifications-api'
import { NotificationBell } from './notification-bell'

const refund: AppNotification = {
  id: 5,
  kind: 'payment_refunded',
  message: 'Your payment of $10.00 for $10 Pool was refunded.',
  poolId: 9,
  prizeId: null,
  createdAt: '2026-11-22T18:00:00Z',
  readAt: null,
  read: false,
}
const oldWin: AppNotification = {
  id: 4,
  kind: 'prize_won',
  message: 'You won Q1 of $10 Pool (Kansas City Chiefs @ Buffalo Bills): $225.00. Claim it by Dec 22, 2026.',
  poolId: 9,
  prizeId: 3,
  createdAt: '2026-11-22T17:00:00Z',
  readAt: null,
  read: false,
}
const seen: AppNotification = { ...refund, id: 2, message: 'Your card hold was released.', kind: 'payment_released', readAt: '2026-11-21T10:00:00Z', read: true }
const newWin: AppNotification = {
  id: 6,
  kind: 'prize_won',
  message: 'You won Q1 of $5 Pool (Kansas City Chiefs @ Buffalo Bills): $112.50. Claim it by Dec 29, 2026.',
  poolId: 12,
  prizeId: 7,
  createdAt: new Date().toISOString(),
  readAt: null,
  read: false,
}
const prize = {
  id: 7,
  poolId: 12,
  poolName: '$5 Pool',
  gameId: 40,
  game: 'Kansas City Chiefs @ Buffalo Bills',
  awayTeam: 'Kansas City Chiefs',
  homeTeam: 'Buffalo Bills',
  kickoff: '2026-11-29T18:00:00Z',
  period: 1,
  periodLabel: 'Q1',
  amount: '112.50',
  status: 'unclaimed',
  creditedAt: '2026-11-29T19:00:00Z',
  claimBy: '2026-12-29T19:00:00Z',
  daysLeft: 30,
  claimedAt: null,
  paidAt: null,
  forfeitedAt: null,
}

async function openSocket() {
  await waitFor(() => expect(FakeWebSocket.last).toBeDefined())
  const ws = FakeWebSocket.last!
  act(() => ws.open())
  return ws
}

describe('Notification bell', () => {
  it('counts the unread, lists them, opens one (read, to its claim) and marks all read', async () => {
    let list = [refund, oldWin, seen]
    const fetch = stubFetch({
      'GET /api/notifications': () => ({ body: list }),
      'POST /api/notifications/read': (body) => {
        const ids = (body as { ids?: number[] }).ids
        list = list.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true, readAt: '2026-11-23T00:00:00Z' } : n))
        return { body: { success: true, marked: 1, unreadCount: list.filter((n) => !n.read).length } }
      },
    })
    const user = userEvent.setup()
    // Rendered on /my-pools, where the win's link leads: the bell stays on the page.
    const { router } = renderPage(<NotificationBell />, { path: '/my-pools', user: player })
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' })
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2')

    await user.click(bell)
    const panel = await screen.findByRole('dialog', { name: 'Notifications' })
    const items = within(panel).getAllByTestId('notification')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('Your payment of $10.00 for $10 Pool was refunded.')
    expect(items[0]).toHaveTextContent('Unread')
    expect(items[2]).not.toHaveTextContent('Unread')
    expect(within(items[1]).getByRole('link')).toHaveAttribute('href', '/my-pools?tab=winnings&claim=3')
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/my-pools?tab=transactions')

    // Opening the win reads it and goes to its claim.
    await user.click(within(items[1]).getByRole('link'))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=winnings&claim=3'))
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/notifications/read')).toEqual({ ids: [4] })
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }))
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }))
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument()
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument()
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => init?.body)
    expect(posts).toEqual([JSON.stringify({ ids: [4] }), JSON.stringify({})])
  })

  it('says so when there is nothing yet', async () => {
    stubFetch({ 'GET /api/notifications': { body: [] } })
    const user = userEvent.setup()
    renderPage(<NotificationBell />, { user: player })
    await user.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
  })

  it('pops a toast for a win that arrives over the socket, naming the amount, period, game and pool, with Claim', async () => {
    let list = [oldWin]
    stubFetch({
      'GET /api/notifications': () => ({ body: list }),
      'GET /api/user/prizes': { body: [prize] },
    })
    const { router } = renderPage(<NotificationBell />, { user: player })
    await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    const ws = await openSocket()
    // The win the bell already held is no news; a new one is.
    list = [newWin, oldWin]
    act(() => ws.receive({ type: 'notification', notifications: [newWin, oldWin], unreadCount: 2 }))
    expect(await screen.findByText('You won $112.50!')).toBeInTheDocument()
    expect(screen.getByText('Q1 · Kansas City Chiefs @ Buffalo Bills · $5 Pool')).toBeInTheDocument()
    expect(screen.queryByText('You won $225.00!')).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument()
    // The same message again (another event of the player's) toasts nothing new.
    act(() => ws.receive({ type: 'notification', notifications: [newWin, oldWin], unreadCount: 2 }))
    expect(screen.getAllByText('You won $112.50!')).toHaveLength(1)

    // (fireEvent: sonner's pointer capture is not in jsdom)
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }))
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/my-pools?tab=winnings&claim=7'))
  })

  it("tells a free pool's win as bragging rights: no claim", async () => {
    stubFetch({ 'GET /api/notifications': { body: [] } })
    renderPage(<NotificationBell />, { user: player })
    await screen.findByRole('button', { name: 'Notifications' })
    const ws = await openSocket()
    const free: AppNotification = {
      ...newWin,
      id: 8,
      kind: 'free_win',
      prizeId: null,
      message: 'You won Q1 of Free Pool (Kansas City Chiefs @ Buffalo Bills)! Free pools are played for bragging rights.',
    }
    act(() => ws.receive({ type: 'notification', notifications: [free], unreadCount: 1 }))
    expect(await screen.findByText('You won!')).toBeInTheDocument()
    expect(screen.getByText(free.message)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'View pool' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument()
  })
})
