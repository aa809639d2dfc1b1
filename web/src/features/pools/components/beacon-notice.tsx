import { useEffect, useState } from 'react'
import { Radio } from 'lucide-react'
import type { Beacon } from '@/lib/api.gen'
import type { Pool } from '@/lib/types'
import { cn } from '@/lib/utils'

/** The label of the built-in development beacon, wherever its round is named. */
export const DEV_BEACON_LABEL = 'Development beacon: not drand'

/** How often the countdown to the round is redrawn: it counts seconds. */
export const BEACON_TICK_MS = 1_000

/** "in 8 s" to the round's time, "any moment now" once it is due (the server is fetching it). */
export function beaconCountdown(dueAt: string | null, now: number): string {
  const due = dueAt ? Date.parse(dueAt) : NaN
  if (Number.isNaN(due)) return 'any moment now'
  const s = Math.ceil((due - now) / 1000)
  if (s <= 0) return 'any moment now'
  if (s < 120) return `in ${s} s`
  return `in ${Math.ceil(s / 60)} min`
}

/** The text the board shows for a pool's beacon, or null when there is nothing to say (not full, or drawn before beacons). */
export function beaconText(beacon: Beacon | undefined | null, now: number): string | null {
  switch (beacon?.status) {
    case 'pending':
      return `Numbers at round ${beacon.round}, ${beaconCountdown(beacon.dueAt, now)}`
    case 'verified':
      return `Numbers drawn with ${beacon.dev ? 'beacon' : 'drand'} round ${beacon.round}`
    case 'unavailable':
      return 'Numbers drawn without the beacon: drand could not be reached before kickoff.'
    case 'off':
      return 'This server draws the numbers without a randomness beacon.'
    default:
      return null
  }
}

export function DevBeaconBadge({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-[0.7rem] font-bold whitespace-nowrap text-amber-900', className)} data-testid="dev-beacon">
      {DEV_BEACON_LABEL}
    </span>
  )
}

/**
 * The board's line about the draw's beacon: while the pool waits for its round, "Numbers at round N, in 8 s"
 * counting down to the round's time (then "any moment now"), live from the pool's websocket message; once
 * drawn, the round it was drawn with; or that it was drawn without one. A development beacon says so.
 */
export function BeaconNotice({ pool, className }: { pool: Pool; className?: string }) {
  // A pool cancelled while it waited for its round is never drawn: its round is nothing to wait for.
  const beacon = pool.status === 'cancelled' && pool.beacon?.status === 'pending' ? undefined : (pool.beacon as Beacon | undefined)
  const pending = beacon?.status === 'pending'
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!pending) return
    // The first tick at once: the page may have been open long before the pool locked.
    const tick = () => setNow(Date.now())
    const first = window.setTimeout(tick, 0)
    const t = window.setInterval(tick, BEACON_TICK_MS)
    return () => {
      window.clearTimeout(first)
      window.clearInterval(t)
    }
  }, [pending, beacon?.dueAt])
  const text = beaconText(beacon, now)
  if (!text || !beacon) return null
  const quiet = beacon.status === 'off' || beacon.status === 'unavailable'
  return (
    <p
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold', quiet ? 'text-white/75' : 'text-lime-200', className)}
      data-testid="beacon-notice"
      data-status={beacon.status}
    >
      <Radio className="size-4 shrink-0" aria-hidden="true" />
      {/* The seconds change every second: a timer (not live) is not read out on each tick. */}
      <span role={pending ? 'timer' : undefined} className="tabular-nums">
        {text}
      </span>
      {beacon.dev && beacon.round ? <DevBeaconBadge /> : null}
    </p>
  )
}
