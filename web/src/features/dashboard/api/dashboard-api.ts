import { useQuery } from '@tanstack/react-query'
import { queryTimes } from '@/lib/query-client'
import type { Pool } from '@/lib/types'

export const dashboardKeys = {
  pools: (leagueId: string) => ['/api/pools', { leagueId }] as const,
  userPools: ['/api/user/pools'] as const,
}

/** Pools players may see for a league (the server applies status and active-week rules). */
export function useAvailablePools(leagueId: string) {
  return useQuery<Pool[] | null>({ queryKey: dashboardKeys.pools(leagueId), ...queryTimes.poolList })
}

export function useUserPools(enabled: boolean) {
  return useQuery<Pool[] | null>({ queryKey: dashboardKeys.userPools, enabled, ...queryTimes.userPools })
}
