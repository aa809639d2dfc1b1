import { RefreshCw } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api'
import { cn } from '@/lib/utils'
import { useLiveGames, type GameDetails } from '../api/score-feed-api'

/** Our live games (GET /api/live-games) with their scores and ended periods; each can be picked when onPick is given. */
export function LiveGamesList({ actionLabel, onPick }: { actionLabel: string; onPick?: (game: GameDetails) => void }) {
  const games = useLiveGames()
  return (
    <Card className="min-w-0">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Live games</CardTitle>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => void games.refetch()}
            disabled={games.isFetching}
            aria-label="Reload live games"
          >
            <RefreshCw className={cn(games.isFetching && 'animate-spin')} aria-hidden="true" />
          </Button>
        </div>
        <CardDescription>
          <code className="text-xs">GET /api/live-games</code>, every 15 s.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {games.isLoading ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading live games">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : games.isError ? (
          <p className="text-sm text-destructive">The live games could not be loaded: {errorMessage(games.error, games.error.message)}</p>
        ) : !games.data?.length ? (
          <p className="text-sm text-muted-foreground">No game is live right now.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Live games">
            {games.data.map((g) => (
              <li key={g.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">
                    {g.awayTeam} @ {g.homeTeam}
                  </span>
                  <Badge variant="live">LIVE</Badge>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono" data-testid={`live-score-${g.id}`}>
                    Away {g.awayScore ?? 0} - Home {g.homeScore ?? 0} · Q{g.quarter || 1} · game {g.id}
                  </span>
                  {onPick && (
                    <Button type="button" size="sm" variant="outline" onClick={() => onPick(g)} aria-label={`${actionLabel} game ${g.id}`}>
                      {actionLabel}
                    </Button>
                  )}
                </div>
                {g.periods.length > 0 && (
                  <p className="text-xs text-muted-foreground">
                    {g.periods.map((p) => `${p.periodLabel} ${p.awayScore}-${p.homeScore}`).join(' · ')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
