import { ArrowDown, RefreshCw } from 'lucide-react'
import { cn } from '@/lib/utils'

export function PullIndicator({ pull, refreshing, progress }: { pull: number; refreshing: boolean; progress: number }) {
  if (pull <= 0 && !refreshing) return null
  return (
    <div className="pointer-events-none flex justify-center overflow-hidden" style={{ height: pull }} aria-live="polite">
      <div className="flex items-end pb-2 text-sm font-medium text-muted-foreground">
        {refreshing ? (
          <span className="flex items-center gap-2">
            <RefreshCw className="size-4 animate-spin" aria-hidden="true" /> Refreshing…
          </span>
        ) : (
          <span className="flex items-center gap-2">
            <ArrowDown className={cn('size-4 transition-transform', progress >= 1 && 'rotate-180')} aria-hidden="true" />
            {progress >= 1 ? 'Release to refresh' : 'Pull to refresh'}
          </span>
        )}
      </div>
    </div>
  )
}
