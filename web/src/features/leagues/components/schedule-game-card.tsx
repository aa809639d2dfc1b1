import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent } from '@/components/ui/card'
import { TeamMark } from '@/components/pools/team-chip'
import { formatDateTimeET } from '@/lib/dates'
import { gameStatusLabel } from '@/lib/game-status'
import type { ScheduleGame } from '../api/schedule-api'

const TONE = { SCHEDULED: 'scheduled', LIVE: 'live', COMPLETED: 'completed' } as const

/** One game of a schedule: week, status, away @ home, kickoff in ET, the score once both are known, and its pools. */
export function ScheduleGameCard({ game }: { game: ScheduleGame }) {
  const status = gameStatusLabel(game.status)
  const scored = game.homeScore != null && game.awayScore != null
  return (
    <Card data-testid="schedule-game">
      <CardContent className="flex flex-col gap-3 p-4 sm:p-4">
        <div className="flex items-center justify-between gap-2 text-xs font-semibold text-muted-foreground">
          <span>{game.weekLabel || game.week}</span>
          <Badge variant={TONE[status]}>{status}</Badge>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <div className="flex shrink-0 -space-x-1">
            <TeamMark name={game.away} color={game.awayColor} className="size-8 text-[0.6rem]" />
            <TeamMark name={game.home} color={game.homeColor} className="size-8 text-[0.6rem]" />
          </div>
          <div className="min-w-0 text-sm leading-tight font-bold">
            {game.away} <span className="font-semibold opacity-60">@</span> {game.home}
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
          <time dateTime={game.gameDate} className="text-muted-foreground">
            {formatDateTimeET(game.gameDate)}
          </time>
          {scored && (
            <span className="font-mono font-extrabold" aria-label={`Score ${game.awayAbbr} ${game.awayScore}, ${game.homeAbbr} ${game.homeScore}`}>
              {game.awayAbbr} {game.awayScore} – {game.homeScore} {game.homeAbbr}
            </span>
          )}
        </div>
        {game.venue && <div className="truncate text-xs text-muted-foreground">{game.venue}</div>}
        {game.pools.length > 0 && (
          <div className="flex flex-wrap gap-1.5 border-t pt-3" aria-label="Pools for this game">
            {game.pools.map((p) => (
              <Link
                key={p.id}
                to={`/pool/${p.id}`}
                className="rounded-full border px-2.5 py-1 text-xs font-semibold hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {p.name} · {p.currentParticipants}/100
              </Link>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  )
}
