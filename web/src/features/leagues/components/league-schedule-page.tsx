import { useParams } from 'react-router'
import { CalendarX2, Search, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { EmptyState } from '@/components/pools/empty-state'
import { ApiError } from '@/lib/api'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useLeagueSchedule } from '../api/schedule-api'
import { ALL, useScheduleFilters } from '../hooks/schedule-filters'
import { ScheduleGameCard } from './schedule-game-card'

function SummaryStrip({ summary }: { summary: { totalGames: number; weeks: number; teams: number; filtered: number } }) {
  const items = [
    ['Total games', summary.totalGames],
    ['Weeks', summary.weeks],
    ['Teams', summary.teams],
    ['Filtered results', summary.filtered],
  ] as const
  return (
    <dl data-testid="schedule-summary" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border bg-card p-3">
          <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
          <dd className="text-xl font-extrabold">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function LeagueSchedulePage() {
  const { league = '' } = useParams()
  const code = league.toUpperCase()
  useDocumentMeta({ title: `${code} Complete Schedule`, canonicalPath: `/schedule/${league.toLowerCase()}` })
  const { data, isLoading, error } = useLeagueSchedule(league)
  const f = useScheduleFilters(data ?? [])
  const title = `${code} Complete Schedule`

  if (isLoading)
    return (
      <PageContainer>
        <PageHeader title={title} />
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading schedule" />
        </div>
      </PageContainer>
    )

  if (error instanceof ApiError && error.status === 404)
    return (
      <PageContainer>
        <EmptyState icon={CalendarX2} title="League Not Found" description="The requested league schedule is not available." />
      </PageContainer>
    )

  return (
    <PageContainer>
      <PageHeader title={title} description={`${data?.[0] ? `The ${data[0].season} season. ` : ''}Kickoff times in Eastern time.`} />
      {error && (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription>The schedule could not be loaded. Please try again later.</AlertDescription>
        </Alert>
      )}
      <div className="mb-4 grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto] lg:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="schedule-week">Week</Label>
          <NativeSelect id="schedule-week" value={f.filter.week} onChange={(e) => f.setWeek(e.target.value)}>
            <option value={ALL}>All weeks</option>
            {f.weeks.map((w) => (
              <option key={w.week} value={w.week}>
                {w.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="schedule-team">Team</Label>
          <NativeSelect id="schedule-team" value={f.filter.team} onChange={(e) => f.setTeam(e.target.value)}>
            <option value={ALL}>All teams</option>
            {f.teams.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="schedule-search">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 opacity-60" aria-hidden="true" />
            <Input id="schedule-search" type="search" className="pl-9" placeholder="Team or week" value={f.filter.text} onChange={(e) => f.setText(e.target.value)} />
          </div>
        </div>
        <Button variant="outline" onClick={f.clear} disabled={!f.isFiltered} className="sm:col-span-2 lg:col-span-1">
          <X aria-hidden="true" /> Clear Filters
        </Button>
      </div>
      <div className="mb-6">
        <SummaryStrip summary={f.summary} />
      </div>
      {f.groups.length === 0 ? (
        <EmptyState icon={CalendarX2} title="No Games Found" description="No games match your current filters. Try adjusting your search criteria." />
      ) : (
        <div className="grid gap-8">
          {f.groups.map((g) => (
            <section key={g.week} aria-labelledby={`week-${g.week}`} data-testid="schedule-week">
              <h2 id={`week-${g.week}`} className="mb-3 flex items-baseline gap-2 text-lg font-extrabold">
                {g.label}
                <span className="text-sm font-semibold text-muted-foreground">
                  {g.games.length} {g.games.length === 1 ? 'game' : 'games'}
                </span>
              </h2>
              <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {g.games.map((game) => (
                  <ScheduleGameCard key={game.id} game={game} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </PageContainer>
  )
}
