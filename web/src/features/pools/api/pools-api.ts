import { useQuery } from '@tanstack/react-query'
import { queryTimes } from '@/lib/query-client'
import type { Pool } from '@/lib/types'

export const poolKeys = {
  all: ['/api/pools'] as const,
  detail: (id: number) => ['/api/pools', id] as const,
  squares: (id: number) => ['/api/pools', id, 'squares'] as const,
}

export function usePool(id: number, enabled: boolean) {
  return useQuery<Pool | null>({ queryKey: poolKeys.detail(id), enabled, ...queryTimes.pool })
}
