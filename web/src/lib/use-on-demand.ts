import { useCallback, useEffect, useState } from 'react'

/**
 * For code a screen can draw without, such as a menu's: `load` fetches it once the browser is first idle
 * after mount (browsers without requestIdleCallback, Safari, wait `fallbackMs`), and `ready` stays false
 * until `now()` is called, at the first tap or key on what needs it. Drawing the loaded code only then keeps
 * its first render out of the page's load: the top bar's menus drawn when idle were a 42 ms task (160 ms on
 * a phone's CPU) inside the window Lighthouse counts as blocking; loaded beforehand, the tap that draws them
 * does not wait on the network.
 */
export function useOnDemand(load: () => unknown, timeoutMs = 3000, fallbackMs = 1500): [ready: boolean, now: () => void] {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    // A fetch that fails now (offline) is tried again by the tap that needs the code; it is no error here.
    const go = () => void Promise.resolve(load()).catch(() => {})
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(go, { timeout: timeoutMs })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(go, fallbackMs)
    return () => window.clearTimeout(id)
  }, [load, timeoutMs, fallbackMs])
  return [ready, useCallback(() => setReady(true), [])]
}
