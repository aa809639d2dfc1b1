import { Badge } from '@/components/ui/badge'

const statusVariant: Record<string, 'completed' | 'available' | 'muted' | 'warning' | 'destructive' | 'live' | 'secondary'> = {
  active: 'available',
  draft: 'muted',
  inactive: 'warning',
  full: 'secondary',
  started: 'live',
  completed: 'completed',
  cancelled: 'destructive',
}

export function PoolStatusBadge({ status }: { status: string }) {
  return <Badge variant={statusVariant[status] ?? 'muted'}>{status || 'draft'}</Badge>
}
