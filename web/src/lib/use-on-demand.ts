import { startTransition, useCallback, useEffect, useState } from 'react'

/**
 * False until the browser is first idle after mount (or `now()` is called), then true: for code a screen
 * can draw without, such as a menu's, loaded once the first screen is drawn rather than before it.
 * Browsers without requestIdleCallback (Safari) wait `fallbackMs` instead.
 */
export function useIdleReady(timeoutMs = 3000, fallbackMs = 1500): [ready: boolean, now: () => void] {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (ready) return
    const go = () => startTransition(() => setReady(true))
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(go, { timeout: timeoutMs })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(go, fallbackMs)
    return () => window.clearTimeout(id)
  }, [ready, timeoutMs, fallbackMs])
  return [ready, useCallback(() => setReady(true), [])]
}
