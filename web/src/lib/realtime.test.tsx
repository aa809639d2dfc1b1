import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { FakeWebSocket } from '@/test/fake-websocket'
import {
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
    act(() => vi.advanceTimersByTime(499))
    expect(FakeWebSocket.instances).toHaveLength(0)
    act(() => vi.advanceTimersByTime(1))
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
    act(() => vi.advanceTimersByTime(10_000))
    expect(FakeWebSocket.instances).toHaveLength(1)
  })

  it('retries 3 s after an abnormal close and re-subscribes; a 1000 close is final', () => {
    render(
      <RealtimeProvider>
        <Watcher poolId={5} />
      </RealtimeProvider>,
    )
    act(() => vi.advanceTimersByTime(500))
    act(() => FakeWebSocket.last!.open())
    act(() => FakeWebSocket.last!.drop(1006))
    expect(screen.getByTestId('status')).toHaveTextContent('disconnected')
    act(() => vi.advanceTimersByTime(2999))
    expect(FakeWebSocket.instances).toHaveLength(1)
    act(() => vi.advanceTimersByTime(1))
    expect(FakeWebSocket.instances).toHaveLength(2)
    act(() => FakeWebSocket.last!.open())
    expect(FakeWebSocket.last!.sent).toEqual([{ type: 'subscribe', poolId: 5 }])

    act(() => FakeWebSocket.last!.drop(1000))
    act(() => vi.advanceTimersByTime(10_000))
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
})
