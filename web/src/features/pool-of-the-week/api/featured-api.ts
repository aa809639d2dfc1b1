import { useQuery } from '@tanstack/react-query'
import { queryTimes } from '@/lib/query-client'
import type { Pool, Square } from '@/lib/types'

export const featuredKeys = {
  featured: ['/api/pools', 'featured'] as const,
  squares: (poolId: number) => ['/api/pools', poolId, 'squares'] as const,
}

export function useFeaturedPool() {
  return useQuery<Pool | null>({ queryKey: featuredKeys.featured, ...queryTimes.poolList })
}

export function usePoolSquares(poolId: number, enabled: boolean) {
  return useQuery<Square[] | null>({ queryKey: featuredKeys.squares(poolId), enabled, staleTime: 10_000 })
}
