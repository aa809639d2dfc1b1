import { CloudOff } from 'lucide-react'
import { cn } from '@/lib/utils'

export const REFRESH_FAILED_TEXT = "Couldn't refresh. Showing the last update."

/**
 * Says that a background refresh failed while the page keeps showing what it last read. TanStack Query
 * keeps a query's data when a refetch fails (`isRefetchError`); pages show their error state only for a
 * first read that failed (`isLoadingError`) and this notice otherwise. The live region is always in the
 * page, empty and out of the layout while all is well, so the change is announced politely when it comes.
 */
export function RefreshNotice({ failed, className }: { failed: boolean; className?: string }) {
  return (
    <p
      aria-live="polite"
      data-testid="refresh-notice"
      className={cn(failed ? 'flex items-center gap-1.5 text-xs font-medium text-amber-800' : 'sr-only', className)}
    >
      {failed && (
        <>
          <CloudOff className="size-3.5 shrink-0" aria-hidden="true" />
          {REFRESH_FAILED_TEXT}
        </>
      )}
    </p>
  )
}
