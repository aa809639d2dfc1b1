import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ErrorBoundary } from '@/components/layout/error-boundary'
import { renderPage } from '@/test/utils'
import { CHUNK_RELOAD_GUARD_MS, page, resetChunkReload } from './chunk-reload'

// After a deploy, the open page asks for code chunks that are gone. It reloads once (then the new
// index.html names the new chunks); if the code is still missing within a minute it shows the error.

function preloadError() {
  const e = new Event('vite:preloadError', { cancelable: true }) as Event & { payload?: unknown }
  e.payload = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/pool-detail-page-Old.js')
  window.dispatchEvent(e)
  return e
}

const missingChunk = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/pool-detail-page-Old.js')

function Broken({ error }: { error: unknown }): never {
  throw error
}

describe('a code chunk that is gone after a deploy', () => {
  let now = 1_000_000
  beforeEach(() => {
    sessionStorage.clear()
    resetChunkReload()
    vi.spyOn(page, 'now').mockImplementation(() => now)
    vi.spyOn(page, 'reload').mockImplementation(() => {})
  })
  afterEach(() => vi.restoreAllMocks())

  it('reloads the page once, then lets the error show until a minute has passed', () => {
    renderPage(<h1>Home</h1>)
    const first = preloadError()
    expect(page.reload).toHaveBeenCalledTimes(1)
    expect(first.defaultPrevented).toBe(true)

    // The reloaded page still misses the chunk (the server really lacks it): no reload loop.
    resetChunkReload()
    now += 5_000
    const second = preloadError()
    expect(page.reload).toHaveBeenCalledTimes(1)
    expect(second.defaultPrevented).toBe(false)

    // A later deploy, more than a minute on, may reload again.
    resetChunkReload()
    now += CHUNK_RELOAD_GUARD_MS
    expect(preloadError().defaultPrevented).toBe(true)
    expect(page.reload).toHaveBeenCalledTimes(2)
  })

  it('shows no "Something went wrong" while the page reloads for a missing chunk', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <ErrorBoundary>
        <Broken error={missingChunk()} />
      </ErrorBoundary>,
    )
    expect(page.reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
    err.mockRestore()
  })

  it('offers to reload the page when the chunk is still missing after the reload', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {})
    sessionStorage.setItem('squares:chunk-reload-at', String(now - 2_000))
    render(
      <ErrorBoundary>
        <Broken error={missingChunk()} />
      </ErrorBoundary>,
    )
    expect(page.reload).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be loaded')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload page' }))
    expect(page.reload).toHaveBeenCalledTimes(1)
    err.mockRestore()
  })
})
