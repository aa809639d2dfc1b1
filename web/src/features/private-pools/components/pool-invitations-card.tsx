import { toast } from '@/lib/toast'
import { Mail, RotateCw, Users, XCircle } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api'
import type { Pool } from '@/lib/types'
import { useChangeInvitation, usePoolInvitations, type Invitation } from '../api/private-pools-api'
import { CopyButton, joinLink } from './copy-button'

const STATUS: Record<string, { label: string; variant: 'default' | 'secondary' | 'outline' | 'destructive' }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  accepted: { label: 'Joined', variant: 'default' },
  revoked: { label: 'Revoked', variant: 'outline' },
}

function InvitationRow({ inv, poolId, open }: { inv: Invitation; poolId: number; open: boolean }) {
  const change = useChangeInvitation(poolId)
  const act = (action: 'resend' | 'revoke') =>
    change.mutate(
      { id: inv.id, action },
      {
        onSuccess: () => toast.success(action === 'resend' ? 'Invitation sent again' : 'Invitation revoked', { description: inv.email }),
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'Could not change the invitation.') }),
      },
    )
  const st = STATUS[inv.status] ?? { label: inv.status, variant: 'outline' as const }
  return (
    <li className="grid gap-2 border-b py-3 last:border-0">
      <div className="flex min-w-0 items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm font-medium">{inv.email}</span>
        <Badge variant={st.variant}>{st.label}</Badge>
      </div>
      {inv.status === 'pending' && open && (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => act('resend')} aria-label={`Resend invitation to ${inv.email}`}>
            <RotateCw aria-hidden="true" /> Resend
          </Button>
          <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => act('revoke')} aria-label={`Revoke invitation to ${inv.email}`}>
            <XCircle aria-hidden="true" /> Revoke
          </Button>
        </div>
      )}
    </li>
  )
}

/** The creator's view of a private pool on its page: the invite code and link, who joined, the invitations. */
export function PoolInvitationsCard({ pool }: { pool: Pool }) {
  const q = usePoolInvitations(pool.id)
  const open = !['cancelled', 'completed'].includes(pool.status)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5" aria-hidden="true" /> Private Pool
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {q.isLoading ? (
          <Skeleton className="h-32 w-full" />
        ) : !q.data ? (
          <p className="text-sm text-muted-foreground">Invitations could not be loaded.</p>
        ) : (
          <>
            <div className="grid gap-2">
              <div className="text-xs font-bold tracking-widest text-muted-foreground uppercase">Invite code</div>
              <div className="flex min-w-0 items-center gap-2">
                <code className="min-w-0 flex-1 truncate rounded-md bg-muted px-3 py-2 font-mono text-sm">{q.data.inviteCode}</code>
                <CopyButton text={q.data.inviteCode} label="Copy invite code" />
              </div>
              <div className="flex min-w-0 items-center gap-2">
                <code className="min-w-0 flex-1 truncate rounded-md bg-muted px-3 py-2 font-mono text-xs">{joinLink(q.data.inviteCode)}</code>
                <CopyButton text={joinLink(q.data.inviteCode)} label="Copy invite link" />
              </div>
            </div>
            <section aria-label="Members">
              <h3 className="mb-1 font-bold">Members ({q.data.members.length})</h3>
              <ul className="grid gap-1 text-sm">
                {q.data.members.map((m) => (
                  <li key={m.userId} className="flex min-w-0 justify-between gap-2">
                    <span className="truncate">
                      {m.firstName} {m.lastName}
                      {m.isCreator ? ' (you)' : ''}
                    </span>
                    <span className="shrink-0 text-muted-foreground">
                      {m.squares} {m.squares === 1 ? 'square' : 'squares'}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-label="Invitations">
              <h3 className="mb-1 flex items-center gap-2 font-bold">
                <Mail className="size-4" aria-hidden="true" /> Invitations ({q.data.invitations.length})
              </h3>
              {q.data.invitations.length === 0 ? (
                <p className="text-sm text-muted-foreground">No e-mail invitations: share the code or link.</p>
              ) : (
                <ul>
                  {q.data.invitations.map((inv) => (
                    <InvitationRow key={inv.id} inv={inv} poolId={pool.id} open={open} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  )
}
