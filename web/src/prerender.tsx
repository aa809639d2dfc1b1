// The public pages prerendered at build time (scripts/prerender.mjs builds this file for Node and calls
// renderPage): the app's own routes and providers, for a signed-out visitor, each screen's lazy code
// loaded before the HTML is written (React's prerender waits for it), so that the page paints from its HTML
// and CSS, and the browser's app takes it over (src/main.tsx hydrates it) instead of drawing it again.
import { StrictMode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { AppInRouter } from '@/app/app'
import { FullScreenSpinner } from '@/components/layout/full-screen-spinner'
import { createQueryClient } from '@/lib/query-client'
import { DEFAULT_DESCRIPTION, DocumentMetaCollector, fullTitle, type DocumentMeta } from '@/lib/use-document-meta'

/** A page to prerender: its path, and the source of its screen's lazy chunk (which the page preloads). */
export interface PrerenderPage {
  path: string
  screen: string
}

// The server sends them (http/webapp.go, prerendered) to a visitor asking for exactly these paths.
export const pages: PrerenderPage[] = [
  { path: '/', screen: 'src/features/landing/components/landing-page.tsx' },
  { path: '/how-to-play', screen: 'src/features/how-to-play/components/how-to-play-page.tsx' },
]

/** A prerendered page: the markup of the root element, and the head the page's useDocumentMeta asks for. */
export interface RenderedPage {
  html: string
  title: string
  description: string
  canonicalPath: string
}

/** Renders the app at `path` as a signed-out visitor sees it once its screen has loaded. */
export async function renderPage(path: string): Promise<RenderedPage> {
  let meta: DocumentMeta | null = null
  const errors: unknown[] = []
  const queryClient = createQueryClient()
  const { prelude } = await prerender(
    // As src/main.tsx renders it (App, in StrictMode), with a static router at the path: the same tree, so
    // the same useId values.
    <StrictMode>
      <DocumentMetaCollector.Provider value={(m) => (meta = m)}>
        <StaticRouter location={path}>
          <AppInRouter queryClient={queryClient} signedOut />
        </StaticRouter>
      </DocumentMetaCollector.Provider>
    </StrictMode>,
    {
      // An error inside a Suspense boundary would otherwise leave its fallback in the page, silently.
      onError: (error) => void errors.push(error),
      // Every boundary in place, however large: React would otherwise send a large one after its fallback,
      // with an inline script to swap them, which the page's policy blocks.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  )
  const html = await new Response(prelude).text()
  // Its queries' timers (unused data is dropped after a day) would keep Node running.
  queryClient.clear()
  if (errors.length > 0) throw new Error(`prerender ${path}: ${errors.map(String).join('; ')}`)
  if (html.includes('<script')) throw new Error(`prerender ${path}: the markup has a script, which the page's policy blocks`)
  const found = meta as DocumentMeta | null
  if (!found) throw new Error(`prerender ${path}: the page set no document meta (useDocumentMeta)`)
  return {
    html,
    title: fullTitle(found.title),
    description: found.description ?? DEFAULT_DESCRIPTION,
    canonicalPath: found.canonicalPath ?? path,
  }
}

/**
 * The loading screen every other page starts with (the app's first screen while it learns who is signed in,
 * RootLayout's), as the HTML of the shell: the page paints it before its scripts have loaded.
 */
export function renderShell(): string {
  return renderToStaticMarkup(<FullScreenSpinner />)
}
