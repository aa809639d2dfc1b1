import { Link } from 'react-router'
import { AlertTriangle, ShieldCheck } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { useUser } from '@/lib/auth'

/** What a player must do before playing (verify their age), or may not (paid pools where they live). */
export function VerificationNotice() {
  const { user } = useUser()
  if (!user || user.role === 'admin') return null
  if (!user.isAgeVerified)
    return (
      <Alert variant="warning">
        <ShieldCheck aria-hidden="true" />
        <AlertTitle>Verify your age to start playing</AlertTitle>
        <AlertDescription>
          <p>Confirm you are 18+ and where you live. It takes a few seconds.</p>
          <Button asChild size="sm" className="mt-1">
            <Link to="/age-verification">Verify now</Link>
          </Button>
        </AlertDescription>
      </Alert>
    )
  if (!user.isEligibleToBet)
    return (
      <Alert variant="info">
        <AlertTriangle aria-hidden="true" />
        <AlertTitle>Free pools only in your state</AlertTitle>
        <AlertDescription>Paid pools are not available where you live, but every FREE pool is open to you.</AlertDescription>
      </Alert>
    )
  return null
}
