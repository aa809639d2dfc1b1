import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'

export type PayoutFilter = 'pending' | 'paid' | 'all'

export const payoutKeys = {
  list: (status: PayoutFilter) => ['/api/admin/payouts', { status }] as const,
  all: ['/api/admin/payouts'] as const,
}

/** A claimed prize for the operator to pay outside Squares (docs/api.md, GET /api/admin/payouts). */
export interface Payout {
  id: number
  poolId: number
  poolName: string
  periodLabel: string
  /** Dollars as a decimal string, "225.00". */
  amount: string
  status: 'payout_pending' | 'paid' | string
  claimedAt: string | null
  paidAt: string | null
  userId: string
  firstName: string
  lastName: string
  email: string
}

export function usePayouts(status: PayoutFilter) {
  return useQuery<Payout[] | null>({ queryKey: payoutKeys.list(status), refetchInterval: 60_000, staleTime: 0, refetchOnMount: true })
}

/** POST /api/admin/payouts/{id}/paid: the operator has paid it. */
export function useMarkPayoutPaid() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post<Payout>(`/api/admin/payouts/${id}/paid`),
    onSettled: () => qc.invalidateQueries({ queryKey: payoutKeys.all }),
  })
}
