// The prerendered pages (src/prerender.tsx) hydrate: the browser's app, started signed out as src/main.tsx
// starts it on such a page (App signedOut), renders exactly the prerendered markup, so React takes over the
// page's elements rather than drawing it again, even when an answer re-renders the layout before the
// screen's code has arrived. React's development build reports every difference, attributes too.
import { StrictMode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { prerender } from 'react-dom/static'
import { act, getConfig } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pages } from '@/prerender'
import { stubFetch, urlOf } from '@/test/utils'

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('a prerendered page', () => {
  for (const page of pages) {
    it(`${page.path} hydrates without a difference, keeping the page's elements`, async () => {
      // The server and the browser each have the app's modules of their own, as they do for real: the server's
      // render loads the screens' code into its copies, the browser starts without it.
      vi.resetModules()
      const { renderPage } = await import('@/prerender')
      const rendered = await renderPage(page.path)
      // React's server renderer leaves the contexts of its last task set (it is alone in its process, in the
      // build): a render of nothing resets them before the browser's renderer reads them here.
      await prerender(<i />)
      expect(rendered.html).toContain('<h1')
      const fetched = stubFetch({ 'GET /api/auth/user': { status: 401, body: { message: 'Not authenticated', code: 'unauthorized' } } })
      window.history.replaceState(null, '', page.path)
      document.body.innerHTML = `<div id="root" data-prerendered="visitor">${rendered.html}</div>`
      const container = document.getElementById('root')!
      const heading = container.querySelector('h1')!
      const errors: unknown[][] = []
      const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args))
      try {
        // The app, with a query client of the test's.
        vi.resetModules()
        const [{ App }, { authKeys }, { createQueryClient }] = await Promise.all([
          import('./app'),
          import('@/lib/auth'),
          import('@/lib/query-client'),
        ])
        const client = createQueryClient()
        act(() => {
          root = hydrateRoot(
            container,
            <StrictMode>
              <App queryClient={client} signedOut />
            </StrictMode>,
            { onRecoverableError: (error) => errors.push(['recoverable', error]) },
          )
        })
        // The layout is hydrated, the screen not yet (its code is on its way): the answer to "who am I?" comes.
        act(() => {
          client.setQueryData(authKeys.user, null)
        })
        // The screen's lazy chunk arrives, React hydrates the screen, and the screen's effect sets the title.
        // vi.waitFor's own limit is 1 s, which a lazy screen compiled on a busy machine takes past: the
        // suite's limit (src/test/setup.ts) instead.
        await vi.waitFor(() => expect(document.title).toBe(rendered.title), { timeout: getConfig().asyncUtilTimeout })
      } finally {
        spy.mockRestore()
      }
      // (A warning of the development build that server and browser renderers share this test's contexts.)
      const found = errors.map((e) => e.map(String).join(' ')).filter((e) => !e.startsWith('Detected multiple renderers concurrently'))
      expect(found).toEqual([])
      expect(container.querySelector('h1')).toBe(heading)
      // Signed out from the start, and still asked once the page is React's.
      expect(fetched.mock.calls.map(([url]) => urlOf(url))).toContainEqual(expect.stringMatching(/\/api\/auth\/user$/))
    })
  }
})
