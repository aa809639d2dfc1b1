/** Four pool cards' shapes while a list of pools loads: each card one element (the card-skeleton utility). */
export function PoolGridSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading pools">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="card-skeleton animate-pulse rounded-xl border bg-card p-5" />
      ))}
    </div>
  )
}
