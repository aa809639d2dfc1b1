import { useQuery } from '@tanstack/react-query'
import { queryTimes } from '@/lib/query-client'
import type { Pool, Square } from '@/lib/types'
import { queryKeys } from '@/lib/query-keys'

export function useFeaturedPool() {
  return useQuery<Pool | null>({ queryKey: queryKeys.pools.featured, ...queryTimes.poolList })
}

export function usePoolSquares(poolId: number, enabled: boolean) {
  return useQuery<Square[] | null>({ queryKey: queryKeys.pools.squares(poolId), enabled, staleTime: 10_000 })
}
