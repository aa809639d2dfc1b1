import { useEffect, useState } from 'react'

/** Milliseconds left until `until` (never negative), ticking every second; null without a time. */
export function useCountdown(until: string | null | undefined): number | null {
  const target = until ? Date.parse(until) : NaN
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (Number.isNaN(target)) return
    const id = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(id)
  }, [target])
  if (Number.isNaN(target)) return null
  return Math.max(0, target - now)
}

// The longest delay setTimeout takes (a longer one fires at once).
const MAX_DELAY = 2_147_483_647

/**
 * Whether `until` has passed (false without a time): one timer set for that moment, not a tick a second, so
 * that the component using it is drawn again once, when the time comes. A timer that fires early (the clock
 * moved) is set again.
 */
export function useExpired(until: string | null | undefined): boolean {
  const target = until ? Date.parse(until) : NaN
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (Number.isNaN(target)) return
    let id = 0
    const wait = () => {
      const left = target - Date.now()
      if (left <= 0) setNow(Date.now())
      else id = window.setTimeout(wait, Math.min(left, MAX_DELAY))
    }
    wait()
    return () => window.clearTimeout(id)
  }, [target])
  return !Number.isNaN(target) && now >= target
}

/** 9:05 (whole seconds left, rounded down: never more than the hold really has). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
