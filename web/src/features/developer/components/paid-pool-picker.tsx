import { CalendarClock, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { RefreshNotice } from '@/components/layout/refresh-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTimeET } from '@/lib/dates'
import { formatEntryFee } from '@/lib/money'
import { teamInfo } from '@/lib/teams'
import type { Pool } from '@/lib/types'
import { cn } from '@/lib/utils'
import { useOpenPaidPools } from '../api/payment-test-api'

/** A few open paid pools (GET /api/pools) to take a pool id from. */
export function PaidPoolPicker({ selectedId, onPick }: { selectedId: string; onPick: (pool: Pool) => void }) {
  const pools = useOpenPaidPools()
  const headingId = 'paid-pools-title'

  return (
    <div className="grid gap-2 rounded-lg border bg-muted/30 p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-bold">
          Open paid pools
        </h3>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-8 px-2"
          onClick={() => void pools.refetch()}
          disabled={pools.isFetching}
          aria-label="Reload open paid pools"
        >
          <RefreshCw className={cn(pools.isFetching && 'animate-spin')} aria-hidden="true" />
        </Button>
      </div>
      <RefreshNotice failed={pools.isRefetchError} />
      {pools.isLoading ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading pools">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : pools.isLoadingError ? (
        <p className="text-sm text-destructive">The pools could not be loaded.</p>
      ) : !pools.data?.length ? (
        <p className="text-sm text-muted-foreground">No paid pool is open for sale right now. Type a pool id instead.</p>
      ) : (
        <ul className="grid gap-1.5" aria-labelledby={headingId}>
          {pools.data.map((p) => {
            const selected = selectedId.trim() === String(p.id)
            return (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => onPick(p)}
                  aria-pressed={selected}
                  aria-label={`Use pool ${p.id}: ${p.name}${p.game ? `, ${p.game.awayTeam} at ${p.game.homeTeam}` : ''}, ${formatEntryFee(p.entryFee)} a square`}
                  className={cn(
                    'grid w-full grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 rounded-md border bg-card px-3 py-2 text-left text-sm transition-colors outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    selected && 'border-emerald-500 bg-emerald-50 hover:bg-emerald-50',
                  )}
                >
                  <span className="font-mono text-xs font-bold text-muted-foreground">#{p.id}</span>
                  <span className="min-w-0">
                    <span className="block font-semibold">
                      {p.game ? `${teamInfo(p.game.awayTeam).abbreviation} @ ${teamInfo(p.game.homeTeam).abbreviation}` : p.name}
                      <span className="font-normal text-muted-foreground"> · {p.currentParticipants}/{p.maxParticipants} sold</span>
                    </span>
                    {p.game && (
                      <span className="flex items-center gap-1 truncate text-xs text-muted-foreground">
                        <CalendarClock className="size-3 shrink-0" aria-hidden="true" />
                        {formatDateTimeET(p.game.gameDate)}
                      </span>
                    )}
                  </span>
                  <span className="font-bold">{formatEntryFee(p.entryFee)}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
