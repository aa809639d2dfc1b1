import type { ReactNode } from 'react'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { errorMessage } from '@/lib/api'
import { cn } from '@/lib/utils'
import { displayName } from '@/lib/user-name'
import { useUpdateUser, type AdminUser, type UserUpdate } from '../api/user-api'
import { DisableUserDialog, UserDetailsDialog } from './user-dialogs'

const complianceVariant: Record<string, 'completed' | 'warning' | 'destructive'> = {
  verified: 'completed',
  pending: 'warning',
  restricted: 'destructive',
}

/** A cell of the user table; on phones the row is a card and each cell shows its label. */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={cn('flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5 md:table-cell md:px-3 md:py-3 md:align-middle', className)}>
      <span className="text-sm text-muted-foreground md:hidden">{label}</span>
      {children}
    </td>
  )
}

function Toggle({ on, onText, offText, label, disabled, onClick }: { on: boolean; onText: string; offText: string; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant={on ? 'default' : 'outline'}
      className={cn('min-w-20', on && 'bg-emerald-700 hover:bg-emerald-800')}
      aria-pressed={on}
      aria-label={`${on ? onText : offText} ${label}`}
      disabled={disabled}
      onClick={onClick}
    >
      {on ? onText : offText}
    </Button>
  )
}

/** One user: role selector, Verified and Eligible toggles, compliance badge, details and disabling. */
export function UserRow({ user: u }: { user: AdminUser }) {
  const update = useUpdateUser()
  const name = displayName(u)
  const change = (changes: UserUpdate) =>
    update.mutate(
      { id: u.id, update: changes },
      {
        onSuccess: () => toast.success('User Updated', { description: 'User information has been updated successfully.' }),
        onError: (err) => toast.error('Update Failed', { description: errorMessage(err, 'Failed to update user') }),
      },
    )
  const busy = update.isPending
  const compliance = u.complianceStatus || 'unknown'
  return (
    <tr data-testid="user-row" className="mb-3 block rounded-lg border bg-card p-3 shadow-xs md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0 md:shadow-none">
      <td className="block pb-2 md:table-cell md:px-3 md:py-3 md:align-middle">
        <div className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{name}</span>
          {u.isDisabled && <Badge variant="destructive">Disabled</Badge>}
        </div>
        <div className="text-xs text-muted-foreground">ID {u.id}</div>
      </td>
      <Cell label="Email">
        <span className="min-w-0 text-sm [overflow-wrap:anywhere]" title={u.email || undefined}>
          {u.email || u.username || '—'}
        </span>
      </Cell>
      <Cell label="Role">
        <NativeSelect
          aria-label={`Role of ${name}`}
          className="h-9 w-28"
          value={u.role}
          disabled={busy}
          onChange={(e) => change({ role: e.target.value as 'user' | 'admin' })}
        >
          <option value="user">User</option>
          <option value="admin">Admin</option>
        </NativeSelect>
      </Cell>
      <Cell label="Age Verified">
        <Toggle on={u.isAgeVerified} onText="Verified" offText="Verify" label={`age of ${name}`} disabled={busy} onClick={() => change({ isAgeVerified: !u.isAgeVerified })} />
      </Cell>
      <Cell label="Eligible">
        <Toggle on={u.isEligibleToBet} onText="Eligible" offText="Enable" label={`paid play for ${name}`} disabled={busy} onClick={() => change({ isEligibleToBet: !u.isEligibleToBet })} />
      </Cell>
      <Cell label="Compliance">
        <Badge variant={complianceVariant[compliance] ?? 'muted'}>{compliance}</Badge>
      </Cell>
      <Cell label="Actions">
        <div className="flex gap-1">
          <UserDetailsDialog user={u} />
          {u.isDisabled ? (
            <Button variant="ghost" size="sm" disabled={busy} aria-label={`Reactivate ${name}`} onClick={() => change({ isDisabled: false })}>
              Reactivate
            </Button>
          ) : (
            <DisableUserDialog user={u} disabled={busy} onConfirm={() => change({ isDisabled: true })} />
          )}
        </div>
      </Cell>
    </tr>
  )
}
