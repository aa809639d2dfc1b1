import { useQuery } from '@tanstack/react-query'
import { queryTimes } from '@/lib/query-client'
import { queryKeys } from '@/lib/query-keys'
import type { Pool, Square } from '@/lib/types'

// The printed sheet reads the pool and its squares under the shared keys, so that a sheet opened from the
// pool page starts from what that page already read, and re-reads them when it opens.

/** The pool (its teams, kickoff, digits and the server's payouts). */
export function usePrintPool(id: number, enabled: boolean) {
  return useQuery<Pool | null>({ queryKey: queryKeys.pools.detail(id), enabled, ...queryTimes.pool, refetchOnMount: true })
}

/** The pool's taken squares, with each owner's name. */
export function usePrintSquares(id: number, enabled: boolean) {
  return useQuery<Square[] | null>({ queryKey: queryKeys.pools.squares(id), enabled, ...queryTimes.pool, refetchOnMount: true })
}
