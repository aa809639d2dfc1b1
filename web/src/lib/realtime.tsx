import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { LiveMessage } from './api.gen'

// The live-update socket (spec section 4, docs/api.md "Live updates"): one websocket per tab at /ws on the
// page's host (wss: when the page is https). It connects 500 ms after the app mounts; on open it
// (re)subscribes to every pool and game that a screen watches; a close with any code but 1000 retries
// after 3 s, and further failed attempts wait longer (doubling, with jitter, up to 30 s) until a socket
// stays open for 10 s; unmounting closes it with 1000 and cancels the retry. While open it pings every
// 20 s; a socket that then hears nothing for 10 s is dead (a network that vanished sends no close): it is
// marked disconnected and replaced. The server binds the session when the socket connects, so the socket
// reopens when the signed-in user changes (useRealtimeSession). Screens watch topics through the hooks
// below and read messages with useRealtimeMessages.

export const REALTIME_CONNECT_DELAY_MS = 500
export const REALTIME_RETRY_MS = 3000
export const REALTIME_RETRY_MAX_MS = 30_000
/** An open socket that lasts this long resets the backoff to the first 3 s retry. */
export const REALTIME_STABLE_MS = 10_000
export const REALTIME_PING_MS = 20_000
/** After a ping, how long the socket may stay silent before it counts as dead. */
export const REALTIME_PONG_TIMEOUT_MS = 10_000
export const NORMAL_CLOSURE = 1000
/** Our close code for a socket that stopped answering (4000-4999 are the application's). */
const DEAD_SOCKET_CLOSURE = 4000

/**
 * The wait before retry `attempt` (0 for the first): 3 s, then a delay drawn between half and all of
 * 3 s x 2^attempt, at most 30 s, so many tabs do not come back at the same instant.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  if (attempt <= 0) return REALTIME_RETRY_MS
  const cap = Math.min(REALTIME_RETRY_MAX_MS, REALTIME_RETRY_MS * 2 ** attempt)
  return Math.round(cap / 2 + random() * (cap / 2))
}

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected'

/** A message from the server: JSON with a `type` ('poolUpdate', 'gameUpdate', 'subscribed', 'error', ...). */
export type RealtimeMessage = LiveMessage

export type RealtimeTopic = { poolId: number } | { gameId: number }

type Listener = (msg: RealtimeMessage) => void
type OpenListener = (reconnected: boolean) => void

export function realtimeUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws`
}

export class RealtimeClient {
  private ws: WebSocket | null = null
  private status: RealtimeStatus = 'connecting'
  private lastError: string | null = null
  private connectTimer: ReturnType<typeof setTimeout> | null = null
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private stableTimer: ReturnType<typeof setTimeout> | null = null
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private deadTimer: ReturnType<typeof setTimeout> | null = null
  private running = false
  private opened = 0
  /** Failed attempts since the last stable open: picks the next retry delay. */
  private attempt = 0
  private readonly random: () => number
  private readonly pools = new Map<number, number>()
  private readonly games = new Map<number, number>()
  private readonly listeners = new Set<Listener>()
  private readonly openListeners = new Set<OpenListener>()
  private readonly statusListeners = new Set<() => void>()
  private readonly url: string | (() => string)

  constructor(url: string | (() => string) = () => realtimeUrl(), { random = Math.random }: { random?: () => number } = {}) {
    this.url = url
    this.random = random
  }

  /** Starts connecting after the first-connect delay. Safe to call again after stop(). */
  start(delay = REALTIME_CONNECT_DELAY_MS) {
    if (this.running) return
    this.running = true
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null
      this.connect()
    }, delay)
  }

  /** Closes with 1000 and cancels any pending connect or retry. Topics stay tracked for a later start(). */
  stop() {
    this.running = false
    this.clearTimers()
    this.discard(NORMAL_CLOSURE)
    this.setStatus('disconnected')
  }

  /** Replaces the socket now (closing the old one with 1000), e.g. for a new session. Topics carry over. */
  reconnect() {
    if (!this.running) return
    this.clearTimers()
    this.discard(NORMAL_CLOSURE)
    this.attempt = 0
    this.connect()
  }

  getStatus = () => this.status
  getError = () => this.lastError

  onStatus = (fn: () => void) => {
    this.statusListeners.add(fn)
    return () => {
      this.statusListeners.delete(fn)
    }
  }

  onMessage(fn: Listener) {
    this.listeners.add(fn)
    return () => {
      this.listeners.delete(fn)
    }
  }

  /** Called on every open; `reconnected` is true after the first, when updates may have been missed. */
  onOpen(fn: OpenListener) {
    this.openListeners.add(fn)
    return () => {
      this.openListeners.delete(fn)
    }
  }

  /** Sends a JSON message; while disconnected it is dropped with a warning. */
  send(msg: Record<string, unknown>): boolean {
    const ws = this.ws
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      console.warn('Live updates are disconnected; message not sent:', msg)
      return false
    }
    ws.send(JSON.stringify(msg))
    return true
  }

  /** Watches a pool or a game (counted, so several screens can share one). Returns the unwatch function. */
  watch(topic: RealtimeTopic): () => void {
    const [map, id, sub] =
      'poolId' in topic
        ? [this.pools, topic.poolId, { type: 'subscribe', poolId: topic.poolId }]
        : [this.games, topic.gameId, { type: 'subscribeToGame', gameId: topic.gameId }]
    const n = map.get(id) ?? 0
    map.set(id, n + 1)
    if (n === 0 && this.isOpen()) this.send(sub)
    let done = false
    return () => {
      if (done) return
      done = true
      const left = (map.get(id) ?? 1) - 1
      if (left > 0) {
        map.set(id, left)
        return
      }
      map.delete(id)
      if (!this.isOpen()) return
      // The server also understands unsubscribeFromGame (http/ws.go), which docs/api.md does not list.
      this.send('poolId' in topic ? { type: 'unsubscribe', poolId: id } : { type: 'unsubscribeFromGame', gameId: id })
    }
  }

  /** The pools and games being watched. */
  topics(): { pools: number[]; games: number[] } {
    return { pools: [...this.pools.keys()], games: [...this.games.keys()] }
  }

  private isOpen() {
    return this.ws?.readyState === WebSocket.OPEN
  }

  private clearTimers() {
    if (this.connectTimer) clearTimeout(this.connectTimer)
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.connectTimer = this.retryTimer = null
    this.clearOpenTimers()
  }

  /** The timers that live while a socket is open: the stability check and the heartbeat. */
  private clearOpenTimers() {
    if (this.stableTimer) clearTimeout(this.stableTimer)
    if (this.pingTimer) clearInterval(this.pingTimer)
    if (this.deadTimer) clearTimeout(this.deadTimer)
    this.stableTimer = this.pingTimer = this.deadTimer = null
  }

  /** Lets go of the current socket: its events are ignored from now on, and it is closed with `code`. */
  private discard(code: number) {
    const ws = this.ws
    this.ws = null
    this.clearOpenTimers()
    if (!ws) return
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null
    if (ws.readyState !== WebSocket.CLOSED && ws.readyState !== WebSocket.CLOSING) ws.close(code)
  }

  private ping(ws: WebSocket) {
    if (this.ws !== ws || this.deadTimer || !this.send({ type: 'ping' })) return
    this.deadTimer = setTimeout(() => {
      this.deadTimer = null
      if (this.ws !== ws) return
      // No close will come from a network that vanished: give up on this socket ourselves.
      this.lastError = 'The server stopped answering'
      this.discard(DEAD_SOCKET_CLOSURE)
      this.setStatus('disconnected')
      this.scheduleRetry()
    }, REALTIME_PONG_TIMEOUT_MS)
  }

  private setStatus(s: RealtimeStatus) {
    if (this.status === s) return
    this.status = s
    for (const fn of this.statusListeners) fn()
  }

  private connect() {
    if (!this.running) return
    let ws: WebSocket
    try {
      ws = new WebSocket(typeof this.url === 'function' ? this.url() : this.url)
    } catch {
      this.lastError = 'Failed to connect'
      this.setStatus('disconnected')
      this.scheduleRetry()
      return
    }
    this.ws = ws
    this.setStatus('connecting')
    ws.onopen = () => {
      if (this.ws !== ws) return
      this.lastError = null
      this.stableTimer = setTimeout(() => {
        this.stableTimer = null
        this.attempt = 0
      }, REALTIME_STABLE_MS)
      this.pingTimer = setInterval(() => this.ping(ws), REALTIME_PING_MS)
      for (const poolId of this.pools.keys()) this.send({ type: 'subscribe', poolId })
      for (const gameId of this.games.keys()) this.send({ type: 'subscribeToGame', gameId })
      this.setStatus('connected')
      const reconnected = this.opened > 0
      this.opened++
      for (const fn of this.openListeners) fn(reconnected)
    }
    ws.onmessage = (e: MessageEvent) => {
      if (this.ws !== ws) return
      // Anything from the server shows the socket is alive.
      if (this.deadTimer) clearTimeout(this.deadTimer)
      this.deadTimer = null
      let msg: unknown
      try {
        msg = JSON.parse(typeof e.data === 'string' ? e.data : String(e.data))
      } catch {
        console.warn('Live updates: ignored a message that is not JSON')
        return
      }
      if (!msg || typeof msg !== 'object' || typeof (msg as RealtimeMessage).type !== 'string') return
      if ((msg as RealtimeMessage).type === 'pong') return
      for (const fn of [...this.listeners]) {
        try {
          fn(msg as RealtimeMessage)
        } catch (err) {
          console.error('Live updates: a listener failed', err)
        }
      }
    }
    ws.onerror = () => {
      if (this.ws !== ws) return
      this.lastError = 'Connection failed'
    }
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws) return
      this.ws = null
      this.clearOpenTimers()
      this.setStatus('disconnected')
      if (e.code !== NORMAL_CLOSURE) this.scheduleRetry()
    }
  }

  private scheduleRetry() {
    if (!this.running || this.retryTimer) return
    const delay = retryDelay(this.attempt, this.random)
    this.attempt++
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.connect()
    }, delay)
  }
}

const RealtimeContext = createContext<RealtimeClient | null>(null)

/** One socket for the whole app. `client` lets tests pass their own. */
export function RealtimeProvider({ children, client: given }: { children: ReactNode; client?: RealtimeClient }) {
  const [client] = useState(() => given ?? new RealtimeClient())
  useEffect(() => {
    client.start()
    return () => client.stop()
  }, [client])
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>
}

function useClient(): RealtimeClient | null {
  return useContext(RealtimeContext)
}

/**
 * Reopens the socket when `session` (the signed-in user's id, or null) changes: the server reads the
 * session once, when the socket connects. `undefined` means not known yet (the first lookup is running).
 */
export function useRealtimeSession(session: string | null | undefined) {
  const client = useClient()
  const last = useRef<string | null | undefined>(undefined)
  useEffect(() => {
    if (session === undefined) return
    const before = last.current
    last.current = session
    if (before !== undefined && before !== session) client?.reconnect()
  }, [client, session])
}

const noStatus = () => () => {}

/** 'connected', 'connecting' or 'disconnected', and the last connection error ('Connection failed'). */
export function useRealtimeStatus(): { status: RealtimeStatus; error: string | null } {
  const client = useClient()
  const status = useSyncExternalStore(client?.onStatus ?? noStatus, () => client?.getStatus() ?? 'disconnected')
  const error = useSyncExternalStore(client?.onStatus ?? noStatus, () => client?.getError() ?? null)
  return { status, error }
}

/** Watches a pool and/or a game while mounted (ids that are null or 0 are skipped). */
export function useRealtimeTopics({ poolId, gameId }: { poolId?: number | null; gameId?: number | null }) {
  const client = useClient()
  useEffect(() => {
    if (!client || !poolId) return
    return client.watch({ poolId })
  }, [client, poolId])
  useEffect(() => {
    if (!client || !gameId) return
    return client.watch({ gameId })
  }, [client, gameId])
}

/** Calls `handler` for every message, and `onReconnect` when the socket opens again after a drop. */
export function useRealtimeMessages(handler: (msg: RealtimeMessage) => void, onReconnect?: () => void) {
  const client = useClient()
  const ref = useRef({ handler, onReconnect })
  useEffect(() => {
    ref.current = { handler, onReconnect }
  })
  useEffect(() => {
    if (!client) return
    const offMsg = client.onMessage((m) => ref.current.handler(m))
    const offOpen = client.onOpen((again) => {
      if (again) ref.current.onReconnect?.()
    })
    return () => {
      offMsg()
      offOpen()
    }
  }, [client])
}

/** Sends a message on the shared socket (dropped with a warning while disconnected). */
export function useRealtimeSend(): (msg: Record<string, unknown>) => boolean {
  const client = useClient()
  return (msg) => {
    if (!client) {
      console.warn('Live updates are not available; message not sent:', msg)
      return false
    }
    return client.send(msg)
  }
}
