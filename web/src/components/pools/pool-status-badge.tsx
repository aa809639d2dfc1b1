import { Badge } from '@/components/ui/badge'
import { poolStatusBadge, featuredBadge } from '@/lib/game-status'
import type { Pool } from '@/lib/types'

export function PoolStatusBadge({ pool, className }: { pool: Pool; className?: string }) {
  const b = poolStatusBadge(pool)
  return (
    <Badge variant={b.tone} className={className}>
      {b.label}
    </Badge>
  )
}

export function FeaturedStatusBadge({ pool, className }: { pool: Pool; className?: string }) {
  const b = featuredBadge(pool)
  return (
    <Badge variant={b.tone} className={className}>
      {b.label}
    </Badge>
  )
}
