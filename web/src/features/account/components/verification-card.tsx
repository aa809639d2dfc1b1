import { Link } from 'react-router'
import { BadgeCheck, ShieldAlert, ShieldCheck } from 'lucide-react'
import { VerifiedDetails } from '@/components/account/verified-details'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import type { User } from '@/lib/types'

/** Age verification: the status, and once verified the locked details with where to write to change them. */
export function VerificationCard({ user }: { user: User }) {
  return (
    <Card id="verification" className="scroll-mt-24">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg leading-tight font-bold tracking-tight">
          <ShieldCheck className="size-5 text-muted-foreground" aria-hidden="true" /> Age verification
        </h2>
        <CardDescription>Free pools need a verified age; paid pools also a state where they are permitted.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {user.isAgeVerified ? (
          <>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant={user.isEligibleToBet ? 'available' : 'warning'}>
                <BadgeCheck aria-hidden="true" /> Verified
              </Badge>
              <span>
                {user.isEligibleToBet
                  ? 'You can join free and paid pools.'
                  : 'You can join free pools; paid pools are not available in your state.'}
              </span>
            </div>
            <VerifiedDetails user={user} />
          </>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="muted">
                <ShieldAlert aria-hidden="true" /> Not verified
              </Badge>
              <span>Verify your age and state to join pools.</span>
            </div>
            <div>
              <Button asChild>
                <Link to="/age-verification">Verify your age</Link>
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  )
}
