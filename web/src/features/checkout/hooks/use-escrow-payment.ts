import { useEffect, useEffectEvent, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { checkoutKey, createEscrowPaymentOnce, type CheckoutRequest, type EscrowPayment } from '../api/checkout-api'
import { queryKeys } from '@/lib/query-keys'

export type EscrowState = { status: 'loading' } | { status: 'ready'; payment: EscrowPayment } | { status: 'error'; error: unknown }

/**
 * Creates the checkout's escrow payment once (the squares are then held for the buyer) and reports it.
 * `request` null: nothing to create.
 */
export function useEscrowPayment(request: CheckoutRequest | null): EscrowState {
  const queryClient = useQueryClient()
  const [state, setState] = useState<EscrowState>({ status: 'loading' })
  const key = request ? checkoutKey(request) : ''
  // The request is identified by its key; a new object with the same content is the same checkout.
  const currentRequest = useEffectEvent(() => request)

  useEffect(() => {
    const request = currentRequest()
    if (!request) return
    let active = true
    createEscrowPaymentOnce(request).then(
      (payment) => {
        if (!active) return
        setState({ status: 'ready', payment })
        // The squares are now held: the pool's board shows them reserved.
        void queryClient.invalidateQueries({ queryKey: queryKeys.pools.squares(request.poolId), exact: true })
        void queryClient.invalidateQueries({ queryKey: queryKeys.user.payments })
      },
      (error: unknown) => {
        if (active) setState({ status: 'error', error })
      },
    )
    return () => {
      active = false
    }
  }, [key, queryClient])

  return state
}
