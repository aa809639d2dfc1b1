import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { Game, League, Pool } from '@/lib/types'
import type { ScoreUpdate as ScoreResult } from '@/lib/api.gen'

export type { ScoreResult }

// The management console's calls: leagues, games, pool status and refunds, and score entry.

export function useConsoleLeagues() {
  return useQuery<League[] | null>({ queryKey: queryKeys.leagues.all, staleTime: 60_000 })
}

/** Every game of every league (includeAll), for the console's list and score entry. */
export function useConsoleGames() {
  return useQuery<Game[] | null>({ queryKey: queryKeys.games.list({ includeAll: true }), staleTime: 30_000, refetchOnMount: true })
}

/**
 * Every pool, whatever its status or week, private pools included: GET /api/admin/pools (a player route
 * shows admins no one's private pool).
 */
export function useConsolePools() {
  return useQuery<Pool[] | null>({ queryKey: queryKeys.admin.pools({}), staleTime: 30_000, refetchInterval: 30_000, refetchOnMount: true })
}

function useInvalidate() {
  const qc = useQueryClient()
  return (...keys: readonly (readonly unknown[])[]) => {
    for (const queryKey of keys) void qc.invalidateQueries({ queryKey })
  }
}

export interface NewLeague {
  name: string
  displayName: string
  sport: string
  isActive: boolean
}

export function useCreateLeague() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: NewLeague) => api.post<League>('/api/leagues', body),
    onSuccess: () => invalidate(queryKeys.leagues.all),
  })
}

export interface NewGame {
  leagueId: number
  homeTeam: string
  awayTeam: string
  homeTeamColor: string
  awayTeamColor: string
  /** datetime-local value, read as Eastern time by the server. */
  gameDate: string
  week?: string
  status: 'scheduled'
  homeScore: 0
  awayScore: 0
  quarter: 0
}

export function useCreateGame() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (body: NewGame) => api.post<Game>('/api/games', body),
    // A new game comes with its five draft pools.
    onSuccess: () => invalidate(queryKeys.games.all, queryKeys.pools.all, queryKeys.admin.poolsAll, queryKeys.admin.stats),
  })
}

export function useSetPoolStatus() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string }) => api.patch<Pool>(`/api/pools/${id}`, { status }),
    onSuccess: () => invalidate(queryKeys.pools.all, queryKeys.admin.poolsAll, queryKeys.admin.stats),
  })
}

export function useRefundPool() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/pools/${id}/refund`),
    onSuccess: () => invalidate(queryKeys.pools.all, queryKeys.admin.poolsAll, queryKeys.admin.stats),
  })
}

export interface ScoreEntry {
  homeScore: number
  awayScore: number
  quarter: number
  status: string
  correction: boolean
}

/** The manual feed: an admin enters a game's running score. */
export function useEnterScore() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ gameId, ...body }: ScoreEntry & { gameId: number }) => api.post<ScoreResult>(`/api/admin/games/${gameId}/score`, body),
    onSuccess: () => invalidate(queryKeys.games.all, queryKeys.pools.all, queryKeys.admin.poolsAll, queryKeys.admin.stats),
  })
}
