import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { PoolRulesList } from '@/components/rules/pool-rules'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTimeET } from '@/lib/dates'
import { queryKeys } from '@/lib/query-keys'
import type { Pool } from '@/lib/types'

/** How to Play opened for one pool (?pool=31): that pool's rules first, with the way back to it. */
export function PoolRulesSection({ poolId }: { poolId: number }) {
  const { data: pool, isLoading, isError } = useQuery<Pool | null>({ queryKey: queryKeys.pools.detail(poolId) })
  return (
    <section aria-labelledby="pool-rules-h" className="rounded-xl border border-violet-200 bg-violet-50/40 p-5 shadow-sm">
      <h2 id="pool-rules-h" className="mb-1 text-xl font-extrabold">
        Rules of this pool
      </h2>
      {isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : isError || !pool ? (
        <p className="text-sm text-muted-foreground">
          This pool cannot be shown: it does not exist, or it is private and you are not one of its players. The general rules follow.
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            <strong className="text-foreground">{pool.name}</strong>
            {pool.game ? ` · ${pool.game.awayTeam} @ ${pool.game.homeTeam}, ${formatDateTimeET(pool.game.gameDate)}` : ''}
          </p>
          <PoolRulesList pool={pool} />
          <Link to={`/pool/${pool.id}`} className="mt-4 inline-flex items-center gap-1 text-sm font-semibold underline">
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to the pool
          </Link>
        </>
      )}
    </section>
  )
}
