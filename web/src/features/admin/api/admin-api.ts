import { useMutation, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryTimes } from '@/lib/query-client'
import type { Game, Pool, PublicStats, User } from '@/lib/types'

export const adminKeys = {
  pools: ['/api/pools'] as const,
  stats: ['/api/public/stats'] as const,
  nflGames: ['/api/games', { leagueId: 1, includeAll: true }] as const,
  readiness: ['/api/admin/readiness'] as const,
}

/** One line of the server's readiness checklist (GET /api/admin/readiness). */
export interface ReadinessCheck {
  key: string
  label: string
  ok: boolean
  detail: string
}

export function useAdminPools() {
  return useQuery<Pool[] | null>({ queryKey: adminKeys.pools, ...queryTimes.poolList })
}

export function usePublicStats() {
  return useQuery<PublicStats | null>({ queryKey: adminKeys.stats, ...queryTimes.stats })
}

export function useNflGames() {
  return useQuery<Game[] | null>({ queryKey: adminKeys.nflGames, staleTime: 5 * 60_000 })
}

/** What this server really has, checked again each time the dashboard opens. */
export function useReadiness() {
  return useQuery<ReadinessCheck[] | null>({ queryKey: adminKeys.readiness, staleTime: 0, refetchOnMount: true })
}

export function useAdminLogin() {
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => api.post<{ user: User }>('/api/admin/login', body),
  })
}
