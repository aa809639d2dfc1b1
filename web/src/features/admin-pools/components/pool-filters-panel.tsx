import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { TIER_FEES } from '@/lib/tiers'
import { STATUS_FILTERS, type PoolFilters, type usePoolManagement } from '../hooks/use-pool-management'
import { weekLabel } from '../hooks/weeks'
import { LabelledSelect } from './labelled-select'

/** League, Week, Team, Price Tier and Status. */
export function PoolFiltersPanel({ m }: { m: ReturnType<typeof usePoolManagement> }) {
  const f = (k: keyof PoolFilters) => (v: string) => m.setFilter(k, v)
  return (
    <Card className="mb-6">
      <CardContent className="grid gap-3 pt-5 sm:grid-cols-2 sm:pt-6 lg:grid-cols-[repeat(5,1fr)_auto] lg:items-end">
        <LabelledSelect id="filter-league" label="League" value={m.leagueId} onChange={(v) => m.chooseLeague(Number(v))}>
          {(m.leagues.length ? m.leagues : [{ id: m.leagueId, name: 'NFL', displayName: 'NFL' }]).map((l) => (
            <option key={l.id} value={l.id}>
              {l.displayName || l.name}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect id="filter-week" label="Week" value={m.filters.week} onChange={f('week')}>
          <option value="all">All weeks</option>
          {m.weeks.map((w) => (
            <option key={w} value={w}>
              {weekLabel(w)}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect id="filter-team" label="Team" value={m.filters.team} onChange={f('team')}>
          <option value="all">All teams</option>
          {m.teams.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect id="filter-tier" label="Price Tier" value={m.filters.tier} onChange={f('tier')}>
          <option value="all">All tiers</option>
          {TIER_FEES.map((fee) => (
            <option key={fee} value={fee}>
              {fee === '0.00' ? 'FREE' : `$${fee}`}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect id="filter-status" label="Status" value={m.filters.status} onChange={f('status')}>
          {STATUS_FILTERS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </LabelledSelect>
        <Button variant="ghost" onClick={m.clearFilters}>
          Clear Filters
        </Button>
      </CardContent>
    </Card>
  )
}
