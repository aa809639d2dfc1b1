import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { AdminStats, PoolsActivated } from '@/lib/api.gen'

export type { AdminStats }

/** The admin figures, fresh for 30 s (spec section 9). */
export function useAdminStats() {
  return useQuery<AdminStats | null>({ queryKey: queryKeys.admin.stats, staleTime: 30_000, refetchOnMount: true })
}

/** LAUNCH 2025 SEASON: every draft pool goes live at once. */
export function useActivateSeason() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<PoolsActivated>('/api/admin/activate-season'),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.stats })
      void qc.invalidateQueries({ queryKey: queryKeys.pools.all })
    },
  })
}
