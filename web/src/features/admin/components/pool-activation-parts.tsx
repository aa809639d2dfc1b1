import { Star } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTimeET } from '@/lib/dates'
import { gameLabel } from '@/lib/game-label'
import type { Pool } from '@/lib/types'
import { PoolStatusBadge } from './pool-admin-shared'

/** Counts of the week's pools: games, pools by status, the featured one. */
export function WeekSummary({ week, pools }: { week: string; pools: Pool[] }) {
  const count = (s: string) => pools.filter((p) => p.status === s).length
  const games = new Set(pools.map((p) => p.gameId)).size
  const featured = pools.find((p) => p.isFeatured)
  const items: [string, number | string][] = [
    ['Games', games],
    ['Pools', pools.length],
    ['Active', count('active')],
    ['Draft', count('draft')],
    ['Inactive', count('inactive')],
    ['Full or live', count('full') + count('started')],
  ]
  return (
    <Card className="mb-4">
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">{week} summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-3 sm:grid-cols-6" aria-label="Week summary">
          {items.map(([label, value]) => (
            <div key={label} className="rounded-md bg-muted/60 p-2 text-center">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-muted-foreground">
          Pool of the Week: {featured ? `${featured.name}, ${gameLabel(featured.game)}` : 'none this week'}
        </p>
      </CardContent>
    </Card>
  )
}

/** One pool of the week: select it, open or hide it, feature it. */
export function ActivationPoolCard({
  pool: p,
  selected,
  onToggle,
  onStatus,
  onFeature,
  onUnfeature,
}: {
  pool: Pool
  selected: boolean
  onToggle: () => void
  onStatus: () => void
  onFeature: () => void
  onUnfeature: () => void
}) {
  const id = `select-pool-${p.id}`
  const canToggle = p.status === 'active' || p.status === 'inactive' || p.status === 'draft'
  return (
    <li aria-label={`${p.name} #${p.id}`} className={`min-w-0 rounded-lg border bg-card p-4 ${selected ? 'ring-2 ring-emerald-600' : ''}`}>
      <div className="flex items-start gap-3">
        <input id={id} type="checkbox" className="mt-1 size-4 accent-emerald-700" checked={selected} onChange={onToggle} />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="flex flex-wrap items-center gap-2 font-semibold">
            {p.name}
            <PoolStatusBadge status={p.status} />
            {p.isFeatured && (
              <Badge variant="admin">
                <Star className="size-3" aria-hidden="true" /> Featured
              </Badge>
            )}
          </label>
          <p className="truncate text-sm">{p.game ? gameLabel(p.game) : `Game ${p.gameId}`}</p>
          <p className="text-sm text-muted-foreground">
            ${p.entryFee} · {p.currentParticipants} / {p.maxParticipants} squares
            {p.isFeatured && p.featuredUntil ? ` · featured until ${formatDateTimeET(p.featuredUntil)}` : ''}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {canToggle && (
          <Button size="sm" variant={p.status === 'active' ? 'outline' : 'default'} onClick={onStatus}>
            {p.status === 'active' ? 'Deactivate' : 'Activate'}
          </Button>
        )}
        {p.isFeatured ? (
          <Button size="sm" variant="ghost" onClick={onUnfeature}>
            Remove Featured
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={onFeature} disabled={p.status === 'cancelled' || p.status === 'completed'}>
            Set Featured
          </Button>
        )}
      </div>
    </li>
  )
}
