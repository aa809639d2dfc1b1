import { Clock } from 'lucide-react'
import { cn } from '@/lib/utils'
import { formatCountdown, useCountdown } from '../hooks/use-countdown'

/**
 * How long the squares stay held, until `until` (amber in the last minute), or that the hold expired. It
 * counts down itself: only it is drawn again each second, not the checkout page around it.
 */
export function HoldTimer({ until }: { until: string }) {
  const left = useCountdown(until)
  if (left === null) return null
  const expired = left <= 0
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold tabular-nums',
        expired ? 'bg-destructive/10 text-destructive' : left < 60_000 ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-800',
      )}
      role="timer"
      aria-label={expired ? 'Hold expired' : `Squares held for ${formatCountdown(left)}`}
    >
      <Clock className="size-3.5" aria-hidden="true" />
      {expired ? 'Hold expired' : `Held for ${formatCountdown(left)}`}
    </span>
  )
}
