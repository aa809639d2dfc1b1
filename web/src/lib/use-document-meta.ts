import { createContext, useContext, useEffect } from 'react'

export interface DocumentMeta {
  title: string
  description?: string
  keywords?: string[]
  image?: string
  /** Path of the canonical URL, e.g. "/how-to-play". */
  canonicalPath?: string
}

export const SITE_NAME = 'Squares'
/** The description of a page that gives none of its own. */
export const DEFAULT_DESCRIPTION =
  'Football squares pools done right: pick squares on a 10x10 board, numbers drawn fairly when the pool fills, winners paid every quarter.'
const DEFAULT_IMAGE = '/og-image.svg'

function upsertMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`)
  if (!el) {
    el = document.createElement('meta')
    el.setAttribute(attr, key)
    document.head.appendChild(el)
  }
  el.setAttribute('content', content)
}

function upsertCanonical(href: string) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!el) {
    el = document.createElement('link')
    el.rel = 'canonical'
    document.head.appendChild(el)
  }
  el.href = href
}

/** The page's title with the site's name, as the document shows it. */
export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`
}

/**
 * Where a page rendered outside the browser (the build's prerendering, src/prerender.tsx) hands its meta:
 * effects do not run there, so the hook gives them to this function as it renders.
 */
export const DocumentMetaCollector = createContext<((meta: DocumentMeta) => void) | null>(null)

/** Sets the page title, description, keywords, share image and canonical link. */
export function useDocumentMeta(meta: DocumentMeta) {
  const { title, description, keywords, image, canonicalPath } = meta
  useContext(DocumentMetaCollector)?.(meta)
  const kw = keywords?.join(', ')
  useEffect(() => {
    document.title = fullTitle(title)
    const desc = description ?? DEFAULT_DESCRIPTION
    const origin = window.location.origin
    const img = new URL(image ?? DEFAULT_IMAGE, origin).href
    const canonical = new URL(canonicalPath ?? window.location.pathname, origin).href
    upsertMeta('name', 'description', desc)
    upsertMeta('name', 'keywords', kw ?? 'football squares, squares pool, super bowl squares, NFL squares, office pool')
    upsertMeta('property', 'og:title', fullTitle(title))
    upsertMeta('property', 'og:description', desc)
    upsertMeta('property', 'og:image', img)
    upsertMeta('property', 'og:url', canonical)
    upsertMeta('property', 'og:type', 'website')
    upsertMeta('name', 'twitter:card', 'summary_large_image')
    upsertMeta('name', 'twitter:image', img)
    upsertCanonical(canonical)
  }, [title, description, kw, image, canonicalPath])
}

/** Canonical pool path: /pool/{sport}-{away}-vs-{home}, lowercase with hyphens. */
export function poolCanonicalPath(sport: string, away: string, home: string): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  return `/pool/${slug(sport)}-${slug(away)}-vs-${slug(home)}`
}
