import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { AutomationRun, LoggedDecision, PoolDecision } from '@/lib/api.gen'

export type { LoggedDecision, PoolDecision }

/** Pools whose decision is due or falls within the next 24 hours; refreshed every 30 s. */
export function useCancellationAnalysis() {
  return useQuery<PoolDecision[] | null>({ queryKey: queryKeys.admin.cancellationAnalysis, refetchInterval: 30_000, staleTime: 0, refetchOnMount: true })
}

/** The decisions made, latest first; refreshed every 30 s. */
export function useDecisionLog() {
  return useQuery<LoggedDecision[] | null>({ queryKey: queryKeys.admin.decisions, refetchInterval: 30_000, staleTime: 0, refetchOnMount: true })
}

function useRefreshAfter() {
  const qc = useQueryClient()
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.admin.cancellationAnalysis })
    void qc.invalidateQueries({ queryKey: queryKeys.admin.decisions })
    void qc.invalidateQueries({ queryKey: queryKeys.pools.all })
  }
}

export function useCancelPool() {
  const onSuccess = useRefreshAfter()
  return useMutation({
    mutationFn: ({ poolId, reason }: { poolId: number; reason: string }) => api.post(`/api/admin/pools/${poolId}/cancel`, { reason }),
    onSuccess,
  })
}

export function useHouseFill() {
  const onSuccess = useRefreshAfter()
  return useMutation({
    mutationFn: ({ poolId, squaresNeeded }: { poolId: number; squaresNeeded: number }) =>
      api.post(`/api/admin/pools/${poolId}/house-fill`, { squaresNeeded }),
    onSuccess,
  })
}

export function useRunAutomation() {
  const onSuccess = useRefreshAfter()
  return useMutation({
    mutationFn: () => api.post<AutomationRun>('/api/admin/automation/run'),
    onSuccess,
  })
}
