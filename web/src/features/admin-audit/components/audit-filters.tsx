import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { displayName } from '@/lib/user-name'
import { useAuditAdmins } from '../api/audit-api'
import type { useAuditFilter } from '../hooks/use-audit-filter'

const KNOWN_ACTIONS = ['user.update', 'pool.status', 'pool.feature', 'pool.unfeature', 'pool.refund', 'pool.cancel', 'pool.house_fill', 'game.create', 'game.score', 'league.create', 'league.active_week', 'payout.paid', 'pool.invitations.view', 'pool.invitation.resend', 'pool.invitation.revoke']

/** Filters by admin, action, pool and user. */
export function AuditFilters({ f }: { f: ReturnType<typeof useAuditFilter> }) {
  const users = useAuditAdmins()
  const admins = (users.data ?? []).filter((u) => u.role === 'admin' || u.id === f.filter.adminId)
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor="audit-admin">Admin</Label>
        <NativeSelect id="audit-admin" value={f.filter.adminId} onChange={(e) => f.set('adminId', e.target.value)}>
          <option value="">All admins</option>
          {admins.map((u) => (
            <option key={u.id} value={u.id}>
              {u.username || displayName(u)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-action">Action</Label>
        <Input
          id="audit-action"
          list="audit-actions"
          placeholder="e.g. user.update"
          defaultValue={f.filter.action}
          key={`action-${f.filter.action}`}
          onBlur={(e) => f.set('action', e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && f.set('action', e.currentTarget.value)}
        />
        <datalist id="audit-actions">
          {KNOWN_ACTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </div>
      <IdInput id="audit-pool" label="Pool ID" value={f.filter.poolId} onChange={(v) => f.set('poolId', v)} />
      <IdInput id="audit-user" label="User ID" value={f.filter.userId} onChange={(v) => f.set('userId', v)} />
      <Button variant="outline" onClick={f.clear} disabled={!f.active} className="sm:col-span-2 lg:col-span-1">
        <X aria-hidden="true" /> Clear Filters
      </Button>
    </div>
  )
}

/** A number filter, applied when the field is left or Enter is pressed. */
function IdInput({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  const apply = (v: string) => onChange(/^\d*$/.test(v.trim()) ? v : value)
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        pattern="[0-9]*"
        placeholder="Any"
        defaultValue={value}
        key={`${id}-${value}`}
        onBlur={(e) => apply(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && apply(e.currentTarget.value)}
      />
    </div>
  )
}
