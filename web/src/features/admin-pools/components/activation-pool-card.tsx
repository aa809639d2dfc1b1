import { Star } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDateTimeET } from '@/lib/dates'
import { gameLabel } from '@/lib/game-label'
import type { Pool } from '@/lib/types'
import { PoolStatusBadge } from './pool-status-badge'

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
