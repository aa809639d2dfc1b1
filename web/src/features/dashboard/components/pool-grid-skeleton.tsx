/**
 * Four pool cards' shapes while a list of pools loads: each card one element (the card-skeleton utility).
 * Labelled as loading unless `label` is null: a part of a larger placeholder (DashboardSkeleton) that is.
 */
export function PoolGridSkeleton({ label = 'Loading pools' }: { label?: string | null }) {
  return (
    <div className="grid gap-4 md:grid-cols-2" {...(label === null ? {} : { 'aria-busy': true, 'aria-label': label })}>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="card-skeleton animate-pulse rounded-xl border bg-card p-5" />
      ))}
    </div>
  )
}
