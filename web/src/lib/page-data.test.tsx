import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createQueryClient } from './query-client'
import { PAGE_DATA_ID, SEED_MS, seedFromPage } from './page-data'
import { queryKeys } from './query-keys'

function block(text: string) {
  const el = document.createElement('script')
  el.type = 'application/json'
  el.id = PAGE_DATA_ID
  el.textContent = text
  document.body.append(el)
}

function Pool({ seen }: { seen: string[] }) {
  const q = useQuery<{ name: string }>({ queryKey: queryKeys.pools.detail(7) })
  seen.push(q.status)
  return <p>{q.data?.name ?? 'loading'}</p>
}

describe('seedFromPage', () => {
  afterEach(() => {
    document.getElementById(PAGE_DATA_ID)?.remove()
    vi.unstubAllGlobals()
  })

  it("draws a query's first render with the answer the page carries, without asking the server", () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no request expected')))
    vi.stubGlobal('fetch', fetch)
    block(JSON.stringify({ '/api/pools/7': { name: 'Office Pool </script>' }, '/api/config': { devMode: false } }))
    const client = createQueryClient()
    seedFromPage(client)
    expect(document.getElementById(PAGE_DATA_ID)).toBeNull()
    const seen: string[] = []
    render(
      <QueryClientProvider client={client}>
        <Pool seen={seen} />
      </QueryClientProvider>,
    )
    expect(screen.getByText('Office Pool </script>')).toBeInTheDocument()
    expect(seen[0]).toBe('success')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('uses an answer once: a query made again asks the server', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ name: 'From the server' }), { status: 200 })))
    vi.stubGlobal('fetch', fetch)
    block(JSON.stringify({ '/api/pools/7': { name: 'From the page' } }))
    const client = createQueryClient()
    seedFromPage(client)
    const first = render(
      <QueryClientProvider client={client}>
        <Pool seen={[]} />
      </QueryClientProvider>,
    )
    expect(screen.getByText('From the page')).toBeInTheDocument()
    first.unmount()
    client.removeQueries({ queryKey: queryKeys.pools.detail(7) })
    render(
      <QueryClientProvider client={client}>
        <Pool seen={[]} />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('From the server')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('ignores a block it cannot read, and the app asks as without one', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ name: 'From the server' }), { status: 200 })))
    vi.stubGlobal('fetch', fetch)
    block('{not json')
    const client = createQueryClient()
    seedFromPage(client)
    expect(document.getElementById(PAGE_DATA_ID)).toBeNull()
    render(
      <QueryClientProvider client={client}>
        <Pool seen={[]} />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(screen.getByText('From the server')).toBeInTheDocument())
  })

  it('gives no answer to a query made after the first screen: another screen fetches its own', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ name: 'From the server' }), { status: 200 })))
    vi.stubGlobal('fetch', fetch)
    block(JSON.stringify({ '/api/pools/7': { name: 'From the page' } }))
    const client = createQueryClient()
    const start = performance.now()
    seedFromPage(client)
    const later = vi.spyOn(performance, 'now').mockReturnValue(start + SEED_MS + 1)
    render(
      <QueryClientProvider client={client}>
        <Pool seen={[]} />
      </QueryClientProvider>,
    )
    later.mockRestore()
    expect(await screen.findByText('From the server')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
