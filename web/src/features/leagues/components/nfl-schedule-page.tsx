import { useState } from 'react'
import { CalendarX2, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { EmptyState } from '@/components/pools/empty-state'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { NFL_SEASON, useNflSchedule } from '../api/schedule-api'
import { ALL, filterGames, noFilter, weeksOf } from '../hooks/schedule-filters'
import { ScheduleGameCard } from './schedule-game-card'

export function NflSchedulePage() {
  useDocumentMeta({ title: 'NFL Schedule', canonicalPath: '/nfl-schedule' })
  const { data, isLoading, isFetching, error, refetch } = useNflSchedule()
  const [week, setWeek] = useState(ALL)
  const games = data ?? []
  const weeks = weeksOf(games)
  const shown = filterGames(games, { ...noFilter, week })
  const count = `${shown.length} ${shown.length === 1 ? 'game' : 'games'}`

  return (
    <PageContainer>
      <PageHeader
        eyebrow={`${NFL_SEASON} season`}
        title="NFL Schedule"
        description="Kickoff times in Eastern time."
        actions={
          <Button variant="outline" onClick={() => refetch()} disabled={isFetching}>
            <RefreshCw className={isFetching ? 'animate-spin' : undefined} aria-hidden="true" /> Refresh
          </Button>
        }
      />
      {error && (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription>The schedule could not be loaded. Please try again later.</AlertDescription>
        </Alert>
      )}
      {isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading schedule" />
        </div>
      ) : (
        <>
          <div role="group" aria-label="Week" className="-mx-4 mb-3 flex gap-1.5 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
            {[{ week: ALL, label: 'All Weeks' }, ...weeks].map((w) => (
              <Button key={w.week} size="sm" className="shrink-0" variant={week === w.week ? 'default' : 'outline'} aria-pressed={week === w.week} onClick={() => setWeek(w.week)}>
                {w.label}
              </Button>
            ))}
          </div>
          <p className="mb-4 text-sm font-semibold text-muted-foreground" data-testid="schedule-count" aria-live="polite">
            Showing {count}
          </p>
          {shown.length === 0 ? (
            <EmptyState icon={CalendarX2} title="No Games Found" description={`No ${NFL_SEASON} games have been imported yet.`} />
          ) : (
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((g) => (
                <ScheduleGameCard key={g.id} game={g} />
              ))}
            </div>
          )}
        </>
      )}
    </PageContainer>
  )
}
