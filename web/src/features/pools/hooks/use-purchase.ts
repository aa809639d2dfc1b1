import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { ApiError, errorMessage } from '@/lib/api'
import { isFree, toCents } from '@/lib/money'
import type { Cell, Pool, User } from '@/lib/types'
import { useClaimSquares } from '../api/pools-api'
import { RELOGIN_DELAY_MS } from '../components/pool-page-states'

function isUnauthorized(err: unknown) {
  if (err instanceof ApiError && err.status === 401) return true
  return /Unauthorized/i.test(err instanceof Error ? err.message : typeof err === 'string' ? err : '')
}

/**
 * Buying the selected squares of a pool: a free pool's are claimed here, one call each; a paid pool's go to
 * checkout with the squares, their prices and the amount. Every refusal is a toast (spec: error catalogue).
 */
export function usePurchase({
  poolId,
  pool,
  user,
  isAdmin,
  blocked,
  selected,
  onClaimed,
}: {
  poolId: number
  pool: Pool | null
  user: User | null
  isAdmin: boolean
  /** The player may not buy here (age not verified, or paid pools not allowed where they live). */
  blocked: boolean
  selected: Cell[]
  /** After a claim that took squares: clear the selection and announce it. */
  onClaimed: (count: number) => void
}) {
  const navigate = useNavigate()
  const claim = useClaimSquares(poolId)

  const onError = (err: unknown) => {
    if (isUnauthorized(err)) {
      toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' })
      window.setTimeout(() => window.location.assign('/api/login'), RELOGIN_DELAY_MS)
      return
    }
    toast.error('Error', { description: errorMessage(err, 'Failed to purchase squares') })
  }

  const purchase = () => {
    if (!pool) return
    if (!user) {
      toast.error('Authentication Required', {
        description: 'Please sign in to purchase squares.',
        action: { label: 'Sign In', onClick: () => void navigate('/login') },
      })
      return
    }
    if (isAdmin) return
    if (selected.length === 0) {
      toast.error('No Squares Selected', { description: 'Please select at least one square to purchase.' })
      return
    }
    if (blocked) return
    // A free pool's squares, and a host-collected pool's (paid to the host, outside Squares), are claimed here.
    if (isFree(pool.entryFee) || pool.collection === 'host') {
      claim.mutate(selected, {
        onSuccess: ({ claimed, error }) => {
          const n = claimed.length
          onClaimed(n)
          if (error) {
            if (isUnauthorized(error)) return onError(error)
            toast.error('Error', {
              description: `You claimed ${n} ${n === 1 ? 'square' : 'squares'}, then: ${errorMessage(error, 'Failed to purchase squares')}`,
            })
            return
          }
          toast.success('Squares claimed', { description: `You've successfully claimed ${n} ${n === 1 ? 'square' : 'squares'}.` })
        },
        onError,
      })
      return
    }
    const amount = ((toCents(pool.entryFee) * selected.length) / 100).toFixed(2)
    const list = selected.map((c) => ({ row: c.row, column: c.column, price: pool.entryFee }))
    const params = new URLSearchParams({ poolId: String(pool.id), squares: JSON.stringify(list), amount })
    void navigate(`/checkout?${params.toString()}`)
  }

  return { purchase, pending: claim.isPending }
}
