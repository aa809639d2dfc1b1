import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { EscrowFailure, EscrowResolved } from '@/lib/api.gen'

export type { EscrowFailure }

export function useEscrowFailures() {
  return useQuery<EscrowFailure[] | null>({ queryKey: queryKeys.admin.escrowFailures, refetchInterval: 60_000, staleTime: 0, refetchOnMount: true })
}

/** Runs a failing step now; answers the step as it stands afterwards, or resolved. */
export function useRetryEscrow() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (paymentId: string) =>
      api.post<EscrowFailure | EscrowResolved>(`/api/admin/escrow/failures/${encodeURIComponent(paymentId)}/retry`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.admin.escrowFailures }),
  })
}
