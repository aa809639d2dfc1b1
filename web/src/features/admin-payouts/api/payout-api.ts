import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { GameNameParts } from '@/lib/game-label'
import { queryKeys } from '@/lib/query-keys'

export type PayoutFilter = 'pending' | 'paid' | 'all'

/** A claimed prize for the operator to pay outside Squares (docs/api.md, GET /api/admin/payouts). */
export interface Payout {
  id: number
  poolId: number
  poolName: string
  /** The game of the prize's pool. */
  game?: (GameNameParts & { id: number; week?: string }) | null
  periodLabel: string
  /** Dollars as a decimal string, "225.00". */
  amount: string
  status: 'payout_pending' | 'paid' | (string & {})
  claimedAt: string | null
  paidAt: string | null
  userId: string
  firstName: string
  lastName: string
  email: string
}

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
