import { useState } from 'react'
import { Star } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { gameLabel } from '@/lib/game-label'
import type { Pool } from '@/lib/types'
import { weekLabel } from '../hooks/weeks'
import { PoolStatusBadge } from './pool-status-badge'

interface RowProps {
  pool: Pool
  selected: boolean
  onToggle: () => void
  onView: () => void
  onStatus: () => void
  onFeature: () => void
  onUnfeature: () => void
  onDelete: () => void
}

/** One pool of the list: select, view, open or hide, feature, delete (after a confirmation). */
export function PoolRow({ pool: p, selected, onToggle, onView, onStatus, onFeature, onUnfeature, onDelete }: RowProps) {
  const [confirming, setConfirming] = useState(false)
  const id = `pool-${p.id}`
  const deletable = (p.status === 'draft' || p.status === 'inactive') && p.currentParticipants === 0
  return (
    <li aria-label={`${p.name} #${p.id}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <input id={id} type="checkbox" className="size-4 accent-emerald-700" checked={selected} onChange={onToggle} />
      <label htmlFor={id} className="min-w-0 flex-1 basis-56">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {p.name} <span className="text-xs text-muted-foreground">#{p.id}</span>
          <PoolStatusBadge status={p.status} />
          {p.isFeatured && (
            <Badge variant="admin">
              <Star className="size-3" aria-hidden="true" /> Featured
            </Badge>
          )}
        </span>
        <span className="block truncate text-sm">{p.game ? gameLabel(p.game) : `Game ${p.gameId}`}</span>
        <span className="block text-sm text-muted-foreground">
          {p.game?.week ? `${weekLabel(p.game.week)} · ` : ''}
          {p.currentParticipants} / {p.maxParticipants} squares
        </span>
      </label>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm">Delete this pool?</span>
          <Button size="sm" variant="destructive" onClick={onDelete}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        <div className="flex w-full flex-wrap gap-2 sm:w-auto [&>button]:px-3 sm:[&>button]:min-w-20">
          <Button size="sm" variant="outline" onClick={onView}>
            View
          </Button>
          {(p.status === 'active' || p.status === 'inactive' || p.status === 'draft') && (
            <Button size="sm" variant="ghost" onClick={onStatus}>
              {p.status === 'active' ? 'Deactivate' : 'Activate'}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={p.isFeatured ? onUnfeature : onFeature}>
            {p.isFeatured ? 'Unfeature' : 'Feature'}
          </Button>
          <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setConfirming(true)} disabled={!deletable}
            title={deletable ? undefined : 'Only a draft or inactive pool without squares can be deleted'}>
            Delete
          </Button>
        </div>
      )}
    </li>
  )
}
