import { Ban } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'

/** What the player agrees to: no withdrawals, refunds only when the pool is cancelled, a hold until then. */
export function NoRefundWarning() {
  return (
    <Alert variant="warning">
      <Ban aria-hidden="true" />
      <AlertTitle>No withdrawals</AlertTitle>
      <AlertDescription>
        <p>Squares cannot be sold back or withdrawn once bought.</p>
        <p>Refunds happen only if the pool is cancelled before the game.</p>
        <p>Your card is held, not charged, until the pool is complete.</p>
      </AlertDescription>
    </Alert>
  )
}
