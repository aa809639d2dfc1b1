import { Link } from 'react-router'
import { CalendarClock, ChevronRight } from 'lucide-react'
import { Progress } from '@/components/ui/progress'
import { Matchup } from '@/components/pools/team-chip'
import { PoolStatusBadge } from '@/components/pools/pool-status-badge'
import { formatDateTimeET } from '@/lib/dates'
import { formatEntryFee, isFree } from '@/lib/money'
import type { Game, Pool } from '@/lib/types'
import { cn } from '@/lib/utils'

/** One game with its tier pools; each row links to /pool/{id}. */
export function GamePoolsCard({ game, pools }: { game: Game | null | undefined; pools: Pool[] }) {
  return (
    <article className="list-card overflow-hidden rounded-xl border bg-card shadow-sm" data-testid="game-card">
      <header className="flex flex-col gap-2 border-b bg-muted/40 px-4 py-3 sm:px-5">
        {game ? (
          <Matchup away={game.awayTeam} home={game.homeTeam} awayColor={game.awayTeamColor} homeColor={game.homeTeamColor} />
        ) : (
          <div className="font-bold">{pools[0]?.name}</div>
        )}
        <div className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarClock className="size-4" aria-hidden="true" />
          <span>{formatDateTimeET(game?.gameDate)}</span>
          {game?.week && <span className="ml-1 rounded bg-muted px-1.5 text-xs font-semibold">{game.week}</span>}
        </div>
      </header>
      <ul className="divide-y">
        {pools.map((p) => {
          const max = p.maxParticipants || 100
          const pct = Math.round((p.currentParticipants / max) * 100)
          const free = isFree(p.entryFee)
          return (
            <li key={p.id}>
              <Link
                to={`/pool/${p.id}`}
                data-testid="pool-card"
                className="group grid grid-cols-[4.5rem_1fr_auto] items-center gap-3 px-4 py-3 outline-none hover:bg-emerald-50/60 focus-visible:bg-emerald-50 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset sm:px-5"
              >
                {/* The link's name is its visible text (WCAG 2.5.3), with what the eye takes from the card's header. */}
                <span className="sr-only">
                  {p.name}
                  {game ? `, ${game.awayTeam} at ${game.homeTeam}` : ''},{' '}
                </span>
                <span
                  className={cn(
                    'rounded-md px-2 py-1 text-center text-sm font-extrabold',
                    free ? 'bg-sky-100 text-sky-800' : 'bg-lime-100 text-lime-900',
                  )}
                >
                  {formatEntryFee(p.entryFee)}
                </span>
                <span className="min-w-0">
                  <span className="mb-1 flex items-center justify-between gap-2 text-xs">
                    <span className="font-semibold">
                      Squares {p.currentParticipants} / {max}
                    </span>
                    <PoolStatusBadge pool={p} className="text-[0.65rem]" />
                  </span>
                  <Progress value={pct} className="h-1.5" aria-label={`${p.currentParticipants} of ${max} squares taken`} />
                </span>
                <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
              </Link>
            </li>
          )
        })}
      </ul>
    </article>
  )
}
