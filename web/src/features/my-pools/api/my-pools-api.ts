import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryTimes } from '@/lib/query-client'
import type { ClaimedPrize, Pool } from '@/lib/types'
import { queryKeys } from '@/lib/query-keys'
import type { PaymentStatus, Transaction, TransactionKind, UserPayment } from '@/lib/api.gen'

export type { PaymentStatus, Transaction, TransactionKind, UserPayment }

export function useMyPools(enabled: boolean) {
  return useQuery<Pool[] | null>({ queryKey: queryKeys.user.myPools, enabled, ...queryTimes.userPools })
}

// Money moves rarely and the player may have just paid: re-read when the tab opens.
const money = { refetchOnMount: true, staleTime: 10_000, refetchInterval: 60_000 } as const

export function useTransactions(enabled: boolean) {
  return useQuery<Transaction[] | null>({ queryKey: queryKeys.user.transactions, enabled, ...money })
}

export function usePayments(enabled: boolean) {
  return useQuery<UserPayment[] | null>({ queryKey: queryKeys.user.payments, enabled, ...money })
}

/**
 * POST /api/user/prizes/{id}/claim: the prize moves to a payout (paid at once with the sandbox); the answer
 * says what happened and where the money goes.
 */
export function useClaimPrize() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post<ClaimedPrize>(`/api/user/prizes/${id}/claim`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.prizes })
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.transactions })
    },
  })
}

