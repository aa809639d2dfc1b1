import { PoolGridSkeleton } from './pool-grid-skeleton'

/** A list's shape while it loads: its heading and four pool cards. */
function ListSkeleton() {
  return (
    <div>
      <div className="mb-3 h-7 w-48 animate-pulse rounded-md bg-muted" />
      <PoolGridSkeleton label={null} />
    </div>
  )
}

/**
 * The dashboard's body before its first answers, as shapes: the three figures, the player's pools (`mine`)
 * and the pools open. Few elements: the first answers take it out of the page whole, and under Lighthouse's
 * trace, which records a script's stack for each element taken out, the full body with its figures and
 * headings had made that a 49 ms task.
 */
export function DashboardSkeleton({ mine }: { mine: boolean }) {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading pools">
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-[7.7rem] animate-pulse rounded-xl border bg-card sm:h-[5.75rem]" />
        ))}
      </div>
      {mine && <ListSkeleton />}
      <ListSkeleton />
    </div>
  )
}
