import { Skeleton } from '@/components/ui/skeleton'

/** Four pool cards' shapes while a list of pools loads. */
export function PoolGridSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading pools">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="rounded-xl border bg-card p-5">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="mt-3 h-6 w-3/4" />
          <Skeleton className="mt-2 h-4 w-1/2" />
          <Skeleton className="mt-5 h-2 w-full" />
        </div>
      ))}
    </div>
  )
}
