import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches now, kept current as the window changes (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false)
}

/** Tailwind's lg breakpoint: from here up the pool page's cart sits beside the board. */
export const WIDE_SCREEN = '(min-width: 1024px)'
