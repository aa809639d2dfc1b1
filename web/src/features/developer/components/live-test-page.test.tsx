import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FakeWebSocket } from '@/test/fake-websocket'
import { player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { LiveTestPage } from './live-test-page'

const liveGame = {
  id: 7,
  leagueId: 1,
  homeTeam: 'Buffalo Bills',
  awayTeam: 'Kansas City Chiefs',
  gameDate: '2026-11-29T18:00:00Z',
  status: 'live',
  displayStatus: 'LIVE',
  homeScore: 10,
  awayScore: 3,
  quarter: 2,
  week: 'W12',
  periodCount: 4,
  periods: [{ period: 1, periodLabel: 'Q1', homeScore: 7, awayScore: 3 }],
}

async function open({ devMode = true, games = [liveGame] as unknown[] } = {}) {
  const fetch = stubFetch({
    'GET /api/config': { body: { devMode, paymentsProvider: 'sandbox', stripePublishableKey: null } },
    'GET /api/live-games': { body: games },
  })
  renderPage(<LiveTestPage />, { path: '/live-test', user: player, strict: true })
  const user = userEvent.setup()
  if (!devMode) return { user, ws: null, fetch }
  await screen.findByRole('heading', { name: 'Live Update Test' })
  await waitFor(() => expect(FakeWebSocket.last).toBeDefined())
  const ws = FakeWebSocket.last!
  act(() => ws.open())
  return { user, ws, fetch }
}

const messages = () => screen.queryAllByTestId('socket-message')

describe('Live Update Test page', () => {
  it('shows only a notice outside development mode', async () => {
    await open({ devMode: false })
    expect(await screen.findByText('Developer pages are available only in development mode')).toBeInTheDocument()
  })

  it('subscribes to a pool and lists each socket message as it arrives, newest first, with its time', async () => {
    const { user, ws } = await open()
    expect(screen.getByTestId('socket-status')).toHaveTextContent('connected')
    expect(screen.getByText('No messages yet. They appear here as the socket delivers them.')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Pool ID'), '31')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(ws!.sent).toContainEqual({ type: 'subscribe', poolId: 31 })
    expect(within(screen.getByRole('list', { name: 'Watching' })).getByText(/pool 31/)).toBeInTheDocument()

    const before = Date.now()
    act(() => ws!.receive({ type: 'subscribed', poolId: 31 }))
    expect(messages()).toHaveLength(1)
    act(() =>
      ws!.receive({ type: 'poolUpdate', poolId: 31, gameUpdate: { homeScore: 14, awayScore: 10, quarter: 3, status: 'live' }, message: 'Score update' }),
    )
    const list = messages()
    expect(list).toHaveLength(2)
    expect(list[0]).toHaveTextContent('poolUpdate')
    expect(list[0]).toHaveTextContent('pool 31 · away 10 - home 14 · Q3 · live · Score update')
    expect(list[1]).toHaveTextContent('subscribed')
    const at = Date.parse(list[0].querySelector('time')!.getAttribute('dateTime')!)
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now() + 1000)
    expect(list[0].querySelector('time')).toHaveTextContent(/\d{1,2}:\d{2}:\d{2}\.\d{3}.*ET/)

    // Stop watching: the socket is told; Clear empties the list.
    await user.click(screen.getByRole('button', { name: 'Stop watching pool 31' }))
    expect(ws!.sent).toContainEqual({ type: 'unsubscribe', poolId: 31 })
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    expect(messages()).toHaveLength(0)
  })

  it('asks for an id, and watches a live game from the list', async () => {
    const { user, ws, fetch } = await open()
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Please enter a pool ID')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Watch a'), 'game')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Please enter a game ID')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Game ID'), '-3')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('A game ID is a positive whole number')).toBeInTheDocument()
    expect(ws!.sent.filter((m) => (m as { type: string }).type !== 'ping')).toEqual([])

    expect(await screen.findByTestId('live-score-7')).toHaveTextContent('Away 3 - Home 10 · Q2 · game 7')
    expect(screen.getByText('Q1 3-7')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Watch game 7' }))
    expect(ws!.sent).toContainEqual({ type: 'subscribeToGame', gameId: 7 })
    const liveCalls = () => fetch.mock.calls.filter(([u]) => urlOf(u).endsWith('/api/live-games')).length
    const before = liveCalls()
    act(() => ws!.receive({ type: 'gameUpdate', gameId: 7, homeScore: 17, awayScore: 3, quarter: 2, status: 'live' }))
    expect(messages()[0]).toHaveTextContent('game 7 · away 3 - home 17 · Q2 · live')
    // A score update makes the live games list read the server again.
    await waitFor(() => expect(liveCalls()).toBeGreaterThan(before))
  })

  it('says when no game is live', async () => {
    await open({ games: [] })
    expect(await screen.findByText('No game is live right now.')).toBeInTheDocument()
  })
})
