import { useMutation, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryTimes } from '@/lib/query-client'
import type { Game, Pool, PublicStats } from '@/lib/types'
import { queryKeys } from '@/lib/query-keys'
import type { AdminLoginResult } from './two-factor-api'
import type { ReadinessCheck } from '@/lib/api.gen'

export type { ReadinessCheck }

export function useAdminPools() {
  return useQuery<Pool[] | null>({ queryKey: queryKeys.pools.all, ...queryTimes.poolList })
}

export function usePublicStats() {
  return useQuery<PublicStats | null>({ queryKey: queryKeys.publicStats, ...queryTimes.stats })
}

export function useNflGames() {
  return useQuery<Game[] | null>({ queryKey: queryKeys.games.list({ leagueId: 1, includeAll: true }), staleTime: 5 * 60_000 })
}

/** What this server really has, checked again each time the dashboard opens. */
export function useReadiness() {
  return useQuery<ReadinessCheck[] | null>({ queryKey: queryKeys.admin.readiness, staleTime: 0, refetchOnMount: true })
}

export function useAdminLogin() {
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => api.post<AdminLoginResult>('/api/admin/login', body),
  })
}
