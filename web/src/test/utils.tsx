import { StrictMode, type ReactNode } from 'react'
import { render } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router'
import { expect, vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { authKeys } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import type { User } from '@/lib/types'

export const player: User = {
  id: '12',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  profileImageUrl: null,
  role: 'user',
  isAgeVerified: true,
  isEligibleToBet: true,
  complianceStatus: 'verified', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

function Where() {
  const loc = useLocation()
  return <div data-testid="location">{loc.pathname}</div>
}

/**
 * Renders `element` at `path` inside the app's providers, with stub pages for where it may navigate;
 * `strict` adds React's StrictMode (effects run twice, as in development).
 */
export function renderPage(
  element: ReactNode,
  { path = '/', at = path, user = null, strict = false }: { path?: string; at?: string; user?: User | null; strict?: boolean } = {},
) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(authKeys.user, user)
  const stubs = ['/', '/auth', '/login', '/age-verification', '/dashboard', '/checkout', '/my-pools', '/pool/:id', '/admin/security', '/account', '/forgot-password', '/pools/:id/print'].filter((p) => p !== path)
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
          </>
        ),
        children: [
          { path, element },
          ...stubs.map((p) => ({ path: p, element: <h1>Stub {p}</h1> })),
        ],
      },
    ],
    { initialEntries: [at] },
  )
  const tree = (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  )
  const utils = render(strict ? <StrictMode>{tree}</StrictMode> : tree)
  return { ...utils, router, queryClient }
}

/** The address a fetch call asked for, whichever form it was given in. */
export function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
}

/** The JSON a fetch call sent (the app's API client sends JSON strings), or undefined without a body. */
export function jsonBody(init?: RequestInit): unknown {
  if (init?.body === undefined || init.body === null) return undefined
  if (typeof init.body !== 'string') throw new Error('the request body is not a JSON string')
  return JSON.parse(init.body) as unknown
}

export interface StubResponse {
  status?: number
  body?: unknown
}

/**
 * Stubs global fetch: `routes` maps "METHOD /path" to an answer (or a function of the request body).
 * Returns the mock so tests can inspect calls.
 */
export function stubFetch(routes: Record<string, StubResponse | ((body: unknown) => StubResponse)>) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(answer(input, init)))
  const answer = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input)
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = url.replace(/^https?:\/\/[^/]+/, '')
    const key = `${method} ${path}`
    const route = routes[key]
    if (!route) return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), { status: 404, statusText: 'Not Found' })
    const reply = typeof route === 'function' ? route(jsonBody(init)) : route
    const status = reply.status ?? 200
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status,
      statusText: status === 200 ? 'OK' : 'Error',
      headers: { 'Content-Type': 'application/json' },
    })
  }
  vi.stubGlobal('fetch', mock)
  return mock
}

/** The JSON body of the first call to `method path`. */
export function bodyOf(mock: ReturnType<typeof stubFetch>, method: string, path: string): unknown {
  const call = mock.mock.calls.find(([u, init]) => urlOf(u).endsWith(path) && (init?.method ?? 'GET').toUpperCase() === method)
  if (!call) throw new Error(`no ${method} ${path} call`)
  const init = call[1]
  expect(init?.credentials).toBe('include')
  return jsonBody(init)
}
