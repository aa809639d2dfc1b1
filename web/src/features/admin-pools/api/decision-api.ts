import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { GameNameParts } from '@/lib/game-label'
import { queryKeys } from '@/lib/query-keys'

/** A pool's final decision 2 hours before kickoff, as the server would make it now (or made it). */
export interface PoolDecision {
  poolId: number
  /** The pool's name and game, so the operator knows what they act on. */
  poolName?: string
  game?: (GameNameParts & { id: number; week?: string }) | null
  action: 'cancel' | 'house_fill' | 'continue'
  reason: string
  participantsAffected: number
  houseSquaresNeeded: number
  /** Dollars as a decimal string, "175.00". */
  refundAmount: string
  dueAt: string
}

/** A decision as logged: made by the automation or an admin. */
export interface LoggedDecision extends PoolDecision {
  decidedAt: string
  decidedBy: 'automation' | 'admin'
}

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
    mutationFn: () => api.post<{ decisions: PoolDecision[]; error?: string }>('/api/admin/automation/run'),
    onSuccess,
  })
}
