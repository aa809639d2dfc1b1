import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { GameNameParts } from '@/lib/game-label'
import { queryKeys } from '@/lib/query-keys'

/** An escrow step that keeps failing (GET /api/admin/escrow/failures). */
export interface EscrowFailure {
  paymentId: string
  poolId: number
  /** The pool's name and game. */
  poolName?: string
  game?: (GameNameParts & { id: number; week?: string }) | null
  userId: number
  status: string
  /** expire, capture, unwind or settle. */
  action: string
  attempts: number
  lastError: string
  nextAttemptAt: string
}

export function useEscrowFailures() {
  return useQuery<EscrowFailure[] | null>({ queryKey: queryKeys.admin.escrowFailures, refetchInterval: 60_000, staleTime: 0, refetchOnMount: true })
}

/** Runs a failing step now; answers the step as it stands afterwards, or resolved. */
export function useRetryEscrow() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (paymentId: string) =>
      api.post<EscrowFailure | { paymentId: string; resolved: true }>(`/api/admin/escrow/failures/${encodeURIComponent(paymentId)}/retry`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.admin.escrowFailures }),
  })
}
