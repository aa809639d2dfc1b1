import type { QueryClient } from '@tanstack/react-query'
import { keyToUrl } from './api'

/** The id of the data block of a signed-in player's page (http/pagedata.go). */
export const PAGE_DATA_ID = 'page-data'

/** How long after the app starts the page's answers are given to the queries that ask for them. */
export const SEED_MS = 10_000

/**
 * Gives the query cache the API answers the page's HTML carries (http/pagedata.go): the server ran the calls
 * the screen opens with, with the page's session, and wrote their answers in a data block. Each query the app
 * then creates whose URL (keyToUrl) the block holds starts with that answer, as if just fetched: the screen's
 * first render has its data, without a loading screen and placeholders drawn and taken away first. An
 * answer is used once (a query made again later fetches), and only in the first SEED_MS; the block leaves
 * the page.
 */
export function seedFromPage(client: QueryClient, doc: Document = document): void {
  const block = doc.getElementById(PAGE_DATA_ID)
  if (!block) return
  block.remove()
  let answers: Record<string, unknown>
  try {
    answers = JSON.parse(block.textContent ?? '') as Record<string, unknown>
  } catch {
    return // the app asks for what it needs, as without the block
  }
  const left = new Map(Object.entries(answers ?? {}))
  if (left.size === 0) return
  // The answers are the page's, for its first screen: one not taken by then is not given to a query made
  // later, by another screen, as if it were fresh.
  const until = performance.now() + SEED_MS
  // A query is added to the cache as its first observer is made, in the render that uses it: before that
  // render reads its state.
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added') return
    if (performance.now() > until) {
      left.clear()
      unsubscribe()
      return
    }
    const url = keyToUrl(event.query.queryKey as readonly unknown[])
    if (!left.has(url)) return
    const data = left.get(url)
    left.delete(url)
    client.setQueryData(event.query.queryKey, data)
    if (left.size === 0) unsubscribe()
  })
}
