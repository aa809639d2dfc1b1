import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { FakeWebSocket } from '@/test/fake-websocket'
import { RealtimeClient, RealtimeProvider } from '@/lib/realtime'
import { ConnectionIndicator } from './connection-indicator'

/** The indicator on a client of its own, 500 ms in: the client has opened its first socket, not yet connected. */
function renderIndicator() {
  const client = new RealtimeClient('ws://test/ws', { random: () => 0 })
  render(
    <RealtimeProvider client={client}>
      <ConnectionIndicator />
    </RealtimeProvider>,
  )
  act(() => {
    vi.advanceTimersByTime(500)
  })
  return { client, indicator: screen.getByTestId('connection-indicator') }
}

describe('Connection indicator', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows every state but announces only a settled change, not each retry', () => {
    const { client, indicator } = renderIndicator()
    const live = () => [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]')]
    const spoken = () => live().map((el) => el.textContent ?? '').join(' ').trim()

    act(() => FakeWebSocket.last!.open())
    expect(indicator).toHaveTextContent('Connected')
    // Only about the connection, and quiet when it is fine: no "Live" badge (that would be the game's word).
    expect(indicator).toHaveTextContent(/^Connected$/)

    // A short drop and a quick reconnect: shown, not announced.
    act(() => FakeWebSocket.last!.drop(1006))
    expect(indicator).toHaveTextContent('Disconnected')
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    expect(indicator).toHaveTextContent('Connecting')
    act(() => FakeWebSocket.last!.open())
    expect(indicator).toHaveTextContent('Connected')
    expect(spoken()).toBe('')
    // The visible label itself is no live region (it changes on every retry).
    expect(live().some((el) => indicator.contains(el) && el.textContent?.includes('Connected'))).toBe(false)

    // A drop that lasts: announced once, after 5 s, however many retries fail meanwhile.
    act(() => FakeWebSocket.last!.drop(1006))
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    act(() => FakeWebSocket.last!.drop(1006))
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(spoken()).toBe('')
    act(() => {
      vi.advanceTimersByTime(2000)
    })
    expect(spoken()).toMatch(/Live updates disconnected/)
    const first = spoken()
    act(() => {
      vi.advanceTimersByTime(20_000)
    })
    act(() => FakeWebSocket.last!.drop(1006))
    expect(spoken()).toBe(first)

    // Back: announced as such.
    act(() => {
      vi.advanceTimersByTime(30_000)
    })
    act(() => FakeWebSocket.last!.open())
    expect(spoken()).toMatch(/Live updates reconnected/)
    client.stop()
  })

  it('changes state by its data-status alone: no class lists or icons swapped as the socket opens or drops', async () => {
    const { client, indicator } = renderIndicator()
    expect(indicator).toHaveAttribute('data-status', 'connecting')
    const changes: MutationRecord[] = []
    const observer = new MutationObserver((records) => changes.push(...records))
    observer.observe(indicator, { subtree: true, childList: true, attributes: true, characterData: true })
    const changed = async () => {
      await Promise.resolve()
      const out = changes.map((m) => (m.type === 'attributes' ? `${m.type}:${m.attributeName}` : m.type))
      changes.length = 0
      return [...new Set(out)].sort()
    }

    act(() => FakeWebSocket.last!.open())
    expect(indicator).toHaveAttribute('data-status', 'connected')
    expect(indicator).toHaveTextContent(/^Connected$/)
    expect(await changed()).toEqual(['attributes:data-status', 'characterData'])

    act(() => FakeWebSocket.last!.drop(1006))
    expect(indicator).toHaveTextContent(/^Disconnected$/)
    expect(await changed()).toEqual(['attributes:data-status', 'characterData'])
    observer.disconnect()
    client.stop()
  })
})
