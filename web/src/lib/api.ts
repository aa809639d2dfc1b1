// The one HTTP client. Every call carries the session cookie and speaks JSON.
// A non-success answer throws an ApiError whose message is `${status}: ${bodyText || statusText}`
// (spec section 8); the parsed server error ({message, code, fields}) stays on the error for forms.

import type { ErrorBody } from './api.gen'

/** An error answer as read from any response: every member may be missing. */
export type ServerErrorBody = Partial<ErrorBody>

export class ApiError extends Error {
  readonly status: number
  readonly code?: string
  readonly fields?: Record<string, string>
  readonly serverMessage?: string
  readonly body?: unknown
  /** The path that was called (without the host). */
  readonly url?: string

  constructor(status: number, statusText: string, bodyText: string, url?: string) {
    super(`${status}: ${bodyText || statusText}`)
    this.name = 'ApiError'
    this.status = status
    this.url = url
    let parsed: unknown
    try {
      parsed = bodyText ? JSON.parse(bodyText) : undefined
    } catch {
      parsed = undefined
    }
    this.body = parsed
    if (parsed && typeof parsed === 'object') {
      const p = parsed as ServerErrorBody
      if (typeof p.message === 'string') this.serverMessage = p.message
      if (typeof p.code === 'string') this.code = p.code
      if (p.fields && typeof p.fields === 'object') this.fields = p.fields
    } else if (bodyText && bodyText.length < 300) {
      this.serverMessage = bodyText
    }
  }

  get isUnauthorized() {
    return this.status === 401
  }
}

/** The human message to show for an error: the server's own `message` when there is one. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage || fallback
  if (err instanceof TypeError) return 'Unable to reach the server. Check your connection and try again.'
  return fallback
}

/** Errors that the spec wants silently ignored (authorization noise). */
export function isAuthNoise(err: unknown): boolean {
  if (err instanceof ApiError && err.status === 401) return true
  const msg = err instanceof Error ? err.message : typeof err === 'string' ? err : ''
  return /\b401\b|Unauthorized|Not authenticated/i.test(msg)
}

// These calls check a password (or a sign-in's second factor): their 401 means wrong credentials or an
// expired sign-in, not that a session ended.
const CREDENTIAL_CHECKS = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/emergency-login',
  '/api/admin/login',
  '/api/admin/login/2fa',
])

function pathOf(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/, '').replace(/[?#].*$/, '')
}

/** True when `url` answering 401 means the caller has no session (every call but the sign-in forms). */
export function isSessionRejection(url: string, status: number): boolean {
  return status === 401 && !CREDENTIAL_CHECKS.has(pathOf(url))
}

/** True for an error that says the session has ended (a 401 from anything but a sign-in form). */
export function isSessionEnded(err: unknown): boolean {
  return err instanceof ApiError && !!err.url && isSessionRejection(err.url, err.status)
}

async function throwIfNotOk(res: Response, url: string) {
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || ''
    throw new ApiError(res.status, res.statusText, text, pathOf(url))
  }
}

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T
  const text = await res.text()
  if (!text) return undefined as T
  return JSON.parse(text) as T
}

export interface ApiAnswer<T> {
  status: number
  data: T
}

/** As `apiRequest`, and also gives the HTTP status of the answer (the developer pages show it). */
export async function apiExchange<T = unknown>(method: string, url: string, data?: unknown): Promise<ApiAnswer<T>> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  })
  await throwIfNotOk(res, url)
  return { status: res.status, data: await parseBody<T>(res) }
}

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  return (await apiExchange<T>(method, url, data)).data
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, data?: unknown) => apiRequest<T>('POST', url, data),
  patch: <T>(url: string, data?: unknown) => apiRequest<T>('PATCH', url, data),
  del: <T>(url: string) => apiRequest<T>('DELETE', url),
}

type QueryParams = Record<string, string | number | boolean | null | undefined>

/**
 * Turns a query key into the URL it stands for: path segments joined with '/', and an
 * optional trailing object as the query string. ['/api/pools', 31] -> /api/pools/31;
 * ['/api/pools', { leagueId: 1 }] -> /api/pools?leagueId=1.
 */
export function keyToUrl(queryKey: readonly unknown[]): string {
  const parts: string[] = []
  let params: QueryParams | undefined
  for (const part of queryKey) {
    if (part !== null && typeof part === 'object') params = part as QueryParams
    else if (typeof part === 'string' || typeof part === 'number' || typeof part === 'boolean') parts.push(String(part))
  }
  let url = parts.join('/').replace(/\/{2,}/g, '/')
  if (params) {
    const qs = new URLSearchParams()
    for (const [k, v] of Object.entries(params)) {
      if (v !== undefined && v !== null && v !== '') qs.set(k, String(v))
    }
    const s = qs.toString()
    if (s) url += `?${s}`
  }
  return url
}

/**
 * Default query function: GET on the key path; a 401 yields null instead of an error. `onUnauthorized`
 * hears of every 401, with the key that got it (the session may have ended).
 */
export function getQueryFn({ on401, onUnauthorized }: { on401: 'returnNull' | 'throw'; onUnauthorized?: (queryKey: readonly unknown[]) => void }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }) => {
    const url = keyToUrl(queryKey)
    const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal })
    if (res.status === 401) onUnauthorized?.(queryKey)
    if (on401 === 'returnNull' && res.status === 401) return null
    await throwIfNotOk(res, url)
    return parseBody<unknown>(res)
  }
}
