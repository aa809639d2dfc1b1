import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryTimes } from '@/lib/query-client'
import type { Cell, ClaimedPrize, Pool } from '@/lib/types'
import { queryKeys } from '@/lib/query-keys'

export function useMyPools(enabled: boolean) {
  return useQuery<Pool[] | null>({ queryKey: queryKeys.user.myPools, enabled, ...queryTimes.userPools })
}

export type TransactionKind = 'hold' | 'release' | 'capture' | 'refund' | 'prize' | 'claim' | 'payout' | 'forfeit' | (string & {})

/** One ledger line from the player's side; `amount` is signed ("-10.00" for a hold). */
export interface Transaction {
  id: number
  kind: TransactionKind
  description: string
  amount: string
  poolId: number | null
  poolName: string
  game: string
  paymentId: string | null
  memo: string
  createdAt: string
}

export type PaymentStatus = 'pending' | 'held' | 'captured' | 'released' | 'refunded' | 'failed' | (string & {})

/** A checkout: its card payment and the squares it bought. */
export interface UserPayment {
  id: string
  paymentIntentId: string
  poolId: number
  amount: string
  currency: string
  squares: Cell[]
  status: PaymentStatus
  message: string
  expiresAt: string | null
  createdAt: string
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

/** The player's e-mail choice (GET /api/user/email-preferences): optOut turns the optional messages off. */
