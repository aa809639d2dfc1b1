import { useQuery } from '@tanstack/react-query'
import { queryTimes } from '@/lib/query-client'
import type { Game, Pool, PublicStats } from '@/lib/types'
import { queryKeys } from '@/lib/query-keys'

/** One line of the server's readiness checklist (GET /api/admin/readiness). */
export interface ReadinessCheck {
  key: string
  label: string
  ok: boolean
  detail: string
}

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
