import { Navigate, useSearchParams } from 'react-router'
import { ComingSoon } from '@/components/layout/coming-soon'

export function CheckoutPage() {
  const [params] = useSearchParams()
  const poolId = params.get('poolId')
  if (!poolId || !params.get('squares') || !params.get('amount')) return <Navigate to="/dashboard" replace />
  return (
    <ComingSoon
      title="Checkout"
      description="Secure card payment for your squares is coming in the next release. No payment has been taken."
      backTo={/^\d+$/.test(poolId) ? `/pool/${poolId}` : '/dashboard'}
      backLabel="Back to Pool"
    />
  )
}

export function CreatePrivatePoolPage() {
  return (
    <ComingSoon
      title="Create Private Pool"
      description="Run your own pool for friends or your office, with an invite code and e-mail invitations. Coming in an upcoming release."
    />
  )
}
