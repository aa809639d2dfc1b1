import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { queryTimes } from '@/lib/query-client'
import type { Cell, Pool } from '@/lib/types'
import { queryKeys } from '@/lib/query-keys'
import type { EscrowPayment, Purchase as PurchaseAnswer, SandboxConfirm as SandboxConfirmAnswer, UserPayment } from '@/lib/api.gen'

export type { EscrowPayment, PurchaseAnswer, SandboxConfirmAnswer }

// Paid squares (docs/api.md "Paid squares"): create the escrow payment (the squares are held for 10 minutes),
// confirm the card with the provider, then ask the server to give the squares.

export interface CheckoutSquare extends Cell {
  price: string
}

export interface CheckoutRequest {
  poolId: number
  squares: CheckoutSquare[]
  amount: string
}

/** Card statuses that mean paid: funds held (manual capture) or taken. */
export function isPaidStatus(status: string | undefined): boolean {
  return status === 'requires_capture' || status === 'succeeded'
}

export function usePoolForCheckout(id: number) {
  return useQuery<Pool | null>({ queryKey: queryKeys.pools.detail(id), enabled: id > 0, ...queryTimes.pool })
}

// ---- Creating the payment exactly once -------------------------------------------------------------------
// A second create would hold the squares twice (and fail, since they are already held). React's strict mode
// runs effects twice, and a reload remounts the page: the in-flight promise is shared, and a created payment
// is kept in session storage until its hold expires, so both reuse the first answer.

// The server also resumes: asking again for squares this player already holds in an open checkout (another tab,
// cleared storage) answers that same checkout.
const STORAGE_PREFIX = 'squares.checkout.'
const inflight = new Map<string, Promise<EscrowPayment>>()

export function checkoutKey(req: CheckoutRequest): string {
  const cells = req.squares.map((s) => `${s.row}-${s.column}`).join(',')
  return `${req.poolId}:${cells}:${req.amount}`
}

function readStored(key: string): EscrowPayment | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_PREFIX + key)
    if (!raw) return null
    const p = JSON.parse(raw) as EscrowPayment
    // Keep a few seconds of margin: a hold about to end is not worth paying into.
    if (!p.expiresAt || Date.parse(p.expiresAt) - Date.now() < 5_000) {
      sessionStorage.removeItem(STORAGE_PREFIX + key)
      return null
    }
    return p
  } catch {
    return null
  }
}

export function forgetCheckout(key: string) {
  inflight.delete(key)
  try {
    sessionStorage.removeItem(STORAGE_PREFIX + key)
  } catch {
    // storage unavailable: nothing kept
  }
}

/** Forgets every in-flight creation (tests start each case clean). */
export function resetCheckoutMemory() {
  inflight.clear()
}

/** POST /api/create-escrow-payment once per checkout (see above). */
export function createEscrowPaymentOnce(req: CheckoutRequest): Promise<EscrowPayment> {
  const key = checkoutKey(req)
  const stored = readStored(key)
  if (stored) return Promise.resolve(stored)
  const pending = inflight.get(key)
  if (pending) return pending
  const p = api
    .post<EscrowPayment>('/api/create-escrow-payment', { amount: req.amount, poolId: req.poolId, squares: req.squares })
    .then((payment) => {
      try {
        sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(payment))
      } catch {
        // storage unavailable: the in-flight map still covers strict mode
      }
      return payment
    })
    .finally(() => {
      // Keep the settled promise briefly for a strict-mode remount, then let a retry start afresh.
      setTimeout(() => {
        if (inflight.get(key) === p) inflight.delete(key)
      }, 1_000)
    })
  inflight.set(key, p)
  return p
}

/** Sandbox card form: POST /api/sandbox/payments/{id}/confirm. */
export function useConfirmSandboxPayment() {
  return useMutation({
    mutationFn: ({ paymentIntentId, cardNumber, expiry, cvc }: { paymentIntentId: string; cardNumber: string; expiry: string; cvc: string }) =>
      api.post<SandboxConfirmAnswer>(`/api/sandbox/payments/${encodeURIComponent(paymentIntentId)}/confirm`, { cardNumber, expiry, cvc }),
  })
}

/** POST /api/purchase-squares: the server checks the payment with the provider and gives the squares. */
export function usePurchaseSquares(poolId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ squares, paymentIntentId }: { squares: CheckoutSquare[]; paymentIntentId: string }) =>
      api.post<PurchaseAnswer>('/api/purchase-squares', {
        poolId,
        squares: squares.map((s) => ({ row: s.row, column: s.column, price: String(s.price) })),
        paymentIntentId,
      }),
    onSuccess: (answer) => {
      if (answer?.pool) queryClient.setQueryData<Pool | null>(queryKeys.pools.detail(poolId), answer.pool)
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pools.all })
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.pools })
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.myPools })
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.transactions })
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.payments })
    },
  })
}

/** POST /api/user/payments/{id}/cancel: the buyer ends their unpaid checkout and the squares are freed at once. */
export function useCancelCheckout(poolId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (paymentId: string) => api.post<UserPayment>(`/api/user/payments/${encodeURIComponent(paymentId)}/cancel`, {}),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pools.squares(poolId) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.pools.detail(poolId) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.payments })
    },
  })
}
