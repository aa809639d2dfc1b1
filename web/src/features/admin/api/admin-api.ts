import { useMutation, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryTimes } from '@/lib/query-client'
import type { Game, Pool, PublicStats, User } from '@/lib/types'

export const adminKeys = {
  pools: ['/api/pools'] as const,
  stats: ['/api/public/stats'] as const,
  nflGames: ['/api/games', { leagueId: 1, includeAll: true }] as const,
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

export function useAdminLogin() {
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => api.post<{ user: User }>('/api/admin/login', body),
  })
}
