import { useEffect } from 'react'

// After a deploy, a page opened before it asks for code chunks (lazy screens) that the server no longer
// has. Reloading fetches the new index.html, which names the new chunks. The page reloads at most once a
// minute (a sessionStorage stamp), so a server that really lacks a chunk shows the error instead of
// reloading forever.

export const CHUNK_RELOAD_GUARD_MS = 60_000
const GUARD_KEY = 'squares:chunk-reload-at'

/** The page's reload and clock (tests replace them). */
export const page = {
  reload: () => window.location.reload(),
  now: () => Date.now(),
}

let reloading = false

/** True once a reload for missing code has started: screens show nothing until the new page comes. */
export function isReloadingForNewCode() {
  return reloading
}

/** Forgets that a reload started (tests: the "reloaded" page). */
export function resetChunkReload() {
  reloading = false
}

/** Browsers' messages for a dynamic import whose file is gone, and Vite's for a stylesheet. */
export function isMissingChunkError(err: unknown): boolean {
  const msg = err instanceof Error ? err.message : typeof err === 'string' ? err : ''
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(msg)
}

/** Reloads the page unless it already did so within the last minute; true when it reloads. */
export function reloadOnceForMissingCode(): boolean {
  if (reloading) return true
  const now = page.now()
  try {
    const last = Number(sessionStorage.getItem(GUARD_KEY) ?? 0)
    if (last > 0 && now >= last && now - last < CHUNK_RELOAD_GUARD_MS) return false
    sessionStorage.setItem(GUARD_KEY, String(now))
  } catch {
    // Without storage there is no guard against a reload loop: show the error instead.
    return false
  }
  reloading = true
  page.reload()
  return true
}

function onPreloadError(e: Event) {
  // preventDefault keeps Vite from throwing the error into the screen that is about to be replaced.
  if (reloadOnceForMissingCode()) e.preventDefault()
}

/** Listens for Vite's `vite:preloadError` (a lazy screen's code failed to load) while the app is mounted. */
export function useReloadOnMissingCode() {
  useEffect(() => {
    window.addEventListener('vite:preloadError', onPreloadError)
    return () => window.removeEventListener('vite:preloadError', onPreloadError)
  }, [])
}
