import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { isFree } from '@/lib/money'
import { queryTimes } from '@/lib/query-client'
import { loggedCall, type RecordCall } from './logged-call'
import type { Pool } from '@/lib/types'
import { queryKeys } from '@/lib/query-keys'
import type {
  EscrowPayment as TestEscrowPayment,
  PoolRefunded as RefundEscrowAnswer,
  SandboxConfirm as SandboxConfirmAnswer,
  TestHoldsReleased as ReleaseEscrowAnswer,
  TestPaymentIntent,
} from '@/lib/api.gen'

// The payment and escrow test page (docs/api.md "Developer test calls", development mode only; and the
// sandbox card confirmation from "Paid squares"). Every call is written to the page's response log.

export type { CallRecord, RecordCall } from './logged-call'
export type { RefundEscrowAnswer, ReleaseEscrowAnswer, SandboxConfirmAnswer, TestEscrowPayment, TestPaymentIntent }

/** "pi_sbx_1_secret_abc" -> "pi_sbx_1_secret_••••••••••••" (the id part is no secret). */
export function maskSecret(secret: string): string {
  const cut = secret.indexOf('_secret_')
  const dots = '•'.repeat(12)
  return cut >= 0 ? `${secret.slice(0, cut + '_secret_'.length)}${dots}` : dots
}

/**
 * What the log keeps of a body: client secrets masked, card numbers cut to their last four digits and
 * CVCs hidden, so a copied log can be pasted anywhere.
 */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    if (k === 'clientSecret' && typeof v === 'string') out[k] = maskSecret(v)
    else if (k === 'cardNumber' && typeof v === 'string') out[k] = `•••• ${v.replace(/\D/g, '').slice(-4)}`
    else if (k === 'cvc' && typeof v === 'string') out[k] = '•••'
    else out[k] = redact(v)
  }
  return out
}

/** A POST whose outcome, good or bad, is recorded (with secrets redacted) before the mutation sees it. */
function loggedPost<T>(record: RecordCall, path: string, body: unknown): Promise<T> {
  return loggedCall<T>(record, 'POST', path, body, redact)
}

/** Card statuses that mean the card was authorised (funds held) or charged. */
export function isAuthorisedStatus(status: string | undefined): boolean {
  return status === 'requires_capture' || status === 'succeeded'
}

/** POST /api/test/create-payment-intent: a provider payment tied to no squares. */
export function useCreateTestPaymentIntent(record: RecordCall) {
  return useMutation({
    mutationFn: (body: { amount?: string }) => loggedPost<TestPaymentIntent>(record, '/api/test/create-payment-intent', body),
  })
}

/** POST /api/sandbox/payments/{id}/confirm: the sandbox processor's card form. */
export function useConfirmTestPayment(record: RecordCall) {
  return useMutation({
    mutationFn: ({ paymentIntentId, ...card }: { paymentIntentId: string; cardNumber: string; expiry: string; cvc: string }) =>
      loggedPost<SandboxConfirmAnswer>(record, `/api/sandbox/payments/${encodeURIComponent(paymentIntentId)}/confirm`, card),
  })
}

/** POST /api/test/create-escrow-payment: holds squares for 10 minutes, as checkout does. */
export function useCreateTestEscrowPayment(record: RecordCall) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { poolId?: unknown; squares?: unknown; amount?: string }) =>
      loggedPost<TestEscrowPayment>(record, '/api/test/create-escrow-payment', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.pools.all }),
  })
}

/** POST /api/test/admin/release-escrow: cancels a pool's uncaptured holds (admin). */
export function useReleaseEscrow(record: RecordCall) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { poolId?: unknown }) => loggedPost<ReleaseEscrowAnswer>(record, '/api/test/admin/release-escrow', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.pools.all }),
  })
}

/** POST /api/test/admin/refund-escrow: cancels the pool and returns every payment (admin). */
export function useRefundEscrow(record: RecordCall) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { poolId?: unknown }) => loggedPost<RefundEscrowAnswer>(record, '/api/test/admin/refund-escrow', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.pools.all }),
  })
}

const OPEN_PAID_POOLS_SHOWN = 5

/** Paid pools open for sale now, soonest kickoff first (a few, to pick a pool id from). */
export function openPaidPools(pools: Pool[] | null | undefined, now = Date.now()): Pool[] {
  return (pools ?? [])
    .filter(
      (p) =>
        !isFree(p.entryFee) &&
        p.status === 'active' &&
        (!p.salesOpenAt || Date.parse(p.salesOpenAt) <= now) &&
        (!p.salesCloseAt || Date.parse(p.salesCloseAt) > now),
    )
    .sort((a, b) => Date.parse(a.game?.gameDate ?? '') - Date.parse(b.game?.gameDate ?? '') || a.id - b.id)
    .slice(0, OPEN_PAID_POOLS_SHOWN)
}

/** GET /api/pools, narrowed to a few open paid pools. */
export function useOpenPaidPools() {
  return useQuery<Pool[] | null, Error, Pool[]>({
    queryKey: queryKeys.pools.all,
    ...queryTimes.poolList,
    select: selectOpenPaidPools,
  })
}

function selectOpenPaidPools(pools: Pool[] | null): Pool[] {
  return openPaidPools(pools)
}
