import { useCallback, useEffect, useState } from 'react'
import { whenIdle } from './idle'

/**
 * For code a screen can draw without, such as a menu's: `load` fetches it once the browser is first idle
 * after mount (whenIdle), or sooner through `warm` (pointing at or focusing what needs it), and `ready` stays
 * false until `now()` is called, at the first tap or key on what needs it. Drawing the loaded code only then
 * keeps its first render out of the page's load: the top bar's menus drawn when idle were a 42 ms task (160
 * ms on a phone's CPU) inside the window Lighthouse counts as blocking; loaded beforehand, the tap that draws
 * them does not wait on the network.
 */
export function useOnDemand(load: () => Promise<unknown>): { ready: boolean; now: () => void; warm: () => void } {
  const [ready, setReady] = useState(false)
  // A fetch that fails ahead of need (offline) is tried again by the tap that needs the code: no error here.
  const warm = useCallback(() => void load().catch(() => {}), [load])
  useEffect(() => whenIdle(warm), [warm])
  return { ready, now: useCallback(() => setReady(true), []), warm }
}
