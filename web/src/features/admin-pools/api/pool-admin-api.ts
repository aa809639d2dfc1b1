import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { Game, Pool, Square } from '@/lib/types'
import type { BulkStatus, EmergencyPools as EmergencyAnswer, PoolsActivated, Refusal } from '@/lib/api.gen'

export type { EmergencyAnswer, Refusal }

export interface WeekFilter {
  leagueId: number
  week: string
}

/** Every pool of a league's week, drafts and hidden pools included (the Activation Center). */
export function useWeekPools({ leagueId, week }: WeekFilter) {
  return useQuery<Pool[] | null>({
    queryKey: queryKeys.admin.pools({ leagueId, week }),
    enabled: week !== '',
    staleTime: 0,
    refetchOnMount: true,
  })
}

/** Every game of a league, past ones included (weeks for the selectors, games for the create form). */
export function useLeagueGames(leagueId: number) {
  return useQuery<Game[] | null>({ queryKey: queryKeys.admin.simpleGames(leagueId), staleTime: 30_000, refetchOnMount: true })
}

/** Every pool of a league (Pool Management). */
export function useLeaguePools(leagueId: number) {
  return useQuery<Pool[] | null>({ queryKey: queryKeys.admin.simplePools(leagueId), staleTime: 0, refetchOnMount: true })
}

export function usePoolSquares(poolId: number | null) {
  return useQuery<Square[] | null>({
    queryKey: queryKeys.pools.squares(poolId ?? 0),
    enabled: poolId !== null,
    staleTime: 0,
    refetchOnMount: true,
  })
}

/** After any pool change: the admin lists, the players' lists and the counts. */
function useInvalidatePools() {
  const qc = useQueryClient()
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.admin.all })
    void qc.invalidateQueries({ queryKey: queryKeys.admin.simplePoolsAll })
    void qc.invalidateQueries({ queryKey: queryKeys.pools.all })
    void qc.invalidateQueries({ queryKey: queryKeys.publicStats })
  }
}

function usePoolMutation<V, R>(fn: (v: V) => Promise<R>) {
  const onSettled = useInvalidatePools()
  return useMutation({ mutationFn: fn, onSettled })
}

export const usePoolAdmin = () => ({
  create: usePoolMutation((b: { name: string; entryFee: string; gameId: number; gameInfo: Record<string, unknown> | null }) =>
    api.post<Pool>('/api/simple-pools', b),
  ),
  remove: usePoolMutation((id: number) => api.del(`/api/simple-pools/${id}`)),
  setStatus: usePoolMutation(({ id, status }: { id: number; status: string }) => api.patch<Pool>(`/api/simple-pools/${id}/status`, { status })),
  activate: usePoolMutation((poolIds: number[]) => api.post<BulkStatus>('/api/admin/pools/activate-multiple', { poolIds })),
  deactivate: usePoolMutation((poolIds: number[]) => api.post<BulkStatus>('/api/admin/pools/deactivate-multiple', { poolIds })),
  activateWeek: usePoolMutation((f: WeekFilter) => api.post<PoolsActivated>('/api/admin/bulk-activate', f)),
  createMissing: usePoolMutation((f: WeekFilter) => api.post<EmergencyAnswer>('/api/admin/emergency-pools', f)),
  feature: usePoolMutation(({ id, featuredReason, featuredUntil }: { id: number; featuredReason: string; featuredUntil: string }) =>
    api.post<Pool>(`/api/admin/pools/${id}/feature`, { featuredReason, featuredUntil }),
  ),
  unfeature: usePoolMutation((id: number) => api.post<Pool>(`/api/admin/pools/${id}/unfeature`)),
})
