import { useState } from 'react'
import { ChevronDown, History } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api'
import { formatDateTimeET } from '@/lib/dates'
import { cn } from '@/lib/utils'
import { usePoolHistory } from '../hooks/use-host-pool'

/** The pool's history for its host: who did what and when, newest first, read when opened. */
export function HostHistory({ poolId }: { poolId: number }) {
  const [open, setOpen] = useState(false)
  const history = usePoolHistory(poolId, open)
  const entries = [...(history.data?.entries ?? [])].reverse()
  return (
    <div className="grid gap-2">
      <Button size="sm" variant="ghost" className="justify-self-start" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="host-history">
        <History aria-hidden="true" /> History <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </Button>
      {open && (
        <div id="host-history">
          {history.isLoading ? (
            <Skeleton className="h-20 w-full" />
          ) : history.isError ? (
            <p className="text-sm text-muted-foreground" role="alert">
              {errorMessage(history.error, 'The history could not be loaded.')}
            </p>
          ) : entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing yet.</p>
          ) : (
            <ol className="grid max-h-80 gap-2 overflow-y-auto rounded-lg border p-3 text-sm" aria-label="Pool history">
              {entries.map((e) => (
                <li key={e.id} className="grid">
                  <span className="break-words">{e.summary}</span>
                  <span className="text-xs text-muted-foreground">
                    {e.actor.name} · {formatDateTimeET(e.at)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  )
}
