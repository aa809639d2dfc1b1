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

/** 9:05 (whole seconds left, rounded down: never more than the hold really has). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
