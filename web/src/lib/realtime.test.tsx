import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import { FakeWebSocket } from '@/test/fake-websocket'
import { player, renderPage } from '@/test/utils'
import { authKeys } from './auth'
import {
  REALTIME_PING_MS,
  REALTIME_PONG_TIMEOUT_MS,
  REALTIME_RETRY_MAX_MS,
  REALTIME_STABLE_MS,
  RealtimeClient,
  RealtimeProvider,
  realtimeUrl,
  useRealtimeMessages,
  useRealtimeStatus,
  useRealtimeTopics,
  type RealtimeMessage,
} from './realtime'

function Watcher({ poolId, gameId, onMessage }: { poolId?: number; gameId?: number; onMessage?: (m: RealtimeMessage) => void }) {
  useRealtimeTopics({ poolId, gameId })
  useRealtimeMessages((m) => onMessage?.(m))
  const { status } = useRealtimeStatus()
  return <div data-testid="status">{status}</div>
}

describe('realtime client', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('uses /ws on the page host, wss for https', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws')
    expect(realtimeUrl({ protocol: 'https:', host: 'squares.example.com' })).toBe('wss://squares.example.com/ws')
  })

  it('connects 500 ms after mount, subscribes to watched topics on open, and closes with 1000 on unmount', () => {
    const onMessage = vi.fn()
    const { unmount } = render(
      <RealtimeProvider>
        <Watcher poolId={31} gameId={7} onMessage={onMessage} />
      </RealtimeProvider>,
    )
    act(() => {
      vi.advanceTimersByTime(499)
    })
    expect(FakeWebSocket.instances).toHaveLength(0)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    const ws = FakeWebSocket.last!
    expect(ws.url).toMatch(/^ws:\/\/.+\/ws$/)
    expect(screen.getByTestId('status')).toHaveTextContent('connecting')
    act(() => ws.open())
    expect(screen.getByTestId('status')).toHaveTextContent('connected')
    expect(ws.sent).toEqual([
      { type: 'subscribe', poolId: 31 },
      { type: 'subscribeToGame', gameId: 7 },
    ])

    // Messages reach listeners; unparseable ones and ones without a type are ignored.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    act(() => {
      ws.receive('not json{')
      ws.receive({ nothing: 1 })
      ws.receive({ type: 'poolUpdate', poolId: 31 })
    })
    expect(onMessage).toHaveBeenCalledTimes(1)
    expect(onMessage).toHaveBeenCalledWith({ type: 'poolUpdate', poolId: 31 })
    warn.mockRestore()

    unmount()
    expect(ws.closedWith).toBe(1000)
    act(() => {
      vi.advanceTimersByTime(10_000)
    })
    expect(FakeWebSocket.instances).toHaveLength(1)
  })

  it('retries 3 s after an abnormal close and re-subscribes; a 1000 close is final', () => {
    render(
      <RealtimeProvider>
        <Watcher poolId={5} />
      </RealtimeProvider>,
    )
    act(() => {
      vi.advanceTimersByTime(500)
    })
    act(() => FakeWebSocket.last!.open())
    act(() => FakeWebSocket.last!.drop(1006))
    expect(screen.getByTestId('status')).toHaveTextContent('disconnected')
    act(() => {
      vi.advanceTimersByTime(2999)
    })
    expect(FakeWebSocket.instances).toHaveLength(1)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(FakeWebSocket.instances).toHaveLength(2)
    act(() => FakeWebSocket.last!.open())
    expect(FakeWebSocket.last!.sent).toEqual([{ type: 'subscribe', poolId: 5 }])

    act(() => FakeWebSocket.last!.drop(1000))
    act(() => {
      vi.advanceTimersByTime(10_000)
    })
    expect(FakeWebSocket.instances).toHaveLength(2)
  })

  it('drops a message sent while disconnected, with a warning', () => {
    const client = new RealtimeClient('ws://test/ws')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(client.send({ type: 'ping' })).toBe(false)
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('counts watchers: the last one to leave unsubscribes', () => {
    const client = new RealtimeClient('ws://test/ws')
    client.start(0)
    vi.advanceTimersByTime(0)
    const ws = FakeWebSocket.last!
    ws.open()
    const a = client.watch({ poolId: 1 })
    const b = client.watch({ poolId: 1 })
    const g = client.watch({ gameId: 9 })
    expect(ws.sent).toEqual([
      { type: 'subscribe', poolId: 1 },
      { type: 'subscribeToGame', gameId: 9 },
    ])
    a()
    a()
    expect(ws.sent).toHaveLength(2)
    b()
    g()
    expect(ws.sent.slice(2)).toEqual([
      { type: 'unsubscribe', poolId: 1 },
      { type: 'unsubscribeFromGame', gameId: 9 },
    ])
    expect(client.topics()).toEqual({ pools: [], games: [] })
    client.stop()
  })

  it('retries first after 3 s, then after growing, jittered delays up to 30 s, and starts over after a stable open', () => {
    let jitter = 1
    const client = new RealtimeClient('ws://test/ws', { random: () => jitter })
    client.start(0)
    vi.advanceTimersByTime(0)
    FakeWebSocket.last!.open()
    FakeWebSocket.last!.drop(1006)

    // How long after a failed attempt the next socket comes.
    const nextAfter = () => {
      const n = FakeWebSocket.instances.length
      let waited = 0
      while (FakeWebSocket.instances.length === n) {
        vi.advanceTimersByTime(100)
        waited += 100
        if (waited > 60_000) throw new Error('no retry within a minute')
      }
      return waited
    }
    const delays: number[] = []
    for (let i = 0; i < 6; i++) {
      delays.push(nextAfter())
      FakeWebSocket.last!.drop(1006) // the server is still down
    }
    expect(delays[0]).toBe(3000)
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1])
    expect(delays[2]).toBeGreaterThan(delays[0])
    expect(Math.max(...delays)).toBe(REALTIME_RETRY_MAX_MS)

    // Jitter: the same attempt waits less with a smaller draw, never less than half.
    expect(nextAfter()).toBe(REALTIME_RETRY_MAX_MS)
    jitter = 0
    FakeWebSocket.last!.drop(1006)
    const low = nextAfter()
    expect(low).toBeGreaterThanOrEqual(REALTIME_RETRY_MAX_MS / 2)
    expect(low).toBeLessThan(REALTIME_RETRY_MAX_MS)

    // An open that does not last keeps the backoff; one that stays up starts over at 3 s.
    FakeWebSocket.last!.open()
    FakeWebSocket.last!.drop(1006)
    expect(nextAfter()).toBeGreaterThan(3000)
    FakeWebSocket.last!.open()
    vi.advanceTimersByTime(REALTIME_STABLE_MS)
    FakeWebSocket.last!.drop(1006)
    expect(nextAfter()).toBe(3000)
    client.stop()
  })

  it('pings every 20 s and marks a socket that stops answering disconnected, then reconnects', () => {
    render(
      <RealtimeProvider>
        <Watcher poolId={5} />
      </RealtimeProvider>,
    )
    act(() => {
      vi.advanceTimersByTime(500)
    })
    const ws = FakeWebSocket.last!
    act(() => ws.open())
    ws.sent = []
    act(() => {
      vi.advanceTimersByTime(REALTIME_PING_MS)
    })
    expect(ws.sent).toEqual([{ type: 'ping' }])
    act(() => ws.receive({ type: 'pong' }))
    act(() => {
      vi.advanceTimersByTime(REALTIME_PONG_TIMEOUT_MS + 1000)
    })
    expect(screen.getByTestId('status')).toHaveTextContent('connected')

    // The network goes away without a close: the next ping gets no answer.
    act(() => {
      vi.advanceTimersByTime(REALTIME_PING_MS - REALTIME_PONG_TIMEOUT_MS - 1000)
    })
    expect(ws.sent).toEqual([{ type: 'ping' }, { type: 'ping' }])
    act(() => {
      vi.advanceTimersByTime(REALTIME_PONG_TIMEOUT_MS - 1)
    })
    expect(screen.getByTestId('status')).toHaveTextContent('connected')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.getByTestId('status')).toHaveTextContent('disconnected')
    expect(ws.closedWith).not.toBe(1000)
    expect(ws.closedWith).toBeDefined()
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    expect(FakeWebSocket.instances).toHaveLength(2)
    act(() => FakeWebSocket.last!.open())
    expect(FakeWebSocket.last!.sent).toEqual([{ type: 'subscribe', poolId: 5 }])
  })
})

describe('realtime and the signed-in user', () => {
  it('reopens the socket when the user changes (the server binds the session when it connects)', async () => {
    const { queryClient } = renderPage(<Watcher poolId={31} />, { user: player })
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined())
    const first = FakeWebSocket.last!
    act(() => first.open())
    // A re-read of the same user changes nothing.
    act(() => {
      queryClient.setQueryData(authKeys.user, { ...player })
    })
    expect(FakeWebSocket.instances).toHaveLength(1)

    // Signed out: a new socket, without the old session.
    act(() => {
      queryClient.setQueryData(authKeys.user, null)
    })
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2))
    expect(first.closedWith).toBe(1000)
    act(() => FakeWebSocket.last!.open())
    expect(FakeWebSocket.last!.sent).toEqual([{ type: 'subscribe', poolId: 31 }])

    // Someone signs in: again.
    act(() => {
      queryClient.setQueryData(authKeys.user, { ...player, id: '77' })
    })
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(3))
  })
})
