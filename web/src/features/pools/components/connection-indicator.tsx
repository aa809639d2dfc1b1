import { useEffect, useRef, useState } from 'react'
import { WifiOff } from 'lucide-react'
import { useRealtimeStatus } from '@/lib/realtime'
import { cn } from '@/lib/utils'

/** How long the socket must stay down before a screen reader hears about it. */
export const ANNOUNCE_DISCONNECT_AFTER_MS = 5000

/**
 * What to tell screen readers about the live socket: nothing while it drops and comes back within a few
 * seconds (each retry would otherwise be read out), "disconnected" once it has been down for more than
 * 5 s, and "reconnected" when it returns after that.
 */
function useSettledAnnouncement(connected: boolean): string {
  const [message, setMessage] = useState('')
  const announcedDown = useRef(false)
  useEffect(() => {
    if (connected) {
      if (announcedDown.current) {
        announcedDown.current = false
        setMessage('Live updates reconnected.')
      }
      return
    }
    if (announcedDown.current) return
    const t = window.setTimeout(() => {
      announcedDown.current = true
      setMessage('Live updates disconnected. Retrying in the background.')
    }, ANNOUNCE_DISCONNECT_AFTER_MS)
    return () => window.clearTimeout(t)
  }, [connected])
  return message
}

/**
 * The live-update socket's state, and only that: a quiet "Connected" while it is fine, and a plain
 * "Connecting…" / "Disconnected" (with the error on hover) while it is not. It says nothing of the game.
 */
export function ConnectionIndicator({ className }: { className?: string }) {
  const { status, error } = useRealtimeStatus()
  const connected = status === 'connected'
  const label = connected ? 'Connected' : status === 'connecting' ? 'Connecting…' : 'Disconnected'
  const announcement = useSettledAnnouncement(connected)
  // Each state's look hangs on the container's data-status, the one attribute a change of state sets, not on
  // class lists and children swapped per state: under an inspector (Lighthouse's trace, DevTools) the browser
  // records the script's stack for every style invalidation, and swapping the pill's classes and icon as the
  // socket opened cost the pool page's load 12-17 ms there (docs/performance.md). The classes are written out
  // whole: Tailwind finds them in the source as text.
  return (
    // As tall as the pill of "Connecting…" when it says "Connected" too: the card below does not move up as the
    // socket connects (a layout shift on the pool page's first load).
    <div className={cn('group/conn flex min-h-6 items-center', className)} data-testid="connection-indicator" data-status={status}>
      {/* The label changes on every retry, so it is no live region; the announcer below speaks for it. */}
      <span
        title={!connected && error ? `${error}. Retrying…` : undefined}
        className="inline-flex items-center gap-1.5 rounded-full bg-amber-300 px-2.5 py-1 text-xs font-semibold text-amber-950 group-data-[status=connected]/conn:bg-transparent group-data-[status=connected]/conn:p-0 group-data-[status=connected]/conn:font-medium group-data-[status=connected]/conn:text-white/60"
      >
        <span className="hidden size-1.5 rounded-full bg-emerald-400 group-data-[status=connected]/conn:inline-block" aria-hidden="true" />
        <WifiOff className="size-3.5 group-data-[status=connected]/conn:hidden" aria-hidden="true" />
        {label}
      </span>
      <span className="sr-only" aria-live="polite" data-testid="connection-announcer">
        {announcement}
      </span>
    </div>
  )
}
