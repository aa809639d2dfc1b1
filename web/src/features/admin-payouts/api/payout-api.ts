import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import type { PrizePayout as Payout } from '@/lib/api.gen'

export type { Payout }

export type PayoutFilter = 'pending' | 'paid' | 'all'

export function usePayouts(status: PayoutFilter) {
  return useQuery<Payout[] | null>({ queryKey: queryKeys.admin.payoutList(status), refetchInterval: 60_000, staleTime: 0, refetchOnMount: true })
}

/** POST /api/admin/payouts/{id}/paid: the operator has paid it. */
export function useMarkPayoutPaid() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post<Payout>(`/api/admin/payouts/${id}/paid`),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.admin.payouts }),
  })
}
