/**
 * Runs fn once the browser is first idle, at the latest after timeoutMs; browsers without
 * requestIdleCallback (Safari) wait fallbackMs instead. Returns what cancels it (an effect's cleanup).
 */
export function whenIdle(fn: () => void, timeoutMs = 3000, fallbackMs = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => fn(), { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(fn, fallbackMs)
  return () => window.clearTimeout(id)
}
