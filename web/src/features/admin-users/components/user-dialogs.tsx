import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { formatDateET, formatDateTimeET } from '@/lib/dates'
import { displayName } from '@/lib/user-name'
import type { AdminUser } from '../api/user-api'

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  )
}

/** The read-only Edit dialog: e-mail, registration date and last update (changes are made in the row). */
export function UserDetailsDialog({ user: u }: { user: AdminUser }) {
  const name = displayName(u)
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Edit ${name}`}>
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription>User ID {u.id}. Role, verification and eligibility are changed in the user list.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3">
          <Detail label="Email">{u.email || u.username || '—'}</Detail>
          <Detail label="Registration date">{formatDateET(u.createdAt)}</Detail>
          <Detail label="Last updated">{formatDateTimeET(u.updatedAt)}</Detail>
          <Detail label="Date of birth">{u.dateOfBirth || '—'}</Detail>
          <Detail label="State">{u.residenceState || '—'}</Detail>
          <Detail label="Account">{u.isDisabled ? 'Disabled' : 'Active'}</Detail>
        </dl>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={`/admin/audit?userId=${u.id}`}>View audit log</Link>
          </Button>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Disabling asks first: the user is signed out at once and cannot sign in until enabled again. */
export function DisableUserDialog({ user: u, disabled, onConfirm }: { user: AdminUser; disabled: boolean; onConfirm: () => void }) {
  const name = displayName(u)
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive" disabled={disabled} aria-label={`Disable ${name}`}>
          Disable
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Disable {name}?</DialogTitle>
          <DialogDescription>They are signed out at once and cannot sign in until an admin enables the account again.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button variant="destructive" onClick={onConfirm}>
              Disable account
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
