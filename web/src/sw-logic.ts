// What the service worker (sw.ts) decides, as pure functions the unit tests read: which requests it may
// answer, and what a push shows and opens. It uses nothing of the window or of the worker.

import type { PushMessage } from './lib/api.gen'

/**
 * How the service worker treats a request:
 * - 'network': not touched at all. The browser fetches it as if there were no worker, and nothing is
 *   cached: the API, the websocket, the developer pages, health checks, other sites, anything but GET.
 * - 'page': a page load. From the network, always (a deploy or a live game never shows a stale page); the
 *   precached app shell only when the network fails (offline).
 * - 'static': a file of the built app; the precache answers it when it holds it (the file names are
 *   fingerprinted, so a precached copy is never stale), else the network.
 */
export type SwRoute = 'network' | 'page' | 'static'

/** Paths the service worker never answers nor caches. */
export const NETWORK_ONLY = ['/api/', '/ws', '/dev/', '/healthz', '/readyz', '/metrics'] as const

export function swRoute(url: string, mode: string, method: string, origin: string): SwRoute {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return 'network'
  }
  if (method !== 'GET' || u.origin !== origin) return 'network'
  const path = u.pathname
  if (path === '/api' || path === '/dev' || NETWORK_ONLY.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : p + '/'))) {
    return 'network'
  }
  return mode === 'navigate' ? 'page' : 'static'
}

/** What a push shows: the server's payload `{title, body, url, tag}`; url is a path of this site. */
export type PushNotice = PushMessage

const FALLBACK: PushNotice = { title: 'Squares', body: 'Something happened in your pools.', url: '/dashboard' }

/** Reads a push's payload; anything unreadable still shows a notification (browsers require one). */
export function noticeFromPush(text: string | null | undefined): PushNotice {
  if (!text) return FALLBACK
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ...FALLBACK, body: text.slice(0, 200) }
  }
  if (!data || typeof data !== 'object') return FALLBACK
  const d = data as Record<string, unknown>
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
  return {
    title: str(d.title) || FALLBACK.title,
    body: str(d.body),
    url: sitePath(str(d.url)),
    tag: str(d.tag) || undefined,
  }
}

/** A path of this site, or the dashboard: a push never opens another site. */
export function sitePath(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return FALLBACK.url
  return path
}

/** The absolute URL a notification's click opens. */
export function clickTarget(data: unknown, origin: string): string {
  const url = data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined
  return new URL(sitePath(typeof url === 'string' ? url : ''), origin).href
}
