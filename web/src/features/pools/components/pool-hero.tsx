import { useNavigate } from 'react-router'
import { CalendarClock, Printer, Share2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { PoolStatusBadge } from '@/components/pools/pool-status-badge'
import { Matchup } from '@/components/pools/team-chip'
import { formatDateTimeET } from '@/lib/dates'
import type { Pool } from '@/lib/types'
import { sharePool } from './pool-page-states'

/** The pool page's header: name, status badge, teams, date and time, venue, Share, and Print (the sheet for the wall). */
export function PoolHero({ pool }: { pool: Pool }) {
  const game = pool.game
  const navigate = useNavigate()
  return (
    <section className="rounded-2xl bg-navy px-5 py-6 text-white shadow-lg sm:px-8">
      <div className="flex items-start justify-between gap-3 sm:gap-4">
        <div className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <h1 className="text-lg font-extrabold text-lime-300">{pool.name}</h1>
            <PoolStatusBadge pool={pool} />
          </div>
          {game ? <Matchup away={game.awayTeam} home={game.homeTeam} awayColor={game.awayTeamColor} homeColor={game.homeTeamColor} size="lg" /> : null}
          <p className="mt-3 flex items-center gap-2 text-sm text-white/75">
            <CalendarClock className="size-4 shrink-0" aria-hidden="true" /> {formatDateTimeET(game?.gameDate)}
            {game?.venue ? ` · ${game.venue}` : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            className="shrink-0 border-white/25 bg-transparent px-3 text-white hover:bg-white/10 hover:text-white sm:px-4"
            onClick={() => void sharePool(document.title)}
            aria-label="Share"
          >
            <Share2 aria-hidden="true" /> <span className="hidden sm:inline">Share</span>
          </Button>
          <Button
            variant="outline"
            className="shrink-0 border-white/25 bg-transparent px-3 text-white hover:bg-white/10 hover:text-white sm:px-4"
            onClick={() => void navigate(`/pools/${pool.id}/print`)}
            aria-label="Print"
          >
            <Printer aria-hidden="true" /> <span className="hidden sm:inline">Print</span>
          </Button>
        </div>
      </div>
    </section>
  )
}
