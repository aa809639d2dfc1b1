import { useQuery } from '@tanstack/react-query'
import { queryTimes } from '@/lib/query-client'
import type { Pool } from '@/lib/types'
import { queryKeys } from '@/lib/query-keys'
import type { ReadinessCheck } from '@/lib/api.gen'

export type { ReadinessCheck }

/** Every pool the player list shows, for the Command Center's latest pools. */
export function useAdminPools() {
  return useQuery<Pool[] | null>({ queryKey: queryKeys.pools.all, ...queryTimes.poolList })
}

/** What this server really has, checked again each time the dashboard opens. */
export function useReadiness() {
  return useQuery<ReadinessCheck[] | null>({ queryKey: queryKeys.admin.readiness, staleTime: 0, refetchOnMount: true })
}
