import { Link } from 'react-router'
import { CalendarClock, ChevronRight, Grid3x3 } from 'lucide-react'
import { Progress } from '@/components/ui/progress'
import { Matchup } from '@/components/pools/team-chip'
import { PoolStatusBadge } from '@/components/pools/pool-status-badge'
import { formatDateTimeET } from '@/lib/dates'
import { formatEntryFee, isFree } from '@/lib/money'
import type { Pool } from '@/lib/types'
import { cn } from '@/lib/utils'

/** One pool in a list: teams, kickoff (ET), entry fee or FREE, squares taken x/100 and status. Links to /pool/{id}. */
export function PoolListItem({ pool, extra }: { pool: Pool; extra?: React.ReactNode }) {
  const max = pool.maxParticipants || 100
  const pct = Math.round((pool.currentParticipants / max) * 100)
  const free = isFree(pool.entryFee)
  return (
    <Link
      to={`/pool/${pool.id}`}
      data-testid="pool-card"
      className="list-card group block rounded-xl border bg-card p-4 shadow-sm transition-all outline-none hover:-translate-y-0.5 hover:border-emerald-300 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <span
              className={cn(
                'rounded-md px-2 py-0.5 text-sm font-extrabold',
                free ? 'bg-sky-100 text-sky-800' : 'bg-lime-100 text-lime-900',
              )}
            >
              {formatEntryFee(pool.entryFee)}
            </span>
            <span className="truncate text-sm font-semibold text-muted-foreground">{pool.name}</span>
            <PoolStatusBadge pool={pool} />
          </div>
          {pool.game ? (
            <Matchup away={pool.game.awayTeam} home={pool.game.homeTeam} awayColor={pool.game.awayTeamColor} homeColor={pool.game.homeTeamColor} />
          ) : (
            <div className="font-bold">{pool.name}</div>
          )}
          <div className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarClock className="size-4" aria-hidden="true" />
            <span>{formatDateTimeET(pool.game?.gameDate)}</span>
          </div>
        </div>
        <ChevronRight className="mt-1 size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
      </div>
      <div className="mt-4">
        <div className="mb-1.5 flex items-center justify-between text-sm">
          <span className="flex items-center gap-1.5 font-medium">
            <Grid3x3 className="size-4 text-emerald-700" aria-hidden="true" />
            Squares {pool.currentParticipants} / {max}
          </span>
          <span className="text-muted-foreground">{pct}% filled</span>
        </div>
        <Progress value={pct} aria-label={`${pool.currentParticipants} of ${max} squares taken`} />
      </div>
      {extra}
    </Link>
  )
}
