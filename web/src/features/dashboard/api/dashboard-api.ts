import { useQuery } from '@tanstack/react-query'
import { queryTimes } from '@/lib/query-client'
import type { Pool } from '@/lib/types'
import { queryKeys } from '@/lib/query-keys'

/** Pools players may see for a league (the server applies status and active-week rules). */
export function useAvailablePools(leagueId: string) {
  return useQuery<Pool[] | null>({ queryKey: queryKeys.pools.list({ leagueId }), ...queryTimes.poolList })
}

export function useUserPools(enabled: boolean) {
  return useQuery<Pool[] | null>({ queryKey: queryKeys.user.pools, enabled, ...queryTimes.userPools })
}
