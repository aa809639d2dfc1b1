import { useEffect, useState } from 'react'
import { Timer } from 'lucide-react'
import { isFree } from '@/lib/money'
import type { Pool } from '@/lib/types'
import { cn } from '@/lib/utils'
import { decisionText } from './decision-text'

/** How often the countdown is redrawn: it shows whole minutes. */
export const COUNTDOWN_TICK_MS = 15_000

/** The countdown to the final decision of a pool that is not full (nothing for one that awaits none). */
export function DecisionCountdown({ pool, className }: { pool: Pool; className?: string }) {
  const [now, setNow] = useState(() => Date.now())
  const outlook = pool.decisionOutlook
  useEffect(() => {
    if (!outlook) return
    const t = window.setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS)
    return () => window.clearInterval(t)
  }, [outlook])
  if (!outlook) return null
  // A host-collected pool's money never passed through Squares: there is nothing for Squares to refund.
  const text = decisionText(outlook, { free: isFree(pool.entryFee) || pool.collection === 'host', isPrivate: !!pool.isPrivate }, now)
  const cancelling = outlook.action === 'cancel'
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm font-semibold',
        cancelling ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-sky-200 bg-sky-50 text-sky-950',
        className,
      )}
      data-testid="decision-countdown"
    >
      <Timer className={cn('mt-0.5 size-4 shrink-0', cancelling ? 'text-amber-600' : 'text-sky-600')} aria-hidden="true" />
      <span>{text}</span>
    </p>
  )
}
