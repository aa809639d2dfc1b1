import { Lock } from 'lucide-react'
import { SupportEmailLink } from '@/components/layout/support-link'
import { useServerConfig } from '@/lib/config'
import type { User } from '@/lib/types'
import { US_STATES } from '@/lib/us-states'

const dobFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' })

/** "April 1, 1990" for "1990-04-01"; the text as given when it is not a date. */
export function formatDateOfBirth(dob: string | null | undefined): string {
  if (!dob) return 'Not given'
  const d = new Date(`${dob.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(d.getTime()) ? dob : dobFormat.format(d)
}

function stateName(code: string | null | undefined): string {
  if (!code) return 'Not given'
  return US_STATES.find((s) => s.code === code)?.name ?? code
}

/**
 * A verified player's date of birth and state, read-only: once verified they change only through an admin,
 * so the player is told where to write (the support address, when the operator set one).
 */
export function VerifiedDetails({ user }: { user: User }) {
  const { supportEmail } = useServerConfig()
  return (
    <div className="grid gap-3" data-testid="verified-details">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">Date of birth</dt>
        <dd className="font-medium">{formatDateOfBirth(user.dateOfBirth)}</dd>
        <dt className="text-muted-foreground">State of residence</dt>
        <dd className="font-medium">{stateName(user.residenceState)}</dd>
        <dt className="text-muted-foreground">Country</dt>
        <dd className="font-medium">United States</dd>
      </dl>
      <p className="flex gap-2 text-sm text-muted-foreground">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          These details are locked once verified.{' '}
          {supportEmail ? (
            <>
              To change them, write to <SupportEmailLink />.
            </>
          ) : (
            'To change them, contact support.'
          )}
        </span>
      </p>
    </div>
  )
}
