import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { ApiError, errorMessage } from '@/lib/api'
import { useServerConfig } from '@/lib/config'
import { formatCents, toCents } from '@/lib/money'
import { checkoutKey, forgetCheckout, useCancelCheckout, usePoolForCheckout, usePurchaseSquares, type CheckoutRequest } from '../api/checkout-api'
import { useExpired } from './use-countdown'
import { useEscrowPayment } from './use-escrow-payment'

function isUnauthorized(err: unknown) {
  if (err instanceof ApiError && err.status === 401) return true
  return /Unauthorized/i.test(err instanceof Error ? err.message : typeof err === 'string' ? err : '')
}

/**
 * A checkout's state and acts: the pool, the escrow payment holding the squares and its countdown, paying
 * (completing the purchase) and cancelling. A failed start, a paid or cancelled checkout go back to the pool.
 */
export function useCheckout(request: CheckoutRequest) {
  const navigate = useNavigate()
  const { config, isLoading: configLoading } = useServerConfig()
  const poolQuery = usePoolForCheckout(request.poolId)
  const pool = poolQuery.data ?? null
  const escrow = useEscrowPayment(request)
  const purchase = usePurchaseSquares(request.poolId)
  const cancel = useCancelCheckout(request.poolId)
  const payment = escrow.status === 'ready' ? escrow.payment : null
  // Once, when the hold runs out (the timer on the page counts down by itself).
  const expired = useExpired(payment?.expiresAt)
  const poolPath = `/pool/${request.poolId}`
  const key = checkoutKey(request)

  // Creating the payment failed: say why and go back to the pool.
  useEffect(() => {
    if (escrow.status !== 'error') return
    toast.error('Error', { description: errorMessage(escrow.error, 'Failed to start the payment') })
    void navigate(poolPath, { replace: true })
  }, [escrow, navigate, poolPath])

  useEffect(() => {
    if (expired) forgetCheckout(key)
  }, [expired, key])

  const cents = payment ? toCents(payment.amount) : toCents(request.amount)
  const amountLabel = formatCents(cents)
  const price = pool ? toCents(pool.entryFee) : Math.round(cents / request.squares.length)

  const completePurchase = async () => {
    if (!payment) return
    try {
      await purchase.mutateAsync({ squares: request.squares, paymentIntentId: payment.paymentIntentId })
      forgetCheckout(key)
      toast.success('Payment Secured', {
        description: 'Your squares are reserved. The funds are held, not charged, until the game completes.',
      })
      void navigate(poolPath, { replace: true })
    } catch (err) {
      if (isUnauthorized(err)) {
        toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' })
        window.setTimeout(() => window.location.assign('/api/login'), 500)
        return
      }
      if (err instanceof ApiError && err.status === 422) {
        // The provider's answer (a decline): the squares stay held, so the player may try another card.
        toast.error('Payment Failed', { description: errorMessage(err, 'An error occurred during payment') })
        return
      }
      forgetCheckout(key)
      toast.error('Error', { description: errorMessage(err, 'Failed to complete square purchase') })
      if (err instanceof ApiError && err.status === 409) void navigate(poolPath, { replace: true })
    }
  }

  const cancelCheckout = async () => {
    if (!payment) return
    try {
      await cancel.mutateAsync(payment.paymentId)
      forgetCheckout(key)
      toast.success('Checkout cancelled', { description: 'Your squares were released. Nothing was charged.' })
      void navigate(poolPath, { replace: true })
    } catch (err) {
      toast.error('Error', { description: errorMessage(err, 'Failed to cancel the checkout') })
    }
  }

  return {
    config,
    poolQuery,
    pool,
    payment,
    /** Still creating the payment or reading the server's payment settings. */
    preparing: escrow.status !== 'ready' || configLoading,
    expired,
    poolPath,
    amountLabel,
    price,
    provider: config?.paymentsProvider ?? payment?.provider ?? 'sandbox',
    formDisabled: !payment || expired || purchase.isPending,
    completePurchase,
    cancelCheckout,
    cancelling: cancel.isPending,
    purchasing: purchase.isPending,
  }
}
