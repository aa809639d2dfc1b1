import { useState } from 'react'
import { CalendarX2, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { EmptyState } from '@/components/pools/empty-state'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useNflSchedule, useNflSeasons, type ScheduleGame } from '../api/schedule-api'
import { ALL, filterGames, noFilter, weeksOf } from '../hooks/schedule-filters'
import { ScheduleGameCard } from './schedule-game-card'

/** /nfl-schedule: the NFL games of the season the server has (the current one first, any other on request). */
export function NflSchedulePage() {
  useDocumentMeta({ title: 'NFL Schedule', canonicalPath: '/nfl-schedule' })
  const seasons = useNflSeasons()
  const [chosen, setChosen] = useState<number | null>(null)
  const list = seasons.data?.seasons ?? []
  const season = chosen ?? seasons.data?.current ?? null
  const schedule = useNflSchedule(season)
  const [week, setWeek] = useState(ALL)
  const loading = seasons.isLoading || schedule.isLoading
  const failed = seasons.error ?? schedule.error

  return (
    <PageContainer>
      <PageHeader
        eyebrow="NFL"
        title={season ? `${season} NFL Schedule` : 'NFL Schedule'}
        description="Kickoff times in Eastern time."
        actions={
          <>
            {list.length > 1 && (
              <div className="flex items-center gap-2">
                <Label htmlFor="nfl-season">Season</Label>
                <NativeSelect
                  id="nfl-season"
                  className="w-28"
                  value={season ?? ''}
                  onChange={(e) => {
                    setChosen(Number(e.target.value))
                    setWeek(ALL)
                  }}
                >
                  {list.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            )}
            <Button variant="outline" onClick={() => void (season ? schedule.refetch() : seasons.refetch())} disabled={schedule.isFetching || seasons.isFetching}>
              <RefreshCw className={schedule.isFetching ? 'animate-spin' : undefined} aria-hidden="true" /> Refresh
            </Button>
          </>
        }
      />
      {failed && (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription>The schedule could not be loaded. Please try again later.</AlertDescription>
        </Alert>
      )}
      {loading ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading schedule" />
        </div>
      ) : season === null ? (
        !failed && <EmptyState icon={CalendarX2} title="No NFL Schedule Yet" description="No NFL games have been added yet. Check back soon." />
      ) : (
        <SeasonGames season={season} games={schedule.data ?? []} week={week} onWeek={setWeek} />
      )}
    </PageContainer>
  )
}

function SeasonGames({ season, games, week, onWeek }: { season: number; games: ScheduleGame[]; week: string; onWeek: (w: string) => void }) {
  const weeks = weeksOf(games)
  const shown = filterGames(games, { ...noFilter, week })
  const count = `${shown.length} ${shown.length === 1 ? 'game' : 'games'}`
  return (
    <>
      {weeks.length > 0 && (
        <div role="group" aria-label="Week" className="-mx-4 mb-3 flex gap-1.5 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
          {[{ week: ALL, label: 'All Weeks' }, ...weeks].map((w) => (
            <Button key={w.week} size="sm" className="shrink-0" variant={week === w.week ? 'default' : 'outline'} aria-pressed={week === w.week} onClick={() => onWeek(w.week)}>
              {w.label}
            </Button>
          ))}
        </div>
      )}
      <p className="mb-4 text-sm font-semibold text-muted-foreground" data-testid="schedule-count" aria-live="polite">
        Showing {count}
      </p>
      {shown.length === 0 ? (
        <EmptyState icon={CalendarX2} title="No Games Found" description={`No games of the ${season} season to show yet.`} />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((g) => (
            <ScheduleGameCard key={g.id} game={g} />
          ))}
        </div>
      )}
    </>
  )
}
