import { useQuery } from '@tanstack/react-query'
import { queryTimes } from '@/lib/query-client'
import type { Pool } from '@/lib/types'

export const myPoolsKeys = {
  list: ['/api/user-pools'] as const,
}

export function useMyPools(enabled: boolean) {
  return useQuery<Pool[] | null>({ queryKey: myPoolsKeys.list, enabled, ...queryTimes.userPools })
}
